// SPDX-License-Identifier: GPL-2.0
/*
 * The ring of the last cycles. A cycle is known by its seq, counted from 1
 * since the load, and sits in slot (seq - 1) % S2H_HISTORY_LEN: a reader
 * that comes back with the seq it saw last (a netlink dump spans several
 * calls, between which new cycles may start) goes on after it, or from the
 * oldest cycle kept when it fell out of the ring meanwhile.
 */
#include <linux/minmax.h>
#include <linux/string.h>

#include "compat.h"
#include "decide.h"
#include "history.h"
#include "power.h"

static struct s2h_cycle_record *s2h_history_slot(struct s2h_history *h, u64 seq)
{
	return &h->cycles[(seq - 1) % S2H_HISTORY_LEN];
}

/**
 * s2h_cycle_record_init() - a cycle of nothing yet
 * @c: the record
 *
 * Every field 0 but those a 0 would misread, unknown: the battery, its
 * energy, the hardware sleep.
 */
void s2h_cycle_record_init(struct s2h_cycle_record *c)
{
	unsigned int i;

	memset(c, 0, sizeof(*c));
	c->battery_start = S2H_BATTERY_UNKNOWN;
	c->battery_wake = S2H_BATTERY_UNKNOWN;
	c->hw_sleep_us = S2H_HW_SLEEP_UNKNOWN;
	c->energy_start = S2H_ENERGY_UNKNOWN;
	c->energy_wake = S2H_ENERGY_UNKNOWN;
	c->energy_resume = S2H_ENERGY_UNKNOWN;
	c->energy_full = S2H_ENERGY_UNKNOWN;
	c->energy_dark = S2H_ENERGY_UNKNOWN;
	for (i = 0; i < S2H_CYCLE_WAKES_MAX; i++) {
		c->battery_wakes[i] = S2H_BATTERY_UNKNOWN;
		c->energy_wakes[i] = S2H_ENERGY_UNKNOWN;
	}
}
EXPORT_SYMBOL_IF_KUNIT(s2h_cycle_record_init);

/**
 * s2h_history_start() - begin a new cycle, dropping the oldest when full
 * @h: the history
 *
 * Return: the new cycle, s2h_cycle_record_init()'s, its seq set.
 */
struct s2h_cycle_record *s2h_history_start(struct s2h_history *h)
{
	struct s2h_cycle_record *c = s2h_history_slot(h, ++h->newest);

	s2h_cycle_record_init(c);
	c->seq = h->newest;
	return c;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_history_start);

/**
 * s2h_history_after() - the oldest cycle kept that came after another
 * @h: the history
 * @seq: the cycle the reader saw last, 0 for none
 *
 * Return: that cycle, NULL when @seq is the newest (or newer).
 */
const struct s2h_cycle_record *s2h_history_after(const struct s2h_history *h, u64 seq)
{
	u64 oldest = h->newest > S2H_HISTORY_LEN ? h->newest - S2H_HISTORY_LEN + 1 : 1;
	u64 next = max(seq + 1, oldest);

	if (next > h->newest)
		return NULL;
	return &h->cycles[(next - 1) % S2H_HISTORY_LEN];
}
EXPORT_SYMBOL_IF_KUNIT(s2h_history_after);

/**
 * s2h_history_add_wake() - count a wake of a cycle
 * @c: the cycle
 * @battery: percent at the wake, S2H_BATTERY_UNKNOWN when it was not read
 * @energy: uWh at the wake, S2H_ENERGY_UNKNOWN when it was not read
 *
 * A cycle of many dark wakes keeps the battery of its first
 * S2H_CYCLE_WAKES_MAX; wakes counts them all.
 */
void s2h_history_add_wake(struct s2h_cycle_record *c, int battery, s64 energy)
{
	if (c->wakes < S2H_CYCLE_WAKES_MAX) {
		c->battery_wakes[c->wakes] = battery;
		c->energy_wakes[c->wakes] = energy;
	}
	c->wakes++;
}
EXPORT_SYMBOL_IF_KUNIT(s2h_history_add_wake);
