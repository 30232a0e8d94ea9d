/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic netlink family "s2h": the other view, next to sysfs, of the
 * settings, state and counters, and the events of each suspend cycle.
 */
#ifndef _S2H_NETLINK_H
#define _S2H_NETLINK_H

int s2h_nl_init(void);
void s2h_nl_exit(void);

#endif /* _S2H_NETLINK_H */
