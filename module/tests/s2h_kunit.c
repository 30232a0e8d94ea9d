// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what s2h decides and parses: the pure parts of the module,
 * table-driven, as s2h.ko has them - it exports them to this module in a
 * kernel built with KUnit (EXPORT_SYMBOL_IF_KUNIT, compat.h).
 */
#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/input-event-codes.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/version.h>

#include "compat.h"
#include "config.h"
#include "decide.h"
#include "history.h"
#include "power.h"

#define SEC(s)	((s64)(s) * MSEC_PER_SEC)

struct s2h_decide_case {
	const char *name;
	struct s2h_wake_facts facts;
	enum s2h_wake wake;
};

#define RTC_NO		S2H_RTC_UNKNOWN
#define RTC_SILENT	S2H_RTC_SILENT
#define RTC_WOKE	S2H_RTC_WOKE
#define SRC_NONE	S2H_SOURCE_NONE
#define SRC_OTHER	S2H_SOURCE_OTHER
#define SRC_INPUT	S2H_SOURCE_INPUT
#define SRC_BATTERY	S2H_SOURCE_BATTERY
#define SLEEP_NO	S2H_SLEEP_UNKNOWN
#define SLEEP_SHORT	S2H_SLEEP_NOT_REACHED
#define SLEEP_REACHED	S2H_SLEEP_REACHED
#define IRQ_NO		S2H_IRQ_UNKNOWN
#define IRQ_SCI		S2H_IRQ_SHARED
#define IRQ_RTC		S2H_IRQ_RTC
#define IRQ_OTHER	S2H_IRQ_OTHER
#define LID_NO		S2H_LID_UNKNOWN
#define LID_SHUT	S2H_LID_CLOSED
#define LID_OPEN	S2H_LID_OPEN
#define REPORTS		true	/* the RTC counted a wake in this sleep state before */

/*
 * Fields: delay_sec, elapsed_ms, slept_ms, rtc, source, sleep (when left
 * out: no tracepoint, timekeeping alone tells), irq, lid, rtc_reports (when
 * left out: no wake IRQ, no lid known, the RTC never seen to count a wake).
 */
static const struct s2h_decide_case s2h_decide_cases[] = {
	/* Every combination of timekeeping's and the tracepoint's word. */
	{ "no time injected, no tracepoint: aborted",
	  { 8, SEC(8), 0, RTC_SILENT, SRC_NONE, SLEEP_NO }, S2H_WAKE_ABORTED },
	{ "no time injected, sleep not reached (pm_test): aborted",
	  { 8, SEC(8), 0, RTC_SILENT, SRC_NONE, SLEEP_SHORT }, S2H_WAKE_ABORTED },
	{ "pm_test in the window, the RTC woke meanwhile: aborted",
	  { 8, SEC(8), 0, RTC_WOKE, SRC_NONE, SLEEP_SHORT }, S2H_WAKE_ABORTED },
	{ "pm_test with a key pressed: aborted",
	  { 8, SEC(5), 0, RTC_SILENT, SRC_INPUT, SLEEP_SHORT }, S2H_WAKE_ABORTED },
	{ "s2idle, tick not frozen, woken in the window: the alarm",
	  { 8, SEC(8), 0, RTC_SILENT, SRC_NONE, SLEEP_REACHED }, S2H_WAKE_ALARM },
	{ "s2idle, tick not frozen, rtc woke in the window: the alarm",
	  { 8, SEC(8), 0, RTC_WOKE, SRC_NONE, SLEEP_REACHED }, S2H_WAKE_ALARM },
	{ "s2idle, tick not frozen, the power button half-way: early",
	  { 30, SEC(8), 0, RTC_SILENT, SRC_INPUT, SLEEP_REACHED }, S2H_WAKE_EARLY },
	{ "s2idle, tick not frozen, no evidence half-way: early",
	  { 30, SEC(8), 0, RTC_SILENT, SRC_NONE, SLEEP_REACHED }, S2H_WAKE_EARLY },
	{ "s2idle, tick not frozen, the network half-way: other",
	  { 30, SEC(8), 0, RTC_SILENT, SRC_OTHER, SLEEP_REACHED }, S2H_WAKE_OTHER },
	{ "time injected, no tracepoint: the alarm",
	  { 8, SEC(8), SEC(8), RTC_SILENT, SRC_NONE, SLEEP_NO }, S2H_WAKE_ALARM },
	{ "time injected, sleep reached: the alarm",
	  { 8, SEC(8), SEC(8), RTC_SILENT, SRC_NONE, SLEEP_REACHED }, S2H_WAKE_ALARM },
	{ "time injected, sleep reached, a key half-way: early",
	  { 30, SEC(8), SEC(8), RTC_SILENT, SRC_INPUT, SLEEP_REACHED }, S2H_WAKE_EARLY },
	{ "time injected, tracepoint says short: timekeeping wins, the alarm",
	  { 8, SEC(8), SEC(8), RTC_SILENT, SRC_NONE, SLEEP_SHORT }, S2H_WAKE_ALARM },
	{ "never slept: aborted, whatever the RTC says",
	  { 8, SEC(8), 0, RTC_WOKE, SRC_NONE }, S2H_WAKE_ABORTED },
	{ "never slept: aborted, whatever an input device says",
	  { 8, SEC(3), 0, RTC_SILENT, SRC_INPUT }, S2H_WAKE_ABORTED },
	{ "rtc woke at the expiry",
	  { 8, SEC(8), SEC(8), RTC_WOKE, SRC_NONE }, S2H_WAKE_ALARM },
	{ "rtc woke 0.6 s early (seen in the VM): still the alarm",
	  { 6, 5400, 5400, RTC_WOKE, SRC_NONE }, S2H_WAKE_ALARM },
	{ "rtc woke exactly 2 s early: the alarm",
	  { 60, SEC(58), SEC(58), RTC_WOKE, SRC_NONE }, S2H_WAKE_ALARM },
	{ "rtc woke 2.001 s early: another RTC alarm, no user",
	  { 60, SEC(58) - 1, SEC(58), RTC_WOKE, SRC_NONE }, S2H_WAKE_OTHER },
	{ "rtc woke 60 s after the expiry: the alarm",
	  { 60, SEC(120), SEC(120), RTC_WOKE, SRC_NONE }, S2H_WAKE_ALARM },
	{ "rtc event latched, seen an hour late: not the alarm",
	  { 60, SEC(3600), SEC(3600), RTC_WOKE, SRC_NONE }, S2H_WAKE_OTHER },
	{ "rtc event latched, seen an hour late with the lid: the user",
	  { 60, SEC(3600), SEC(3600), RTC_WOKE, SRC_INPUT }, S2H_WAKE_EARLY },
	{ "rtc woke at the expiry, and a key: the user comes first",
	  { 60, SEC(60), SEC(60), RTC_WOKE, SRC_INPUT }, S2H_WAKE_EARLY },
	{ "user wake half-way: early",
	  { 10800, SEC(5400), SEC(5400), RTC_SILENT, SRC_INPUT }, S2H_WAKE_EARLY },
	{ "wake half-way, no evidence at all: taken for the user's",
	  { 10800, SEC(5400), SEC(5400), RTC_SILENT, SRC_NONE }, S2H_WAKE_EARLY },
	{ "network wake half-way: other, no user",
	  { 10800, SEC(5400), SEC(5400), RTC_SILENT, SRC_OTHER }, S2H_WAKE_OTHER },
	{ "other source with no rtc wakeup source: other",
	  { 600, SEC(30), SEC(30), RTC_NO, SRC_OTHER }, S2H_WAKE_OTHER },
	{ "rtc silent 0.5 s before the expiry: the alarm (RTC rounding)",
	  { 60, SEC(60) - 500, SEC(59), RTC_SILENT, SRC_NONE }, S2H_WAKE_ALARM },
	{ "rtc silent exactly 2 s early: the alarm",
	  { 60, SEC(58), SEC(58), RTC_SILENT, SRC_NONE }, S2H_WAKE_ALARM },
	{ "rtc silent 2.001 s early: early",
	  { 60, SEC(58) - 1, SEC(58), RTC_SILENT, SRC_NONE }, S2H_WAKE_EARLY },
	{ "rtc silent at the expiry: the alarm (driver reports no events)",
	  { 60, SEC(60), SEC(60), RTC_SILENT, SRC_NONE }, S2H_WAKE_ALARM },
	{ "other source in the alarm's window: the alarm",
	  { 60, SEC(60), SEC(60), RTC_SILENT, SRC_OTHER }, S2H_WAKE_ALARM },
	{ "rtc silent 60 s after the expiry: still the alarm",
	  { 60, SEC(120), SEC(120), RTC_SILENT, SRC_NONE }, S2H_WAKE_ALARM },
	{ "rtc silent 60.001 s after the expiry: a user, early",
	  { 60, SEC(120) + 1, SEC(120), RTC_SILENT, SRC_NONE }, S2H_WAKE_EARLY },
	{ "other source 60.001 s after the expiry: other",
	  { 60, SEC(120) + 1, SEC(120), RTC_SILENT, SRC_OTHER }, S2H_WAKE_OTHER },
	{ "no rtc wakeup source, 2 s early: the alarm",
	  { 60, SEC(58), SEC(58), RTC_NO, SRC_NONE }, S2H_WAKE_ALARM },
	{ "no rtc wakeup source, 2.001 s early: early",
	  { 60, SEC(58) - 1, SEC(58), RTC_NO, SRC_NONE }, S2H_WAKE_EARLY },
	{ "no rtc wakeup source, hours late: a user, early",
	  { 60, SEC(7200), SEC(7200), RTC_NO, SRC_NONE }, S2H_WAKE_EARLY },
	{ "longest delay, rtc woke 1 s early: the alarm",
	  { S2H_DELAY_MAX_SEC, SEC(S2H_DELAY_MAX_SEC - 1), SEC(S2H_DELAY_MAX_SEC - 1),
	    RTC_WOKE, SRC_NONE }, S2H_WAKE_ALARM },
	{ "shortest delay, user wake after 1 s: early",
	  { S2H_DELAY_MIN_SEC, SEC(1), SEC(1), RTC_SILENT, SRC_NONE }, S2H_WAKE_EARLY },
	/* The battery's own alarm, set by s2h: s2h's whenever it rings. */
	{ "battery's alarm hours before the delay, RTC silent: the alarm",
	  { 86400, SEC(5400), SEC(5400), RTC_SILENT, SRC_BATTERY }, S2H_WAKE_ALARM },
	{ "battery's alarm through the RTC (alarm timer) hours early: the alarm",
	  { 86400, SEC(60), SEC(60), RTC_WOKE, SRC_BATTERY, SLEEP_REACHED }, S2H_WAKE_ALARM },
	{ "battery's alarm and a key: the user comes first",
	  { 86400, SEC(5400), SEC(5400), RTC_SILENT, SRC_INPUT }, S2H_WAKE_EARLY },
	{ "battery's alarm in pm_test: aborted",
	  { 86400, SEC(5), 0, RTC_SILENT, SRC_BATTERY, SLEEP_SHORT }, S2H_WAKE_ABORTED },
	/*
	 * The evidence in the alarm's window: a key 1 s before the alarm is
	 * due (elapsed 59 s of 60) is the user's whenever anything says so.
	 */
	{ "window: a key (input device) 1 s before the alarm: early",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_INPUT }, S2H_WAKE_EARLY },
	{ "window: a key 1 s before, the RTC rang too: the user comes first",
	  { 60, SEC(59), SEC(59), RTC_WOKE, SRC_INPUT, SLEEP_REACHED, IRQ_RTC, LID_OPEN,
	    REPORTS }, S2H_WAKE_EARLY },
	{ "window: a key 1 s before, the lid closed (external keyboard): early",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_INPUT, SLEEP_NO, IRQ_NO, LID_SHUT },
	  S2H_WAKE_EARLY },
	{ "window: the RTC counted the wake: the alarm",
	  { 60, SEC(59), SEC(59), RTC_WOKE, SRC_NONE, SLEEP_NO, IRQ_NO, LID_NO, REPORTS },
	  S2H_WAKE_ALARM },
	{ "window: the RTC counted it, another device's event too (resume noise): the alarm",
	  { 60, SEC(59), SEC(59), RTC_WOKE, SRC_OTHER, SLEEP_NO, IRQ_NO, LID_NO, REPORTS },
	  S2H_WAKE_ALARM },
	{ "window: an RTC that counts its wakes counted none: another device's",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_NONE, SLEEP_NO, IRQ_NO, LID_NO, REPORTS },
	  S2H_WAKE_OTHER },
	{ "window: an RTC that counts counted none, another device's event: other",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_OTHER, SLEEP_NO, IRQ_NO, LID_NO, REPORTS },
	  S2H_WAKE_OTHER },
	{ "window: an RTC never seen to count is silent: the alarm by its timing",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_NONE }, S2H_WAKE_ALARM },
	{ "window: no RTC wakeup source, no IRQ, no lid: the alarm by its timing",
	  { 60, SEC(59), SEC(59), RTC_NO, SRC_NONE }, S2H_WAKE_ALARM },
	{ "window: the wake IRQ is the RTC's, no RTC event counted: the alarm",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_NONE, SLEEP_REACHED, IRQ_RTC, LID_NO,
	    REPORTS }, S2H_WAKE_ALARM },
	{ "window: the wake IRQ is another device's: other",
	  { 60, SEC(59), SEC(59), RTC_NO, SRC_NONE, SLEEP_REACHED, IRQ_OTHER }, S2H_WAKE_OTHER },
	{ "window: another device's IRQ, yet the RTC counted the wake: the alarm",
	  { 60, SEC(59), SEC(59), RTC_WOKE, SRC_NONE, SLEEP_REACHED, IRQ_OTHER }, S2H_WAKE_ALARM },
	{ "window: the wake IRQ is ACPI's SCI, no other word: the alarm by its timing",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_NONE, SLEEP_REACHED, IRQ_SCI }, S2H_WAKE_ALARM },
	{ "window: the SCI, an RTC that counts counted none: other",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_NONE, SLEEP_REACHED, IRQ_SCI, LID_NO, REPORTS },
	  S2H_WAKE_OTHER },
	{ "window: the SCI with the RTC's event: the alarm",
	  { 60, SEC(60), SEC(60), RTC_WOKE, SRC_NONE, SLEEP_REACHED, IRQ_SCI, LID_NO, REPORTS },
	  S2H_WAKE_ALARM },
	/* The lid: closed, no user is there; open, only the RTC's word hibernates. */
	{ "window: lid closed, no other word: the alarm",
	  { 60, SEC(59), SEC(59), RTC_NO, SRC_NONE, SLEEP_NO, IRQ_NO, LID_SHUT }, S2H_WAKE_ALARM },
	{ "window: lid closed, another device's IRQ: the alarm, no user to wake",
	  { 60, SEC(59), SEC(59), RTC_NO, SRC_NONE, SLEEP_NO, IRQ_OTHER, LID_SHUT },
	  S2H_WAKE_ALARM },
	{ "window: lid closed, an RTC that counts counted none: the alarm",
	  { 60, SEC(59), SEC(59), RTC_SILENT, SRC_OTHER, SLEEP_NO, IRQ_NO, LID_SHUT, REPORTS },
	  S2H_WAKE_ALARM },
	{ "window: lid open, no RTC wakeup source: taken for the user's",
	  { 60, SEC(60), SEC(60), RTC_NO, SRC_NONE, SLEEP_NO, IRQ_NO, LID_OPEN }, S2H_WAKE_EARLY },
	{ "window: lid open, RTC silent, never seen to count: the user's",
	  { 60, SEC(60), SEC(60), RTC_SILENT, SRC_NONE, SLEEP_NO, IRQ_NO, LID_OPEN },
	  S2H_WAKE_EARLY },
	{ "window: lid open, the SCI alone: the user's",
	  { 60, SEC(60), SEC(60), RTC_SILENT, SRC_NONE, SLEEP_REACHED, IRQ_SCI, LID_OPEN },
	  S2H_WAKE_EARLY },
	{ "window: lid open, another device's event: the user's",
	  { 60, SEC(60), SEC(60), RTC_SILENT, SRC_OTHER, SLEEP_NO, IRQ_NO, LID_OPEN },
	  S2H_WAKE_EARLY },
	{ "window: lid open, the RTC counted the wake: the alarm",
	  { 60, SEC(60), SEC(60), RTC_WOKE, SRC_NONE, SLEEP_NO, IRQ_NO, LID_OPEN, REPORTS },
	  S2H_WAKE_ALARM },
	{ "window: lid open, the wake IRQ is the RTC's: the alarm",
	  { 60, SEC(60), SEC(60), RTC_NO, SRC_NONE, SLEEP_REACHED, IRQ_RTC, LID_OPEN },
	  S2H_WAKE_ALARM },
	{ "window: lid open, the RTC counted it 2 s early: the alarm",
	  { 60, SEC(58), SEC(58), RTC_WOKE, SRC_NONE, SLEEP_NO, IRQ_NO, LID_OPEN, REPORTS },
	  S2H_WAKE_ALARM },
	/* Outside the window the new evidence changes nothing. */
	{ "half-way, lid closed, no other word: early, as without a lid",
	  { 600, SEC(300), SEC(300), RTC_SILENT, SRC_NONE, SLEEP_NO, IRQ_NO, LID_SHUT },
	  S2H_WAKE_EARLY },
	{ "half-way, an RTC that counts counted none: early",
	  { 600, SEC(300), SEC(300), RTC_SILENT, SRC_NONE, SLEEP_NO, IRQ_NO, LID_NO, REPORTS },
	  S2H_WAKE_EARLY },
	{ "half-way, the wake IRQ is the RTC's, no event: early",
	  { 600, SEC(300), SEC(300), RTC_SILENT, SRC_NONE, SLEEP_REACHED, IRQ_RTC },
	  S2H_WAKE_EARLY },
	{ "2.001 s early, lid open, the RTC counted: another RTC alarm",
	  { 60, SEC(58) - 1, SEC(58), RTC_WOKE, SRC_NONE, SLEEP_NO, IRQ_NO, LID_OPEN, REPORTS },
	  S2H_WAKE_OTHER },
	{ "60.001 s late, lid closed, no word: early",
	  { 60, SEC(120) + 1, SEC(120), RTC_SILENT, SRC_NONE, SLEEP_NO, IRQ_NO, LID_SHUT },
	  S2H_WAKE_EARLY },
	{ "battery's alarm, lid open: s2h's all the same",
	  { 86400, SEC(5400), SEC(5400), RTC_SILENT, SRC_BATTERY, SLEEP_NO, IRQ_NO, LID_OPEN },
	  S2H_WAKE_ALARM },
	{ "lid open, never slept: aborted",
	  { 60, SEC(60), 0, RTC_WOKE, SRC_NONE, SLEEP_SHORT, IRQ_RTC, LID_OPEN },
	  S2H_WAKE_ABORTED },
};

static void s2h_decide_case_desc(const struct s2h_decide_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_decide, s2h_decide_cases, s2h_decide_case_desc);

static void s2h_classify_wake_test(struct kunit *test)
{
	const struct s2h_decide_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_classify_wake(&c->facts), c->wake);
}

#define AC	true
#define BATT	false
#define HIB	S2H_DECISION_HIBERNATE
#define SLEEP	S2H_DECISION_SLEEP_AGAIN
#define OFF	S2H_DECISION_POWER_OFF
#define P_DELAY	S2H_POLICY_DELAY
#define P_BATT	S2H_POLICY_BATTERY
#define WATCH	true
#define HEALTHY	false

struct s2h_urgent_case {
	const char *name;
	struct s2h_wake_facts facts;	/* delay_sec and elapsed_ms */
	bool urgent;
};

/* Decided on at once: whatever the evidence, the wakes that may be the alarm's. */
static const struct s2h_urgent_case s2h_urgent_cases[] = {
	{ "at the expiry", { 60, SEC(60) }, true },
	{ "2 s early: the RTC's rounding", { 60, SEC(58) }, true },
	{ "2.001 s early: not the alarm, later", { 60, SEC(58) - 1 }, false },
	{ "60 s late", { 60, SEC(120) }, true },
	{ "60.001 s late: not the alarm, later", { 60, SEC(120) + 1 }, false },
	{ "half-way: later", { 10800, SEC(5400) }, false },
	{ "pm_test, just after the arming: later", { 60, 40 }, false },
	{ "shortest delay, at the expiry", { S2H_DELAY_MIN_SEC, SEC(S2H_DELAY_MIN_SEC) }, true },
};

static void s2h_urgent_case_desc(const struct s2h_urgent_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_urgent, s2h_urgent_cases, s2h_urgent_case_desc);

static void s2h_wake_urgent_test(struct kunit *test)
{
	const struct s2h_urgent_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_wake_urgent(&c->facts), c->urgent);
}

struct s2h_alarm_case {
	const char *name;
	struct s2h_policy_facts facts;
	enum s2h_decision_kind action;
	enum s2h_reason reason;
	u32 rearm_sec;
};

/*
 * Fields of facts: policy, hibernate_on_ac, battery_threshold, drain_budget,
 * battery_critical, check_sec, delay_sec, watch, on_ac, battery,
 * battery_armed, battery_start, elapsed_ms, cycle_ms, drain_mpph, battery_alarm,
 * energy, energy_armed, energy_start, energy_full (0: unknown).
 */
static const struct s2h_alarm_case s2h_alarm_cases[] = {
	/* The delay policy. */
	{ "delay policy, on battery at 50 %, delay passed: hibernate",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 50, 60, 60, SEC(10800), SEC(10800) },
	  HIB, S2H_REASON_DELAY, 0 },
	{ "delay policy, no battery, on AC, hibernate_on_ac=1: hibernate",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, AC, -1, -1, -1, SEC(10800), SEC(10800) },
	  HIB, S2H_REASON_DELAY, 0 },
	{ "hibernate_on_ac=0 on AC: back to sleep for the delay again",
	  { P_DELAY, 0, 5, 0, 3, 3600, 10800, HEALTHY, AC, -1, -1, -1, SEC(10800), SEC(10800) },
	  SLEEP, S2H_REASON_ON_AC, 10800 },
	{ "hibernate_on_ac=0 on battery: hibernate",
	  { P_DELAY, 0, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 40, 45, 45, SEC(10800), SEC(10800) },
	  HIB, S2H_REASON_DELAY, 0 },
	{ "battery 3 % <= threshold 5, on AC with hibernate_on_ac=0: hibernate",
	  { P_DELAY, 0, 5, 0, 3, 3600, 10800, HEALTHY, AC, 3, 3, 3, SEC(10800), SEC(10800) },
	  HIB, S2H_REASON_BATTERY_LOW, 0 },
	{ "battery exactly at the threshold, delay not passed: hibernate for the battery",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 5, 9, 9, SEC(600), SEC(600) },
	  HIB, S2H_REASON_BATTERY_LOW, 0 },
	{ "threshold 0 disables the battery rule: hibernate_on_ac=0 on AC sleeps",
	  { P_DELAY, 0, 0, 0, 0, 3600, 10800, HEALTHY, AC, 0, 0, 0, SEC(10800), SEC(10800) },
	  SLEEP, S2H_REASON_ON_AC, 10800 },
	{ "RTC 2 s early: the delay has passed",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 50, 50, 50, SEC(10798), SEC(10798) },
	  HIB, S2H_REASON_DELAY, 0 },
	{ "2.001 s before the delay: sleep on, the shortest alarm",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 50, 50, 50, SEC(3600),
	    SEC(10798) - 1 },
	  SLEEP, S2H_REASON_CHECK, S2H_DELAY_MIN_SEC },
	{ "half the delay, no budget: sleep the rest in one alarm",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 50, 50, 50, SEC(5400), SEC(5400) },
	  SLEEP, S2H_REASON_CHECK, 5400 },
	{ "half the delay, a budget: the next check comes first",
	  { P_DELAY, 1, 5, 10, 3, 3600, 10800, HEALTHY, BATT, 50, 50, 52, SEC(5400), SEC(5400) },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "1 d delay, 60 to 50 % in the first hour: 30 min before the threshold's 4.5 h",
	  { P_DELAY, 1, 5, 0, 3, 3600, 86400, HEALTHY, BATT, 50, 60, 60, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 14400 },
	{ "1 d delay, 18 to 8 % in an hour: the threshold 18 min away, hibernate",
	  { P_DELAY, 1, 5, 0, 3, 3600, 86400, HEALTHY, BATT, 8, 18, 60, SEC(3600), SEC(20000) },
	  HIB, S2H_REASON_BATTERY_PROJECTED, 0 },
	{ "no drop this time, 100 %/h measured before: the threshold 27 min away",
	  { P_DELAY, 1, 5, 0, 3, 3600, 86400, HEALTHY, BATT, 50, 50, 60, SEC(30), SEC(3600),
	    100000 },
	  HIB, S2H_REASON_BATTERY_PROJECTED, 0 },
	{ "1 d delay, the battery's alarm woke it at the threshold: hibernate",
	  { P_DELAY, 1, 5, 0, 3, 3600, 86400, HEALTHY, BATT, 5, 60, 60, SEC(3000), SEC(3000),
	    0, true },
	  HIB, S2H_REASON_BATTERY_LOW, 0 },
	{ "1 d delay, its alarm rang above the threshold (ACPI's mWh): the rest, no check",
	  { P_DELAY, 1, 5, 0, 3, 3600, 86400, HEALTHY, BATT, 6, 6, 60, SEC(600), SEC(3000),
	    0, true },
	  SLEEP, S2H_REASON_CHECK, 83400 },
	{ "on mains, draining before: no watch, the rest of the delay",
	  { P_DELAY, 1, 5, 0, 3, 3600, 86400, HEALTHY, AC, 50, 60, 60, SEC(3600), SEC(3600),
	    100000 },
	  SLEEP, S2H_REASON_CHECK, 82800 },
	{ "half the delay, a budget but no battery: the rest",
	  { P_DELAY, 1, 5, 10, 3, 3600, 10800, HEALTHY, BATT, -1, -1, -1, SEC(5400), SEC(5400) },
	  SLEEP, S2H_REASON_CHECK, 5400 },
	{ "on AC, its own delay (1 d) not passed after 3 h: sleep the rest",
	  { P_DELAY, 1, 5, 0, 3, 3600, 86400, HEALTHY, AC, 80, 80, 80, SEC(10800), SEC(10800) },
	  SLEEP, S2H_REASON_CHECK, 75600 },
	/* The battery policy. */
	{ "battery policy, 80 % draining 1 %/h: back to sleep",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 80, 81, 81, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "battery policy, 20 % draining 10 %/h: projected 10 > 5, sleep",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 20, 30, 30, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "battery policy, 15 % draining 10 %/h: projected 5 <= 5, hibernate",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 15, 25, 25, SEC(3600), SEC(3600) },
	  HIB, S2H_REASON_BATTERY_PROJECTED, 0 },
	{ "battery policy, drain over half the interval counts double",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 20, 28, 28, SEC(1800), SEC(1800) },
	  HIB, S2H_REASON_BATTERY_PROJECTED, 0 },
	{ "battery policy, charging: back to sleep",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, AC, 50, 40, 40, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "battery policy, on AC with hibernate_on_ac=0: sleep, next check",
	  { P_BATT, 0, 5, 0, 3, 3600, 10800, HEALTHY, AC, 50, 50, 50, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_ON_AC, 3600 },
	{ "battery policy, no battery: falls back to the delay, hibernate",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, -1, -1, -1, SEC(10800), SEC(10800) },
	  HIB, S2H_REASON_DELAY, 0 },
	{ "battery policy, battery unknown at arming: first measure, sleep",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 50, -1, -1, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "battery policy, threshold 0: hibernate when projected empty",
	  { P_BATT, 1, 0, 0, 0, 3600, 10800, HEALTHY, BATT, 4, 9, 9, SEC(3600), SEC(3600) },
	  HIB, S2H_REASON_BATTERY_PROJECTED, 0 },
	{ "battery policy, no time elapsed: no rate, sleep",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 50, 60, 60, 0, 0 },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	/* The projections in energy: 50 Wh full, 500 mWh a percent. */
	{ "battery policy, 6 % at both ends but 1.2 %/h of the energy: 4.8 <= 5, hibernate",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 6, 6, 6, SEC(3600), SEC(3600),
	    0, false, 3000000, 3600000, 3600000, 50000000 },
	  HIB, S2H_REASON_BATTERY_PROJECTED, 0 },
	{ "battery policy, 7 to 6 % in 10 min but 0.3 %/h of the energy: 5.7 > 5, sleep",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 6, 7, 7, SEC(600), SEC(600),
	    0, false, 3000000, 3025000, 3025000, 50000000 },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "battery policy, 7 to 6 % in 10 min, energy unknown: whole percent, hibernate",
	  { P_BATT, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 6, 7, 7, SEC(600), SEC(600),
	    0, false, 3000000, S2H_ENERGY_UNKNOWN, 3025000, 50000000 },
	  HIB, S2H_REASON_BATTERY_PROJECTED, 0 },
	/* The drain budget. */
	{ "budget 10 %, dropped exactly 10: within it, sleep on",
	  { P_DELAY, 1, 5, 10, 3, 3600, 86400, HEALTHY, BATT, 70, 75, 80, SEC(3600), SEC(7200) },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "budget 10 %, dropped 11 long before the delay: hibernate",
	  { P_DELAY, 1, 5, 10, 3, 3600, 86400, HEALTHY, BATT, 69, 75, 80, SEC(3600), SEC(7200) },
	  HIB, S2H_REASON_DRAIN_BUDGET, 0 },
	{ "budget 1 %, dropped 2: hibernate",
	  { P_DELAY, 1, 5, 1, 3, 3600, 86400, HEALTHY, BATT, 98, 99, 100, SEC(3600), SEC(3600) },
	  HIB, S2H_REASON_DRAIN_BUDGET, 0 },
	/* Energy: 50 Wh full, 500 mWh a percent. */
	{ "budget 1 %, 50 % at both ends but 1.2 % of the energy gone: hibernate",
	  { P_DELAY, 1, 5, 1, 3, 3600, 86400, HEALTHY, BATT, 50, 50, 50, SEC(3600), SEC(3600),
	    0, false, 24400000, 24700000, 25000000, 50000000 },
	  HIB, S2H_REASON_DRAIN_BUDGET, 0 },
	{ "budget 1 %, 0.8 % of the energy gone though percent says 2: within it",
	  { P_DELAY, 1, 5, 1, 3, 3600, 86400, HEALTHY, BATT, 48, 49, 50, SEC(3600), SEC(3600),
	    0, false, 24600000, 24800000, 25000000, 50000000 },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "budget 1 %, energy unknown at the suspend: percent, dropped 2, hibernate",
	  { P_DELAY, 1, 5, 1, 3, 3600, 86400, HEALTHY, BATT, 48, 49, 50, SEC(3600), SEC(3600),
	    0, false, 24600000, 24800000, S2H_ENERGY_UNKNOWN, 50000000 },
	  HIB, S2H_REASON_DRAIN_BUDGET, 0 },
	{ "budget 100 %: a battery cannot drop more, never over",
	  { P_DELAY, 1, 0, 100, 0, 3600, 86400, HEALTHY, BATT, 0, 1, 100, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "over the budget in the battery policy: hibernate, before projecting",
	  { P_BATT, 1, 5, 10, 3, 3600, 10800, HEALTHY, BATT, 60, 61, 75, SEC(3600), SEC(7200) },
	  HIB, S2H_REASON_DRAIN_BUDGET, 0 },
	{ "over the budget on AC with hibernate_on_ac=0: the battery comes first",
	  { P_DELAY, 0, 5, 10, 3, 3600, 10800, HEALTHY, AC, 60, 65, 75, SEC(3600), SEC(3600) },
	  HIB, S2H_REASON_DRAIN_BUDGET, 0 },
	{ "budget, battery unknown at the suspend: no budget to measure",
	  { P_DELAY, 1, 5, 10, 3, 3600, 10800, HEALTHY, BATT, 40, 40, -1, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 3600 },
	{ "budget, charged on mains since: within it, no checks on mains",
	  { P_DELAY, 1, 5, 10, 3, 3600, 10800, HEALTHY, AC, 60, 55, 50, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 7200 },
	{ "budget 0: a 40 % drop, none since the last check, is the delay's business",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 40, 40, 80, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 7200 },
	{ "budget 0, 20 %/h since the last check: 30 min before the threshold's 1.75 h",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 40, 60, 80, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 4500 },
	{ "over the budget and below the threshold: the threshold's reason",
	  { P_DELAY, 1, 5, 10, 3, 3600, 10800, HEALTHY, BATT, 4, 30, 30, SEC(3600), SEC(3600) },
	  HIB, S2H_REASON_BATTERY_LOW, 0 },
	/* The last resort, once hibernation is out. */
	{ "last resort: battery at the critical level on battery: power off",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, BATT, 3, 3, 50, SEC(3600), SEC(7200) },
	  OFF, S2H_REASON_CRITICAL, 0 },
	{ "last resort: 4 % > 3, steady: sleep, next check",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, BATT, 4, 4, 50, SEC(3600), SEC(7200) },
	  SLEEP, S2H_REASON_WATCH, 3600 },
	{ "last resort: 10 % draining 8 %/h, projected 2 <= 3: power off now",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, BATT, 10, 18, 50, SEC(3600), SEC(7200) },
	  OFF, S2H_REASON_CRITICAL, 0 },
	{ "last resort: 10 % draining 6 %/h, projected 4 > 3: sleep",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, BATT, 10, 16, 50, SEC(3600), SEC(7200) },
	  SLEEP, S2H_REASON_WATCH, 3600 },
	{ "last resort: 4 % at both ends, 1.5 %/h of the energy: 2.5 <= 3, power off",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, BATT, 4, 4, 50, SEC(3600), SEC(7200),
	    0, false, 2000000, 2750000, 25000000, 50000000 },
	  OFF, S2H_REASON_CRITICAL, 0 },
	{ "last resort: 4 % at both ends, 0.5 %/h of the energy: 3.5 > 3, sleep",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, BATT, 4, 4, 50, SEC(3600), SEC(7200),
	    0, false, 2000000, 2250000, 25000000, 50000000 },
	  SLEEP, S2H_REASON_WATCH, 3600 },
	{ "last resort: 1 % on AC: charging, sleep, next check",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, AC, 1, 1, 50, SEC(3600), SEC(7200) },
	  SLEEP, S2H_REASON_WATCH, 3600 },
	{ "last resort: the battery unread this time: keep checking",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, BATT, -1, 20, 50, SEC(3600), SEC(7200) },
	  SLEEP, S2H_REASON_WATCH, 3600 },
	{ "last resort: battery unknown when armed, 2 % now: power off",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, WATCH, BATT, 2, -1, -1, SEC(3600), SEC(7200) },
	  OFF, S2H_REASON_CRITICAL, 0 },
	{ "last resort turned off (0) while watching: sleep without an alarm",
	  { P_DELAY, 1, 5, 0, 0, 3600, 10800, WATCH, BATT, 1, 20, 50, SEC(3600), SEC(7200) },
	  SLEEP, S2H_REASON_WATCH, 0 },
	{ "last resort: below the threshold too: power off, hibernation is out",
	  { P_DELAY, 1, 5, 10, 3, 3600, 10800, WATCH, BATT, 2, 4, 50, SEC(3600), SEC(7200) },
	  OFF, S2H_REASON_CRITICAL, 0 },
	{ "last resort: over the budget, 50 %: no hibernation, sleep",
	  { P_DELAY, 1, 5, 10, 3, 3600, 10800, WATCH, BATT, 50, 52, 90, SEC(3600), SEC(7200) },
	  SLEEP, S2H_REASON_WATCH, 3600 },
	/* A healthy machine: the last resort never fires. */
	{ "healthy, 1 % with critical 3: hibernate for the battery, no power-off",
	  { P_DELAY, 1, 5, 0, 3, 3600, 10800, HEALTHY, BATT, 1, 20, 50, SEC(3600), SEC(3600) },
	  HIB, S2H_REASON_BATTERY_LOW, 0 },
	{ "healthy, 1 %, threshold 0: the delay's business, no power-off",
	  { P_DELAY, 1, 0, 0, 3, 3600, 10800, HEALTHY, BATT, 1, 20, 50, SEC(3600), SEC(3600) },
	  SLEEP, S2H_REASON_CHECK, 7200 },
	{ "healthy, critical 100 %: the delay hibernates",
	  { P_DELAY, 1, 5, 0, 100, 3600, 10800, HEALTHY, BATT, 50, 50, 50, SEC(10800),
	    SEC(10800) },
	  HIB, S2H_REASON_DELAY, 0 },
};

static void s2h_alarm_case_desc(const struct s2h_alarm_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_alarm, s2h_alarm_cases, s2h_alarm_case_desc);

static void s2h_decide_alarm_test(struct kunit *test)
{
	const struct s2h_alarm_case *c = test->param_value;
	struct s2h_decision d = s2h_decide_alarm(&c->facts);

	KUNIT_EXPECT_EQ(test, d.action, c->action);
	KUNIT_EXPECT_EQ(test, d.reason, c->reason);
	KUNIT_EXPECT_EQ(test, d.rearm_sec, c->rearm_sec);
}

struct s2h_cycle_delay_case {
	const char *name;
	struct s2h_delays delays;
	bool on_ac;
	int battery_start;
	u32 delay;
};

/* Fields of delays: delay_sec, delay_low_sec, battery_high, ac_delay_sec. */
static const struct s2h_cycle_delay_case s2h_cycle_delay_cases[] = {
	{ "no high threshold: delay_sec at 20 %", { 86400, 10800, 0, 0 }, BATT, 20, 86400 },
	{ "threshold 50, 50 % at the suspend: the high delay", { 86400, 10800, 50, 0 }, BATT, 50,
	  86400 },
	{ "threshold 50, 49 %: the low delay", { 86400, 10800, 50, 0 }, BATT, 49, 10800 },
	{ "threshold 50, 0 %: the low delay", { 86400, 10800, 50, 0 }, BATT, 0, 10800 },
	{ "threshold 50, battery unknown: the high delay", { 86400, 10800, 50, 0 }, BATT, -1,
	  86400 },
	{ "threshold 100, full: the high delay", { 86400, 10800, 100, 0 }, BATT, 100, 86400 },
	{ "threshold 100, 99 %: the low delay", { 86400, 10800, 100, 0 }, BATT, 99, 10800 },
	{ "on AC, ac_delay 0, 30 % < 50: as on battery, low", { 86400, 10800, 50, 0 }, AC, 30,
	  10800 },
	{ "on AC, ac_delay 0, no battery: delay_sec", { 86400, 10800, 50, 0 }, AC, -1, 86400 },
	{ "on AC, ac_delay 7 d: its own", { 86400, 10800, 50, 604800 }, AC, 30, 604800 },
	{ "on battery, ac_delay set: by level", { 86400, 10800, 50, 604800 }, BATT, 30, 10800 },
	{ "a low delay longer than the high one is taken as set", { 600, 3600, 50, 0 }, BATT, 10,
	  3600 },
};

static void s2h_cycle_delay_case_desc(const struct s2h_cycle_delay_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_cycle_delay, s2h_cycle_delay_cases, s2h_cycle_delay_case_desc);

static void s2h_cycle_delay_test(struct kunit *test)
{
	const struct s2h_cycle_delay_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_cycle_delay(&c->delays, c->on_ac, c->battery_start), c->delay);
}

struct s2h_next_alarm_case {
	const char *name;
	u32 delay_sec;
	s64 cycle_ms;
	u32 check_sec;
	bool checks;
	u32 alarm;
};

static const struct s2h_next_alarm_case s2h_next_alarm_cases[] = {
	{ "start of the cycle, no checks: the whole delay", 10800, 0, 3600, false, 10800 },
	{ "start of the cycle, checks: the first check", 10800, 0, 3600, true, 3600 },
	{ "checks, less left than a check: the rest", 10800, SEC(9000), 3600, true, 1800 },
	{ "a delay shorter than a check: the delay", 600, 0, 3600, true, 600 },
	{ "parts of a second round up", 100, 10500, 3600, false, 90 },
	{ "0.5 s left: the shortest alarm", 100, 99500, 3600, false, S2H_DELAY_MIN_SEC },
	{ "past the delay: the shortest alarm", 100, SEC(200), 3600, true, S2H_DELAY_MIN_SEC },
	{ "the longest delay, no checks", S2H_DELAY_MAX_SEC, 0, 3600, false, S2H_DELAY_MAX_SEC },
	{ "the longest delay and check", S2H_DELAY_MAX_SEC, 0, S2H_BATTERY_CHECK_MAX_SEC, true,
	  S2H_DELAY_MAX_SEC },
};

static void s2h_next_alarm_case_desc(const struct s2h_next_alarm_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_next_alarm, s2h_next_alarm_cases, s2h_next_alarm_case_desc);

static void s2h_next_alarm_test(struct kunit *test)
{
	const struct s2h_next_alarm_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_next_alarm(c->delay_sec, c->cycle_ms, c->check_sec, c->checks),
			c->alarm);
}

struct s2h_heat_case {
	const char *name;
	u32 limit;
	int hottest;
	bool hibernate;
};

static const struct s2h_heat_case s2h_heat_cases[] = {
	{ "off: never, however hot", 0, 150000, false },
	{ "off, no zone", 0, S2H_TEMP_UNKNOWN, false },
	{ "no zone answered: no reason", 80000, S2H_TEMP_UNKNOWN, false },
	{ "below the limit", 80000, 79999, false },
	{ "at the limit: hibernate", 80000, 80000, true },
	{ "above the limit: hibernate", 80000, 95000, true },
	{ "a zone below 0 C: cold", 80000, -20000, false },
	{ "the highest limit, reached", S2H_THERMAL_LIMIT_MAX, S2H_THERMAL_LIMIT_MAX, true },
	{ "the lowest limit, any zone at or above 0.001 C", 1, 1, true },
	{ "the lowest limit, a zone at 0 C", 1, 0, false },
};

static void s2h_heat_case_desc(const struct s2h_heat_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_heat, s2h_heat_cases, s2h_heat_case_desc);

/* The heat comes before the policy: s2h_decide_now() asks it first. */
static void s2h_too_hot_test(struct kunit *test)
{
	const struct s2h_heat_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_too_hot(c->limit, c->hottest), c->hibernate);
}

struct s2h_hw_sleep_case {
	const char *name;
	bool setting, s2idle;
	s64 hw_sleep_us;
	bool hibernate;
};

static const struct s2h_hw_sleep_case s2h_hw_sleep_cases[] = {
	{ "s2idle, no hardware sleep: hibernate", true, true, 0, true },
	{ "s2idle, slept 1 us: no", true, true, 1, false },
	{ "s2idle, slept an hour: no", true, true, 3600LL * USEC_PER_SEC, false },
	{ "s2idle, the kernel does not say: no", true, true, S2H_HW_SLEEP_UNKNOWN, false },
	{ "off: no, even without hardware sleep", false, true, 0, false },
	{ "S3 (a stale 0 of an earlier s2idle): no", true, false, 0, false },
	{ "off, S3, unknown: no", false, false, S2H_HW_SLEEP_UNKNOWN, false },
};

static void s2h_hw_sleep_case_desc(const struct s2h_hw_sleep_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_hw_sleep, s2h_hw_sleep_cases, s2h_hw_sleep_case_desc);

static void s2h_no_hw_sleep_test(struct kunit *test)
{
	const struct s2h_hw_sleep_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_no_hw_sleep(c->setting, c->s2idle, c->hw_sleep_us),
			c->hibernate);
}

struct s2h_hw_delta_case {
	const char *name;
	bool read, s2idle;
	u64 before, after;
	s64 hw_sleep_us;
};

static const struct s2h_hw_delta_case s2h_hw_delta_cases[] = {
	{ "slept 10 s after earlier sleeps", true, true, 5000000, 15000000, 10000000 },
	{ "first report since boot", true, true, 0, 7, 7 },
	{ "a reporting driver, no change: never slept", true, true, 5000000, 5000000, 0 },
	{ "never moved since boot: cannot tell", true, true, 0, 0, S2H_HW_SLEEP_UNKNOWN },
	{ "no counter (before 6.8, no LPS0)", false, true, 0, 0, S2H_HW_SLEEP_UNKNOWN },
	{ "no counter, stale values", false, true, 5, 9, S2H_HW_SLEEP_UNKNOWN },
	{ "S3: the counter is s2idle's", true, false, 5000000, 5000000, S2H_HW_SLEEP_UNKNOWN },
	{ "S3, moved anyway", true, false, 5, 9, S2H_HW_SLEEP_UNKNOWN },
	{ "went back: cannot tell", true, true, 9, 5, S2H_HW_SLEEP_UNKNOWN },
	{ "beyond s64: clamped", true, true, 0, U64_MAX, S64_MAX },
};

static void s2h_hw_delta_case_desc(const struct s2h_hw_delta_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_hw_delta, s2h_hw_delta_cases, s2h_hw_delta_case_desc);

static void s2h_hw_sleep_delta_test(struct kunit *test)
{
	const struct s2h_hw_delta_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_hw_sleep_delta(c->read, c->s2idle, c->before, c->after),
			c->hw_sleep_us);
}

struct s2h_resume_case {
	const char *name;
	int swap;
	bool offset;
	bool ok;
};

static const struct s2h_resume_case s2h_resume_cases[] = {
	{ "active swap partition: ok", 1, false, true },
	{ "active swap partition, an offset too: ok", 1, true, true },
	{ "no swap, no offset: fails", 0, false, false },
	{ "no swap, an offset (a swap file): ok", 0, true, true },
	{ "no such device: fails", -ENODEV, false, false },
	{ "no such device, an offset: fails", -ENODEV, true, false },
	{ "no node to ask: fails", -ENOENT, false, false },
	{ "no node to ask, an offset: fails", -ENOENT, true, false },
	{ "out of memory: fails", -ENOMEM, false, false },
	{ "the node is another device's: fails", -ESTALE, true, false },
};

static void s2h_resume_case_desc(const struct s2h_resume_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_resume, s2h_resume_cases, s2h_resume_case_desc);

static void s2h_resume_usable_test(struct kunit *test)
{
	const struct s2h_resume_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_resume_usable(c->swap, c->offset), c->ok);
}

struct s2h_kept_case {
	const char *name;
	s64 due_in_ms;
	s64 awake_ms;
	u32 delay;
};

static const struct s2h_kept_case s2h_kept_cases[] = {
	{ "woken by the network 30 s ago, an hour left: the hour", SEC(3600), SEC(30), 3600 },
	{ "parts of a second round up", SEC(40) + 1, SEC(30), 41 },
	{ "deadline just beyond the floor: kept", SEC(S2H_ALARM_FLOOR_SEC) + 1, SEC(30),
	  S2H_ALARM_FLOOR_SEC + 1 },
	{ "awake exactly the keep window: kept", SEC(600), S2H_KEEP_DEADLINE_MS, 600 },
	{ "awake 1 ms longer: the cycle starts afresh", SEC(600), S2H_KEEP_DEADLINE_MS + 1, 0 },
	{ "deadline 1.5 s away, in alarmtimer's refusal window: the floor", 1500, SEC(1),
	  S2H_ALARM_FLOOR_SEC },
	{ "deadline 5 s away, a slow device suspend would eat it: the floor", SEC(5), SEC(1),
	  S2H_ALARM_FLOOR_SEC },
	{ "deadline passed while awake: the floor", -SEC(10), SEC(60), S2H_ALARM_FLOOR_SEC },
	{ "a clock that went back: afresh", SEC(600), -1, 0 },
	{ "beyond the longest delay: capped", SEC((s64)S2H_DELAY_MAX_SEC + 100), 0,
	  S2H_DELAY_MAX_SEC },
};

static void s2h_kept_case_desc(const struct s2h_kept_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_kept, s2h_kept_cases, s2h_kept_case_desc);

static void s2h_kept_delay_test(struct kunit *test)
{
	const struct s2h_kept_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_kept_delay(c->due_in_ms, c->awake_ms), c->delay);
}

struct s2h_drain_case {
	const char *name;
	int armed, now;
	s64 ms;
	u32 mpph;
};

static const struct s2h_drain_case s2h_drain_cases[] = {
	{ "60 to 50 % in an hour: 10 %/h", 60, 50, SEC(3600), 10000 },
	{ "60 to 50 % in a minute: 600 %/h", 60, 50, SEC(60), 600000 },
	{ "no drop: says nothing", 60, 60, SEC(3600), 0 },
	{ "charged meanwhile: says nothing", 60, 61, SEC(3600), 0 },
	{ "battery unknown at the arming", -1, 50, SEC(3600), 0 },
	{ "battery unknown now", 60, -1, SEC(3600), 0 },
	{ "10 s: too short to measure", 60, 50, SEC(10), 0 },
	{ "the floor's 30 s alarm, 2 s early: measured", 60, 59, SEC(28), 128571 },
};

static void s2h_drain_case_desc(const struct s2h_drain_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_drain, s2h_drain_cases, s2h_drain_case_desc);

/* Energy first: 50 Wh full, so 500 mWh a percent and 0.5 mWh a thousandth. */
#define FULL_UWH	50000000
#define UNK		S2H_ENERGY_UNKNOWN

struct s2h_measure_case {
	const char *name;
	struct s2h_drain_ends ends;
	u32 mpph;
};

/* Fields of ends: battery_armed, battery, energy_armed, energy, energy_full, elapsed_ms. */
static const struct s2h_measure_case s2h_measure_cases[] = {
	{ "0.01 % of the energy in a minute, 50 % at both ends: 0.6 %/h, a number",
	  { 50, 50, 25000000, 24995000, FULL_UWH, SEC(60) }, 600 },
	{ "0.5 mWh in an hour: 0.001 %/h, the finest step",
	  { 50, 50, 25000000, 24999500, FULL_UWH, SEC(3600) }, 1 },
	{ "energy and percent agree: 10 %/h",
	  { 60, 50, 30000000, 25000000, FULL_UWH, SEC(3600) }, 10000 },
	{ "energy unknown at the arming: percent, 10 %/h",
	  { 60, 50, UNK, 25000000, FULL_UWH, SEC(3600) }, 10000 },
	{ "energy unknown now: percent, 10 %/h",
	  { 60, 50, 30000000, UNK, FULL_UWH, SEC(3600) }, 10000 },
	{ "energy_full unknown: percent, 10 %/h",
	  { 60, 50, 30000000, 25000000, UNK, SEC(3600) }, 10000 },
	{ "energy rose (charging), percent dropped: 0, energy says it",
	  { 60, 59, 25000000, 25100000, FULL_UWH, SEC(3600) }, 0 },
	{ "energy unchanged: 0",
	  { 50, 50, 25000000, 25000000, FULL_UWH, SEC(3600) }, 0 },
	{ "10 s: too short to measure, energy or not",
	  { 50, 50, 25000000, 24000000, FULL_UWH, SEC(10) }, 0 },
	{ "a gauge past 1 MWh: not believed, percent",
	  { 60, 50, S2H_ENERGY_MAX_UWH + 1, 25000000, S2H_ENERGY_MAX_UWH + 1, SEC(3600) }, 10000 },
	{ "the whole of 1 MWh in 20 s: no overflow",
	  { 100, 0, S2H_ENERGY_MAX_UWH, 0, S2H_ENERGY_MAX_UWH, SEC(20) }, 18000000 },
};

static void s2h_measure_case_desc(const struct s2h_measure_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_measure, s2h_measure_cases, s2h_measure_case_desc);

static void s2h_drain_measure_test(struct kunit *test)
{
	const struct s2h_measure_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_drain_measure(&c->ends), c->mpph);
}

struct s2h_dark_case {
	const char *name;
	struct s2h_dark before;
	s64 transit_ms, awake_ms, draw_uw;
	struct s2h_dark after;
};

/* 3.6 W over a second is 1 mWh. */
static const struct s2h_dark_case s2h_dark_cases[] = {
	{ "the first: its devices' 1.5 s and 0.5 s awake at 3.6 W: 2 mWh",
	  { 0, UNK }, 1500, 500, 3600000, { 2000, 2000 } },
	{ "a second, likewise: added",
	  { 2000, 2000 }, 1500, 500, 3600000, { 4000, 4000 } },
	{ "timekeeping did not measure the sleep: the time awake only",
	  { 0, UNK }, 0, 500, 3600000, { 500, 500 } },
	{ "on mains power: no energy spent",
	  { 0, UNK }, 1500, 500, 0, { 2000, 0 } },
	{ "the draw unknown: time counted, energy unknown",
	  { 0, UNK }, 1500, 500, UNK, { 2000, UNK } },
	{ "one draw unknown before: the energy stays unknown",
	  { 2000, UNK }, 1500, 500, 3600000, { 4000, UNK } },
	{ "a gauge past 10 kW: not believed",
	  { 0, UNK }, 1500, 500, S2H_DRAW_MAX_UW + 1, { 2000, UNK } },
	{ "a clock gone backwards: at least 1 ms, nothing negative",
	  { 0, UNK }, -5000, -1, 3600000, { 1, 1 } },
	{ "10 kW for 10 days and more: capped, no overflow",
	  { 0, UNK }, 0, S64_MAX, S2H_DRAW_MAX_UW, { S64_MAX / S2H_DRAW_MAX_UW,
	    (S64_MAX / S2H_DRAW_MAX_UW) * (S2H_DRAW_MAX_UW / 1000) / 3600 } },
};

static void s2h_dark_case_desc(const struct s2h_dark_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_dark, s2h_dark_cases, s2h_dark_case_desc);

static void s2h_dark_count_test(struct kunit *test)
{
	const struct s2h_dark_case *c = test->param_value;
	struct s2h_dark dark = c->before;

	s2h_dark_count(&dark, c->transit_ms, c->awake_ms, c->draw_uw);
	KUNIT_EXPECT_EQ(test, dark.ms, c->after.ms);
	KUNIT_EXPECT_EQ(test, dark.energy, c->after.energy);
}

static void s2h_drain_rate_test(struct kunit *test)
{
	const struct s2h_drain_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_drain_rate(c->armed, c->now, c->ms), c->mpph);
}

struct s2h_watch_case {
	const char *name;
	u32 next_sec;
	int battery;
	u32 threshold, mpph, check_sec;
	u32 sec;
	bool battery_alarm;
};

static const struct s2h_watch_case s2h_watch_cases[] = {
	{ "no drain measured yet: a check measures it first", 86400, 50, 5, 0, 3600, 3600 },
	{ "no drain yet, the delay before the check: the delay", 1800, 50, 5, 0, 3600, 1800 },
	{ "on mains: the delay", 86400, -1, 5, 0, 3600, 86400 },
	{ "threshold 0: no watch, the delay", 86400, 50, 0, 0, 3600, 86400 },
	{ "1 %/h at 50 %: 45 h left, the day's delay first", 86400, 50, 5, 1000, 3600, 86400 },
	{ "10 %/h at 50 %: 30 min before the 4.5 h left", 86400, 50, 5, 10000, 3600, 14400 },
	{ "600 %/h at 60 %: 5.5 min left, under the margin: the floor", 86400, 60, 5, 600000,
	  60, S2H_ALARM_FLOOR_SEC },
	{ "no drain yet, the battery's alarm watches: the day's delay", 86400, 50, 5, 0, 3600,
	  86400, true },
	{ "10 %/h measured, the battery's alarm too: the drain still caps", 86400, 50, 5,
	  10000, 3600, 14400, true },
	{ "on mains, the battery's alarm: the delay", 86400, -1, 5, 0, 3600, 86400, true },
};

static void s2h_watch_case_desc(const struct s2h_watch_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_watch, s2h_watch_cases, s2h_watch_case_desc);

static void s2h_drain_watch_test(struct kunit *test)
{
	const struct s2h_watch_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_drain_watch(c->next_sec, c->battery, c->threshold, c->mpph,
					      c->check_sec, c->battery_alarm), c->sec);
}

struct s2h_image_case {
	const char *name;
	bool restore;
	enum s2h_sleep_evidence snapshot;
	bool thawed;
	enum s2h_image_end end;
	int err;
};

static const struct s2h_image_case s2h_image_cases[] = {
	{ "restored from the image: snapshot taken, never thawed", true, S2H_SLEEP_REACHED,
	  false, S2H_IMAGE_RESTORED, 0 },
	{ "restored, no tracepoint to say: trusted as before", true, S2H_SLEEP_UNKNOWN, false,
	  S2H_IMAGE_RESTORED, 0 },
	{ "6.1: wakeup event in create_image's syscore phase: no snapshot", true,
	  S2H_SLEEP_NOT_REACHED, false, S2H_IMAGE_UNDONE_EARLY, -EBUSY },
	{ "6.8+: rolled back after writing the image: thawed, then .restore", true,
	  S2H_SLEEP_REACHED, true, S2H_IMAGE_UNDONE_LATE, -EBUSY },
	{ "rolled back after writing, no tracepoint: the thaw tells", true, S2H_SLEEP_UNKNOWN,
	  true, S2H_IMAGE_UNDONE_LATE, -EBUSY },
	{ "hibernate_mode suspend: back from memory after the image", false,
	  S2H_SLEEP_REACHED, true, S2H_IMAGE_RESUMED, 0 },
	{ "a suspend's .resume, no hibernation thawed: not the hibernation's", false,
	  S2H_SLEEP_NOT_REACHED, false, S2H_IMAGE_NONE, -EIO },
	{ "a suspend's .resume, no tracepoint: not the hibernation's", false,
	  S2H_SLEEP_UNKNOWN, false, S2H_IMAGE_NONE, -EIO },
};

static void s2h_image_case_desc(const struct s2h_image_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_image, s2h_image_cases, s2h_image_case_desc);

static void s2h_image_outcome_test(struct kunit *test)
{
	const struct s2h_image_case *c = test->param_value;
	enum s2h_image_end end = s2h_image_outcome(c->restore, c->snapshot, c->thawed);

	KUNIT_EXPECT_EQ(test, end, c->end);
	KUNIT_EXPECT_EQ(test, s2h_image_error(end), c->err);
}

struct s2h_pending_case {
	const char *name;
	struct s2h_decision d;
	u32 sec;
};

static const struct s2h_pending_case s2h_pending_cases[] = {
	{ "hibernation pending (handoff's wait, before hibernate()): the floor",
	  { S2H_DECISION_HIBERNATE, S2H_REASON_DELAY, 0 }, S2H_ALARM_FLOOR_SEC },
	{ "the last resort's power-off pending: the floor",
	  { S2H_DECISION_POWER_OFF, S2H_REASON_CRITICAL, 0 }, S2H_ALARM_FLOOR_SEC },
	{ "a dark wake's sleep pending: its next check",
	  { S2H_DECISION_SLEEP_AGAIN, S2H_REASON_CHECK, 3600 }, 3600 },
	{ "a dark wake's sleep without an alarm: none",
	  { S2H_DECISION_SLEEP_AGAIN, S2H_REASON_WATCH, 0 }, 0 },
	{ "nothing decided: a cycle of its own",
	  { S2H_DECISION_NONE, S2H_REASON_NONE, 0 }, 0 },
};

static void s2h_pending_case_desc(const struct s2h_pending_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_pending, s2h_pending_cases, s2h_pending_case_desc);

static void s2h_pending_alarm_test(struct kunit *test)
{
	const struct s2h_pending_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_pending_alarm(&c->d), c->sec);
}

/* Four tries within 7 s, then hibernation: a refusing device costs little awake time. */
static void s2h_sleep_retry_test(struct kunit *test)
{
	unsigned int try, total = 0;

	KUNIT_EXPECT_EQ(test, s2h_sleep_retry_ms(1), 1000);
	KUNIT_EXPECT_EQ(test, s2h_sleep_retry_ms(2), 2000);
	KUNIT_EXPECT_EQ(test, s2h_sleep_retry_ms(3), 4000);
	for (try = 1; try < S2H_SLEEP_TRIES; try++)
		total += s2h_sleep_retry_ms(try);
	KUNIT_EXPECT_EQ(test, total, 7000);
}

static void s2h_retry_delay_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, s2h_retry_delay(10, 1), 10);
	KUNIT_EXPECT_EQ(test, s2h_retry_delay(10, 2), 20);
	KUNIT_EXPECT_EQ(test, s2h_retry_delay(10, 3), 40);
	KUNIT_EXPECT_EQ(test, s2h_retry_delay(10800, 1), 900);
	KUNIT_EXPECT_EQ(test, s2h_retry_delay(10800, 2), 1800);
	KUNIT_EXPECT_EQ(test, s2h_retry_delay(S2H_DELAY_MAX_SEC, 10), 900 << 9);
	KUNIT_EXPECT_EQ(test, s2h_retry_delay(S2H_DELAY_MAX_SEC, 13), S2H_DELAY_MAX_SEC);
	KUNIT_EXPECT_EQ(test, s2h_retry_delay(S2H_DELAY_MAX_SEC, UINT_MAX), S2H_DELAY_MAX_SEC);
}

struct s2h_history_case {
	const char *name;
	u64 started;		/* cycles started since the load */
	u64 after;		/* the seq the reader saw last */
	u64 next;		/* the seq it reads next, 0: none */
};

#define LEN	S2H_HISTORY_LEN

static const struct s2h_history_case s2h_history_cases[] = {
	{ "no cycle yet: nothing", 0, 0, 0 },
	{ "one cycle: it", 1, 0, 1 },
	{ "one cycle, read: nothing more", 1, 1, 0 },
	{ "a reader ahead of the ring: nothing", 3, 7, 0 },
	{ "ring not full: the next", 5, 2, 3 },
	{ "ring just full: the first is kept", LEN, 0, 1 },
	{ "one more: the first is gone, the second is the oldest", LEN + 1, 0, 2 },
	{ "40 cycles: the oldest of the 32 newest", 40, 0, 9 },
	{ "40 cycles, reader fell behind the ring: the oldest kept", 40, 3, 9 },
	{ "40 cycles, reader at the oldest kept: the next", 40, 9, 10 },
	{ "40 cycles, the newest read: nothing", 40, 40, 0 },
	{ "the ring wrapped twice: its slot is reused", 2 * LEN + 5, 2 * LEN + 4, 2 * LEN + 5 },
};

static void s2h_history_case_desc(const struct s2h_history_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_history, s2h_history_cases, s2h_history_case_desc);

/* Each cycle's record starts clean: its seq, nothing else of the one it replaces. */
static void s2h_history_test(struct kunit *test)
{
	const struct s2h_history_case *c = test->param_value;
	const struct s2h_cycle_record *got;
	struct s2h_history *h;
	struct s2h_cycle_record *r;
	u64 i;

	h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, h);
	for (i = 1; i <= c->started; i++) {
		r = s2h_history_start(h);
		KUNIT_ASSERT_EQ(test, r->seq, i);
		KUNIT_EXPECT_EQ(test, r->wakes, 0);
		KUNIT_EXPECT_EQ(test, r->battery_start, S2H_BATTERY_UNKNOWN);
		r->wakes = i;
	}
	got = s2h_history_after(h, c->after);
	if (!c->next) {
		KUNIT_EXPECT_NULL(test, got);
		return;
	}
	KUNIT_ASSERT_NOT_NULL(test, got);
	KUNIT_EXPECT_EQ(test, got->seq, c->next);
	KUNIT_EXPECT_EQ(test, got->wakes, c->next);
}

/* The battery of the first wakes is kept, every wake counted. */
static void s2h_history_wakes_test(struct kunit *test)
{
	struct s2h_history *h;
	struct s2h_cycle_record *r;
	int i;

	h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, h);
	r = s2h_history_start(h);
	for (i = 0; i < S2H_CYCLE_WAKES_MAX + 3; i++)
		s2h_history_add_wake(r, i == 1 ? S2H_BATTERY_UNKNOWN : 90 - i,
				     i == 1 ? S2H_ENERGY_UNKNOWN : 45000000 - i);
	KUNIT_EXPECT_EQ(test, r->wakes, S2H_CYCLE_WAKES_MAX + 3);
	KUNIT_EXPECT_EQ(test, r->battery_wakes[0], 90);
	KUNIT_EXPECT_EQ(test, r->battery_wakes[1], S2H_BATTERY_UNKNOWN);
	KUNIT_EXPECT_EQ(test, r->battery_wakes[S2H_CYCLE_WAKES_MAX - 1],
			90 - S2H_CYCLE_WAKES_MAX + 1);
	KUNIT_EXPECT_EQ(test, r->energy_wakes[0], 45000000);
	KUNIT_EXPECT_EQ(test, r->energy_wakes[1], S2H_ENERGY_UNKNOWN);
	KUNIT_EXPECT_EQ(test, r->energy_wakes[S2H_CYCLE_WAKES_MAX - 1],
			45000000 - S2H_CYCLE_WAKES_MAX + 1);
}

struct s2h_parse_case {
	const char *input;
	int err;
	u32 value;	/* when err is 0; a bool is 0 or 1 */
	enum s2h_setting_id id;	/* for s2h_setting_cases */
};

static const struct s2h_parse_case s2h_bool_cases[] = {
	{ "1", 0, 1 }, { "0", 0, 0 }, { "y", 0, 1 }, { "N", 0, 0 },
	{ "yes", 0, 1 }, { "No", 0, 0 }, { "on", 0, 1 }, { "OFF", 0, 0 },
	{ "true", 0, 1 }, { "FALSE", 0, 0 }, { "True\n", 0, 1 },
	{ "1\n", 0, 1 }, { "off\n", 0, 0 },
	{ "", -EINVAL }, { "\n", -EINVAL }, { "2", -EINVAL },
	{ "nonsense", -EINVAL }, { "yess", -EINVAL }, { "o", -EINVAL },
	{ "on\n\n", -EINVAL }, { "1 ", -EINVAL }, { " 1", -EINVAL },
};

#define DELAY	.id = S2H_SETTING_DELAY
#define THRESH	.id = S2H_SETTING_BATTERY_THRESHOLD
#define POLICY	.id = S2H_SETTING_POLICY
#define CHECK	.id = S2H_SETTING_BATTERY_CHECK
#define RETRIES	.id = S2H_SETTING_RETRIES
#define MODE	.id = S2H_SETTING_HIBERNATE_MODE
#define ON_AC	.id = S2H_SETTING_HIBERNATE_ON_AC
#define LOW	.id = S2H_SETTING_DELAY_LOW
#define HIGH	.id = S2H_SETTING_BATTERY_HIGH
#define AC_DEL	.id = S2H_SETTING_AC_DELAY
#define BUDGET	.id = S2H_SETTING_DRAIN_BUDGET
#define CRIT	.id = S2H_SETTING_BATTERY_CRITICAL
#define HEAT	.id = S2H_SETTING_THERMAL_LIMIT
#define NO_HW	.id = S2H_SETTING_HIBERNATE_NO_HW_SLEEP
#define REQUIRE	.id = S2H_SETTING_REQUIRE_VERIFIED
#define SETTLE	.id = S2H_SETTING_SETTLE

static const struct s2h_parse_case s2h_setting_cases[] = {
	{ "5", 0, 5, DELAY }, { "2592000", 0, 2592000, DELAY }, { "10800\n", 0, 10800, DELAY },
	{ "+60", 0, 60, DELAY },
	{ "4", -ERANGE, 0, DELAY }, { "0", -ERANGE, 0, DELAY }, { "2592001", -ERANGE, 0, DELAY },
	{ "4294967296", -ERANGE, 0, DELAY }, { "99999999999999999999", -ERANGE, 0, DELAY },
	{ "", -EINVAL, 0, DELAY }, { "\n", -EINVAL, 0, DELAY }, { "-5", -EINVAL, 0, DELAY },
	{ "12abc", -EINVAL, 0, DELAY }, { " 5", -EINVAL, 0, DELAY }, { "0x10", -EINVAL, 0, DELAY },
	{ "5\n\n", -EINVAL, 0, DELAY }, { "3h", -EINVAL, 0, DELAY },
	{ "0", 0, 0, THRESH }, { "100", 0, 100, THRESH }, { "5\n", 0, 5, THRESH },
	{ "101", -ERANGE, 0, THRESH }, { "-1", -EINVAL, 0, THRESH }, { "5%", -EINVAL, 0, THRESH },
	{ "delay", 0, S2H_POLICY_DELAY, POLICY }, { "battery\n", 0, S2H_POLICY_BATTERY, POLICY },
	{ "Battery", 0, S2H_POLICY_BATTERY, POLICY }, { "DELAY\n", 0, S2H_POLICY_DELAY, POLICY },
	{ "bat", -EINVAL, 0, POLICY },
	{ "batteryy", -EINVAL, 0, POLICY }, { "", -EINVAL, 0, POLICY }, { "1", -EINVAL, 0, POLICY },
	{ "60", 0, 60, CHECK }, { "2592000", 0, 2592000, CHECK },
	{ "59", -ERANGE, 0, CHECK }, { "2592001", -ERANGE, 0, CHECK },
	{ "0", 0, 0, RETRIES }, { "10", 0, 10, RETRIES }, { "11", -ERANGE, 0, RETRIES },
	{ "shutdown", 0, S2H_MODE_SHUTDOWN, MODE }, { "suspend\n", 0, S2H_MODE_SUSPEND, MODE },
	{ "Suspend", 0, S2H_MODE_SUSPEND, MODE }, { "platform", -EINVAL, 0, MODE },
	{ "suspend ", -EINVAL, 0, MODE }, { "truex", -EINVAL, 0, ON_AC },
	{ "no", 0, 0, ON_AC }, { "yes\n", 0, 1, ON_AC }, { "2", -EINVAL, 0, ON_AC },
	{ "5", 0, 5, LOW }, { "2592000", 0, 2592000, LOW }, { "4", -ERANGE, 0, LOW },
	{ "2592001", -ERANGE, 0, LOW }, { "1h", -EINVAL, 0, LOW },
	{ "0", 0, 0, HIGH }, { "100", 0, 100, HIGH }, { "101", -ERANGE, 0, HIGH },
	{ "0", 0, 0, AC_DEL }, { "1", 0, 1, AC_DEL }, { "2592000", 0, 2592000, AC_DEL },
	{ "2592001", -ERANGE, 0, AC_DEL }, { "never", -EINVAL, 0, AC_DEL },
	{ "0", 0, 0, BUDGET }, { "100", 0, 100, BUDGET }, { "101", -ERANGE, 0, BUDGET },
	{ "5%", -EINVAL, 0, BUDGET },
	{ "0", 0, 0, CRIT }, { "100", 0, 100, CRIT }, { "101", -ERANGE, 0, CRIT },
	{ "0", 0, 0, HEAT }, { "90000", 0, 90000, HEAT }, { "150000\n", 0, 150000, HEAT },
	{ "150001", -ERANGE, 0, HEAT }, { "-1", -EINVAL, 0, HEAT }, { "90C", -EINVAL, 0, HEAT },
	{ "yes", 0, 1, NO_HW }, { "0\n", 0, 0, NO_HW }, { "2", -EINVAL, 0, NO_HW },
	/* require_verified was a boolean: its words keep their values beside the new ones */
	{ "no", 0, S2H_REQUIRE_NO, REQUIRE }, { "0", 0, S2H_REQUIRE_NO, REQUIRE },
	{ "yes\n", 0, S2H_REQUIRE_HIBERNATION, REQUIRE },
	{ "1", 0, S2H_REQUIRE_HIBERNATION, REQUIRE },
	{ "hibernation", 0, S2H_REQUIRE_HIBERNATION, REQUIRE },
	{ "Wake\n", 0, S2H_REQUIRE_WAKE, REQUIRE }, { "both", 0, S2H_REQUIRE_BOTH, REQUIRE },
	{ "2", -EINVAL, 0, REQUIRE }, { "3", -EINVAL, 0, REQUIRE },
	{ "wakes", -EINVAL, 0, REQUIRE },
	{ "0", 0, 0, SETTLE }, { "30\n", 0, 30, SETTLE }, { "600", 0, 600, SETTLE },
	{ "601", -ERANGE, 0, SETTLE }, { "30s", -EINVAL, 0, SETTLE }, { "-1", -EINVAL, 0, SETTLE },
};

/* Inputs are shown escaped, so that a newline does not end the KTAP line. */
static void s2h_parse_case_desc(const struct s2h_parse_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s \"%*pE\" -> %d", s2h_settings[c->id].name,
		 (int)strlen(c->input), c->input, c->err);
}

KUNIT_ARRAY_PARAM(s2h_bool, s2h_bool_cases, s2h_parse_case_desc);
KUNIT_ARRAY_PARAM(s2h_setting, s2h_setting_cases, s2h_parse_case_desc);

/* A rejected value must leave the old one in place. */
static void s2h_parse_bool_test(struct kunit *test)
{
	const struct s2h_parse_case *c = test->param_value;
	bool val = !c->value;
	bool old = val;

	KUNIT_ASSERT_EQ(test, s2h_parse_bool(c->input, &val), c->err);
	KUNIT_EXPECT_EQ(test, val, c->err ? old : (bool)c->value);
}

static void s2h_setting_parse_test(struct kunit *test)
{
	const struct s2h_parse_case *c = test->param_value;
	u32 val = 4242;

	KUNIT_ASSERT_EQ(test, s2h_setting_parse(&s2h_settings[c->id], c->input, &val), c->err);
	KUNIT_EXPECT_EQ(test, val, c->err ? 4242 : c->value);
}

/* What sysfs shows of each default must read back as that default. */
static void s2h_defaults_round_trip_test(struct kunit *test)
{
	static const struct s2h_config defaults = S2H_CONFIG_DEFAULTS;
	const struct s2h_setting *s;
	char text[S2H_SETTING_TEXT_LEN];
	const char *shown;
	u32 val;

	for (s = s2h_settings; s < s2h_settings + __S2H_SETTING_MAX; s++) {
		KUNIT_ASSERT_NOT_NULL(test, s->name);
		shown = s2h_setting_text(s, s2h_config_value(&defaults, s), text);
		KUNIT_EXPECT_EQ_MSG(test, s2h_setting_parse(s, shown, &val), 0, "%s", s->name);
		KUNIT_EXPECT_EQ_MSG(test, val, s2h_config_value(&defaults, s), "%s", s->name);
	}
}

struct s2h_wake_test_case {
	const char *name;
	enum s2h_wake wake;
	struct s2h_wake_facts facts;	/* delay_sec, elapsed_ms, slept_ms, rtc, source */
	bool s2idle;
	s64 hw_sleep_us;
	bool hpet;
	enum s2h_wake_test_reason reason;
};

#define WT(r)		S2H_WAKE_TEST_REASON_##r
#define HW_NO		S2H_HW_SLEEP_UNKNOWN
#define W_ALARM		S2H_WAKE_ALARM
#define W_EARLY		S2H_WAKE_EARLY
#define W_OTHER		S2H_WAKE_OTHER
#define W_ABORTED	S2H_WAKE_ABORTED

/* Fields: name, the cycle's word on the wake, its facts, s2idle, hw_sleep_us, hpet, verdict. */
static const struct s2h_wake_test_case s2h_wake_test_cases[] = {
	{ "S3, the alarm on time: passed",
	  W_ALARM, { 20, SEC(20) + 400, SEC(20), RTC_NO, SRC_NONE }, false, HW_NO, false,
	  WT(NONE) },
	{ "S3, the alarm 2 s early (whole seconds): passed",
	  W_ALARM, { 20, SEC(18), SEC(18), RTC_NO, SRC_NONE }, false, HW_NO, false, WT(NONE) },
	{ "S3, the RTC said so, a device too: passed",
	  W_ALARM, { 20, SEC(20), SEC(20), RTC_WOKE, SRC_OTHER }, false, HW_NO, false, WT(NONE) },
	{ "S3, a device in the window, the RTC silent: another source",
	  W_ALARM, { 20, SEC(20), SEC(20), RTC_SILENT, SRC_OTHER }, false, HW_NO, false,
	  WT(OTHER_SOURCE) },
	{ "S3, the battery's alarm: not the one under test",
	  W_ALARM, { 20, SEC(7), SEC(7), RTC_NO, SRC_BATTERY }, false, HW_NO, false,
	  WT(OTHER_SOURCE) },
	{ "S3, a key 5 s in: input",
	  W_EARLY, { 20, SEC(5), SEC(5), RTC_SILENT, SRC_INPUT }, false, HW_NO, false, WT(INPUT) },
	{ "S3, a key 1 s before the alarm: input",
	  W_EARLY, { 20, SEC(19), SEC(19), RTC_SILENT, SRC_INPUT }, false, HW_NO, false,
	  WT(INPUT) },
	{ "S3, the network 5 s in: another source",
	  W_OTHER, { 20, SEC(5), SEC(5), RTC_SILENT, SRC_OTHER }, false, HW_NO, false,
	  WT(OTHER_SOURCE) },
	{ "S3, woken 5 s in by nothing named: early",
	  W_EARLY, { 20, SEC(5), SEC(5), RTC_NO, SRC_NONE }, false, HW_NO, false, WT(EARLY) },
	{ "S3, woken long after by a key: the firmware ignored the RTC",
	  W_EARLY, { 20, SEC(200), SEC(200), RTC_NO, SRC_INPUT }, false, HW_NO, false,
	  WT(RTC_IGNORED) },
	{ "S3, 1 ms past the window: the RTC ignored",
	  W_EARLY, { 20, SEC(80) + 1, SEC(80), RTC_NO, SRC_NONE }, false, HW_NO, true,
	  WT(RTC_IGNORED) },
	{ "s2idle, the HPET's alarm, woken late by the power button: rtc_hpet",
	  W_EARLY, { 20, SEC(90), 0, RTC_SILENT, SRC_INPUT, SLEEP_REACHED }, true, HW_NO, true,
	  WT(RTC_HPET) },
	{ "s2idle, no HPET, woken late: the RTC ignored",
	  W_EARLY, { 20, SEC(90), 0, RTC_SILENT, SRC_NONE, SLEEP_REACHED }, true, HW_NO, false,
	  WT(RTC_IGNORED) },
	{ "s2idle, the alarm, hardware slept: passed",
	  W_ALARM, { 20, SEC(20), 0, RTC_WOKE, SRC_NONE, SLEEP_REACHED }, true, 19000000, false,
	  WT(NONE) },
	{ "s2idle, the alarm, the kernel cannot say: passed, said so apart",
	  W_ALARM, { 20, SEC(20), 0, RTC_NO, SRC_NONE, SLEEP_REACHED }, true, HW_NO, false,
	  WT(NONE) },
	{ "s2idle, the alarm, the hardware never slept: no_hw_sleep",
	  W_ALARM, { 20, SEC(20), 0, RTC_WOKE, SRC_NONE, SLEEP_REACHED }, true, 0, false,
	  WT(NO_HW_SLEEP) },
	{ "S3 with hw_sleep_us 0 is not s2idle's word: passed",
	  W_ALARM, { 20, SEC(20), SEC(20), RTC_NO, SRC_NONE }, false, 0, false, WT(NONE) },
	{ "never slept: aborted",
	  W_ABORTED, { 20, 300, 0, RTC_SILENT, SRC_NONE, SLEEP_SHORT }, false, HW_NO, false,
	  WT(ABORTED) },
	{ "never slept, long after: aborted still",
	  W_ABORTED, { 20, SEC(200), 0, RTC_SILENT, SRC_INPUT, SLEEP_SHORT }, false, HW_NO, false,
	  WT(ABORTED) },
};

static void s2h_wake_test_case_desc(const struct s2h_wake_test_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

struct s2h_settle_case {
	const char *name;
	struct s2h_settle_facts f;
	enum s2h_settle_step step;
};

static const struct s2h_settle_case s2h_settle_cases[] = {
	{ "just started: wait", { 30, 0, false, false, 80, 3 }, S2H_SETTLE_WAIT },
	{ "1 ms short: wait", { 30, 29999, false, false, 80, 3 }, S2H_SETTLE_WAIT },
	{ "settled: hibernate", { 30, 30000, false, false, 80, 3 }, S2H_SETTLE_HIBERNATE },
	{ "past its end: hibernate", { 30, 45000, false, false, 80, 3 }, S2H_SETTLE_HIBERNATE },
	{ "input: cancel", { 30, 1000, true, false, 80, 3 }, S2H_SETTLE_CANCEL },
	{ "input at its end: cancel", { 30, 30000, true, false, 80, 3 }, S2H_SETTLE_CANCEL },
	{ "input, battery critical: cancel, the user's", { 30, 1000, true, false, 2, 3 },
	  S2H_SETTLE_CANCEL },
	{ "battery at critical: hibernate now", { 30, 1000, false, false, 3, 3 },
	  S2H_SETTLE_HIBERNATE },
	{ "battery below critical: hibernate now", { 600, 0, false, false, 1, 3 },
	  S2H_SETTLE_HIBERNATE },
	{ "battery 1 above critical: wait", { 30, 1000, false, false, 4, 3 }, S2H_SETTLE_WAIT },
	{ "critical on mains: wait", { 30, 1000, false, true, 2, 3 }, S2H_SETTLE_WAIT },
	{ "battery unknown: wait", { 30, 1000, false, false, -1, 3 }, S2H_SETTLE_WAIT },
	{ "no last resort (critical 0), battery 0: wait", { 30, 1000, false, false, 0, 0 },
	  S2H_SETTLE_WAIT },
	{ "the longest settle, 1 ms short: wait",
	  { S2H_SETTLE_MAX_SEC, 599999, false, false, 50, 3 }, S2H_SETTLE_WAIT },
	{ "the longest settle: hibernate", { S2H_SETTLE_MAX_SEC, 600000, false, false, 50, 3 },
	  S2H_SETTLE_HIBERNATE },
};

static void s2h_settle_case_desc(const struct s2h_settle_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_wake_test, s2h_wake_test_cases, s2h_wake_test_case_desc);

static void s2h_wake_test_verdict_test(struct kunit *test)
{
	const struct s2h_wake_test_case *c = test->param_value;
	struct s2h_wake_test_facts t = {
		.wake = c->wake, .facts = &c->facts, .s2idle = c->s2idle,
		.hw_sleep_us = c->hw_sleep_us, .hpet_alarm = c->hpet,
	};

	KUNIT_EXPECT_STREQ(test, s2h_wake_test_reason_name(s2h_wake_test_verdict(&t)),
			   s2h_wake_test_reason_name(c->reason));
}

KUNIT_ARRAY_PARAM(s2h_settle, s2h_settle_cases, s2h_settle_case_desc);

static void s2h_settle_step_test(struct kunit *test)
{
	const struct s2h_settle_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_settle_step(&c->f), c->step);
}

static void s2h_settle_sec_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, s2h_settle_sec(0, false), 0);
	KUNIT_EXPECT_EQ(test, s2h_settle_sec(0, true), 0);
	KUNIT_EXPECT_EQ(test, s2h_settle_sec(10, false), 10);
	KUNIT_EXPECT_EQ(test, s2h_settle_sec(10, true), 10);
	KUNIT_EXPECT_EQ(test, s2h_settle_sec(120, false), 120);
	/* logind's 30 s hold-off would end every longer settle with the lid closed */
	KUNIT_EXPECT_EQ(test, s2h_settle_sec(120, true), S2H_SETTLE_RESUSPENDED_SEC);
	KUNIT_EXPECT_LT(test, S2H_SETTLE_RESUSPENDED_SEC, 30);
}

struct s2h_input_case {
	const char *name;
	unsigned int type, code;
	int value;
	bool user;
};

static const struct s2h_input_case s2h_input_cases[] = {
	{ "key pressed", EV_KEY, KEY_A, 1, true },
	{ "key released", EV_KEY, KEY_LEFTSHIFT, 0, true },
	{ "key autorepeat", EV_KEY, KEY_A, 2, false },
	{ "power button", EV_KEY, KEY_POWER, 1, true },
	{ "mouse button", EV_KEY, BTN_LEFT, 1, true },
	{ "mouse moved", EV_REL, REL_X, -3, true },
	{ "wheel", EV_REL, REL_WHEEL, 1, true },
	{ "touchpad touched", EV_ABS, ABS_MT_POSITION_X, 512, true },
	{ "lid opened", EV_SW, SW_LID, 0, true },
	{ "lid closed: logind's suspend comes", EV_SW, SW_LID, 1, false },
	{ "tablet mode", EV_SW, SW_TABLET_MODE, 1, false },
	{ "headphone jack", EV_SW, SW_HEADPHONE_INSERT, 1, false },
	{ "sync", EV_SYN, SYN_REPORT, 0, false },
	{ "scancode", EV_MSC, MSC_SCAN, 30, false },
	{ "led", EV_LED, LED_CAPSL, 1, false },
};

static void s2h_input_case_desc(const struct s2h_input_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_input, s2h_input_cases, s2h_input_case_desc);

static void s2h_input_is_user_test(struct kunit *test)
{
	const struct s2h_input_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_input_is_user(c->type, c->code, c->value), c->user);
}

struct s2h_advice_case {
	const char *name;
	struct s2h_driver_facts f;
	unsigned long advice;
};

#define S2H_NV	BIT(S2H_ADVICE_NVIDIA_HANDOFF)
#define S2H_AMD	BIT(S2H_ADVICE_AMDGPU_HYBRID)

static const struct s2h_advice_case s2h_advice_cases[] = {
	{ "no driver", { false, false, KERNEL_VERSION(6, 17, 0), 0, true }, 0 },
	{ "nvidia, handoff 0", { true, false, KERNEL_VERSION(6, 1, 0), 0, false }, S2H_NV },
	{ "nvidia, handoff 60", { true, false, KERNEL_VERSION(6, 1, 0), 60, false }, 0 },
	{ "amdgpu on 6.1, hybrid", { false, true, KERNEL_VERSION(6, 1, 0), 0, true }, 0 },
	{ "amdgpu on 6.16, hybrid", { false, true, KERNEL_VERSION(6, 16, 9), 0, true }, 0 },
	{ "amdgpu on 6.17.0, hybrid", { false, true, KERNEL_VERSION(6, 17, 0), 0, true }, S2H_AMD },
	{ "amdgpu on 6.17.4, hybrid", { false, true, KERNEL_VERSION(6, 17, 4), 0, true }, S2H_AMD },
	{ "amdgpu on 6.17.5, hybrid: fixed", { false, true, KERNEL_VERSION(6, 17, 5), 0, true },
	  0 },
	{ "amdgpu on 6.18, hybrid: fixed", { false, true, KERNEL_VERSION(6, 18, 0), 0, true }, 0 },
	{ "amdgpu on 6.17.2, shutdown", { false, true, KERNEL_VERSION(6, 17, 2), 0, false }, 0 },
	{ "both on 6.17.2, hybrid", { true, true, KERNEL_VERSION(6, 17, 2), 0, true },
	  S2H_NV | S2H_AMD },
	{ "both on 6.17.2, hybrid, handoff 30", { true, true, KERNEL_VERSION(6, 17, 2), 30, true },
	  S2H_AMD },
};

static void s2h_advice_case_desc(const struct s2h_advice_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_advice, s2h_advice_cases, s2h_advice_case_desc);

static void s2h_driver_advice_test(struct kunit *test)
{
	const struct s2h_advice_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, s2h_driver_advice(&c->f), c->advice);
}

static void s2h_names_test(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_IDLE), "idle");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_ARMED), "armed");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_HIBERNATING), "hibernating");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_RESUMING), "resuming");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_HANDOFF), "handoff");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_SETTLING), "settling");
	KUNIT_EXPECT_STREQ(test, s2h_advice_name(S2H_ADVICE_NVIDIA_HANDOFF), "nvidia_handoff");
	KUNIT_EXPECT_STREQ(test, s2h_advice_name(S2H_ADVICE_AMDGPU_HYBRID), "amdgpu_hybrid");
	KUNIT_EXPECT_STREQ(test, s2h_advice_name(__S2H_ADVICE_MAX), "unknown");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(__S2H_STATE_MAX), "unknown");
	KUNIT_EXPECT_STREQ(test, s2h_wake_name(S2H_WAKE_NONE), "none");
	KUNIT_EXPECT_STREQ(test, s2h_wake_name(S2H_WAKE_ALARM), "alarm");
	KUNIT_EXPECT_STREQ(test, s2h_wake_name(S2H_WAKE_EARLY), "early");
	KUNIT_EXPECT_STREQ(test, s2h_wake_name(S2H_WAKE_ABORTED), "aborted");
	KUNIT_EXPECT_STREQ(test, s2h_wake_name(S2H_WAKE_OTHER), "other");
	KUNIT_EXPECT_STREQ(test, s2h_wake_name(__S2H_WAKE_MAX), "unknown");
	KUNIT_EXPECT_STREQ(test, s2h_check_name(S2H_CHECK_SWAP), "swap");
	KUNIT_EXPECT_STREQ(test, s2h_check_name(__S2H_CHECK_MAX), "unknown");
	KUNIT_EXPECT_STREQ(test, s2h_verify_name(S2H_VERIFY_PASSED), "passed");
	KUNIT_EXPECT_STREQ(test, s2h_verify_name(__S2H_VERIFY_MAX), "unknown");
	KUNIT_EXPECT_STREQ(test, s2h_decision_name(S2H_DECISION_SLEEP_AGAIN), "sleep_again");
	KUNIT_EXPECT_STREQ(test, s2h_decision_name(S2H_DECISION_POWER_OFF), "power_off");
	KUNIT_EXPECT_STREQ(test, s2h_decision_name(__S2H_DECISION_MAX), "unknown");
	KUNIT_EXPECT_STREQ(test, s2h_wake_test_name(S2H_WAKE_TEST_PASSED), "passed");
	KUNIT_EXPECT_STREQ(test, s2h_wake_test_reason_name(WT(RTC_HPET)), "rtc_hpet");
	KUNIT_EXPECT_STREQ(test, s2h_wake_test_reason_name(__S2H_WAKE_TEST_REASON_MAX), "unknown");
	KUNIT_EXPECT_STREQ(test, s2h_mem_sleep_name(S2H_MEM_SLEEP_S2IDLE), "s2idle");
}

static struct kunit_case s2h_test_cases[] = {
	KUNIT_CASE_PARAM(s2h_classify_wake_test, s2h_decide_gen_params),
	KUNIT_CASE_PARAM(s2h_wake_urgent_test, s2h_urgent_gen_params),
	KUNIT_CASE_PARAM(s2h_decide_alarm_test, s2h_alarm_gen_params),
	KUNIT_CASE_PARAM(s2h_cycle_delay_test, s2h_cycle_delay_gen_params),
	KUNIT_CASE_PARAM(s2h_next_alarm_test, s2h_next_alarm_gen_params),
	KUNIT_CASE_PARAM(s2h_kept_delay_test, s2h_kept_gen_params),
	KUNIT_CASE_PARAM(s2h_too_hot_test, s2h_heat_gen_params),
	KUNIT_CASE_PARAM(s2h_no_hw_sleep_test, s2h_hw_sleep_gen_params),
	KUNIT_CASE_PARAM(s2h_drain_rate_test, s2h_drain_gen_params),
	KUNIT_CASE_PARAM(s2h_drain_measure_test, s2h_measure_gen_params),
	KUNIT_CASE_PARAM(s2h_dark_count_test, s2h_dark_gen_params),
	KUNIT_CASE_PARAM(s2h_drain_watch_test, s2h_watch_gen_params),
	KUNIT_CASE_PARAM(s2h_image_outcome_test, s2h_image_gen_params),
	KUNIT_CASE_PARAM(s2h_pending_alarm_test, s2h_pending_gen_params),
	KUNIT_CASE_PARAM(s2h_hw_sleep_delta_test, s2h_hw_delta_gen_params),
	KUNIT_CASE_PARAM(s2h_resume_usable_test, s2h_resume_gen_params),
	KUNIT_CASE_PARAM(s2h_settle_step_test, s2h_settle_gen_params),
	KUNIT_CASE(s2h_settle_sec_test),
	KUNIT_CASE_PARAM(s2h_input_is_user_test, s2h_input_gen_params),
	KUNIT_CASE_PARAM(s2h_driver_advice_test, s2h_advice_gen_params),
	KUNIT_CASE(s2h_sleep_retry_test),
	KUNIT_CASE(s2h_retry_delay_test),
	KUNIT_CASE_PARAM(s2h_history_test, s2h_history_gen_params),
	KUNIT_CASE(s2h_history_wakes_test),
	KUNIT_CASE_PARAM(s2h_parse_bool_test, s2h_bool_gen_params),
	KUNIT_CASE_PARAM(s2h_setting_parse_test, s2h_setting_gen_params),
	KUNIT_CASE(s2h_defaults_round_trip_test),
	KUNIT_CASE(s2h_names_test),
	KUNIT_CASE_PARAM(s2h_wake_test_verdict_test, s2h_wake_test_gen_params),
	{}
};

static struct kunit_suite s2h_test_suite = {
	.name = "s2h",
	.test_cases = s2h_test_cases,
};

kunit_test_suite(s2h_test_suite);

S2H_KUNIT_IMPORT;
MODULE_DESCRIPTION("KUnit tests of s2h's decision and parsers");
MODULE_LICENSE("GPL");
