/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether a suspend reached its sleep state, whether or not timekeeping was
 * suspended meanwhile (suspend to idle without a tick freeze), and whether a
 * hibernation got as far as its snapshot.
 */
#ifndef _S2H_SLEEPTRACE_H
#define _S2H_SLEEPTRACE_H

#include <linux/types.h>

void s2h_sleeptrace_init(void);
void s2h_sleeptrace_exit(void);
bool s2h_machine_suspends(unsigned int *count);
bool s2h_snapshots(unsigned int *count);

#endif /* _S2H_SLEEPTRACE_H */
