// SPDX-License-Identifier: GPL-2.0
#include <linux/power_supply.h>

#include "compat.h"
#include "power.h"

struct s2h_battery_sum {
	int percent;
	int count;
};

/*
 * A battery that powers the system, not a mouse's or a phone's: scope
 * "System", or no scope at all, which is what laptop batteries report.
 */
static bool s2h_is_system_battery(struct power_supply *psy)
{
	union power_supply_propval val;

	if (psy->desc->type != POWER_SUPPLY_TYPE_BATTERY)
		return false;
	if (power_supply_get_property(psy, POWER_SUPPLY_PROP_SCOPE, &val))
		return true;
	return val.intval != POWER_SUPPLY_SCOPE_DEVICE;
}

static int s2h_add_battery(struct power_supply *psy, void *data)
{
	struct s2h_battery_sum *sum = data;
	union power_supply_propval val;

	if (!s2h_is_system_battery(psy) ||
	    power_supply_get_property(psy, POWER_SUPPLY_PROP_CAPACITY, &val))
		return 0;
	sum->percent += clamp(val.intval, 0, 100);
	sum->count++;
	return 0;
}

/**
 * s2h_power_read() - the charge of the system's batteries, and mains power
 * @p: the result
 *
 * Two batteries (some laptops have them) count as their mean charge. With
 * no power supply registered, or none the kernel knows about, the system is
 * taken to be on mains power, as the kernel itself does. Process context:
 * drivers may sleep to answer.
 */
void s2h_power_read(struct s2h_power *p)
{
	struct s2h_battery_sum sum = {};

	s2h_for_each_power_supply(&sum, s2h_add_battery);
	p->battery = sum.count ? sum.percent / sum.count : S2H_BATTERY_UNKNOWN;
	p->on_ac = power_supply_is_system_supplied() != 0;
}
