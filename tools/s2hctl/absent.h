/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module is not there: say why, as far as the system tells, and what
 * to do. No netlink here.
 */
#ifndef S2HCTL_ABSENT_H
#define S2HCTL_ABSENT_H

#include <stdbool.h>
#include <stddef.h>

/* The facts behind a missing "s2h" family, for the running kernel. */
struct absent_facts {
	const char *kernel;	/* uname -r */
	bool loaded;		/* /sys/module/s2h exists: loaded, yet no family */
	bool built;		/* modules.dep lists s2h.ko: modprobe would find it */
	bool headers;		/* /lib/modules/KERNEL/build: DKMS can build it */
	bool dkms_source;	/* /usr/src/s2h-*: s2h-dkms or make dkms-install */
	const char *family;	/* not NULL: $S2H_FAMILY, another family than s2h's */
};

#define ABSENT_HINT_LEN	512

const char *family_name(void);
const char *absent_hint(const struct absent_facts *f, char buf[ABSENT_HINT_LEN]);
void print_absent(void);

#endif /* S2HCTL_ABSENT_H */
