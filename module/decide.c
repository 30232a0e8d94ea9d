// SPDX-License-Identifier: GPL-2.0
#include <linux/time64.h>

#include "decide.h"

static enum s2h_wake s2h_classify_wake(const struct s2h_wake_facts *f)
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

/**
 * s2h_decide() - what to do now that an armed suspend has ended
 * @facts: what was armed and what was measured
 *
 * Return: how the system woke, and whether to hibernate it.
 */
struct s2h_decision s2h_decide(const struct s2h_wake_facts *facts)
{
	struct s2h_decision d = { .wake = s2h_classify_wake(facts) };

	d.action = d.wake == S2H_WAKE_ALARM ? S2H_ACTION_HIBERNATE : S2H_ACTION_NONE;
	return d;
}
