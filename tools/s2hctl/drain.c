// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "drain.h"

/**
 * drain_between() - the drain from @start to @end uWh over @ms
 *
 * The one arithmetic of a drain, for the module's last cycle and for the
 * record's cycles alike: mW is uWh * 3600 / ms. Unknown (< 0) ends or no
 * time leave @d unknown; the percent needs @full.
 */
void drain_between(int64_t start, int64_t end, int64_t full, uint64_t ms,
		   struct drain *d)
{
	memset(d, 0, sizeof(*d));
	if (start < 0 || end < 0 || !ms)
		return;
	d->known = true;
	d->mw = (double)(start - end) * 3600.0 / (double)ms;
	if (full > 0) {
		d->pct_known = true;
		d->pct_h = (double)(start - end) * 100.0 * 3600000.0 / ((double)full * (double)ms);
	}
}

/**
 * drain_less_dark() - drain_between(), the dark wakes' energy and time left out
 *
 * The drain while suspended, of the module's last cycle and of the
 * record's cycles alike: the dark wakes' energy and time come off the
 * suspend's where the kernel measured them (@dark_uwh >= 0) and they fit
 * in it. Dark wakes that took all of @ms leave no suspended time: unknown.
 */
void drain_less_dark(int64_t start, int64_t end, int64_t full, uint64_t ms,
		     int64_t dark_uwh, uint64_t dark_ms, struct drain *d)
{
	if (dark_uwh >= 0 && start >= dark_uwh && dark_ms <= ms) {
		start -= dark_uwh;
		ms -= dark_ms;
	}
	drain_between(start, end, full, ms, d);
}

/*
 * While suspended: from the user's suspend to the alarm's wake that
 * decided, the time armed and awake between its suspends, less the dark
 * wakes' (drain_less_dark()). A cycle the user (or anything but the
 * alarm) ended last has no energy read at its end.
 */
void drain_suspended(const struct last_cycle *l, struct drain *d)
{
	if (l->wake != S2H_WAKE_ALARM) {
		memset(d, 0, sizeof(*d));
		return;
	}
	drain_less_dark(l->energy_start, l->energy_wake, l->energy_full,
			l->state_ms[S2H_STATE_ARMED] + l->state_ms[S2H_STATE_IDLE],
			l->energy_dark, l->dark_ms, d);
}

/*
 * In the dark wakes: the energy spent from each to the suspend after it,
 * over their time awake. A gauge that updates less often than a dark wake
 * lasts makes one cycle's figure coarse; the nights' mean is the better one.
 */
void drain_dark(const struct last_cycle *l, struct drain *d)
{
	drain_between(l->energy_dark, 0, l->energy_full, l->dark_ms, d);
}

/*
 * While hibernated: from the alarm's wake to the resume, the time s2h
 * counts as hibernating - the image's write and read included, which no
 * figure of the kernel's tells apart from the time powered off.
 */
void drain_hibernated(const struct last_cycle *l, struct drain *d)
{
	drain_between(l->energy_wake, l->energy_resume, l->energy_full,
		      l->state_ms[S2H_STATE_HIBERNATING], d);
}
