// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

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
		if (units[i].suffix == c)
			return i;
	return ARRAY_SIZE(units);
}

/**
 * parse_duration() - "90", "90s", "45m", "3h", "1d", "1h30m" to seconds
 *
 * A plain number is seconds. Units go largest first, each at most once;
 * no signs, no spaces, nothing after the last unit.
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

static const char * const true_words[] = { "1", "yes", "on", "true", NULL };
static const char * const false_words[] = { "0", "no", "off", "false", NULL };

static bool word_in(const char *word, const char * const *words)
{
	for (; *words; words++)
		if (!strcasecmp(word, *words))
			return true;
	return false;
}

/* yes/no, on/off, true/false, 1/0 in any case. Return: 0 or -EINVAL. */
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

static int set_enabled(struct settings *set, const char *key, const char *value,
		       char why[WHY_LEN])
{
	if (set->has_enabled) {
		snprintf(why, WHY_LEN, "'%s' given twice", key);
		return -EINVAL;
	}
	if (parse_bool(value, &set->enabled)) {
		snprintf(why, WHY_LEN, "%s: '%s' is not one of yes/no/on/off/1/0", key, value);
		return -EINVAL;
	}
	set->has_enabled = true;
	return 0;
}

static int set_delay(struct settings *set, const char *key, const char *value,
		     char why[WHY_LEN])
{
	int err;

	if (set->has_delay) {
		snprintf(why, WHY_LEN, "'%s' given twice", key);
		return -EINVAL;
	}
	err = parse_duration(value, &set->delay_sec);
	if (err == -ERANGE) {
		snprintf(why, WHY_LEN, "%s: '%s' is too long (at most %u s)", key, value,
			 UINT32_MAX);
		return err;
	}
	if (err) {
		snprintf(why, WHY_LEN, "%s: '%s' is not a duration (like 90, 90s, 45m, 3h, 1d, 1h30m)",
			 key, value);
		return err;
	}
	set->has_delay = true;
	return 0;
}

struct setting_key {
	const char *name;
	int (*parse)(struct settings *set, const char *key, const char *value,
		     char why[WHY_LEN]);
};

/* delay_sec is the sysfs name: it takes durations too. */
static const struct setting_key setting_keys[] = {
	{ "enabled", set_enabled },
	{ "delay", set_delay },
	{ "delay_sec", set_delay },
};

/**
 * parse_setting() - one KEY VALUE pair of "s2hctl set" into @set
 *
 * Return: 0, or a negative errno with @why saying which word is wrong.
 */
int parse_setting(struct settings *set, const char *key, const char *value,
		  char why[WHY_LEN])
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(setting_keys); i++)
		if (!strcmp(key, setting_keys[i].name))
			return setting_keys[i].parse(set, key, value, why);
	snprintf(why, WHY_LEN, "unknown setting '%s' (settings: enabled, delay)", key);
	return -EINVAL;
}
