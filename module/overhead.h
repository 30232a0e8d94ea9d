/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What s2h adds to every suspend and resume, measured where it is spent:
 * its PM callbacks, and apart from them its checks, which run beside the
 * freezer.
 */
#ifndef _S2H_OVERHEAD_H
#define _S2H_OVERHEAD_H

#include <linux/ktime.h>

enum s2h_overhead_point {
	S2H_OVERHEAD_SUSPEND_PREPARE,	/* queueing the checks */
	S2H_OVERHEAD_DEVICE_PREPARE,	/* waiting for them, arming the alarm */
	S2H_OVERHEAD_POST_SUSPEND,	/* disarming it, the wake's decision */
	S2H_OVERHEAD_CHECKS,		/* the checks, in their worker: off the path */
	__S2H_OVERHEAD_MAX,
};

void s2h_overhead_add(enum s2h_overhead_point point, ktime_t start);
void s2h_debugfs_init(void);
void s2h_debugfs_exit(void);

#endif /* _S2H_OVERHEAD_H */
