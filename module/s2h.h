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

/* The last suspend s2h armed for, from arming to the end of its hibernation. */
struct s2h_last_cycle {
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
	u32 wake_irq;			/* 0 when unknown */
};

int s2h_cycle_init(const struct s2h_config *config);
void s2h_cycle_exit(void);

/* What an event carries besides its type; enum s2h_event says which. */
struct s2h_event_info {
	struct s2h_config config;		/* S2H_EVENT_CONFIG */
	u32 delay_sec;				/* ARMED, HIBERNATE_RETRY */
	int error;				/* HIBERNATE_RESULT */
	unsigned long checks_failed;		/* NOT_ARMED */
	int battery;				/* SLEEP_AGAIN */
	struct s2h_verify_status verify;	/* VERIFY_RESULT */
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
	struct s2h_last_cycle last;
};

void s2h_status_read(struct s2h_status *status);
void s2h_available(struct s2h_preflight *p);
void s2h_config_update(const struct s2h_config_change *change);
int s2h_verify_start(void);
int s2h_verify_restore(time64_t time, u32 duration_ms);

struct kobject *s2h_power_kobj(void);
int s2h_sysfs_init(void);
void s2h_sysfs_exit(void);

#endif /* _S2H_H */
