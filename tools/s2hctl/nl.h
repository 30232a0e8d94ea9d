/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s2hctl's side of the generic netlink family "s2h", through libnl-genl-3.
 * Every function that fails has said why on stderr and returns the exit
 * status: 1, or EXIT_ABSENT when the module is not there.
 */
#ifndef S2HCTL_NL_H
#define S2HCTL_NL_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/s2h.h>

#include "parse.h"

/* s2hctl's exit status when the s2h module is not loaded. */
#define EXIT_ABSENT	3

struct nl_sock;

struct conn {
	struct nl_sock *sk;
	int family;
};

struct verify_status {
	uint32_t result;		/* enum s2h_verify */
	uint64_t time;
	uint32_t duration_ms;
	int32_t error;
	bool restored;			/* passed in an earlier boot, handed back at load */
};

struct wake_test_status {
	uint32_t result;		/* enum s2h_wake_test */
	uint32_t reason;		/* enum s2h_wake_test_reason */
	uint64_t time;
	uint32_t alarm_sec;
	int64_t offset_ms;		/* the wake against the alarm's due time */
	char wake_source[S2H_WAKE_SOURCE_LEN];
	int64_t hw_sleep_us;		/* -1 when the kernel cannot say */
	uint32_t mem_sleep;		/* enum s2h_mem_sleep */
	int32_t error;
	bool restored;			/* passed in an earlier boot, handed back at load */
};

/* A cycle: last-cycle of GET, or one of the history. */
struct last_cycle {
	uint64_t suspended_at, woke_at;
	uint32_t wake, decision;
	int32_t result, battery_start, battery_wake;
	bool on_ac;
	uint32_t dark_wakes, other_wakes;
	char wake_source[S2H_WAKE_SOURCE_LEN];	/* "" when none was seen */
	char undone_by[S2H_WAKE_SOURCE_LEN];	/* "" when no wakeup event undid it */
	uint32_t wake_irq;			/* 0 when the kernel did not say */
	uint64_t seq;				/* 0 from a module without a history */
	uint32_t wakes;
	unsigned int n_battery_wakes;		/* at most S2H_CYCLE_WAKES_MAX, the first */
	int32_t battery_wakes[S2H_CYCLE_WAKES_MAX];
	uint64_t state_ms[__S2H_STATE_MAX];	/* indexed by enum s2h_state */
	int64_t hw_sleep_us;			/* -1 when the kernel did not say */
	/* uWh, ENERGY_UNKNOWN when the batteries (or an older module) do not say */
	int64_t energy_start, energy_wake, energy_resume, energy_full;
	unsigned int n_energy_wakes;		/* as n_battery_wakes */
	int64_t energy_wakes[S2H_CYCLE_WAKES_MAX];
	uint64_t dark_ms;			/* awake in dark wakes, part of the idle state's */
	int64_t energy_dark;			/* uWh spent in them, or ENERGY_UNKNOWN */
};

#define ENERGY_UNKNOWN	(-1)

/* What GET replies, as sysfs shows it. */
struct status {
	uint32_t val[N_SETTINGS];
	/*
	 * SETTING_BIT() of each setting the module gave: one loaded before an
	 * upgrade (DKMS builds the new one for the next load) lacks the newer.
	 */
	unsigned int has;
	uint32_t state;
	uint32_t last_wake;
	bool has_checks;		/* asked for: the three below are there */
	uint32_t checks_failed;		/* BIT(enum s2h_check) */
	uint32_t advice;		/* BIT(enum s2h_advice); 0 from a module without */
	uint32_t swap_free_mb, image_mb;
	bool hw_sleep_available;	/* the kernel says how long the hardware slept */
	struct verify_status verify;
	bool has_wake_test;		/* an older module has none */
	struct wake_test_status wake_test;
	struct last_cycle last;
	uint64_t stats[S2H_STATS_A_MAX + 1];
	bool has_stat[S2H_STATS_A_MAX + 1];
};

/* One message of the "events" group; what came with it in has and has_*. */
struct event {
	uint32_t type;
	struct settings set;		/* the settings it carries: delay_sec for armed */
	bool has_error;
	int32_t error;
	bool has_checks;
	uint32_t checks_failed;
	bool has_battery;
	int32_t battery;
	bool has_verify;
	struct verify_status verify;
	bool has_wake_test;
	struct wake_test_status wake_test;
};

typedef void (*event_fn)(const struct event *ev, void *arg);
typedef void (*cycle_fn)(const struct last_cycle *l, void *arg);

int conn_try(struct conn *c);
int conn_open(struct conn *c);
void conn_close(struct conn *c);
int nl_get(struct conn *c, struct status *st, bool checks);
int nl_set(struct conn *c, const struct settings *set);
int nl_monitor(struct conn *c, event_fn fn, void *arg);
int nl_history(struct conn *c, cycle_fn fn, void *arg);
int nl_verify(struct conn *c, unsigned int timeout_sec, struct verify_status *v);
int nl_verify_restore(struct conn *c, uint64_t time, uint32_t duration_ms);
int nl_wake_test(struct conn *c, uint32_t delay_sec, unsigned int timeout_sec,
		 struct wake_test_status *w);
int nl_wake_test_restore(struct conn *c, const struct wake_test_status *w);

#endif /* S2HCTL_NL_H */
