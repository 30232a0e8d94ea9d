// SPDX-License-Identifier: GPL-2.0
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/suspend.h>

#include "hibernate.h"

#define S2H_SYS_POWER	"/sys/power/"
#define S2H_PATH_MAX	32

static struct file *s2h_power_open(const char *file, int flags)
{
	char path[S2H_PATH_MAX];

	if (snprintf(path, sizeof(path), S2H_SYS_POWER "%s", file) >= sizeof(path))
		return ERR_PTR(-ENAMETOOLONG);
	return filp_open(path, flags, 0);
}

/**
 * s2h_power_file_read() - read a file of /sys/power, as userspace does
 * @file: its name
 * @buf: where its text goes, NUL-terminated
 * @size: room in @buf
 *
 * The kernel state behind /sys/power (hibernation_mode, image_size,
 * swsusp_resume_device) is static to kernel/power, so s2h reads the text
 * the kernel shows userspace. Process context only.
 *
 * Return: the length of the text, or a negative errno.
 */
ssize_t s2h_power_file_read(const char *file, char *buf, size_t size)
{
	struct file *f;
	loff_t pos = 0;
	ssize_t len;

	f = s2h_power_open(file, O_RDONLY);
	if (IS_ERR(f))
		return PTR_ERR(f);
	len = kernel_read(f, buf, size - 1, &pos);
	filp_close(f, NULL);
	if (len < 0)
		return len;
	buf[len] = '\0';
	return len;
}

/**
 * s2h_power_file_write() - write a file of /sys/power, as userspace does
 * @file: its name
 * @text: what to write
 *
 * Return: 0, or the negative errno the kernel refused it with.
 */
int s2h_power_file_write(const char *file, const char *text)
{
	struct file *f;
	loff_t pos = 0;
	ssize_t ret;

	f = s2h_power_open(file, O_WRONLY);
	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = kernel_write(f, text, strlen(text), &pos);
	filp_close(f, NULL);
	return ret < 0 ? ret : 0;
}

/*
 * /sys/power/disk lists every mode with the current one in brackets:
 * "[platform] shutdown reboot suspend test_resume".
 */
static int s2h_disk_mode(char *mode, size_t size)
{
	char buf[128];
	char *start, *end;
	ssize_t len;

	len = s2h_power_file_read("disk", buf, sizeof(buf));
	if (len < 0)
		return len;
	start = strchr(buf, '[');
	end = start ? strchr(start, ']') : NULL;
	if (!end || end - start - 1 >= size)
		return -EINVAL;
	*end = '\0';
	strscpy(mode, start + 1, size);
	return 0;
}

/**
 * s2h_hibernate() - hibernate the system, as "echo disk > /sys/power/state"
 * @disk_mode: what /sys/power/disk is to be for this hibernation only, or
 *	NULL for the system's own choice (platform or shutdown)
 *
 * hibernate() is not exported to modules, so s2h asks for hibernation the
 * way userspace does: the write ends up in hibernate() with every check and
 * lock it takes for userspace (lockdown, nohibernate, swap, the system
 * transition lock). Must be called from process context that holds no lock
 * a PM notifier takes, and not from a freezable task: a work item on an
 * unbound, non-freezable workqueue. The previous disk mode is put back
 * once the system runs again, whether from the image or, in "suspend" and
 * "test_resume" mode, from memory.
 *
 * Return: 0 once the system is back from the image (this kernel never sees
 * the return when the image is written and the machine powered off), or
 * the negative errno hibernate() failed with.
 */
int s2h_hibernate(const char *disk_mode)
{
	char old_mode[32];
	int err, restore_err;

	if (!disk_mode)
		return s2h_power_file_write("state", "disk");

	err = s2h_disk_mode(old_mode, sizeof(old_mode));
	if (err)
		return err;
	err = s2h_power_file_write("disk", disk_mode);
	if (err)
		return err;
	err = s2h_power_file_write("state", "disk");
	restore_err = s2h_power_file_write("disk", old_mode);
	if (restore_err)
		pr_warn("could not set /sys/power/disk back to %s (%pe)\n", old_mode,
			ERR_PTR(restore_err));
	return err;
}

/**
 * s2h_last_sleep_state() - the state the suspend that just ended entered
 *
 * Return: PM_SUSPEND_TO_IDLE or PM_SUSPEND_MEM. pm_suspend_target_state is
 * gone by the time PM_POST_SUSPEND is sent, but the platform flags of that
 * suspend stay until the next one: suspend to idle runs without the
 * platform. "standby" cannot be told apart from "mem" this way and is taken
 * for "mem".
 */
suspend_state_t s2h_last_sleep_state(void)
{
	return pm_suspend_no_platform() ? PM_SUSPEND_TO_IDLE : PM_SUSPEND_MEM;
}

/*
 * The work that puts the system back to sleep is queued from PM_POST_SUSPEND,
 * while the suspend that just ended still holds the system transition lock,
 * and pm_suspend() only tries that lock: wait for the suspend to be over.
 */
static void s2h_wait_for_transition(void)
{
	unlock_system_sleep(lock_system_sleep());
}

/*
 * The wakeup_count handshake userspace sleep daemons use: once the count
 * read is written back, any wakeup event that comes after it - the user
 * opening the lid while s2h is about to put the system back to sleep -
 * makes the suspend fail with -EBUSY instead of losing that event.
 */
static int s2h_arm_wakeup_check(void)
{
	char count[24];
	ssize_t len;

	len = s2h_power_file_read("wakeup_count", count, sizeof(count));
	if (len < 0)
		return len;
	return s2h_power_file_write("wakeup_count", strim(count));
}

/**
 * s2h_sleep_again() - put the system back into the state it woke from
 * @state: from s2h_last_sleep_state()
 *
 * Return: as pm_suspend(), once the system is awake again; -EBUSY, without
 * sleeping, when a wakeup event came in since the last wake.
 */
int s2h_sleep_again(suspend_state_t state)
{
	int err;

	s2h_wait_for_transition();
	err = s2h_arm_wakeup_check();
	if (err)
		return err == -EINVAL ? -EBUSY : err;
	return pm_suspend(state);
}
