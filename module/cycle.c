// SPDX-License-Identifier: GPL-2.0
/*
 * The suspend cycle as the rest of s2h meets it: the PM notifier that
 * hands each transition to its phase - arming a suspend (arm.c), deciding
 * on its wake (wake.c), carrying out the decision (action.c), the wake
 * test's suspend (waketest.c) - the dry run, the start of a wake test,
 * what readers and settings see, and setting it all up. The state and its
 * transitions are state.c's (cycle.h).
 */
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "cycle.h"
#include "hibernate.h"
#include "image.h"
#include "overhead.h"
#include "sleeptrace.h"

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
		int err;

		if (s2h_wake_test_prepare())
			break;
		err = s2h_suspend_prepare();
		s2h_overhead_add(S2H_OVERHEAD_SUSPEND_PREPARE, start);
		return notifier_from_errno(err);
	}
	case PM_POST_SUSPEND:
		if (s2h_wake_test_woke())
			break;
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
	enum s2h_verify now;

	mutex_lock(&s2h.lock);
	now = s2h.verify.result;
	if (now != S2H_VERIFY_NEVER) {
		mutex_unlock(&s2h.lock);
		return now == S2H_VERIFY_RUNNING ? -EBUSY : -EEXIST;
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

/*
 * The checks a wake test runs without: it is one of the tests "verified"
 * waits for, and rtc_s2idle foretells what the test finds out, with the
 * remedy, on the machine itself.
 */
#define S2H_WAKE_TEST_UNCHECKED	(BIT(S2H_CHECK_VERIFIED) | BIT(S2H_CHECK_RTC_S2IDLE))

/**
 * s2h_wake_test_start() - start a wake test
 * @delay_sec: when the alarm is due after the suspend starts
 * @why: where the reason of a refusal goes
 *
 * Refused on a machine the cycle would not arm on, for any check but the
 * ones the test itself answers, and while anything else moves the system.
 *
 * Return: 0 once started (its end is told by an event); -EINVAL when a
 * pre-flight check fails; -EBUSY while a test, a dry run or a cycle runs;
 * -ENODEV while the module is being unloaded.
 */
int s2h_wake_test_start(u32 delay_sec, enum s2h_wake_test_refusal *why)
{
	struct s2h_preflight pf;
	int err = -EBUSY;

	s2h_available(&pf);
	if (pf.failed & ~S2H_WAKE_TEST_UNCHECKED) {
		*why = S2H_REFUSED_PREFLIGHT;
		return -EINVAL;
	}
	mutex_lock(&s2h.lock);
	if (s2h.wake_test.result == S2H_WAKE_TEST_RUNNING) {
		*why = S2H_REFUSED_TEST_RUNNING;
	} else if (s2h.verify.result == S2H_VERIFY_RUNNING) {
		*why = S2H_REFUSED_VERIFY_RUNNING;
	} else if (s2h.state != S2H_STATE_IDLE || s2h.pending_sec || s2h.transition_task) {
		*why = S2H_REFUSED_CYCLE;
	} else if (!s2h_queue(&s2h.test.work)) {
		*why = S2H_REFUSED_UNLOADING;
		err = -ENODEV;
	} else {
		s2h.test.delay_sec = delay_sec;
		s2h.wake_test = (struct s2h_wake_test_status) {
			.result = S2H_WAKE_TEST_RUNNING,
			.alarm_sec = delay_sec,
			.hw_sleep_us = S2H_HW_SLEEP_UNKNOWN,
		};
		err = 0;
	}
	mutex_unlock(&s2h.lock);
	return err;
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
	status->wake_test = s2h.wake_test;
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
	s2h_preflight_advise(&s2h.reader.pf, s2h.reader.handoff_sec, s2h.reader.hybrid);
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
	s2h.reader.handoff_sec = s2h.config.handoff_sec;
	s2h.reader.hybrid = s2h.config.hibernate_mode == S2H_MODE_SUSPEND;
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
	s2h_cycle_record_init(&s2h.no_cycle);
	s2h.energy_armed = S2H_ENERGY_UNKNOWN;
	s2h.last = &s2h.no_cycle;
	s2h_alarm_init(&s2h.alarm);
	INIT_WORK(&s2h.hibernate_work, s2h_hibernate_work);
	INIT_WORK(&s2h.sleep_work, s2h_sleep_work);
	INIT_WORK(&s2h.poweroff_work, s2h_poweroff_work);
	INIT_WORK(&s2h.verify_work, s2h_verify_work);
	INIT_WORK(&s2h.handoff_end_work, s2h_handoff_end_work);
	s2h_wake_test_init();
	INIT_WORK(&s2h.test.work, s2h_wake_test_work);
	INIT_DELAYED_WORK(&s2h.wake_work, s2h_wake_work);
	kthread_init_work(&s2h.check.work, s2h_check_work);
	mutex_init(&s2h.reader.lock);
	kthread_init_work(&s2h.reader.work, s2h_reader_check_work);
	init_waitqueue_head(&s2h.handoff_wait);
	init_waitqueue_head(&s2h.settle_wait);

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

	err = s2h_image_watch_init(s2h_devices_prepare);
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
	s2h_wake_test_exit();
	s2h_preflight_exit();
	destroy_workqueue(s2h.wq);
	mutex_destroy(&s2h.reader.lock);
	mutex_destroy(&s2h.config_lock);
	mutex_destroy(&s2h.lock);
}
