// SPDX-License-Identifier: GPL-2.0
/*
 * hibernate() returns its error to the task that asked for it, and tells
 * the PM notifiers only that it ended, failed or not. The device callbacks
 * tell more: after the snapshot a device is thawed, then, once the image
 * is written, the machine powers off and the restored kernel calls
 * .restore - or, in "suspend" mode, it suspends and calls .resume. A
 * hibernation that failed only thaws. A device of s2h's own, in a PM
 * domain of its own whose callbacks record that, tells which.
 *
 * The same device's .prepare is where a suspend's alarm is armed
 * (s2h_cycle_devices_prepare()): the PM core prepares every device before
 * it suspends any, so the alarm is there when alarmtimer_suspend()
 * programs the RTC, whichever order the devices were added in.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm.h>
#include <linux/pm_domain.h>

#include "image.h"
#include "s2h.h"

static struct device *s2h_image_dev;
/* Set by the callbacks, cleared as a hibernation starts: READ/WRITE_ONCE. */
static bool s2h_image_back;

static int s2h_image_came_back_cb(struct device *dev)
{
	WRITE_ONCE(s2h_image_back, true);
	return 0;
}

static int s2h_devices_prepare_cb(struct device *dev)
{
	s2h_cycle_devices_prepare();
	return 0;
}

static struct dev_pm_domain s2h_image_domain = {
	.ops = {
		.prepare = s2h_devices_prepare_cb,
		.restore = s2h_image_came_back_cb,
		.resume = s2h_image_came_back_cb,
	},
};

/**
 * s2h_image_watch_start() - forget what the last hibernation did
 *
 * Called at PM_HIBERNATION_PREPARE, before the image is made: the value
 * the image holds is the one the restore starts from.
 */
void s2h_image_watch_start(void)
{
	WRITE_ONCE(s2h_image_back, false);
}

/**
 * s2h_image_came_back() - whether the last hibernation wrote its image and came back
 *
 * Return: true once the system runs again from the image, or from memory
 * after writing it; false when it failed.
 */
bool s2h_image_came_back(void)
{
	return READ_ONCE(s2h_image_back);
}

int s2h_image_watch_init(void)
{
	s2h_image_dev = root_device_register("s2h");
	if (IS_ERR(s2h_image_dev))
		return PTR_ERR(s2h_image_dev);
	dev_pm_domain_set(s2h_image_dev, &s2h_image_domain);
	return 0;
}

void s2h_image_watch_exit(void)
{
	dev_pm_domain_set(s2h_image_dev, NULL);
	root_device_unregister(s2h_image_dev);
}
