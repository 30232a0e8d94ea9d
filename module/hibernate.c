// SPDX-License-Identifier: GPL-2.0
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/suspend.h>

#include "hibernate.h"

#define S2H_POWER_STATE	"/sys/power/state"

/**
 * s2h_hibernate() - hibernate the system, as "echo disk > /sys/power/state"
 *
 * hibernate() is not exported to modules, so s2h asks for hibernation the
 * way userspace does: the write ends up in hibernate() with every check and
 * lock it takes for userspace (lockdown, nohibernate, swap, the system
 * transition lock). Must be called from process context that holds no lock
 * a PM notifier takes, and not from a freezable task: a work item on an
 * unbound, non-freezable workqueue.
 *
 * Return: 0 once the system is back from the image (this kernel never sees
 * the return when the image is written and the machine powered off), or
 * the negative errno hibernate() failed with.
 */
int s2h_hibernate(void)
{
	static const char disk[] = "disk";
	struct file *state;
	loff_t pos = 0;
	ssize_t ret;

	state = filp_open(S2H_POWER_STATE, O_WRONLY, 0);
	if (IS_ERR(state))
		return PTR_ERR(state);
	ret = kernel_write(state, disk, sizeof(disk) - 1, &pos);
	filp_close(state, NULL);
	return ret < 0 ? ret : 0;
}

/**
 * s2h_last_sleep_state() - the state the suspend that just ended entered
 *
 * pm_suspend_target_state is gone by the time PM_POST_SUSPEND is sent, but
 * the platform flags of that suspend stay until the next one: suspend to
 * idle runs without the platform. "standby" cannot be told apart from
 * "mem" this way and is taken for "mem".
 */
suspend_state_t s2h_last_sleep_state(void)
{
	return pm_suspend_no_platform() ? PM_SUSPEND_TO_IDLE : PM_SUSPEND_MEM;
}

/**
 * s2h_sleep_again() - put the system back into the state it woke from
 * @state: from s2h_last_sleep_state()
 *
 * Return: as pm_suspend(), once the system is awake again.
 */
int s2h_sleep_again(suspend_state_t state)
{
	return pm_suspend(state);
}
