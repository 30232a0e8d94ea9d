/* SPDX-License-Identifier: GPL-2.0 */
/* How s2h moves the system into hibernation, or back to sleep. */
#ifndef _S2H_HIBERNATE_H
#define _S2H_HIBERNATE_H

#include <linux/suspend.h>

int s2h_hibernate(void);
suspend_state_t s2h_last_sleep_state(void);
int s2h_sleep_again(suspend_state_t state);

#endif /* _S2H_HIBERNATE_H */
