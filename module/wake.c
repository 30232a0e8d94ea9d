// SPDX-License-Identifier: GPL-2.0
/*
 * A suspend ended: what woke the system, and what the cycle does now - a
 * wake in the alarm's window decided at once, in the PM notifier, any
 * other after the resume.
 */
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>

#include "cycle.h"
#include "hibernate.h"
#include "lid.h"
#include "overhead.h"
#include "sysiface.h"
#include "trace.h"

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

static const char * const s2h_irq_evidence_name[] = {
	[S2H_IRQ_UNKNOWN] = "no wake irq",
	[S2H_IRQ_SHARED] = "shared wake irq",
	[S2H_IRQ_RTC] = "the rtc's wake irq",
	[S2H_IRQ_OTHER] = "another device's wake irq",
};

static const char * const s2h_lid_evidence_name[] = {
	[S2H_LID_UNKNOWN] = "no lid",
	[S2H_LID_CLOSED] = "lid closed",
	[S2H_LID_OPEN] = "lid open",
};

static const char * const s2h_source_evidence_name[] = {
	[S2H_SOURCE_NONE] = "no other wakeup source",
	[S2H_SOURCE_OTHER] = "another wakeup source",
	[S2H_SOURCE_BATTERY] = "the battery's alarm",
	[S2H_SOURCE_INPUT] = "an input device",
};

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
		.energy = pw->energy,
		.energy_armed = s2h.energy_armed,
		.energy_start = s2h.last->energy_start,
		.energy_full = pw->energy_full,
	};
	/* On battery, for the alarms of the cycles to come (s2h_drain_watch()). */
	drain = s2h_drain_measure(&(struct s2h_drain_ends) {
		.battery_armed = s2h.battery_armed, .battery = pw->battery,
		.energy_armed = s2h.energy_armed, .energy = pw->energy,
		.energy_full = pw->energy_full, .elapsed_ms = facts->elapsed_ms,
	});
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

/* The bit of s2h.rtc_reports of the sleep state the suspend that just ended entered. */
static unsigned int s2h_sleep_state_bit(void)
{
	return BIT((__force int)s2h_last_sleep_state());
}

/**
 * s2h_wake_evidence() - the evidence of a wake besides its wakeup sources
 * @f: filled in by s2h_alarm_disarm(); its irq, lid and rtc_reports set here
 *
 * The wake IRQ, the lid, and whether the RTC was seen before to count its
 * wakes from this sleep state: for a cycle's wake and the wake test's alike.
 *
 * Return: the wake IRQ, 0 when none.
 */
u32 s2h_wake_evidence(struct s2h_wake_facts *f)
{
	u32 irq = s2h_wake_irq();

	lockdep_assert_held(&s2h.lock);

	f->irq = s2h_wake_irq_evidence(irq);
	f->lid = s2h_lid_now();
	f->rtc_reports = s2h.rtc_reports & s2h_sleep_state_bit();
	return irq;
}

/*
 * What the kernel says of the suspend that just ended, read once: the
 * decision (hibernate_no_hw_sleep) and the cycle's record use it. A suspend
 * that never slept has neither a wake IRQ nor a hardware sleep of its own.
 * One whose wake the RTC counted shows that it counts them in this sleep
 * state, the alarm's or another's.
 */
static void s2h_record_kernel_wake(enum s2h_wake wake, const struct s2h_wake_facts *f, u32 irq)
{
	bool slept = wake != S2H_WAKE_ABORTED;

	lockdep_assert_held(&s2h.lock);

	s2h.last->wake_irq = slept ? irq : 0;
	s2h.last->hw_sleep_us = slept ? s2h_hw_sleep_us() : S2H_HW_SLEEP_UNKNOWN;
	if (slept && f->rtc == S2H_RTC_WOKE)
		s2h.rtc_reports |= s2h_sleep_state_bit();
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
		s2h_history_add_wake(s2h.last, pw->battery, pw->energy);
	s2h.woke_mono = ktime_get();
	if (wake == S2H_WAKE_OTHER) {
		s2h.other_woke_at = ktime_get_boottime();
		s2h.last->other_wakes++;
	}
	/* Only the alarm's wakes are measured: the user's stay quick. */
	if (wake == S2H_WAKE_ALARM) {
		s2h.last->battery_wake = pw->battery;
		s2h.last->energy_wake = pw->energy;
		if (pw->energy_full >= 0)
			s2h.last->energy_full = pw->energy_full;
		s2h.last->on_ac = pw->on_ac;
	}
}

/*
 * A dark wake begins: what s2h_count_dark() needs of it once the next
 * suspend ends it. Timekeeping that did not measure the sleep (suspend
 * to idle with the tick running) leaves its devices' time unknown: 0.
 */
static void s2h_record_dark(const struct s2h_wake_facts *f, const struct s2h_power *pw)
{
	lockdep_assert_held(&s2h.lock);

	s2h.dark_woke = true;
	s2h.dark_transit_ms = f->slept_ms > 0 ? f->elapsed_ms - f->slept_ms : 0;
	s2h.dark_draw = pw->on_ac ? 0 : pw->draw;
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
	struct s2h_power pw = {
		.battery = S2H_BATTERY_UNKNOWN,
		.energy = S2H_ENERGY_UNKNOWN,
		.energy_full = S2H_ENERGY_UNKNOWN,
		.draw = S2H_ENERGY_UNKNOWN,
	};
	struct s2h_decision d = { .action = S2H_DECISION_NONE };
	struct s2h_event_info ev = {};
	struct s2h_policy_facts pf = {};
	struct s2h_wake_source src;
	struct s2h_wake_facts facts;
	u64 start = s2h_overhead_start();
	enum s2h_wake wake;
	u64 cycle;
	u32 irq;

	mutex_lock(&s2h.lock);
	s2h_alarm_disarm(&s2h.alarm, &facts, &src);
	irq = s2h_wake_evidence(&facts);
	wake = s2h_classify_wake(&facts);
	s2h_record_kernel_wake(wake, &facts, irq);
	if (wake == S2H_WAKE_ALARM) {
		d = s2h_decide_now(&facts, &pw, &pf);
		s2h.sleep_state = s2h_last_sleep_state();
	}
	s2h_record_wake(wake, &d, &pw, &src);
	if (d.action == S2H_DECISION_SLEEP_AGAIN)
		s2h_record_dark(&facts, &pw);
	s2h_begin_action(wake, &d);
	cycle = s2h.last->seq;
	mutex_unlock(&s2h.lock);

	ev.delay_sec = facts.delay_sec;
	s2h_event(S2H_EVENT_ARMED, &ev);
	trace_s2h_wake(cycle, wake, &facts, src.name);
	if (wake == S2H_WAKE_ALARM)
		trace_s2h_decision(cycle, &d, &pf);
	pr_info("%s wake after %lld ms, alarm due at %u s (%lld ms asleep by timekeeping, %s, %s%s, %s, %s, %s, named: %s): %s\n",
		s2h_wake_name(wake), facts.elapsed_ms, facts.delay_sec, facts.slept_ms,
		s2h_sleep_evidence_name[facts.sleep], s2h_rtc_evidence_name[facts.rtc],
		facts.rtc_reports ? " (it counts)" : "", s2h_irq_evidence_name[facts.irq],
		s2h_lid_evidence_name[facts.lid], s2h_source_evidence_name[src.evidence],
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

void s2h_wake_work(struct work_struct *work)
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
void s2h_post_suspend(void)
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
