// SPDX-License-Identifier: GPL-2.0
/*
 * s2h_fake_power: what s2h's VM tests need of a laptop that QEMU does not
 * give them. Test-only: never load it on a real machine.
 *
 * A battery (type Battery, scope System) and a mains supply, registered
 * with the power_supply class, whose state the tests set through writable
 * module parameters:
 *	capacity		percent, 0..100, as of the moment it is written
 *	drain_pct_per_min	percent lost per minute of boottime since then,
 *				so that it drains across a suspend as a real one
 *	drain_mpct_per_min	thousandths of a percent lost per minute, on top:
 *				a drain under 1 %/h, which whole percent do not
 *				show in a short suspend, and energy does
 *	ac_online		0 or 1
 * The battery's own alarm, chosen at load (battery_alarm):
 *	0			none
 *	1			a gauge's: the writable property
 *				capacity_alert_min, in percent
 *	2			ACPI's: the attribute "alarm" of an ACPI
 *				battery (_BTP), in uWh of energy_full (50 Wh)
 * What else it reports, chosen at load (energy):
 *	0			percent only (and energy_full, for ACPI's alarm)
 *	1			energy_now and energy_full, in uWh: 50 Wh full,
 *				and power_now, the drain's rate, in uW
 *	2			charge_now and charge_full, in uAh, and
 *				voltage_now, 10 V, current_now, in uA, and no
 *				energy_full: as ACPI batteries that report in
 *				mAh; the same 50 Wh.
 *				Not with battery_alarm 2, whose alarm is in uWh
 * each figure following the charge to the thousandth of a percent: 500 uWh
 * or 50 uAh a thousandth, so capacity is within 1 of energy over energy_full.
 * When the charge falls to it, the battery wakes the system as a real one
 * does: an ALARM_BOOTTIME alarm of this module's has the RTC wake a
 * sleeping guest, and its callback signals a wakeup event of the battery
 * (battery_alarms counts them).
 * And faults:
 *	fail_hibernations	that many hibernations fail with -EIO from a PM
 *				notifier, before any image is made
 *	fail_kthread_suspends	that many suspends started by a kernel thread -
 *				s2h going back to sleep, not a test's write -
 *				fail with -EBUSY, as a device or a task that
 *				refuses to suspend
 *	hold_wakeup		1: a wakeup event is in progress until 0 is
 *				written; reads of /sys/power/wakeup_count wait
 * And a wakeup path QEMU lacks:
 *	rtc_wake_irq		an IRQ (the CMOS RTC's) armed for system wakeup,
 *				0: none. QEMU sets the ACPI RTC status only when
 *				it wakes a guest from S3, so the RTC alarm ends
 *				suspend to idle only through its own IRQ - the
 *				path of a platform whose RTC IRQ is a wakeup
 *				interrupt (with hpet=disable: the HPET's RTC
 *				emulation ticks on that IRQ)
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/alarmtimer.h>
#include <linux/atomic.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/pm_wakeup.h>
#include <linux/power_supply.h>
#include <linux/sched.h>
#include <linux/suspend.h>
#include <linux/timekeeping.h>

#define FAKE_ENERGY_FULL_UWH	50000000
#define FAKE_VOLTAGE_UV		10000000
/* energy: what the battery reports besides percent */
enum { FAKE_ENERGY_NONE, FAKE_ENERGY_UWH, FAKE_ENERGY_CHARGE, FAKE_ENERGY_MODES };

/* Protects the parameters below and when capacity was written. */
static DEFINE_MUTEX(fake_lock);
static int capacity = 50;
static int drain_pct_per_min;
static int drain_mpct_per_min;
static int energy;
static int ac_online = 1;
static int fail_hibernations;
static int fail_kthread_suspends;
static u64 capacity_set_at;	/* boottime, ns */
static int battery_alarm;
static int alarm_percent;	/* the level of the battery's alarm, 0: none */
static int battery_alarms;	/* the alarms that rang */
static struct alarm level_alarm;
static atomic_t level_alarm_armed;	/* taken by whoever rings it */
static u64 level_alarm_due;		/* boottime, ns */

/* The supplies' parent, as a real battery has one (and the core asks for it). */
static struct platform_device *pdev;
static struct power_supply *battery, *mains;

/* Thousandths of a percent lost per minute, both parameters together. */
static u64 drain_rate_mpct(void)
{
	lockdep_assert_held(&fake_lock);
	return (u64)drain_pct_per_min * 1000 + drain_mpct_per_min;
}

/* Thousandths of a percent drained since capacity was written. */
static u64 drained_mpct(void)
{
	u64 minutes_x1000;

	lockdep_assert_held(&fake_lock);
	minutes_x1000 = div_u64(ktime_get_boottime_ns() - capacity_set_at, NSEC_PER_MSEC) / 60;
	return div_u64(minutes_x1000 * drain_rate_mpct(), 1000);
}

static int capacity_now(void)
{
	lockdep_assert_held(&fake_lock);
	return max_t(s64, capacity - div_u64(drained_mpct(), 1000), 0);
}

/* What is left, in thousandths of a percent: energy's finer figure. */
static u64 remaining_mpct(void)
{
	u64 drained = drained_mpct();

	lockdep_assert_held(&fake_lock);
	return (u64)capacity * 1000 > drained ? (u64)capacity * 1000 - drained : 0;
}

/*
 * The alarm rings when capacity_now() reaches alarm_percent: a battery
 * already at or below it, or not draining, crosses no level.
 */
static void level_alarm_arm(void)
{
	u64 ms;

	lockdep_assert_held(&fake_lock);
	atomic_set(&level_alarm_armed, 0);
	alarm_cancel(&level_alarm);
	if (!alarm_percent || !drain_rate_mpct() || capacity <= alarm_percent)
		return;
	ms = DIV_ROUND_UP_ULL((u64)(capacity - alarm_percent) * 1000 * 60 * MSEC_PER_SEC,
			      drain_rate_mpct());
	level_alarm_due = capacity_set_at + ms * NSEC_PER_MSEC;
	atomic_set(&level_alarm_armed, 1);
#ifdef FAKE_HAVE_ALARM_START_TIMER
	alarm_start_timer(&level_alarm, ns_to_ktime(level_alarm_due), false);
#else
	alarm_start(&level_alarm, ns_to_ktime(level_alarm_due));
#endif
}

/* The battery's wakeup event, once per level crossed. Any context. */
static void level_alarm_ring(void)
{
	if (!atomic_xchg(&level_alarm_armed, 0))
		return;
	WRITE_ONCE(battery_alarms, battery_alarms + 1);
	pm_wakeup_dev_event(&battery->dev, 0, true);
	power_supply_changed(battery);
}

/* Hard IRQ context: while awake, or at the resume the RTC started. */
#ifdef FAKE_HAVE_ALARM_RESTART
static enum alarmtimer_restart level_alarm_rang(struct alarm *alarm, ktime_t now)
#else
static void level_alarm_rang(struct alarm *alarm, ktime_t now)
#endif
{
	level_alarm_ring();
#ifdef FAKE_HAVE_ALARM_RESTART
	return ALARMTIMER_NORESTART;
#endif
}

/*
 * The RTC counts whole seconds: alarmtimer_suspend() reads it and programs
 * it in whole seconds, so it may end the suspend up to two seconds before
 * the alarm is due (s2h allows as much: S2H_RTC_EARLY_MS), which would then
 * ring after the wake was told. A battery whose level was crossed signals
 * it as the system resumes: so does this one, within those two seconds (a
 * make check beside other builds saw the RTC 1.03 s early).
 */
#define LEVEL_ALARM_EARLY_NS	(2 * NSEC_PER_SEC)

static void level_alarm_resume(void)
{
	mutex_lock(&fake_lock);
	if (atomic_read(&level_alarm_armed) &&
	    ktime_get_boottime_ns() + LEVEL_ALARM_EARLY_NS >= level_alarm_due) {
		alarm_cancel(&level_alarm);
		level_alarm_ring();
	}
	mutex_unlock(&fake_lock);
}

/* The drain's rate, as a gauge reports it: a thousandth of a percent a minute is 30 mW. */
static int drain_uw(void)
{
	return min_t(u64, drain_rate_mpct() * (FAKE_ENERGY_FULL_UWH / 100000) * 60, INT_MAX);
}

static int battery_get(struct power_supply *psy, enum power_supply_property psp,
		       union power_supply_propval *val)
{
	mutex_lock(&fake_lock);
	switch (psp) {
	case POWER_SUPPLY_PROP_PRESENT:
		val->intval = 1;
		break;
	case POWER_SUPPLY_PROP_STATUS:
		val->intval = ac_online ? POWER_SUPPLY_STATUS_NOT_CHARGING :
					  POWER_SUPPLY_STATUS_DISCHARGING;
		break;
	case POWER_SUPPLY_PROP_CAPACITY:
		val->intval = capacity_now();
		break;
	case POWER_SUPPLY_PROP_SCOPE:
		val->intval = POWER_SUPPLY_SCOPE_SYSTEM;
		break;
	case POWER_SUPPLY_PROP_CAPACITY_ALERT_MIN:
		val->intval = alarm_percent;
		break;
	case POWER_SUPPLY_PROP_ENERGY_FULL:
		/* A battery that reports charge says nothing in energy. */
		if (energy == FAKE_ENERGY_CHARGE)
			goto unknown;
		val->intval = FAKE_ENERGY_FULL_UWH;
		break;
	case POWER_SUPPLY_PROP_ENERGY_NOW:
		if (energy != FAKE_ENERGY_UWH)
			goto unknown;
		val->intval = remaining_mpct() * (FAKE_ENERGY_FULL_UWH / 100000);
		break;
	case POWER_SUPPLY_PROP_CHARGE_NOW:
		if (energy != FAKE_ENERGY_CHARGE)
			goto unknown;
		val->intval = remaining_mpct() * (FAKE_ENERGY_FULL_UWH / 100000) /
			      (FAKE_VOLTAGE_UV / 1000000);
		break;
	case POWER_SUPPLY_PROP_CHARGE_FULL:
		if (energy != FAKE_ENERGY_CHARGE)
			goto unknown;
		val->intval = FAKE_ENERGY_FULL_UWH / (FAKE_VOLTAGE_UV / 1000000);
		break;
	case POWER_SUPPLY_PROP_VOLTAGE_NOW:
		if (energy != FAKE_ENERGY_CHARGE)
			goto unknown;
		val->intval = FAKE_VOLTAGE_UV;
		break;
	case POWER_SUPPLY_PROP_POWER_NOW:
		if (energy != FAKE_ENERGY_UWH)
			goto unknown;
		val->intval = drain_uw();
		break;
	case POWER_SUPPLY_PROP_CURRENT_NOW:
		if (energy != FAKE_ENERGY_CHARGE)
			goto unknown;
		val->intval = drain_uw() / (FAKE_VOLTAGE_UV / 1000000);
		break;
	default:
unknown:
		mutex_unlock(&fake_lock);
		return -EINVAL;
	}
	mutex_unlock(&fake_lock);
	return 0;
}

static int alarm_percent_set(int percent)
{
	if (percent < 0 || percent > 100)
		return -EINVAL;
	mutex_lock(&fake_lock);
	capacity = capacity_now();
	capacity_set_at = ktime_get_boottime_ns();
	alarm_percent = percent;
	level_alarm_arm();
	mutex_unlock(&fake_lock);
	return 0;
}

static int battery_set(struct power_supply *psy, enum power_supply_property psp,
		       const union power_supply_propval *val)
{
	if (psp != POWER_SUPPLY_PROP_CAPACITY_ALERT_MIN)
		return -EINVAL;
	return alarm_percent_set(val->intval);
}

static int battery_writeable(struct power_supply *psy, enum power_supply_property psp)
{
	return psp == POWER_SUPPLY_PROP_CAPACITY_ALERT_MIN;
}

/* As drivers/acpi/battery.c: whole mWh kept of what is written in uWh. */
static ssize_t alarm_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	int percent;

	mutex_lock(&fake_lock);
	percent = alarm_percent;
	mutex_unlock(&fake_lock);
	return sysfs_emit(buf, "%d\n", FAKE_ENERGY_FULL_UWH / 100 / 1000 * percent * 1000);
}

static ssize_t alarm_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	unsigned int uwh;
	int err;

	err = kstrtouint(buf, 10, &uwh);
	if (err)
		return err;
	err = alarm_percent_set(DIV_ROUND_UP(uwh / 1000 * 1000, FAKE_ENERGY_FULL_UWH / 100));
	return err ? err : count;
}

static DEVICE_ATTR_RW(alarm);

static struct attribute *acpi_battery_attrs[] = {
	&dev_attr_alarm.attr,
	NULL,
};
ATTRIBUTE_GROUPS(acpi_battery);

static int mains_get(struct power_supply *psy, enum power_supply_property psp,
		     union power_supply_propval *val)
{
	if (psp != POWER_SUPPLY_PROP_ONLINE)
		return -EINVAL;
	mutex_lock(&fake_lock);
	val->intval = ac_online;
	mutex_unlock(&fake_lock);
	return 0;
}

static const enum power_supply_property battery_props[] = {
	POWER_SUPPLY_PROP_PRESENT, POWER_SUPPLY_PROP_STATUS,
	POWER_SUPPLY_PROP_CAPACITY, POWER_SUPPLY_PROP_SCOPE,
};

static const enum power_supply_property gauge_props[] = {
	POWER_SUPPLY_PROP_PRESENT, POWER_SUPPLY_PROP_STATUS,
	POWER_SUPPLY_PROP_CAPACITY, POWER_SUPPLY_PROP_SCOPE,
	POWER_SUPPLY_PROP_CAPACITY_ALERT_MIN,
};

static const enum power_supply_property acpi_props[] = {
	POWER_SUPPLY_PROP_PRESENT, POWER_SUPPLY_PROP_STATUS,
	POWER_SUPPLY_PROP_CAPACITY, POWER_SUPPLY_PROP_SCOPE,
	POWER_SUPPLY_PROP_ENERGY_FULL,
};

static const enum power_supply_property mains_props[] = {
	POWER_SUPPLY_PROP_ONLINE,
};

static char *mains_supplies[] = { "s2h-fake-battery" };

/* By battery_alarm: none, a gauge's, ACPI's. */
static const struct power_supply_desc battery_descs[] = {
	{
		.name = "s2h-fake-battery",
		.type = POWER_SUPPLY_TYPE_BATTERY,
		.properties = battery_props,
		.num_properties = ARRAY_SIZE(battery_props),
		.get_property = battery_get,
	}, {
		.name = "s2h-fake-battery",
		.type = POWER_SUPPLY_TYPE_BATTERY,
		.properties = gauge_props,
		.num_properties = ARRAY_SIZE(gauge_props),
		.get_property = battery_get,
		.set_property = battery_set,
		.property_is_writeable = battery_writeable,
	}, {
		.name = "s2h-fake-battery",
		.type = POWER_SUPPLY_TYPE_BATTERY,
		.properties = acpi_props,
		.num_properties = ARRAY_SIZE(acpi_props),
		.get_property = battery_get,
	},
};

/* The energy figures, by energy; ENERGY_FULL stays ACPI's too. */
static const enum power_supply_property energy_props[] = {
	POWER_SUPPLY_PROP_ENERGY_NOW, POWER_SUPPLY_PROP_ENERGY_FULL, POWER_SUPPLY_PROP_POWER_NOW,
};

static const enum power_supply_property charge_props[] = {
	POWER_SUPPLY_PROP_CHARGE_NOW, POWER_SUPPLY_PROP_CHARGE_FULL,
	POWER_SUPPLY_PROP_VOLTAGE_NOW, POWER_SUPPLY_PROP_CURRENT_NOW,
};

/* The battery registered: battery_descs[battery_alarm] with the energy figures asked for. */
static enum power_supply_property battery_props_now[ARRAY_SIZE(gauge_props) +
						    ARRAY_SIZE(charge_props)];
static struct power_supply_desc battery_desc;

static void add_props(struct power_supply_desc *desc, const enum power_supply_property *props,
		      size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < desc->num_properties; j++)
			if (battery_props_now[j] == props[i])
				break;
		if (j == desc->num_properties)
			battery_props_now[desc->num_properties++] = props[i];
	}
}

static void battery_desc_make(void)
{
	const struct power_supply_desc *base = &battery_descs[battery_alarm];

	battery_desc = *base;
	battery_desc.num_properties = 0;
	battery_desc.properties = battery_props_now;
	add_props(&battery_desc, base->properties, base->num_properties);
	if (energy == FAKE_ENERGY_UWH)
		add_props(&battery_desc, energy_props, ARRAY_SIZE(energy_props));
	else if (energy == FAKE_ENERGY_CHARGE)
		add_props(&battery_desc, charge_props, ARRAY_SIZE(charge_props));
}

static const struct power_supply_desc mains_desc = {
	.name = "s2h-fake-mains",
	.type = POWER_SUPPLY_TYPE_MAINS,
	.properties = mains_props,
	.num_properties = ARRAY_SIZE(mains_props),
	.get_property = mains_get,
};

/*
 * Any write restarts the drain from the battery's charge at this moment:
 * what has drained so far stays drained, at the rate it drained at.
 */
static int fake_param_set(const char *val, const struct kernel_param *kp)
{
	int *param = kp->arg;
	int old, err;

	mutex_lock(&fake_lock);
	old = *param;
	if (battery)
		capacity = capacity_now();
	capacity_set_at = ktime_get_boottime_ns();
	err = param_set_int(val, kp);
	if (!err && (capacity < 0 || capacity > 100 || drain_pct_per_min < 0 ||
		     drain_mpct_per_min < 0 || ac_online < 0 || ac_online > 1)) {
		*param = old;
		err = -ERANGE;
	}
	if (!err && battery)
		level_alarm_arm();
	mutex_unlock(&fake_lock);
	if (!err && battery)
		power_supply_changed(battery);
	return err;
}

static const struct kernel_param_ops fake_param_ops = {
	.set = fake_param_set,
	.get = param_get_int,
};

module_param_cb(capacity, &fake_param_ops, &capacity, 0644);
MODULE_PARM_DESC(capacity, "Battery percent as of this write, 0-100 (default: 50)");
module_param_cb(drain_pct_per_min, &fake_param_ops, &drain_pct_per_min, 0644);
MODULE_PARM_DESC(drain_pct_per_min, "Percent lost per minute of boottime (default: 0)");
module_param_cb(drain_mpct_per_min, &fake_param_ops, &drain_mpct_per_min, 0644);
MODULE_PARM_DESC(drain_mpct_per_min, "Thousandths of a percent lost per minute, on top (default: 0)");
module_param(energy, int, 0444);
MODULE_PARM_DESC(energy, "Besides percent: 0 nothing, 1 energy_now, 2 charge_now and voltage_now (default: 0)");
module_param_cb(ac_online, &fake_param_ops, &ac_online, 0644);
MODULE_PARM_DESC(ac_online, "Mains power online (default: 1)");
module_param(battery_alarm, int, 0444);
MODULE_PARM_DESC(battery_alarm, "The battery's alarm: 0 none, 1 capacity_alert_min, 2 ACPI's (default: 0)");
module_param(battery_alarms, int, 0444);
MODULE_PARM_DESC(battery_alarms, "How many times the battery's alarm rang");
module_param(fail_hibernations, int, 0644);
MODULE_PARM_DESC(fail_hibernations, "Hibernations to fail with -EIO (default: 0)");
module_param(fail_kthread_suspends, int, 0644);
MODULE_PARM_DESC(fail_kthread_suspends, "Kernel threads' suspends to fail with -EBUSY (default: 0)");

/* The platform device's wakeup source carries the held event. */
static int hold_wakeup_set(const char *val, const struct kernel_param *kp)
{
	bool hold;
	int err;

	if (!pdev)
		return -ENODEV;
	err = kstrtobool(val, &hold);
	if (err)
		return err;
	if (hold)
		pm_stay_awake(&pdev->dev);
	else
		pm_relax(&pdev->dev);
	return 0;
}

static const struct kernel_param_ops hold_wakeup_ops = {
	.set = hold_wakeup_set,
};

module_param_cb(hold_wakeup, &hold_wakeup_ops, NULL, 0200);
MODULE_PARM_DESC(hold_wakeup, "1: a wakeup event in progress, until 0 is written");

/* Protected by fake_lock: the IRQ armed for wakeup, 0 when none. */
static int rtc_wake_irq;

static void rtc_wake_disarm(void)
{
	lockdep_assert_held(&fake_lock);
	if (rtc_wake_irq)
		disable_irq_wake(rtc_wake_irq);
	rtc_wake_irq = 0;
}

static int rtc_wake_irq_set(const char *val, const struct kernel_param *kp)
{
	int irq, err;

	err = kstrtoint(val, 0, &irq);
	if (err || irq < 0)
		return -EINVAL;
	mutex_lock(&fake_lock);
	rtc_wake_disarm();
	err = irq ? enable_irq_wake(irq) : 0;
	if (!err)
		rtc_wake_irq = irq;
	mutex_unlock(&fake_lock);
	return err;
}

static const struct kernel_param_ops rtc_wake_irq_ops = {
	.set = rtc_wake_irq_set,
	.get = param_get_int,
};

module_param_cb(rtc_wake_irq, &rtc_wake_irq_ops, &rtc_wake_irq, 0644);
MODULE_PARM_DESC(rtc_wake_irq, "An IRQ to arm for system wakeup, 0: none (default)");

/* Takes one of *@count, under fake_lock, if there is one to take. */
static bool fake_take(int *count)
{
	bool take;

	mutex_lock(&fake_lock);
	take = *count > 0;
	if (take)
		(*count)--;
	mutex_unlock(&fake_lock);
	return take;
}

static int fake_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	int err = 0;

	if (action == PM_HIBERNATION_PREPARE && fake_take(&fail_hibernations))
		err = -EIO;
	else if (action == PM_SUSPEND_PREPARE && (current->flags & PF_KTHREAD) &&
		 fake_take(&fail_kthread_suspends))
		err = -EBUSY;
	if (err)
		pr_info("failing this %s (%pe)\n",
			action == PM_SUSPEND_PREPARE ? "suspend" : "hibernation", ERR_PTR(err));
	return notifier_from_errno(err);
}

static struct notifier_block fake_pm_nb = {
	.notifier_call = fake_pm_notify,
};

static int level_alarm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	if (action == PM_POST_SUSPEND)
		level_alarm_resume();
	return NOTIFY_DONE;
}

/*
 * Before s2h's, so that the battery's event is in when s2h looks at the
 * wake; a block of its own: the faults' failures must come after s2h's
 * PM_HIBERNATION_PREPARE, whose PM_POST_HIBERNATION tells s2h of them.
 */
static struct notifier_block level_alarm_nb = {
	.notifier_call = level_alarm_notify,
	.priority = 1,
};

static int __init fake_power_init(void)
{
	struct power_supply_config mains_cfg = {
		.supplied_to = mains_supplies,
		.num_supplicants = ARRAY_SIZE(mains_supplies),
	};
	struct power_supply_config battery_cfg = {};
	int err;

	if (battery_alarm < 0 || battery_alarm >= ARRAY_SIZE(battery_descs) ||
	    energy < 0 || energy >= FAKE_ENERGY_MODES ||
	    (energy == FAKE_ENERGY_CHARGE && battery_alarm == 2))
		return -EINVAL;
	battery_desc_make();
	if (battery_alarm == 2)
		battery_cfg.attr_grp = acpi_battery_groups;
	alarm_init(&level_alarm, ALARM_BOOTTIME, level_alarm_rang);
	capacity_set_at = ktime_get_boottime_ns();
	pdev = platform_device_register_simple(KBUILD_MODNAME, PLATFORM_DEVID_NONE, NULL, 0);
	if (IS_ERR(pdev))
		return PTR_ERR(pdev);
	device_init_wakeup(&pdev->dev, true);
	battery = power_supply_register(&pdev->dev, &battery_desc, &battery_cfg);
	if (IS_ERR(battery)) {
		err = PTR_ERR(battery);
		goto err_pdev;
	}
	mains = power_supply_register(&pdev->dev, &mains_desc, &mains_cfg);
	if (IS_ERR(mains)) {
		err = PTR_ERR(mains);
		goto err_battery;
	}
	err = register_pm_notifier(&fake_pm_nb);
	if (err)
		goto err_mains;
	err = register_pm_notifier(&level_alarm_nb);
	if (err)
		goto err_notifier;
	return 0;

err_notifier:
	unregister_pm_notifier(&fake_pm_nb);
err_mains:
	power_supply_unregister(mains);
err_battery:
	power_supply_unregister(battery);
err_pdev:
	platform_device_unregister(pdev);
	mutex_lock(&fake_lock);
	rtc_wake_disarm();
	mutex_unlock(&fake_lock);
	return err;
}

static void __exit fake_power_exit(void)
{
	unregister_pm_notifier(&level_alarm_nb);
	unregister_pm_notifier(&fake_pm_nb);
	alarm_cancel(&level_alarm);
	power_supply_unregister(mains);
	power_supply_unregister(battery);
	platform_device_unregister(pdev);
	mutex_lock(&fake_lock);
	rtc_wake_disarm();
	mutex_unlock(&fake_lock);
}

module_init(fake_power_init);
module_exit(fake_power_exit);

MODULE_DESCRIPTION("Fake battery, mains and hibernation faults for s2h's tests");
MODULE_LICENSE("GPL");
