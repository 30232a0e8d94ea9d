// SPDX-License-Identifier: GPL-2.0
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "compat.h"
#include "config.h"

/* s2hctl (tools/s2hctl/parse.c) takes the same words, in any case too. */
static const char * const s2h_true_words[] = { "1", "y", "yes", "on", "true" };
static const char * const s2h_false_words[] = { "0", "n", "no", "off", "false" };

static bool s2h_word_in(const char *buf, size_t len, const char * const *words, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(words[i]) == len && !strncasecmp(buf, words[i], len))
			return true;
	return false;
}

/**
 * s2h_parse_bool() - parse a whole boolean word, as sysfs hands it over
 * @buf: 1/0, y/n, yes/no, on/off or true/false in any case, one trailing
 *	newline allowed
 * @val: where the value goes; untouched on error
 *
 * Unlike kstrtobool(), which looks at the first characters only, the whole
 * word must match: "nonsense" is an error, not "no".
 *
 * Return: 0, or -EINVAL.
 */
int s2h_parse_bool(const char *buf, bool *val)
{
	size_t len = strlen(buf);

	if (len && buf[len - 1] == '\n')
		len--;
	if (s2h_word_in(buf, len, s2h_true_words, ARRAY_SIZE(s2h_true_words))) {
		*val = true;
		return 0;
	}
	if (s2h_word_in(buf, len, s2h_false_words, ARRAY_SIZE(s2h_false_words))) {
		*val = false;
		return 0;
	}
	return -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_parse_bool);

static const char * const s2h_policy_words[__S2H_POLICY_MAX] = {
	[S2H_POLICY_DELAY] = "delay",
	[S2H_POLICY_BATTERY] = "battery",
};

static const char * const s2h_mode_words[__S2H_MODE_MAX] = {
	[S2H_MODE_SHUTDOWN] = "shutdown",
	[S2H_MODE_SUSPEND] = "suspend",
};

/* require_verified: a mask of the tests; 1 and 0 (yes, no...) keep their old meaning. */
static const char * const s2h_require_words[__S2H_REQUIRE_MAX] = {
	[S2H_REQUIRE_NO] = "no",
	[S2H_REQUIRE_HIBERNATION] = "hibernation",
	[S2H_REQUIRE_WAKE] = "wake",
	[S2H_REQUIRE_BOTH] = "both",
};

#define S2H_BOOL(_name, _field, _attr)						\
	{ .name = _name, .offset = offsetof(struct s2h_config, _field),		\
	  .type = S2H_SETTING_BOOL, .max = 1, .nl_attr = _attr }
#define S2H_UINT(_name, _field, _min, _max, _attr)				\
	{ .name = _name, .offset = offsetof(struct s2h_config, _field),		\
	  .type = S2H_SETTING_UINT, .min = _min, .max = _max, .nl_attr = _attr }
#define S2H_WORD(_name, _field, _words, _nr, _attr)				\
	{ .name = _name, .offset = offsetof(struct s2h_config, _field),		\
	  .type = S2H_SETTING_WORD, .max = (_nr) - 1, .words = _words,		\
	  .nl_attr = _attr }
/* A word setting that was a boolean: its words, and 1/0, yes/no... for the first two. */
#define S2H_WORD_BOOL(_name, _field, _words, _nr, _attr)			\
	{ .name = _name, .offset = offsetof(struct s2h_config, _field),		\
	  .type = S2H_SETTING_WORD, .max = (_nr) - 1, .words = _words,		\
	  .bool_words = true, .nl_attr = _attr }

const struct s2h_setting s2h_settings[__S2H_SETTING_MAX] = {
	[S2H_SETTING_ENABLED] = S2H_BOOL("enabled", enabled, S2H_A_ENABLED),
	[S2H_SETTING_DELAY] = S2H_UINT("delay_sec", delay_sec, S2H_DELAY_MIN_SEC,
				       S2H_DELAY_MAX_SEC, S2H_A_DELAY_SEC),
	[S2H_SETTING_HIBERNATE_ON_AC] = S2H_BOOL("hibernate_on_ac", hibernate_on_ac,
						 S2H_A_HIBERNATE_ON_AC),
	[S2H_SETTING_BATTERY_THRESHOLD] = S2H_UINT("battery_threshold", battery_threshold, 0,
						   S2H_BATTERY_THRESHOLD_MAX,
						   S2H_A_BATTERY_THRESHOLD),
	[S2H_SETTING_POLICY] = S2H_WORD("policy", policy, s2h_policy_words,
					__S2H_POLICY_MAX, S2H_A_POLICY),
	[S2H_SETTING_BATTERY_CHECK] = S2H_UINT("battery_check_sec", battery_check_sec,
					       S2H_BATTERY_CHECK_MIN_SEC,
					       S2H_BATTERY_CHECK_MAX_SEC,
					       S2H_A_BATTERY_CHECK_SEC),
	[S2H_SETTING_RETRIES] = S2H_UINT("retries", retries, 0, S2H_RETRIES_MAX, S2H_A_RETRIES),
	[S2H_SETTING_HIBERNATE_MODE] = S2H_WORD("hibernate_mode", hibernate_mode,
						s2h_mode_words, __S2H_MODE_MAX,
						S2H_A_HIBERNATE_MODE),
	[S2H_SETTING_REQUIRE_VERIFIED] = S2H_WORD_BOOL("require_verified", require_verified,
						       s2h_require_words, __S2H_REQUIRE_MAX,
						       S2H_A_REQUIRE_VERIFIED),
	[S2H_SETTING_HANDOFF] = S2H_UINT("handoff_sec", handoff_sec, 0, S2H_HANDOFF_MAX_SEC,
					 S2H_A_HANDOFF_SEC),
	[S2H_SETTING_DELAY_LOW] = S2H_UINT("delay_low_sec", delay_low_sec, S2H_DELAY_MIN_SEC,
					   S2H_DELAY_MAX_SEC, S2H_A_DELAY_LOW_SEC),
	[S2H_SETTING_BATTERY_HIGH] = S2H_UINT("battery_high", battery_high, 0,
					      S2H_BATTERY_THRESHOLD_MAX, S2H_A_BATTERY_HIGH),
	[S2H_SETTING_AC_DELAY] = S2H_UINT("ac_delay_sec", ac_delay_sec, 0, S2H_DELAY_MAX_SEC,
					  S2H_A_AC_DELAY_SEC),
	[S2H_SETTING_DRAIN_BUDGET] = S2H_UINT("drain_budget", drain_budget, 0,
					      S2H_BATTERY_THRESHOLD_MAX, S2H_A_DRAIN_BUDGET),
	[S2H_SETTING_BATTERY_CRITICAL] = S2H_UINT("battery_critical", battery_critical, 0,
						  S2H_BATTERY_THRESHOLD_MAX,
						  S2H_A_BATTERY_CRITICAL),
	[S2H_SETTING_THERMAL_LIMIT] = S2H_UINT("thermal_limit", thermal_limit, 0,
					       S2H_THERMAL_LIMIT_MAX, S2H_A_THERMAL_LIMIT),
	[S2H_SETTING_HIBERNATE_NO_HW_SLEEP] = S2H_BOOL("hibernate_no_hw_sleep",
						       hibernate_no_hw_sleep,
						       S2H_A_HIBERNATE_NO_HW_SLEEP),
	[S2H_SETTING_SETTLE] = S2H_UINT("settle_sec", settle_sec, 0, S2H_SETTLE_MAX_SEC,
					S2H_A_SETTLE_SEC),
};
EXPORT_SYMBOL_IF_KUNIT(s2h_settings);

static int s2h_parse_uint(const char *buf, u32 min, u32 max, u32 *val)
{
	unsigned int n;
	int err;

	err = kstrtouint(buf, 10, &n);
	if (err)
		return err;
	if (n < min || n > max)
		return -ERANGE;
	*val = n;
	return 0;
}

static int s2h_parse_word(const char *buf, const char * const *words, u32 n, u32 *val)
{
	size_t len = strlen(buf);
	u32 i;

	if (len && buf[len - 1] == '\n')
		len--;
	for (i = 0; i < n; i++) {
		if (strlen(words[i]) == len && !strncasecmp(buf, words[i], len)) {
			*val = i;
			return 0;
		}
	}
	return -EINVAL;
}

/**
 * s2h_setting_parse() - parse a value of one setting, as sysfs hands it over
 * @s: the setting
 * @buf: the text, one trailing newline allowed; words in any case, and
 *	for a word setting that was a boolean the boolean's words too
 * @val: where the value goes; untouched on error
 *
 * Return: 0; -EINVAL for text that is no value of this setting's kind;
 * -ERANGE for a number outside its bounds.
 */
int s2h_setting_parse(const struct s2h_setting *s, const char *buf, u32 *val)
{
	bool b;
	int err;

	switch (s->type) {
	case S2H_SETTING_BOOL:
		err = s2h_parse_bool(buf, &b);
		if (!err)
			*val = b;
		return err;
	case S2H_SETTING_UINT:
		return s2h_parse_uint(buf, s->min, s->max, val);
	case S2H_SETTING_WORD:
		err = s2h_parse_word(buf, s->words, s->max + 1, val);
		if (err && s->bool_words && !s2h_parse_bool(buf, &b)) {
			*val = b;
			err = 0;
		}
		return err;
	}
	return -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_setting_parse);

/**
 * s2h_setting_text() - the text of a setting's value, as sysfs shows it
 * @s: the setting
 * @val: its value
 * @text: room for a number, used unless the setting is a word
 *
 * The callers write it where they must: sysfs with sysfs_emit(), a module
 * parameter's get with scnprintf() into its page.
 *
 * Return: the text, without a newline: @text, or a word of the setting.
 */
const char *s2h_setting_text(const struct s2h_setting *s, u32 val,
			     char text[S2H_SETTING_TEXT_LEN])
{
	if (s->type == S2H_SETTING_WORD)
		return val <= s->max ? s->words[val] : "unknown";
	snprintf(text, S2H_SETTING_TEXT_LEN, "%u", val);
	return text;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_setting_text);

static const char * const s2h_state_names[__S2H_STATE_MAX] = {
	[S2H_STATE_IDLE] = "idle",
	[S2H_STATE_ARMED] = "armed",
	[S2H_STATE_HIBERNATING] = "hibernating",
	[S2H_STATE_RESUMING] = "resuming",
	[S2H_STATE_HANDOFF] = "handoff",
	[S2H_STATE_SETTLING] = "settling",
};

static const char * const s2h_wake_names[__S2H_WAKE_MAX] = {
	[S2H_WAKE_NONE] = "none",
	[S2H_WAKE_ALARM] = "alarm",
	[S2H_WAKE_EARLY] = "early",
	[S2H_WAKE_ABORTED] = "aborted",
	[S2H_WAKE_OTHER] = "other",
};

static const char * const s2h_check_names[__S2H_CHECK_MAX] = {
	[S2H_CHECK_SUPPORTED] = "supported",
	[S2H_CHECK_LOCKDOWN] = "lockdown",
	[S2H_CHECK_RESUME] = "resume",
	[S2H_CHECK_SWAP] = "swap",
	[S2H_CHECK_RTC] = "rtc",
	[S2H_CHECK_RTC_S2IDLE] = "rtc_s2idle",
	[S2H_CHECK_VERIFIED] = "verified",
};

static const char * const s2h_advice_names[__S2H_ADVICE_MAX] = {
	[S2H_ADVICE_NVIDIA_HANDOFF] = "nvidia_handoff",
	[S2H_ADVICE_AMDGPU_HYBRID] = "amdgpu_hybrid",
};

static const char * const s2h_verify_names[__S2H_VERIFY_MAX] = {
	[S2H_VERIFY_NEVER] = "never",
	[S2H_VERIFY_RUNNING] = "running",
	[S2H_VERIFY_PASSED] = "passed",
	[S2H_VERIFY_FAILED] = "failed",
};

static const char * const s2h_wake_test_names[__S2H_WAKE_TEST_MAX] = {
	[S2H_WAKE_TEST_NEVER] = "never",
	[S2H_WAKE_TEST_RUNNING] = "running",
	[S2H_WAKE_TEST_PASSED] = "passed",
	[S2H_WAKE_TEST_FAILED] = "failed",
};

static const char * const s2h_wake_test_reason_names[__S2H_WAKE_TEST_REASON_MAX] = {
	[S2H_WAKE_TEST_REASON_NONE] = "none",
	[S2H_WAKE_TEST_REASON_ABORTED] = "aborted",
	[S2H_WAKE_TEST_REASON_RTC_HPET] = "rtc_hpet",
	[S2H_WAKE_TEST_REASON_RTC_IGNORED] = "rtc_ignored",
	[S2H_WAKE_TEST_REASON_INPUT] = "input",
	[S2H_WAKE_TEST_REASON_OTHER_SOURCE] = "other_source",
	[S2H_WAKE_TEST_REASON_EARLY] = "early",
	[S2H_WAKE_TEST_REASON_NO_HW_SLEEP] = "no_hw_sleep",
};

/* The words of /sys/power/mem_sleep. */
static const char * const s2h_mem_sleep_names[__S2H_MEM_SLEEP_MAX] = {
	[S2H_MEM_SLEEP_S2IDLE] = "s2idle",
	[S2H_MEM_SLEEP_SHALLOW] = "shallow",
	[S2H_MEM_SLEEP_DEEP] = "deep",
};

static const char * const s2h_decision_names[__S2H_DECISION_MAX] = {
	[S2H_DECISION_NONE] = "none",
	[S2H_DECISION_HIBERNATE] = "hibernate",
	[S2H_DECISION_SLEEP_AGAIN] = "sleep_again",
	[S2H_DECISION_POWER_OFF] = "power_off",
};

static const char *s2h_name(const char * const *names, unsigned int n, unsigned int i)
{
	return i < n ? names[i] : "unknown";
}

const char *s2h_state_name(enum s2h_state state)
{
	return s2h_name(s2h_state_names, __S2H_STATE_MAX, state);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_state_name);

const char *s2h_wake_name(enum s2h_wake wake)
{
	return s2h_name(s2h_wake_names, __S2H_WAKE_MAX, wake);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_wake_name);

const char *s2h_check_name(enum s2h_check check)
{
	return s2h_name(s2h_check_names, __S2H_CHECK_MAX, check);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_check_name);

const char *s2h_advice_name(enum s2h_advice advice)
{
	return s2h_name(s2h_advice_names, __S2H_ADVICE_MAX, advice);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_advice_name);

const char *s2h_verify_name(enum s2h_verify verify)
{
	return s2h_name(s2h_verify_names, __S2H_VERIFY_MAX, verify);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_verify_name);

const char *s2h_decision_name(enum s2h_decision_kind decision)
{
	return s2h_name(s2h_decision_names, __S2H_DECISION_MAX, decision);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_decision_name);

const char *s2h_wake_test_name(enum s2h_wake_test result)
{
	return s2h_name(s2h_wake_test_names, __S2H_WAKE_TEST_MAX, result);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_wake_test_name);

const char *s2h_wake_test_reason_name(enum s2h_wake_test_reason reason)
{
	return s2h_name(s2h_wake_test_reason_names, __S2H_WAKE_TEST_REASON_MAX, reason);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_wake_test_reason_name);

const char *s2h_mem_sleep_name(enum s2h_mem_sleep mode)
{
	return s2h_name(s2h_mem_sleep_names, __S2H_MEM_SLEEP_MAX, mode);
}
EXPORT_SYMBOL_IF_KUNIT(s2h_mem_sleep_name);
