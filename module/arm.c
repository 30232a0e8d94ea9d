// SPDX-License-Identifier: GPL-2.0
/*
 * A suspend starts: the pre-flight checks and the battery's reading run
 * in s2h's checks worker beside the freezer, and arm the alarm the cycle
 * asks for, or say why not; the devices' phase waits for them.
 */
#include <linux/cpumask.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>

#include "cycle.h"
#include "hibernate.h"
#include "overhead.h"
#include "preflight.h"
#include "trace.h"

static bool s2h_should_arm(bool own_suspend)
{
	lockdep_assert_held(&s2h.lock);

	if (!s2h.config.enabled || s2h.state != S2H_STATE_IDLE)
		return false;
	return !own_suspend || s2h.rearm_sec;
}

/* require_verified asks for a test that has not passed (in this load, or restored). */
bool s2h_verified_needed(void)
{
	u32 need = s2h.config.require_verified;

	lockdep_assert_held(&s2h.lock);

	return ((need & S2H_REQUIRE_HIBERNATION) && s2h.verify.result != S2H_VERIFY_PASSED) ||
	       ((need & S2H_REQUIRE_WAKE) && s2h.wake_test.result != S2H_WAKE_TEST_PASSED);
}

void s2h_delays_get(struct s2h_delays *d)
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
bool s2h_last_resort_on(const struct s2h_power *pw)
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
	s2h.settle_resuspended = false;
	s2h.dark_woke = false;
	s2h.cycle_start = now;
	s2h.last = s2h_history_start(&s2h.history);
	s2h.last->suspended_at = ktime_get_real_seconds();
	s2h.last->battery_start = pw->battery;
	s2h.last->energy_start = pw->energy;
	s2h.last->energy_full = pw->energy_full;
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
		s2h_count_dark(now);
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
	s2h.energy_armed = pw->energy;
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
void s2h_check_work(struct kthread_work *work)
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
int s2h_suspend_prepare(void)
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
bool s2h_arm_pending(void)
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
 * s2h_devices_prepare() - the devices' phase of a transition begins
 *
 * Called from the .prepare callback of s2h's device (image.c), in every
 * suspend and hibernation; only a suspend s2h checks has work here, and
 * only its time is counted.
 */
void s2h_devices_prepare(void)
{
	u64 start = s2h_overhead_start();

	if (s2h_arm_pending())
		s2h_overhead_add(S2H_OVERHEAD_DEVICE_PREPARE, start);
}
