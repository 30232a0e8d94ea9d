/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The other suspend-then-hibernates configured beside s2h, each arming its
 * own alarm: logind's, systemd-sleep's and KDE Plasma's. No netlink here.
 */
#ifndef S2HCTL_OTHERS_H
#define S2HCTL_OTHERS_H

/* The admin guide's section on them. */
#define OTHERS_SECTION	"Other suspend-then-hibernates"

struct other_sth {
	char file[512];			/* without the root */
	unsigned int line;
	char key[64];
	char value[64];
	const char *what;		/* whose suspend-then-hibernate */
	char fix[400];			/* how to turn it off */
};

typedef void (*other_fn)(const struct other_sth *o, void *arg);

int others_find(const char *root, other_fn fn, void *arg);

#endif /* S2HCTL_OTHERS_H */
