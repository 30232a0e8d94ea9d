// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what s2h decides and parses: the pure parts of the module,
 * table-driven, as s2h.ko has them - it exports them to this module in a
 * kernel built with KUnit (EXPORT_SYMBOL_IF_KUNIT, compat.h).
 */
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>

#include "compat.h"
#include "config.h"
#include "decide.h"

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
#define SLEEP_NO	S2H_SLEEP_UNKNOWN
#define SLEEP_SHORT	S2H_SLEEP_NOT_REACHED
#define SLEEP_REACHED	S2H_SLEEP_REACHED

/*
 * Fields: delay_sec, elapsed_ms, slept_ms, rtc, source, sleep (when left
 * out: no tracepoint, timekeeping alone tells).
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

struct s2h_alarm_case {
	const char *name;
	struct s2h_policy_facts facts;
	enum s2h_decision_kind action;
	bool for_battery;
};

/*
 * Fields: policy, hibernate_on_ac, threshold, check_sec, on_ac, battery,
 * battery_armed, elapsed_ms.
 */
static const struct s2h_alarm_case s2h_alarm_cases[] = {
	{ "delay policy, on battery at 50 %: hibernate",
	  { S2H_POLICY_DELAY, 1, 5, 3600, BATT, 50, 60, SEC(10800) }, HIB, false },
	{ "delay policy, no battery, on AC: hibernate (hibernate_on_ac=1)",
	  { S2H_POLICY_DELAY, 1, 5, 3600, AC, -1, -1, SEC(10800) }, HIB, false },
	{ "hibernate_on_ac=0 on AC: back to sleep",
	  { S2H_POLICY_DELAY, 0, 5, 3600, AC, -1, -1, SEC(10800) }, SLEEP, false },
	{ "hibernate_on_ac=0 on battery: hibernate",
	  { S2H_POLICY_DELAY, 0, 5, 3600, BATT, 40, 45, SEC(10800) }, HIB, false },
	{ "battery 3 % <= threshold 5, on AC with hibernate_on_ac=0: hibernate",
	  { S2H_POLICY_DELAY, 0, 5, 3600, AC, 3, 3, SEC(10800) }, HIB, true },
	{ "battery exactly at the threshold: hibernate for the battery",
	  { S2H_POLICY_DELAY, 1, 5, 3600, BATT, 5, 9, SEC(10800) }, HIB, true },
	{ "threshold 0 disables the battery rule: hibernate_on_ac=0 on AC sleeps",
	  { S2H_POLICY_DELAY, 0, 0, 3600, AC, 0, 0, SEC(10800) }, SLEEP, false },
	{ "battery policy, 80 % draining 1 %/h: back to sleep",
	  { S2H_POLICY_BATTERY, 1, 5, 3600, BATT, 80, 81, SEC(3600) }, SLEEP, false },
	{ "battery policy, 20 % draining 10 %/h: projected 10 > 5, sleep",
	  { S2H_POLICY_BATTERY, 1, 5, 3600, BATT, 20, 30, SEC(3600) }, SLEEP, false },
	{ "battery policy, 15 % draining 10 %/h: projected 5 <= 5, hibernate",
	  { S2H_POLICY_BATTERY, 1, 5, 3600, BATT, 15, 25, SEC(3600) }, HIB, true },
	{ "battery policy, drain over half the interval counts double",
	  { S2H_POLICY_BATTERY, 1, 5, 3600, BATT, 20, 28, SEC(1800) }, HIB, true },
	{ "battery policy, charging: back to sleep",
	  { S2H_POLICY_BATTERY, 1, 5, 3600, AC, 50, 40, SEC(3600) }, SLEEP, false },
	{ "battery policy, no battery: falls back to the delay, hibernate",
	  { S2H_POLICY_BATTERY, 1, 5, 3600, BATT, -1, -1, SEC(10800) }, HIB, false },
	{ "battery policy, battery unknown at arming: first measure, sleep",
	  { S2H_POLICY_BATTERY, 1, 5, 3600, BATT, 50, -1, SEC(3600) }, SLEEP, false },
	{ "battery policy, threshold 0: hibernate when projected empty",
	  { S2H_POLICY_BATTERY, 1, 0, 3600, BATT, 4, 9, SEC(3600) }, HIB, true },
	{ "battery policy, no time elapsed: no rate, sleep",
	  { S2H_POLICY_BATTERY, 1, 5, 3600, BATT, 50, 60, 0 }, SLEEP, false },
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
	KUNIT_EXPECT_EQ(test, d.for_battery, c->for_battery);
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

struct s2h_kept_case {
	const char *name;
	s64 due_in_ms;
	s64 awake_ms;
	u32 delay;
};

static const struct s2h_kept_case s2h_kept_cases[] = {
	{ "woken by the network 30 s ago, an hour left: the hour", SEC(3600), SEC(30), 3600 },
	{ "parts of a second round up", SEC(10) + 1, SEC(30), 11 },
	{ "awake exactly the keep window: kept", SEC(600), S2H_KEEP_DEADLINE_MS, 600 },
	{ "awake 1 ms longer: the cycle starts afresh", SEC(600), S2H_KEEP_DEADLINE_MS + 1, 0 },
	{ "deadline 1.5 s away: the shortest alarm", 1500, SEC(1), S2H_DELAY_MIN_SEC },
	{ "deadline passed while awake: the shortest alarm", -SEC(10), SEC(60),
	  S2H_DELAY_MIN_SEC },
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
#define HEAT	.id = S2H_SETTING_THERMAL_LIMIT
#define NO_HW	.id = S2H_SETTING_HIBERNATE_NO_HW_SLEEP

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
	{ "0", 0, 0, HEAT }, { "90000", 0, 90000, HEAT }, { "150000\n", 0, 150000, HEAT },
	{ "150001", -ERANGE, 0, HEAT }, { "-1", -EINVAL, 0, HEAT }, { "90C", -EINVAL, 0, HEAT },
	{ "yes", 0, 1, NO_HW }, { "0\n", 0, 0, NO_HW }, { "2", -EINVAL, 0, NO_HW },
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

static void s2h_names_test(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_IDLE), "idle");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_ARMED), "armed");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_HIBERNATING), "hibernating");
	KUNIT_EXPECT_STREQ(test, s2h_state_name(S2H_STATE_RESUMING), "resuming");
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
	KUNIT_EXPECT_STREQ(test, s2h_decision_name(__S2H_DECISION_MAX), "unknown");
}

static struct kunit_case s2h_test_cases[] = {
	KUNIT_CASE_PARAM(s2h_classify_wake_test, s2h_decide_gen_params),
	KUNIT_CASE_PARAM(s2h_decide_alarm_test, s2h_alarm_gen_params),
	KUNIT_CASE_PARAM(s2h_kept_delay_test, s2h_kept_gen_params),
	KUNIT_CASE_PARAM(s2h_too_hot_test, s2h_heat_gen_params),
	KUNIT_CASE_PARAM(s2h_no_hw_sleep_test, s2h_hw_sleep_gen_params),
	KUNIT_CASE(s2h_sleep_retry_test),
	KUNIT_CASE(s2h_retry_delay_test),
	KUNIT_CASE_PARAM(s2h_parse_bool_test, s2h_bool_gen_params),
	KUNIT_CASE_PARAM(s2h_setting_parse_test, s2h_setting_gen_params),
	KUNIT_CASE(s2h_defaults_round_trip_test),
	KUNIT_CASE(s2h_names_test),
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
