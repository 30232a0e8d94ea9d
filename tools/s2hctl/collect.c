// SPDX-License-Identifier: GPL-2.0
/*
 * What s2hctl metrics shows, asked of the kernel: GET with the checks (the
 * counters, the last cycle, whether hibernation is available) and the
 * history (the hibernations' times), both before anything is written.
 */
#include <stdio.h>
#include <string.h>

#include "collect.h"
#include "metrics.h"
#include "nl.h"

/**
 * metrics_collect() - write the metrics
 * @path: the file, replaced whole; NULL: stdout
 *
 * Return: the exit status: 0, 1 (said why), or EXIT_ABSENT.
 */
int metrics_collect(const char *path)
{
	struct hib_hist h = {};
	struct status st;
	struct conn c;
	int ret;

	ret = conn_open(&c);
	if (ret)
		return ret;
	ret = nl_get(&c, &st, true);
	if (!ret)
		ret = nl_history(&c, hib_hist_add, &h);
	conn_close(&c);
	if (ret)
		return ret;
	if (!path) {
		metrics_print(stdout, &st, &h);
		return fflush(stdout) ? 1 : 0;
	}
	ret = metrics_write_file(path, &st, &h);
	if (ret)
		fprintf(stderr, "s2hctl: metrics: cannot write %s: %s\n", path, strerror(-ret));
	return ret ? 1 : 0;
}
