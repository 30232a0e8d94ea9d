// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl report as text, for a terminal, and as JSON, for scripts: the
 * same nights and verdicts. A figure the record did not give is "-" in
 * the text and left out of the JSON, never 0.
 */
#include <math.h>
#include <string.h>

#include "json.h"
#include "report.h"
#include "parse.h"

/* Whole minutes past an hour: seconds there are noise. */
static const char *hours_words(int64_t ms, char buf[DURATION_LEN])
{
	int64_t sec = ms / 1000;

	if (sec >= 3600)
		sec = (sec + 30) / 60 * 60;
	return format_duration(sec > UINT32_MAX ? UINT32_MAX : (uint32_t)sec, buf);
}

static const char *num_words(double v, const char *fmt, char *buf, size_t len)
{
	if (isnan(v))
		return "-";
	snprintf(buf, len, fmt, v);
	return buf;
}

static void print_sources(FILE *f, const struct report_night *n)
{
	unsigned int i;

	for (i = 0; i < n->n_sources; i++)
		fprintf(f, "%s%s (%u)", i ? ", " : "", n->sources[i].name, n->sources[i].count);
	fprintf(f, "%s\n", n->n_sources ? "" : "-");
}

/**
 * report_print_text() - the nights, one a line, then the verdicts
 * @f: where to
 * @r: the report
 */
void report_print_text(FILE *f, const struct report *r)
{
	char a[DURATION_LEN], b[DURATION_LEN], mw[32], pct[32], hw[32], dark[32];
	unsigned int verdicts = 0, i;
	size_t k;

	if (!r->n_nights) {
		fprintf(f, "no cycle in the record\n");
		return;
	}
	fprintf(f, "%zu night%s from %s to %s (a night runs from noon to noon, local time)\n\n",
		r->n_nights, r->n_nights > 1 ? "s" : "", r->nights[0].date,
		r->nights[r->n_nights - 1].date);
	fprintf(f, "%-10s  %6s  %9s  %10s  %4s  %-17s  %11s  %8s  %s\n", "NIGHT", "CYCLES",
		"SUSPENDED", "HIBERNATED", "DARK", "DRAIN, SUSPENDED", "DRAIN, DARK", "HW SLEEP",
		"WOKEN BY");
	for (k = 0; k < r->n_nights; k++) {
		const struct report_night *n = &r->nights[k];

		fprintf(f, "%-10s  %6zu  %9s  %10s  %4u  %8s  %7s  %11s  %8s  ", n->date,
			n->n_cycles, hours_words(n->suspended_ms, a),
			hours_words(n->hibernated_ms, b), n->dark_wakes,
			num_words(n->drain_mw, "%.0f mW", mw, sizeof(mw)),
			num_words(n->drain_pct_h, "%.1f %%/h", pct, sizeof(pct)),
			num_words(n->dark_drain_mw, "%.0f mW", dark, sizeof(dark)),
			num_words(n->hw_sleep_ratio * 100, "%.0f %%", hw, sizeof(hw)));
		print_sources(f, n);
	}
	fprintf(f, "\n");
	for (k = 0; k < r->n_nights; k++)
		for (i = 0; i < r->nights[k].n_verdicts; i++, verdicts++)
			fprintf(f, "%s: %s\n", r->nights[k].date, r->nights[k].verdicts[i].text);
	if (!verdicts)
		fprintf(f, "no problem found (the limits: admin guide, 'The sleep report')\n");
}

/* ,"key":value - only when known. */
static void json_real(FILE *f, const char *key, double v, const char *fmt)
{
	if (isnan(v))
		return;
	fprintf(f, ",\"%s\":", key);
	fprintf(f, fmt, v);
}

static void json_night(FILE *f, const struct report_night *n)
{
	unsigned int i;

	fprintf(f, "{\"night\":\"%s\",\"first\":%lld,\"last\":%lld,\"cycles\":%zu,"
		"\"suspended_s\":%lld,\"hibernated_s\":%lld,\"dark_wakes\":%u,\"hibernations\":%u,"
		"\"hibernate_failures\":%u,\"hibernations_undone\":%u", n->date,
		(long long)n->first, (long long)n->last, n->n_cycles,
		(long long)(n->suspended_ms / 1000), (long long)(n->hibernated_ms / 1000),
		n->dark_wakes, n->hibernations, n->failures, n->undone);
	json_real(f, "drain_suspended_mw", n->drain_mw, "%.1f");
	json_real(f, "drain_suspended_pct_h", n->drain_pct_h, "%.2f");
	json_real(f, "drain_hibernated_mw", n->hib_drain_mw, "%.1f");
	json_real(f, "drain_hibernated_pct_h", n->hib_drain_pct_h, "%.2f");
	json_real(f, "drain_dark_mw", n->dark_drain_mw, "%.1f");
	json_real(f, "drain_dark_pct_h", n->dark_drain_pct_h, "%.2f");
	json_real(f, "hw_sleep_ratio", n->hw_sleep_ratio, "%.3f");
	fprintf(f, ",\"wake_sources\":[");
	for (i = 0; i < n->n_sources; i++) {
		fprintf(f, "%s{\"name\":", i ? "," : "");
		fput_json_string(f, n->sources[i].name);
		fprintf(f, ",\"count\":%u}", n->sources[i].count);
	}
	fprintf(f, "],\"verdicts\":[");
	for (i = 0; i < n->n_verdicts; i++) {
		fprintf(f, "%s{\"text\":", i ? "," : "");
		fput_json_string(f, n->verdicts[i].text);
		fprintf(f, ",\"section\":");
		fput_json_string(f, n->verdicts[i].section);
		fprintf(f, "}");
	}
	fprintf(f, "]}");
}

/**
 * report_print_json() - the nights as one JSON object
 * @f: where to
 * @r: the report
 * @record: the record's path, said in it
 */
void report_print_json(FILE *f, const struct report *r, const char *record)
{
	size_t k;

	fprintf(f, "{\"record\":");
	fput_json_string(f, record);
	fprintf(f, ",\"days\":%u,\"night_starts_at_hour\":%d,\"nights\":[", r->days,
		REPORT_NIGHT_HOUR);
	for (k = 0; k < r->n_nights; k++) {
		fprintf(f, "%s", k ? "," : "");
		json_night(f, &r->nights[k]);
	}
	fprintf(f, "]}\n");
}
