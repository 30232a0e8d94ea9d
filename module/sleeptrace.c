// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a suspend reached its sleep state, told by the kernel's
 * suspend_resume tracepoint rather than by timekeeping: "machine_suspend"
 * starts right before the platform sleeps (standby, S3) and in each pass of
 * suspend to idle's loop, and never in a pm_test run, which stops short of
 * it. Timekeeping injects the time asleep only when it was suspended, and
 * suspend to idle keeps it running unless the cpuidle driver freezes the
 * tick (no cpuidle driver in a QEMU guest, none that does on some laptops).
 *
 * A hibernation traces the same event, with PM_EVENT_HIBERNATE, right
 * before the snapshot is taken (create_image()): its count is part of the
 * image, and one that did not move says the hibernation was undone before
 * any image was made (a wakeup event in its syscore phase).
 */
#include <linux/atomic.h>
#include <linux/pm.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <trace/events/power.h>

#include "sleeptrace.h"

/* Times a suspend reached its sleep state since the module was loaded. */
static atomic_t s2h_sleeps_reached = ATOMIC_INIT(0);
/* Times a hibernation got to its snapshot, likewise. */
static atomic_t s2h_snapshots_taken = ATOMIC_INIT(0);
static bool s2h_sleeptrace_on;

/* Any context: with interrupts off in a platform suspend, a CPU's idle in s2idle. */
static void s2h_suspend_resume_probe(void *data, const char *action, int val, bool start)
{
	if (!start || strcmp(action, "machine_suspend"))
		return;
	if (val == PM_EVENT_HIBERNATE)
		atomic_inc(&s2h_snapshots_taken);
	else
		atomic_inc(&s2h_sleeps_reached);
}

/*
 * A kernel without tracepoints refuses the probe: s2h then has timekeeping's
 * word only, as before.
 */
void s2h_sleeptrace_init(void)
{
	int err = register_trace_suspend_resume(s2h_suspend_resume_probe, NULL);

	s2h_sleeptrace_on = !err;
	if (err)
		pr_info("no suspend_resume tracepoint (%d): a suspend whose timekeeping ran on counts as aborted\n",
			err);
}

void s2h_sleeptrace_exit(void)
{
	if (!s2h_sleeptrace_on)
		return;
	unregister_trace_suspend_resume(s2h_suspend_resume_probe, NULL);
	/* No probe may run once the module's text is gone. */
	tracepoint_synchronize_unregister();
}

/**
 * s2h_machine_suspends() - how many times a suspend reached its sleep state
 * @count: the count so far
 *
 * Return: false when there is no tracepoint to count them.
 */
bool s2h_machine_suspends(unsigned int *count)
{
	*count = atomic_read(&s2h_sleeps_reached);
	return s2h_sleeptrace_on;
}

/**
 * s2h_snapshots() - how many times a hibernation got to its snapshot
 * @count: the count so far
 *
 * Return: false when there is no tracepoint to count them.
 */
bool s2h_snapshots(unsigned int *count)
{
	*count = atomic_read(&s2h_snapshots_taken);
	return s2h_sleeptrace_on;
}
