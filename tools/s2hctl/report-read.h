/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reader of the record of suspend cycles, /var/lib/s2h/cycles.jsonl
 * (and cycles.jsonl.1, the older half): one JSON object a line, a field
 * the writer did not know left out. Only what s2hctl report needs; kept
 * apart from the report so that another reader of the same format can
 * take its place.
 */
#ifndef S2HCTL_REPORT_READ_H
#define S2HCTL_REPORT_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RECORD_FILE		"cycles.jsonl"
#define RECORD_FILE_OLD		"cycles.jsonl.1"

/* The battery at the wakes of a cycle: more than a night has. */
#define REPORT_WAKES_MAX	64
#define REPORT_NAME_LEN		64

/* The record's states, in the order of enum s2h_state. */
enum report_state {
	RS_IDLE,
	RS_ARMED,
	RS_HIBERNATING,
	RS_RESUMING,
	RS_HANDOFF,
	RS_MAX,
};

/*
 * One finished cycle. Unknown, because the line left it out: -1 for
 * counts, times and energies, NAN for percents and drains, "" for words.
 */
struct report_cycle {
	char boot[40];
	int64_t seq;
	int64_t suspended_at, woke_at;		/* seconds since the epoch */
	char wake[16], decision[16];		/* the words of names.c */
	bool has_result;
	int result;				/* 0 or a negative errno */
	int on_ac;				/* -1, 0, 1 */
	double battery_start, battery_wake;	/* percent */
	int64_t energy_start_uwh, energy_wake_uwh, energy_resume_uwh, energy_full_uwh;
	int64_t dark_wakes, dark_ms, energy_dark_uwh;
	unsigned int n_wakes;
	double wake_battery[REPORT_WAKES_MAX];
	int64_t wake_energy_uwh[REPORT_WAKES_MAX];
	char wake_source[REPORT_NAME_LEN], undone_by[REPORT_NAME_LEN];
	int64_t hw_sleep_us;
	int64_t state_ms[RS_MAX];
	double drain_suspended_mw, drain_suspended_pct_h;
	double drain_hibernated_mw, drain_hibernated_pct_h;
	double drain_dark_mw, drain_dark_pct_h;
	int64_t image_write_ms, image_read_ms;
};

struct report_cycles {
	struct report_cycle *c;
	size_t n, cap;
};

int report_parse_line(const char *line, struct report_cycle *c);
int report_read_file(const char *path, FILE *warn, struct report_cycles *out);
int report_read(const char *path, FILE *warn, struct report_cycles *out);
void report_cycles_free(struct report_cycles *l);

#endif /* S2HCTL_REPORT_READ_H */
