// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl report, the computation: cycles grouped into nights, and what
 * each night adds up to. Drains come from the record's own figures when
 * its writer gave them, else from its energies or percents - the battery
 * read at the wake that ended the cycle only, as metrics.c does. Cycles on
 * mains are left out of the drains: they charge.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "drain.h"
#include "report.h"
#include "names.h"

const char * const report_sections[VERDICT_MAX] = {
	[VERDICT_S2IDLE] = "Drains in s2idle",
	[VERDICT_DRAIN] = "Drains in suspend",
	[VERDICT_HIBERNATED_DRAIN] = "Drains while hibernated",
	[VERDICT_DARK_WAKES] = "Dark wakes",
	[VERDICT_HIBERNATE_FAILED] = "It fails to hibernate",
	[VERDICT_UNDONE] = "Hibernation undone by a wakeup event",
};

/**
 * report_day() - the night @t belongs to
 * @t: seconds since the epoch
 *
 * Return: days since the epoch of the local date whose noon starts the
 * night: before noon, the day before.
 */
long report_day(int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	localtime_r(&tt, &tm);
	if (tm.tm_hour < REPORT_NIGHT_HOUR)
		tm.tm_mday--;
	/* the date alone, as UTC midnight: whole days apart, whatever DST does */
	tm.tm_hour = 0;
	tm.tm_min = 0;
	tm.tm_sec = 0;
	return (long)(timegm(&tm) / 86400);
}

bool cycle_hibernated(const struct report_cycle *c)
{
	return !strcmp(c->decision, "hibernate") && c->has_result && !c->result &&
	       !c->undone_by[0];
}

/* Known and past the suspend: the cycle's last wake. */
static bool has_wake_time(const struct report_cycle *c)
{
	return c->woke_at >= c->suspended_at;
}

/* Asleep: the time armed, else the span from suspend to the last wake. */
int64_t cycle_suspended_ms(const struct report_cycle *c)
{
	if (c->state_ms[RS_ARMED] >= 0)
		return c->state_ms[RS_ARMED];
	return has_wake_time(c) ? (c->woke_at - c->suspended_at) * 1000 : 0;
}

/* From the hibernation's start to the end of the resume, powered off between. */
int64_t cycle_hibernated_ms(const struct report_cycle *c)
{
	int64_t ms = 0;

	if (!cycle_hibernated(c))
		return 0;
	if (c->state_ms[RS_HIBERNATING] > 0)
		ms += c->state_ms[RS_HIBERNATING];
	if (c->state_ms[RS_RESUMING] > 0)
		ms += c->state_ms[RS_RESUMING];
	return ms;
}

/* When the cycle was over: its last wake, then its hibernation's resume. */
int64_t cycle_end(const struct report_cycle *c)
{
	int64_t end = has_wake_time(c) ? c->woke_at :
		      c->suspended_at + cycle_suspended_ms(c) / 1000;

	return end + (cycle_hibernated_ms(c) + 999) / 1000;
}

/* The battery, in percent: from the energy when the record has it and the full charge. */
double cycle_pct(const struct report_cycle *c, double pct, int64_t energy_uwh)
{
	if (energy_uwh >= 0 && c->energy_full_uwh > 0)
		return 100.0 * (double)energy_uwh / (double)c->energy_full_uwh;
	return pct;
}

/* Hours from the suspend to the last wake; 0 when unknown. */
static double suspended_hours(const struct report_cycle *c)
{
	return has_wake_time(c) ? (double)(c->woke_at - c->suspended_at) / 3600.0 : 0;
}

/* The dark wakes' time and energy, where the record has both. */
static bool dark_known(const struct report_cycle *c)
{
	return c->dark_ms > 0 && c->energy_dark_uwh >= 0;
}

/*
 * The drain while suspended, mW and percent an hour: the record's figures
 * when it has them, else from its energy (drain_between(), the dark
 * wakes' apart where known: drain_less_dark()), and the percent from
 * the battery's percent where the energy is not known. Computed only
 * when the alarm's wake ended the cycle: a user's later wake would
 * stretch the hours over a battery read at the alarm.
 */
static void suspended_drain(const struct report_cycle *c, double *mw, double *pct_h)
{
	double h = suspended_hours(c);
	bool own = !strcmp(c->wake, "alarm") && h > 0;
	struct drain d;

	drain_less_dark(c->energy_start_uwh, c->energy_wake_uwh, c->energy_full_uwh,
			own ? (uint64_t)(h * 3600000.0) : 0,
			dark_known(c) ? c->energy_dark_uwh : -1,
			dark_known(c) ? (uint64_t)c->dark_ms : 0, &d);
	*mw = c->drain_suspended_mw;
	if (isnan(*mw) && d.known)
		*mw = d.mw;
	*pct_h = c->drain_suspended_pct_h;
	if (isnan(*pct_h) && d.pct_known)
		*pct_h = d.pct_h;
	else if (isnan(*pct_h) && own)
		*pct_h = (c->battery_start - c->battery_wake) / h;
}

/* The drain while hibernated: from the energy at the wake to the one at the resume. */
static void hibernated_drain(const struct report_cycle *c, double *mw, double *pct_h)
{
	struct drain d;

	drain_between(c->energy_wake_uwh, c->energy_resume_uwh, c->energy_full_uwh,
		      (uint64_t)cycle_hibernated_ms(c), &d);
	*mw = c->drain_hibernated_mw;
	if (isnan(*mw) && d.known)
		*mw = d.mw;
	*pct_h = c->drain_hibernated_pct_h;
	if (isnan(*pct_h) && d.pct_known)
		*pct_h = d.pct_h;
}

/* The drain in the dark wakes: their energy over their time awake. */
static void dark_drain(const struct report_cycle *c, double *mw, double *pct_h)
{
	struct drain d;

	drain_between(dark_known(c) ? c->energy_dark_uwh : -1, 0, c->energy_full_uwh,
		      dark_known(c) ? (uint64_t)c->dark_ms : 0, &d);
	*mw = c->drain_dark_mw;
	if (isnan(*mw) && d.known)
		*mw = d.mw;
	*pct_h = c->drain_dark_pct_h;
	if (isnan(*pct_h) && d.pct_known)
		*pct_h = d.pct_h;
}

/* A mean weighted by hours: the sums, then their quotient. */
struct mean {
	double sum, hours;
};

static void mean_add(struct mean *m, double v, double hours)
{
	if (!isnan(v) && hours > 0) {
		m->sum += v * hours;
		m->hours += hours;
	}
}

static double mean_of(const struct mean *m)
{
	return m->hours > 0 ? m->sum / m->hours : NAN;
}

static int source_cmp(const void *a, const void *b)
{
	const struct report_source *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* The night's most frequent wake sources, most first, ties by name. */
static void top_sources(struct report_night *n, const struct report_cycle *c)
{
	struct report_source *all = calloc(n->n_cycles, sizeof(*all));
	size_t i, j, n_all = 0;

	if (!all)
		return;
	for (i = 0; i < n->n_cycles; i++) {
		if (!c[i].wake_source[0])
			continue;
		for (j = 0; j < n_all && strcmp(all[j].name, c[i].wake_source); j++)
			;
		if (j == n_all)
			snprintf(all[n_all++].name, REPORT_NAME_LEN, "%s", c[i].wake_source);
		all[j].count++;
	}
	qsort(all, n_all, sizeof(*all), source_cmp);
	n->n_sources = n_all < REPORT_TOP_SOURCES ? n_all : REPORT_TOP_SOURCES;
	memcpy(n->sources, all, n->n_sources * sizeof(*all));
	free(all);
}

/* The hardware's share: cycles of one suspend only, hw_sleep_us being the last suspend's. */
static void hw_share(struct report_night *n, const struct report_cycle *c)
{
	double hw_ms = 0, armed_ms = 0;
	size_t i;

	for (i = 0; i < n->n_cycles; i++) {
		if (c[i].hw_sleep_us < 0 || c[i].dark_wakes != 0 || c[i].state_ms[RS_ARMED] <= 0)
			continue;
		hw_ms += (double)c[i].hw_sleep_us / 1000.0;
		armed_ms += (double)c[i].state_ms[RS_ARMED];
	}
	n->hw_sleep_ratio = armed_ms > 0 ? hw_ms / armed_ms : NAN;
}

static void sum_night(struct report_night *n, const struct report_cycle *c)
{
	struct mean mw = { 0 }, pct = { 0 }, hmw = { 0 }, hpct = { 0 }, dmw = { 0 }, dpct = { 0 };
	double d_mw, d_pct, h;
	size_t i;

	n->first = c[0].suspended_at;
	n->last = c[0].suspended_at;
	for (i = 0; i < n->n_cycles; i++) {
		if (cycle_end(&c[i]) > n->last)
			n->last = cycle_end(&c[i]);
		n->suspended_ms += cycle_suspended_ms(&c[i]);
		n->hibernated_ms += cycle_hibernated_ms(&c[i]);
		n->dark_wakes += c[i].dark_wakes > 0 ? (unsigned int)c[i].dark_wakes : 0;
		n->hibernations += cycle_hibernated(&c[i]);
		n->undone += !!c[i].undone_by[0];
		n->failures += !strcmp(c[i].decision, "hibernate") && c[i].has_result &&
			       c[i].result;
		if (c[i].on_ac == 1)
			continue;
		suspended_drain(&c[i], &d_mw, &d_pct);
		mean_add(&mw, d_mw, suspended_hours(&c[i]));
		mean_add(&pct, d_pct, suspended_hours(&c[i]));
		h = (double)cycle_hibernated_ms(&c[i]) / 3600000.0;
		hibernated_drain(&c[i], &d_mw, &d_pct);
		mean_add(&hmw, d_mw, h);
		mean_add(&hpct, d_pct, h);
		h = c[i].dark_ms > 0 ? (double)c[i].dark_ms / 3600000.0 : 0;
		dark_drain(&c[i], &d_mw, &d_pct);
		mean_add(&dmw, d_mw, h);
		mean_add(&dpct, d_pct, h);
	}
	n->drain_mw = mean_of(&mw);
	n->drain_pct_h = mean_of(&pct);
	n->hib_drain_mw = mean_of(&hmw);
	n->hib_drain_pct_h = mean_of(&hpct);
	n->dark_drain_mw = mean_of(&dmw);
	n->dark_drain_pct_h = mean_of(&dpct);
	hw_share(n, c);
	top_sources(n, c);
}

static struct report_verdict *verdict(struct report_night *n, enum report_verdict_kind kind)
{
	struct report_verdict *v = &n->verdicts[n->n_verdicts++];

	v->kind = kind;
	v->section = report_sections[kind];
	return v;
}

/* "4.1 %/h", or "320 mW" when the percent is not known. */
static const char *drain_words(double pct_h, double mw, char *buf, size_t len)
{
	if (!isnan(pct_h))
		snprintf(buf, len, "%.1f %%/h", pct_h);
	else
		snprintf(buf, len, "%.0f mW", mw);
	return buf;
}

static bool drains(double pct_h, double mw, double pct_limit, double mw_limit)
{
	return isnan(pct_h) ? !isnan(mw) && mw > mw_limit : pct_h > pct_limit;
}

/* The first failed hibernation's error, for the failure's verdict. */
static int first_failure(const struct report_cycle *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(c[i].decision, "hibernate") && c[i].has_result && c[i].result)
			return c[i].result;
	return 0;
}

static const char *first_undone_by(const struct report_cycle *c, size_t n)
{
	size_t i;

	for (i = 0; i < n && !c[i].undone_by[0]; i++)
		;
	return i < n ? c[i].undone_by : "";
}

#define SAY(n, kind, ...) \
	snprintf(verdict(n, kind)->text, sizeof((n)->verdicts[0].text), __VA_ARGS__)
#define SEE	": see admin guide, '%s'"

static void judge(struct report_night *n, const struct report_cycle *c)
{
	bool drained = drains(n->drain_pct_h, n->drain_mw, REPORT_DRAIN_PCT_H, REPORT_DRAIN_MW);
	double hw = n->hw_sleep_ratio * 100.0;
	char d[32];

	if (!isnan(hw) && n->hw_sleep_ratio < REPORT_HW_SLEEP_LOW && drained)
		SAY(n, VERDICT_S2IDLE, "s2idle drained %s and the hardware slept %.0f %% of the "
		    "time" SEE, drain_words(n->drain_pct_h, n->drain_mw, d, sizeof(d)), hw,
		    report_sections[VERDICT_S2IDLE]);
	else if (!isnan(hw) && n->hw_sleep_ratio < REPORT_HW_SLEEP_LOW)
		SAY(n, VERDICT_S2IDLE, "in s2idle the hardware slept only %.0f %% of the time" SEE,
		    hw, report_sections[VERDICT_S2IDLE]);
	else if (drained)
		SAY(n, VERDICT_DRAIN, "suspended, the battery drained %s" SEE,
		    drain_words(n->drain_pct_h, n->drain_mw, d, sizeof(d)),
		    report_sections[VERDICT_DRAIN]);
	if (drains(n->hib_drain_pct_h, n->hib_drain_mw, REPORT_HIB_PCT_H, REPORT_HIB_MW))
		SAY(n, VERDICT_HIBERNATED_DRAIN, "hibernated - powered off - the battery still "
		    "drained %s" SEE,
		    drain_words(n->hib_drain_pct_h, n->hib_drain_mw, d, sizeof(d)),
		    report_sections[VERDICT_HIBERNATED_DRAIN]);
	if (n->dark_wakes >= REPORT_DARK_WAKES)
		SAY(n, VERDICT_DARK_WAKES, "woke %u times in the dark to check the battery" SEE,
		    n->dark_wakes, report_sections[VERDICT_DARK_WAKES]);
	if (n->failures)
		SAY(n, VERDICT_HIBERNATE_FAILED, "%u hibernation%s failed (the first with %s)" SEE,
		    n->failures, n->failures > 1 ? "s" : "",
		    errno_name(first_failure(c, n->n_cycles)),
		    report_sections[VERDICT_HIBERNATE_FAILED]);
	if (n->undone)
		SAY(n, VERDICT_UNDONE, "%u hibernation%s undone by a wakeup event of %s" SEE,
		    n->undone, n->undone > 1 ? "s were" : " was",
		    first_undone_by(c, n->n_cycles), report_sections[VERDICT_UNDONE]);
}

static int cycle_cmp(const void *a, const void *b)
{
	const struct report_cycle *x = a, *y = b;

	if (x->suspended_at != y->suspended_at)
		return x->suspended_at < y->suspended_at ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* The same cycle twice - in both files, after a rotation cut short - counts once. */
static bool same_cycle(const struct report_cycle *a, const struct report_cycle *b)
{
	return a->boot[0] && a->seq >= 0 && a->seq == b->seq && !strcmp(a->boot, b->boot);
}

/* Sort, drop repeats, and keep the cycles of the newest @days nights. */
static void keep_days(struct report_cycles *l, unsigned int days)
{
	size_t i, n = 0, first = 0;
	long newest;

	qsort(l->c, l->n, sizeof(*l->c), cycle_cmp);
	for (i = 0; i < l->n; i++)
		if (!n || !same_cycle(&l->c[n - 1], &l->c[i]))
			l->c[n++] = l->c[i];
	l->n = n;
	if (!n)
		return;
	newest = report_day(l->c[n - 1].suspended_at);
	while (report_day(l->c[first].suspended_at) <= newest - (long)days)
		first++;
	memmove(l->c, l->c + first, (n - first) * sizeof(*l->c));
	l->n = n - first;
}

/**
 * report_build() - the nights of a record
 * @r: filled; report_free() it
 * @cycles: the record's cycles, in any order: taken over
 * @days: how many days back from the newest cycle's night to keep
 *
 * Return: 0 or -ENOMEM.
 */
int report_build(struct report *r, struct report_cycles *cycles, unsigned int days)
{
	struct report_night *n;
	size_t i;

	memset(r, 0, sizeof(*r));
	r->days = days;
	r->cycles = *cycles;
	memset(cycles, 0, sizeof(*cycles));
	keep_days(&r->cycles, days);
	r->nights = calloc(days, sizeof(*r->nights));
	if (!r->nights)
		return -ENOMEM;
	for (i = 0; i < r->cycles.n; i++) {
		long day = report_day(r->cycles.c[i].suspended_at);

		if (!r->n_nights || r->nights[r->n_nights - 1].day != day) {
			n = &r->nights[r->n_nights++];
			n->day = day;
			n->first_cycle = i;
		}
		r->nights[r->n_nights - 1].n_cycles++;
	}
	for (i = 0; i < r->n_nights; i++) {
		time_t t = (time_t)r->nights[i].day * 86400;
		struct tm tm;

		n = &r->nights[i];
		gmtime_r(&t, &tm);
		strftime(n->date, sizeof(n->date), "%Y-%m-%d", &tm);
		sum_night(n, &r->cycles.c[n->first_cycle]);
		judge(n, &r->cycles.c[n->first_cycle]);
	}
	return 0;
}

void report_free(struct report *r)
{
	report_cycles_free(&r->cycles);
	free(r->nights);
	memset(r, 0, sizeof(*r));
}
