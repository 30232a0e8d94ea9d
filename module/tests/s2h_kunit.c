// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what s2h decides and parses: the pure parts of the module,
 * table-driven. They are built into this test module from the sources under
 * test, since s2h.ko exports nothing.
 */
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel.h>

#include "../decide.c"
#include "../config.c"

#define SEC(s)	((s64)(s) * MSEC_PER_SEC)

struct s2h_decide_case {
	const char *name;
	struct s2h_wake_facts facts;
	enum s2h_wake wake;
};

static const struct s2h_decide_case s2h_decide_cases[] = {
	{ "never slept: aborted, whatever the RTC says",
	  { 8, SEC(8), 0, S2H_RTC_WOKE }, S2H_WAKE_ABORTED },
	{ "rtc woke at the expiry",
	  { 8, SEC(8), SEC(8), S2H_RTC_WOKE }, S2H_WAKE_ALARM },
	{ "rtc woke 0.6 s early (seen in the VM): still the alarm",
	  { 6, 5400, 5400, S2H_RTC_WOKE }, S2H_WAKE_ALARM },
	{ "rtc woke exactly 2 s early: the alarm",
	  { 60, SEC(58), SEC(58), S2H_RTC_WOKE }, S2H_WAKE_ALARM },
	{ "rtc woke 2.001 s early: another RTC alarm, early",
	  { 60, SEC(58) - 1, SEC(58), S2H_RTC_WOKE }, S2H_WAKE_EARLY },
	{ "rtc woke long after the expiry: the alarm",
	  { 60, SEC(3600), SEC(3600), S2H_RTC_WOKE }, S2H_WAKE_ALARM },
	{ "user wake half-way: early",
	  { 10800, SEC(5400), SEC(5400), S2H_RTC_SILENT }, S2H_WAKE_EARLY },
	{ "rtc silent 0.5 s before the expiry: a user, early",
	  { 60, SEC(60) - 500, SEC(59), S2H_RTC_SILENT }, S2H_WAKE_EARLY },
	{ "rtc silent at the expiry: the alarm (driver reports no events)",
	  { 60, SEC(60), SEC(60), S2H_RTC_SILENT }, S2H_WAKE_ALARM },
	{ "rtc silent 60 s after the expiry: still the alarm",
	  { 60, SEC(120), SEC(120), S2H_RTC_SILENT }, S2H_WAKE_ALARM },
	{ "rtc silent 60.001 s after the expiry: a user, early",
	  { 60, SEC(120) + 1, SEC(120), S2H_RTC_SILENT }, S2H_WAKE_EARLY },
	{ "no rtc wakeup source, 2 s early: the alarm",
	  { 60, SEC(58), SEC(58), S2H_RTC_UNKNOWN }, S2H_WAKE_ALARM },
	{ "no rtc wakeup source, 2.001 s early: early",
	  { 60, SEC(58) - 1, SEC(58), S2H_RTC_UNKNOWN }, S2H_WAKE_EARLY },
	{ "no rtc wakeup source, hours late: a user, early",
	  { 60, SEC(7200), SEC(7200), S2H_RTC_UNKNOWN }, S2H_WAKE_EARLY },
	{ "longest delay, rtc woke 1 s early: the alarm",
	  { S2H_DELAY_MAX_SEC, SEC(S2H_DELAY_MAX_SEC - 1), SEC(S2H_DELAY_MAX_SEC - 1),
	    S2H_RTC_WOKE }, S2H_WAKE_ALARM },
	{ "shortest delay, user wake after 1 s: early",
	  { S2H_DELAY_MIN_SEC, SEC(1), SEC(1), S2H_RTC_SILENT }, S2H_WAKE_EARLY },
};

static void s2h_decide_case_desc(const struct s2h_decide_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(s2h_decide, s2h_decide_cases, s2h_decide_case_desc);

static void s2h_decide_test(struct kunit *test)
{
	const struct s2h_decide_case *c = test->param_value;
	struct s2h_decision d = s2h_decide(&c->facts);

	KUNIT_EXPECT_EQ(test, d.wake, c->wake);
	KUNIT_EXPECT_EQ(test, d.action, c->wake == S2H_WAKE_ALARM ?
			S2H_ACTION_HIBERNATE : S2H_ACTION_NONE);
}

struct s2h_parse_case {
	const char *input;
	int err;
	u32 value;	/* when err is 0; a bool is 0 or 1 */
};

static const struct s2h_parse_case s2h_bool_cases[] = {
	{ "1", 0, 1 }, { "0", 0, 0 }, { "y", 0, 1 }, { "N", 0, 0 },
	{ "yes", 0, 1 }, { "No", 0, 0 }, { "on", 0, 1 }, { "OFF", 0, 0 },
	{ "1\n", 0, 1 }, { "off\n", 0, 0 },
	{ "", -EINVAL }, { "\n", -EINVAL }, { "2", -EINVAL },
	{ "nonsense", -EINVAL }, { "yess", -EINVAL }, { "o", -EINVAL },
	{ "on\n\n", -EINVAL }, { "1 ", -EINVAL }, { " 1", -EINVAL },
};

static const struct s2h_parse_case s2h_delay_cases[] = {
	{ "5", 0, 5 }, { "2592000", 0, 2592000 }, { "10800\n", 0, 10800 },
	{ "+60", 0, 60 },
	{ "4", -ERANGE }, { "0", -ERANGE }, { "2592001", -ERANGE },
	{ "4294967296", -ERANGE }, { "99999999999999999999", -ERANGE },
	{ "", -EINVAL }, { "\n", -EINVAL }, { "-5", -EINVAL },
	{ "12abc", -EINVAL }, { " 5", -EINVAL }, { "0x10", -EINVAL },
	{ "5\n\n", -EINVAL }, { "3h", -EINVAL },
};

/* Inputs are shown escaped, so that a newline does not end the KTAP line. */
static void s2h_parse_case_desc(const struct s2h_parse_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "\"%*pE\" -> %d",
		 (int)strlen(c->input), c->input, c->err);
}

KUNIT_ARRAY_PARAM(s2h_bool, s2h_bool_cases, s2h_parse_case_desc);
KUNIT_ARRAY_PARAM(s2h_delay, s2h_delay_cases, s2h_parse_case_desc);

/* A rejected value must leave the old one in place. */
static void s2h_parse_bool_test(struct kunit *test)
{
	const struct s2h_parse_case *c = test->param_value;
	bool val = !c->value;
	bool old = val;

	KUNIT_ASSERT_EQ(test, s2h_parse_bool(c->input, &val), c->err);
	KUNIT_EXPECT_EQ(test, val, c->err ? old : (bool)c->value);
}

static void s2h_parse_delay_test(struct kunit *test)
{
	const struct s2h_parse_case *c = test->param_value;
	u32 val = 4242;

	KUNIT_ASSERT_EQ(test, s2h_parse_delay(c->input, &val), c->err);
	KUNIT_EXPECT_EQ(test, val, c->err ? 4242 : c->value);
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
	KUNIT_EXPECT_STREQ(test, s2h_wake_name(__S2H_WAKE_MAX), "unknown");
}

static struct kunit_case s2h_test_cases[] = {
	KUNIT_CASE_PARAM(s2h_decide_test, s2h_decide_gen_params),
	KUNIT_CASE_PARAM(s2h_parse_bool_test, s2h_bool_gen_params),
	KUNIT_CASE_PARAM(s2h_parse_delay_test, s2h_delay_gen_params),
	KUNIT_CASE(s2h_names_test),
	{}
};

static struct kunit_suite s2h_test_suite = {
	.name = "s2h",
	.test_cases = s2h_test_cases,
};

kunit_test_suite(s2h_test_suite);

MODULE_DESCRIPTION("KUnit tests of s2h's decision and parsers");
MODULE_LICENSE("GPL");
