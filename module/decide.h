/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The decisions s2h takes when an armed suspend ends: what woke the system,
 * and, for its own alarm, whether to hibernate or sleep on. Pure functions of
 * what was armed and measured, with no kernel state, so that they can be
 * tested table-driven.
 */
#ifndef _S2H_DECIDE_H
#define _S2H_DECIDE_H

#include <linux/types.h>
#include <linux/s2h.h>

/*
 * alarmtimer_suspend() reads the RTC in whole seconds and programs it with
 * the remaining time truncated to whole seconds: the RTC can wake the system
 * up to 2 s before the alarm's boottime expiry (a 6 s alarm was seen to wake
 * a VM after 5.4 s).
 */
#define S2H_RTC_EARLY_MS	2000

/*
 * With no word from the RTC, a wake this long after the alarm was due is
 * taken for a user's: an RTC wake is seen within the time devices take to
 * resume, far less than this.
 */
#define S2H_RTC_LATE_MS		60000

/* What the RTC's wakeup source says about the suspend that just ended. */
enum s2h_rtc_evidence {
	S2H_RTC_UNKNOWN,	/* the RTC has no wakeup source to ask */
	S2H_RTC_SILENT,		/* it signalled no wakeup event */
	S2H_RTC_WOKE,		/* it signalled a wakeup event */
};

struct s2h_wake_facts {
	u32 delay_sec;		/* what the alarm was armed for */
	s64 elapsed_ms;		/* boottime from arming to the end of the suspend */
	s64 slept_ms;		/* time asleep, as timekeeping measured it */
	enum s2h_rtc_evidence rtc;
};

/* What the alarm's wake leaves to policy. */
struct s2h_policy_facts {
	enum s2h_policy policy;
	bool hibernate_on_ac;
	u32 battery_threshold;	/* percent, 0: off */
	u32 check_sec;		/* battery policy: when the next check would be */
	bool on_ac;
	int battery;		/* percent now, or < 0 when unknown */
	int battery_armed;	/* percent when the alarm was armed, or < 0 */
	s64 elapsed_ms;		/* from arming to now */
};

struct s2h_decision {
	enum s2h_decision_kind action;
	bool for_battery;	/* hibernating because the battery runs low */
};

enum s2h_wake s2h_classify_wake(const struct s2h_wake_facts *facts);
struct s2h_decision s2h_decide_alarm(const struct s2h_policy_facts *facts);
u32 s2h_retry_delay(u32 delay_sec, unsigned int attempt);

#endif /* _S2H_DECIDE_H */
