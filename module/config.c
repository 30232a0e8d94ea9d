// SPDX-License-Identifier: GPL-2.0
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "config.h"

static const char * const s2h_true_words[] = { "1", "y", "yes", "on" };
static const char * const s2h_false_words[] = { "0", "n", "no", "off" };

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
 * @buf: 1/0, y/n, yes/no or on/off in any case, one trailing newline allowed
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

/**
 * s2h_parse_delay() - parse a hibernation delay in decimal seconds
 * @buf: the number, one trailing newline allowed
 * @delay_sec: where the value goes; untouched on error
 *
 * Return: 0; -EINVAL for anything that is not a decimal number; -ERANGE for
 * a number outside S2H_DELAY_MIN_SEC..S2H_DELAY_MAX_SEC.
 */
int s2h_parse_delay(const char *buf, u32 *delay_sec)
{
	unsigned int val;
	int err;

	err = kstrtouint(buf, 10, &val);
	if (err)
		return err;
	if (val < S2H_DELAY_MIN_SEC || val > S2H_DELAY_MAX_SEC)
		return -ERANGE;
	*delay_sec = val;
	return 0;
}

static const char * const s2h_state_names[__S2H_STATE_MAX] = {
	[S2H_STATE_IDLE] = "idle",
	[S2H_STATE_ARMED] = "armed",
	[S2H_STATE_HIBERNATING] = "hibernating",
	[S2H_STATE_RESUMING] = "resuming",
};

static const char * const s2h_wake_names[__S2H_WAKE_MAX] = {
	[S2H_WAKE_NONE] = "none",
	[S2H_WAKE_ALARM] = "alarm",
	[S2H_WAKE_EARLY] = "early",
	[S2H_WAKE_ABORTED] = "aborted",
};

const char *s2h_state_name(enum s2h_state state)
{
	return state < __S2H_STATE_MAX ? s2h_state_names[state] : "unknown";
}

const char *s2h_wake_name(enum s2h_wake wake)
{
	return wake < __S2H_WAKE_MAX ? s2h_wake_names[wake] : "unknown";
}
