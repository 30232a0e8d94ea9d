/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s2hctl's side of the generic netlink family "s2h", through libnl-genl-3.
 * Every function that fails has said why on stderr, in one line, and
 * returns the exit status: 1.
 */
#ifndef S2HCTL_NL_H
#define S2HCTL_NL_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/s2h.h>

#include "parse.h"

struct nl_sock;

struct conn {
	struct nl_sock *sk;
	int family;
};

/* What GET replies, as sysfs shows it. */
struct status {
	bool enabled;
	uint32_t delay_sec;
	uint32_t state;
	uint32_t last_wake;
	uint64_t stats[S2H_STATS_A_MAX + 1];
	bool has_stat[S2H_STATS_A_MAX + 1];
};

/* One message of the "events" group; has_* for what came with it. */
struct event {
	uint32_t type;
	bool has_enabled;
	bool enabled;
	bool has_delay;
	uint32_t delay_sec;
	bool has_error;
	int32_t error;
};

typedef void (*event_fn)(const struct event *ev, void *arg);

int conn_open(struct conn *c);
void conn_close(struct conn *c);
int nl_get(struct conn *c, struct status *st);
int nl_set(struct conn *c, const struct settings *set);
int nl_monitor(struct conn *c, event_fn fn, void *arg);

#endif /* S2HCTL_NL_H */
