/* SPDX-License-Identifier: GPL-2.0 */
/* What the power supplies say: the battery's charge and whether mains power is on. */
#ifndef _S2H_POWER_H
#define _S2H_POWER_H

#include <linux/types.h>

#define S2H_BATTERY_UNKNOWN	(-1)

struct s2h_power {
	int battery;	/* percent, S2H_BATTERY_UNKNOWN without a system battery */
	bool on_ac;
};

void s2h_power_read(struct s2h_power *p);

#endif /* _S2H_POWER_H */
