/* SPDX-License-Identifier: GPL-2.0 */
/* What the power supplies say: the battery's charge and whether mains power is on. */
#ifndef _S2H_POWER_H
#define _S2H_POWER_H

#include <linux/types.h>

#define S2H_BATTERY_UNKNOWN	(-1)

struct s2h_power {
	int battery;	/* percent, S2H_BATTERY_UNKNOWN without a system battery */
	bool on_ac;
	bool alarm;	/* the batteries' own alarms are at battery_threshold */
	s64 energy;	/* uWh held, S2H_ENERGY_UNKNOWN unless every system battery says */
	s64 energy_full; /* uWh held when full, likewise */
	s64 draw;	/* uW the batteries deliver or take now, likewise */
};

struct device;

void s2h_power_read(struct s2h_power *p);
bool s2h_battery_alarm_set(u32 percent);
bool s2h_battery_alarm_source(struct device *dev);

#endif /* _S2H_POWER_H */
