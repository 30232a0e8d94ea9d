// SPDX-License-Identifier: GPL-2.0
/*
 * hibernate() returns its error to the task that asked for it, and tells
 * the PM notifiers only that it ended, failed or not. It returns 0 too when
 * the kernel undid the hibernation for a wakeup event (decide.h,
 * enum s2h_image_end). The device callbacks tell more: after the snapshot a
 * device is thawed, then, once the image is written, the machine powers
 * off and the restored kernel calls .restore - or, in "suspend" mode, it
 * suspends and calls .resume. An undone hibernation calls .restore too, in
 * the kernel that thawed its devices, or before any snapshot. A device of
 * s2h's own, in a PM domain of its own whose callbacks record what they
 * saw, and the snapshot's tracepoint (sleeptrace.c) tell which.
 *
 * The same device's .prepare is where a suspend's alarm is armed (the
 * function s2h_image_watch_init() was given, arm.c's): the PM core
 * prepares every device before it suspends any, so the alarm is there when
 * alarmtimer_suspend() programs the RTC, whichever order the devices were
 * added in.
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/pm.h>
#include <linux/pm_domain.h>

#include "decide.h"
#include "image.h"
#include "sleeptrace.h"

static struct device *s2h_image_dev;
/* Set before the device is registered, never changed while it is. */
static void (*s2h_image_prepare)(void);

/*
 * What the callbacks saw of the last hibernation: set as it starts
 * (s2h_image_watch_start()), written by the callbacks in the hibernating
 * task, read once it has ended; READ/WRITE_ONCE.
 */
static struct {
	unsigned int snapshots;		/* s2h_snapshots() as it started */
	bool counted;			/* ... when there is a tracepoint to count */
	bool thawed;			/* its devices were thawed to write the image */
	enum s2h_image_end end;
} s2h_image;

static enum s2h_sleep_evidence s2h_image_snapshot(void)
{
	unsigned int snapshots;

	if (!READ_ONCE(s2h_image.counted) || !s2h_snapshots(&snapshots))
		return S2H_SLEEP_UNKNOWN;
	return snapshots != READ_ONCE(s2h_image.snapshots) ? S2H_SLEEP_REACHED :
							     S2H_SLEEP_NOT_REACHED;
}

static void s2h_image_seen(bool restore)
{
	enum s2h_image_end end = s2h_image_outcome(restore, s2h_image_snapshot(),
						   READ_ONCE(s2h_image.thawed));

	if (end != S2H_IMAGE_NONE)
		WRITE_ONCE(s2h_image.end, end);
}

static int s2h_image_restore_cb(struct device *dev)
{
	s2h_image_seen(true);
	return 0;
}

static int s2h_image_resume_cb(struct device *dev)
{
	s2h_image_seen(false);
	return 0;
}

/* Also at PMSG_RECOVER, a failed snapshot: hibernate() reports that one. */
static int s2h_image_thaw_cb(struct device *dev)
{
	WRITE_ONCE(s2h_image.thawed, true);
	return 0;
}

static int s2h_devices_prepare_cb(struct device *dev)
{
	s2h_image_prepare();
	return 0;
}

static struct dev_pm_domain s2h_image_domain = {
	.ops = {
		.prepare = s2h_devices_prepare_cb,
		.thaw = s2h_image_thaw_cb,
		.restore = s2h_image_restore_cb,
		.resume = s2h_image_resume_cb,
	},
};

/**
 * s2h_image_watch_start() - forget what the last hibernation did
 *
 * Called at PM_HIBERNATION_PREPARE, before the image is made: the values
 * the image holds are the ones the restore starts from.
 */
void s2h_image_watch_start(void)
{
	unsigned int snapshots;

	WRITE_ONCE(s2h_image.counted, s2h_snapshots(&snapshots));
	WRITE_ONCE(s2h_image.snapshots, snapshots);
	WRITE_ONCE(s2h_image.thawed, false);
	WRITE_ONCE(s2h_image.end, S2H_IMAGE_NONE);
}

/**
 * s2h_image_end() - how the last hibernation ended
 *
 * Return: S2H_IMAGE_RESTORED or S2H_IMAGE_RESUMED once the system runs
 * again from the image, or from memory after writing it; S2H_IMAGE_NONE
 * when it failed; an S2H_IMAGE_UNDONE_* when the kernel undid it.
 */
enum s2h_image_end s2h_image_end(void)
{
	return READ_ONCE(s2h_image.end);
}

/**
 * s2h_image_watch_init() - register s2h's device
 * @prepare: called at the start of the devices' phase of every suspend
 *	and hibernation, from the device's .prepare
 *
 * Return: 0, or a negative errno.
 */
int s2h_image_watch_init(void (*prepare)(void))
{
	s2h_image_prepare = prepare;
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
