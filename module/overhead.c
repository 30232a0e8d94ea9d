// SPDX-License-Identifier: GPL-2.0
/*
 * The time s2h's PM callbacks take, for /sys/kernel/debug/s2h/: s2h runs
 * in every suspend and resume of the system, so what it costs there is the
 * one figure every user pays, whether s2h hibernates or not. The callbacks
 * are where s2h runs during a transition: the alarm has no callback of its
 * own, arming it happens in them. The checks are counted apart: they
 * run in a worker beside the freezer, and what the suspend waits for them
 * is device_prepare's; so is the wake's work, which disarms it and
 * decides once the system runs again.
 */
#include <linux/debugfs.h>
#include <linux/minmax.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>

#include "overhead.h"

struct s2h_overhead_stat {
	u64 count;
	u64 last_ns;
	u64 max_ns;
	u64 total_ns;
};

static const char * const s2h_overhead_name[__S2H_OVERHEAD_MAX] = {
	[S2H_OVERHEAD_SUSPEND_PREPARE] = "suspend_prepare",
	[S2H_OVERHEAD_DEVICE_PREPARE] = "device_prepare",
	[S2H_OVERHEAD_POST_SUSPEND] = "post_suspend",
	[S2H_OVERHEAD_CHECKS] = "checks",
	[S2H_OVERHEAD_WAKE] = "wake",
};

/* The callbacks and workers write, a debugfs reader copies: all four of a line agree. */
static DEFINE_SPINLOCK(s2h_overhead_lock);
static struct s2h_overhead_stat s2h_overhead[__S2H_OVERHEAD_MAX];
static struct dentry *s2h_debugfs_dir;

/**
 * s2h_overhead_add() - account one callback
 * @point: which one
 * @start: s2h_overhead_start() when it began
 *
 * A callback that slept may end on another CPU, whose clock local_clock()
 * keeps close to this one's but not in step: a negative time counts as 0.
 */
void s2h_overhead_add(enum s2h_overhead_point point, u64 start)
{
	s64 delta = local_clock() - start;
	u64 ns = max_t(s64, delta, 0);
	struct s2h_overhead_stat *s = &s2h_overhead[point];

	spin_lock(&s2h_overhead_lock);
	s->count++;
	s->last_ns = ns;
	s->max_ns = max(s->max_ns, ns);
	s->total_ns += ns;
	spin_unlock(&s2h_overhead_lock);
}

static int s2h_overhead_show(struct seq_file *m, void *unused)
{
	struct s2h_overhead_stat copy[__S2H_OVERHEAD_MAX];
	int i;

	spin_lock(&s2h_overhead_lock);
	memcpy(copy, s2h_overhead, sizeof(copy));
	spin_unlock(&s2h_overhead_lock);

	seq_puts(m, "# callback count last_ns max_ns total_ns\n");
	for (i = 0; i < __S2H_OVERHEAD_MAX; i++)
		seq_printf(m, "%s %llu %llu %llu %llu\n", s2h_overhead_name[i],
			   copy[i].count, copy[i].last_ns, copy[i].max_ns, copy[i].total_ns);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(s2h_overhead);

/* Debugfs is optional: its failures are not errors (see debugfs_create_dir()). */
void s2h_debugfs_init(void)
{
	s2h_debugfs_dir = debugfs_create_dir("s2h", NULL);
	debugfs_create_file("overhead_ns", 0444, s2h_debugfs_dir, NULL, &s2h_overhead_fops);
}

void s2h_debugfs_exit(void)
{
	debugfs_remove_recursive(s2h_debugfs_dir);
}
