// SPDX-License-Identifier: GPL-2.0
/*
 * One suspend cycle: arm the alarm when a suspend starts, decide how the
 * system woke when it ends, and hibernate - or go back to sleep when
 * hibernation fails - from a work item, never from the notifier: PM
 * notifiers run under the system transition lock hibernate() takes.
 */
#include <linux/err.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/workqueue.h>

#include "alarm.h"
#include "decide.h"
#include "hibernate.h"
#include "netlink.h"
#include "s2h.h"

/* Hibernation attempts after the first, per suspend the user started. */
#define S2H_HIBERNATE_RETRIES	1

static struct s2h {
	/*
	 * Serializes changes of the settings, so that their events go out in
	 * the order of the changes. Taken before lock, which is dropped
	 * before the event is sent.
	 */
	struct mutex config_lock;
	/*
	 * Protects every field below up to the workqueue. Taken in PM
	 * notifier callbacks, sysfs and netlink handlers and the work item,
	 * never held across a system transition.
	 */
	struct mutex lock;
	struct s2h_config config;
	enum s2h_state state;
	enum s2h_wake last_wake;
	u64 stats[__S2H_STAT_MAX];
	struct s2h_alarm alarm;
	suspend_state_t sleep_state;	/* what the alarm woke the system from */
	unsigned int retries_left;	/* in the cycle the user started */
	bool sleeping_again;		/* the next suspend is s2h's own... */
	bool retry_armed;		/* ...and arms the alarm for a retry */

	struct workqueue_struct *wq;
	struct work_struct hibernate_work;
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

static bool s2h_should_arm(bool own_suspend)
{
	lockdep_assert_held(&s2h.lock);

	if (!s2h.config.enabled || s2h.state != S2H_STATE_IDLE)
		return false;
	return !own_suspend || s2h.retry_armed;
}

static void s2h_suspend_prepare(void)
{
	struct s2h_event_info ev = {};
	bool own_suspend, armed;

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_SUSPENDS]++;
	own_suspend = s2h.sleeping_again;
	armed = s2h_should_arm(own_suspend);
	if (armed) {
		if (!own_suspend)
			s2h.retries_left = S2H_HIBERNATE_RETRIES;
		s2h_alarm_arm(&s2h.alarm, s2h.config.delay_sec);
		s2h.state = S2H_STATE_ARMED;
		ev.delay_sec = s2h.config.delay_sec;
		pr_info("armed: hibernating in %u s unless woken earlier\n",
			s2h.config.delay_sec);
	}
	mutex_unlock(&s2h.lock);

	if (armed)
		s2h_nl_event(S2H_EVENT_ARMED, &ev);
}

static void s2h_post_suspend(void)
{
	struct s2h_wake_facts facts;
	struct s2h_decision d;

	mutex_lock(&s2h.lock);
	if (s2h.state != S2H_STATE_ARMED) {
		mutex_unlock(&s2h.lock);
		return;
	}

	s2h_alarm_disarm(&s2h.alarm, &facts);
	d = s2h_decide(&facts);
	s2h.last_wake = d.wake;
	s2h.stats[s2h_wake_stat[d.wake]]++;
	pr_info("%s wake after %lld ms, alarm due at %u s (%s)\n",
		s2h_wake_name(d.wake), facts.elapsed_ms, facts.delay_sec,
		s2h_rtc_evidence_name[facts.rtc]);

	if (d.action == S2H_ACTION_HIBERNATE) {
		s2h.sleep_state = s2h_last_sleep_state();
		s2h.state = S2H_STATE_HIBERNATING;
	} else {
		s2h.state = S2H_STATE_IDLE;
	}
	mutex_unlock(&s2h.lock);

	/* The wake is told before the work can tell of the hibernation. */
	s2h_nl_event(s2h_wake_event[d.wake], NULL);
	if (d.action == S2H_ACTION_HIBERNATE)
		queue_work(s2h.wq, &s2h.hibernate_work);
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
	switch (action) {
	case PM_SUSPEND_PREPARE:
		s2h_suspend_prepare();
		break;
	case PM_POST_SUSPEND:
		s2h_post_suspend();
		break;
	case PM_POST_HIBERNATION:
		s2h_post_hibernation();
		break;
	}
	return NOTIFY_DONE;
}

/*
 * A machine whose hibernation failed must not stay awake in a bag: put it
 * back to sleep, with the alarm armed for one more try while the cycle has
 * retries left, without an alarm after that, so that failures never loop.
 */
static void s2h_hibernate_failed(int err)
{
	suspend_state_t state;
	bool retry;

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_HIBERNATE_FAILURES]++;
	s2h.stats[S2H_STAT_RESUSPENDS]++;
	retry = s2h.retries_left > 0;
	if (retry)
		s2h.retries_left--;
	s2h.retry_armed = retry;
	s2h.sleeping_again = true;
	s2h.state = S2H_STATE_IDLE;
	state = s2h.sleep_state;
	mutex_unlock(&s2h.lock);

	pr_err("hibernation failed (%pe): going back to sleep %s\n", ERR_PTR(err),
	       retry ? "to try once more" : "without an alarm");
	err = s2h_sleep_again(state);
	if (err)
		pr_err("could not go back to sleep (%pe)\n", ERR_PTR(err));

	mutex_lock(&s2h.lock);
	s2h.sleeping_again = false;
	mutex_unlock(&s2h.lock);
}

static void s2h_hibernate_work(struct work_struct *work)
{
	struct s2h_event_info ev = {};
	int err;

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_HIBERNATIONS]++;
	mutex_unlock(&s2h.lock);

	pr_info("starting hibernation\n");
	s2h_nl_event(S2H_EVENT_HIBERNATE_START, NULL);
	err = s2h_hibernate();
	ev.error = err;
	s2h_nl_event(S2H_EVENT_HIBERNATE_RESULT, &ev);
	if (err) {
		s2h_hibernate_failed(err);
		return;
	}

	mutex_lock(&s2h.lock);
	s2h.stats[S2H_STAT_RESUMES]++;
	s2h.state = S2H_STATE_IDLE;
	mutex_unlock(&s2h.lock);
	pr_info("resumed from hibernation\n");
	s2h_nl_event(S2H_EVENT_RESUMED, NULL);
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
	mutex_unlock(&s2h.lock);
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
	struct s2h_config *c = &s2h.config;
	struct s2h_config old;
	struct s2h_event_info ev;
	bool changed;

	mutex_lock(&s2h.config_lock);
	mutex_lock(&s2h.lock);
	old = *c;
	if (change->mask & S2H_CONFIG_ENABLED)
		c->enabled = change->val.enabled;
	if (change->mask & S2H_CONFIG_DELAY)
		c->delay_sec = change->val.delay_sec;
	changed = c->enabled != old.enabled || c->delay_sec != old.delay_sec;
	ev.enabled = c->enabled;
	ev.delay_sec = c->delay_sec;
	mutex_unlock(&s2h.lock);

	if (changed)
		s2h_nl_event(S2H_EVENT_CONFIG, &ev);
	mutex_unlock(&s2h.config_lock);
}

void s2h_set_enabled(bool enabled)
{
	struct s2h_config_change change = {
		.mask = S2H_CONFIG_ENABLED,
		.val.enabled = enabled,
	};

	s2h_config_update(&change);
}

void s2h_set_delay(u32 delay_sec)
{
	struct s2h_config_change change = {
		.mask = S2H_CONFIG_DELAY,
		.val.delay_sec = delay_sec,
	};

	s2h_config_update(&change);
}

int s2h_cycle_init(const struct s2h_config *config)
{
	int err;

	mutex_init(&s2h.lock);
	mutex_init(&s2h.config_lock);
	s2h.config = *config;
	s2h_alarm_init(&s2h.alarm);
	INIT_WORK(&s2h.hibernate_work, s2h_hibernate_work);

	/* Not freezable: hibernation waits for busy freezable work, then aborts. */
	s2h.wq = alloc_workqueue("s2h", WQ_UNBOUND, 0);
	if (!s2h.wq)
		return -ENOMEM;

	s2h.pm_nb.notifier_call = s2h_pm_notify;
	err = register_pm_notifier(&s2h.pm_nb);
	if (err)
		goto err_destroy_wq;
	return 0;

err_destroy_wq:
	destroy_workqueue(s2h.wq);
	return err;
}

void s2h_cycle_exit(void)
{
	unregister_pm_notifier(&s2h.pm_nb);
	cancel_work_sync(&s2h.hibernate_work);
	s2h_alarm_cancel(&s2h.alarm);
	destroy_workqueue(s2h.wq);
	mutex_destroy(&s2h.config_lock);
	mutex_destroy(&s2h.lock);
}
