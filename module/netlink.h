/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic netlink family "s2h": the other view, next to sysfs, of the
 * settings, state and counters, and the events of each suspend cycle.
 */
#ifndef _S2H_NETLINK_H
#define _S2H_NETLINK_H

#include <linux/types.h>
#include <linux/s2h.h>

#include "s2h.h"

/* What an event carries besides its type; enum s2h_event says which. */
struct s2h_event_info {
	struct s2h_config config;		/* S2H_EVENT_CONFIG */
	u32 delay_sec;				/* ARMED, HIBERNATE_RETRY */
	int error;				/* HIBERNATE_RESULT */
	unsigned long checks_failed;		/* NOT_ARMED */
	int battery;				/* SLEEP_AGAIN */
	struct s2h_verify_status verify;	/* VERIFY_RESULT */
};

int s2h_nl_init(void);
void s2h_nl_exit(void);

/*
 * Tell the listeners of the "events" group; @info may be NULL for the
 * events that carry nothing. Sleeps: never call it with s2h's lock held.
 */
void s2h_nl_event(enum s2h_event event, const struct s2h_event_info *info);

#endif /* _S2H_NETLINK_H */
