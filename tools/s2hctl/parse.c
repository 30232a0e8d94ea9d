// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <linux/s2h.h>

#include "parse.h"
#include "array.h"

struct unit {
	char suffix;
	uint32_t sec;
};

/* Largest first: a duration gives each unit at most once, in this order. */
static const struct unit units[] = {
	{ 'd', 24 * 60 * 60 },
	{ 'h', 60 * 60 },
	{ 'm', 60 },
	{ 's', 1 },
};

/* Leading decimal digits of *p into *val, moving *p past them. */
static int take_number(const char **p, uint64_t *val)
{
	const char *s = *p;
	uint64_t n = 0;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	for (; *s >= '0' && *s <= '9'; s++) {
		n = n * 10 + (uint64_t)(*s - '0');
		if (n > UINT32_MAX)
			return -ERANGE;
	}
	*p = s;
	*val = n;
	return 0;
}

/* The index of unit @c at or after @from, or ARRAY_SIZE(units). */
static size_t find_unit(char c, size_t from)
{
	size_t i;

	for (i = from; i < ARRAY_SIZE(units); i++)
		if (units[i].suffix == tolower((unsigned char)c))
			return i;
	return ARRAY_SIZE(units);
}

/**
 * parse_duration() - "90", "90s", "45m", "3h", "1d", "1h30m" to seconds
 *
 * A plain number is seconds. Units go largest first, each at most once, in
 * any case ("3H"); no signs, no spaces, nothing after the last unit.
 *
 * Return: 0; -EINVAL for anything else; -ERANGE above UINT32_MAX seconds.
 * @sec is untouched on error.
 */
int parse_duration(const char *word, uint32_t *sec)
{
	const char *p = word;
	uint64_t total = 0, n;
	size_t next = 0, u;
	int err;

	do {
		err = take_number(&p, &n);
		if (err)
			return err;
		if (!*p && next == 0) {
			total = n;		/* a plain number */
			break;
		}
		u = find_unit(*p, next);
		if (u == ARRAY_SIZE(units))
			return -EINVAL;
		total += n * units[u].sec;
		if (total > UINT32_MAX)
			return -ERANGE;
		next = u + 1;
		p++;
	} while (*p);

	*sec = (uint32_t)total;
	return 0;
}

/**
 * format_duration() - seconds as the shortest "1h30m" style word
 *
 * Zero units are left out: 10800 is "3h", 5400 "1h30m", 0 "0s".
 * Return: @buf.
 */
const char *format_duration(uint32_t sec, char buf[DURATION_LEN])
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(units); i++) {
		uint32_t n = sec / units[i].sec;

		if (!n)
			continue;
		sec -= n * units[i].sec;
		len += (size_t)snprintf(buf + len, DURATION_LEN - len, "%u%c",
					n, units[i].suffix);
	}
	if (!len)
		snprintf(buf, DURATION_LEN, "0s");
	return buf;
}

/* The module's words (module/config.c): sysfs and s2hctl take the same. */
static const char * const true_words[] = { "1", "y", "yes", "on", "true", NULL };
static const char * const false_words[] = { "0", "n", "no", "off", "false", NULL };

static bool word_in(const char *word, const char * const *words)
{
	for (; *words; words++)
		if (!strcasecmp(word, *words))
			return true;
	return false;
}

/* yes/no, y/n, on/off, true/false, 1/0 in any case. Return: 0 or -EINVAL. */
int parse_bool(const char *word, bool *val)
{
	if (word_in(word, true_words)) {
		*val = true;
		return 0;
	}
	if (word_in(word, false_words)) {
		*val = false;
		return 0;
	}
	return -EINVAL;
}

/* Indexed by the enum, so that a word's index is its value; NULL-terminated. */
static const char * const policy_words[__S2H_POLICY_MAX + 1] = {
	[S2H_POLICY_DELAY] = "delay",
	[S2H_POLICY_BATTERY] = "battery",
};

/* A mask of the tests; yes and no keep the meaning they had as a BOOL. */
static const char * const require_words[__S2H_REQUIRE_MAX + 1] = {
	[S2H_REQUIRE_NO] = "no",
	[S2H_REQUIRE_HIBERNATION] = "hibernation",
	[S2H_REQUIRE_WAKE] = "wake",
	[S2H_REQUIRE_BOTH] = "both",
};

static const char * const mode_words[__S2H_MODE_MAX + 1] = {
	[S2H_MODE_SHUTDOWN] = "shutdown",
	[S2H_MODE_SUSPEND] = "suspend",
};

/* A percent of the battery: "5" or "5%". */
#define PERCENT		.unit = " %", .suffix = "%", .what = "a whole percent, as 5 or 5%"

/* The ranges are the UAPI's: a value outside them is refused before anything is sent. */
const struct setting_desc setting_descs[N_SETTINGS] = {
	[SETTING_ENABLED] = {
		"enabled", "enabled", SETTING_BOOL, S2H_A_ENABLED,
		.help = "arm the alarm on suspend",
	},
	[SETTING_DELAY] = {
		"delay", "delay_sec", SETTING_DURATION, S2H_A_DELAY_SEC,
		.min = S2H_DELAY_MIN_SEC, .max = S2H_DELAY_MAX_SEC,
		.help = "suspend this long before hibernating",
	},
	[SETTING_HIBERNATE_ON_AC] = {
		"hibernate_on_ac", "hibernate_on_ac", SETTING_BOOL, S2H_A_HIBERNATE_ON_AC,
		.help = "no: on mains power at the alarm, sleep on instead",
	},
	[SETTING_BATTERY_THRESHOLD] = {
		"battery_threshold", "battery_threshold", SETTING_NUMBER,
		S2H_A_BATTERY_THRESHOLD, PERCENT, .max = S2H_BATTERY_THRESHOLD_MAX,
		.help = "hibernate at any wake at or below this percent; 0: off",
	},
	[SETTING_POLICY] = {
		"policy", "policy", SETTING_WORD, S2H_A_POLICY, policy_words,
		.help = "battery: wake every battery_check, hibernate before the threshold",
	},
	[SETTING_BATTERY_CHECK] = {
		"battery_check", "battery_check_sec", SETTING_DURATION, S2H_A_BATTERY_CHECK_SEC,
		.min = S2H_BATTERY_CHECK_MIN_SEC, .max = S2H_BATTERY_CHECK_MAX_SEC,
		.help = "between two checks of the battery policy",
	},
	[SETTING_RETRIES] = {
		"retries", "retries", SETTING_NUMBER, S2H_A_RETRIES, .unit = "",
		.max = S2H_RETRIES_MAX,
		.help = "hibernation attempts after a failure, with a growing delay",
	},
	[SETTING_HIBERNATE_MODE] = {
		"hibernate_mode", "hibernate_mode", SETTING_WORD, S2H_A_HIBERNATE_MODE,
		mode_words,
		.help = "suspend: stay suspended after writing the image (hybrid)",
	},
	[SETTING_REQUIRE_VERIFIED] = {
		"require_verified", "require_verified", SETTING_WORD, S2H_A_REQUIRE_VERIFIED,
		require_words, .bool_words = true,
		.help = "arm once passed: hibernation (check --verify; yes), wake (--verify-wake), both",
	},
	[SETTING_HANDOFF] = {
		"handoff", "handoff_sec", SETTING_DURATION, S2H_A_HANDOFF_SEC,
		.max = S2H_HANDOFF_MAX_SEC,
		.help = "hibernate through systemd (s2hctl agent) within this; 0: in the kernel",
	},
	[SETTING_DELAY_LOW] = {
		"delay_low", "delay_low_sec", SETTING_DURATION, S2H_A_DELAY_LOW_SEC,
		.min = S2H_DELAY_MIN_SEC, .max = S2H_DELAY_MAX_SEC,
		.help = "the delay when suspended below battery_high",
	},
	[SETTING_BATTERY_HIGH] = {
		"battery_high", "battery_high", SETTING_NUMBER,
		S2H_A_BATTERY_HIGH, PERCENT, .max = S2H_BATTERY_THRESHOLD_MAX,
		.help = "at or above: delay, below: delay_low; 0: delay at any level",
	},
	[SETTING_AC_DELAY] = {
		"ac_delay", "ac_delay_sec", SETTING_DURATION, S2H_A_AC_DELAY_SEC,
		.max = S2H_DELAY_MAX_SEC,
		.help = "the delay on mains power; 0: as on battery",
	},
	[SETTING_DRAIN_BUDGET] = {
		"drain_budget", "drain_budget", SETTING_NUMBER, S2H_A_DRAIN_BUDGET,
		PERCENT, .max = S2H_BATTERY_THRESHOLD_MAX,
		.help = "hibernate once a suspend used more than this; 0: off",
	},
	[SETTING_BATTERY_CRITICAL] = {
		"battery_critical", "battery_critical", SETTING_NUMBER, S2H_A_BATTERY_CRITICAL,
		PERCENT, .max = S2H_BATTERY_THRESHOLD_MAX,
		.help = "when hibernation is out: power off cleanly at this percent; 0: never",
	},
	[SETTING_THERMAL_LIMIT] = {
		"thermal_limit", "thermal_limit", SETTING_NUMBER, S2H_A_THERMAL_LIMIT,
		/* people think in degrees; the kernel's thermal zones count millidegrees */
		.unit = " °C", .suffix = "C", .scale = 1000,
		.what = "whole degrees Celsius, as 90 or 90C", .max = S2H_THERMAL_LIMIT_MAX,
		.scale_hint = "degrees Celsius, not the millidegrees of sysfs",
		.help = "hibernate at once at an alarm wake this hot (90 or 90C); 0: off",
	},
	[SETTING_HIBERNATE_NO_HW_SLEEP] = {
		"hibernate_no_hw_sleep", "hibernate_no_hw_sleep", SETTING_BOOL,
		S2H_A_HIBERNATE_NO_HW_SLEEP,
		.help = "hibernate at once at an alarm wake from s2idle without hardware sleep",
	},
	[SETTING_SETTLE] = {
		"settle", "settle_sec", SETTING_DURATION, S2H_A_SETTLE_SEC,
		.max = S2H_SETTLE_MAX_SEC,
		.help = "run this long after the alarm before hibernating; input cancels; 0: off",
	},
};

static uint32_t scale_of(const struct setting_desc *d)
{
	return d->scale ? d->scale : 1;
}

/*
 * A decimal number of @d's unit, then @d's suffix or nothing, into the
 * kernel's units: 0 or -EINVAL/-ERANGE.
 */
static int parse_number(const struct setting_desc *d, const char *word, uint32_t *val)
{
	const char *p = word;
	uint64_t n;
	int err;

	err = take_number(&p, &n);
	if (err)
		return err;
	if (*p && !(d->suffix && !strcasecmp(p, d->suffix)))
		return -EINVAL;
	n *= scale_of(d);
	if (n > UINT32_MAX)
		return -ERANGE;
	*val = (uint32_t)n;
	return 0;
}

/* @val of the kernel's units in @d's: "90" for 90000 millidegrees, "90.5" for 90500. */
static const char *format_number(const struct setting_desc *d, uint32_t val,
				 char buf[DURATION_LEN])
{
	uint32_t scale = scale_of(d), frac = val % scale;
	int digits = 0;

	if (!frac) {
		snprintf(buf, DURATION_LEN, "%u", val / scale);
		return buf;
	}
	for (; scale > 1; scale /= 10)
		digits++;
	for (; !(frac % 10); frac /= 10)
		digits--;
	snprintf(buf, DURATION_LEN, "%u.%0*u", val / scale_of(d), digits, frac);
	return buf;
}

static int parse_word(const char *word, const char * const *words, uint32_t *val)
{
	uint32_t i;

	for (i = 0; words[i]; i++) {
		if (!strcasecmp(word, words[i])) {
			*val = i;
			return 0;
		}
	}
	return -EINVAL;
}

static void list_words(const char * const *words, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (; *words && len < size; words++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "|" : "", *words);
}

/* The range of a DURATION or a NUMBER, in the user's units, as help and errors both say it. */
#define RANGE_LEN	(2 * DURATION_LEN + 8)
static const char *duration_range(uint32_t min, uint32_t max, char buf[RANGE_LEN])
{
	char lo[DURATION_LEN], hi[DURATION_LEN];

	snprintf(buf, RANGE_LEN, "(%s .. %s)", format_duration(min, lo), format_duration(max, hi));
	return buf;
}

static const char *range_text(const struct setting_desc *d, char buf[RANGE_LEN])
{
	char lo[DURATION_LEN], hi[DURATION_LEN];

	if (d->kind == SETTING_DURATION)
		return duration_range(d->min, d->max, buf);
	snprintf(buf, RANGE_LEN, "(%s .. %s)", format_number(d, d->min, lo),
		 format_number(d, d->max, hi));
	return buf;
}

/**
 * parse_duration_in() - a DURATION from @min to @max seconds, as set takes one
 * @what: what the word is for, first in @why
 *
 * Return: 0; -EINVAL or -ERANGE, @why saying so and naming the word.
 */
int parse_duration_in(const char *what, const char *value, uint32_t min, uint32_t max,
		      uint32_t *sec, char why[WHY_LEN])
{
	char range[RANGE_LEN];
	int err = parse_duration(value, sec);

	if (err == -ERANGE || (!err && (*sec < min || *sec > max))) {
		snprintf(why, WHY_LEN, "%s: '%s' is out of range %s", what, value,
			 duration_range(min, max, range));
		return -ERANGE;
	}
	if (err)
		snprintf(why, WHY_LEN, "%s: '%s' is not a duration (like " DURATION_WORDS ")",
			 what, value);
	return err;
}

/* Why @value is refused for being out of @d's range, with the range as set takes it. */
static int range_why(const struct setting_desc *d, const char *key, const char *value,
		     char why[WHY_LEN])
{
	char range[RANGE_LEN];

	snprintf(why, WHY_LEN, "%s: '%s' is out of range %s%s%s", key, value,
		 range_text(d, range), d->scale_hint ? ": " : "",
		 d->scale_hint ? d->scale_hint : "");
	return -ERANGE;
}

/* A number parsed (or too big to parse) that @d does not take. */
static bool out_of_range(const struct setting_desc *d, int err, uint32_t val)
{
	return err == -ERANGE || (!err && (val < d->min || val > d->max));
}

/* Parse @value as @d's kind, in its range; @why names the word when it is not one. */
static int parse_value(const struct setting_desc *d, const char *key, const char *value,
		       uint32_t *val, char why[WHY_LEN])
{
	char words[64];
	bool b;
	int err;

	switch (d->kind) {
	case SETTING_BOOL:
		err = parse_bool(value, &b);
		if (!err)
			*val = b;
		else
			snprintf(why, WHY_LEN, "%s: '%s' is not one of " BOOL_WORDS,
				 key, value);
		return err;
	case SETTING_DURATION:
		return parse_duration_in(key, value, d->min, d->max, val, why);
	case SETTING_NUMBER:
		err = parse_number(d, value, val);
		if (out_of_range(d, err, *val))
			return range_why(d, key, value, why);
		if (err)
			snprintf(why, WHY_LEN, "%s: '%s' is not %s", key, value,
				 d->what ? d->what : "a whole number");
		return err;
	case SETTING_WORD:
		err = parse_word(value, d->words, val);
		if (err && d->bool_words && !parse_bool(value, &b)) {
			*val = b;
			err = 0;
		}
		if (err) {
			list_words(d->words, words, sizeof(words));
			snprintf(why, WHY_LEN, "%s: '%s' is not one of %s%s", key, value, words,
				 d->bool_words ? " (or " BOOL_WORDS ")" : "");
		}
		return err;
	}
	return -EINVAL;
}

/**
 * find_setting() - the setting a key names: its name or its sysfs file's, any case
 *
 * Return: the setting, or NULL.
 */
const struct setting_desc *find_setting(const char *key)
{
	size_t i;

	for (i = 0; i < N_SETTINGS; i++)
		if (!strcasecmp(key, setting_descs[i].key) ||
		    !strcasecmp(key, setting_descs[i].file))
			return &setting_descs[i];
	return NULL;
}

/**
 * parse_setting() - one KEY VALUE pair of "s2hctl set" into @set
 *
 * KEY is the setting's name, or the name of its sysfs file. The value is
 * checked for its form and its range, as the kernel checks it, so that a bad
 * one is refused before anything is sent. "s2hctl set" and "s2hctl apply"
 * both read their settings through here.
 *
 * Return: 0, or a negative errno with @why naming the setting and the word.
 */
int parse_setting(struct settings *set, const char *key, const char *value,
		  char why[WHY_LEN])
{
	const struct setting_desc *d = find_setting(key);
	unsigned int i;
	uint32_t val;
	int err;

	if (!d) {
		snprintf(why, WHY_LEN, "unknown setting '%s'", key);
		return -EINVAL;
	}
	i = (unsigned int)(d - setting_descs);
	if (set->has & SETTING_BIT(i)) {
		snprintf(why, WHY_LEN, "'%s' given twice", key);
		return -EINVAL;
	}
	err = parse_value(d, key, value, &val, why);
	if (err)
		return err;
	set->has |= SETTING_BIT(i);
	set->val[i] = val;
	return 0;
}

/**
 * format_setting_word() - a setting's value as one word, as set and s2h.conf take it
 * @d: the setting
 * @val: its value
 * @buf: DURATION_LEN bytes at least: no word is longer than a duration's
 *
 * "3h", "yes", "battery", "5", "90" (degrees). Return: @buf.
 */
const char *format_setting_word(const struct setting_desc *d, uint32_t val, char buf[DURATION_LEN])
{
	char dur[DURATION_LEN];
	uint32_t n = 0;

	switch (d->kind) {
	case SETTING_BOOL:
		snprintf(buf, DURATION_LEN, "%s", val ? "yes" : "no");
		break;
	case SETTING_DURATION:
		snprintf(buf, DURATION_LEN, "%s", format_duration(val, dur));
		break;
	case SETTING_NUMBER:
		format_number(d, val, buf);
		break;
	case SETTING_WORD:
		while (d->words[n] && n < val)
			n++;
		snprintf(buf, DURATION_LEN, "%s", d->words[n] ? d->words[n] : "unknown");
		break;
	}
	return buf;
}

/**
 * format_setting() - a setting's value for people: the word, and its unit
 *
 * "3h (10800 s)", "5 %", "yes". Return: @buf.
 */
const char *format_setting(const struct setting_desc *d, uint32_t val, char buf[VALUE_LEN])
{
	char word[DURATION_LEN];

	/* No word is longer than a duration's: "yes", "battery", a number. */
	format_setting_word(d, val, word);
	if (d->kind == SETTING_DURATION)
		snprintf(buf, VALUE_LEN, "%s (%u s)", word, val);
	else if (d->kind == SETTING_NUMBER)
		snprintf(buf, VALUE_LEN, "%s%s", word, d->unit);
	else
		snprintf(buf, VALUE_LEN, "%s", word);
	return buf;
}

/**
 * format_setting_arg() - what "set" takes for @d, with its range
 *
 * Return: @buf.
 */
const char *format_setting_arg(const struct setting_desc *d, char buf[ARG_LEN])
{
	char range[RANGE_LEN];

	switch (d->kind) {
	case SETTING_BOOL:
		snprintf(buf, ARG_LEN, "BOOL");
		break;
	case SETTING_DURATION:
		snprintf(buf, ARG_LEN, "DURATION %s", range_text(d, range));
		break;
	case SETTING_NUMBER:
		snprintf(buf, ARG_LEN, "N%s %s", d->unit ? d->unit : "", range_text(d, range));
		break;
	case SETTING_WORD:
		list_words(d->words, buf, ARG_LEN);
		break;
	}
	return buf;
}

/**
 * release_before() - is kernel release @release older than @major.@minor?
 *
 * "6.1.0-57-amd64" is before 6.4; "7.2.1+deb14-amd64" is not. A release
 * that does not start with two numbers counts as new.
 */
bool release_before(const char *release, unsigned int major, unsigned int minor)
{
	unsigned int a, b;

	if (sscanf(release, "%u.%u", &a, &b) != 2)
		return false;
	return a < major || (a == major && b < minor);
}
