/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A cycle's drain, from the energy the module read at its ends: in mW and
 * in percent of the full battery per hour, which a drain under 1 %/h
 * needs (whole percent round it to nothing over a short suspend).
 */
#ifndef S2HCTL_DRAIN_H
#define S2HCTL_DRAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "nl.h"

struct drain {
	bool known;	/* both ends' energy, and a time between them */
	double mw;	/* negative: the battery charged */
	double pct_h;	/* percent of energy_full an hour; only with energy_full */
	bool pct_known;
};

void drain_between(int64_t start, int64_t end, int64_t full, uint64_t ms, struct drain *d);
void drain_less_dark(int64_t start, int64_t end, int64_t full, uint64_t ms,
		     int64_t dark_uwh, uint64_t dark_ms, struct drain *d);
void drain_suspended(const struct last_cycle *l, struct drain *d);
void drain_hibernated(const struct last_cycle *l, struct drain *d);
void drain_dark(const struct last_cycle *l, struct drain *d);

#endif /* S2HCTL_DRAIN_H */
