/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s2h's wake-up alarm: armed for one suspend, and what it takes to tell
 * afterwards whether it was the alarm that woke the system.
 */
#ifndef _S2H_ALARM_H
#define _S2H_ALARM_H

#include <linux/alarmtimer.h>
#include <linux/ktime.h>

#include "decide.h"
#include "wakeup.h"

struct s2h_alarm {
	struct alarm alarm;
	u32 delay_sec;
	ktime_t armed_at;		/* boottime */
	ktime_t armed_mono;		/* monotonic: wakeup sources' events after it count */
	ktime_t slept_before;		/* time asleep since boot, at arming */
	unsigned int machine_suspends;	/* sleep states reached, at arming */
	bool machine_known;		/* the tracepoint counts them */
	unsigned long rtc_events;	/* RTC wakeup events, at arming */
	bool rtc_known;			/* the RTC had a wakeup source to ask */
	ktime_t woke_at;		/* boottime, at the resume */
	ktime_t slept_after;		/* time asleep since boot, at the resume */
};

void s2h_alarm_init(struct s2h_alarm *a);
void s2h_alarm_arm(struct s2h_alarm *a, u32 delay_sec, ktime_t now);
void s2h_alarm_woke(struct s2h_alarm *a, struct s2h_wake_facts *facts);
void s2h_alarm_disarm(struct s2h_alarm *a, struct s2h_wake_facts *facts,
		      struct s2h_wake_source *src);
void s2h_alarm_cancel(struct s2h_alarm *a);

#endif /* _S2H_ALARM_H */
