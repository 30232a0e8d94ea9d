/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The suspend cycle's state, shared by its phases: state.c keeps it and
 * its transitions, arm.c arms the alarm as a suspend starts, wake.c decides
 * on the wake, action.c carries out what the wake decided (hibernation,
 * going back to sleep, the handoff, the last resort's power-off), and
 * cycle.c's PM notifier hands each transition to its phase. The phases
 * call state.c and the phases before them, never cycle.c. Nothing outside
 * these five files, and the wake test's (waketest.c), sees the state.
 */
#ifndef _S2H_CYCLE_H
#define _S2H_CYCLE_H

#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/suspend.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "alarm.h"
#include "decide.h"
#include "power.h"
#include "s2h.h"
#include "wakeup.h"

/* A hibernation s2h asked userspace for (handoff_sec). */
enum s2h_handoff {
	S2H_HANDOFF_NONE,
	S2H_HANDOFF_WAITING,	/* asked, no hibernation started yet */
	S2H_HANDOFF_TAKEN,	/* userspace's hibernation runs */
};

struct s2h {
	/*
	 * Serializes changes of the settings, so that their events go out in
	 * the order of the changes. Taken before lock, which is dropped
	 * before the event is sent.
	 */
	struct mutex config_lock;
	/*
	 * Protects every field below up to the workqueue. Taken in PM
	 * notifier callbacks, sysfs and netlink handlers and the work items,
	 * never held across a system transition.
	 */
	struct mutex lock;
	struct s2h_config config;
	enum s2h_state state;
	enum s2h_wake last_wake;
	u64 stats[__S2H_STAT_MAX];
	struct s2h_verify_status verify;
	struct s2h_wake_test_status wake_test;
	struct s2h_history history;	/* the last cycles, for the netlink dump */
	/* The cycle going on, or the last one: in history, or no_cycle before the first. */
	struct s2h_cycle_record *last;
	struct s2h_cycle_record no_cycle;
	ktime_t state_since;		/* boottime of the last change of state */
	struct s2h_alarm alarm;
	int battery_armed;		/* percent when the alarm was armed */
	s64 energy_armed;		/* uWh then, S2H_ENERGY_UNKNOWN when unknown */
	u32 drain_mpph;			/* the last drain measured, s2h_drain_measure(); 0: none */
	/*
	 * The sleep states (BIT(suspend_state_t)) in which the RTC's wakeup
	 * source was seen to count the wake of an armed suspend: there, its
	 * silence says that something else woke the system.
	 */
	unsigned int rtc_reports;
	bool battery_alarm;		/* the batteries' own alarms were set as it was armed */
	ktime_t cycle_start;		/* boottime of the suspend that started the cycle */
	/*
	 * Hibernation is out for this cycle - pre-flight failed, or every
	 * retry did: the alarm only watches the battery for the last resort.
	 */
	bool watch;
	suspend_state_t sleep_state;	/* what the alarm woke the system from */
	unsigned int attempts_failed;	/* hibernations, in the cycle the user started */
	/*
	 * s2h's own transitions are told from the user's by the task that
	 * starts them, the worker, while it is in pm_suspend() or hibernate().
	 */
	struct task_struct *transition_task;
	u32 rearm_sec;			/* the alarm of s2h's own next suspend, 0: none */
	/*
	 * Moved on by every action a wake decides and every transition of
	 * the user's: an action whose number is not the current one was
	 * superseded (s2h_supersede()) and does nothing.
	 */
	u64 action_seq;
	/*
	 * action_seq of the action decided last, taken as its work is queued:
	 * a transition of the user's before the work starts supersedes it too.
	 */
	u64 decided_seq;
	u64 own_seq;			/* action_seq of s2h's own transition going on */
	/*
	 * The alarm a suspend of the user's arms in the place of the action
	 * decided last, before that action takes hold (s2h_pending_alarm());
	 * 0: none pending.
	 */
	u32 pending_sec;
	enum s2h_handoff handoff;
	bool handoff_refused;		/* userspace let one go by: the cycle's are the kernel's */
	ktime_t woke_mono;		/* when that wake was seen: input since = the user */
	ktime_t deadline;		/* boottime at which the alarm was last due */
	ktime_t other_woke_at;		/* boottime of a wake no user caused, 0: none */
	/* In a dark wake since state_since, which the next suspend ends: s2h_count_dark(). */
	bool dark_woke;
	s64 dark_transit_ms;		/* the devices' suspend and resume of the sleep it ended */
	s64 dark_draw;			/* uW the batteries drew as it woke, 0 on mains */
	/* A suspend of the user's ended a settle of this cycle: s2h_settle_sec(). */
	bool settle_resuspended;

	/*
	 * Ordered: the work items put the system to sleep or into
	 * hibernation, and one must be over before the next starts.
	 * Not freezable: hibernation waits for busy freezable work, then
	 * aborts.
	 */
	struct workqueue_struct *wq;
	struct work_struct hibernate_work;
	struct work_struct sleep_work;
	struct work_struct poweroff_work;
	struct work_struct verify_work;
	struct work_struct handoff_end_work;
	/* Woken when a hibernation userspace started ends the handoff's wait. */
	wait_queue_head_t handoff_wait;
	/* Woken by the user's input or a suspend of the user's in a settle. */
	wait_queue_head_t settle_wait;
	/*
	 * The wake of an armed suspend that is not the alarm's, told and
	 * decided on after the resume (s2h_wake_work()). On an unbound
	 * queue of the system, not s2h.wq, whose work may start a suspend
	 * that waits for it (s2h_wake_settle()).
	 */
	struct delayed_work wake_work;
	/*
	 * Set as it is queued, cleared as it ends: whether there is a wake
	 * to wait for, known without the locks the workqueue's flush takes.
	 */
	bool wake_queued;
	/* The checks of the suspend that is starting: s2h_check_work(). */
	struct {
		/*
		 * A thread of their own at nice 19, not freezable: see
		 * s2h_check_worker_start(). Not s2h.wq: s2h's own suspends
		 * start from that queue's work.
		 */
		struct kthread_worker *worker;
		struct kthread_work work;
		/* Under s2h.lock: queued, not yet taken by s2h_arm_pending(). */
		bool pending;
		bool own_suspend;
		u32 continue_sec;		/* s2h_arm_delay()'s */
		/* The work's: set before it is queued, read once it is flushed. */
		bool verified_needed;
		u32 alarm_percent;		/* the batteries' alarms: battery_threshold */
		struct s2h_preflight pf;
		struct s2h_power pw;
	} check;
	/* The wake test's own suspend: waketest.c. */
	struct {
		struct work_struct work;
		/* The worker, while it suspends: the PM notifier tells its suspend by it. */
		struct task_struct *task;
		u32 delay_sec;
		bool armed;		/* its suspend got as far as the alarm */
		struct s2h_alarm alarm;
	} test;
	/* The checks a reader asks for (s2h_available()), run by the same thread. */
	struct {
		/* Serializes the readers; protects the fields below. */
		struct mutex lock;
		struct kthread_work work;
		bool verified_needed;
		u32 handoff_sec;		/* for the advice */
		bool hybrid;
		struct s2h_preflight pf;
	} reader;
	struct notifier_block pm_nb;
};

extern struct s2h s2h;

/* state.c: the cycle's state and its transitions */
void s2h_event(enum s2h_event event, const struct s2h_event_info *info);
bool s2h_queue(struct work_struct *work);
void s2h_wake_settle(void);
void s2h_set_state_at(enum s2h_state state, ktime_t now);
void s2h_set_state(enum s2h_state state);
void s2h_count_idle(ktime_t now);
void s2h_count_dark(ktime_t now);
u32 s2h_supersede(void);
u64 s2h_action_begin(void);
bool s2h_action_dropped(u64 seq, const char *what);
void s2h_own_transition_begin(u32 rearm_sec, u64 seq);
void s2h_own_transition_end(void);

/* arm.c: a suspend starts */
bool s2h_verified_needed(void);
void s2h_delays_get(struct s2h_delays *d);
bool s2h_last_resort_on(const struct s2h_power *pw);
void s2h_check_work(struct kthread_work *work);
int s2h_suspend_prepare(void);
void s2h_devices_prepare(void);
bool s2h_arm_pending(void);

/* wake.c: it ended */
void s2h_wake_work(struct work_struct *work);
u32 s2h_wake_evidence(struct s2h_wake_facts *f);
void s2h_post_suspend(void);

/* waketest.c: the wake test's suspend */
void s2h_wake_test_init(void);
void s2h_wake_test_exit(void);
bool s2h_wake_test_prepare(void);
bool s2h_wake_test_woke(void);
void s2h_wake_test_work(struct work_struct *work);

/* action.c: what the wake decided */
void s2h_sleep_work(struct work_struct *work);
int s2h_hibernation_result(int err, ktime_t since, struct s2h_wake_source *src);
void s2h_hibernate_work(struct work_struct *work);
void s2h_handoff_end_work(struct work_struct *work);
void s2h_poweroff_work(struct work_struct *work);

#endif /* _S2H_CYCLE_H */
