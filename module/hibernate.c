// SPDX-License-Identifier: GPL-2.0
#include <linux/delay.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include <linux/suspend.h>

#include "compat.h"
#include "decide.h"
#include "hibernate.h"
#include "sysiface.h"
#include "wakeup.h"

/*
 * /sys/power/disk lists every mode with the current one in brackets:
 * "[platform] shutdown reboot suspend test_resume".
 */
static int s2h_disk_mode(char *mode, size_t size)
{
	char buf[128];
	char *start, *end;
	ssize_t len;

	len = s2h_power_file_read("disk", buf, sizeof(buf));
	if (len < 0)
		return len;
	start = strchr(buf, '[');
	end = start ? strchr(start, ']') : NULL;
	if (!end || end - start - 1 >= size)
		return -EINVAL;
	*end = '\0';
	strscpy(mode, start + 1, size);
	return 0;
}

/**
 * s2h_hibernate() - hibernate the system, as "echo disk > /sys/power/state"
 * @disk_mode: what /sys/power/disk is to be for this hibernation only, or
 *	NULL for the system's own choice (platform or shutdown)
 *
 * hibernate() is not exported to modules, so s2h asks for hibernation the
 * way userspace does: the write ends up in hibernate() with every check and
 * lock it takes for userspace (lockdown, nohibernate, swap, the system
 * transition lock). Must be called from process context that holds no lock
 * a PM notifier takes, and not from a freezable task: a work item on an
 * unbound, non-freezable workqueue. The previous disk mode is put back
 * once the system runs again, whether from the image or, in "suspend" and
 * "test_resume" mode, from memory.
 *
 * Return: 0 once the system is back from the image (this kernel never sees
 * the return when the image is written and the machine powered off), or
 * the negative errno hibernate() failed with.
 */
int s2h_hibernate(const char *disk_mode)
{
	char old_mode[32];
	int err, restore_err;

	if (!disk_mode)
		return s2h_power_file_write("state", "disk");

	err = s2h_disk_mode(old_mode, sizeof(old_mode));
	if (err)
		return err;
	err = s2h_power_file_write("disk", disk_mode);
	if (err)
		return err;
	err = s2h_power_file_write("state", "disk");
	restore_err = s2h_power_file_write("disk", old_mode);
	if (restore_err)
		pr_warn("could not set /sys/power/disk back to %s (%pe)\n", old_mode,
			ERR_PTR(restore_err));
	return err;
}

/*
 * The platform state ("mem" or "standby") the last suspend entered, taken
 * by a syscore callback: those run, with one CPU and interrupts off, in
 * every platform suspend and never in suspend to idle, and
 * pm_suspend_target_state is gone by the time PM_POST_SUSPEND is sent.
 * PM_SUSPEND_ON until a suspend gets that far.
 */
static suspend_state_t s2h_platform_state;

static int s2h_syscore_suspend(S2H_SYSCORE_ARGS)
{
	WRITE_ONCE(s2h_platform_state, pm_suspend_target_state);
	return 0;
}

S2H_SYSCORE_DEFINE(s2h_syscore, s2h_syscore_suspend);

void s2h_sleep_state_init(void)
{
	s2h_register_syscore(&s2h_syscore);
}

void s2h_sleep_state_exit(void)
{
	s2h_unregister_syscore(&s2h_syscore);
}

/*
 * The kernel says how long the hardware slept from Linux 6.8, on platforms
 * with low-power S0 idle, which alone have suspend_stats/: the platform
 * driver (amd_pmc, intel_pmc_core) reports it at each resume from suspend
 * to idle. last_hw_sleep is only ever written by that report, so it is
 * stale after a suspend the driver did not report and 0 where no driver
 * does: s2h takes the change of total_hw_sleep across the suspend, read
 * as it starts and at the wake (s2h_hw_sleep_delta()). U64_MAX: not read.
 */
static u64 s2h_hw_sleep_start = U64_MAX;

/* Called as a suspend starts, so that what is read after it is its own. */
void s2h_sleep_state_forget(void)
{
	u64 total;

	WRITE_ONCE(s2h_platform_state, PM_SUSPEND_ON);
	if (s2h_power_attr_u64(S2H_POWER_TOTAL_HW_SLEEP, &total))
		total = U64_MAX;
	WRITE_ONCE(s2h_hw_sleep_start, total);
}

/**
 * s2h_hw_sleep_available() - whether the kernel has the hardware's sleep counter
 *
 * Return: true when s2h_hw_sleep_us() can tell, once a driver has reported.
 */
bool s2h_hw_sleep_available(void)
{
	return s2h_power_attr_present(S2H_POWER_TOTAL_HW_SLEEP);
}

/**
 * s2h_hw_sleep_us() - how long the hardware slept in the suspend that just ended
 *
 * Return: microseconds, or S2H_HW_SLEEP_UNKNOWN when the kernel does not say.
 */
s64 s2h_hw_sleep_us(void)
{
	u64 start = READ_ONCE(s2h_hw_sleep_start);
	u64 now = 0;
	bool read = start != U64_MAX &&
		    !s2h_power_attr_u64(S2H_POWER_TOTAL_HW_SLEEP, &now);

	return s2h_hw_sleep_delta(read, s2h_last_sleep_state() == PM_SUSPEND_TO_IDLE,
				  start, now);
}

/**
 * s2h_wake_irq() - the IRQ that ended the last suspend
 *
 * Return: the IRQ when the kernel says (CONFIG_PM_SLEEP_DEBUG), else 0.
 */
u32 s2h_wake_irq(void)
{
	u64 irq;

	if (s2h_power_attr_u64(S2H_POWER_WAKEUP_IRQ, &irq) || irq > U32_MAX)
		return 0;
	return irq;
}

/**
 * s2h_last_sleep_state() - the state the suspend that just ended entered
 *
 * Return: PM_SUSPEND_TO_IDLE, PM_SUSPEND_STANDBY or PM_SUSPEND_MEM.
 */
suspend_state_t s2h_last_sleep_state(void)
{
	/*
	 * Suspend to idle runs without the platform, and its flag stays until
	 * the next suspend; a platform suspend leaves its state behind.
	 */
	suspend_state_t state = READ_ONCE(s2h_platform_state);

	if (pm_suspend_no_platform())
		return PM_SUSPEND_TO_IDLE;
	return state == PM_SUSPEND_STANDBY ? PM_SUSPEND_STANDBY : PM_SUSPEND_MEM;
}

/*
 * The work that puts the system back to sleep is queued from PM_POST_SUSPEND,
 * while the suspend that just ended still holds the system transition lock,
 * and pm_suspend() only tries that lock: wait for the suspend to be over.
 */
static void s2h_wait_for_transition(void)
{
	unlock_system_sleep(lock_system_sleep());
}

/*
 * The wakeup_count handshake userspace sleep daemons use: once the count
 * read is written back, any wakeup event that comes after it - the user
 * opening the lid while s2h is about to put the system back to sleep or
 * into hibernation - makes the freezer or the devices' suspend fail with
 * -EBUSY instead of losing that event. The read waits while an event is
 * being processed.
 */

/*
 * The read waits, in a kworker that takes no signal, for as long as a
 * wakeup source is active: one that never ends its event (a driver's
 * leaked pm_stay_awake()) would hold s2h there for good, the system awake.
 * Events in progress end within milliseconds; this is the most s2h waits
 * for them before it goes on without the check. It looks again after a
 * millisecond, then twice as long each time up to the longest pause, the
 * last one cut to end the wait on its bound: an event that ends at once
 * costs the hibernation no more than that.
 */
#define S2H_WAKEUP_WAIT_MS	20000
#define S2H_WAKEUP_POLL_MAX_MS	100

/**
 * s2h_arm_wakeup_check() - make any wakeup event from now on abort the next transition
 *
 * Return: 0, also when a wakeup source stayed active too long to arm it;
 * -EBUSY when an event came between the read and the write.
 */
int s2h_arm_wakeup_check(void)
{
	char count[24], name[S2H_WAKE_SOURCE_LEN];
	unsigned int waited = 0, pause = 1;
	ssize_t len;
	int err;

	while (s2h_wakeup_source_active(name, sizeof(name))) {
		if (waited >= S2H_WAKEUP_WAIT_MS) {
			pr_warn("wakeup source %s active for %u ms: going on without the wakeup event check\n",
				name, waited);
			return 0;
		}
		msleep(pause);
		waited += pause;
		pause = min3(pause * 2, S2H_WAKEUP_POLL_MAX_MS, S2H_WAKEUP_WAIT_MS - waited);
	}
	len = s2h_power_file_read("wakeup_count", count, sizeof(count));
	if (len < 0)
		return len;
	err = s2h_power_file_write("wakeup_count", strim(count));
	return err == -EINVAL ? -EBUSY : err;
}

/*
 * The kernel keeps the wakeup count's check armed after a transition that
 * failed before freezing (enter_state() clears it only past that point):
 * the next suspend, the user's, would abort on the events since. Writing
 * a count the kernel can never reach - it keeps 16 bits of it - disarms
 * the check.
 */
#define S2H_NO_WAKEUP_COUNT	"4294967295"

/**
 * s2h_clear_wakeup_check() - disarm the check s2h_arm_wakeup_check() armed
 */
void s2h_clear_wakeup_check(void)
{
	s2h_power_file_write("wakeup_count", S2H_NO_WAKEUP_COUNT);
}

/**
 * s2h_sleep_again() - put the system back into the state it woke from
 * @state: from s2h_last_sleep_state()
 *
 * Return: as pm_suspend(), once the system is awake again; -EBUSY, without
 * sleeping, when a wakeup event came in since the check was armed.
 */
int s2h_sleep_again(suspend_state_t state)
{
	int err;

	s2h_wait_for_transition();
	err = s2h_arm_wakeup_check();
	if (err)
		return err;
	return pm_suspend(state);
}
