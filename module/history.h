/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The last S2H_HISTORY_LEN suspend cycles, the newest being the one
 * last_cycle shows. Pure bookkeeping, no locking: cycle.c holds its lock
 * around every call.
 */
#ifndef _S2H_HISTORY_H
#define _S2H_HISTORY_H

#include <linux/time64.h>
#include <linux/types.h>
#include <linux/s2h.h>

/* One suspend cycle s2h armed for, from arming to the end of its hibernation. */
struct s2h_cycle_record {
	u64 seq;			/* 1 for the first cycle since the load */
	time64_t suspended_at;
	time64_t woke_at;		/* 0 until it wakes */
	enum s2h_wake wake;
	enum s2h_decision_kind decision;
	int result;			/* of the hibernation, when there was one */
	int battery_start;		/* percent, or S2H_BATTERY_UNKNOWN */
	int battery_wake;
	bool on_ac;
	u32 dark_wakes;
	u32 other_wakes;
	char wake_source[S2H_WAKE_SOURCE_LEN];	/* "" when none was seen */
	/* Whose wakeup event last failed or undid a hibernation of the cycle, "" if none. */
	char undone_by[S2H_WAKE_SOURCE_LEN];
	u32 wake_irq;			/* 0 when unknown */
	u32 wakes;			/* every wake, the first S2H_CYCLE_WAKES_MAX kept below */
	int battery_wakes[S2H_CYCLE_WAKES_MAX];	/* percent, or S2H_BATTERY_UNKNOWN */
	u64 state_ms[__S2H_STATE_MAX];	/* time in each state (idle: awake between suspends) */
	s64 hw_sleep_us;		/* S2H_HW_SLEEP_UNKNOWN when the kernel does not say */
	/* uWh, as battery_*; S2H_ENERGY_UNKNOWN when the batteries do not say */
	s64 energy_start;
	s64 energy_wake;
	s64 energy_resume;		/* after the resume from s2h's hibernation */
	s64 energy_full;		/* as last read */
	s64 energy_wakes[S2H_CYCLE_WAKES_MAX];
	/*
	 * The dark wakes: the time awake from each to the suspend after it,
	 * and the energy spent meanwhile, uWh (negative: it charged);
	 * S2H_ENERGY_UNKNOWN when a dark wake lacked the energy at an end.
	 */
	u64 dark_ms;
	s64 energy_dark;
};

struct s2h_history {
	struct s2h_cycle_record cycles[S2H_HISTORY_LEN];
	u64 newest;			/* seq of the newest cycle, 0 before the first */
};

void s2h_cycle_record_init(struct s2h_cycle_record *c);
struct s2h_cycle_record *s2h_history_start(struct s2h_history *h);
const struct s2h_cycle_record *s2h_history_after(const struct s2h_history *h, u64 seq);
void s2h_history_add_wake(struct s2h_cycle_record *c, int battery, s64 energy);

#endif /* _S2H_HISTORY_H */
