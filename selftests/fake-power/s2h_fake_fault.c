// SPDX-License-Identifier: GPL-2.0
/*
 * s2h_fake_fault: wakeup events and slow devices for s2h's VM tests, at
 * the points of a suspend or a hibernation that no test can reach from
 * userspace. Test-only: never load it on a real machine.
 *
 * A platform device "s2h-fake-nic", bound to a driver of the same name,
 * that may wake the system (device_init_wakeup()): a NIC or an embedded
 * controller whose wake IRQ fires, not an input device. Its faults are set
 * through writable module parameters, any value out of range refused with
 * -EINVAL (-ERANGE above suspend_ms' maximum). Two are counts of
 * hibernations: N the next N, -1 every one, 0 none (the default):
 *	wake_in_syscore		a hard wakeup event of the device
 *				(pm_wakeup_dev_event()) from a syscore
 *				.suspend callback, at most one per
 *				hibernation, and none in a suspend to RAM or
 *				idle: the first syscore suspend of a
 *				hibernation is the one in create_image(),
 *				whose pm_wakeup_pending() check cancels the
 *				snapshot; hibernate() then returns 0, no
 *				image written, and the system runs on
 *	wake_in_poweroff	the same event from the device's .poweroff
 *				callback: the power-down after the image is
 *				written, which calls .poweroff in platform
 *				mode only. The kernel aborts that power-down;
 *				from Linux 6.8 it rolls back to the running
 *				system, before it powers off all the same,
 *				and the image resumes with this module's
 *				counts as they were when it was made
 *	suspend_after_hibernation
 *				at the end of a hibernation (PM_POST_HIBERNATION,
 *				the system transition lock still held), a
 *				kernel thread at real-time priority waits for
 *				the lock and suspends to RAM as soon as it is
 *				let go: a suspend of the user's right at the
 *				resume, as logind's for a laptop that resumes
 *				with its lid closed. With s2h's
 *				hibernate_mode suspend, s2h's worker then
 *				waits for the lock to set /sys/power/disk
 *				back, and the suspend finds s2h "resuming"
 * And:
 *	suspend_ms		0..60000, the device's .suspend callback (a
 *				suspend to RAM or idle, not a hibernation)
 *				sleeps that many milliseconds, as a slow
 *				device's suspend
 *	hw_sleep_us		where the kernel has pm_report_hw_sleep_time()
 *				(Linux 6.8), else absent: at each resume
 *				from suspend to idle the device reports that
 *				many microseconds of hardware sleep, as the
 *				platform's low-power S0 driver does (the
 *				kernel keeps it as last_hw_sleep and adds it
 *				to total_hw_sleep), with INT_MAX as the most
 *				its counter can tell (max_hw_sleep); -1: no
 *				report (the default)
 * And, read-only:
 *	fired			how many wakeup events the module delivered,
 *				so that a test knows its fault really fired
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/limits.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/platform_device.h>
#include <linux/pm_wakeup.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/suspend.h>
#include <linux/syscore_ops.h>

#define FAULT_DEV_NAME		"s2h-fake-nic"
#define FAULT_SUSPEND_MS_MAX	60000

/*
 * Protects the counts below, the hibernation's flags and fired. A spinlock:
 * the syscore callback takes it with interrupts off and one CPU online.
 */
static DEFINE_SPINLOCK(fault_lock);
static int wake_in_syscore;
static int wake_in_poweroff;
static int suspend_after_hibernation;
static int fired;
static bool hibernating;	/* from PM_HIBERNATION_PREPARE to its end */
static bool syscore_woke;	/* this hibernation's syscore event is out */

/* Read by the device's callbacks, written whole by the parameters: one int each. */
static int suspend_ms;
#ifdef FAKE_HAVE_HW_SLEEP_REPORT
static int hw_sleep_us = -1;
#endif

static struct platform_device *pdev;

/* A count: -1 (every time) or more; checked before it is stored. */
static int fault_count_set(const char *val, const struct kernel_param *kp)
{
	int n, err;

	err = kstrtoint(val, 0, &n);
	if (err || n < -1)
		return -EINVAL;
	spin_lock(&fault_lock);
	*(int *)kp->arg = n;
	spin_unlock(&fault_lock);
	return 0;
}

static int fault_count_get(char *buffer, const struct kernel_param *kp)
{
	int n;

	spin_lock(&fault_lock);
	n = *(int *)kp->arg;
	spin_unlock(&fault_lock);
	return scnprintf(buffer, PAGE_SIZE, "%d\n", n);
}

static const struct kernel_param_ops fault_count_ops = {
	.set = fault_count_set,
	.get = fault_count_get,
};

module_param_cb(wake_in_syscore, &fault_count_ops, &wake_in_syscore, 0644);
MODULE_PARM_DESC(wake_in_syscore,
		 "Hibernations to wake from syscore suspend, -1: all (default: 0)");
module_param_cb(wake_in_poweroff, &fault_count_ops, &wake_in_poweroff, 0644);
MODULE_PARM_DESC(wake_in_poweroff,
		 "Hibernations to wake from the device's .poweroff, -1: all (default: 0)");
module_param_cb(suspend_after_hibernation, &fault_count_ops, &suspend_after_hibernation, 0644);
MODULE_PARM_DESC(suspend_after_hibernation,
		 "Hibernations to suspend at the end of, -1: all (default: 0)");

static const struct kernel_param_ops fault_fired_ops = {
	.get = fault_count_get,
};

module_param_cb(fired, &fault_fired_ops, &fired, 0444);
MODULE_PARM_DESC(fired, "Wakeup events delivered so far");

static int fault_suspend_ms_set(const char *val, const struct kernel_param *kp)
{
	int ms, err;

	err = kstrtoint(val, 0, &ms);
	if (err || ms < 0)
		return -EINVAL;
	if (ms > FAULT_SUSPEND_MS_MAX)
		return -ERANGE;
	WRITE_ONCE(suspend_ms, ms);
	return 0;
}

static const struct kernel_param_ops fault_suspend_ms_ops = {
	.set = fault_suspend_ms_set,
	.get = param_get_int,
};

module_param_cb(suspend_ms, &fault_suspend_ms_ops, &suspend_ms, 0644);
MODULE_PARM_DESC(suspend_ms, "The device's suspend takes that long, 0-60000 ms (default: 0)");

#ifdef FAKE_HAVE_HW_SLEEP_REPORT
static int fault_hw_sleep_set(const char *val, const struct kernel_param *kp)
{
	int us, err;

	err = kstrtoint(val, 0, &us);
	if (err || us < -1)
		return -EINVAL;
	WRITE_ONCE(hw_sleep_us, us);
	return 0;
}

static const struct kernel_param_ops fault_hw_sleep_ops = {
	.set = fault_hw_sleep_set,
	.get = param_get_int,
};

module_param_cb(hw_sleep_us, &fault_hw_sleep_ops, &hw_sleep_us, 0644);
MODULE_PARM_DESC(hw_sleep_us,
		 "Hardware sleep reported at each resume from s2idle, us, -1: none (default)");
#endif

/* Takes one of *@count, under fault_lock, if there is one to take (-1 never runs out). */
static bool fault_take(int *count)
{
	lockdep_assert_held(&fault_lock);
	if (!*count)
		return false;
	if (*count > 0)
		(*count)--;
	return true;
}

/* A hard wakeup event of the device, as its wake IRQ would report it. */
static void fault_wake(const char *where)
{
	pm_wakeup_dev_event(&pdev->dev, 0, true);
	pr_info("wakeup event of %s in %s of a hibernation\n", FAULT_DEV_NAME, where);
}

/*
 * Waits for the lock the hibernating task holds: woken as it lets go, at
 * real-time priority, it runs before that task gets back to the lock.
 */
static int fault_user_suspend(void *unused)
{
	unsigned int flags;
	int err;

	flags = lock_system_sleep();
	unlock_system_sleep(flags);
	pr_info("suspending after the hibernation\n");
	err = pm_suspend(PM_SUSPEND_MEM);
	pr_info("the suspend after the hibernation ended (%d)\n", err);
	module_put_and_kthread_exit(0);
}

static void fault_user_suspend_start(void)
{
	struct task_struct *t;

	t = kthread_create(fault_user_suspend, NULL, "s2h-fake-user");
	if (IS_ERR(t)) {
		pr_err("no thread to suspend after the hibernation (%pe)\n", t);
		return;
	}
	sched_set_fifo(t);
	__module_get(THIS_MODULE);
	wake_up_process(t);
}

static int fault_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	bool user_suspend = false;

	spin_lock(&fault_lock);
	switch (action) {
	case PM_HIBERNATION_PREPARE:
		hibernating = true;
		syscore_woke = false;
		break;
	case PM_POST_HIBERNATION:
		user_suspend = fault_take(&suspend_after_hibernation);
		fallthrough;
	case PM_POST_RESTORE:
		hibernating = false;
		break;
	}
	spin_unlock(&fault_lock);
	if (user_suspend)
		fault_user_suspend_start();
	return NOTIFY_DONE;
}

static struct notifier_block fault_pm_nb = {
	.notifier_call = fault_pm_notify,
};

/* Interrupts off, one CPU online: a suspend to RAM's or a hibernation's. */
static bool fault_syscore_take(void)
{
	bool wake = false;

	spin_lock(&fault_lock);
	if (hibernating && !syscore_woke && fault_take(&wake_in_syscore)) {
		syscore_woke = true;
		fired++;
		wake = true;
	}
	spin_unlock(&fault_lock);
	return wake;
}

/*
 * 6.19 gave syscore callbacks a data pointer and registers a struct syscore
 * holding the ops; before, the ops were registered themselves. Kbuild
 * probes the header for register_syscore().
 */
#ifdef FAKE_HAVE_SYSCORE_DATA
static int fault_syscore_suspend(void *data)
{
	if (fault_syscore_take())
		fault_wake("syscore_suspend");
	return 0;
}

static const struct syscore_ops fault_syscore_ops = {
	.suspend = fault_syscore_suspend,
};

static struct syscore fault_syscore = {
	.ops = &fault_syscore_ops,
};

static void fault_syscore_register(void)
{
	register_syscore(&fault_syscore);
}

static void fault_syscore_unregister(void)
{
	unregister_syscore(&fault_syscore);
}
#else
static int fault_syscore_suspend(void)
{
	if (fault_syscore_take())
		fault_wake("syscore_suspend");
	return 0;
}

static struct syscore_ops fault_syscore_ops = {
	.suspend = fault_syscore_suspend,
};

static void fault_syscore_register(void)
{
	register_syscore_ops(&fault_syscore_ops);
}

static void fault_syscore_unregister(void)
{
	unregister_syscore_ops(&fault_syscore_ops);
}
#endif

static int fault_nic_suspend(struct device *dev)
{
	int ms = READ_ONCE(suspend_ms);

	if (ms)
		msleep(ms);
	return 0;
}

static int fault_nic_poweroff(struct device *dev)
{
	bool wake;

	spin_lock(&fault_lock);
	wake = fault_take(&wake_in_poweroff);
	if (wake)
		fired++;
	spin_unlock(&fault_lock);
	if (wake)
		fault_wake(".poweroff");
	return 0;
}

#ifdef FAKE_HAVE_HW_SLEEP_REPORT
static int fault_nic_resume_noirq(struct device *dev)
{
	int us = READ_ONCE(hw_sleep_us);

	if (us >= 0 && pm_suspend_no_platform()) {
		pm_report_max_hw_sleep(INT_MAX);
		pm_report_hw_sleep_time(us);
	}
	return 0;
}
#endif

static const struct dev_pm_ops fault_nic_pm_ops = {
	.suspend = fault_nic_suspend,
	.poweroff = fault_nic_poweroff,
#ifdef FAKE_HAVE_HW_SLEEP_REPORT
	.resume_noirq = fault_nic_resume_noirq,
#endif
};

static int __init fault_nic_probe(struct platform_device *pd)
{
	return device_init_wakeup(&pd->dev, true);
}

static struct platform_driver fault_nic_driver = {
	.driver = {
		.name = FAULT_DEV_NAME,
		.pm = &fault_nic_pm_ops,
	},
};

static int __init fake_fault_init(void)
{
	int err;

	pdev = platform_create_bundle(&fault_nic_driver, fault_nic_probe, NULL, 0, NULL, 0);
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	err = register_pm_notifier(&fault_pm_nb);
	if (err)
		goto err_bundle;
	fault_syscore_register();
	return 0;

err_bundle:
	device_init_wakeup(&pdev->dev, false);
	platform_device_unregister(pdev);
	platform_driver_unregister(&fault_nic_driver);
	return err;
}

static void __exit fake_fault_exit(void)
{
	fault_syscore_unregister();
	unregister_pm_notifier(&fault_pm_nb);
	device_init_wakeup(&pdev->dev, false);
	platform_device_unregister(pdev);
	platform_driver_unregister(&fault_nic_driver);
}

module_init(fake_fault_init);
module_exit(fake_fault_exit);

MODULE_DESCRIPTION("Wakeup events and slow devices at the points of a sleep, for s2h's tests");
MODULE_LICENSE("GPL");
