// SPDX-License-Identifier: GPL-2.0
#include <linux/device.h>
#include <linux/input.h>
#include <linux/pm_wakeup.h>
#include <linux/rtc.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "power.h"
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
 * event is the strongest evidence there is: the first one found is named.
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
		if (s2h_has_input(dev, S2H_INPUT_DEPTH)) {
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
