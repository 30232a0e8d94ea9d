// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of s2hctl metrics' text (metrics.c), from fixed structs: the
 * series and their values, what is left out when the kernel does not
 * know, the histogram's buckets, the format's rules (a HELP and a TYPE
 * before each family's samples, once) and the file written whole. TAP,
 * ending in "N passed, N failed, N skipped".
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "test-tap.h"
#include "metrics.h"

/* The text of metrics_print(), to free. */
static char *render(const struct status *st, const struct hib_hist *h)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		abort();
	metrics_print(f, st, h);
	fclose(f);
	return buf;
}

/* Whether @text has @line as a whole line. */
static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *p;

	for (p = text; (p = strstr(p, line)); p++)
		if ((p == text || p[-1] == '\n') && p[n] == '\n')
			return true;
	return false;
}

/* Whether some line of @text starts with @prefix. */
static bool has_prefix(const char *text, const char *prefix)
{
	const char *p;

	for (p = text; (p = strstr(p, prefix)); p++)
		if (p == text || p[-1] == '\n')
			return true;
	return false;
}

static void expect_line(const char *text, const char *line)
{
	char desc[256];

	snprintf(desc, sizeof(desc), "has \"%s\"", line);
	result(has_line(text, line), desc, NULL);
}

static void expect_none(const char *text, const char *prefix, const char *why)
{
	char desc[256];

	snprintf(desc, sizeof(desc), "no \"%s\": %s", prefix, why);
	result(!has_prefix(text, prefix), desc, NULL);
}

/* A machine after some cycles: the last one ended by the alarm after 2 h. */
static void fill_status(struct status *st)
{
	unsigned int i;

	memset(st, 0, sizeof(*st));
	st->val[SETTING_ENABLED] = 1;
	st->verify.result = S2H_VERIFY_PASSED;
	st->has_wake_test = true;
	st->wake_test.result = S2H_WAKE_TEST_PASSED;
	st->has_checks = true;
	for (i = S2H_STATS_A_SUSPENDS; i <= S2H_STATS_A_MAX; i++) {
		st->has_stat[i] = true;
		st->stats[i] = 100 + i;
	}
	st->stats[S2H_STATS_A_SUSPENDS] = 7;
	st->stats[S2H_STATS_A_ALARM_WAKES] = 3;
	st->stats[S2H_STATS_A_EARLY_WAKES] = 2;
	st->stats[S2H_STATS_A_OTHER_WAKES] = 1;
	st->stats[S2H_STATS_A_HIBERNATIONS] = 4;
	st->stats[S2H_STATS_A_DARK_WAKES] = 5;
	st->last = (struct last_cycle){
		.suspended_at = 1700000000, .woke_at = 1700007200, .wake = S2H_WAKE_ALARM,
		.decision = S2H_DECISION_HIBERNATE, .battery_start = 80, .battery_wake = 77,
		.wakes = 1, .hw_sleep_us = 5000000,
	};
	st->last.state_ms[S2H_STATE_ARMED] = 10000;
}

static void test_counters(void)
{
	struct hib_hist h = {};
	struct status st;
	char *t;

	fill_status(&st);
	t = render(&st, &h);
	expect_line(t, "# TYPE s2h_suspends_total counter");
	expect_line(t, "s2h_suspends_total 7");
	expect_line(t, "s2h_wakes_total{kind=\"alarm\"} 3");
	expect_line(t, "s2h_wakes_total{kind=\"early\"} 2");
	expect_line(t, "s2h_wakes_total{kind=\"other\"} 1");
	expect_line(t, "s2h_hibernations_total 4");
	expect_line(t, "s2h_dark_wakes_total 5");
	expect_line(t, "s2h_hibernate_failures_total 107");
	expect_line(t, "s2h_resumes_from_hibernation_total 108");
	expect_line(t, "s2h_enabled 1");
	expect_line(t, "s2h_verified 1");
	expect_line(t, "s2h_wake_verified 1");
	free(t);

	st.has_stat[S2H_STATS_A_HIBERNATIONS_UNDONE] = false;
	st.has_stat[S2H_STATS_A_ALARM_WAKES] = false;
	st.val[SETTING_ENABLED] = 0;
	st.verify.result = S2H_VERIFY_FAILED;
	t = render(&st, &h);
	expect_none(t, "s2h_hibernations_undone_total", "a counter the module did not send");
	expect_none(t, "s2h_wakes_total{kind=\"alarm\"}", "nor a kind of wake");
	expect_line(t, "s2h_wakes_total{kind=\"early\"} 2");
	expect_line(t, "# TYPE s2h_wakes_total counter");
	expect_line(t, "s2h_enabled 0");
	expect_line(t, "s2h_verified 0");
	expect_line(t, "s2h_wake_verified 1");
	free(t);

	st.wake_test.result = S2H_WAKE_TEST_FAILED;
	t = render(&st, &h);
	expect_line(t, "s2h_wake_verified 0");
	free(t);

	st.has_wake_test = false;
	t = render(&st, &h);
	expect_none(t, "s2h_wake_verified", "a module without the wake test: no series");
	free(t);
}

static void test_last_cycle(void)
{
	struct hib_hist h = {};
	struct status st;
	char *t;

	fill_status(&st);
	t = render(&st, &h);
	expect_line(t, "s2h_last_cycle_battery_drain_percent_per_hour 1.5");
	expect_line(t, "s2h_last_cycle_hw_sleep_ratio 0.5");
	expect_line(t, "s2h_last_cycle_start_timestamp_seconds 1700000000");
	free(t);

	st.last.battery_start = 60;
	st.last.battery_wake = 61;
	t = render(&st, &h);
	expect_line(t, "s2h_last_cycle_battery_drain_percent_per_hour -0.5");
	free(t);

	/* 1 mWh of 50 Wh in 10 s: 0.72 %/h, which whole percent (80 to 80) make 0. */
	fill_status(&st);
	st.last.battery_wake = 80;
	st.last.energy_start = 40000000;
	st.last.energy_wake = 39999000;
	st.last.energy_full = 50000000;
	t = render(&st, &h);
	expect_line(t, "s2h_last_cycle_battery_drain_percent_per_hour 0.72");
	free(t);

	st.last.wake = S2H_WAKE_EARLY;
	st.last.wakes = 2;
	t = render(&st, &h);
	expect_none(t, "s2h_last_cycle_battery_drain", "the user's wake ended the cycle");
	expect_none(t, "s2h_last_cycle_hw_sleep_ratio", "hw_sleep_us is the last suspend's only");
	free(t);

	fill_status(&st);
	st.last.battery_wake = -1;
	st.last.hw_sleep_us = -1;
	t = render(&st, &h);
	expect_none(t, "s2h_last_cycle_battery_drain", "the battery was not read");
	expect_none(t, "s2h_last_cycle_hw_sleep_ratio", "the kernel does not say");
	free(t);

	fill_status(&st);
	st.last.woke_at = st.last.suspended_at - 5;
	t = render(&st, &h);
	expect_none(t, "s2h_last_cycle_battery_drain", "the clock went back");
	free(t);

	memset(&st.last, 0, sizeof(st.last));
	t = render(&st, &h);
	expect_none(t, "s2h_last_cycle_", "no cycle since the load");
	free(t);
}

static void test_checks(void)
{
	struct hib_hist h = {};
	struct status st;
	char *t;

	fill_status(&st);
	t = render(&st, &h);
	expect_line(t, "s2h_hibernation_available 1");
	expect_line(t, "s2h_check_failed{check=\"swap\"} 0");
	free(t);

	st.checks_failed = 1u << S2H_CHECK_SWAP | 1u << S2H_CHECK_RTC_S2IDLE;
	t = render(&st, &h);
	expect_line(t, "s2h_hibernation_available 0");
	expect_line(t, "s2h_check_failed{check=\"swap\"} 1");
	expect_line(t, "s2h_check_failed{check=\"rtc_s2idle\"} 1");
	expect_line(t, "s2h_check_failed{check=\"resume\"} 0");
	expect_line(t, "s2h_check_failed{check=\"supported\"} 0");
	free(t);

	st.has_checks = false;
	t = render(&st, &h);
	expect_none(t, "s2h_check_failed", "checks not asked for");
	expect_none(t, "s2h_hibernation_available", "checks not asked for");
	free(t);
}

static void add_cycle(struct hib_hist *h, uint32_t decision, int32_t result, uint64_t sec)
{
	struct last_cycle l = {
		.suspended_at = 1700000000, .decision = decision, .result = result,
		.woke_at = sec == (uint64_t)-1 ? 0 : 1700000000 + sec,
	};

	hib_hist_add(&l, h);
}

static void test_histogram(void)
{
	struct hib_hist h = {};
	struct status st;
	char *t;

	fill_status(&st);
	t = render(&st, &h);
	expect_line(t, "# TYPE s2h_suspend_to_hibernation_seconds histogram");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_bucket{le=\"+Inf\"} 0");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_count 0");
	expect_none(t, "# s2h:", "no cycle left out");
	free(t);

	add_cycle(&h, S2H_DECISION_HIBERNATE, 0, 8);
	add_cycle(&h, S2H_DECISION_HIBERNATE, 0, 10);		/* le is inclusive */
	add_cycle(&h, S2H_DECISION_HIBERNATE, 0, 100);
	add_cycle(&h, S2H_DECISION_HIBERNATE, 0, 4000);
	add_cycle(&h, S2H_DECISION_HIBERNATE, 0, 1000000);	/* past the last bound */
	add_cycle(&h, S2H_DECISION_NONE, 0, 50);		/* the user's */
	add_cycle(&h, S2H_DECISION_SLEEP_AGAIN, 0, 50);
	add_cycle(&h, S2H_DECISION_HIBERNATE, -5, 50);		/* failed: did not hibernate */
	add_cycle(&h, S2H_DECISION_HIBERNATE, 0, (uint64_t)-1);	/* no wake time */
	t = render(&st, &h);
	expect_line(t, "s2h_suspend_to_hibernation_seconds_bucket{le=\"10\"} 2");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_bucket{le=\"60\"} 2");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_bucket{le=\"300\"} 3");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_bucket{le=\"3600\"} 3");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_bucket{le=\"7200\"} 4");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_bucket{le=\"604800\"} 4");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_bucket{le=\"+Inf\"} 5");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_count 5");
	expect_line(t, "s2h_suspend_to_hibernation_seconds_sum 1004118");
	expect_line(t, "# s2h: 1 hibernated cycle(s) of the history left out: no wake time");
	free(t);
}

/*
 * The format's rules, line by line: a comment is HELP, TYPE (each once,
 * HELP first) or s2h's note; a sample's family has had both; names are
 * s2h_'s.
 */
static void test_format(void)
{
	char family[128] = "", typed[8192] = " ", why[256] = "";
	struct hib_hist h = {};
	struct status st;
	char *t, *line, *save = NULL;
	size_t n;

	fill_status(&st);
	st.checks_failed = 1u << S2H_CHECK_RESUME;
	add_cycle(&h, S2H_DECISION_HIBERNATE, 0, 20);
	add_cycle(&h, S2H_DECISION_HIBERNATE, 0, (uint64_t)-1);
	t = render(&st, &h);
	for (line = strtok_r(t, "\n", &save); line && !*why; line = strtok_r(NULL, "\n", &save)) {
		char name[128], key[132];

		if (sscanf(line, "# HELP %127s", name) == 1) {
			snprintf(key, sizeof(key), " %s ", name);
			if (strstr(typed, key) || !strcmp(family, name))
				snprintf(why, sizeof(why), "HELP twice: %s", line);
			snprintf(family, sizeof(family), "%s", name);
		} else if (sscanf(line, "# TYPE %127s", name) == 1) {
			snprintf(key, sizeof(key), " %s ", name);
			if (strcmp(family, name) || strstr(typed, key))
				snprintf(why, sizeof(why), "TYPE without its HELP: %s", line);
			strncat(typed, key + 1, sizeof(typed) - strlen(typed) - 1);
		} else if (!strncmp(line, "# s2h: ", 7)) {
			continue;
		} else if (line[0] == '#' || strncmp(line, "s2h_", 4)) {
			snprintf(why, sizeof(why), "a stray line: %s", line);
		} else {
			n = strcspn(line, "{ ");
			if (strncmp(line, family, strlen(family)) ||
			    (n != strlen(family) && strncmp(line + strlen(family), "_bucket", 7) &&
			     strncmp(line + strlen(family), "_sum", 4) &&
			     strncmp(line + strlen(family), "_count", 6)))
				snprintf(why, sizeof(why), "a sample outside its family %s: %s",
					 family, line);
		}
	}
	result(!*why, "every sample follows its family's HELP and TYPE, each once", why);
	free(t);
}

static bool only_file(const char *dir, const char *name)
{
	struct dirent *e;
	bool ok = true;
	DIR *d = opendir(dir);

	if (!d)
		return false;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, name))
			ok = false;
	closedir(d);
	return ok;
}

/* The file: replaced whole, readable by node_exporter's user, nothing left beside it. */
static void test_file(void)
{
	char dir[] = "/tmp/s2h-metrics.XXXXXX", path[PATH_MAX], gone[PATH_MAX];
	char *want, got[65536];
	struct hib_hist h = {};
	struct status st;
	struct stat sb;
	size_t n = 0;
	FILE *f;

	if (!mkdtemp(dir)) {
		result(false, "a temporary directory", strerror(errno));
		return;
	}
	fill_status(&st);
	want = render(&st, &h);
	metrics_path(dir, path, sizeof(path));
	f = fopen(path, "w");
	if (f) {
		fputs("old\n", f);
		fclose(f);
	}
	result(!metrics_write_file(path, &st, &h), "metrics_write_file() replaces the file", NULL);
	f = fopen(path, "r");
	if (f) {
		n = fread(got, 1, sizeof(got) - 1, f);
		fclose(f);
	}
	got[n] = '\0';
	result(!strcmp(got, want), "the file holds metrics_print()'s text", NULL);
	result(!stat(path, &sb) && (sb.st_mode & 0777) == 0644,
	       "the file is 0644: node_exporter's user reads it", NULL);
	result(only_file(dir, METRICS_FILE), "no temporary file left beside it", NULL);
	snprintf(gone, sizeof(gone), "%s/none/%s", dir, METRICS_FILE);
	result(metrics_write_file(gone, &st, &h) == -ENOENT,
	       "a missing directory: -ENOENT", NULL);
	result(metrics_path("/var/lib/prometheus/node-exporter", path, sizeof(path)) &&
	       !strcmp(path, "/var/lib/prometheus/node-exporter/s2h.prom"),
	       "metrics_path(): DIR/s2h.prom", NULL);
	unlink(path);
	metrics_path(dir, path, sizeof(path));
	unlink(path);
	rmdir(dir);
	free(want);
}

int main(void)
{
	printf("TAP version 13\n");
	test_counters();
	test_last_cycle();
	test_checks();
	test_histogram();
	test_format();
	test_file();
	return tap_done();
}
