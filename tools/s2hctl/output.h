/* SPDX-License-Identifier: GPL-2.0 */
/* What "show", "monitor" and "log" print: text for people, JSON for programs. */
#ifndef S2HCTL_OUTPUT_H
#define S2HCTL_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "nl.h"

#define TIME_LEN	32

const char *format_time(uint64_t t, char buf[TIME_LEN]);
void print_indented(const char *label, const char *text);
void print_status(const struct status *st, bool json);
void print_available(const struct status *st, FILE *f);
int print_checks(const struct status *st);
void print_hooks(const struct status *st);
void print_advice(const struct status *st);
int print_resume_offset(void);
int print_boot_path(void);
void print_others(void);
void print_verify_result(const struct verify_status *v);
/* What monitor prints: -j, -t. */
struct monitor_opts {
	bool json;
	bool timestamps;
};

void print_event(const struct event *ev, void *opts);

/* What log prints: -j, and how many cycles so far. */
struct history_opts {
	bool json;
	unsigned int count;
};

void print_history_header(void);
void print_history_cycle(const struct last_cycle *l, void *opts);
void print_history_end(const struct history_opts *o);

#endif /* S2HCTL_OUTPUT_H */
