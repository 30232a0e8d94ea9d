// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl report as one HTML page that needs nothing else: inline CSS and
 * SVG, no script, no URL - it opens offline, mailed or attached to a bug.
 * Per night a timeline: awake, suspended and hibernated as coloured bands,
 * dark wakes as ticks, the battery as a line over them; then the table of
 * nights and the verdicts. Every string from the record is escaped.
 */
#include <math.h>
#include <string.h>
#include <time.h>

#include "report.h"
#include "parse.h"
#include "array.h"

/* The timeline's geometry, in px: the plot, and room for the labels. */
#define SVG_W		960
#define PLOT_X		48
#define PLOT_W		(SVG_W - PLOT_X - 16)
#define BAR_Y		8
#define BAR_H		60
#define SVG_H		(BAR_Y + BAR_H + 24)
#define DARK_TICK_H	14

/* The colours of the states (the legend; the browser test looks for them). */
#define COLOUR_AWAKE		"#e4e4e4"
#define COLOUR_SUSPENDED	"#2f6fd6"
#define COLOUR_HIBERNATED	"#6a3d9a"
#define COLOUR_BATTERY		"#f08c00"
#define COLOUR_DARK_WAKE	"#111111"
#define COLOUR_FAILED		"#d62728"

/* Text and attribute values: what could end either, as entities. */
static void html(FILE *f, const char *s)
{
	static const char special[] = "&<>\"'";
	static const char * const entities[] = { "&amp;", "&lt;", "&gt;", "&quot;", "&#39;" };

	for (; *s; s++) {
		const char *entity = strchr(special, *s);

		if (*s && entity)
			fputs(entities[entity - special], f);
		else
			fputc(*s, f);
	}
}

static const char *local_time(int64_t t, const char *fmt, char *buf, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	localtime_r(&tt, &tm);
	strftime(buf, len, fmt, &tm);
	return buf;
}

/* A night's timeline: where time @t falls on it. */
struct axis {
	int64_t first, last;
};

static double x_of(const struct axis *ax, double t)
{
	double span = (double)(ax->last - ax->first);

	if (t < ax->first)
		t = ax->first;
	if (t > ax->last)
		t = ax->last;
	return PLOT_X + (t - (double)ax->first) * PLOT_W / span;
}

static double y_of(double pct)
{
	if (pct < 0)
		pct = 0;
	if (pct > 100)
		pct = 100;
	return BAR_Y + BAR_H - pct * BAR_H / 100.0;
}

static void band(FILE *f, const struct axis *ax, const char *cls, const char *colour,
		 double from, double to, const char *what)
{
	double x = x_of(ax, from), w = x_of(ax, to) - x;

	fprintf(f, "<rect class=\"%s\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
		"fill=\"%s\"><title>", cls, x, BAR_Y, w < 1 ? 1 : w, BAR_H, colour);
	html(f, what);
	fprintf(f, "</title></rect>\n");
}

/* The record has how many dark wakes, not when: spread over the suspend. */
static void dark_ticks(FILE *f, const struct axis *ax, const struct report_cycle *c)
{
	int64_t i, n = c->dark_wakes;
	double from = c->suspended_at, to = c->woke_at;

	for (i = 1; i <= n; i++) {
		double x = x_of(ax, from + (to - from) * (double)i / (double)(n + 1));

		fprintf(f, "<line class=\"dark-wake\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" "
			"y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"><title>dark wake</title>"
			"</line>\n", x, x, BAR_Y + BAR_H - DARK_TICK_H, BAR_Y + BAR_H,
			COLOUR_DARK_WAKE);
	}
}

static void cycle_title(const struct report_cycle *c, char *buf, size_t len)
{
	char from[16], to[16];

	snprintf(buf, len, "suspended %s to %s, woken by %s (%s)%s%s",
		 local_time(c->suspended_at, "%H:%M:%S", from, sizeof(from)),
		 local_time(c->woke_at, "%H:%M:%S", to, sizeof(to)), c->wake[0] ? c->wake : "?",
		 c->wake_source[0] ? c->wake_source : "no source known",
		 c->decision[0] ? ", then " : "", c->decision);
}

static void cycle_bands(FILE *f, const struct axis *ax, const struct report_cycle *c)
{
	int64_t woke = c->woke_at >= c->suspended_at ? c->woke_at :
		       c->suspended_at + cycle_suspended_ms(c) / 1000;
	char what[256];

	cycle_title(c, what, sizeof(what));
	band(f, ax, "suspended", COLOUR_SUSPENDED, c->suspended_at, woke, what);
	if (cycle_hibernated(c))
		band(f, ax, "hibernated", COLOUR_HIBERNATED, woke, cycle_end(c),
		     "hibernated, powered off, then resumed");
	if (c->woke_at >= c->suspended_at)
		dark_ticks(f, ax, c);
	if (!strcmp(c->decision, "hibernate") && !cycle_hibernated(c))
		fprintf(f, "<line class=\"failed\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" "
			"stroke=\"%s\" stroke-width=\"3\"><title>hibernation failed or undone"
			"</title></line>\n", x_of(ax, woke), x_of(ax, woke), BAR_Y,
			BAR_Y + BAR_H, COLOUR_FAILED);
}

/* The battery line: a polyline for each run of known readings. */
struct line {
	FILE *f;
	bool open;
};

static void line_point(struct line *l, const struct axis *ax, double t, double pct)
{
	if (isnan(pct)) {
		if (l->open)
			fprintf(l->f, "\"/>\n");
		l->open = false;
		return;
	}
	if (!l->open)
		fprintf(l->f, "<polyline class=\"battery\" fill=\"none\" stroke=\"%s\" "
			"stroke-width=\"2.5\" stroke-linejoin=\"round\" points=\"", COLOUR_BATTERY);
	fprintf(l->f, "%s%.1f,%.1f", l->open ? " " : "", x_of(ax, t), y_of(pct));
	l->open = true;
}

static void battery_line(FILE *f, const struct axis *ax, const struct report_cycle *c, size_t n)
{
	struct line l = { .f = f };
	unsigned int w;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct report_cycle *k = &c[i];
		double span = k->woke_at >= k->suspended_at ?
			      (double)(k->woke_at - k->suspended_at) : 0;

		line_point(&l, ax, k->suspended_at,
			   cycle_pct(k, k->battery_start, k->energy_start_uwh));
		/* the wakes before the last: the dark ones, spread as their ticks are */
		for (w = 0; w + 1 < k->n_wakes && span > 0; w++)
			line_point(&l, ax, k->suspended_at + span * (w + 1) / k->n_wakes,
				   cycle_pct(k, k->wake_battery[w], k->wake_energy_uwh[w]));
		if (span > 0)
			line_point(&l, ax, k->woke_at,
				   cycle_pct(k, k->battery_wake, k->energy_wake_uwh));
		if (cycle_hibernated(k))
			line_point(&l, ax, cycle_end(k), cycle_pct(k, NAN, k->energy_resume_uwh));
	}
	line_point(&l, ax, 0, NAN);
}

/* Ticks at round local times, at most about ten of them. */
static void time_axis(FILE *f, const struct axis *ax)
{
	static const int steps[] = {
		5, 10, 15, 30, 60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600,
	};
	int64_t span = ax->last - ax->first, t, step = 43200, off;
	const char *fmt = "%H:%M";
	int room = 50;			/* px between a tick's label and the ends' */
	char label[16];
	time_t tt = (time_t)ax->first;
	struct tm tm;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(steps); i++)
		if (span / steps[i] <= 10) {
			step = steps[i];
			break;
		}
	localtime_r(&tt, &tm);
	off = tm.tm_gmtoff;
	/* minutes apart at most: the seconds tell the labels apart */
	if (span < 600) {
		fmt = "%H:%M:%S";
		room = 80;
	}
	fprintf(f, "<g class=\"axis\" font-size=\"11\" fill=\"#444\">\n");
	for (t = ((ax->first + off) / step + 1) * step - off; t < ax->last; t += step) {
		double x = x_of(ax, t);

		fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"#888\"/>",
			x, x, BAR_Y + BAR_H, BAR_Y + BAR_H + 4);
		if (x - PLOT_X > room && PLOT_X + PLOT_W - x > room)
			fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
				x, BAR_Y + BAR_H + 16,
				local_time(t, fmt, label, sizeof(label)));
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>", PLOT_X, BAR_Y + BAR_H + 16,
		local_time(ax->first, fmt, label, sizeof(label)));
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n", PLOT_X + PLOT_W,
		BAR_Y + BAR_H + 16, local_time(ax->last, fmt, label, sizeof(label)));
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">100 %%</text>"
		"<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0 %%</text></g>\n", PLOT_X - 4,
		BAR_Y + 10, PLOT_X - 4, BAR_Y + BAR_H);
}

static void night_timeline(FILE *f, const struct report *r, const struct report_night *n)
{
	const struct report_cycle *c = &r->cycles.c[n->first_cycle];
	struct axis ax = { n->first, n->last > n->first ? n->last : n->first + 60 };
	size_t i;

	fprintf(f, "<svg class=\"timeline\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"role=\"img\" aria-label=\"timeline of the night of %s\">\n", SVG_W, SVG_H, SVG_W,
		SVG_H, n->date);
	band(f, &ax, "awake", COLOUR_AWAKE, ax.first, ax.last, "awake");
	for (i = 0; i < n->n_cycles; i++)
		cycle_bands(f, &ax, &c[i]);
	battery_line(f, &ax, c, n->n_cycles);
	time_axis(f, &ax);
	fprintf(f, "</svg>\n");
}

static const char style[] =
	"body{font-family:sans-serif;margin:16px;color:#222;max-width:1000px}"
	"h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:20px 0 6px}"
	"h3{font-size:15px;margin:14px 0 2px}.meta{color:#555;font-size:13px;margin:0}"
	"table{border-collapse:collapse;font-size:13px}"
	"th,td{border:1px solid #ccc;padding:3px 7px;text-align:right}"
	"td{white-space:nowrap}th:first-child,td:first-child,td.words{text-align:left}"
	"td.words{white-space:normal}"
	"ul.verdicts{margin:4px 0;padding-left:20px}.ok{color:#2b7a2b}"
	".legend span{display:inline-block;margin-right:14px;font-size:13px}"
	".legend i{display:inline-block;width:14px;height:10px;margin-right:4px}"
	"svg text{font-family:sans-serif}";

static void print_legend(FILE *f)
{
	static const struct {
		const char *colour, *what;
	} keys[] = {
		{ COLOUR_AWAKE, "awake" }, { COLOUR_SUSPENDED, "suspended" },
		{ COLOUR_HIBERNATED, "hibernated (powered off)" },
		{ COLOUR_DARK_WAKE, "dark wake (spread over the suspend)" },
		{ COLOUR_BATTERY, "battery, 0 to 100 %" },
		{ COLOUR_FAILED, "hibernation failed or undone" },
	};
	size_t i;

	fprintf(f, "<p class=\"legend\">");
	for (i = 0; i < ARRAY_SIZE(keys); i++)
		fprintf(f, "<span><i style=\"background:%s\"></i>%s</span>", keys[i].colour,
			keys[i].what);
	fprintf(f, "</p>\n");
}

static void verdict_list(FILE *f, const struct report_night *n)
{
	unsigned int i;

	if (!n->n_verdicts) {
		fprintf(f, "<p class=\"ok\">No problem found.</p>\n");
		return;
	}
	fprintf(f, "<ul class=\"verdicts\">\n");
	for (i = 0; i < n->n_verdicts; i++) {
		fprintf(f, "<li class=\"verdict\">");
		html(f, n->verdicts[i].text);
		fprintf(f, "</li>\n");
	}
	fprintf(f, "</ul>\n");
}

static void night_section(FILE *f, const struct report *r, const struct report_night *n)
{
	char from[32], to[32], a[DURATION_LEN], b[DURATION_LEN];

	fprintf(f, "<section class=\"night\" id=\"night-%s\">\n<h3>Night of %s, %s to %s</h3>\n",
		n->date, n->date, local_time(n->first, "%a %H:%M", from, sizeof(from)),
		local_time(n->last, "%a %H:%M", to, sizeof(to)));
	fprintf(f, "<p class=\"meta\">%zu cycle%s, suspended %s, hibernated %s, %u dark "
		"wake%s</p>\n", n->n_cycles, n->n_cycles > 1 ? "s" : "",
		format_duration((uint32_t)(n->suspended_ms / 1000), a),
		format_duration((uint32_t)(n->hibernated_ms / 1000), b), n->dark_wakes,
		n->dark_wakes == 1 ? "" : "s");
	night_timeline(f, r, n);
	verdict_list(f, n);
	fprintf(f, "</section>\n");
}

static void cell_num(FILE *f, double v, const char *fmt)
{
	fprintf(f, "<td>");
	if (isnan(v))
		fprintf(f, "-");
	else
		fprintf(f, fmt, v);
	fprintf(f, "</td>");
}

static void night_row(FILE *f, const struct report_night *n)
{
	char a[DURATION_LEN], b[DURATION_LEN];
	unsigned int i;

	fprintf(f, "<tr><td><a href=\"#night-%s\">%s</a></td><td>%zu</td><td>%s</td><td>%s</td>"
		"<td>%u</td>", n->date, n->date, n->n_cycles,
		format_duration((uint32_t)(n->suspended_ms / 1000), a),
		format_duration((uint32_t)(n->hibernated_ms / 1000), b), n->dark_wakes);
	cell_num(f, n->drain_mw, "%.0f");
	cell_num(f, n->drain_pct_h, "%.1f");
	cell_num(f, n->hib_drain_mw, "%.0f");
	cell_num(f, n->dark_drain_mw, "%.0f");
	cell_num(f, n->hw_sleep_ratio * 100, "%.0f %%");
	fprintf(f, "<td>%u / %u</td><td class=\"words\">", n->hibernations,
		n->failures + n->undone);
	for (i = 0; i < n->n_sources; i++) {
		fprintf(f, "%s", i ? ", " : "");
		html(f, n->sources[i].name);
		fprintf(f, " (%u)", n->sources[i].count);
	}
	fprintf(f, "</td></tr>\n");
}

static void night_table(FILE *f, const struct report *r)
{
	size_t k;

	fprintf(f, "<table class=\"nights\">\n<tr><th>Night</th><th>Cycles</th><th>Suspended</th>"
		"<th>Hibernated</th><th>Dark wakes</th><th>Drain suspended, mW</th><th>%%/h</th>"
		"<th>Drain hibernated, mW</th><th>Drain in dark wakes, mW</th><th>Hardware sleep</th>"
		"<th>Hibernations ok / failed</th><th>Top wake sources</th></tr>\n");
	for (k = 0; k < r->n_nights; k++)
		night_row(f, &r->nights[k]);
	fprintf(f, "</table>\n");
}

/**
 * report_print_html() - the whole page
 * @f: where to
 * @r: the report
 * @record: the record's path, said on the page
 */
void report_print_html(FILE *f, const struct report *r, const char *record)
{
	size_t k;

	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		"<title>s2h sleep report</title>\n<style>%s</style>\n</head>\n<body>\n"
		"<h1>s2h sleep report</h1>\n<p class=\"meta\">", style);
	if (r->n_nights)
		fprintf(f, "%zu night%s from %s to %s; ", r->n_nights, r->n_nights > 1 ? "s" : "",
			r->nights[0].date, r->nights[r->n_nights - 1].date);
	fprintf(f, "a night runs from noon to noon, local time. Record: ");
	html(f, record);
	fprintf(f, "</p>\n");
	if (!r->n_nights) {
		fprintf(f, "<p>No cycle in the record.</p>\n</body>\n</html>\n");
		return;
	}
	print_legend(f);
	for (k = r->n_nights; k-- > 0;)
		night_section(f, r, &r->nights[k]);
	fprintf(f, "<h2>Nights</h2>\n");
	night_table(f, r);
	fprintf(f, "</body>\n</html>\n");
}
