/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s2hctl metrics: the module's counters, the last cycle and the history as
 * Prometheus text, for node_exporter's textfile collector. The formatting
 * is pure, tested from fixed structs; collect.c asks the kernel.
 */
#ifndef S2HCTL_METRICS_H
#define S2HCTL_METRICS_H

#include <stdio.h>

#include "nl.h"

/* The file node_exporter's textfile collector reads in its directory. */
#define METRICS_FILE	"s2h.prom"
/* Debian's prometheus-node-exporter: its textfile collector's directory. */
#define METRICS_DEBIAN_DIR	"/var/lib/prometheus/node-exporter"

/* Upper bounds of the histogram's buckets, seconds; +Inf follows. */
#define METRICS_BUCKETS	14

extern const unsigned int metrics_bucket_le[METRICS_BUCKETS];

/* The history's hibernated cycles: time from the suspend to the hibernation. */
struct hib_hist {
	uint64_t count[METRICS_BUCKETS];	/* per bucket, not cumulative */
	uint64_t total;				/* in the histogram */
	uint64_t sum_sec;
	unsigned int left_out;			/* hibernated, but without a wake time */
};

void hib_hist_add(const struct last_cycle *l, void *arg);
void metrics_print(FILE *f, const struct status *st, const struct hib_hist *h);
int metrics_write_file(const char *path, const struct status *st, const struct hib_hist *h);
const char *metrics_path(const char *dir, char *buf, size_t len);

#endif /* S2HCTL_METRICS_H */
