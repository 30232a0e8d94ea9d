/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The suspend cycle s2h runs, as the rest of the module sees it: lifecycle,
 * settings, and what sysfs and netlink show.
 */
#ifndef _S2H_H
#define _S2H_H

#include <linux/time64.h>
#include <linux/types.h>
#include <linux/s2h.h>

#include "config.h"
#include "history.h"
#include "preflight.h"

enum s2h_stat {
	S2H_STAT_SUSPENDS,		/* suspends seen, s2h's own included */
	S2H_STAT_ALARM_WAKES,
	S2H_STAT_EARLY_WAKES,
	S2H_STAT_ABORTED,		/* armed suspends that never slept */
	S2H_STAT_HIBERNATIONS,		/* hibernations s2h started */
	S2H_STAT_HIBERNATE_FAILURES,
	S2H_STAT_RESUMES,		/* back from an image s2h wrote */
	S2H_STAT_RESUSPENDS,		/* back to sleep after a failure */
	S2H_STAT_NOT_ARMED,		/* left plain: a pre-flight check failed */
	S2H_STAT_DARK_WAKES,		/* alarm wakes that went back to sleep */
	S2H_STAT_BATTERY_HIBERNATIONS,	/* hibernations the battery asked for */
	S2H_STAT_HIBERNATE_RETRIES,	/* back to sleep with the alarm, to try again */
	S2H_STAT_OTHER_WAKES,		/* woken by no input device, deadline kept */
	S2H_STAT_SLEEP_FAILURES,	/* attempts to go back to sleep that failed */
	S2H_STAT_CANCELLED,		/* the user came back before s2h's transition */
	S2H_STAT_HANDOFFS,		/* hibernations userspace started when asked */
	S2H_STAT_HANDOFF_FALLBACKS,	/* requests userspace did not answer in time */
	S2H_STAT_DRAIN_HIBERNATIONS,	/* hibernations the drain budget asked for */
	S2H_STAT_POWER_OFFS,		/* the last resort's orderly power-offs */
	S2H_STAT_THERMAL_HIBERNATIONS,	/* hibernations thermal_limit asked for */
	S2H_STAT_NO_HW_SLEEP_HIBERNATIONS, /* ... hibernate_no_hw_sleep asked for */
	S2H_STAT_HIBERNATIONS_UNDONE,	/* failed or undone by a wakeup event */
	__S2H_STAT_MAX,
};

/* The last dry run of hibernation. */
struct s2h_verify_status {
	enum s2h_verify result;
	time64_t time;			/* when it ended */
	u32 duration_ms;
	int error;
	bool restored;			/* handed back at load: passed in an earlier boot */
};

/* The last wake test (s2hctl check --verify-wake). */
struct s2h_wake_test_status {
	enum s2h_wake_test result;
	enum s2h_wake_test_reason reason;
	time64_t time;			/* when it ended */
	u32 alarm_sec;			/* the alarm was due this long after the suspend began */
	s64 offset_ms;			/* the wake against the alarm's due time, < 0: earlier */
	s64 hw_sleep_us;		/* S2H_HW_SLEEP_UNKNOWN when the kernel cannot say */
	enum s2h_mem_sleep mem_sleep;
	int error;			/* REASON_ABORTED: the suspend's */
	bool restored;			/* handed back at load: passed in an earlier boot */
	char wake_source[S2H_WAKE_SOURCE_LEN];
};

int s2h_cycle_init(const struct s2h_config *config);
void s2h_cycle_exit(void);

/* What an event carries besides its type; enum s2h_event says which. */
struct s2h_event_info {
	/* CONFIG; HANDOFF: handoff_sec and hibernate_mode */
	struct s2h_config config;
	u32 delay_sec;				/* ARMED, HIBERNATE_RETRY */
	int error;				/* HIBERNATE_RESULT */
	unsigned long checks_failed;		/* NOT_ARMED */
	int battery;				/* SLEEP_AGAIN, POWER_OFF */
	struct s2h_verify_status verify;	/* VERIFY_RESULT */
	/* WAKE_TEST_RESULT; a pointer, as every event's info is on the stack */
	const struct s2h_wake_test_status *wake_test;
};

/*
 * Who hears of each step of the cycle: netlink, once its family is
 * registered. The cycle calls it from process context, without its locks.
 */
typedef void (*s2h_event_fn)(enum s2h_event event, const struct s2h_event_info *info);

void s2h_event_listen(s2h_event_fn fn);

struct s2h_status {
	struct s2h_config config;
	enum s2h_state state;
	enum s2h_wake last_wake;
	u64 stats[__S2H_STAT_MAX];
	struct s2h_verify_status verify;
	struct s2h_wake_test_status wake_test;
	struct s2h_cycle_record last;
};

void s2h_status_read(struct s2h_status *status);
bool s2h_history_read(u64 after, struct s2h_cycle_record *cycle);
void s2h_available(struct s2h_preflight *p);
void s2h_config_update(const struct s2h_config_change *change);
int s2h_verify_start(void);
int s2h_verify_restore(time64_t time, u32 duration_ms);
/* Why a wake test was refused. */
enum s2h_wake_test_refusal {
	S2H_REFUSED_PREFLIGHT,		/* a pre-flight check it needs failed */
	S2H_REFUSED_TEST_RUNNING,
	S2H_REFUSED_VERIFY_RUNNING,
	S2H_REFUSED_CYCLE,		/* a suspend cycle is going on */
	S2H_REFUSED_UNLOADING,
};

int s2h_wake_test_start(u32 delay_sec, enum s2h_wake_test_refusal *why);
int s2h_wake_test_restore(const struct s2h_wake_test_status *passed);

int s2h_sysfs_init(void);
void s2h_sysfs_exit(void);

#endif /* _S2H_H */
