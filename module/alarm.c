// SPDX-License-Identifier: GPL-2.0
#include <linux/device.h>
#include <linux/pm_wakeup.h>
#include <linux/rtc.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>

#include "alarm.h"
#include "compat.h"

/*
 * The wakeup events the RTC's device has signalled so far. An RTC alarm
 * that wakes the system is reported as a wakeup event of that device
 * (rtc-cmos does so from its ACPI handler), while a key press, the lid or
 * the power button are reported by their own devices: the count going up
 * across a suspend is what says "the RTC woke us", to the second where
 * boottime cannot.
 *
 * dev->power.lock keeps the wakeup source from being detached and freed
 * while it is read.
 */
static bool s2h_rtc_wakeup_events(unsigned long *events)
{
	struct rtc_device *rtc = alarmtimer_get_rtcdev();
	struct device *dev;
	bool known = false;

	if (!rtc || !rtc->dev.parent)
		return false;
	dev = rtc->dev.parent;
	spin_lock_irq(&dev->power.lock);
	if (dev->power.wakeup) {
		*events = dev->power.wakeup->event_count;
		known = true;
	}
	spin_unlock_irq(&dev->power.lock);
	return known;
}

/*
 * Boottime minus monotonic time is what timekeeping injected for the time
 * the system was asleep; read in one go, so that a suspend that never got
 * to sleep shows no difference at all.
 */
static ktime_t s2h_time_slept(void)
{
	return ktime_mono_to_any(0, TK_OFFS_BOOT);
}

void s2h_alarm_init(struct s2h_alarm *a)
{
	/* No callback: the decision is taken once the suspend has ended. */
	alarm_init(&a->alarm, ALARM_BOOTTIME, NULL);
}

/**
 * s2h_alarm_arm() - arm the alarm for the suspend that is starting
 * @a: the alarm
 * @delay_sec: when it is to wake the system
 *
 * alarmtimer_suspend() programs the RTC for the earliest ALARM_BOOTTIME
 * alarm, so arming it is all it takes to have the RTC wake the system.
 */
void s2h_alarm_arm(struct s2h_alarm *a, u32 delay_sec)
{
	a->delay_sec = delay_sec;
	a->rtc_known = s2h_rtc_wakeup_events(&a->rtc_events);
	a->slept_before = s2h_time_slept();
	a->armed_at = ktime_get_boottime();
	s2h_alarm_start_relative(&a->alarm, ktime_set(delay_sec, 0));
}

/**
 * s2h_alarm_disarm() - cancel the alarm and say what happened meanwhile
 * @a: the alarm, armed by s2h_alarm_arm()
 * @facts: filled in for s2h_decide()
 */
void s2h_alarm_disarm(struct s2h_alarm *a, struct s2h_wake_facts *facts)
{
	unsigned long rtc_events;

	alarm_cancel(&a->alarm);
	facts->delay_sec = a->delay_sec;
	facts->elapsed_ms = ktime_ms_delta(ktime_get_boottime(), a->armed_at);
	facts->slept_ms = ktime_ms_delta(s2h_time_slept(), a->slept_before);
	if (!a->rtc_known || !s2h_rtc_wakeup_events(&rtc_events))
		facts->rtc = S2H_RTC_UNKNOWN;
	else if (rtc_events != a->rtc_events)
		facts->rtc = S2H_RTC_WOKE;
	else
		facts->rtc = S2H_RTC_SILENT;
}

void s2h_alarm_cancel(struct s2h_alarm *a)
{
	alarm_cancel(&a->alarm);
}
