// SPDX-License-Identifier: GPL-2.0
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/input-event-codes.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/time64.h>
#include <linux/version.h>

#include "compat.h"
#include "decide.h"

/*
 * Whether the wake came in the window in which s2h's alarm rings: the RTC
 * counts whole seconds, so it may ring up to S2H_RTC_EARLY_MS before the
 * alarm's boottime expiry, and devices take a while to resume after it.
 * Whatever the evidence, a wake long after that is not the alarm's: an RTC
 * event latched while the machine slept on (firmware that ignored the RTC
 * in that state) is handled when the user opens the lid.
 */
static bool s2h_in_alarm_window(const struct s2h_wake_facts *f)
{
	s64 due_ms = (s64)f->delay_sec * MSEC_PER_SEC;

	return f->elapsed_ms >= due_ms - S2H_RTC_EARLY_MS &&
	       f->elapsed_ms <= due_ms + S2H_RTC_LATE_MS;
}

/*
 * Timekeeping injects the time asleep only when it was suspended, which
 * suspend to idle does only with a tick freeze: the tracepoint says so
 * where it does not.
 */
static bool s2h_slept(const struct s2h_wake_facts *f)
{
	return f->slept_ms > 0 || f->sleep == S2H_SLEEP_REACHED;
}

/* The RTC's own word that it ended the sleep: its wakeup event, or its IRQ. */
static bool s2h_rtc_said(const struct s2h_wake_facts *f)
{
	return f->rtc == S2H_RTC_WOKE || f->irq == S2H_IRQ_RTC;
}

/*
 * Another device's word that it ended the sleep: the wake IRQ was its
 * own, or the RTC, whose driver was seen to count its wakes in this sleep
 * state, counted none. Another device's wakeup event alone is not: some
 * signal one at every resume.
 */
static bool s2h_other_said(const struct s2h_wake_facts *f)
{
	return f->irq == S2H_IRQ_OTHER || (f->rtc == S2H_RTC_SILENT && f->rtc_reports);
}

/*
 * A wake in the alarm's window, no input device's event seen. The RTC's
 * word makes it the alarm's. Without it, a closed lid says no user is
 * there, whatever else woke the system, 2 s before s2h's alarm would
 * have; an open lid asks for the RTC's word before s2h hibernates under
 * the user: a user's it is taken for. Then another device's word makes it
 * that device's; with no word at all, it is the alarm's by its timing.
 */
static enum s2h_wake s2h_classify_in_window(const struct s2h_wake_facts *f)
{
	if (s2h_rtc_said(f))
		return S2H_WAKE_ALARM;
	if (f->lid == S2H_LID_CLOSED)
		return S2H_WAKE_ALARM;
	if (f->lid == S2H_LID_OPEN)
		return S2H_WAKE_EARLY;
	if (s2h_other_said(f))
		return S2H_WAKE_OTHER;
	return S2H_WAKE_ALARM;
}

/**
 * s2h_classify_wake() - what ended an armed suspend
 * @f: what was armed and what was measured
 *
 * An input device's event (a key, the touchpad, the lid opened, the power
 * button) says a user is back, whatever else happened; the battery's own
 * alarm, which s2h set at battery_threshold, is s2h's as much as its
 * timer's, whenever it rings. In the alarm's window, s2h_classify_in_window()
 * weighs the evidence. Outside it, an RTC event is another alarm and
 * another device's event another wakeup source: no user is known to be
 * back. With no evidence at all, a wake outside the window is taken for a
 * user's.
 *
 * Return: S2H_WAKE_ALARM only when it was s2h's alarm.
 */
enum s2h_wake s2h_classify_wake(const struct s2h_wake_facts *f)
{
	/* Neither timekeeping nor the tracepoint saw it sleep: it did not. */
	if (!s2h_slept(f))
		return S2H_WAKE_ABORTED;
	if (f->source == S2H_SOURCE_INPUT)
		return S2H_WAKE_EARLY;
	if (f->source == S2H_SOURCE_BATTERY)
		return S2H_WAKE_ALARM;
	if (s2h_in_alarm_window(f))
		return s2h_classify_in_window(f);
	if (f->rtc == S2H_RTC_WOKE || f->source == S2H_SOURCE_OTHER)
		return S2H_WAKE_OTHER;
	return S2H_WAKE_EARLY;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_classify_wake);

/**
 * s2h_wake_test_verdict() - why a wake test failed, if it did
 * @t: the wake, as the cycle judged it, and the sleep it ended
 *
 * The test passes only on a wake the cycle would hibernate on: its alarm's,
 * in the window, with no evidence of anyone else's. A wake after the window
 * is the alarm's failure, whoever ended the sleep then: the alarm rang into
 * a sleep that did not end, and a key pressed later does not change that.
 * Another device's event in the window fails it too, unless the RTC said
 * it woke the system. The battery's alarm is s2h's, but not the one under
 * test. Suspend to
 * idle passes without the hardware's word where the kernel cannot give it
 * (hw_sleep_us unknown), which the result shows.
 *
 * Return: S2H_WAKE_TEST_REASON_NONE when the test passed.
 */
enum s2h_wake_test_reason s2h_wake_test_verdict(const struct s2h_wake_test_facts *t)
{
	const struct s2h_wake_facts *f = t->facts;

	if (t->wake == S2H_WAKE_ABORTED)
		return S2H_WAKE_TEST_REASON_ABORTED;
	if (f->elapsed_ms > (s64)f->delay_sec * MSEC_PER_SEC + S2H_RTC_LATE_MS)
		return t->s2idle && t->hpet_alarm ? S2H_WAKE_TEST_REASON_RTC_HPET :
						    S2H_WAKE_TEST_REASON_RTC_IGNORED;
	if (f->source == S2H_SOURCE_INPUT)
		return S2H_WAKE_TEST_REASON_INPUT;
	if (t->wake == S2H_WAKE_OTHER || f->source == S2H_SOURCE_BATTERY ||
	    (f->source == S2H_SOURCE_OTHER && f->rtc != S2H_RTC_WOKE))
		return S2H_WAKE_TEST_REASON_OTHER_SOURCE;
	if (t->wake != S2H_WAKE_ALARM)
		return S2H_WAKE_TEST_REASON_EARLY;
	if (t->s2idle && !t->hw_sleep_us)
		return S2H_WAKE_TEST_REASON_NO_HW_SLEEP;
	return S2H_WAKE_TEST_REASON_NONE;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_wake_test_verdict);

/**
 * s2h_wake_urgent() - whether a wake is decided on as soon as it is seen
 * @f: its times: delay_sec and elapsed_ms
 *
 * Only a wake in the alarm's window may be the alarm's, the one s2h acts
 * on; any other can wait until the system has resumed.
 *
 * Return: true for a wake in the alarm's window.
 */
bool s2h_wake_urgent(const struct s2h_wake_facts *f)
{
	return s2h_in_alarm_window(f);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_wake_urgent);

/**
 * s2h_kept_delay() - the alarm of a suspend that follows a wake no user caused
 * @due_in_ms: from now to the deadline the last alarm was armed for
 * @awake_ms: how long the system was awake since that wake
 *
 * Return: seconds to arm the alarm for, the deadline kept, at least
 * S2H_ALARM_FLOOR_SEC; 0 when the system was awake too long for the wake
 * to be taken for a dark one, and the cycle starts afresh.
 */
u32 s2h_kept_delay(s64 due_in_ms, s64 awake_ms)
{
	if (awake_ms < 0 || awake_ms > S2H_KEEP_DEADLINE_MS)
		return 0;
	if (due_in_ms <= (s64)S2H_ALARM_FLOOR_SEC * MSEC_PER_SEC)
		return S2H_ALARM_FLOOR_SEC;
	return min_t(s64, DIV_ROUND_UP_ULL(due_in_ms, MSEC_PER_SEC), S2H_DELAY_MAX_SEC);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_kept_delay);

/**
 * s2h_sleep_retry_ms() - the wait before going back to sleep again
 * @try: 1 for the first retry, up to S2H_SLEEP_TRIES - 1
 *
 * A device or task that refused once often agrees a moment later; one that
 * keeps refusing gets a few seconds in all before s2h hibernates instead.
 *
 * Return: milliseconds.
 */
unsigned int s2h_sleep_retry_ms(unsigned int try)
{
	return S2H_SLEEP_RETRY_FIRST_MS << min(try - 1, 8U);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_sleep_retry_ms);

/**
 * s2h_cycle_delay() - the delay in force: by mains power, then battery level
 * @d: the delays
 * @on_ac: on mains power now
 * @battery_start: percent at the suspend that started the cycle, < 0 when unknown
 *
 * As macOS's standbydelayhigh/low: a battery that was low at the suspend
 * gets the shorter delay, whatever it reads later, so that the delay does
 * not shift while it drains. Mains power has its own, if set.
 *
 * Return: seconds from the suspend that started the cycle.
 */
u32 s2h_cycle_delay(const struct s2h_delays *d, bool on_ac, int battery_start)
{
	if (on_ac && d->ac_delay_sec)
		return d->ac_delay_sec;
	if (d->battery_high && battery_start >= 0 && battery_start < d->battery_high)
		return d->delay_low_sec;
	return d->delay_sec;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_cycle_delay);

/**
 * s2h_next_alarm() - what the alarm is armed for, in a cycle that waits for its delay
 * @delay_sec: the delay in force
 * @cycle_ms: how long the cycle has run
 * @check_sec: between two battery checks
 * @checks: the battery is checked meanwhile (the drain budget, on battery)
 *
 * Return: the rest of the delay, at most @check_sec when @checks, within
 * S2H_DELAY_MIN_SEC .. S2H_DELAY_MAX_SEC.
 */
u32 s2h_next_alarm(u32 delay_sec, s64 cycle_ms, u32 check_sec, bool checks)
{
	s64 left_ms = (s64)delay_sec * MSEC_PER_SEC - cycle_ms;
	u64 sec = left_ms > 0 ? DIV_ROUND_UP_ULL(left_ms, MSEC_PER_SEC) : 0;

	if (checks)
		sec = min_t(u64, sec, check_sec);
	return clamp_t(u64, sec, S2H_DELAY_MIN_SEC, S2H_DELAY_MAX_SEC);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_next_alarm);

/**
 * s2h_drain_rate() - the battery's drain over a suspend
 * @battery_armed: percent when it started, < 0 when unknown
 * @battery: percent now, < 0 when unknown
 * @elapsed_ms: how long it lasted
 *
 * Return: thousandths of a percent per hour; 0 when the suspend says
 * nothing: too short, a battery unknown, or one that did not drop.
 */
u32 s2h_drain_rate(int battery_armed, int battery, s64 elapsed_ms)
{
	s64 drop = battery_armed - battery;

	if (battery_armed < 0 || battery < 0 || drop <= 0 || elapsed_ms < S2H_DRAIN_MIN_MS)
		return 0;
	return min_t(u64, div64_s64(drop * 1000 * 3600 * MSEC_PER_SEC, elapsed_ms), U32_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_drain_rate);

/**
 * s2h_energy_known() - whether an energy figure can be turned into percent
 * @energy: uWh, S2H_ENERGY_UNKNOWN when the batteries do not say
 * @energy_full: uWh when full, likewise
 *
 * Return: true when both are known and within S2H_ENERGY_MAX_UWH.
 */
bool s2h_energy_known(s64 energy, s64 energy_full)
{
	return energy >= 0 && energy_full > 0 && energy <= S2H_ENERGY_MAX_UWH &&
	       energy_full <= S2H_ENERGY_MAX_UWH;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_energy_known);

/*
 * Ten-millionths of the full battery: an energy drop of a 50 Wh battery's
 * 0.5 mWh still counts, and the drop, at most S2H_ENERGY_MAX_UWH (10^12),
 * times this fits in 64 bits (10^19 < 1.8 * 10^19).
 */
#define S2H_ENERGY_FRACTION	10000000ULL

/**
 * s2h_drain_measure() - the drain over a suspend, from energy where known
 * @e: the two ends, and how long it lasted
 *
 * Energy, when both ends and the full battery's are known, measures a
 * drain under 1 %/h over a short suspend, which whole percent round to
 * nothing; a battery that gained energy (charging) drained nothing.
 * Otherwise whole percent, s2h_drain_rate().
 *
 * Return: thousandths of a percent per hour; 0 when the suspend says nothing.
 */
u32 s2h_drain_measure(const struct s2h_drain_ends *e)
{
	u64 drop, fraction;

	if (!s2h_energy_known(e->energy_armed, e->energy_full) ||
	    !s2h_energy_known(e->energy, e->energy_full))
		return s2h_drain_rate(e->battery_armed, e->battery, e->elapsed_ms);
	if (e->energy >= e->energy_armed || e->elapsed_ms < S2H_DRAIN_MIN_MS)
		return 0;
	drop = min_t(u64, e->energy_armed - e->energy, e->energy_full);
	fraction = div64_u64(drop * S2H_ENERGY_FRACTION, e->energy_full);
	/* fraction / 10^7 * 100 % * 1000 per 3600 s: fraction * 36000 per ms */
	return min_t(u64, div64_u64(fraction * 36000, e->elapsed_ms), U32_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_drain_measure);

/* A dark wake's time awake past which its energy would not fit 64 bits (10 days). */
#define S2H_DARK_MAX_MS		(S64_MAX / S2H_DRAW_MAX_UW)

/**
 * s2h_dark_count() - one dark wake into its cycle's figures
 * @dark: the cycle's dark wakes so far; { 0, S2H_ENERGY_UNKNOWN } before the first
 * @transit_ms: the sleep the wake ended, its boottime less its time asleep:
 *	its devices' suspend and resume; 0 when timekeeping did not measure it
 * @awake_ms: from the wake's decision to the next suspend's checks
 * @draw_uw: the batteries' draw at the wake, uW; 0 on mains power;
 *	S2H_ENERGY_UNKNOWN when they do not say
 *
 * What a dark wake adds to a cycle is one suspend and one resume of the
 * devices, and its time awake between; a sleep's suspend and resume are
 * alike, so those of the sleep it ended stand for both. Its energy is
 * the draw as it woke over that time: a gauge's energy_now moves too
 * seldom for a wake of seconds. One dark wake of unknown draw leaves the
 * cycle's energy unknown.
 */
void s2h_dark_count(struct s2h_dark *dark, s64 transit_ms, s64 awake_ms, s64 draw_uw)
{
	s64 ms = clamp_t(s64, max_t(s64, transit_ms, 0) + max_t(s64, awake_ms, 0), 1,
			 S2H_DARK_MAX_MS);
	bool first = !dark->ms;

	dark->ms += ms;
	if (draw_uw < 0 || draw_uw > S2H_DRAW_MAX_UW || (!first && dark->energy < 0))
		dark->energy = S2H_ENERGY_UNKNOWN;
	else
		dark->energy = (first ? 0 : dark->energy) + div_s64(draw_uw * ms, 3600000);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_dark_count);

/* Seconds until @battery reaches @threshold at @drain_mpph; < 0: not projected to. */
static s64 s2h_drain_left_sec(int battery, u32 threshold, u32 drain_mpph)
{
	if (battery < 0 || !threshold || !drain_mpph)
		return -1;
	return div64_s64(((s64)battery - threshold) * 1000 * 3600, drain_mpph);
}

/**
 * s2h_drain_watch() - the alarm that watches the battery through a delay
 * @next_sec: the alarm the delay asks for
 * @battery: percent now, on battery; < 0 when unknown or on mains
 * @threshold: battery_threshold, 0: off
 * @drain_mpph: the drain measured last, s2h_drain_rate(); 0: none yet
 * @check_sec: battery_check_sec
 * @battery_alarm: the battery's own alarm is set at @threshold
 *
 * A laptop that drains fast must not sleep through a long delay to an
 * empty battery: the alarm comes S2H_DRAIN_MARGIN_SEC before the battery
 * is projected to reach the threshold, and, before any drain was
 * measured, after @check_sec, which measures it - unless the battery's
 * alarm watches it. Not every battery's alarm wakes every machine from
 * every sleep state: a drain measured still caps the alarm.
 *
 * Return: @next_sec, or sooner; at least S2H_ALARM_FLOOR_SEC.
 */
u32 s2h_drain_watch(u32 next_sec, int battery, u32 threshold, u32 drain_mpph, u32 check_sec,
		    bool battery_alarm)
{
	s64 left = s2h_drain_left_sec(battery, threshold, drain_mpph);

	if (battery < 0 || !threshold)
		return next_sec;
	if (!drain_mpph)
		return battery_alarm ? next_sec : min(next_sec, check_sec);
	left -= S2H_DRAIN_MARGIN_SEC;
	if (left >= next_sec)
		return next_sec;
	return max_t(s64, left, S2H_ALARM_FLOOR_SEC);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_drain_watch);

/* The drain since the alarm was armed, s2h_drain_measure(): 0 when it says nothing. */
static u32 s2h_drain_since_armed(const struct s2h_policy_facts *f)
{
	return s2h_drain_measure(&(struct s2h_drain_ends) {
		.battery_armed = f->battery_armed, .battery = f->battery,
		.energy_armed = f->energy_armed, .energy = f->energy,
		.energy_full = f->energy_full, .elapsed_ms = f->elapsed_ms,
	});
}

/*
 * Where the battery will be at the next check, in thousandths of a percent,
 * if it keeps draining as it did since the alarm was armed: the drain in
 * energy where the batteries give it, so that a drain under 1 %/h
 * projects the drop it is, where whole percent project none or a whole
 * percent in minutes; a battery that charged stays where it is.
 */
static s64 s2h_battery_projected(const struct s2h_policy_facts *f)
{
	return (s64)f->battery * 1000 -
	       div_u64((u64)s2h_drain_since_armed(f) * f->check_sec, 3600);
}

/*
 * The drain under the delay policy: this suspend's when it says anything,
 * else the one measured before; 0 on mains or with no battery.
 */
static u32 s2h_drain_now(const struct s2h_policy_facts *f)
{
	u32 rate;

	if (f->on_ac || f->battery < 0)
		return 0;
	rate = s2h_drain_since_armed(f);
	return rate ? rate : f->drain_mpph;
}

static struct s2h_decision s2h_hibernate_for(enum s2h_reason reason)
{
	return (struct s2h_decision) { .action = S2H_DECISION_HIBERNATE, .reason = reason };
}

static struct s2h_decision s2h_sleep_for(enum s2h_reason reason, u32 rearm_sec)
{
	return (struct s2h_decision) {
		.action = S2H_DECISION_SLEEP_AGAIN,
		.reason = reason,
		.rearm_sec = rearm_sec,
	};
}

/*
 * The last resort, once hibernation is out: a battery known to be at or
 * below the critical level, or projected to be by the next check, on
 * battery, powers off in order; a battery dying in suspend loses
 * everything that was not written. Otherwise another check - also when
 * the battery could not be read this time - and none once it is off.
 */
static struct s2h_decision s2h_decide_last_resort(const struct s2h_policy_facts *f)
{
	if (!f->battery_critical)
		return s2h_sleep_for(S2H_REASON_WATCH, 0);
	if (f->battery >= 0 && !f->on_ac &&
	    (f->battery <= f->battery_critical ||
	     s2h_battery_projected(f) <= (s64)f->battery_critical * 1000))
		return (struct s2h_decision) {
			.action = S2H_DECISION_POWER_OFF,
			.reason = S2H_REASON_CRITICAL,
		};
	return s2h_sleep_for(S2H_REASON_WATCH, f->check_sec);
}

/*
 * Windows' standby budget: the drop since the suspend, whatever the delay;
 * in energy where the batteries give it, which whole percent round.
 */
static bool s2h_over_budget(const struct s2h_policy_facts *f)
{
	if (!f->drain_budget)
		return false;
	if (s2h_energy_known(f->energy_start, f->energy_full) &&
	    s2h_energy_known(f->energy, f->energy_full))
		return (f->energy_start - f->energy) * 100 > (s64)f->drain_budget * f->energy_full;
	return f->battery >= 0 && f->battery_start >= 0 &&
	       f->battery_start - f->battery > (int)f->drain_budget;
}

/*
 * The delay policy's check before the delay: hibernate once the battery is
 * projected to reach the threshold within S2H_DRAIN_MARGIN_SEC and the
 * next alarm's floor, else sleep on to the rest of the delay, or to the
 * next check of the drain budget or of the battery (s2h_drain_watch()).
 */
static struct s2h_decision s2h_decide_watch(const struct s2h_policy_facts *f)
{
	bool on_battery = f->battery >= 0 && !f->on_ac;
	u32 drain = s2h_drain_now(f);
	s64 left = s2h_drain_left_sec(on_battery ? f->battery : -1, f->battery_threshold, drain);
	u32 next;

	if (left >= 0 && left <= S2H_DRAIN_MARGIN_SEC + S2H_ALARM_FLOOR_SEC)
		return s2h_hibernate_for(S2H_REASON_BATTERY_PROJECTED);
	next = s2h_next_alarm(f->delay_sec, f->cycle_ms, f->check_sec,
			      f->drain_budget && on_battery);
	if (drain)
		next = s2h_drain_watch(next, on_battery ? f->battery : -1, f->battery_threshold,
				       drain, f->check_sec, f->battery_alarm);
	return s2h_sleep_for(S2H_REASON_CHECK, next);
}

/**
 * s2h_decide_alarm() - hibernate, sleep on, or power off, now that the alarm woke the system
 * @f: the settings and what the power supplies say
 *
 * Once hibernation is out, only the last resort is left. Otherwise a
 * battery at or below the threshold always means hibernation: it is what
 * s2h is there to protect; so does a drain over the budget. Then mains
 * power, if the user asked not to hibernate on it; then the policy: the
 * battery policy when the battery is projected to reach the threshold
 * before the next check, the delay policy once the delay in force has
 * passed (the RTC may ring S2H_RTC_EARLY_MS early), with another alarm for
 * what is left of it. A battery policy without a battery to measure falls
 * back to the delay.
 *
 * Return: the decision, its reason, and the next alarm when it sleeps on.
 */
struct s2h_decision s2h_decide_alarm(const struct s2h_policy_facts *f)
{
	bool battery_known = f->battery >= 0;
	bool battery_policy = f->policy == S2H_POLICY_BATTERY && battery_known;

	if (f->watch)
		return s2h_decide_last_resort(f);
	if (battery_known && f->battery_threshold && f->battery <= f->battery_threshold)
		return s2h_hibernate_for(S2H_REASON_BATTERY_LOW);
	if (s2h_over_budget(f))
		return s2h_hibernate_for(S2H_REASON_DRAIN_BUDGET);
	if (f->on_ac && !f->hibernate_on_ac)
		return s2h_sleep_for(S2H_REASON_ON_AC,
				     battery_policy ? f->check_sec : f->delay_sec);
	if (battery_policy) {
		if (f->battery_armed < 0 ||
		    s2h_battery_projected(f) > (s64)f->battery_threshold * 1000)
			return s2h_sleep_for(S2H_REASON_CHECK, f->check_sec);
		return s2h_hibernate_for(S2H_REASON_BATTERY_PROJECTED);
	}
	if (f->cycle_ms >= (s64)f->delay_sec * MSEC_PER_SEC - S2H_RTC_EARLY_MS)
		return s2h_hibernate_for(S2H_REASON_DELAY);
	return s2h_decide_watch(f);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_decide_alarm);

/**
 * s2h_too_hot() - whether the alarm's wake hibernates at once for the heat
 * @limit: thermal_limit, millidegrees Celsius; 0: never
 * @hottest: the hottest thermal zone, millidegrees Celsius, or S2H_TEMP_UNKNOWN
 *
 * A machine that heats up while it should sleep - in a bag, a device or
 * the firmware keeping it from its sleep state - burns its battery and
 * itself: it hibernates whatever the delay, the policy or mains power say.
 * No thermal zone is no reason to hibernate.
 *
 * Return: true to hibernate now.
 */
bool s2h_too_hot(u32 limit, int hottest)
{
	return limit && hottest != S2H_TEMP_UNKNOWN && hottest >= 0 && (u32)hottest >= limit;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_too_hot);

/**
 * s2h_no_hw_sleep() - whether the alarm's wake hibernates at once for a sleep that was none
 * @setting: hibernate_no_hw_sleep
 * @s2idle: the suspend was to idle
 * @hw_sleep_us: how long the hardware slept, or S2H_HW_SLEEP_UNKNOWN
 *
 * A suspend to idle whose hardware never reached its sleep state (a device
 * or the firmware kept it in a shallow state) drains the battery about as
 * fast as an idle running machine, and heats in a bag. Only the kernel's
 * word that it was 0 counts: unknown is no reason.
 *
 * Return: true to hibernate now.
 */
bool s2h_no_hw_sleep(bool setting, bool s2idle, s64 hw_sleep_us)
{
	return setting && s2idle && hw_sleep_us == 0;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_no_hw_sleep);

/**
 * s2h_hw_sleep_delta() - how long the hardware slept in one suspend
 * @read: suspend_stats/total_hw_sleep was read as the suspend started and
 *	at its wake (the kernel has it)
 * @s2idle: the suspend was to idle
 * @before: total_hw_sleep as the suspend started, microseconds since boot
 * @after: total_hw_sleep at the wake
 *
 * The platform driver adds each resume's hardware sleep to total_hw_sleep,
 * in suspend to idle only. Where no driver reports, the file is there all
 * the same and stays 0, which the kernel shows as it would a driver's
 * report that the hardware never slept: a count that has never moved since
 * boot says nothing. Once it has, a driver reports, and no change across a
 * suspend to idle is its word that the hardware never slept (a driver
 * unloaded since reads the same). A platform suspend is not counted.
 *
 * Return: microseconds, 0 when the hardware never slept, or
 * S2H_HW_SLEEP_UNKNOWN when that cannot be told.
 */
s64 s2h_hw_sleep_delta(bool read, bool s2idle, u64 before, u64 after)
{
	if (!read || !s2idle || after < before || (after == before && !before))
		return S2H_HW_SLEEP_UNKNOWN;
	return min_t(u64, after - before, S64_MAX);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_hw_sleep_delta);

/*
 * The first retry comes after the delay, at most a quarter of an hour, so
 * that a passing failure costs little battery; each further one waits
 * twice as long, so that a lasting one does not wake the machine often.
 */
#define S2H_RETRY_FIRST_MAX_SEC	(15 * 60)

/**
 * s2h_retry_delay() - how long to sleep before hibernation attempt @attempt + 1
 * @delay_sec: the delay setting
 * @attempt: 1 for the first retry
 *
 * Return: seconds, at most S2H_DELAY_MAX_SEC.
 */
u32 s2h_retry_delay(u32 delay_sec, unsigned int attempt)
{
	u64 sec = min_t(u32, delay_sec, S2H_RETRY_FIRST_MAX_SEC);

	if (attempt > 1)
		sec <<= min(attempt - 1, 16U);
	return min_t(u64, sec, S2H_DELAY_MAX_SEC);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_retry_delay);

/**
 * s2h_image_outcome() - what a .restore or .resume of s2h's device says of a hibernation
 * @restore: .restore; false for .resume
 * @snapshot: whether the hibernation got to its snapshot (the tracepoint)
 * @thawed: whether .thaw ran in this hibernation as the system runs now
 *
 * The image is taken before the devices are thawed to write it: a system
 * restored from the image never saw that .thaw, while the kernel that
 * wrote the image, powering down, did. So .restore after .thaw is that
 * kernel undoing the power-down, and .restore without a snapshot is
 * create_image() undoing it before any image was made. .resume follows a
 * written image only in hibernate_mode suspend; any other is a suspend's.
 *
 * Return: how the hibernation ended; S2H_IMAGE_NONE for a .resume that is
 * not the hibernation's.
 */
enum s2h_image_end s2h_image_outcome(bool restore, enum s2h_sleep_evidence snapshot,
				     bool thawed)
{
	if (!restore)
		return thawed ? S2H_IMAGE_RESUMED : S2H_IMAGE_NONE;
	if (thawed)
		return S2H_IMAGE_UNDONE_LATE;
	if (snapshot == S2H_SLEEP_NOT_REACHED)
		return S2H_IMAGE_UNDONE_EARLY;
	return S2H_IMAGE_RESTORED;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_image_outcome);

/**
 * s2h_image_error() - the error of a hibernation whose hibernate() returned 0
 * @end: how it ended, s2h_image_outcome()
 *
 * An undone hibernation is the kernel's own refusal for a wakeup event,
 * which a freeze or a device's suspend reports as -EBUSY.
 *
 * Return: 0 once the system came back with the image written.
 */
int s2h_image_error(enum s2h_image_end end)
{
	switch (end) {
	case S2H_IMAGE_RESTORED:
	case S2H_IMAGE_RESUMED:
		return 0;
	case S2H_IMAGE_UNDONE_EARLY:
	case S2H_IMAGE_UNDONE_LATE:
		return -EBUSY;
	default:
		return -EIO;
	}
}
EXPORT_SYMBOL_IF_KUNIT(s2h_image_error);

/**
 * s2h_pending_alarm() - the alarm a suspend arms in the place of a decided action
 * @d: what the wake decided
 *
 * A suspend of the user's that starts before s2h's action takes hold - the
 * lid closed again while s2h waits for userspace to hibernate, logind's
 * suspend before s2h's own - arms what the action's own suspend would
 * have: a dark wake's next check; for a hibernation or the last resort,
 * whose time has come, S2H_ALARM_FLOOR_SEC.
 *
 * Return: seconds; 0 when nothing was decided and the suspend starts a
 * cycle of its own.
 */
u32 s2h_pending_alarm(const struct s2h_decision *d)
{
	switch (d->action) {
	case S2H_DECISION_HIBERNATE:
	case S2H_DECISION_POWER_OFF:
		return S2H_ALARM_FLOOR_SEC;
	case S2H_DECISION_SLEEP_AGAIN:
		return d->rearm_sec;
	default:
		return 0;
	}
}
EXPORT_SYMBOL_IF_KUNIT(s2h_pending_alarm);

/**
 * s2h_resume_usable() - whether the resume device can take the image and give it back
 * @swap: the resume device is an active swap partition (1) or exists and is
 *	none (0); -ENODEV when there is no such device; another negative
 *	errno when that could not be told
 * @offset: resume_offset is set: the image goes to a swap file on the device
 *
 * A hibernation that cannot resume loses everything, so only an answer
 * counts: a device that could not be looked up is no resume device, and
 * neither is one that does not exist, offset or not. A swap file at an
 * offset of a device that exists is taken on trust (which file the
 * offset points into cannot be told).
 *
 * Return: true when the resume check passes.
 */
bool s2h_resume_usable(int swap, bool offset)
{
	if (swap < 0)
		return false;
	return swap || offset;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_resume_usable);

/**
 * s2h_settle_sec() - the settle of an alarm's wake that decided to hibernate
 * @settle_sec: the setting
 * @resuspended: a suspend of the user's ended a settle of this cycle
 *
 * Return: seconds, 0 for none.
 */
u32 s2h_settle_sec(u32 settle_sec, bool resuspended)
{
	return resuspended ? min_t(u32, settle_sec, S2H_SETTLE_RESUSPENDED_SEC) : settle_sec;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_settle_sec);

/**
 * s2h_settle_step() - what a settle does next
 * @f: what it has seen so far
 *
 * The user's input wins: the machine is theirs, whatever the battery. A
 * battery at battery_critical does not wait for the rest of the settle:
 * the hibernation the wake decided is its best way out, and waiting on
 * would let it die awake.
 *
 * Return: wait on, hibernate, or cancel.
 */
enum s2h_settle_step s2h_settle_step(const struct s2h_settle_facts *f)
{
	if (f->input)
		return S2H_SETTLE_CANCEL;
	if (f->battery_critical && !f->on_ac && f->battery >= 0 &&
	    f->battery <= f->battery_critical)
		return S2H_SETTLE_HIBERNATE;
	if (f->elapsed_ms >= (s64)f->settle_sec * MSEC_PER_SEC)
		return S2H_SETTLE_HIBERNATE;
	return S2H_SETTLE_WAIT;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_settle_step);

/**
 * s2h_input_is_user() - whether an input event is the user's
 * @type: EV_*
 * @code: its code
 * @value: its value
 *
 * A key or button, pressed or released, and any move of a pointer are;
 * the lid is when it opens, not when it closes: a lid closed in the
 * settle is logind's suspend coming, which goes on with the cycle
 * (s2h_supersede()), and an autorepeat only repeats a key seen already.
 * Other switches (a tablet's mode, a headphone jack) and the rest (SYN,
 * MSC, LED, sound) say nothing of a user.
 *
 * Return: true when the user is back.
 */
bool s2h_input_is_user(unsigned int type, unsigned int code, int value)
{
	switch (type) {
	case EV_KEY:
		return value != 2;
	case EV_REL:
	case EV_ABS:
		return true;
	case EV_SW:
		return code == SW_LID && !value;
	default:
		return false;
	}
}
EXPORT_SYMBOL_IF_KUNIT(s2h_input_is_user);

/**
 * s2h_amdgpu_hybrid_broken() - whether amdgpu breaks hibernate_mode suspend
 * @kernel: KERNEL_VERSION() of the kernel
 *
 * "drm/amdgpu: do not resume device in thaw for normal hibernation"
 * (530694f54dd5, merged for 6.17) leaves the GPU suspended after the image
 * is written, which is right when the system powers off and wrong when it
 * suspends (hybrid sleep, hibernate_mode suspend). "drm/amd: Fix hybrid
 * sleep" (Mario Limonciello, drm/amd issue 4573; in the PM pull for
 * 6.18-rc1, its stable tag "6.17+") fixed it; the 6.17 stable review that
 * carries it is of 21 October 2025, which became 6.17.5 (the point release
 * is inferred from that date). A distribution kernel may carry the fix
 * earlier: advice, not a refusal.
 *
 * Return: true for 6.17.0 to 6.17.4.
 */
bool s2h_amdgpu_hybrid_broken(u32 kernel)
{
	return kernel >= KERNEL_VERSION(6, 17, 0) && kernel < KERNEL_VERSION(6, 17, 5);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_amdgpu_hybrid_broken);

/**
 * s2h_driver_advice() - pre-flight's advice on the loaded drivers
 * @f: which are loaded, and the settings they need
 *
 * nvidia saves its video memory only through nvidia-hibernate.service,
 * which systemd runs around a hibernation it starts, never around one s2h
 * starts in the kernel; hibernating without it hangs or loses the desktop
 * (systemd #27559): handoff_sec hands the hibernation to systemd.
 *
 * Return: BIT(enum s2h_advice) of each piece.
 */
unsigned long s2h_driver_advice(const struct s2h_driver_facts *f)
{
	unsigned long advice = 0;

	if (f->nvidia && !f->handoff_sec)
		advice |= BIT(S2H_ADVICE_NVIDIA_HANDOFF);
	if (f->amdgpu && f->hybrid && s2h_amdgpu_hybrid_broken(f->kernel))
		advice |= BIT(S2H_ADVICE_AMDGPU_HYBRID);
	return advice;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_driver_advice);
