/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What s2h adds to every suspend and resume, measured where it is spent:
 * its PM callbacks, and apart from them its checks, which run beside the
 * freezer, and the wake's work, which runs once the resume is over.
 */
#ifndef _S2H_OVERHEAD_H
#define _S2H_OVERHEAD_H

#include <linux/sched/clock.h>
#include <linux/types.h>

enum s2h_overhead_point {
	S2H_OVERHEAD_SUSPEND_PREPARE,	/* queueing the checks */
	S2H_OVERHEAD_DEVICE_PREPARE,	/* waiting for them and the arming */
	S2H_OVERHEAD_POST_SUSPEND,	/* the wake's times; the alarm's wake, whole */
	S2H_OVERHEAD_CHECKS,		/* the checks and the arming, in their worker */
	S2H_OVERHEAD_WAKE,		/* the wake's work, after the resume: off it */
	__S2H_OVERHEAD_MAX,
};

/*
 * The clock the kernel log stamps its lines with, which the benchmark
 * divides by ("PM: suspend entry" to "PM: suspend exit"): a read of the
 * clocksource may cost more than what is timed (microseconds for an
 * emulated HPET), local_clock() reads the CPU's counter.
 */
static inline u64 s2h_overhead_start(void)
{
	return local_clock();
}

void s2h_overhead_add(enum s2h_overhead_point point, u64 start);
void s2h_debugfs_init(void);
void s2h_debugfs_exit(void);

#endif /* _S2H_OVERHEAD_H */
