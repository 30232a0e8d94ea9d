// SPDX-License-Identifier: GPL-2.0
#include <linux/acpi.h>
#include <linux/device.h>
#include <linux/input.h>
#include <linux/pm_wakeup.h>
#include <linux/rtc.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "power.h"
#include "sysiface.h"
#include "wakeup.h"

/*
 * The device whose wakeup events are the RTC's: alarmtimer_suspend()
 * programs this RTC, and its alarm is reported (by the drivers that report
 * it at all: rtc-cmos from its ACPI handler) on the RTC's parent device.
 */
static struct device *s2h_rtc_device(void)
{
	struct rtc_device *rtc = alarmtimer_get_rtcdev();

	return rtc ? rtc->dev.parent : NULL;
}

/**
 * s2h_rtc_wakeup_events() - the wakeup events the RTC's device signalled so far
 * @events: the count
 *
 * An RTC alarm that wakes the system counts as a wakeup event of that
 * device, while a key press, the lid or the power button count on their
 * own devices. dev->power.lock keeps the wakeup source from being detached
 * and freed while it is read.
 *
 * Return: false when the RTC has no wakeup source to ask.
 */
bool s2h_rtc_wakeup_events(unsigned long *events)
{
	struct device *dev = s2h_rtc_device();
	bool known = false;

	if (!dev)
		return false;
	spin_lock_irq(&dev->power.lock);
	if (dev->power.wakeup) {
		*events = dev->power.wakeup->event_count;
		known = true;
	}
	spin_unlock_irq(&dev->power.lock);
	return known;
}

/*
 * How far below the device holding a wakeup source its input device may
 * be: a PS/2 keyboard's is a child of its serio port, ACPI's lid and power
 * button make theirs children of the ACPI device, a touchpad's is below
 * the HID device of its I2C client, and a USB keyboard's three levels below
 * the USB device, which is the one that wakes the system.
 */
#define S2H_INPUT_DEPTH		3

static int s2h_is_input(struct device *dev, void *depth);

static bool s2h_has_input(struct device *dev, long depth)
{
	if (dev->class == &input_class)
		return true;
	return depth > 0 && device_for_each_child(dev, (void *)(depth - 1), s2h_is_input);
}

static int s2h_is_input(struct device *dev, void *depth)
{
	return s2h_has_input(dev, (long)depth);
}

/*
 * ACPI's buttons and lid, by their ids: the power and sleep buttons, fixed
 * (LNXPWRBN, LNXSLPBN) or not, and the lid. A user presses or opens them,
 * with or without button.ko's input device below them: the power button's
 * wakeup source, once button.ko made it, outlives the driver (rmmod), and
 * the ACPI core signals an S3 wake by that button on it (acpi_pm_finish()).
 * In QEMU a key pressed in S3 wakes the guest as that button.
 */
static const struct acpi_device_id s2h_acpi_user_ids[] = {
	{ "LNXPWRBN" }, { "LNXSLPBN" }, { "PNP0C0C" }, { "PNP0C0E" }, { "PNP0C0D" }, { }
};

/*
 * The ACPI device @dev is, or the one it stands for. button.ko binds to the
 * ACPI device itself, whose fwnode is not its struct device's, and
 * acpi_bus_type is not exported: the bus is known by its name.
 */
static struct acpi_device *s2h_acpi_device(struct device *dev)
{
	if (IS_ENABLED(CONFIG_ACPI) && dev->bus && !strcmp(dev->bus->name, "acpi"))
		return to_acpi_device(dev);
	return ACPI_COMPANION(dev);
}

/* Whether @dev is what a user works: an input device, or ACPI's buttons or lid. */
static bool s2h_user_device(struct device *dev)
{
	struct acpi_device *adev = s2h_acpi_device(dev);

	if (adev && !acpi_match_device_ids(adev, s2h_acpi_user_ids))
		return true;
	return s2h_has_input(dev, S2H_INPUT_DEPTH);
}

/*
 * The device behind a wakeup source. Sources that no device holds are the
 * kernel's own (the alarm timer's, autosleep's): no evidence of a wake.
 */
static struct device *s2h_wake_source_device(struct wakeup_source *ws)
{
	return ws->dev ? ws->dev->parent : NULL;
}

/**
 * s2h_wake_sources_since() - which wakeup sources had an event since @since
 * @since: monotonic time, which stands still while the system sleeps
 * @src: the strongest evidence found and the name of its source
 *
 * A source's last_time is when its last event began or ended: one after
 * the suspend was armed came during it or at the resume. An input device's
 * event, or one of ACPI's buttons' or lid's, is the strongest evidence
 * there is: the first one found is named.
 * Then a battery's whose alarm s2h set (s2h_battery_alarm_set()): its
 * charge fell to where s2h hibernates, which s2h asked it to say.
 * The RTC's is the alarm's and counted apart (s2h_rtc_wakeup_events()),
 * but named when no other source had an event.
 * Process context.
 */
void s2h_wake_sources_since(ktime_t since, struct s2h_wake_source *src)
{
	struct device *rtc = s2h_rtc_device();
	const char *rtc_name = NULL;
	struct wakeup_source *ws;
	int idx;

	src->evidence = S2H_SOURCE_NONE;
	src->name[0] = '\0';
	idx = wakeup_sources_read_lock();
	for (ws = wakeup_sources_walk_start(); ws; ws = wakeup_sources_walk_next(ws)) {
		struct device *dev = s2h_wake_source_device(ws);

		if (!dev || ktime_before(READ_ONCE(ws->last_time), since))
			continue;
		if (dev == rtc) {
			rtc_name = ws->name;
			continue;
		}
		if (s2h_user_device(dev)) {
			src->evidence = S2H_SOURCE_INPUT;
			strscpy(src->name, ws->name, sizeof(src->name));
			break;
		}
		if (src->evidence != S2H_SOURCE_BATTERY && s2h_battery_alarm_source(dev)) {
			src->evidence = S2H_SOURCE_BATTERY;
			strscpy(src->name, ws->name, sizeof(src->name));
		} else if (src->evidence == S2H_SOURCE_NONE) {
			src->evidence = S2H_SOURCE_OTHER;
			strscpy(src->name, ws->name, sizeof(src->name));
		}
	}
	/* Named when nothing else is: evidence of its own, see s2h_rtc_wakeup_events(). */
	if (src->evidence == S2H_SOURCE_NONE && rtc_name)
		strscpy(src->name, rtc_name, sizeof(src->name));
	wakeup_sources_read_unlock(idx);
}

/**
 * s2h_wakeup_source_active() - whether a wakeup event is in progress
 * @name: where the name of a source that has one goes
 * @size: room in @name
 *
 * Return: true while a wakeup source is active: a read of wakeup_count
 * would wait for it.
 */
bool s2h_wakeup_source_active(char *name, size_t size)
{
	struct wakeup_source *ws;
	bool active = false;
	int idx;

	idx = wakeup_sources_read_lock();
	for (ws = wakeup_sources_walk_start(); ws; ws = wakeup_sources_walk_next(ws)) {
		/* Written under the kernel's events_lock: a stale bit is read again next time. */
		if (ws->active) {
			strscpy(name, ws->name, size);
			active = true;
			break;
		}
	}
	wakeup_sources_read_unlock(idx);
	return active;
}

/**
 * s2h_input_since() - whether an input device had a wakeup event since @since
 * @since: monotonic time
 *
 * Return: true when the user is back.
 */
bool s2h_input_since(ktime_t since)
{
	struct s2h_wake_source src;

	s2h_wake_sources_since(since, &src);
	return src.evidence == S2H_SOURCE_INPUT;
}

/* Whether @name, one action of an IRQ, is the RTC's: its device's or its driver's name. */
static bool s2h_rtc_action(const char *name, struct rtc_device *rtc)
{
	struct device *parent = rtc->dev.parent;

	return !strcmp(name, dev_name(&rtc->dev)) ||
	       (parent && (!strcmp(name, dev_name(parent)) ||
			   (parent->driver && !strcmp(name, parent->driver->name))));
}

/**
 * s2h_wake_irq_evidence() - whose the IRQ that ended the sleep is
 * @irq: pm_wakeup_irq, 0 when the kernel recorded none
 *
 * An IRQ's actions are named by the drivers that requested it: rtc_cmos
 * by its RTC ("rtc0"), other RTC drivers by their device or their own
 * name; ACPI's SCI is "acpi", which carries the RTC's ACPI event as much
 * as the buttons', the lid's and the GPEs of other devices. An IRQ line
 * the RTC shares with another device says nothing either. Process context.
 *
 * Return: S2H_IRQ_UNKNOWN when there is no IRQ, or its actions cannot be read.
 */
enum s2h_irq_evidence s2h_wake_irq_evidence(u32 irq)
{
	struct rtc_device *rtc = alarmtimer_get_rtcdev();
	bool rtc_seen = false, other_seen = false;
	char actions[128], *rest = actions, *name;

	if (!irq || s2h_irq_actions(irq, actions, sizeof(actions)) < 0)
		return S2H_IRQ_UNKNOWN;
	while ((name = strsep(&rest, ",\n"))) {
		if (!*name)
			continue;
		if (!strcmp(name, "acpi"))
			return S2H_IRQ_SHARED;
		if (rtc && s2h_rtc_action(name, rtc))
			rtc_seen = true;
		else
			other_seen = true;
	}
	if (rtc_seen)
		return other_seen ? S2H_IRQ_SHARED : S2H_IRQ_RTC;
	return other_seen ? S2H_IRQ_OTHER : S2H_IRQ_UNKNOWN;
}
