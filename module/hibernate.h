/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How s2h moves the system into hibernation, or back to sleep, through the
 * files of /sys/power: the kernel functions behind them are not exported.
 */
#ifndef _S2H_HIBERNATE_H
#define _S2H_HIBERNATE_H

#include <linux/suspend.h>
#include <linux/types.h>

/* What /sys/power/disk is set to for one hibernation; NULL leaves it alone. */
#define S2H_DISK_SUSPEND	"suspend"

int s2h_hibernate(const char *disk_mode);
void s2h_sleep_state_init(void);
void s2h_sleep_state_exit(void);
void s2h_sleep_state_forget(void);
suspend_state_t s2h_last_sleep_state(void);
bool s2h_hw_sleep_available(void);
s64 s2h_hw_sleep_us(void);
u32 s2h_wake_irq(void);
int s2h_arm_wakeup_check(void);
void s2h_clear_wakeup_check(void);
int s2h_sleep_again(suspend_state_t state);

#endif /* _S2H_HIBERNATE_H */
