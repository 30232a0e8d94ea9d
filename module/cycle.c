// SPDX-License-Identifier: GPL-2.0
/*
 * One suspend cycle: check that hibernation could resume and arm the alarm
 * when a suspend starts, decide how the system woke when it ends, and
 * hibernate, go back to sleep for another check, or - when hibernation
 * fails - go back to sleep to retry, from a work item, never from the
 * notifier: PM notifiers run under the system transition lock that
 * hibernate() and pm_suspend() take.
 */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/reboot.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "alarm.h"
#include "compat.h"
#include "decide.h"
#include "hibernate.h"
#include "image.h"
#include "overhead.h"
#include "power.h"
#include "s2h.h"
#include "sleeptrace.h"
#include "thermal.h"
#include "trace.h"

/* A hibernation s2h asked userspace for (handoff_sec). */
enum s2h_handoff {
	S2H_HANDOFF_NONE,
	S2H_HANDOFF_WAITING,	/* asked, no hibernation started yet */
	S2H_HANDOFF_TAKEN,	/* userspace's hibernation runs */
};

static struct s2h {
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
	struct s2h_history history;	/* the last cycles, for the netlink dump */
	/* The cycle going on, or the last one: in history, or no_cycle before the first. */
	struct s2h_cycle_record *last;
	struct s2h_cycle_record no_cycle;
	ktime_t state_since;		/* boottime of the last change of state */
	struct s2h_alarm alarm;
	int battery_armed;		/* percent when the alarm was armed */
	u32 drain_mpph;			/* the last drain measured, s2h_drain_rate(); 0: none */
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
	/* The checks a reader asks for (s2h_available()), run by the same thread. */
	struct {
		/* Serializes the readers; protects the fields below. */
		struct mutex lock;
		struct kthread_work work;
		bool verified_needed;
		struct s2h_preflight pf;
	} reader;
	struct notifier_block pm_nb;
} s2h;

static const enum s2h_stat s2h_wake_stat[__S2H_WAKE_MAX] = {
	[S2H_WAKE_ALARM] = S2H_STAT_ALARM_WAKES,
	[S2H_WAKE_EARLY] = S2H_STAT_EARLY_WAKES,
	[S2H_WAKE_ABORTED] = S2H_STAT_ABORTED,
	[S2H_WAKE_OTHER] = S2H_STAT_OTHER_WAKES,
};

static const enum s2h_event s2h_wake_event[__S2H_WAKE_MAX] = {
	[S2H_WAKE_ALARM] = S2H_EVENT_ALARM_WAKE,
	[S2H_WAKE_EARLY] = S2H_EVENT_EARLY_WAKE,
	[S2H_WAKE_ABORTED] = S2H_EVENT_ABORTED,
	[S2H_WAKE_OTHER] = S2H_EVENT_OTHER_WAKE,
};

static const char * const s2h_rtc_evidence_name[] = {
	[S2H_RTC_UNKNOWN] = "no rtc wakeup source",
	[S2H_RTC_SILENT] = "rtc silent",
	[S2H_RTC_WOKE] = "rtc woke",
};

static const char * const s2h_sleep_evidence_name[] = {
	[S2H_SLEEP_UNKNOWN] = "no tracepoint",
	[S2H_SLEEP_NOT_REACHED] = "sleep not reached",
	[S2H_SLEEP_REACHED] = "sleep reached",
};

static const char * const s2h_source_evidence_name[] = {
	[S2H_SOURCE_NONE] = "no other wakeup source",
	[S2H_SOURCE_OTHER] = "another wakeup source",
	[S2H_SOURCE_BATTERY] = "the battery's alarm",
	[S2H_SOURCE_INPUT] = "an input device",
};

/*
 * Protects s2h_event_fn_cur and is held while an event is told, so that no
 * event is in flight once s2h_event_listen(NULL) returned. Never held with
 * s2h.lock: the listener may sleep.
 */
static DEFINE_MUTEX(s2h_event_lock);
static s2h_event_fn s2h_event_fn_cur;

/**
 * s2h_event_listen() - set who is told of the cycle's events
 * @fn: the listener, or NULL for none
 *
 * Once it returns with NULL, no call of the old listener runs.
 */
void s2h_event_listen(s2h_event_fn fn)
{
	mutex_lock(&s2h_event_lock);
	s2h_event_fn_cur = fn;
	mutex_unlock(&s2h_event_lock);
}

/* @info may be NULL for the events that carry nothing. */
static void s2h_event(enum s2h_event event, const struct s2h_event_info *info)
{
	static const struct s2h_event_info none;

	if (WARN_ON_ONCE(event >= __S2H_EVENT_MAX))
		return;
	mutex_lock(&s2h_event_lock);
	if (s2h_event_fn_cur)
		s2h_event_fn_cur(event, info ? info : &none);
	mutex_unlock(&s2h_event_lock);
}

/*
 * The work items that move the system hold the module: an rmmod waiting for
 * one to end would sleep uninterruptibly and keep the freezer from
 * freezing it. Each of them drops the reference at its end.
 */
static bool s2h_queue(struct work_struct *work)
{
	if (!try_module_get(THIS_MODULE))
		return false;
	if (!queue_work(s2h.wq, work))
		module_put(THIS_MODULE);
	return true;
}

/*
 * The last suspend's wake has been told and decided on: before anyone
 * reads what it changed, and before the next transition, which would
 * count as the user's in the wake's decision.
 */
static void s2h_wake_settle(void)
{
	/* Pairs with the release at the end of s2h_wake_work(). */
	if (smp_load_acquire(&s2h.wake_queued))
		flush_delayed_work(&s2h.wake_work);
}

/*
 * The time in the state left goes to the cycle's record. Not idle's: the
 * system is the user's then, but between two suspends of one cycle
 * (s2h_count_idle()).
 */
static void s2h_set_state_at(enum s2h_state state, ktime_t now)
{
	lockdep_assert_held(&s2h.lock);

	/* The wait for userspace's hibernation is part of hibernating. */
	if (s2h.state == S2H_STATE_HANDOFF)
		s2h.last->state_ms[S2H_STATE_HIBERNATING] += ktime_ms_delta(now, s2h.state_since);
	else if (s2h.state != S2H_STATE_IDLE)
		s2h.last->state_ms[s2h.state] += ktime_ms_delta(now, s2h.state_since);
	s2h.state = state;
	s2h.state_since = now;
}

static void s2h_set_state(enum s2h_state state)
{
	s2h_set_state_at(state, ktime_get_boottime());
}

/* A suspend goes on with the cycle: the time awake since its last wake is the cycle's. */
static void s2h_count_idle(ktime_t now)
{
	lockdep_assert_held(&s2h.lock);

	s2h.last->state_ms[S2H_STATE_IDLE] += ktime_ms_delta(now, s2h.state_since);
}

static bool s2h_should_arm(bool own_suspend)
{
	lockdep_assert_held(&s2h.lock);

	if (!s2h.config.enabled || s2h.state != S2H_STATE_IDLE)
		return false;
	return !own_suspend || s2h.rearm_sec;
}

/*
 * A transition of the user's while an action s2h decided has not taken
 * hold - the lid closed again while s2h waits for userspace to hibernate,
 * or before s2h's hibernation or its suspend for a retry started - takes
 * the action's place: the action, when it runs, finds it was superseded
 * and does nothing, and a suspend goes on with the cycle, armed as the
 * action's own suspend would have been. A suspend is never left without
 * its alarm for being started while s2h was busy.
 *
 * Return: that alarm, 0 when no action was pending.
 */
static u32 s2h_supersede(void)
{
	u32 sec = s2h.pending_sec;

	lockdep_assert_held(&s2h.lock);

	s2h.action_seq++;
	s2h.pending_sec = 0;
	if (s2h.handoff == S2H_HANDOFF_WAITING) {
		s2h.handoff = S2H_HANDOFF_NONE;
		s2h.handoff_refused = true;
		s2h.stats[S2H_STAT_HANDOFF_FALLBACKS]++;
		wake_up(&s2h.handoff_wait);
	}
	if (sec || s2h.state != S2H_STATE_IDLE)
		pr_info("a suspend or hibernation of the user's before s2h's own: it takes its place\n");
	if (s2h.state != S2H_STATE_IDLE)
		s2h_set_state(S2H_STATE_IDLE);
	return sec;
}

static bool s2h_verified_needed(void)
{
	lockdep_assert_held(&s2h.lock);

	return s2h.config.require_verified && s2h.verify.result != S2H_VERIFY_PASSED;
}

static void s2h_delays_get(struct s2h_delays *d)
{
	lockdep_assert_held(&s2h.lock);

	*d = (struct s2h_delays) {
		.delay_sec = s2h.config.delay_sec,
		.delay_low_sec = s2h.config.delay_low_sec,
		.battery_high = s2h.config.battery_high,
		.ac_delay_sec = s2h.config.ac_delay_sec,
	};
}

/* How long the alarm of a suspend the user started is armed for. */
static u32 s2h_first_delay(const struct s2h_power *pw)
{
	struct s2h_delays d;
	u32 next;

	lockdep_assert_held(&s2h.lock);

	if (s2h.watch || (s2h.config.policy == S2H_POLICY_BATTERY && pw->battery >= 0))
		return s2h.config.battery_check_sec;
	s2h_delays_get(&d);
	next = s2h_next_alarm(s2h_cycle_delay(&d, pw->on_ac, pw->battery), 0,
			      s2h.config.battery_check_sec,
			      s2h.config.drain_budget && pw->battery >= 0 && !pw->on_ac);
	return s2h_drain_watch(next, pw->on_ac ? S2H_BATTERY_UNKNOWN : pw->battery,
			       s2h.config.battery_threshold, s2h.drain_mpph,
			       s2h.config.battery_check_sec, pw->alarm);
}

/*
 * The last resort can watch this system: it is on, and there is a battery
 * to watch. A desktop never wakes for it.
 */
static bool s2h_last_resort_on(const struct s2h_power *pw)
{
	lockdep_assert_held(&s2h.lock);

	return s2h.config.battery_critical && pw->battery >= 0;
}

/*
 * A suspend soon after a wake no user caused goes on with the cycle: its
 * alarm is due when the last one was. 0 when the cycle starts afresh.
 */
static u32 s2h_continued_delay(ktime_t now)
{
	lockdep_assert_held(&s2h.lock);

	if (!s2h.other_woke_at)
		return 0;
	return s2h_kept_delay(ktime_ms_delta(s2h.deadline, now),
			      ktime_ms_delta(now, s2h.other_woke_at));
}

static void s2h_start_cycle(const struct s2h_power *pw, ktime_t now)
{
	lockdep_assert_held(&s2h.lock);

	s2h.attempts_failed = 0;
	s2h.handoff_refused = false;
	s2h.cycle_start = now;
	s2h.last = s2h_history_start(&s2h.history);
	s2h.last->suspended_at = ktime_get_real_seconds();
	s2h.last->battery_start = pw->battery;
}

static void s2h_not_armed(const struct s2h_preflight *pf, bool watching)
{
	struct s2h_event_info ev = { .checks_failed = pf->failed };
	char why[160];

	s2h_preflight_format(pf, why, sizeof(why));
	pr_info("not armed, a pre-flight check failed: %s", why);
	if (watching)
		pr_info("watching the battery instead, for the last resort\n");
	s2h_event(S2H_EVENT_NOT_ARMED, &ev);
}

/*
 * The alarm of the suspend that is starting at @now, and the cycle it
 * belongs to; @continue_sec: the alarm of s2h's own suspend, or of one
 * that took the place of an action (s2h_supersede()), 0 for any other;
 * @hibernation_out: pre-flight failed, the alarm is the last resort's.
 */
static u32 s2h_arm_delay(u32 continue_sec, const struct s2h_power *pw, bool hibernation_out,
			 ktime_t now)
{
	u32 delay = continue_sec;

	lockdep_assert_held(&s2h.lock);

	if (!delay)
		delay = s2h_continued_delay(now);
	if (delay) {
		s2h_count_idle(now);
		s2h.watch |= hibernation_out;
		return delay;
	}
	s2h_start_cycle(pw, now);
	s2h.watch = hibernation_out;
	return s2h_first_delay(pw);
}

/*
 * Arms the alarm of the suspend whose checks just ran, or says why not.
 */
static void s2h_arm(const struct s2h_preflight *pf, const struct s2h_power *pw)
{
	bool own_suspend, watching = false;
	u32 delay_sec;
	ktime_t now;
	u64 cycle;

	mutex_lock(&s2h.lock);
	own_suspend = s2h.check.own_suspend;
	if (pf->failed) {
		s2h.stats[S2H_STAT_NOT_ARMED]++;
		watching = s2h_last_resort_on(pw);
		if (!watching) {
			s2h.other_woke_at = 0;
			mutex_unlock(&s2h.lock);
			s2h_not_armed(pf, false);
			return;
		}
	}
	/*
	 * The clock is read once for all of the arming: on some
	 * clocksources a reading costs more than the rest of it.
	 */
	now = ktime_get_boottime();
	delay_sec = s2h_arm_delay(s2h.check.continue_sec, pw, pf->failed, now);
	s2h.other_woke_at = 0;
	s2h.battery_armed = pw->battery;
	s2h.battery_alarm = pw->alarm;
	s2h_alarm_arm(&s2h.alarm, delay_sec, now);
	s2h.deadline = ktime_add(now, ktime_set(delay_sec, 0));
	s2h_set_state_at(S2H_STATE_ARMED, now);
	cycle = s2h.last->seq;
	mutex_unlock(&s2h.lock);

	/* Its event goes with the wake's (s2h_wake()). */
	trace_s2h_arm(cycle, delay_sec, pw->battery, own_suspend);
	if (pf->failed)
		s2h_not_armed(pf, watching);
	else
		pr_debug("armed: hibernating in %u s unless woken earlier\n", delay_sec);
}

/*
 * The checks of a suspend, started as it starts (s2h_suspend_prepare()),
 * and the arming they decide: both run while the freezer stops the
 * tasks, off the suspend's path, and the devices' phase waits for them
 * (s2h_arm_pending()).
 */
static void s2h_check_work(struct kthread_work *work)
{
	u64 start = s2h_overhead_start();

	s2h_preflight_run(&s2h.check.pf, s2h.check.verified_needed);
	s2h_power_read(&s2h.check.pw);
	s2h.check.pw.alarm = s2h_battery_alarm_set(s2h.check.alarm_percent);
	s2h_arm(&s2h.check.pf, &s2h.check.pw);
	s2h_overhead_add(S2H_OVERHEAD_CHECKS, start);
}

/*
 * Beside the freezer needs another CPU: on a single one the checks would
 * only take the freezer's time, and the tasks it waits for would freeze a
 * round of its waits later. There the notifier runs them, before the
 * freezer starts, as it always did.
 */
static void s2h_check_start(void)
{
	if (num_online_cpus() > 1)
		kthread_queue_work(s2h.check.worker, &s2h.check.work);
	else
		s2h_check_work(&s2h.check.work);
}

/*
 * Return: -EAGAIN for a suspend of s2h's own whose action was superseded
 * while it waited for the system transition lock: it must not sleep.
 */
static int s2h_suspend_prepare(void)
{
	bool own_suspend, check = false;
	u32 continue_sec;

	s2h_wake_settle();
	s2h_sleep_state_forget();
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_SUSPENDS]++;
	own_suspend = s2h.transition_task == current;
	if (own_suspend && s2h.own_seq != s2h.action_seq) {
		mutex_unlock(&s2h.lock);
		return -EAGAIN;
	}
	continue_sec = own_suspend ? s2h.rearm_sec : s2h_supersede();
	if (s2h_should_arm(own_suspend)) {
		s2h.check.verified_needed = s2h_verified_needed();
		s2h.check.alarm_percent = s2h.config.battery_threshold;
		s2h.check.own_suspend = own_suspend;
		s2h.check.continue_sec = continue_sec;
		s2h.check.pending = true;
		check = true;
	}
	mutex_unlock(&s2h.lock);
	if (check)
		s2h_check_start();
	return 0;
}

/*
 * The devices' phase waits for the checks and the arming that
 * s2h_suspend_prepare() queued: alarmtimer_suspend() programs the RTC for
 * the alarms armed by then. From s2h's device's .prepare callback, which
 * the PM core runs for every device before it suspends any, or at
 * PM_POST_SUSPEND, for a suspend that ended before its devices' phase (a
 * task that would not freeze, pm_test "freezer").
 * Return: false when there was nothing to wait for.
 */
static bool s2h_arm_pending(void)
{
	bool pending;

	mutex_lock(&s2h.lock);
	pending = s2h.check.pending;
	s2h.check.pending = false;
	mutex_unlock(&s2h.lock);
	/* The worker takes s2h.lock to arm: waited for without it. */
	if (pending)
		kthread_flush_work(&s2h.check.work);
	return pending;
}

/**
 * s2h_cycle_devices_prepare() - the devices' phase of a transition begins
 *
 * Called from the .prepare callback of s2h's device (image.c), in every
 * suspend and hibernation; only a suspend s2h checks has work here, and
 * only its time is counted.
 */
void s2h_cycle_devices_prepare(void)
{
	u64 start = s2h_overhead_start();

	if (s2h_arm_pending())
		s2h_overhead_add(S2H_OVERHEAD_DEVICE_PREPARE, start);
}

/* A thermal zone at thermal_limit hibernates now, before the policy has a say. */
static bool s2h_hot_now(void)
{
	struct s2h_heat heat;

	lockdep_assert_held(&s2h.lock);

	if (!s2h.config.thermal_limit)
		return false;
	s2h_heat_now(&heat);
	if (!s2h_too_hot(s2h.config.thermal_limit, heat.hottest))
		return false;
	pr_info("too hot: %s at %d millidegrees C, thermal_limit %u\n",
		heat.zone, heat.hottest, s2h.config.thermal_limit);
	return true;
}

/*
 * A suspend to idle whose hardware never reached its sleep state hibernates
 * now, with hibernate_no_hw_sleep: the machine burns its battery and heats.
 */
static bool s2h_sleepless_now(void)
{
	bool s2idle = s2h_last_sleep_state() == PM_SUSPEND_TO_IDLE;

	lockdep_assert_held(&s2h.lock);

	if (!s2h_no_hw_sleep(s2h.config.hibernate_no_hw_sleep, s2idle, s2h.last->hw_sleep_us))
		return false;
	pr_info("no hardware sleep in this suspend to idle: hibernating now\n");
	return true;
}

/*
 * The alarm woke the system: what the heat, the settings and the battery make
 * of it, decided on @pf.
 */
static struct s2h_decision s2h_decide_now(const struct s2h_wake_facts *facts,
					  struct s2h_power *pw, struct s2h_policy_facts *pf)
{
	struct s2h_delays d;
	u32 drain;

	lockdep_assert_held(&s2h.lock);

	s2h_power_read(pw);
	s2h_delays_get(&d);
	*pf = (struct s2h_policy_facts) {
		.policy = s2h.config.policy,
		.hibernate_on_ac = s2h.config.hibernate_on_ac,
		.battery_threshold = s2h.config.battery_threshold,
		.drain_budget = s2h.config.drain_budget,
		.battery_critical = s2h.config.battery_critical,
		.check_sec = s2h.config.battery_check_sec,
		.delay_sec = s2h_cycle_delay(&d, pw->on_ac, s2h.last->battery_start),
		.watch = s2h.watch,
		.on_ac = pw->on_ac,
		.battery = pw->battery,
		.battery_armed = s2h.battery_armed,
		.battery_start = s2h.last->battery_start,
		.elapsed_ms = facts->elapsed_ms,
		.cycle_ms = ktime_ms_delta(ktime_get_boottime(), s2h.cycle_start),
		.drain_mpph = s2h.drain_mpph,
		.battery_alarm = s2h.battery_alarm,
	};
	/* On battery, for the alarms of the cycles to come (s2h_drain_watch()). */
	drain = s2h_drain_rate(s2h.battery_armed, pw->battery, facts->elapsed_ms);
	if (drain && !pw->on_ac)
		s2h.drain_mpph = drain;
	if (s2h_hot_now())
		return (struct s2h_decision) { .action = S2H_DECISION_HIBERNATE,
					       .reason = S2H_REASON_THERMAL };
	if (s2h_sleepless_now())
		return (struct s2h_decision) { .action = S2H_DECISION_HIBERNATE,
					       .reason = S2H_REASON_NO_HW_SLEEP };
	return s2h_decide_alarm(pf);
}

/*
 * What the kernel says of the suspend that just ended, read once: the
 * decision (hibernate_no_hw_sleep) and the cycle's record use it. A suspend
 * that never slept has neither a wake IRQ nor a hardware sleep of its own.
 */
static void s2h_record_kernel_wake(enum s2h_wake wake)
{
	bool slept = wake != S2H_WAKE_ABORTED;

	lockdep_assert_held(&s2h.lock);

	s2h.last->wake_irq = slept ? s2h_wake_irq() : 0;
	s2h.last->hw_sleep_us = slept ? s2h_hw_sleep_us() : S2H_HW_SLEEP_UNKNOWN;
}

static void s2h_record_wake(enum s2h_wake wake, const struct s2h_decision *d,
			    const struct s2h_power *pw, const struct s2h_wake_source *src)
{
	lockdep_assert_held(&s2h.lock);

	s2h.last_wake = wake;
	s2h.stats[s2h_wake_stat[wake]]++;
	s2h.last->woke_at = ktime_get_real_seconds();
	s2h.last->wake = wake;
	/*
	 * Once a hibernation of the cycle failed, that stays its news
	 * (decision and result) through the wakes that follow - the retries',
	 * the last resort's checks, the user's - but for a power-off.
	 */
	if (!s2h.attempts_failed || d->action == S2H_DECISION_POWER_OFF)
		s2h.last->decision = d->action;
	strscpy(s2h.last->wake_source, src->name, sizeof(s2h.last->wake_source));
	if (wake != S2H_WAKE_ABORTED)
		s2h_history_add_wake(s2h.last, pw->battery);
	s2h.woke_mono = ktime_get();
	if (wake == S2H_WAKE_OTHER) {
		s2h.other_woke_at = ktime_get_boottime();
		s2h.last->other_wakes++;
	}
	/* Only the alarm's wakes are measured: the user's stay quick. */
	if (wake == S2H_WAKE_ALARM) {
		s2h.last->battery_wake = pw->battery;
		s2h.last->on_ac = pw->on_ac;
	}
}

/* An early hibernation counts under its reason; the delay's is no news. */
static void s2h_count_reason(enum s2h_reason reason)
{
	lockdep_assert_held(&s2h.lock);

	switch (reason) {
	case S2H_REASON_BATTERY_LOW:
	case S2H_REASON_BATTERY_PROJECTED:
		s2h.stats[S2H_STAT_BATTERY_HIBERNATIONS]++;
		break;
	case S2H_REASON_THERMAL:
		s2h.stats[S2H_STAT_THERMAL_HIBERNATIONS]++;
		break;
	case S2H_REASON_NO_HW_SLEEP:
		s2h.stats[S2H_STAT_NO_HW_SLEEP_HIBERNATIONS]++;
		break;
	case S2H_REASON_DRAIN_BUDGET:
		s2h.stats[S2H_STAT_DRAIN_HIBERNATIONS]++;
		break;
	default:
		break;
	}
}

/*
 * The state and counters of what the decision on @wake starts. A wake that
 * decides nothing ends the action pending, but for an aborted suspend of
 * s2h's own, whose work tries again.
 */
static void s2h_begin_action(enum s2h_wake wake, const struct s2h_decision *d)
{
	lockdep_assert_held(&s2h.lock);

	if (d->action != S2H_DECISION_NONE) {
		s2h.decided_seq = ++s2h.action_seq;
		s2h.pending_sec = s2h_pending_alarm(d);
	} else if (wake != S2H_WAKE_ABORTED) {
		s2h.pending_sec = 0;
	}

	s2h_set_state(d->action == S2H_DECISION_HIBERNATE ? S2H_STATE_HIBERNATING :
		      S2H_STATE_IDLE);
	switch (d->action) {
	case S2H_DECISION_HIBERNATE:
		s2h_count_reason(d->reason);
		break;
	case S2H_DECISION_SLEEP_AGAIN:
		s2h.stats[S2H_STAT_DARK_WAKES]++;
		s2h.last->dark_wakes++;
		s2h.rearm_sec = d->rearm_sec;
		break;
	default:
		break;
	}
}

static struct work_struct *s2h_action_work(enum s2h_decision_kind action)
{
	switch (action) {
	case S2H_DECISION_HIBERNATE:
		return &s2h.hibernate_work;
	case S2H_DECISION_SLEEP_AGAIN:
		return &s2h.sleep_work;
	case S2H_DECISION_POWER_OFF:
		return &s2h.poweroff_work;
	default:
		return NULL;
	}
}

/* Queued once the wake is told, so that its events come first. */
static void s2h_start_action(const struct s2h_decision *d)
{
	struct work_struct *work = s2h_action_work(d->action);

	if (!work || s2h_queue(work))
		return;
	pr_warn("being unloaded: not acting on the wake\n");
	mutex_lock(&s2h.lock);
	s2h_set_state(S2H_STATE_IDLE);
	mutex_unlock(&s2h.lock);
}

/*
 * The wake of an armed suspend, whose times s2h_post_suspend() took: in
 * the notifier for a wake that may be the alarm's, else once the resume
 * is over (s2h_wake_work()). What else the wake is judged on changes only
 * in the next transition, which waits for the work (s2h_wake_settle()),
 * but for the wakeup sources' events: one since the resume is the user's,
 * as s2h_action_dropped() would find before acting. The alarm's event is
 * told here too: its listeners were frozen since.
 */
static void s2h_wake(void)
{
	struct s2h_power pw = { .battery = S2H_BATTERY_UNKNOWN };
	struct s2h_decision d = { .action = S2H_DECISION_NONE };
	struct s2h_event_info ev = {};
	struct s2h_policy_facts pf = {};
	struct s2h_wake_source src;
	struct s2h_wake_facts facts;
	u64 start = s2h_overhead_start();
	enum s2h_wake wake;
	u64 cycle;

	mutex_lock(&s2h.lock);
	s2h_alarm_disarm(&s2h.alarm, &facts, &src);
	wake = s2h_classify_wake(&facts);
	s2h_record_kernel_wake(wake);
	if (wake == S2H_WAKE_ALARM) {
		d = s2h_decide_now(&facts, &pw, &pf);
		s2h.sleep_state = s2h_last_sleep_state();
	}
	s2h_record_wake(wake, &d, &pw, &src);
	s2h_begin_action(wake, &d);
	cycle = s2h.last->seq;
	mutex_unlock(&s2h.lock);

	ev.delay_sec = facts.delay_sec;
	s2h_event(S2H_EVENT_ARMED, &ev);
	trace_s2h_wake(cycle, wake, &facts, src.name);
	if (wake == S2H_WAKE_ALARM)
		trace_s2h_decision(cycle, &d, &pf);
	pr_info("%s wake after %lld ms, alarm due at %u s (%lld ms asleep by timekeeping, %s, %s, %s, named: %s): %s\n",
		s2h_wake_name(wake), facts.elapsed_ms, facts.delay_sec, facts.slept_ms,
		s2h_sleep_evidence_name[facts.sleep],
		s2h_rtc_evidence_name[facts.rtc], s2h_source_evidence_name[src.evidence],
		src.name[0] ? src.name : "none", s2h_decision_name(d.action));
	s2h_event(s2h_wake_event[wake], NULL);
	if (d.action == S2H_DECISION_SLEEP_AGAIN) {
		pr_info("back to sleep: battery %d %%, next alarm in %u s (0: none)\n",
			pw.battery, d.rearm_sec);
		ev.battery = pw.battery;
		s2h_event(S2H_EVENT_SLEEP_AGAIN, &ev);
	}
	s2h_start_action(&d);
	s2h_overhead_add(S2H_OVERHEAD_WAKE, start);
}

static void s2h_wake_work(struct work_struct *work)
{
	s2h_wake();
	/* Pairs with s2h_wake_settle(): who sees it done sees all it did. */
	smp_store_release(&s2h.wake_queued, false);
}

/*
 * The suspend has ended: the wake's times are taken now. A wake that may
 * be the alarm's is a dark one, which nobody waits for but s2h's
 * decision: decided on here, as soon as can be. Any other is the user's
 * or another source's, whose resume the user waits for: the rest is
 * done after it (s2h_wake_work()), a jiffy later, as queueing work would
 * wake a worker inside the resume where a timer is only added.
 */
static void s2h_post_suspend(void)
{
	struct s2h_wake_facts times;
	bool later;

	s2h_arm_pending();
	mutex_lock(&s2h.lock);
	if (s2h.state != S2H_STATE_ARMED) {
		mutex_unlock(&s2h.lock);
		return;
	}
	s2h_alarm_woke(&s2h.alarm, &times);
	later = !s2h_wake_urgent(&times);
	WRITE_ONCE(s2h.wake_queued, later);
	mutex_unlock(&s2h.lock);

	if (later)
		queue_delayed_work(system_unbound_wq, &s2h.wake_work, 1);
	else
		s2h_wake();
}

/* The number of the action a work item acts for: see s2h_action_dropped(). */
static u64 s2h_action_begin(void)
{
	u64 seq;

	mutex_lock(&s2h.lock);
	seq = s2h.decided_seq;
	mutex_unlock(&s2h.lock);
	return seq;
}

/* The user is back: what s2h was about to do is dropped, the system stays up. */
static void s2h_cancel(const char *what)
{
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_CANCELLED]++;
	s2h.pending_sec = 0;
	s2h_set_state(S2H_STATE_IDLE);
	mutex_unlock(&s2h.lock);
	pr_info("the user is back: no %s\n", what);
	s2h_event(S2H_EVENT_CANCELLED, NULL);
}

/*
 * Whether the action @seq, about to do @what, must not: a transition of
 * the user's superseded it (s2h_supersede(): its state is that one's
 * now), or the user is back - an input device had a wakeup event since
 * the wake - and the action is cancelled.
 */
static bool s2h_action_dropped(u64 seq, const char *what)
{
	bool superseded;
	ktime_t woke;

	mutex_lock(&s2h.lock);
	superseded = seq != s2h.action_seq;
	woke = s2h.woke_mono;
	mutex_unlock(&s2h.lock);
	if (superseded) {
		pr_info("superseded by a transition of the user's: no %s\n", what);
		return true;
	}
	if (!s2h_input_since(woke))
		return false;
	s2h_cancel(what);
	return true;
}

/*
 * The end of a hibernation userspace started when asked is told from the
 * work queue: it may have to put the system back to sleep.
 */
static void s2h_post_hibernation(void)
{
	bool handed_off;

	mutex_lock(&s2h.lock);
	handed_off = s2h.handoff == S2H_HANDOFF_TAKEN;
	s2h.handoff = S2H_HANDOFF_NONE;
	if (s2h.state == S2H_STATE_HIBERNATING)
		s2h_set_state(S2H_STATE_RESUMING);
	/* Back from the image: a suspend before the work below starts a cycle of its own. */
	if (!s2h_image_error(s2h_image_end()))
		s2h.pending_sec = 0;
	mutex_unlock(&s2h.lock);
	if (handed_off && !s2h_queue(&s2h.handoff_end_work)) {
		mutex_lock(&s2h.lock);
		s2h_set_state(S2H_STATE_IDLE);
		mutex_unlock(&s2h.lock);
	}
}

/*
 * Any hibernation, once it holds the system transition lock. s2h's own is
 * stale when a suspend or hibernation of someone else took the lock first
 * and ended. Someone else's, while s2h waits for userspace to hibernate,
 * is the one it asked for.
 */
static int s2h_hibernation_prepare(void)
{
	int err = 0;

	s2h_wake_settle();
	s2h_image_watch_start();
	mutex_lock(&s2h.lock);
	if (s2h.transition_task == current) {
		if (s2h.own_seq != s2h.action_seq)
			err = -EAGAIN;
	} else if (s2h.handoff == S2H_HANDOFF_WAITING) {
		s2h.handoff = S2H_HANDOFF_TAKEN;
		s2h_set_state(S2H_STATE_HIBERNATING);
		s2h.stats[S2H_STAT_HANDOFFS]++;
		s2h.stats[S2H_STAT_HIBERNATIONS]++;
		wake_up(&s2h.handoff_wait);
	} else {
		s2h_supersede();
	}
	mutex_unlock(&s2h.lock);
	return err;
}

/*
 * Hibernation started by anyone else, and restoring an image, are left
 * alone: s2h only follows the suspends it armed for and its own hibernation.
 */
static int s2h_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	u64 start = s2h_overhead_start();

	switch (action) {
	case PM_SUSPEND_PREPARE: {
		int err = s2h_suspend_prepare();

		s2h_overhead_add(S2H_OVERHEAD_SUSPEND_PREPARE, start);
		return notifier_from_errno(err);
	}
	case PM_POST_SUSPEND:
		s2h_post_suspend();
		s2h_overhead_add(S2H_OVERHEAD_POST_SUSPEND, start);
		break;
	case PM_HIBERNATION_PREPARE:
		return notifier_from_errno(s2h_hibernation_prepare());
	case PM_POST_HIBERNATION:
		s2h_post_hibernation();
		break;
	}
	return NOTIFY_DONE;
}

/*
 * One try at s2h's own transition for the action @seq: it is told by the
 * task that makes it, and a suspend arms its alarm for @rearm_sec (0:
 * none). The PM notifiers refuse it once the action was superseded.
 */
static void s2h_own_transition_begin(u32 rearm_sec, u64 seq)
{
	mutex_lock(&s2h.lock);
	s2h.transition_task = current;
	s2h.rearm_sec = rearm_sec;
	s2h.own_seq = seq;
	mutex_unlock(&s2h.lock);
}

/*
 * The end waits for the wake that ended s2h's suspend, whose work sets
 * rearm_sec for the next one (and tells its events before a failed try's),
 * and leaves that alone.
 */
static void s2h_own_transition_end(void)
{
	s2h_wake_settle();
	mutex_lock(&s2h.lock);
	s2h.transition_task = NULL;
	mutex_unlock(&s2h.lock);
}

static void s2h_sleep_failed(int err, unsigned int try)
{
	struct s2h_event_info ev = { .error = err };

	s2h_clear_wakeup_check();
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_SLEEP_FAILURES]++;
	mutex_unlock(&s2h.lock);
	pr_warn("going back to sleep failed (%pe), try %u of %u\n", ERR_PTR(err), try + 1,
		S2H_SLEEP_TRIES);
	s2h_event(S2H_EVENT_SLEEP_FAILED, &ev);
}

/*
 * Back into the state the alarm woke the system from, the alarm armed for
 * @rearm_sec if not 0. A device or task that refuses is given a few more
 * tries; the user coming back ends it.
 *
 * Return: 0 once the system slept and woke again, or the user is back;
 * the error of the last try when every one failed.
 */
static int s2h_go_back_to_sleep(u32 rearm_sec, u64 seq)
{
	suspend_state_t state;
	unsigned int try;
	int err = 0;

	for (try = 0; try < S2H_SLEEP_TRIES; try++) {
		if (try)
			msleep(s2h_sleep_retry_ms(try));
		if (s2h_action_dropped(seq, "going back to sleep"))
			return 0;
		mutex_lock(&s2h.lock);
		state = s2h.sleep_state;
		mutex_unlock(&s2h.lock);

		s2h_own_transition_begin(rearm_sec, seq);
		err = s2h_sleep_again(state);
		s2h_own_transition_end();
		/* -EAGAIN: superseded while it waited, see s2h_suspend_prepare(). */
		if (!err || (err == -EAGAIN && s2h_action_dropped(seq, "going back to sleep")))
			return 0;
		s2h_sleep_failed(err, try);
	}
	return err;
}

static void s2h_hibernate_now(bool sleep_failed, u64 seq);

static void s2h_sleep_work(struct work_struct *work)
{
	u64 seq = s2h_action_begin();
	u32 rearm_sec;

	mutex_lock(&s2h.lock);
	rearm_sec = s2h.rearm_sec;
	mutex_unlock(&s2h.lock);

	/* A machine that cannot sleep must not stay awake in a bag. */
	if (s2h_go_back_to_sleep(rearm_sec, seq)) {
		pr_err("cannot go back to sleep: hibernating instead\n");
		s2h_hibernate_now(true, seq);
	}
	module_put(THIS_MODULE);
}

/*
 * A machine whose hibernation failed must not stay awake in a bag: put it
 * back to sleep, with the alarm armed for another try while the cycle has
 * retries left, each after a longer sleep, and without an alarm after
 * that, so that failures never loop.
 */
static void s2h_hibernate_failed(int err, u64 seq)
{
	struct s2h_event_info ev = {};
	struct s2h_power pw;
	u32 watch_sec = 0;

	s2h_power_read(&pw);
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_RESUSPENDS]++;
	s2h.attempts_failed++;
	if (s2h.attempts_failed <= s2h.config.retries) {
		ev.delay_sec = s2h_retry_delay(s2h.config.delay_sec, s2h.attempts_failed);
		s2h.stats[S2H_STAT_HIBERNATE_RETRIES]++;
	} else if (s2h_last_resort_on(&pw)) {
		s2h.watch = true;
		watch_sec = s2h.config.battery_check_sec;
	}
	if (seq == s2h.action_seq)
		s2h.pending_sec = ev.delay_sec ? ev.delay_sec : watch_sec;
	mutex_unlock(&s2h.lock);

	if (ev.delay_sec) {
		pr_err("hibernation failed (%pe): going back to sleep, next try in %u s\n",
		       ERR_PTR(err), ev.delay_sec);
		s2h_event(S2H_EVENT_HIBERNATE_RETRY, &ev);
	} else if (watch_sec) {
		pr_err("hibernation failed (%pe): going back to sleep, watching the battery every %u s for the last resort\n",
		       ERR_PTR(err), watch_sec);
	} else {
		pr_err("hibernation failed (%pe): going back to sleep without an alarm\n",
		       ERR_PTR(err));
	}
	err = s2h_go_back_to_sleep(ev.delay_sec ? ev.delay_sec : watch_sec, seq);
	if (err)
		pr_err("cannot hibernate nor go back to sleep (%pe): the system stays up\n",
		       ERR_PTR(err));
}

static const char * const s2h_image_end_name[] = {
	[S2H_IMAGE_NONE] = "no image came back",
	[S2H_IMAGE_RESTORED] = "restored from its image",
	[S2H_IMAGE_RESUMED] = "back from memory, its image written",
	[S2H_IMAGE_UNDONE_EARLY] = "undone before the image was made",
	[S2H_IMAGE_UNDONE_LATE] = "undone after the image was written",
};

/*
 * The error of a hibernation that started at monotonic @since and
 * returned @err, and whose wakeup event failed or undid it: a wakeup
 * source with an event since, in @src.
 */
static int s2h_hibernation_result(int err, ktime_t since, struct s2h_wake_source *src)
{
	enum s2h_image_end end = s2h_image_end();

	if (!err)
		err = s2h_image_error(end);
	if (!err) {
		src->evidence = S2H_SOURCE_NONE;
		src->name[0] = '\0';
		return 0;
	}
	s2h_wake_sources_since(since, src);
	if (end == S2H_IMAGE_UNDONE_EARLY || end == S2H_IMAGE_UNDONE_LATE) {
		/* Undone for a wakeup event, whether or not s2h can name its source. */
		if (src->evidence == S2H_SOURCE_NONE)
			src->evidence = S2H_SOURCE_OTHER;
		pr_warn("hibernation %s by the kernel, a wakeup event of %s\n",
			s2h_image_end_name[end], src->name[0] ? src->name : "an unnamed source");
	} else if (src->name[0])
		pr_warn("hibernation failed (%pe) after a wakeup event of %s\n", ERR_PTR(err),
			src->name);
	return err;
}

/*
 * The end of s2h's hibernation for the action @seq, @err as
 * s2h_hibernation_result() made it, @src the wakeup source that failed or
 * undid it: a failure goes back to sleep for another try (unless
 * @sleep_failed: the system cannot), or stays up when the user is back.
 */
static void s2h_hibernation_ended(int err, const struct s2h_wake_source *src,
				  bool sleep_failed, u64 seq)
{
	struct s2h_event_info ev = { .error = err };
	unsigned int attempt;
	bool hybrid;
	u64 cycle;

	mutex_lock(&s2h.lock);
	s2h.last->result = ev.error;
	/* As the failure's decision, the news of the cycle: a later try does not clear it. */
	if (src->name[0])
		strscpy(s2h.last->undone_by, src->name, sizeof(s2h.last->undone_by));
	if (err && src->evidence != S2H_SOURCE_NONE)
		s2h.stats[S2H_STAT_HIBERNATIONS_UNDONE]++;
	attempt = s2h.attempts_failed + 1;
	hybrid = s2h.config.hibernate_mode == S2H_MODE_SUSPEND;
	cycle = s2h.last->seq;
	mutex_unlock(&s2h.lock);
	trace_s2h_hibernate(cycle, ev.error, hybrid, attempt);
	s2h_event(S2H_EVENT_HIBERNATE_RESULT, &ev);
	if (ev.error) {
		s2h_clear_wakeup_check();
		if (s2h_action_dropped(seq, "retry of the hibernation"))
			return;
		mutex_lock(&s2h.lock);
		s2h.stats[S2H_STAT_HIBERNATE_FAILURES]++;
		s2h_set_state(S2H_STATE_IDLE);
		mutex_unlock(&s2h.lock);
		if (sleep_failed)
			pr_err("cannot hibernate nor go back to sleep (%pe): the system stays up\n",
			       ERR_PTR(ev.error));
		else
			s2h_hibernate_failed(ev.error, seq);
		return;
	}

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_RESUMES]++;
	if (seq == s2h.action_seq) {
		s2h.pending_sec = 0;
		s2h_set_state(S2H_STATE_IDLE);
	}
	mutex_unlock(&s2h.lock);
	pr_info("resumed from hibernation\n");
	s2h_event(S2H_EVENT_RESUMED, NULL);
}

/*
 * s2h's hibernation for the action @seq, the one the alarm asked for or
 * the way out when the system cannot go back to sleep (@sleep_failed: then
 * a failure cannot go back to sleep either).
 */
static void s2h_hibernate_now(bool sleep_failed, u64 seq)
{
	struct s2h_wake_source src;
	const char *disk_mode;
	ktime_t since;
	int err;

	if (s2h_action_dropped(seq, "hibernation"))
		return;
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_HIBERNATIONS]++;
	s2h_set_state(S2H_STATE_HIBERNATING);
	disk_mode = s2h.config.hibernate_mode == S2H_MODE_SUSPEND ? S2H_DISK_SUSPEND : NULL;
	mutex_unlock(&s2h.lock);

	pr_info("starting hibernation\n");
	s2h_event(S2H_EVENT_HIBERNATE_START, NULL);
	since = ktime_get();
	s2h_own_transition_begin(0, seq);
	err = s2h_arm_wakeup_check();
	if (!err)
		err = s2h_hibernate(disk_mode);
	s2h_own_transition_end();
	/* Refused by s2h_hibernation_prepare(): there is no hibernation to tell of. */
	if (err == -EAGAIN && s2h_action_dropped(seq, "hibernation"))
		return;
	err = s2h_hibernation_result(err, since, &src);
	s2h_hibernation_ended(err, &src, sleep_failed, seq);
}

/*
 * The hibernation the alarm asked for, handed to userspace when
 * handoff_sec says so: systemd runs its sleep hooks and the units of
 * systemd-hibernate.service (nvidia-hibernate.service...) around a
 * hibernation it starts, never around one s2h starts. When none starts
 * within handoff_sec - nobody listens, systemd refuses or hangs - s2h
 * hibernates itself: the system never stays up for want of an answer, and
 * the cycle's later hibernations are s2h's own. A suspend in the wait
 * (logind's, for a lid still closed) takes its place (s2h_supersede()).
 *
 * Return: true when nothing is left to do: userspace's hibernation started
 * (s2h_post_hibernation() sees its end), or a suspend took its place.
 */
static bool s2h_hand_off(void)
{
	struct s2h_event_info ev = {};
	enum s2h_handoff handoff;
	u32 sec;

	mutex_lock(&s2h.lock);
	ev.config = s2h.config;
	sec = s2h.handoff_refused ? 0 : ev.config.handoff_sec;
	if (sec) {
		s2h.handoff = S2H_HANDOFF_WAITING;
		s2h_set_state(S2H_STATE_HANDOFF);
	}
	mutex_unlock(&s2h.lock);
	if (!sec)
		return false;

	pr_info("asking userspace to hibernate within %u s\n", sec);
	s2h_event(S2H_EVENT_HANDOFF, &ev);
	/* Idle, not uninterruptible: the wait may outlast the hung task timeout. */
	wait_event_idle_timeout(s2h.handoff_wait,
				READ_ONCE(s2h.handoff) != S2H_HANDOFF_WAITING,
				sec * HZ);

	mutex_lock(&s2h.lock);
	handoff = s2h.handoff;
	if (handoff == S2H_HANDOFF_WAITING) {
		s2h.handoff = S2H_HANDOFF_NONE;
		s2h.handoff_refused = true;
		s2h_set_state(S2H_STATE_HIBERNATING);
		s2h.stats[S2H_STAT_HANDOFF_FALLBACKS]++;
	}
	mutex_unlock(&s2h.lock);

	switch (handoff) {
	case S2H_HANDOFF_WAITING:
		pr_warn("userspace did not hibernate within %u s: hibernating in the kernel\n",
			sec);
		return false;
	case S2H_HANDOFF_TAKEN:
		pr_info("userspace started hibernating\n");
		s2h_event(S2H_EVENT_HIBERNATE_START, NULL);
		return true;
	default:
		pr_warn("userspace suspended instead of hibernating: the suspend's alarm will hibernate in the kernel\n");
		return true;
	}
}

static void s2h_hibernate_work(struct work_struct *work)
{
	u64 seq = s2h_action_begin();

	if (!s2h_action_dropped(seq, "hibernation") && !s2h_hand_off())
		s2h_hibernate_now(false, seq);
	module_put(THIS_MODULE);
}

/*
 * userspace's hibernation tells s2h nothing of how it went but what s2h's
 * device saw (image.c): anything but a system back from its image, or
 * from memory after writing it, is a failure, handled as s2h's own.
 */
static void s2h_handoff_end_work(struct work_struct *work)
{
	u64 seq = s2h_action_begin();
	struct s2h_wake_source src;
	ktime_t woke;
	int err;

	mutex_lock(&s2h.lock);
	woke = s2h.woke_mono;
	mutex_unlock(&s2h.lock);
	err = s2h_hibernation_result(0, woke, &src);
	if (err == -EIO)
		pr_err("the hibernation userspace started did not write an image (see its log)\n");
	s2h_hibernation_ended(err, &src, false, seq);
	module_put(THIS_MODULE);
}

/*
 * The last resort: hibernation is out and the battery is about to die in
 * suspend, which would lose all that is not on disk. The init system
 * shuts down in order (poweroff_cmd); if it cannot be started, the kernel
 * syncs and powers off itself, and if it hangs, the kernel powers off
 * without a sync S2H_POWEROFF_FORCE_MS later (hardware protection).
 */
static void s2h_poweroff_work(struct work_struct *work)
{
	struct s2h_event_info ev = {};

	if (s2h_action_dropped(s2h_action_begin(), "power-off"))
		goto out;
	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_POWER_OFFS]++;
	ev.battery = s2h.last->battery_wake;
	mutex_unlock(&s2h.lock);

	pr_crit("battery at %d %%, hibernation out: powering off in order\n", ev.battery);
	s2h_event(S2H_EVENT_POWER_OFF, &ev);
	s2h_hw_protection_poweroff("s2h: battery critical, hibernation out",
				   S2H_POWEROFF_FORCE_MS);
out:
	module_put(THIS_MODULE);
}

/*
 * A hibernation that goes all the way back: the image written and restored
 * (compat.h says how on this kernel). Boottime, as it counts a reboot too.
 */
static void s2h_verify_work(struct work_struct *work)
{
	struct s2h_event_info ev = {};
	ktime_t start = ktime_get_boottime();
	ktime_t since = ktime_get();
	struct s2h_wake_source src;
	int err;

	pr_info("dry run: hibernating in %s mode\n", S2H_DRY_RUN_DISK_MODE);
	err = s2h_hibernate(S2H_DRY_RUN_DISK_MODE);
	err = s2h_hibernation_result(err, since, &src);

	mutex_lock(&s2h.lock);
	s2h.verify.result = err ? S2H_VERIFY_FAILED : S2H_VERIFY_PASSED;
	s2h.verify.time = ktime_get_real_seconds();
	s2h.verify.duration_ms = ktime_ms_delta(ktime_get_boottime(), start);
	s2h.verify.error = err;
	ev.verify = s2h.verify;
	mutex_unlock(&s2h.lock);

	if (err)
		pr_warn("dry run failed (%pe): hibernation would not resume\n", ERR_PTR(err));
	else
		pr_info("dry run passed in %u ms\n", ev.verify.duration_ms);
	s2h_event(S2H_EVENT_VERIFY_RESULT, &ev);
	module_put(THIS_MODULE);
}

/**
 * s2h_verify_start() - start a dry run of hibernation
 *
 * Return: 0 once started (its end is told by an event), -EBUSY while one
 * runs, -ENODEV while the module is being unloaded.
 */
int s2h_verify_start(void)
{
	enum s2h_verify old;
	int err = 0;

	mutex_lock(&s2h.lock);
	old = s2h.verify.result;
	if (old == S2H_VERIFY_RUNNING)
		err = -EBUSY;
	else if (!s2h_queue(&s2h.verify_work))
		err = -ENODEV;
	else
		s2h.verify = (struct s2h_verify_status) { .result = S2H_VERIFY_RUNNING };
	mutex_unlock(&s2h.lock);
	return err;
}

/**
 * s2h_verify_restore() - take a dry run that passed in an earlier boot as passed
 * @time: when it passed, seconds since the epoch
 * @duration_ms: how long it took
 *
 * The result of a dry run lives as long as the module; userspace keeps the
 * record of one that passed and hands it back at each load when the kernel
 * and the resume device are the same, so that require_verified survives a
 * reboot. A dry run of this load always wins over the record.
 *
 * Return: 0; -EBUSY while a dry run runs; -EEXIST once one ran or was
 * restored since the module was loaded.
 */
int s2h_verify_restore(time64_t time, u32 duration_ms)
{
	struct s2h_event_info ev = {};

	mutex_lock(&s2h.lock);
	if (s2h.verify.result != S2H_VERIFY_NEVER) {
		mutex_unlock(&s2h.lock);
		return s2h.verify.result == S2H_VERIFY_RUNNING ? -EBUSY : -EEXIST;
	}
	s2h.verify = (struct s2h_verify_status) {
		.result = S2H_VERIFY_PASSED,
		.time = time,
		.duration_ms = duration_ms,
		.restored = true,
	};
	ev.verify = s2h.verify;
	mutex_unlock(&s2h.lock);

	pr_info("dry run of %lld restored: it passed with this kernel and resume device\n", time);
	s2h_event(S2H_EVENT_VERIFY_RESULT, &ev);
	return 0;
}

/**
 * s2h_status_read() - settings, state and counters, as of one moment
 * @status: where they go
 */
void s2h_status_read(struct s2h_status *status)
{
	s2h_wake_settle();
	mutex_lock(&s2h.lock);
	status->config = s2h.config;
	status->state = s2h.state;
	status->last_wake = s2h.last_wake;
	memcpy(status->stats, s2h.stats, sizeof(status->stats));
	status->verify = s2h.verify;
	status->last = *s2h.last;
	mutex_unlock(&s2h.lock);
}

/**
 * s2h_history_read() - a cycle of the history
 * @after: the seq of the cycle read before, 0 to start with the oldest
 * @cycle: where the next one goes
 *
 * Return: false when there is none after @after.
 */
bool s2h_history_read(u64 after, struct s2h_cycle_record *cycle)
{
	const struct s2h_cycle_record *c;

	s2h_wake_settle();
	mutex_lock(&s2h.lock);
	c = s2h_history_after(&s2h.history, after);
	if (c)
		*cycle = *c;
	mutex_unlock(&s2h.lock);
	return !!c;
}

static void s2h_reader_check_work(struct kthread_work *work)
{
	s2h_preflight_run(&s2h.reader.pf, s2h.reader.verified_needed);
}

/**
 * s2h_available() - the pre-flight checks, as the next suspend would run them
 * @p: the result
 *
 * Run in s2h's own thread, as a suspend's are, never with the reader's
 * credentials: the files are world-readable and GET is unprivileged, and
 * an LSM may answer per task (SELinux's lockdown hook asks for the task's
 * permission) - the answer must not depend on who reads, nor one reader's
 * be kept for every suspend after (s2h_locked_down() keeps a yes).
 */
void s2h_available(struct s2h_preflight *p)
{
	mutex_lock(&s2h.reader.lock);
	mutex_lock(&s2h.lock);
	s2h.reader.verified_needed = s2h_verified_needed();
	mutex_unlock(&s2h.lock);
	kthread_queue_work(s2h.check.worker, &s2h.reader.work);
	kthread_flush_work(&s2h.reader.work);
	*p = s2h.reader.pf;
	mutex_unlock(&s2h.reader.lock);
}

/**
 * s2h_config_update() - change some settings at once
 * @change: which settings, and their new values, already checked
 *
 * sysfs and netlink both write through here: a reader sees all of a change
 * or none of it, and the listeners of "events" hear of every change that
 * altered a value, whichever interface made it.
 */
void s2h_config_update(const struct s2h_config_change *change)
{
	struct s2h_event_info ev = {};
	struct s2h_config old;
	int id;

	mutex_lock(&s2h.config_lock);
	mutex_lock(&s2h.lock);
	old = s2h.config;
	for_each_set_bit(id, &change->mask, __S2H_SETTING_MAX) {
		const struct s2h_setting *s = &s2h_settings[id];
		u32 *field = s2h_config_field(&s2h.config, s);

		*field = s2h_config_value(&change->val, s);
	}
	ev.config = s2h.config;
	mutex_unlock(&s2h.lock);

	if (memcmp(&old, &ev.config, sizeof(old)))
		s2h_event(S2H_EVENT_CONFIG, &ev);
	mutex_unlock(&s2h.config_lock);
}

/*
 * The checks' thread, at nice 19: on a CPU the suspend leaves idle it
 * runs at once, beside the freezer, and it never takes a CPU from the
 * tasks the freezer waits for. Not freezable: the freezer runs while it
 * works.
 */
static int s2h_check_worker_start(void)
{
	s2h.check.worker = s2h_kthread_run_worker("s2h_check");
	if (IS_ERR(s2h.check.worker))
		return PTR_ERR(s2h.check.worker);
	sched_set_normal(s2h.check.worker->task, MAX_NICE);
	return 0;
}

int s2h_cycle_init(const struct s2h_config *config)
{
	int err;

	mutex_init(&s2h.lock);
	mutex_init(&s2h.config_lock);
	s2h.config = *config;
	s2h.no_cycle.battery_start = S2H_BATTERY_UNKNOWN;
	s2h.no_cycle.battery_wake = S2H_BATTERY_UNKNOWN;
	s2h.no_cycle.hw_sleep_us = S2H_HW_SLEEP_UNKNOWN;
	s2h.last = &s2h.no_cycle;
	s2h_alarm_init(&s2h.alarm);
	INIT_WORK(&s2h.hibernate_work, s2h_hibernate_work);
	INIT_WORK(&s2h.sleep_work, s2h_sleep_work);
	INIT_WORK(&s2h.poweroff_work, s2h_poweroff_work);
	INIT_WORK(&s2h.verify_work, s2h_verify_work);
	INIT_WORK(&s2h.handoff_end_work, s2h_handoff_end_work);
	INIT_DELAYED_WORK(&s2h.wake_work, s2h_wake_work);
	kthread_init_work(&s2h.check.work, s2h_check_work);
	mutex_init(&s2h.reader.lock);
	kthread_init_work(&s2h.reader.work, s2h_reader_check_work);
	init_waitqueue_head(&s2h.handoff_wait);

	/*
	 * High priority: after a dark wake its work puts the system back
	 * to sleep or into hibernation, and the tasks the resume thawed
	 * would otherwise go first - for milliseconds on a desktop's
	 * userspace, all of them spent awake in the bag.
	 */
	s2h.wq = alloc_ordered_workqueue("s2h", WQ_HIGHPRI);
	if (!s2h.wq)
		return -ENOMEM;
	err = s2h_check_worker_start();
	if (err)
		goto err_destroy_wq;
	err = s2h_preflight_init();
	if (err)
		goto err_destroy_check;

	err = s2h_image_watch_init();
	if (err)
		goto err_preflight;
	s2h_sleep_state_init();
	s2h_sleeptrace_init();
	s2h.pm_nb.notifier_call = s2h_pm_notify;
	err = register_pm_notifier(&s2h.pm_nb);
	if (err)
		goto err_sleep_state;
	return 0;

err_sleep_state:
	s2h_sleeptrace_exit();
	s2h_sleep_state_exit();
	s2h_image_watch_exit();
err_preflight:
	s2h_preflight_exit();
err_destroy_check:
	kthread_destroy_worker(s2h.check.worker);
err_destroy_wq:
	destroy_workqueue(s2h.wq);
	return err;
}

/*
 * The work items that move the system hold the module (s2h_queue()): none
 * is queued by now. Destroying the queue waits for the one that is not.
 */
void s2h_cycle_exit(void)
{
	unregister_pm_notifier(&s2h.pm_nb);
	/*
	 * Told even now: its action is not taken, the module is going. Not
	 * s2h_wake_settle(): the work's text must be done with, not only
	 * what it did.
	 */
	flush_delayed_work(&s2h.wake_work);
	s2h_sleeptrace_exit();
	s2h_sleep_state_exit();
	s2h_image_watch_exit();
	/* Waits for a suspend's checks, when the module goes while the freezer works. */
	kthread_destroy_worker(s2h.check.worker);
	s2h_battery_alarm_set(0);
	s2h_alarm_cancel(&s2h.alarm);
	s2h_preflight_exit();
	destroy_workqueue(s2h.wq);
	mutex_destroy(&s2h.reader.lock);
	mutex_destroy(&s2h.config_lock);
	mutex_destroy(&s2h.lock);
}
