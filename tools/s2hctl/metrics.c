// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl metrics, the text: Prometheus' text exposition format (0.0.4),
 * which node_exporter's textfile collector reads. Names start with s2h_,
 * units in them; every series has its HELP and TYPE. A series the module
 * does not send (an older one) or a value it does not know is left out
 * rather than shown as 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "drain.h"
#include "metrics.h"
#include "names.h"
#include "array.h"

/* From a minute to a week: the delay's range, around its default of 3 h. */
const unsigned int metrics_bucket_le[METRICS_BUCKETS] = {
	10, 30, 60, 300, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 259200, 604800,
};

/*
 * The counters of S2H_A_STATS. Rows of one name follow each other, told
 * apart by their label (the wakes by kind); HELP and TYPE come once.
 */
static const struct {
	unsigned int stat;
	const char *name, *label, *help;
} counters[] = {
	{ S2H_STATS_A_SUSPENDS, "suspends", NULL, "Suspends s2h saw, armed or not." },
	{ S2H_STATS_A_ALARM_WAKES, "wakes", "kind=\"alarm\"",
	  "Wakes from an armed suspend, by what woke it: s2h's alarm, the user (early) "
	  "or another wakeup source." },
	{ S2H_STATS_A_EARLY_WAKES, "wakes", "kind=\"early\"", NULL },
	{ S2H_STATS_A_OTHER_WAKES, "wakes", "kind=\"other\"", NULL },
	{ S2H_STATS_A_ABORTED, "aborted_suspends", NULL, "Armed suspends that never slept." },
	{ S2H_STATS_A_DARK_WAKES, "dark_wakes", NULL,
	  "Alarm wakes after which s2h put the system back to sleep." },
	{ S2H_STATS_A_RESUSPENDS, "resuspends", NULL, "Times s2h suspended the system again." },
	{ S2H_STATS_A_NOT_ARMED, "not_armed", NULL,
	  "Suspends left plain because a pre-flight check failed." },
	{ S2H_STATS_A_HIBERNATIONS, "hibernations", NULL, "Hibernations s2h started." },
	{ S2H_STATS_A_HIBERNATE_FAILURES, "hibernate_failures", NULL,
	  "Hibernations s2h started that failed." },
	{ S2H_STATS_A_RESUMES_FROM_HIBERNATION, "resumes_from_hibernation", NULL,
	  "Resumes from an image s2h wrote." },
	{ S2H_STATS_A_HIBERNATE_RETRIES, "hibernate_retries", NULL,
	  "Times s2h went back to sleep to try a failed hibernation again." },
	{ S2H_STATS_A_HIBERNATIONS_UNDONE, "hibernations_undone", NULL,
	  "Hibernations a wakeup event undid." },
	{ S2H_STATS_A_BATTERY_HIBERNATIONS, "battery_hibernations", NULL,
	  "Hibernations early for a low battery." },
	{ S2H_STATS_A_DRAIN_HIBERNATIONS, "drain_hibernations", NULL,
	  "Hibernations early for a drain above the budget." },
	{ S2H_STATS_A_THERMAL_HIBERNATIONS, "thermal_hibernations", NULL,
	  "Hibernations early for the heat." },
	{ S2H_STATS_A_NO_HW_SLEEP_HIBERNATIONS, "no_hw_sleep_hibernations", NULL,
	  "Hibernations early because the hardware never reached its sleep state." },
	{ S2H_STATS_A_SLEEP_FAILURES, "sleep_failures", NULL, "Failed tries to go back to sleep." },
	{ S2H_STATS_A_CANCELLED, "cancelled", NULL,
	  "Hibernations or re-sleeps the user came back before." },
	{ S2H_STATS_A_HANDOFFS, "handoffs", NULL, "Hibernations asked of userspace (handoff)." },
	{ S2H_STATS_A_HANDOFF_FALLBACKS, "handoff_fallbacks", NULL,
	  "Handoffs userspace did not take up in time: s2h hibernated itself." },
	{ S2H_STATS_A_POWER_OFFS, "power_offs", NULL,
	  "Last-resort power-offs, hibernation being out." },
};

static void print_head(FILE *f, const char *name, const char *type, const char *help)
{
	fprintf(f, "# HELP s2h_%s %s\n# TYPE s2h_%s %s\n", name, help, name, type);
}

static void print_counters(FILE *f, const struct status *st)
{
	const char *shown = "";
	size_t i, first = 0;

	for (i = 0; i < ARRAY_SIZE(counters); i++) {
		if (counters[i].help)
			first = i;
		if (!st->has_stat[counters[i].stat])
			continue;
		/* the first row of a name carries the help, sent or not */
		if (strcmp(shown, counters[i].name)) {
			fprintf(f, "# HELP s2h_%s_total %s\n# TYPE s2h_%s_total counter\n",
				counters[i].name, counters[first].help, counters[i].name);
			shown = counters[i].name;
		}
		fprintf(f, "s2h_%s_total%s%s%s %llu\n", counters[i].name,
			counters[i].label ? "{" : "", counters[i].label ? counters[i].label : "",
			counters[i].label ? "}" : "",
			(unsigned long long)st->stats[counters[i].stat]);
	}
}

static void print_gauge(FILE *f, const char *name, const char *help, double value)
{
	print_head(f, name, "gauge", help);
	fprintf(f, "s2h_%s %.10g\n", name, value);
}

/*
 * The battery's drain over the last cycle, from its start to the alarm's
 * wake: only when that wake was the cycle's last, so that woke_at is its
 * time (a later user's wake would stretch the hours over a percent read
 * earlier), and when the clock did not go back. From the energy, as the
 * record has it (drain_suspended()), where the batteries give it: whole
 * percent say nothing of a drain under 1 %/h.
 */
static bool last_drain(const struct last_cycle *l, double *per_hour)
{
	struct drain d;

	drain_suspended(l, &d);
	if (d.pct_known) {
		*per_hour = d.pct_h;
		return true;
	}
	if (l->wake != S2H_WAKE_ALARM || l->battery_start < 0 || l->battery_wake < 0 ||
	    !l->suspended_at || l->woke_at <= l->suspended_at)
		return false;
	*per_hour = (double)(l->battery_start - l->battery_wake) * 3600.0 /
		    (double)(l->woke_at - l->suspended_at);
	return true;
}

/*
 * The hardware's share of the last suspend: hw_sleep_us is that suspend's,
 * armed_ms the whole cycle's, so only a cycle of one wake compares them.
 */
static bool last_hw_share(const struct last_cycle *l, double *share)
{
	if (l->hw_sleep_us < 0 || l->wakes != 1 || !l->state_ms[S2H_STATE_ARMED])
		return false;
	*share = (double)l->hw_sleep_us / 1000.0 / (double)l->state_ms[S2H_STATE_ARMED];
	return true;
}

static void print_last_cycle(FILE *f, const struct last_cycle *l)
{
	double v;

	if (!l->suspended_at)
		return;
	print_gauge(f, "last_cycle_start_timestamp_seconds",
		    "When the last cycle's suspend was armed, seconds since the epoch.",
		    (double)l->suspended_at);
	if (last_drain(l, &v))
		print_gauge(f, "last_cycle_battery_drain_percent_per_hour",
			    "Battery drain of the last cycle, from its suspend to the alarm's "
			    "wake that ended it, percent an hour (negative: charging).", v);
	if (last_hw_share(l, &v))
		print_gauge(f, "last_cycle_hw_sleep_ratio",
			    "Share of the last cycle's suspend the hardware spent in its sleep "
			    "state (a cycle of one wake; Linux 6.8 and later).", v);
}

static void print_checks(FILE *f, const struct status *st)
{
	unsigned int i;

	if (!st->has_checks)
		return;
	print_gauge(f, "hibernation_available",
		    "1 when every pre-flight check passes, so that s2h can hibernate.",
		    !st->checks_failed);
	print_head(f, "check_failed", "gauge",
		   "1 when the pre-flight check named by the label fails (s2hctl check).");
	for (i = 0; i < __S2H_CHECK_MAX; i++)
		fprintf(f, "s2h_check_failed{check=\"%s\"} %u\n", check_name(i),
			!!(st->checks_failed & (1u << i)));
}

static void print_histogram(FILE *f, const struct hib_hist *h)
{
	uint64_t cum = 0;
	unsigned int i;

	print_head(f, "suspend_to_hibernation_seconds", "histogram",
		   "Time from the suspend to the hibernation, of the cycles of the module's "
		   "history (its newest 32) that hibernated; wall clock, whole seconds.");
	if (h->left_out)
		fprintf(f, "# s2h: %u hibernated cycle(s) of the history left out: no wake time\n",
			h->left_out);
	for (i = 0; i < METRICS_BUCKETS; i++) {
		cum += h->count[i];
		fprintf(f, "s2h_suspend_to_hibernation_seconds_bucket{le=\"%u\"} %llu\n",
			metrics_bucket_le[i], (unsigned long long)cum);
	}
	fprintf(f, "s2h_suspend_to_hibernation_seconds_bucket{le=\"+Inf\"} %llu\n"
		"s2h_suspend_to_hibernation_seconds_sum %llu\n"
		"s2h_suspend_to_hibernation_seconds_count %llu\n",
		(unsigned long long)h->total, (unsigned long long)h->sum_sec,
		(unsigned long long)h->total);
}

/**
 * hib_hist_add() - a cycle_fn: count one cycle of the history
 * @l: the cycle
 * @arg: the struct hib_hist
 *
 * A cycle hibernated when s2h decided so and the hibernation came back
 * (result 0). Its hibernation started at its last wake, the alarm's:
 * woke_at. A cycle without it (0: asleep as the history was read), or
 * whose wall clock went back, is left out and counted as such.
 */
void hib_hist_add(const struct last_cycle *l, void *arg)
{
	struct hib_hist *h = arg;
	uint64_t sec;
	unsigned int i;

	if (l->decision != S2H_DECISION_HIBERNATE || l->result)
		return;
	if (!l->suspended_at || l->woke_at < l->suspended_at) {
		h->left_out++;
		return;
	}
	sec = l->woke_at - l->suspended_at;
	for (i = 0; i < METRICS_BUCKETS && sec > metrics_bucket_le[i]; i++)
		;
	if (i < METRICS_BUCKETS)
		h->count[i]++;
	h->total++;
	h->sum_sec += sec;
}

/**
 * metrics_print() - every series, in Prometheus' text format
 * @f: where to
 * @st: GET's reply, with the checks
 * @h: the history's hibernations
 */
void metrics_print(FILE *f, const struct status *st, const struct hib_hist *h)
{
	print_gauge(f, "enabled", "1 when s2h arms its alarm on every suspend.",
		    st->val[SETTING_ENABLED]);
	print_gauge(f, "verified", "1 when a dry run (s2hctl check --verify) passed.",
		    st->verify.result == S2H_VERIFY_PASSED);
	if (st->has_wake_test)
		print_gauge(f, "wake_verified",
			    "1 when a wake test (s2hctl check --verify-wake) passed.",
			    st->wake_test.result == S2H_WAKE_TEST_PASSED);
	print_checks(f, st);
	print_counters(f, st);
	print_last_cycle(f, &st->last);
	print_histogram(f, h);
}

/* The file in @dir, or NULL when it does not fit. */
const char *metrics_path(const char *dir, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/%s", dir, METRICS_FILE);

	return n > 0 && (size_t)n < len ? buf : NULL;
}

/*
 * Write @path whole or not at all: a temporary file beside it, renamed
 * over it, so that node_exporter never reads half of it. The temporary
 * name does not end in .prom: the collector leaves it alone. No fsync:
 * the next cycle rewrites it, and a crash loses only a scrape's worth.
 * Return: 0 or a negative errno.
 */
int metrics_write_file(const char *path, const struct status *st, const struct hib_hist *h)
{
	size_t len = strlen(path) + sizeof(".XXXXXX");
	char *tmp = malloc(len);
	FILE *f = NULL;
	int fd, err = 0;

	if (!tmp)
		return -ENOMEM;
	snprintf(tmp, len, "%s.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = -errno;
		goto out;
	}
	/* mkstemp's 0600 would hide it from node_exporter's own user */
	f = fchmod(fd, 0644) ? NULL : fdopen(fd, "w");
	if (!f) {
		err = -errno;
		close(fd);
		goto out_unlink;
	}
	metrics_print(f, st, h);
	if (ferror(f))
		err = -EIO;
	if (fclose(f) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
out_unlink:
	if (err)
		unlink(tmp);
out:
	free(tmp);
	return err;
}
