/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s2hctl report: the record of cycles (report-read.c) by night - time
 * suspended and hibernated, drain, hardware sleep, wake sources - and the
 * verdicts on each, as text, JSON (report-out.c) or one HTML page
 * (report-html.c). The computation is pure, tested from fixed data
 * (test-report.c); local time decides the nights.
 */
#ifndef S2HCTL_REPORT_H
#define S2HCTL_REPORT_H

#include <stdio.h>

#include "report-read.h"

#define REPORT_DAYS_DEFAULT	7
#define REPORT_DAYS_MAX		366
#define REPORT_TOP_SOURCES	3

/* A night runs from noon to noon, local time: a 22:00-07:00 sleep is one. */
#define REPORT_NIGHT_HOUR	12

/* Past these, a night gets a verdict (admin guide, "Drains in suspend"...). */
#define REPORT_DRAIN_PCT_H	2.0	/* suspended, percent an hour */
#define REPORT_DRAIN_MW		1500.0	/* the same, when no percent is known */
#define REPORT_HW_SLEEP_LOW	0.8	/* s2idle: share of the time the hardware slept */
#define REPORT_HIB_PCT_H	0.5	/* hibernated: the machine is off */
#define REPORT_HIB_MW		300.0
#define REPORT_DARK_WAKES	10

enum report_verdict_kind {
	VERDICT_S2IDLE,
	VERDICT_DRAIN,
	VERDICT_HIBERNATED_DRAIN,
	VERDICT_DARK_WAKES,
	VERDICT_HIBERNATE_FAILED,
	VERDICT_UNDONE,
	VERDICT_MAX,
};

struct report_verdict {
	enum report_verdict_kind kind;
	char text[256];			/* plain words, ending with where to read */
	const char *section;		/* the admin guide's section it points to */
};

extern const char * const report_sections[VERDICT_MAX];

struct report_source {
	char name[REPORT_NAME_LEN];
	unsigned int count;
};

/* Unknown: NAN. */
struct report_night {
	long day;			/* days since the epoch, of the noon it starts at */
	char date[16];			/* YYYY-MM-DD of that day */
	int64_t first, last;		/* the first suspend, the last cycle's end */
	size_t first_cycle, n_cycles;	/* its cycles, in report.cycles */
	int64_t suspended_ms, hibernated_ms;
	unsigned int dark_wakes, hibernations, failures, undone;
	double drain_mw, drain_pct_h;			/* while suspended */
	double hib_drain_mw, hib_drain_pct_h;		/* while hibernated */
	double dark_drain_mw, dark_drain_pct_h;		/* in the dark wakes */
	double hw_sleep_ratio;
	unsigned int n_sources;
	struct report_source sources[REPORT_TOP_SOURCES];
	unsigned int n_verdicts;
	struct report_verdict verdicts[VERDICT_MAX];
};

struct report {
	struct report_cycles cycles;	/* sorted by suspend, those of the nights kept */
	struct report_night *nights;	/* oldest first */
	size_t n_nights;
	unsigned int days;
};

int report_build(struct report *r, struct report_cycles *cycles, unsigned int days);
void report_free(struct report *r);

/* One cycle, as the report draws and counts it. */
bool cycle_hibernated(const struct report_cycle *c);
int64_t cycle_suspended_ms(const struct report_cycle *c);
int64_t cycle_hibernated_ms(const struct report_cycle *c);
int64_t cycle_end(const struct report_cycle *c);
double cycle_pct(const struct report_cycle *c, double pct, int64_t energy_uwh);

long report_day(int64_t t);

/* What s2hctl report was asked for: checked by then. */
struct report_opts {
	unsigned int days;
	const char *record;		/* a directory, or one file */
	const char *output;		/* NULL: text on stdout; "-": stdout */
	bool json;
};

int report_run(const struct report_opts *o);

void report_print_text(FILE *f, const struct report *r);
void report_print_json(FILE *f, const struct report *r, const char *record);
void report_print_html(FILE *f, const struct report *r, const char *record);

#endif /* S2HCTL_REPORT_H */
