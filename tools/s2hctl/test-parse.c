// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of what s2hctl decides without the kernel: the words it reads
 * (parse.c), the s2h.conf it writes (conf.c), the dry-run record
 * (record.c), its hints (names.c, absent.c). Table-driven, as TAP ending in
 * "N passed, N failed".
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <linux/s2h.h>

#include "absent.h"
#include "conf.h"
#include "hooks.h"
#include "names.h"
#include "parse.h"
#include "record.h"
#include "swapfile.h"
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
	{ "3H", 0, 10800 },
	{ "1H30M", 0, 5400 },
	{ "1D2h3M4S", 0, 93784 },
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
	{ "YES", 0, true }, { "On", 0, true }, { "y", 0, true }, { "Y", 0, true },
	{ "TRUE", 0, true }, { "n", 0, false }, { "N", 0, false }, { "False", 0, false },
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
	{ { "Enabled", "YES", NULL }, 0, NULL },
	{ { "DELAY_SEC", "3H", NULL }, 0, NULL },
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
	{ { "battery_threshold", "5%", NULL }, 0, NULL },
	{ { "battery_threshold", "5 %", NULL }, -EINVAL,
	  "'5 %' is not a whole percent, as 5 or 5%" },
	{ { "battery_threshold", "5%%", NULL }, -EINVAL, "'5%%'" },
	{ { "battery_threshold", "101%", NULL }, -ERANGE, "'101%' is out of range" },
	{ { "battery_threshold", "-1", NULL }, -EINVAL, "'-1'" },
	{ { "battery_threshold", "", NULL }, -EINVAL, "''" },
	{ { "battery_threshold", "1h", NULL }, -EINVAL, "'1h'" },
	{ { "battery_threshold", "99999999999", NULL }, -ERANGE, "'99999999999'" },
	{ { "policy", "battery", NULL }, 0, NULL },
	{ { "policy", "delay", NULL }, 0, NULL },
	{ { "policy", "Battery", NULL }, 0, NULL },
	{ { "policy", "batteries", NULL }, -EINVAL, "delay|battery" },
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
	{ { "hibernate_mode", "SUSPEND", NULL }, 0, NULL },
	{ { "hibernate_mode", "0", NULL }, -EINVAL, "hibernate_mode: '0'" },
	{ { "require_verified", "yes", NULL }, 0, NULL },
	{ { "require_verified", "0", NULL }, 0, NULL },
	{ { "require_verified", "2", NULL }, -EINVAL, "require_verified: '2'" },
	{ { "require_verified", "perhaps", NULL }, -EINVAL,
	  "require_verified: 'perhaps' is not one of no|hibernation|wake|both (or yes|no" },
	{ { "handoff", "0", NULL }, 0, NULL },
	{ { "handoff", "10m", NULL }, 0, NULL },
	{ { "handoff_sec", "45", NULL }, 0, NULL },
	{ { "handoff", "601", NULL }, -ERANGE, "handoff: '601' is out of range (0s .. 10m)" },
	{ { "handoff", "soon", NULL }, -EINVAL, "handoff: 'soon'" },
	{ { "settle", "0", NULL }, 0, NULL },
	{ { "settle", "30s", NULL }, 0, NULL },
	{ { "settle", "10m", NULL }, 0, NULL },
	{ { "settle_sec", "45", NULL }, 0, NULL },
	{ { "settle", "601", NULL }, -ERANGE, "settle: '601' is out of range (0s .. 10m)" },
	{ { "settle", "11m", NULL }, -ERANGE, "settle: '11m' is out of range (0s .. 10m)" },
	{ { "settle", "-1", NULL }, -EINVAL, "settle: '-1'" },
	{ { "settle", "briefly", NULL }, -EINVAL, "settle: 'briefly'" },
	{ { "delay_low", "1h", NULL }, 0, NULL },
	{ { "delay_low_sec", "3600", NULL }, 0, NULL },
	{ { "delay_low", "4s", NULL }, -ERANGE, "delay_low: '4s' is out of range (5s .. 30d)" },
	{ { "battery_high", "50", NULL }, 0, NULL },
	{ { "battery_high", "101", NULL }, -ERANGE, "battery_high: '101' is out of range" },
	{ { "ac_delay", "0", NULL }, 0, NULL },
	{ { "ac_delay", "1d", NULL }, 0, NULL },
	{ { "ac_delay_sec", "86400", NULL }, 0, NULL },
	{ { "ac_delay", "31d", NULL }, -ERANGE, "ac_delay: '31d' is out of range (0s .. 30d)" },
	{ { "ac_delay", "never", NULL }, -EINVAL, "ac_delay: 'never' is not a duration" },
	{ { "drain_budget", "10", NULL }, 0, NULL },
	{ { "drain_budget", "10%", NULL }, 0, NULL },
	{ { "drain_budget", "101", NULL }, -ERANGE, "(0 .. 100)" },
	{ { "battery_high", "50%", NULL }, 0, NULL },
	{ { "battery_critical", "3%", NULL }, 0, NULL },
	{ { "retries", "1%", NULL }, -EINVAL, "retries: '1%' is not a whole number" },
	{ { "battery_critical", "0", NULL }, 0, NULL },
	{ { "battery_critical", "101", NULL }, -ERANGE, "battery_critical: '101'" },
	{ { "thermal_limit", "0", NULL }, 0, NULL },
	{ { "thermal_limit", "90", NULL }, 0, NULL },
	{ { "thermal_limit", "90C", NULL }, 0, NULL },
	{ { "thermal_limit", "90c", NULL }, 0, NULL },
	{ { "thermal_limit", "150", NULL }, 0, NULL },
	{ { "thermal_limit", "151", NULL }, -ERANGE,
	  "thermal_limit: '151' is out of range (0 .. 150): degrees Celsius" },
	{ { "thermal_limit", "90000", NULL }, -ERANGE, "not the millidegrees of sysfs" },
	{ { "thermal_limit", "99999999", NULL }, -ERANGE, "'99999999' is out of range" },
	{ { "thermal_limit", "90F", NULL }, -EINVAL,
	  "thermal_limit: '90F' is not whole degrees Celsius, as 90 or 90C" },
	{ { "thermal_limit", "90%", NULL }, -EINVAL, "thermal_limit: '90%'" },
	{ { "thermal_limit", "-1", NULL }, -EINVAL, "thermal_limit: '-1'" },
	{ { "hibernate_no_hw_sleep", "yes", NULL }, 0, NULL },
	{ { "hibernate_no_hw_sleep", "maybe", NULL }, -EINVAL, "hibernate_no_hw_sleep: 'maybe'" },
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

/* require_verified took a BOOL: its words keep their meaning beside the new ones. */
static void test_require_verified(void)
{
	static const struct {
		const char *word;
		uint32_t val;
	} cases[] = {
		{ "no", S2H_REQUIRE_NO }, { "0", S2H_REQUIRE_NO }, { "off", S2H_REQUIRE_NO },
		{ "yes", S2H_REQUIRE_HIBERNATION }, { "1", S2H_REQUIRE_HIBERNATION },
		{ "True", S2H_REQUIRE_HIBERNATION }, { "hibernation", S2H_REQUIRE_HIBERNATION },
		{ "wake", S2H_REQUIRE_WAKE }, { "WAKE", S2H_REQUIRE_WAKE },
		{ "both", S2H_REQUIRE_BOTH },
	};
	struct settings set;
	char why[WHY_LEN], val[VALUE_LEN];
	size_t i;
	int err;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		memset(&set, 0, sizeof(set));
		set.val[SETTING_REQUIRE_VERIFIED] = 99;
		err = parse_setting(&set, "require_verified", cases[i].word, why);
		result(!err && set.val[SETTING_REQUIRE_VERIFIED] == cases[i].val,
		       "require_verified %s: %s", cases[i].word,
		       format_setting(&setting_descs[SETTING_REQUIRE_VERIFIED], cases[i].val, val));
	}
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
	memset(&set, 0, sizeof(set));
	err = parse_setting(&set, "thermal_limit", "90", why) ||
	      parse_setting(&set, "battery_threshold", "5%", why);
	result(!err && set.val[SETTING_THERMAL_LIMIT] == 90000 &&
	       set.val[SETTING_BATTERY_THRESHOLD] == 5,
	       "%s%s", "thermal_limit 90 is sent as 90000 millidegrees, 5% as 5", "");
}

/* What show prints of each value must be what set takes back. */
static void test_format_round_trip(void)
{
	static const uint32_t values[N_SETTINGS] = {
		1, 5400, 0, 5, S2H_POLICY_BATTERY, 3600, 10, S2H_MODE_SUSPEND, 1, 90,
		600, 50, 0, 10, 3, 90000, 1, 90,
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
		[SETTING_DELAY] = "DURATION (5s .. 30d)",
		[SETTING_HIBERNATE_ON_AC] = "BOOL",
		[SETTING_BATTERY_THRESHOLD] = "N % (0 .. 100)",
		[SETTING_POLICY] = "delay|battery",
		[SETTING_BATTERY_CHECK] = "DURATION (1m .. 30d)",
		[SETTING_RETRIES] = "N (0 .. 10)",
		[SETTING_HIBERNATE_MODE] = "shutdown|suspend",
		[SETTING_REQUIRE_VERIFIED] = "no|hibernation|wake|both",
		[SETTING_HANDOFF] = "DURATION (0s .. 10m)",
		[SETTING_DELAY_LOW] = "DURATION (5s .. 30d)",
		[SETTING_BATTERY_HIGH] = "N % (0 .. 100)",
		[SETTING_AC_DELAY] = "DURATION (0s .. 30d)",
		[SETTING_DRAIN_BUDGET] = "N % (0 .. 100)",
		[SETTING_BATTERY_CRITICAL] = "N % (0 .. 100)",
		[SETTING_THERMAL_LIMIT] = "N °C (0 .. 150)",
		[SETTING_HIBERNATE_NO_HW_SLEEP] = "BOOL",
		[SETTING_SETTLE] = "DURATION (0s .. 10m)",
	};
	char buf[ARG_LEN];
	size_t i;

	for (i = 0; i < N_SETTINGS; i++)
		result(!strcmp(format_setting_arg(&setting_descs[i], buf), args[i]) &&
		       setting_descs[i].help && *setting_descs[i].help,
		       "help set: %s takes %s, and says what it does",
		       setting_descs[i].key, args[i]);
}

struct conf_case {
	const char *desc;
	const char *pairs[6];		/* KEY VALUE..., NULL-terminated */
	const char *before, *after;
};

static const struct conf_case confs[] = {
	{ "an active line gets the new value, its comment kept",
	  { "delay", "2h", NULL },
	  "# top\ndelay = 3h   # mine\nretries = 2\n",
	  "# top\ndelay = 2h   # mine\nretries = 2\n" },
	{ "\"key value\" and the sysfs name are the same setting",
	  { "delay", "90m", NULL },
	  "delay_sec 600\n",
	  "delay_sec = 1h30m\n" },
	{ "a new line goes after the commented-out default",
	  { "policy", "battery", NULL },
	  "# doc\n#policy = delay\n#battery_check = 1h\n",
	  "# doc\n#policy = delay\npolicy = battery\n#battery_check = 1h\n" },
	{ "prose that names the key is no default",
	  { "policy", "battery", NULL },
	  "# policy: how\n",
	  "# policy: how\npolicy = battery\n" },
	{ "no line for it: appended, after a missing final newline",
	  { "retries", "0", NULL },
	  "enabled = yes",
	  "enabled = yes\nretries = 0\n" },
	{ "an empty file gets one line",
	  { "require_verified", "1", NULL },
	  "",
	  "require_verified = hibernation\n" },
	{ "every line that sets it, and two settings at once",
	  { "enabled", "no", "hibernate_mode", "suspend", NULL },
	  "enabled = yes\n#hibernate_mode = shutdown\nenabled on\n",
	  "enabled = no\n#hibernate_mode = shutdown\nhibernate_mode = suspend\nenabled = no\n" },
	{ "bad lines and other keys are left alone",
	  { "delay", "1d", NULL },
	  "colour = blue\ndelay\nretries = 3\n",
	  "colour = blue\ndelay\nretries = 3\ndelay = 1d\n" },
};

/* What set --save writes: every line but the setting's kept, and apply reads it back. */
static void test_conf_update(void)
{
	struct settings set, back;
	char why[WHY_LEN], *out;
	size_t i;
	int j;

	for (i = 0; i < ARRAY_SIZE(confs); i++) {
		const struct conf_case *c = &confs[i];
		bool same = true;
		char *line, *save;

		memset(&set, 0, sizeof(set));
		for (j = 0; c->pairs[j]; j += 2)
			parse_setting(&set, c->pairs[j], c->pairs[j + 1], why);
		out = conf_update(c->before, &set);
		result(out && !strcmp(out, c->after), "conf_update: %s%s", c->desc,
		       out && !strcmp(out, c->after) ? "" : " (different text)");
		if (!out)
			continue;
		/* the settings read back from the new text are the ones set */
		memset(&back, 0, sizeof(back));
		for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			struct settings one = {};

			if (!conf_parse_line(line, &one, why))
				for (j = 0; j < N_SETTINGS; j++)
					if (one.has & SETTING_BIT(j))
						back.val[j] = one.val[j];
		}
		for (j = 0; j < N_SETTINGS; j++)
			if (set.has & SETTING_BIT(j))
				same &= back.val[j] == set.val[j];
		result(same, "conf_update: %s: applies back as set%s", c->desc, "");
		free(out);
	}
}

/* The shipped /etc/s2h.conf: all commented out; each setting lands under its default. */
static void test_conf_shipped(void)
{
	struct settings set = {};
	char *text = conf_read(DIST_CONF), *out, why[WHY_LEN];
	size_t i;
	bool good = text;

	for (i = 0; good && i < N_SETTINGS; i++) {
		char *line, *save, *p;

		memset(&set, 0, sizeof(set));
		set.has = SETTING_BIT(i);
		/* a value set takes: one whole unit of a scaled number */
		set.val[i] = setting_descs[i].kind == SETTING_DURATION ? setting_descs[i].max :
			     setting_descs[i].scale ? setting_descs[i].scale : 1;
		out = conf_update(text, &set);
		p = out ? strstr(out, "\n#") : NULL;
		/* the new line follows its "#key = default" line */
		for (line = out ? strtok_r(out, "\n", &save) : NULL; line;
		     line = strtok_r(NULL, "\n", &save)) {
			if (*line != '#' && !conf_parse_line(line, &(struct settings){}, why))
				break;
			p = line;
		}
		good = line && p && p[0] == '#' && strstr(p, setting_descs[i].key);
		free(out);
	}
	free(text);
	result(good, "set --save of each key into the shipped %s lands under its default%s",
	       DIST_CONF, "");
}

static const struct record rec = {
	.id = { "6.1.0-57-amd64", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.192-3 (2026-11-30)",
		"254:1", "0" },
	.time = 1764812660,
	.duration_ms = 5123,
};

/* The record survives its text; a change of kernel or resume device voids it. */
static void test_record(void)
{
	struct identity other = rec.id;
	char buf[RECORD_LEN], why[WHY_LEN] = "";
	struct record back;
	char *cut;

	result(!record_format(&rec, buf) && !record_parse(buf, &back) &&
	       !memcmp(&back.id, &rec.id, sizeof(rec.id)) && back.time == rec.time &&
	       back.duration_ms == rec.duration_ms, "%s%s", "record: parses back as written", "");
	result(identity_same(&rec.id, &back.id, why), "%s%s",
	       "record: same kernel, same resume: holds", "");
	snprintf(other.kernel, sizeof(other.kernel), "6.1.0-58-amd64");
	result(!identity_same(&rec.id, &other, why) && strstr(why, "6.1.0-58"),
	       "record: another kernel voids it (%s)%s", why, "");
	other = rec.id;
	snprintf(other.build, sizeof(other.build), "#1 SMP Debian 6.1.193-1");
	result(!identity_same(&rec.id, &other, why) && strstr(why, "build"),
	       "record: a rebuild of the same release voids it (%s)%s", why, "");
	other = rec.id;
	snprintf(other.resume, sizeof(other.resume), "8:3");
	result(!identity_same(&rec.id, &other, why) && strstr(why, "resume"),
	       "record: another resume device voids it (%s)%s", why, "");
	other = rec.id;
	snprintf(other.resume_offset, sizeof(other.resume_offset), "34816");
	result(!identity_same(&rec.id, &other, why) && strstr(why, "resume_offset"),
	       "record: another swap file offset voids it (%s)%s", why, "");
	record_format(&rec, buf);
	cut = strstr(buf, "time = ");
	*cut = '\0';
	result(record_parse(buf, &back) == -EINVAL, "%s%s", "record: a cut one is refused", "");
	result(record_parse("kernel = x\nbuild = y\nresume = 1:2\nresume_offset = 0\n"
			    "time = 12ab\nduration_ms = 5\n", &back) == -EINVAL,
	       "%s%s", "record: a bad number is refused", "");
}

struct release_case {
	const char *release;
	bool before;
};

static const struct release_case releases[] = {
	{ "6.1.0-57-amd64", true }, { "5.10.0-30-amd64", true }, { "6.3.13", true },
	{ "6.4.0", false }, { "6.12.48+deb13-amd64", false }, { "7.2.1+deb14-amd64", false },
	{ "6.10", false }, { "weird", false },
};

/* Before 6.4 the dry run restarts the machine (module/compat.h). */
/* The state directory of an install from the tree: its parent missing, a strict umask. */
static void test_make_dirs(void)
{
	char top[] = "/tmp/s2hctl-test-XXXXXX", dir[80], parent[64];
	struct stat st;
	mode_t old = umask(077);
	int ok;

	if (!mkdtemp(top)) {
		result(0, "make_dirs: a temporary directory%s%s", "", "");
		umask(old);
		return;
	}
	snprintf(parent, sizeof(parent), "%s/var/lib", top);
	snprintf(dir, sizeof(dir), "%s/s2h", parent);
	ok = !make_dirs(dir, 0755) && !stat(dir, &st) && (st.st_mode & 07777) == 0755 &&
	     !stat(parent, &st) && (st.st_mode & 07777) == 0755;
	result(ok, "make_dirs: %s and its parents made, 0755 under umask 077%s", dir, "");
	result(!make_dirs(dir, 0755), "make_dirs: %s again: done already%s", dir, "");
	rmdir(dir);
	rmdir(parent);
	snprintf(parent, sizeof(parent), "%s/var", top);
	rmdir(parent);
	rmdir(top);
	umask(old);
}

/* @text into @dir/@name. Return: 0 or -1. */
static int put_file(const char *dir, const char *name, const char *text)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* The files conf_load() reads, and the line that wins each setting. */
static void test_conf_load(void)
{
	char top[] = "/tmp/s2hctl-dropins-XXXXXX", conf[64], dir[72], sub[96];
	static const char * const names[] = {
		"10-a.conf", "9-b.conf", ".hidden.conf", "c.conf.dpkg-old", "README",
	};
	struct conf_set cs;
	size_t i;
	int ret, ok;

	if (!mkdtemp(top)) {
		result(0, "conf_load: a temporary directory%s%s", "", "");
		return;
	}
	snprintf(conf, sizeof(conf), "%s/s2h.conf", top);
	snprintf(dir, sizeof(dir), "%s.d", conf);
	snprintf(sub, sizeof(sub), "%s/sub.conf", dir);
	ret = conf_load(conf, &cs, false);
	result(!ret && cs.n_files == 1 && !cs.set.has,
	       "conf_load: no %s and no drop-ins: nothing set, no error when quiet%s", conf, "");
	conf_set_free(&cs);
	ok = !put_file(top, "s2h.conf", "delay = 3h\nretries 2\npolicy battery\n") &&
	     !mkdir(dir, 0755) && !mkdir(sub, 0755) &&
	     !put_file(dir, "10-a.conf", "delay = 1h\n") &&
	     !put_file(dir, "9-b.conf", "# late\nretries = 4\nbattery_high = 150\ndelay 2h\n") &&
	     !put_file(dir, ".hidden.conf", "enabled = no\n") &&
	     !put_file(dir, "c.conf.dpkg-old", "enabled = no\n") &&
	     !put_file(dir, "README", "enabled = no\n");
	ret = conf_load(conf, &cs, false);
	result(ok && cs.n_files == 3 && !strcmp(cs.files[0], conf) &&
	       strstr(cs.files[1], "/s2h.conf.d/10-a.conf") &&
	       strstr(cs.files[2], "/s2h.conf.d/9-b.conf"),
	       "conf_load: %s, then %s/*.conf in byte order, nothing else", conf, dir);
	result(ret == 1 && !(cs.set.has & SETTING_BIT(SETTING_BATTERY_HIGH)),
	       "conf_load: a bad drop-in line sets nothing, and says the files were bad%s%s",
	       "", "");
	result(cs.set.val[SETTING_DELAY] == 7200 && cs.file_of[SETTING_DELAY] == 2 &&
	       cs.line_of[SETTING_DELAY] == 4,
	       "conf_load: the last drop-in wins: delay from 9-b.conf:4%s%s", "", "");
	result(cs.set.val[SETTING_RETRIES] == 4 && cs.file_of[SETTING_RETRIES] == 2 &&
	       cs.line_of[SETTING_RETRIES] == 2,
	       "conf_load: a drop-in wins over the file: retries from 9-b.conf:2%s%s", "", "");
	result(cs.set.val[SETTING_POLICY] == 1 && cs.file_of[SETTING_POLICY] == 0 &&
	       cs.line_of[SETTING_POLICY] == 3 && !(cs.set.has & SETTING_BIT(SETTING_ENABLED)),
	       "conf_load: what no drop-in sets stays the file's%s%s", "", "");
	conf_set_free(&cs);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		snprintf(sub, sizeof(sub), "%s/%s", dir, names[i]);
		unlink(sub);
	}
	snprintf(sub, sizeof(sub), "%s/sub.conf", dir);
	rmdir(sub);
	rmdir(dir);
	unlink(conf);
	rmdir(top);
}

static void test_release(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(releases); i++)
		result(release_before(releases[i].release, 6, 4) == releases[i].before,
		       "Linux %s: the dry run %s", releases[i].release,
		       releases[i].before ? "restarts the machine" : "resumes at once");
}

struct absent_case {
	struct absent_facts facts;
	const char *says;
};

static const struct absent_case absents[] = {
	{ { "6.1.0-57-amd64", false, true, true, true, NULL }, "sudo modprobe s2h" },
	{ { "6.1.0-57-amd64", false, false, false, true, NULL }, "linux-headers-6.1.0-57-amd64" },
	{ { "6.1.0-57-amd64", false, false, true, true, NULL }, "dkms status s2h" },
	{ { "6.1.0-57-amd64", false, false, false, false, NULL }, "install the s2h-dkms package" },
	{ { "6.1.0-57-amd64", true, true, true, true, NULL }, "journalctl -k" },
	{ { "6.1.0-57-amd64", true, true, true, true, "s2h-none" }, "unset S2H_FAMILY" },
};

/* The "not loaded" hint says what this system lacks. */
static void test_absent(void)
{
	char buf[ABSENT_HINT_LEN];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(absents); i++)
		result(!!strstr(absent_hint(&absents[i].facts, buf), absents[i].says),
		       "module absent: the hint says '%s'%s", absents[i].says, "");
}

/* Each failed check says what to do, and names a section the guide has. */
static void test_check_help(void)
{
	char *guide = conf_read(ADMIN_GUIDE_SOURCE), title[96];
	size_t i;

	for (i = 0; i < __S2H_CHECK_MAX; i++) {
		const struct check_text *t = &check_texts[i];

		snprintf(title, sizeof(title), "\n%s\n---", t->section);
		result(t->fix && *t->fix && guide && strstr(guide, title),
		       "check %s: a fix, and the guide's section \"%s\"", check_name(i),
		       t->section);
	}
	snprintf(title, sizeof(title), "\n%s\n---", ADVICE_SECTION);
	for (i = 0; i < __S2H_ADVICE_MAX; i++)
		result(advice_texts[i].warning && advice_texts[i].fix && *advice_texts[i].fix &&
		       guide && strstr(guide, title) && strcmp(advice_name(i), "unknown"),
		       "advice %s: a warning, a fix, and the guide's section \"%s\"",
		       advice_name(i), ADVICE_SECTION);
	free(guide);
	result(strstr(hibernate_error_hint(-ENOSPC), "swap") &&
	       !strcmp(errno_name(-ENOSPC), "ENOSPC") && !hibernate_error_hint(-EXDEV), "%s%s",
	       "a hibernation that failed with ENOSPC hints at swap", "");
}

/* The hooks a kernel-started hibernation bypasses, in a tree standing for /. */
static void test_hooks(void)
{
	char root[] = "/tmp/s2hctl-hooks.XXXXXX", path[256], hooks[HOOKS_LEN];
	static const char * const mkdirs[] = {
		"/usr", "/usr/lib", "/usr/lib/systemd", "/usr/lib/systemd/system-sleep",
		"/usr/lib/systemd/system", "/etc", "/etc/systemd", "/etc/systemd/system-sleep",
		"/etc/systemd/system",
		"/etc/systemd/system/systemd-hibernate.service.wants",
	};
	static const struct { const char *path; int mode; } files[] = {
		{ "/usr/lib/systemd/system-sleep/nvidia", 0755 },
		{ "/usr/lib/systemd/system-sleep/README", 0644 },
		{ "/etc/systemd/system-sleep/nvidia", 0755 },
		{ "/etc/systemd/system/systemd-hibernate.service.wants/nvidia-hibernate.service",
		  0644 },
	};
	size_t i;
	int n;

	if (!mkdtemp(root)) {
		result(false, "%s%s", "hooks: a temporary directory", "");
		return;
	}
	n = hooks_find(root, hooks);
	result(n == 0 && !hooks[0], "hooks: none in an empty tree%s%s", hooks[0] ? ", got " : "",
	       hooks);
	for (i = 0; i < ARRAY_SIZE(mkdirs); i++) {
		snprintf(path, sizeof(path), "%s%s", root, mkdirs[i]);
		mkdir(path, 0755);
	}
	for (i = 0; i < ARRAY_SIZE(files); i++) {
		snprintf(path, sizeof(path), "%s%s", root, files[i].path);
		close(open(path, O_CREAT | O_WRONLY, files[i].mode));
	}
	n = hooks_find(root, hooks);
	result(n == 2 && !strcmp(hooks, "nvidia, nvidia-hibernate.service"),
	       "hooks: executables of system-sleep once each, units of the wants (got '%s')%s",
	       hooks, "");
	snprintf(path, sizeof(path), "rm -rf '%s'", root);
	if (system(path))
		fprintf(stderr, "test-parse: %s left behind\n", root);
}

/* The swap file on the resume device, found as s2hctl check finds it. */
static void test_swapfile(void)
{
	static const char file[] = "test-swapfile.tmp", swaps[] = "test-swaps.tmp";
	char path[256], buf[4096] = { 1 }, abs[4096];
	struct swapfile_fact f;
	struct stat st;
	FILE *out;
	int fd, err;

	result(swapfile_line("/swapfile   file   1048572 0 -2\n", path) &&
	       !strcmp(path, "/swapfile") &&
	       !swapfile_line("/dev/vda3   partition   1048572 0 -2\n", path) &&
	       !swapfile_line("Filename Type Size Used Priority\n", path),
	       "swapfile: /proc/swaps lines of files, not partitions or the header%s%s", "", "");
	fd = open(file, O_CREAT | O_TRUNC | O_WRONLY, 0600);
	if (fd < 0 || write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf) || fsync(fd) ||
	    close(fd) || stat(file, &st) || !realpath(file, abs)) {
		result(false, "swapfile: a file to map%s%s", "", "");
		return;
	}
	out = fopen(swaps, "w");
	if (out) {
		fprintf(out, "Filename Type Size Used Priority\n%s file 4 0 -2\n", abs);
		fclose(out);
	}
	err = swapfile_on(swaps, st.st_dev + 1, &f);
	result(!err && !f.path[0], "swapfile: none on another device%s%s", "", "");
	err = swapfile_on(swaps, st.st_dev, &f);
	if (err == -EOPNOTSUPP)
		printf("ok %d - swapfile: mapped # SKIP no FIEMAP here\n", ++n_run);
	else
		result(!err && !strcmp(f.path, abs) && f.first_page > 0,
		       "swapfile: %s found on its device, its first page mapped%s", abs, "");
	unlink(file);
	unlink(swaps);
}

int main(void)
{
	printf("TAP version 13\n");
	test_durations();
	test_formats();
	test_bools();
	test_settings();
	test_require_verified();
	test_format_round_trip();
	test_setting_args();
	test_conf_update();
	test_conf_shipped();
	test_record();
	test_make_dirs();
	test_conf_load();
	test_release();
	test_absent();
	test_check_help();
	test_hooks();
	test_swapfile();
	printf("1..%d\n", n_run);
	printf("%d passed, %d failed\n", n_run - n_failed, n_failed);
	return n_failed ? 1 : 0;
}
