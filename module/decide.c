// SPDX-License-Identifier: GPL-2.0
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/time64.h>

#include "decide.h"

/**
 * s2h_classify_wake() - what ended an armed suspend
 * @f: what was armed and what was measured
 *
 * Return: S2H_WAKE_ALARM only when it was s2h's alarm.
 */
enum s2h_wake s2h_classify_wake(const struct s2h_wake_facts *f)
{
	s64 due_ms = (s64)f->delay_sec * MSEC_PER_SEC;

	/* Timekeeping was never suspended: the suspend did not happen. */
	if (f->slept_ms <= 0)
		return S2H_WAKE_ABORTED;
	if (f->elapsed_ms < due_ms - S2H_RTC_EARLY_MS)
		return S2H_WAKE_EARLY;

	switch (f->rtc) {
	case S2H_RTC_WOKE:
		return S2H_WAKE_ALARM;
	case S2H_RTC_SILENT:
		/*
		 * The RTC says it did not wake us. Once the alarm is overdue,
		 * that is either an RTC whose driver reports no events or a
		 * user who came back at that very moment: hibernating is what
		 * was due in both cases, while a user wake in the window the
		 * RTC's rounding leaves before the expiry is certain.
		 */
		if (f->elapsed_ms < due_ms)
			return S2H_WAKE_EARLY;
		fallthrough;
	case S2H_RTC_UNKNOWN:
	default:
		if (f->elapsed_ms > due_ms + S2H_RTC_LATE_MS)
			return S2H_WAKE_EARLY;
		return S2H_WAKE_ALARM;
	}
}

/*
 * Where the battery will be at the next check if it keeps draining as it
 * did since the alarm was armed; a battery that charged stays where it is.
 */
static s64 s2h_battery_projected(const struct s2h_policy_facts *f)
{
	s64 drop = f->battery_armed - f->battery;

	if (drop <= 0 || f->elapsed_ms <= 0)
		return f->battery;
	return f->battery - div64_s64(drop * f->check_sec * MSEC_PER_SEC, f->elapsed_ms);
}

/**
 * s2h_decide_alarm() - hibernate, or go back to sleep, now that the alarm woke the system
 * @f: the settings and what the power supplies say
 *
 * A battery at or below the threshold always means hibernation: it is what
 * s2h is there to protect. Then mains power, if the user asked not to
 * hibernate on it; then the policy: after the delay, or when the battery is
 * projected to reach the threshold before the next check. A battery policy
 * without a battery to measure falls back to the delay.
 *
 * Return: the decision.
 */
struct s2h_decision s2h_decide_alarm(const struct s2h_policy_facts *f)
{
	struct s2h_decision d = { .action = S2H_DECISION_HIBERNATE };
	bool battery_known = f->battery >= 0;

	if (battery_known && f->battery_threshold && f->battery <= f->battery_threshold) {
		d.for_battery = true;
		return d;
	}
	if (f->on_ac && !f->hibernate_on_ac) {
		d.action = S2H_DECISION_SLEEP_AGAIN;
		return d;
	}
	if (f->policy != S2H_POLICY_BATTERY || !battery_known)
		return d;
	if (f->battery_armed < 0 || s2h_battery_projected(f) > f->battery_threshold) {
		d.action = S2H_DECISION_SLEEP_AGAIN;
		return d;
	}
	d.for_battery = true;
	return d;
}

/*
 * The first retry comes after the delay, at most a quarter of an hour, so
 * that a passing failure costs little battery; each further one waits
 * twice as long, so that a lasting one does not wake the machine often.
 */
#define S2H_RETRY_FIRST_MAX_SEC	(15 * 60)

/**
 * s2h_retry_delay() - how long to sleep before hibernation attempt @attempt + 1
 * @delay_sec: the delay setting
 * @attempt: 1 for the first retry
 *
 * Return: seconds, at most S2H_DELAY_MAX_SEC.
 */
u32 s2h_retry_delay(u32 delay_sec, unsigned int attempt)
{
	u64 sec = min_t(u32, delay_sec, S2H_RETRY_FIRST_MAX_SEC);

	if (attempt > 1)
		sec <<= min(attempt - 1, 16U);
	return min_t(u64, sec, S2H_DELAY_MAX_SEC);
}
