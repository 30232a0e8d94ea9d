/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The words s2hctl prints for the values of <linux/s2h.h>: those of sysfs
 * and of Documentation/netlink/specs/s2h.yaml (scripts/spec-check.py
 * compares them).
 */
#ifndef S2HCTL_NAMES_H
#define S2HCTL_NAMES_H

#include <linux/s2h.h>

const char *state_name(unsigned int state);
const char *wake_name(unsigned int wake);
const char *event_name(unsigned int event);
const char *attr_name(unsigned int attr);
const char *check_name(unsigned int check);
const char *verify_name(unsigned int verify);
const char *decision_name(unsigned int decision);
const char *wake_test_name(unsigned int result);
const char *wake_test_reason_name(unsigned int reason);
const char *mem_sleep_name(unsigned int mode);

struct check_text {
	const char *question;	/* what "ok" answers */
	const char *reason;	/* what "FAIL" means */
	const char *fix;	/* what to do about it, on Debian */
	const char *section;	/* the admin guide's section on it */
};

extern const struct check_text check_texts[__S2H_CHECK_MAX];

/* Pre-flight's advice (enum s2h_advice): a WARN line of s2hctl check. */
struct advice_text {
	const char *warning;	/* what the driver does as s2h is set */
	const char *fix;	/* what to set */
};

extern const struct advice_text advice_texts[__S2H_ADVICE_MAX];
const char *advice_name(unsigned int advice);

/* The admin guide's section on the drivers the advice is about. */
#define ADVICE_SECTION	"Hibernating from suspend hangs my machine"

/* Where the admin guide is installed, for "see:" lines. */
#ifndef S2HCTL_DOCDIR
#define S2HCTL_DOCDIR	"/usr/share/doc/s2hctl"
#endif
#define ADMIN_GUIDE	S2HCTL_DOCDIR "/admin-guide.rst"

const char *errno_name(int err);
const char *hibernate_error_hint(int err);

/* The counters of S2H_A_STATS, in the order of sysfs' stats/. */
extern const char * const stat_names[S2H_STATS_A_MAX + 1];

#endif /* S2HCTL_NAMES_H */
