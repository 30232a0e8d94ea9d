// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of s2hctl report from fixed data: the reader of the record
 * (report-read.c: fields, what is left out, a line cut short, a newer
 * writer's keys), the nights and their figures (report.c: noon to noon in
 * local time, drains, hardware sleep, repeats, --days), the verdicts and
 * the guide's sections they name, and the three outputs (escaping, no
 * URL, unknown left out). The sample record is the one the browser test
 * renders: selftests/report/sample. TAP, ending in "N passed, N failed,
 * N skipped".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "array.h"
#include "drain.h"
#include "test-tap.h"
#include "report.h"

static bool near(double a, double b)
{
	return fabs(a - b) < 0.01;
}

static void set_tz(const char *tz)
{
	setenv("TZ", tz, 1);
	tzset();
}

/* 2026-12-01 22:30 UTC and the like, from its parts. */
static int64_t utc(int y, int mon, int d, int h, int min)
{
	struct tm tm = { .tm_year = y - 1900, .tm_mon = mon - 1, .tm_mday = d,
			 .tm_hour = h, .tm_min = min };

	return timegm(&tm);
}

static void test_parse(void)
{
	struct report_cycle c;
	int err;

	err = report_parse_line("{\"v\":1,\"boot\":\"b\",\"seq\":7,\"suspended_at\":100,"
				"\"woke_at\":200,\"wake\":\"alarm\",\"decision\":\"hibernate\","
				"\"result\":-5,\"on_ac\":false,\"battery_start\":80.5,"
				"\"energy_full_uwh\":50000000,\"dark_wakes\":2,"
				"\"wakes\":[{\"battery\":79,\"energy_uwh\":1},{},{\"battery\":78}],"
				"\"wake_source\":\"a\\u003cb\\\"c\",\"hw_sleep_us\":5,"
				"\"state_ms\":{\"armed\":90,\"idle\":10,\"new\":1},"
				"\"drain_suspended_mw\":1.5}\n", &c);
	expect(!err && c.seq == 7 && c.suspended_at == 100 && c.woke_at == 200 &&
	       !strcmp(c.boot, "b") && !strcmp(c.wake, "alarm") &&
	       !strcmp(c.decision, "hibernate") && c.has_result && c.result == -5 && !c.on_ac &&
	       near(c.battery_start, 80.5) && c.energy_full_uwh == 50000000 &&
	       c.dark_wakes == 2 && c.hw_sleep_us == 5 && near(c.drain_suspended_mw, 1.5),
	       "parse: a line's flat fields");
	expect(!err && c.n_wakes == 3 && near(c.wake_battery[0], 79) && c.wake_energy_uwh[0] == 1 &&
	       isnan(c.wake_battery[1]) && c.wake_energy_uwh[1] == -1 &&
	       near(c.wake_battery[2], 78),
	       "parse: wakes, each with what it has");
	expect(!err && c.state_ms[RS_ARMED] == 90 && c.state_ms[RS_IDLE] == 10 &&
	       c.state_ms[RS_HIBERNATING] == -1, "parse: state_ms, a state left out unknown");
	expect(!strcmp(c.wake_source, "a<b\"c"), "parse: a string's escapes (got '%s')",
	       c.wake_source);
	expect(isnan(c.battery_wake) && c.energy_start_uwh == -1 && c.on_ac == 0 &&
	       !c.undone_by[0] && isnan(c.drain_hibernated_pct_h) && c.image_read_ms == -1,
	       "parse: what the line leaves out is unknown, not 0");

	err = report_parse_line("{\"suspended_at\":5,\"later\":{\"a\":[1,{\"b\":null}],\"c\":\"}\"},"
				"\"seq\":\"x\",\"dark_wakes\":-3,\"on_ac\":1}", &c);
	expect(!err && c.suspended_at == 5 && c.seq == -1 && c.dark_wakes == -1 && c.on_ac == -1,
	       "parse: a newer writer's key skipped whatever it holds, a value of the wrong "
	       "type unknown");
	expect(!report_parse_line("  {\"suspended_at\":5}  \r\n", &c), "parse: spaces around");
	expect(report_parse_line("{\"v\":1,\"suspended_at\":17962", &c) == -EINVAL,
	       "parse: a line cut short is refused");
	expect(report_parse_line("{\"v\":1,\"woke_at\":5}", &c) == -EINVAL,
	       "parse: a cycle without suspended_at is refused: no night holds it");
	expect(report_parse_line("{\"suspended_at\":5} x", &c) == -EINVAL &&
	       report_parse_line("{\"suspended_at\":0x5}", &c) == -EINVAL &&
	       report_parse_line("{\"suspended_at\":5,}", &c) == -EINVAL,
	       "parse: trailing words, a hex number, a trailing comma: refused");
	expect(!report_parse_line("{\"a\":[[[[[1]]]]],\"suspended_at\":5}", &c) &&
	       report_parse_line("{\"a\":[[[[[[[[[[1]]]]]]]]]],\"suspended_at\":5}", &c) == -EINVAL,
	       "parse: nested 5 deep read, 10 deep refused (no line of the format nests so)");
}

/* report_read() of @path, what it warned in @warned (to free). */
static int read_sample(const char *path, struct report_cycles *l, char **warned)
{
	size_t len;
	FILE *w = open_memstream(warned, &len);
	int err;

	if (!w)
		abort();
	err = report_read(path, w, l);
	fclose(w);
	return err;
}

static unsigned int count(const char *text, const char *what)
{
	unsigned int n = 0;

	for (; (text = strstr(text, what)); text++)
		n++;
	return n;
}

static void test_read(void)
{
	struct report_cycles l;
	char *warned;
	int err;

	err = read_sample(REPORT_SAMPLE, &l, &warned);
	expect(!err && l.n == 7, "read: the sample's 7 cycles, both files (got %zu)", l.n);
	expect(!err && l.n == 7 && l.c[0].seq == 1 && !strcmp(l.c[0].boot, "b1") &&
	       l.c[6].seq == 3 && !strcmp(l.c[6].boot, "b2"),
	       "read: cycles.jsonl.1 first, then cycles.jsonl");
	expect(count(warned, "\n") == 1 && strstr(warned, "cycles.jsonl:7: not a whole cycle"),
	       "read: the torn last line skipped with one warning naming it (got '%.*s')",
	       (int)strcspn(warned, "\n"), warned);
	free(warned);
	report_cycles_free(&l);

	err = read_sample(REPORT_SAMPLE "/" RECORD_FILE_OLD, &l, &warned);
	expect(!err && l.n == 2 && !*warned, "read: one file alone");
	free(warned);
	report_cycles_free(&l);

	err = read_sample("/nonexistent", &l, &warned);
	expect(err == -ENOENT, "read: no record: -ENOENT");
	free(warned);
	err = read_sample("/tmp/", &l, &warned);
	expect(err == -ENOENT, "read: a directory without either file: -ENOENT");
	free(warned);
}

static void test_nights_rule(void)
{
	long d1 = utc(2026, 12, 1, 0, 0) / 86400;

	set_tz("UTC");
	expect(report_day(utc(2026, 12, 1, 22, 0)) == d1 &&
	       report_day(utc(2026, 12, 2, 7, 0)) == d1 &&
	       report_day(utc(2026, 12, 2, 11, 59)) == d1,
	       "night: 22:00 to 11:59 the next day is one night");
	expect(report_day(utc(2026, 12, 1, 12, 0)) == d1 && report_day(utc(2026, 12, 1, 11, 59)) ==
	       d1 - 1, "night: it starts at noon");
	/* Berlin: +1 in winter, CEST +2 until 2026-10-25 03:00 */
	set_tz("Europe/Berlin");
	expect(report_day(utc(2026, 12, 1, 11, 30)) == d1 &&
	       report_day(utc(2026, 12, 1, 10, 30)) == d1 - 1,
	       "night: local time decides (11:30 UTC is past noon in Berlin)");
	expect(report_day(utc(2026, 10, 24, 20, 0)) == report_day(utc(2026, 10, 25, 9, 0)) &&
	       report_day(utc(2026, 10, 25, 12, 0)) == report_day(utc(2026, 10, 24, 20, 0)) + 1,
	       "night: a night across the change from summer time is one, the next one after");
	set_tz("UTC");
}

/* The sample's report, in UTC. */
static int sample_report(struct report *r, unsigned int days)
{
	struct report_cycles l;
	char *warned;
	int err = read_sample(REPORT_SAMPLE, &l, &warned);

	free(warned);
	if (!err)
		err = report_build(r, &l, days);
	report_cycles_free(&l);
	return err;
}

static bool has_verdict(const struct report_night *n, enum report_verdict_kind kind,
			const char *words)
{
	unsigned int i;

	for (i = 0; i < n->n_verdicts; i++)
		if (n->verdicts[i].kind == kind && strstr(n->verdicts[i].text, words))
			return true;
	return false;
}

static void test_build(void)
{
	const struct report_night *n;
	struct report r;

	set_tz("UTC");
	if (sample_report(&r, REPORT_DAYS_DEFAULT) || r.n_nights != 4) {
		expect(false, "build: the sample's 4 nights (got %zu)", r.n_nights);
		report_free(&r);
		return;
	}
	expect(!strcmp(r.nights[0].date, "2026-12-01") && !strcmp(r.nights[3].date, "2026-12-04"),
	       "build: 4 nights, oldest first, named by the date they start");
	n = &r.nights[0];
	expect(n->n_cycles == 1 && n->suspended_ms == 10800000 && n->hibernated_ms == 19820000 &&
	       n->first == utc(2026, 12, 1, 22, 30) && n->last == utc(2026, 12, 2, 7, 0) + 20,
	       "build: night 1: suspended 3 h, hibernated 5 h 30 m and the resume's 20 s");
	expect(near(n->drain_mw, 500) && near(n->drain_pct_h, 1.0),
	       "build: night 1: 500 mW, 1 %%/h, from the energies (got %.2f mW %.2f %%/h)",
	       n->drain_mw, n->drain_pct_h);
	expect(fabs(n->hib_drain_mw - 100000.0 / 1000 / (19820.0 / 3600)) < 0.01,
	       "build: night 1: hibernated, the energy from the wake to the resume (%.2f mW)",
	       n->hib_drain_mw);
	expect(isnan(n->hw_sleep_ratio) && !n->n_verdicts,
	       "build: night 1: no hardware sleep known (S3), no verdict");
	n = &r.nights[1];
	expect(n->n_cycles == 2, "build: night 2: the cycle in both files counted once");
	expect(fabs(n->drain_pct_h - (4.1 * 3 + 3.0 * 40 / 60) / (3 + 40.0 / 60)) < 0.001 &&
	       near(n->drain_mw, 2000),
	       "build: night 2: drains weighted by hours, the record's own figure first "
	       "(got %.3f %%/h %.1f mW)", n->drain_pct_h, n->drain_mw);
	expect(fabs(n->hw_sleep_ratio - 1536.0 / 13200) < 0.0001,
	       "build: night 2: hardware sleep over both suspends (got %.4f)", n->hw_sleep_ratio);
	expect(n->n_sources == 2 && !strcmp(n->sources[0].name, "PNP0C0D:00") &&
	       n->sources[1].count == 1, "build: night 2: its wake sources");
	expect(n->n_verdicts == 1 &&
	       has_verdict(n, VERDICT_S2IDLE, "s2idle drained 3.9 %/h and the hardware slept 12 % "
			   "of the time: see admin guide, 'Drains in s2idle'"),
	       "build: night 2: the s2idle verdict (got '%s')",
	       n->n_verdicts ? n->verdicts[0].text : "");
	n = &r.nights[2];
	expect(n->dark_wakes == 12 && n->failures == 1 && n->undone == 1 && !n->hibernations &&
	       !n->hibernated_ms, "build: night 3: 12 dark wakes, a failure, one undone");
	expect(has_verdict(n, VERDICT_DARK_WAKES, "woke 12 times") &&
	       has_verdict(n, VERDICT_HIBERNATE_FAILED, "EIO") &&
	       has_verdict(n, VERDICT_UNDONE, "r8169 <eth0>") && n->n_verdicts == 3,
	       "build: night 3: the dark wakes', the failure's and the undone one's verdicts");
	n = &r.nights[3];
	expect(isnan(n->drain_mw) && isnan(n->drain_pct_h) && !n->n_verdicts,
	       "build: night 4: on mains, no drain");
	report_free(&r);

	expect(!sample_report(&r, 2) && r.n_nights == 2 && !strcmp(r.nights[0].date, "2026-12-03"),
	       "build: --days 2: the newest two nights");
	report_free(&r);
	expect(!sample_report(&r, 1) && r.n_nights == 1 && r.cycles.n == 1,
	       "build: --days 1: the newest night and its cycle alone");
	report_free(&r);
}

static char *render(const struct report *r, int how);

/* A report of one cycle, from its line. */
static int one_cycle(struct report *r, const char *line)
{
	struct report_cycles l = { 0 };
	struct report_cycle c;

	if (report_parse_line(line, &c))
		return -EINVAL;
	l.c = malloc(sizeof(c));
	l.c[0] = c;
	l.n = 1;
	l.cap = 1;
	return report_build(r, &l, 1);
}

static void test_verdicts(void)
{
	struct report r;
	char line[512];

	set_tz("UTC");
	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld,\"wake\":\"alarm\","
		 "\"battery_start\":50,\"battery_wake\":41,\"dark_wakes\":0}",
		 (long long)utc(2026, 12, 1, 22, 0), (long long)utc(2026, 12, 2, 1, 0));
	expect(!one_cycle(&r, line) && r.nights[0].n_verdicts == 1 &&
	       has_verdict(&r.nights[0], VERDICT_DRAIN, "suspended, the battery drained 3.0 %/h"),
	       "verdict: 3 %%/h without hardware sleep known: drains in suspend");
	report_free(&r);

	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld,\"wake\":\"early\","
		 "\"battery_start\":50,\"battery_wake\":41}", (long long)utc(2026, 12, 1, 22, 0),
		 (long long)utc(2026, 12, 2, 1, 0));
	expect(!one_cycle(&r, line) && isnan(r.nights[0].drain_pct_h) && !r.nights[0].n_verdicts,
	       "verdict: a user's wake ends it: no drain from a battery read earlier");
	report_free(&r);

	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld,\"wake\":\"alarm\","
		 "\"decision\":\"hibernate\",\"result\":0,\"energy_wake_uwh\":40000000,"
		 "\"energy_resume_uwh\":39000000,\"energy_full_uwh\":50000000,"
		 "\"state_ms\":{\"hibernating\":7200000}}", (long long)utc(2026, 12, 1, 22, 0),
		 (long long)utc(2026, 12, 1, 23, 0));
	expect(!one_cycle(&r, line) && near(r.nights[0].hib_drain_pct_h, 1.0) &&
	       near(r.nights[0].hib_drain_mw, 500) &&
	       has_verdict(&r.nights[0], VERDICT_HIBERNATED_DRAIN, "still drained 1.0 %/h"),
	       "verdict: 1 %%/h lost while hibernated");
	report_free(&r);

	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld,\"wake\":\"alarm\","
		 "\"hw_sleep_us\":3240000000,\"dark_wakes\":0,\"state_ms\":{\"armed\":3600000},"
		 "\"drain_suspended_pct_h\":0.5}", (long long)utc(2026, 12, 1, 22, 0),
		 (long long)utc(2026, 12, 1, 23, 0));
	expect(!one_cycle(&r, line) && near(r.nights[0].hw_sleep_ratio, 0.9) &&
	       !r.nights[0].n_verdicts, "verdict: 90 %% hardware sleep, 0.5 %%/h: none");
	report_free(&r);

	/* hw_sleep_us is the last suspend's: against the armed time only without dark wakes */
	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld,\"wake\":\"alarm\","
		 "\"hw_sleep_us\":360000000,\"dark_wakes\":3,\"state_ms\":{\"armed\":3600000}}",
		 (long long)utc(2026, 12, 1, 22, 0), (long long)utc(2026, 12, 1, 23, 0));
	expect(!one_cycle(&r, line) && isnan(r.nights[0].hw_sleep_ratio) && !r.nights[0].n_verdicts,
	       "verdict: hardware sleep of a cycle with dark wakes: not compared, no verdict");
	report_free(&r);
}

/*
 * The dark wakes' drain: 4 mWh in their 4 s awake is 3600 mW, 7.2 %/h of
 * 50 Wh; the drain while suspended leaves them out (0.296 Wh over 3596 s).
 */
static void test_dark(void)
{
	struct report r;
	char line[512], *out;

	set_tz("UTC");
	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld,\"wake\":\"alarm\","
		 "\"energy_start_uwh\":40000000,\"energy_wake_uwh\":39700000,"
		 "\"energy_full_uwh\":50000000,\"dark_wakes\":2,\"dark_ms\":4000,"
		 "\"energy_dark_uwh\":4000}", (long long)utc(2026, 12, 1, 22, 0),
		 (long long)utc(2026, 12, 1, 23, 0));
	if (one_cycle(&r, line)) {
		expect(false, "dark: a report of one cycle");
		return;
	}
	expect(near(r.nights[0].dark_drain_mw, 3600) && near(r.nights[0].dark_drain_pct_h, 7.2),
	       "dark: the dark wakes' drain from their energy and time");
	expect(near(r.nights[0].drain_mw, 296.33) && near(r.nights[0].drain_pct_h, 0.593),
	       "dark: the drain while suspended leaves the dark wakes out");
	out = render(&r, 'j');
	expect(strstr(out, "\"drain_dark_mw\":3600.0,\"drain_dark_pct_h\":7.20"),
	       "dark: json has the night's drain in dark wakes");
	free(out);
	out = render(&r, 't');
	expect(strstr(out, "DRAIN, DARK") && strstr(out, "  3600 mW  "),
	       "dark: text has its column");
	free(out);
	out = render(&r, 'h');
	expect(strstr(out, "<th>Drain in dark wakes, mW</th>") && strstr(out, "<td>3600</td>"),
	       "dark: html has its column");
	free(out);
	report_free(&r);

	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld,\"wake\":\"alarm\","
		 "\"dark_wakes\":2,\"dark_ms\":4000,\"energy_dark_uwh\":4000,"
		 "\"energy_full_uwh\":50000000,\"drain_dark_mw\":1234.5}",
		 (long long)utc(2026, 12, 1, 22, 0), (long long)utc(2026, 12, 1, 23, 0));
	expect(!one_cycle(&r, line) && near(r.nights[0].dark_drain_mw, 1234.5),
	       "dark: the record's own figure comes first");
	report_free(&r);

	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld,\"wake\":\"alarm\","
		 "\"dark_wakes\":2,\"dark_ms\":4000,\"energy_full_uwh\":50000000}",
		 (long long)utc(2026, 12, 1, 22, 0), (long long)utc(2026, 12, 1, 23, 0));
	expect(!one_cycle(&r, line) && isnan(r.nights[0].dark_drain_mw),
	       "dark: without their energy, no drain of theirs");
	report_free(&r);
}

/*
 * The one rule both the module's last cycle and the record's cycles take
 * the dark wakes out by: 1 Wh over an hour is 1000 mW.
 */
static void test_less_dark(void)
{
	static const struct {
		const char *name;
		int64_t start, dark_uwh;
		uint64_t ms, dark_ms;
		bool known;
		double mw;
	} rows[] = {
		{ "dark wakes measured: left out", 1360000, 360000, 3960000, 360000, true, 1000 },
		{ "their energy unknown: all of it", 1000000, -1, 3600000, 360000, true, 1000 },
		{ "more energy than the suspend's: all of it", 1000000, 2000000, 3600000, 0,
		  true, 1000 },
		{ "dark all along: no suspended time", 1000000, 0, 3600000, 3600000, false, 0 },
		{ "longer than the suspend: all of it", 1000000, 0, 3600000, 7200000, true, 1000 },
	};
	struct drain d;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		drain_less_dark(rows[i].start, 0, 0, rows[i].ms, rows[i].dark_uwh,
				rows[i].dark_ms, &d);
		expect(d.known == rows[i].known && (!d.known || near(d.mw, rows[i].mw)) &&
		       !d.pct_known, "less dark: %s", rows[i].name);
	}
}

/* A night of minutes - a VM's - has its seconds on the axis, hours do not. */
static void test_axis(void)
{
	struct report r;
	char line[256], *out;

	set_tz("UTC");
	snprintf(line, sizeof(line), "{\"suspended_at\":%lld,\"woke_at\":%lld}",
		 (long long)utc(2026, 12, 1, 22, 0), (long long)utc(2026, 12, 1, 22, 2));
	if (one_cycle(&r, line)) {
		expect(false, "axis: a report of one cycle");
		return;
	}
	out = render(&r, 'h');
	expect(strstr(out, ">22:00:00</text>") && strstr(out, ">22:02:00</text>") &&
	       strstr(out, ">22:01:00</text>"), "axis: 2 minutes: ticks every 15 s, with seconds");
	free(out);
	report_free(&r);
}

/* Each verdict names a title of the guide, or a term of its Troubleshooting. */
static void test_sections(void)
{
	FILE *f = fopen(ADMIN_GUIDE_SOURCE, "r");
	char *guide = NULL, title[96], term[96];
	size_t len = 0;
	int i;

	if (!f || getdelim(&guide, &len, '\0', f) < 0) {
		expect(false, "sections: read %s", ADMIN_GUIDE_SOURCE);
		return;
	}
	fclose(f);
	for (i = 0; i < VERDICT_MAX; i++) {
		snprintf(title, sizeof(title), "\n%s\n---", report_sections[i]);
		snprintf(term, sizeof(term), "\n%s\n\t", report_sections[i]);
		expect(strstr(guide, title) || strstr(guide, term),
		       "sections: the guide has \"%s\"", report_sections[i]);
	}
	expect(strstr(guide, "\nThe sleep report\n===="),
	       "sections: the guide has \"The sleep report\", which the text points to");
	free(guide);
}

/* What report_print_*() writes, to free. */
static char *render(const struct report *r, int how)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		abort();
	if (how == 'h')
		report_print_html(f, r, "/var/lib/s2h <&>");
	else if (how == 'j')
		report_print_json(f, r, "rec\"ord");
	else
		report_print_text(f, r);
	fclose(f);
	return buf;
}

static void test_outputs(void)
{
	struct report r;
	char *out;

	set_tz("UTC");
	if (sample_report(&r, REPORT_DAYS_DEFAULT)) {
		expect(false, "outputs: the sample's report");
		return;
	}
	out = render(&r, 'h');
	expect(!strstr(out, "http:") && !strstr(out, "https:") && !strstr(out, "src=") &&
	       !strstr(out, "<script") && !strstr(out, "url("),
	       "html: no URL, no src=, no script: it works offline");
	expect(count(out, "<svg class=\"timeline\"") == 4 &&
	       count(out, "class=\"suspended\"") == 6 &&
	       count(out, "class=\"hibernated\"") == 2 && count(out, "class=\"dark-wake\"") == 12 &&
	       count(out, "class=\"failed\"") == 2 && count(out, "class=\"battery\"") == 5,
	       "html: a timeline a night: 6 suspends, 2 hibernations, 12 dark wakes, 2 failed, "
	       "the battery in 5 runs (cut where a night 2's resume has no reading)");
	expect(strstr(out, "AMDI0010:01 &lt;i&gt;&amp;amp;&lt;/i&gt; &quot;q&quot;") &&
	       strstr(out, "r8169 &lt;eth0&gt;") && strstr(out, "/var/lib/s2h &lt;&amp;&gt;") &&
	       !strstr(out, "<i>&amp;</i>") && !strstr(out, "<eth0>"),
	       "html: every string of the record escaped");
	expect(strstr(out, "see admin guide, &#39;Drains in s2idle&#39;"),
	       "html: the verdicts, with their section");
	free(out);

	out = render(&r, 'j');
	expect(strstr(out, "{\"record\":\"rec\\\"ord\",\"days\":7,") &&
	       strstr(out, "\"name\":\"AMDI0010:01 <i>&amp;</i> \\\"q\\\"\"") &&
	       strstr(out, "\"hw_sleep_ratio\":0.116") &&
	       strstr(out, "{\"night\":\"2026-12-04\"") &&
	       !strstr(strstr(out, "{\"night\":\"2026-12-04\""), "drain_suspended"),
	       "json: escaped strings, the figures, an unknown one left out");
	free(out);

	out = render(&r, 't');
	expect(strstr(out, "2026-12-02       2      3h40m") &&
	       strstr(out, "2026-12-03: 1 hibernation failed (the first with EIO)"),
	       "text: a line a night, then the verdicts");
	free(out);
	report_free(&r);
}

int main(void)
{
	printf("TAP version 13\n");
	test_parse();
	test_read();
	test_nights_rule();
	test_build();
	test_verdicts();
	test_dark();
	test_less_dark();
	test_sections();
	test_outputs();
	test_axis();
	return tap_done();
}
