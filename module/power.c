// SPDX-License-Identifier: GPL-2.0
#include <linux/mutex.h>
#include <linux/power_supply.h>
#include <linux/string.h>

#include "compat.h"
#include "decide.h"
#include "power.h"
#include "sysiface.h"

struct s2h_battery_sum {
	int percent;
	int count;
	s64 energy;		/* S2H_ENERGY_UNKNOWN once a battery does not say */
	s64 energy_full;
	s64 draw;
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

/* A property of @psy that cannot be negative; < 0 when it does not say. */
static s64 s2h_battery_prop(struct power_supply *psy, enum power_supply_property psp)
{
	union power_supply_propval val;

	if (power_supply_get_property(psy, psp, &val) || val.intval < 0)
		return -1;
	return val.intval;
}

/*
 * The energy of @psy in uWh: @energy_psp where the driver gives it, else
 * @charge_psp (uAh) at the voltage now (uV), as ACPI batteries that report
 * in mAh do; S2H_ENERGY_UNKNOWN when neither is there. At most about
 * 2^31 uAh times 2^31 uV: within 64 bits.
 */
static s64 s2h_battery_energy(struct power_supply *psy, enum power_supply_property energy_psp,
			      enum power_supply_property charge_psp)
{
	s64 energy = s2h_battery_prop(psy, energy_psp);
	s64 charge, voltage;

	if (energy >= 0)
		return energy;
	charge = s2h_battery_prop(psy, charge_psp);
	voltage = s2h_battery_prop(psy, POWER_SUPPLY_PROP_VOLTAGE_NOW);
	if (charge < 0 || voltage <= 0)
		return S2H_ENERGY_UNKNOWN;
	return div_s64(charge * voltage, 1000000);
}

/*
 * The rate @psy delivers (or takes) power at, uW: power_now, else
 * current_now at the voltage now. Its sign is the driver's convention -
 * ACPI's is none, some gauges' is negative while discharging - and the
 * status says which way it goes: the size only. S2H_ENERGY_UNKNOWN when
 * the driver says neither.
 */
static s64 s2h_battery_draw(struct power_supply *psy)
{
	union power_supply_propval val;
	s64 voltage;

	if (!power_supply_get_property(psy, POWER_SUPPLY_PROP_POWER_NOW, &val))
		return abs((s64)val.intval);
	voltage = s2h_battery_prop(psy, POWER_SUPPLY_PROP_VOLTAGE_NOW);
	if (power_supply_get_property(psy, POWER_SUPPLY_PROP_CURRENT_NOW, &val) || voltage <= 0)
		return S2H_ENERGY_UNKNOWN;
	return div_s64(abs((s64)val.intval) * voltage, 1000000);
}

/* Adds @add to @sum, which stays unknown once one of them is. */
static void s2h_energy_add(s64 *sum, s64 add)
{
	*sum = *sum < 0 || add < 0 ? S2H_ENERGY_UNKNOWN : *sum + add;
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
	s2h_energy_add(&sum->energy, s2h_battery_energy(psy, POWER_SUPPLY_PROP_ENERGY_NOW,
							POWER_SUPPLY_PROP_CHARGE_NOW));
	s2h_energy_add(&sum->energy_full, s2h_battery_energy(psy, POWER_SUPPLY_PROP_ENERGY_FULL,
							     POWER_SUPPLY_PROP_CHARGE_FULL));
	s2h_energy_add(&sum->draw, s2h_battery_draw(psy));
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
	/* Known only when every battery said, and within what a gauge can truly say. */
	p->energy = sum.count && sum.energy <= S2H_ENERGY_MAX_UWH ? sum.energy :
		    S2H_ENERGY_UNKNOWN;
	p->energy_full = sum.count && sum.energy_full <= S2H_ENERGY_MAX_UWH &&
			 sum.energy_full > 0 ? sum.energy_full : S2H_ENERGY_UNKNOWN;
	p->draw = sum.count && sum.draw <= S2H_DRAW_MAX_UW ? sum.draw : S2H_ENERGY_UNKNOWN;
}

/*
 * The battery's own alarm, which the battery's gauge or firmware raises
 * when the charge falls to a level, waking the system: the power_supply
 * property capacity_alert_min (a gauge's, in percent), or ACPI's _BTP
 * behind the "alarm" attribute of an ACPI battery, which has no property:
 * in the battery's own units, of energy_full or charge_full.
 */
enum s2h_alarm_kind {
	S2H_ALARM_NONE,
	S2H_ALARM_ALERT_MIN,
	S2H_ALARM_ACPI,
};

#define S2H_ALARM_BATTERIES	4

/* A battery whose alarm s2h set, and the alarm it had: given back in the end. */
struct s2h_battery_alarm {
	char name[32];		/* the power supply's */
	char parent[32];	/* its parent's: an ACPI battery wakes through its ACPI device */
	enum s2h_alarm_kind kind;
	int old;
};

/* Protects the batteries whose alarm s2h set and their count. */
static DEFINE_MUTEX(s2h_alarm_lock);
static struct s2h_battery_alarm s2h_alarms[S2H_ALARM_BATTERIES];
static unsigned int s2h_alarm_count;

struct s2h_alarm_walk {
	u32 percent;
	bool all;		/* every system battery has its alarm at @percent */
};

/*
 * The kind of alarm @psy has, and what it reads now. The driver's own
 * word on what is writable: the class's power_supply_property_is_writeable()
 * is gone from 7.2's headers.
 */
static enum s2h_alarm_kind s2h_alarm_kind(struct power_supply *psy, int *now)
{
	const struct power_supply_desc *desc = psy->desc;
	union power_supply_propval val;

	if (desc->property_is_writeable &&
	    desc->property_is_writeable(psy, POWER_SUPPLY_PROP_CAPACITY_ALERT_MIN) > 0 &&
	    !power_supply_get_property(psy, POWER_SUPPLY_PROP_CAPACITY_ALERT_MIN, &val)) {
		*now = val.intval;
		return S2H_ALARM_ALERT_MIN;
	}
	if (!s2h_acpi_alarm_read(psy->desc->name, now))
		return S2H_ALARM_ACPI;
	return S2H_ALARM_NONE;
}

/*
 * The alarm for @percent in the battery's units. ACPI keeps whole mWh or
 * mAh of what is written in micro-units: so is the level rounded.
 */
static int s2h_alarm_value(struct power_supply *psy, enum s2h_alarm_kind kind, u32 percent)
{
	union power_supply_propval full;

	if (kind == S2H_ALARM_ALERT_MIN)
		return percent;
	if (power_supply_get_property(psy, POWER_SUPPLY_PROP_ENERGY_FULL, &full) &&
	    power_supply_get_property(psy, POWER_SUPPLY_PROP_CHARGE_FULL, &full))
		return -ENODATA;
	if (full.intval <= 0)
		return -ENODATA;
	return div_u64((u64)full.intval * percent, 100 * 1000) * 1000;
}

static int s2h_alarm_write(struct power_supply *psy, enum s2h_alarm_kind kind, int value)
{
	union power_supply_propval val = { .intval = value };

	if (kind == S2H_ALARM_ALERT_MIN)
		return power_supply_set_property(psy, POWER_SUPPLY_PROP_CAPACITY_ALERT_MIN, &val);
	return s2h_acpi_alarm_write(psy->desc->name, value);
}

static struct s2h_battery_alarm *s2h_alarm_find(const char *name)
{
	unsigned int i;

	lockdep_assert_held(&s2h_alarm_lock);

	for (i = 0; i < s2h_alarm_count; i++)
		if (!strcmp(s2h_alarms[i].name, name))
			return &s2h_alarms[i];
	return NULL;
}

/* Remembers what @psy's alarm was before s2h first set it. */
static struct s2h_battery_alarm *s2h_alarm_remember(struct power_supply *psy,
						    enum s2h_alarm_kind kind, int old)
{
	struct s2h_battery_alarm *a = s2h_alarm_find(psy->desc->name);

	if (a)
		return a;
	if (s2h_alarm_count == S2H_ALARM_BATTERIES)
		return NULL;
	a = &s2h_alarms[s2h_alarm_count++];
	strscpy(a->name, psy->desc->name, sizeof(a->name));
	strscpy(a->parent, psy->dev.parent ? dev_name(psy->dev.parent) : "", sizeof(a->parent));
	a->kind = kind;
	a->old = old;
	return a;
}

static int s2h_alarm_set_one(struct power_supply *psy, void *data)
{
	struct s2h_alarm_walk *walk = data;
	enum s2h_alarm_kind kind;
	int now, want;

	if (!s2h_is_system_battery(psy))
		return 0;
	kind = s2h_alarm_kind(psy, &now);
	want = kind == S2H_ALARM_NONE ? -ENODATA : s2h_alarm_value(psy, kind, walk->percent);
	/* Remembered even when it is right already: its wake is told by the name. */
	if (want < 0 || !s2h_alarm_remember(psy, kind, now) ||
	    (now != want && s2h_alarm_write(psy, kind, want)))
		walk->all = false;
	return 0;
}

static void s2h_alarms_restore(void)
{
	struct power_supply *psy;
	unsigned int i;

	lockdep_assert_held(&s2h_alarm_lock);

	for (i = 0; i < s2h_alarm_count; i++) {
		psy = power_supply_get_by_name(s2h_alarms[i].name);
		if (!psy)
			continue;
		if (s2h_alarm_write(psy, s2h_alarms[i].kind, s2h_alarms[i].old))
			pr_warn("cannot give %s its alarm back\n", s2h_alarms[i].name);
		power_supply_put(psy);
	}
	s2h_alarm_count = 0;
}

/**
 * s2h_battery_alarm_set() - arm the batteries' own alarms at a level
 * @percent: battery_threshold; 0 gives each battery the alarm it had back
 *
 * The battery then wakes the system when its charge falls to the level at
 * which s2h hibernates, whatever alarm s2h's timer has: no check wakes
 * are needed to watch it through a long delay. Set only where it differs:
 * ACPI runs _BTP at each write. Process context.
 *
 * Return: true when every system battery, and at least one, has its alarm
 * at @percent.
 */
bool s2h_battery_alarm_set(u32 percent)
{
	struct s2h_alarm_walk walk = { .percent = percent, .all = true };

	mutex_lock(&s2h_alarm_lock);
	if (!percent) {
		s2h_alarms_restore();
		mutex_unlock(&s2h_alarm_lock);
		return false;
	}
	s2h_for_each_power_supply(&walk, s2h_alarm_set_one);
	walk.all &= s2h_alarm_count > 0;
	mutex_unlock(&s2h_alarm_lock);
	return walk.all;
}

/**
 * s2h_battery_alarm_source() - whether a wakeup source is a battery's alarm
 * @dev: the device behind the wakeup source
 *
 * Return: true for a battery whose alarm s2h set, or its parent device.
 */
bool s2h_battery_alarm_source(struct device *dev)
{
	const char *name = dev_name(dev);
	bool found = false;
	unsigned int i;

	mutex_lock(&s2h_alarm_lock);
	for (i = 0; i < s2h_alarm_count && !found; i++)
		found = !strcmp(s2h_alarms[i].name, name) || !strcmp(s2h_alarms[i].parent, name);
	mutex_unlock(&s2h_alarm_lock);
	return found;
}
