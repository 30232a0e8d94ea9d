// SPDX-License-Identifier: GPL-2.0
/*
 * One suspend cycle: check that hibernation could resume and arm the alarm
 * when a suspend starts, decide how the system woke when it ends, and
 * hibernate, go back to sleep for another check, or - when hibernation
 * fails - go back to sleep to retry, from a work item, never from the
 * notifier: PM notifiers run under the system transition lock that
 * hibernate() and pm_suspend() take.
 */
#include <linux/err.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>

#include "alarm.h"
#include "compat.h"
#include "decide.h"
#include "hibernate.h"
#include "overhead.h"
#include "power.h"
#include "s2h.h"

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
	struct s2h_last_cycle last;
	struct s2h_alarm alarm;
	int battery_armed;		/* percent when the alarm was armed */
	suspend_state_t sleep_state;	/* what the alarm woke the system from */
	unsigned int attempts_failed;	/* hibernations, in the cycle the user started */
	bool sleeping_again;		/* the next suspend is s2h's own... */
	u32 rearm_sec;			/* ...and arms the alarm for this long, if not 0 */

	/*
	 * Ordered: the work items put the system to sleep or into
	 * hibernation, and one must be over before the next starts.
	 * Not freezable: hibernation waits for busy freezable work, then
	 * aborts.
	 */
	struct workqueue_struct *wq;
	struct work_struct hibernate_work;
	struct work_struct sleep_work;
	struct work_struct verify_work;
	struct notifier_block pm_nb;
} s2h;

static const enum s2h_stat s2h_wake_stat[__S2H_WAKE_MAX] = {
	[S2H_WAKE_ALARM] = S2H_STAT_ALARM_WAKES,
	[S2H_WAKE_EARLY] = S2H_STAT_EARLY_WAKES,
	[S2H_WAKE_ABORTED] = S2H_STAT_ABORTED,
};

static const enum s2h_event s2h_wake_event[__S2H_WAKE_MAX] = {
	[S2H_WAKE_ALARM] = S2H_EVENT_ALARM_WAKE,
	[S2H_WAKE_EARLY] = S2H_EVENT_EARLY_WAKE,
	[S2H_WAKE_ABORTED] = S2H_EVENT_ABORTED,
};

static const char * const s2h_rtc_evidence_name[] = {
	[S2H_RTC_UNKNOWN] = "no rtc wakeup source",
	[S2H_RTC_SILENT] = "rtc silent",
	[S2H_RTC_WOKE] = "rtc woke",
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

static bool s2h_should_arm(bool own_suspend)
{
	lockdep_assert_held(&s2h.lock);

	if (!s2h.config.enabled || s2h.state != S2H_STATE_IDLE)
		return false;
	return !own_suspend || s2h.rearm_sec;
}

static bool s2h_verified_needed(void)
{
	lockdep_assert_held(&s2h.lock);

	return s2h.config.require_verified && s2h.verify.result != S2H_VERIFY_PASSED;
}

/* How long the alarm of a suspend the user started is armed for. */
static u32 s2h_first_delay(const struct s2h_power *pw)
{
	lockdep_assert_held(&s2h.lock);

	if (s2h.config.policy == S2H_POLICY_BATTERY && pw->battery >= 0)
		return s2h.config.battery_check_sec;
	return s2h.config.delay_sec;
}

static void s2h_start_cycle(const struct s2h_power *pw)
{
	lockdep_assert_held(&s2h.lock);

	s2h.attempts_failed = 0;
	memset(&s2h.last, 0, sizeof(s2h.last));
	s2h.last.suspended_at = ktime_get_real_seconds();
	s2h.last.battery_start = pw->battery;
	s2h.last.battery_wake = S2H_BATTERY_UNKNOWN;
}

static void s2h_not_armed(const struct s2h_preflight *pf)
{
	struct s2h_event_info ev = { .checks_failed = pf->failed };
	char why[160];

	s2h_preflight_format(pf, why, sizeof(why));
	pr_info("not armed, hibernation could not resume: %s", why);
	s2h_event(S2H_EVENT_NOT_ARMED, &ev);
}

static void s2h_suspend_prepare(void)
{
	struct s2h_event_info ev = {};
	struct s2h_preflight pf;
	struct s2h_power pw;
	bool own_suspend, verified_needed;

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_SUSPENDS]++;
	own_suspend = s2h.sleeping_again;
	if (!s2h_should_arm(own_suspend)) {
		mutex_unlock(&s2h.lock);
		return;
	}
	verified_needed = s2h_verified_needed();
	mutex_unlock(&s2h.lock);

	/* Reads files and drivers: no need to hold the lock meanwhile. */
	s2h_preflight_run(&pf, verified_needed);
	s2h_power_read(&pw);

	mutex_lock(&s2h.lock);
	if (pf.failed) {
		s2h.stats[S2H_STAT_NOT_ARMED]++;
		s2h.rearm_sec = 0;
		mutex_unlock(&s2h.lock);
		s2h_not_armed(&pf);
		return;
	}
	if (own_suspend) {
		ev.delay_sec = s2h.rearm_sec;
	} else {
		ev.delay_sec = s2h_first_delay(&pw);
		s2h_start_cycle(&pw);
	}
	s2h.rearm_sec = 0;
	s2h.battery_armed = pw.battery;
	s2h_alarm_arm(&s2h.alarm, ev.delay_sec);
	s2h.state = S2H_STATE_ARMED;
	mutex_unlock(&s2h.lock);

	pr_info("armed: hibernating in %u s unless woken earlier\n", ev.delay_sec);
	s2h_event(S2H_EVENT_ARMED, &ev);
}

/* The alarm woke the system: what the settings and the battery make of it. */
static struct s2h_decision s2h_decide_now(const struct s2h_wake_facts *facts,
					  struct s2h_power *pw)
{
	struct s2h_policy_facts pf;

	lockdep_assert_held(&s2h.lock);

	s2h_power_read(pw);
	pf = (struct s2h_policy_facts) {
		.policy = s2h.config.policy,
		.hibernate_on_ac = s2h.config.hibernate_on_ac,
		.battery_threshold = s2h.config.battery_threshold,
		.check_sec = s2h.config.battery_check_sec,
		.on_ac = pw->on_ac,
		.battery = pw->battery,
		.battery_armed = s2h.battery_armed,
		.elapsed_ms = facts->elapsed_ms,
	};
	return s2h_decide_alarm(&pf);
}

static void s2h_record_wake(enum s2h_wake wake, const struct s2h_decision *d,
			    const struct s2h_power *pw)
{
	lockdep_assert_held(&s2h.lock);

	s2h.last_wake = wake;
	s2h.stats[s2h_wake_stat[wake]]++;
	s2h.last.woke_at = ktime_get_real_seconds();
	s2h.last.wake = wake;
	s2h.last.decision = d->action;
	/* Only the alarm's wakes are measured: the user's stay quick. */
	if (wake == S2H_WAKE_ALARM) {
		s2h.last.battery_wake = pw->battery;
		s2h.last.on_ac = pw->on_ac;
	}
}

static void s2h_post_suspend(void)
{
	struct s2h_power pw = { .battery = S2H_BATTERY_UNKNOWN };
	struct s2h_decision d = { .action = S2H_DECISION_NONE };
	struct s2h_event_info ev = {};
	struct s2h_wake_facts facts;
	enum s2h_wake wake;

	mutex_lock(&s2h.lock);
	if (s2h.state != S2H_STATE_ARMED) {
		mutex_unlock(&s2h.lock);
		return;
	}

	s2h_alarm_disarm(&s2h.alarm, &facts);
	wake = s2h_classify_wake(&facts);
	if (wake == S2H_WAKE_ALARM)
		d = s2h_decide_now(&facts, &pw);
	s2h_record_wake(wake, &d, &pw);
	s2h.state = S2H_STATE_IDLE;
	switch (d.action) {
	case S2H_DECISION_HIBERNATE:
		s2h.sleep_state = s2h_last_sleep_state();
		s2h.state = S2H_STATE_HIBERNATING;
		if (d.for_battery)
			s2h.stats[S2H_STAT_BATTERY_HIBERNATIONS]++;
		break;
	case S2H_DECISION_SLEEP_AGAIN:
		s2h.sleep_state = s2h_last_sleep_state();
		s2h.stats[S2H_STAT_DARK_WAKES]++;
		s2h.last.dark_wakes++;
		s2h.rearm_sec = s2h_first_delay(&pw);
		break;
	default:
		break;
	}
	mutex_unlock(&s2h.lock);

	pr_info("%s wake after %lld ms, alarm due at %u s (%s): %s\n",
		s2h_wake_name(wake), facts.elapsed_ms, facts.delay_sec,
		s2h_rtc_evidence_name[facts.rtc], s2h_decision_name(d.action));
	/* The wake is told before the work can tell of what follows. */
	s2h_event(s2h_wake_event[wake], NULL);
	if (d.action == S2H_DECISION_HIBERNATE) {
		queue_work(s2h.wq, &s2h.hibernate_work);
	} else if (d.action == S2H_DECISION_SLEEP_AGAIN) {
		ev.battery = pw.battery;
		s2h_event(S2H_EVENT_SLEEP_AGAIN, &ev);
		queue_work(s2h.wq, &s2h.sleep_work);
	}
}

static void s2h_post_hibernation(void)
{
	mutex_lock(&s2h.lock);
	if (s2h.state == S2H_STATE_HIBERNATING)
		s2h.state = S2H_STATE_RESUMING;
	mutex_unlock(&s2h.lock);
}

/*
 * Hibernation started by anyone else, and restoring an image, are left
 * alone: s2h only follows the suspends it armed for and its own hibernation.
 */
static int s2h_pm_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	ktime_t start = ktime_get();

	switch (action) {
	case PM_SUSPEND_PREPARE:
		s2h_suspend_prepare();
		s2h_overhead_add(S2H_OVERHEAD_SUSPEND_PREPARE, start);
		break;
	case PM_POST_SUSPEND:
		s2h_post_suspend();
		s2h_overhead_add(S2H_OVERHEAD_POST_SUSPEND, start);
		break;
	case PM_POST_HIBERNATION:
		s2h_post_hibernation();
		break;
	}
	return NOTIFY_DONE;
}

/*
 * Back into the state the alarm woke the system from; the suspend arms the
 * alarm again when rearm_sec is set. A wakeup event since the wake - the
 * user is back - cancels it.
 */
static void s2h_go_back_to_sleep(void)
{
	suspend_state_t state;
	int err;

	mutex_lock(&s2h.lock);
	s2h.sleeping_again = true;
	state = s2h.sleep_state;
	mutex_unlock(&s2h.lock);

	err = s2h_sleep_again(state);
	if (err)
		pr_info("not going back to sleep (%pe)\n", ERR_PTR(err));

	mutex_lock(&s2h.lock);
	s2h.sleeping_again = false;
	if (err)
		s2h.rearm_sec = 0;
	mutex_unlock(&s2h.lock);
}

static void s2h_sleep_work(struct work_struct *work)
{
	s2h_go_back_to_sleep();
}

/*
 * A machine whose hibernation failed must not stay awake in a bag: put it
 * back to sleep, with the alarm armed for another try while the cycle has
 * retries left, each after a longer sleep, and without an alarm after
 * that, so that failures never loop.
 */
static void s2h_hibernate_failed(int err)
{
	struct s2h_event_info ev = {};

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_HIBERNATE_FAILURES]++;
	s2h.stats[S2H_STAT_RESUSPENDS]++;
	s2h.attempts_failed++;
	if (s2h.attempts_failed <= s2h.config.retries) {
		s2h.rearm_sec = s2h_retry_delay(s2h.config.delay_sec, s2h.attempts_failed);
		s2h.stats[S2H_STAT_HIBERNATE_RETRIES]++;
	}
	ev.delay_sec = s2h.rearm_sec;
	s2h.state = S2H_STATE_IDLE;
	mutex_unlock(&s2h.lock);

	if (ev.delay_sec) {
		pr_err("hibernation failed (%pe): going back to sleep, next try in %u s\n",
		       ERR_PTR(err), ev.delay_sec);
		s2h_event(S2H_EVENT_HIBERNATE_RETRY, &ev);
	} else {
		pr_err("hibernation failed (%pe): going back to sleep without an alarm\n",
		       ERR_PTR(err));
	}
	s2h_go_back_to_sleep();
}

static void s2h_hibernate_work(struct work_struct *work)
{
	struct s2h_event_info ev = {};
	const char *disk_mode;

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_HIBERNATIONS]++;
	disk_mode = s2h.config.hibernate_mode == S2H_MODE_SUSPEND ? S2H_DISK_SUSPEND : NULL;
	mutex_unlock(&s2h.lock);

	pr_info("starting hibernation\n");
	s2h_event(S2H_EVENT_HIBERNATE_START, NULL);
	ev.error = s2h_hibernate(disk_mode);

	mutex_lock(&s2h.lock);
	s2h.last.result = ev.error;
	mutex_unlock(&s2h.lock);
	s2h_event(S2H_EVENT_HIBERNATE_RESULT, &ev);
	if (ev.error) {
		s2h_hibernate_failed(ev.error);
		return;
	}

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_RESUMES]++;
	s2h.state = S2H_STATE_IDLE;
	mutex_unlock(&s2h.lock);
	pr_info("resumed from hibernation\n");
	s2h_event(S2H_EVENT_RESUMED, NULL);
}

/*
 * A hibernation that goes all the way back: the image written and restored
 * (compat.h says how on this kernel). Boottime, as it counts a reboot too.
 */
static void s2h_verify_work(struct work_struct *work)
{
	struct s2h_event_info ev = {};
	ktime_t start = ktime_get_boottime();
	int err;

	pr_info("dry run: hibernating in %s mode\n", S2H_DRY_RUN_DISK_MODE);
	err = s2h_hibernate(S2H_DRY_RUN_DISK_MODE);

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
}

/**
 * s2h_verify_start() - start a dry run of hibernation
 *
 * Return: 0 once started (its end is told by an event), -EBUSY while one runs.
 */
int s2h_verify_start(void)
{
	mutex_lock(&s2h.lock);
	if (s2h.verify.result == S2H_VERIFY_RUNNING) {
		mutex_unlock(&s2h.lock);
		return -EBUSY;
	}
	s2h.verify.result = S2H_VERIFY_RUNNING;
	s2h.verify.restored = false;
	mutex_unlock(&s2h.lock);

	queue_work(s2h.wq, &s2h.verify_work);
	return 0;
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
	mutex_lock(&s2h.lock);
	status->config = s2h.config;
	status->state = s2h.state;
	status->last_wake = s2h.last_wake;
	memcpy(status->stats, s2h.stats, sizeof(status->stats));
	status->verify = s2h.verify;
	status->last = s2h.last;
	mutex_unlock(&s2h.lock);
}

/**
 * s2h_available() - the pre-flight checks, as the next suspend would run them
 * @p: the result
 */
void s2h_available(struct s2h_preflight *p)
{
	bool verified_needed;

	mutex_lock(&s2h.lock);
	verified_needed = s2h_verified_needed();
	mutex_unlock(&s2h.lock);
	s2h_preflight_run(p, verified_needed);
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

int s2h_cycle_init(const struct s2h_config *config)
{
	int err;

	mutex_init(&s2h.lock);
	mutex_init(&s2h.config_lock);
	s2h.config = *config;
	s2h.last.battery_start = S2H_BATTERY_UNKNOWN;
	s2h.last.battery_wake = S2H_BATTERY_UNKNOWN;
	s2h_alarm_init(&s2h.alarm);
	INIT_WORK(&s2h.hibernate_work, s2h_hibernate_work);
	INIT_WORK(&s2h.sleep_work, s2h_sleep_work);
	INIT_WORK(&s2h.verify_work, s2h_verify_work);

	s2h.wq = alloc_ordered_workqueue("s2h", 0);
	if (!s2h.wq)
		return -ENOMEM;
	err = s2h_preflight_init();
	if (err)
		goto err_destroy_wq;

	s2h.pm_nb.notifier_call = s2h_pm_notify;
	err = register_pm_notifier(&s2h.pm_nb);
	if (err)
		goto err_preflight;
	return 0;

err_preflight:
	s2h_preflight_exit();
err_destroy_wq:
	destroy_workqueue(s2h.wq);
	return err;
}

void s2h_cycle_exit(void)
{
	unregister_pm_notifier(&s2h.pm_nb);
	cancel_work_sync(&s2h.hibernate_work);
	cancel_work_sync(&s2h.sleep_work);
	cancel_work_sync(&s2h.verify_work);
	s2h_alarm_cancel(&s2h.alarm);
	s2h_preflight_exit();
	destroy_workqueue(s2h.wq);
	mutex_destroy(&s2h.config_lock);
	mutex_destroy(&s2h.lock);
}
