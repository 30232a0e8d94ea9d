// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of parse.c, table-driven, as TAP ending in "N passed, N failed".
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <linux/s2h.h>

#include "parse.h"
#include "array.h"

static int n_run, n_failed;

static void result(int ok, const char *fmt, const char *a, const char *b)
{
	n_run++;
	n_failed += !ok;
	printf("%sok %d - ", ok ? "" : "not ", n_run);
	printf(fmt, a, b);
	printf("\n");
}

struct duration_case {
	const char *word;
	int err;
	unsigned int sec;
};

static const struct duration_case durations[] = {
	{ "90", 0, 90 },
	{ "90s", 0, 90 },
	{ "45m", 0, 2700 },
	{ "3h", 0, 10800 },
	{ "1d", 0, 86400 },
	{ "1h30m", 0, 5400 },
	{ "1d2h3m4s", 0, 93784 },
	{ "0", 0, 0 },
	{ "007", 0, 7 },
	{ "4294967295", 0, 4294967295u },
	{ "4294967295s", 0, 4294967295u },
	{ "49710d6h28m15s", 0, 4294967295u },
	/* overflow */
	{ "4294967296", -ERANGE, 0 },
	{ "99999999999999999999999", -ERANGE, 0 },
	{ "49711d", -ERANGE, 0 },
	{ "49710d6h28m16s", -ERANGE, 0 },
	{ "1193047h", -ERANGE, 0 },
	/* garbage, empty, negative, units without a number, mixed units */
	{ "", -EINVAL, 0 },
	{ "-5", -EINVAL, 0 },
	{ "+5", -EINVAL, 0 },
	{ " 5", -EINVAL, 0 },
	{ "5 ", -EINVAL, 0 },
	{ "h", -EINVAL, 0 },
	{ "s", -EINVAL, 0 },
	{ "1h m", -EINVAL, 0 },
	{ "1hm", -EINVAL, 0 },
	{ "5x", -EINVAL, 0 },
	{ "3H", -EINVAL, 0 },
	{ "1.5h", -EINVAL, 0 },
	{ "0x10", -EINVAL, 0 },
	{ "abc", -EINVAL, 0 },
	{ "1h30", -EINVAL, 0 },
	{ "30m1h", -EINVAL, 0 },
	{ "1h1h", -EINVAL, 0 },
	{ "1s1s", -EINVAL, 0 },
	{ "1h 30m", -EINVAL, 0 },
	{ "3hours", -EINVAL, 0 },
};

static void test_durations(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(durations); i++) {
		const struct duration_case *c = &durations[i];
		uint32_t sec = 12345;
		char want[64];
		int err = parse_duration(c->word, &sec);

		snprintf(want, sizeof(want), "%s", c->err == -ERANGE ? "ERANGE" :
			 c->err ? "EINVAL" : "");
		if (!c->err)
			snprintf(want, sizeof(want), "%u s", c->sec);
		result(err == c->err && sec == (c->err ? 12345 : c->sec),
		       "parse_duration(\"%s\") is %s", c->word, want);
	}
}

struct format_case {
	unsigned int sec;
	const char *word;
};

static const struct format_case formats[] = {
	{ 0, "0s" },
	{ 5, "5s" },
	{ 90, "1m30s" },
	{ 2700, "45m" },
	{ 5400, "1h30m" },
	{ 10800, "3h" },
	{ 86400, "1d" },
	{ 93784, "1d2h3m4s" },
	{ 2592000, "30d" },
	{ 4294967295u, "49710d6h28m15s" },
};

/* Every formatted word parses back to its seconds. */
static void test_formats(void)
{
	char buf[DURATION_LEN], num[16];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		const struct format_case *c = &formats[i];
		uint32_t back = 0;

		format_duration(c->sec, buf);
		snprintf(num, sizeof(num), "%u", c->sec);
		result(!strcmp(buf, c->word) && !parse_duration(buf, &back) && back == c->sec,
		       "format_duration(%s) is \"%s\" and parses back", num, c->word);
	}
}

struct bool_case {
	const char *word;
	int err;
	bool val;
};

static const struct bool_case bools[] = {
	{ "yes", 0, true }, { "on", 0, true }, { "1", 0, true }, { "true", 0, true },
	{ "YES", 0, true }, { "On", 0, true },
	{ "no", 0, false }, { "off", 0, false }, { "0", 0, false }, { "false", 0, false },
	{ "", -EINVAL, false }, { "maybe", -EINVAL, false }, { "yess", -EINVAL, false },
	{ "2", -EINVAL, false }, { "-1", -EINVAL, false }, { "yes ", -EINVAL, false },
	{ "nonsense", -EINVAL, false },
};

static void test_bools(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bools); i++) {
		const struct bool_case *c = &bools[i];
		bool val = !c->val;
		int err = parse_bool(c->word, &val);

		result(err == c->err && (err || val == c->val), "parse_bool(\"%s\") is %s",
		       c->word, c->err ? "EINVAL" : c->val ? "true" : "false");
	}
}

struct setting_case {
	const char *pairs[6];		/* KEY VALUE..., NULL-terminated */
	int err;
	const char *why;		/* a word the message must name */
};

static const struct setting_case settings[] = {
	{ { "enabled", "yes", NULL }, 0, NULL },
	{ { "delay", "3h", "enabled", "off", NULL }, 0, NULL },
	{ { "delay_sec", "7200", NULL }, 0, NULL },
	{ { "color", "blue", NULL }, -EINVAL, "'color'" },
	{ { "Enabled", "yes", NULL }, -EINVAL, "'Enabled'" },
	{ { "delays", "3h", NULL }, -EINVAL, "'delays'" },
	{ { "enabled", "maybe", NULL }, -EINVAL, "'maybe'" },
	{ { "delay", "3x", NULL }, -EINVAL, "'3x'" },
	{ { "delay", "", NULL }, -EINVAL, "''" },
	{ { "delay", "99999999999", NULL }, -ERANGE, "'99999999999'" },
	{ { "delay", "3h", "delay", "2h", NULL }, -EINVAL, "twice" },
	{ { "delay", "3h", "delay_sec", "2h", NULL }, -EINVAL, "twice" },
	{ { "enabled", "1", "enabled", "0", NULL }, -EINVAL, "twice" },
	/* every key: good values, edges of its range, bad words */
	{ { "enabled", "no", NULL }, 0, NULL },
	{ { "enabled", "", NULL }, -EINVAL, "enabled: ''" },
	{ { "delay", "5", NULL }, 0, NULL },
	{ { "delay", "5s", NULL }, 0, NULL },
	{ { "delay", "30d", NULL }, 0, NULL },
	{ { "delay", "2592000", NULL }, 0, NULL },
	{ { "delay", "90s", NULL }, 0, NULL },
	{ { "delay", "4", NULL }, -ERANGE, "delay: '4' is out of range (5s .. 30d)" },
	{ { "delay", "0", NULL }, -ERANGE, "out of range" },
	{ { "delay", "30d1s", NULL }, -ERANGE, "'30d1s'" },
	{ { "delay", "2592001", NULL }, -ERANGE, "'2592001'" },
	{ { "delay_sec", "4s", NULL }, -ERANGE, "delay_sec: '4s'" },
	{ { "hibernate_on_ac", "no", NULL }, 0, NULL },
	{ { "hibernate_on_ac", "on", NULL }, 0, NULL },
	{ { "hibernate_on_ac", "OFF", NULL }, 0, NULL },
	{ { "hibernate_on_ac", "sometimes", NULL }, -EINVAL, "hibernate_on_ac: 'sometimes'" },
	{ { "hibernate_on_ac", "2", NULL }, -EINVAL, "'2'" },
	{ { "battery_threshold", "0", NULL }, 0, NULL },
	{ { "battery_threshold", "5", NULL }, 0, NULL },
	{ { "battery_threshold", "100", NULL }, 0, NULL },
	{ { "battery_threshold", "101", NULL }, -ERANGE,
	  "battery_threshold: '101' is out of range (0 .. 100)" },
	{ { "battery_threshold", "5%", NULL }, -EINVAL, "'5%'" },
	{ { "battery_threshold", "-1", NULL }, -EINVAL, "'-1'" },
	{ { "battery_threshold", "", NULL }, -EINVAL, "''" },
	{ { "battery_threshold", "1h", NULL }, -EINVAL, "'1h'" },
	{ { "battery_threshold", "99999999999", NULL }, -ERANGE, "'99999999999'" },
	{ { "policy", "battery", NULL }, 0, NULL },
	{ { "policy", "delay", NULL }, 0, NULL },
	{ { "policy", "Battery", NULL }, -EINVAL, "delay|battery" },
	{ { "policy", "1", NULL }, -EINVAL, "policy: '1'" },
	{ { "policy", "", NULL }, -EINVAL, "policy: ''" },
	{ { "battery_check", "1h", NULL }, 0, NULL },
	{ { "battery_check", "60", NULL }, 0, NULL },
	{ { "battery_check", "1m", NULL }, 0, NULL },
	{ { "battery_check", "30d", NULL }, 0, NULL },
	{ { "battery_check_sec", "600", NULL }, 0, NULL },
	{ { "battery_check", "59s", NULL }, -ERANGE,
	  "battery_check: '59s' is out of range (1m .. 30d)" },
	{ { "battery_check", "31d", NULL }, -ERANGE, "'31d'" },
	{ { "battery_check", "1x", NULL }, -EINVAL, "battery_check: '1x'" },
	{ { "retries", "0", NULL }, 0, NULL },
	{ { "retries", "10", NULL }, 0, NULL },
	{ { "retries", "11", NULL }, -ERANGE, "retries: '11' is out of range (0 .. 10)" },
	{ { "retries", "3", "retries", "4", NULL }, -EINVAL, "twice" },
	{ { "retries", "two", NULL }, -EINVAL, "retries: 'two'" },
	{ { "retries", "1s", NULL }, -EINVAL, "'1s'" },
	{ { "hibernate_mode", "suspend", NULL }, 0, NULL },
	{ { "hibernate_mode", "shutdown", NULL }, 0, NULL },
	{ { "hibernate_mode", "platform", NULL }, -EINVAL, "shutdown|suspend" },
	{ { "hibernate_mode", "0", NULL }, -EINVAL, "hibernate_mode: '0'" },
	{ { "require_verified", "yes", NULL }, 0, NULL },
	{ { "require_verified", "0", NULL }, 0, NULL },
	{ { "require_verified", "2", NULL }, -EINVAL, "require_verified: '2'" },
	/* a bad value after good ones is still refused, naming its setting */
	{ { "policy", "battery", "retries", "99", NULL }, -ERANGE, "retries: '99'" },
};

static int apply_pairs(const struct setting_case *c, struct settings *set, char *why)
{
	int i, err = 0;

	for (i = 0; c->pairs[i] && !err; i += 2)
		err = parse_setting(set, c->pairs[i], c->pairs[i + 1], why);
	return err;
}

static void test_settings(void)
{
	struct settings set;
	char why[WHY_LEN], desc[96];
	size_t i;
	int err;

	for (i = 0; i < ARRAY_SIZE(settings); i++) {
		const struct setting_case *c = &settings[i];

		memset(&set, 0, sizeof(set));
		why[0] = '\0';
		err = apply_pairs(c, &set, why);
		snprintf(desc, sizeof(desc), "%s %s%s", c->pairs[0], c->pairs[1],
			 c->pairs[2] ? " ..." : "");
		result(err == c->err && (!c->why || strstr(why, c->why)),
		       "set %s: %s", desc, c->err ? why : "accepted");
	}
	memset(&set, 0, sizeof(set));
	err = parse_setting(&set, "delay", "1h30m", why) ||
	      parse_setting(&set, "enabled", "no", why);
	result(!err && set.has == (SETTING_BIT(SETTING_DELAY) | SETTING_BIT(SETTING_ENABLED)) &&
	       set.val[SETTING_DELAY] == 5400 && !set.val[SETTING_ENABLED],
	       "%s%s", "set delay 1h30m enabled no: both recorded", "");
	memset(&set, 0, sizeof(set));
	err = parse_setting(&set, "policy", "battery", why) ||
	      parse_setting(&set, "hibernate_mode", "suspend", why) ||
	      parse_setting(&set, "battery_check", "1h30m", why);
	result(!err && set.val[SETTING_POLICY] == S2H_POLICY_BATTERY &&
	       set.val[SETTING_HIBERNATE_MODE] == S2H_MODE_SUSPEND &&
	       set.val[SETTING_BATTERY_CHECK] == 5400,
	       "%s%s", "words are sent as their enum values, durations as seconds", "");
}

/* What show prints of each value must be what set takes back. */
static void test_format_round_trip(void)
{
	static const uint32_t values[N_SETTINGS] = {
		1, 5400, 0, 5, S2H_POLICY_BATTERY, 3600, 10, S2H_MODE_SUSPEND, 1,
	};
	struct settings set = {};
	char buf[VALUE_LEN], why[WHY_LEN], *cut;
	size_t i;

	for (i = 0; i < N_SETTINGS; i++) {
		const struct setting_desc *d = &setting_descs[i];

		format_setting(d, values[i], buf);
		/* "1h30m (5400 s)" and "5 %": set takes the first word */
		cut = strchr(buf, ' ');
		if (cut)
			*cut = '\0';
		result(!parse_setting(&set, d->key, buf, why) && set.val[i] == values[i],
		       "%s: shown as '%s', set back to the same value", d->key, buf);
	}
}

/* What help set says each key takes, ranges included: the table's, as the kernel's. */
static void test_setting_args(void)
{
	static const char * const args[N_SETTINGS] = {
		[SETTING_ENABLED] = "BOOL",
		[SETTING_DELAY] = "DURATION (5s..30d)",
		[SETTING_HIBERNATE_ON_AC] = "BOOL",
		[SETTING_BATTERY_THRESHOLD] = "N (0..100)",
		[SETTING_POLICY] = "delay|battery",
		[SETTING_BATTERY_CHECK] = "DURATION (1m..30d)",
		[SETTING_RETRIES] = "N (0..10)",
		[SETTING_HIBERNATE_MODE] = "shutdown|suspend",
		[SETTING_REQUIRE_VERIFIED] = "BOOL",
	};
	char buf[ARG_LEN];
	size_t i;

	for (i = 0; i < N_SETTINGS; i++)
		result(!strcmp(format_setting_arg(&setting_descs[i], buf), args[i]) &&
		       setting_descs[i].help && *setting_descs[i].help,
		       "help set: %s takes %s, and says what it does",
		       setting_descs[i].key, args[i]);
}

int main(void)
{
	printf("TAP version 13\n");
	test_durations();
	test_formats();
	test_bools();
	test_settings();
	test_format_round_trip();
	test_setting_args();
	printf("1..%d\n", n_run);
	printf("%d passed, %d failed\n", n_run - n_failed, n_failed);
	return n_failed ? 1 : 0;
}
