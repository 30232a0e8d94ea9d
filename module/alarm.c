// SPDX-License-Identifier: GPL-2.0
#include <linux/ktime.h>
#include <linux/timekeeping.h>

#include "alarm.h"
#include "compat.h"
#include "sleeptrace.h"

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
 * @now: boottime, read by the caller for all of the arming
 *
 * alarmtimer_suspend() programs the RTC for the earliest ALARM_BOOTTIME
 * alarm, so arming it is all it takes to have the RTC wake the system.
 * Boottime is monotonic time plus the time slept, which changes only in
 * a suspend: the monotonic time of @now is read off it.
 */
void s2h_alarm_arm(struct s2h_alarm *a, u32 delay_sec, ktime_t now)
{
	a->delay_sec = delay_sec;
	a->rtc_known = s2h_rtc_wakeup_events(&a->rtc_events);
	a->machine_known = s2h_machine_suspends(&a->machine_suspends);
	a->slept_before = s2h_time_slept();
	a->armed_at = now;
	a->armed_mono = ktime_sub(now, a->slept_before);
	s2h_alarm_start(&a->alarm, ktime_add(now, ktime_set(delay_sec, 0)));
}

static void s2h_alarm_times(const struct s2h_alarm *a, struct s2h_wake_facts *facts)
{
	facts->delay_sec = a->delay_sec;
	facts->elapsed_ms = ktime_ms_delta(a->woke_at, a->armed_at);
	facts->slept_ms = ktime_ms_delta(a->slept_after, a->slept_before);
}

/**
 * s2h_alarm_woke() - the suspend the alarm was armed for has ended
 * @a: the alarm, armed by s2h_alarm_arm()
 * @facts: its times filled in (delay_sec, elapsed_ms, slept_ms)
 *
 * The times are taken at the resume: the rest of what s2h_alarm_disarm()
 * reads changes only in the next suspend, which waits for it.
 */
void s2h_alarm_woke(struct s2h_alarm *a, struct s2h_wake_facts *facts)
{
	a->woke_at = ktime_get_boottime();
	a->slept_after = s2h_time_slept();
	s2h_alarm_times(a, facts);
}

/**
 * s2h_alarm_disarm() - cancel the alarm and say what happened meanwhile
 * @a: the alarm, armed by s2h_alarm_arm(), its suspend ended (s2h_alarm_woke())
 * @facts: filled in for s2h_classify_wake()
 * @src: the wakeup source that had an event meanwhile, if any
 *
 * Process context: the wakeup sources are walked. An event after the
 * resume, until then, counts as the suspend's: the user is back.
 */
void s2h_alarm_disarm(struct s2h_alarm *a, struct s2h_wake_facts *facts,
		      struct s2h_wake_source *src)
{
	unsigned int machine_suspends;
	unsigned long rtc_events;

	alarm_cancel(&a->alarm);
	s2h_alarm_times(a, facts);
	if (!a->machine_known || !s2h_machine_suspends(&machine_suspends))
		facts->sleep = S2H_SLEEP_UNKNOWN;
	else if (machine_suspends != a->machine_suspends)
		facts->sleep = S2H_SLEEP_REACHED;
	else
		facts->sleep = S2H_SLEEP_NOT_REACHED;
	if (!a->rtc_known || !s2h_rtc_wakeup_events(&rtc_events))
		facts->rtc = S2H_RTC_UNKNOWN;
	else if (rtc_events != a->rtc_events)
		facts->rtc = S2H_RTC_WOKE;
	else
		facts->rtc = S2H_RTC_SILENT;
	s2h_wake_sources_since(a->armed_mono, src);
	facts->source = src->evidence;
}

void s2h_alarm_cancel(struct s2h_alarm *a)
{
	alarm_cancel(&a->alarm);
}
