/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The systemd sleep hooks a hibernation started in the kernel bypasses.
 * No netlink here.
 */
#ifndef S2HCTL_HOOKS_H
#define S2HCTL_HOOKS_H

#include <stddef.h>

#define HOOKS_LEN	512
/* The admin guide's section on them. */
#define HOOKS_SECTION	"systemd's sleep hooks"

int hooks_find(const char *root, char buf[HOOKS_LEN]);

#endif /* S2HCTL_HOOKS_H */
