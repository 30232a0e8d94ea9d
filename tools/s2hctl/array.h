/* SPDX-License-Identifier: GPL-2.0 */
#ifndef S2HCTL_ARRAY_H
#define S2HCTL_ARRAY_H

/* The kernel's ARRAY_SIZE(), for the tables of the tool and its tests. */
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#endif /* S2HCTL_ARRAY_H */
