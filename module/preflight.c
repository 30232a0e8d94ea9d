// SPDX-License-Identifier: GPL-2.0
#include <linux/completion.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/rtc.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/swap.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "hibernate.h"
#include "preflight.h"

#define S2H_PAGES_TO_MB(p)	((u32)((p) >> (20 - PAGE_SHIFT)))

/*
 * nohibernate, lockdown and the like: the kernel offers "disk" or it does
 * not. Reading it under lockdown logs a notice: s2h_locked_down() first.
 */
static bool s2h_hibernation_offered(void)
{
	char buf[64];
	char *states, *word;

	if (s2h_power_file_read("state", buf, sizeof(buf)) < 0)
		return false;
	states = strim(buf);
	while ((word = strsep(&states, " ")))
		if (!strcmp(word, "disk"))
			return true;
	return false;
}

/*
 * Lockdown only ever rises, and security_locked_down() logs a notice each
 * time it refuses: asked until it first says yes, never again after.
 */
static bool s2h_locked_down(void)
{
	static bool locked;

	if (!READ_ONCE(locked) && security_locked_down(LOCKDOWN_HIBERNATION))
		WRITE_ONCE(locked, true);
	return READ_ONCE(locked);
}

/*
 * Where hibernation writes its image: the resume device, at resume_offset
 * for a swap file. 0 when none is set.
 */
static dev_t s2h_resume_device(u64 *offset)
{
	unsigned int major, minor;
	char buf[32];

	*offset = 0;
	if (s2h_power_file_read("resume", buf, sizeof(buf)) < 0 ||
	    sscanf(buf, "%u:%u", &major, &minor) != 2)
		return 0;
	if (s2h_power_file_read("resume_offset", buf, sizeof(buf)) < 0 ||
	    kstrtou64(strim(buf), 10, offset))
		*offset = 0;
	return MKDEV(major, minor);
}

/* The block device's node, as devtmpfs names it: its uevent's DEVNAME. */
static int s2h_device_node(dev_t dev, char *path, size_t size)
{
	char buf[256], file[48];
	const char *name;

	snprintf(file, sizeof(file), "/sys/dev/block/%u:%u/uevent", MAJOR(dev), MINOR(dev));
	if (s2h_file_read(file, buf, sizeof(buf)) < 0)
		return -ENODEV;
	name = strstr(buf, "DEVNAME=");
	if (!name)
		return -ENOENT;
	name += strlen("DEVNAME=");
	if (snprintf(path, size, "/dev/%.*s", (int)strcspn(name, "\n"), name) >= size)
		return -ENAMETOOLONG;
	return 0;
}

/*
 * Whether the resume partition is an active swap area: swapon marks the
 * block device's inode S_SWAPFILE. 0 for a device that does not exist,
 * -ENOENT when there is no node to ask (no devtmpfs), else 0 or 1.
 *
 * Which swap file a resume_offset points into cannot be told this way:
 * /proc/swaps, which says it, cannot be read from the kernel (its
 * proc_ops have no read_iter in 6.1), and nothing that knows is exported;
 * nor can the free swap of one device, so the swap check counts it all.
 */
static int s2h_partition_is_swap(dev_t dev)
{
	char path[64];
	struct file *f;
	int ret;

	ret = s2h_device_node(dev, path, sizeof(path));
	if (ret)
		return ret == -ENODEV ? 0 : ret;
	f = filp_open(path, O_RDONLY | O_NONBLOCK, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = S_ISBLK(file_inode(f)->i_mode) && IS_SWAPFILE(f->f_mapping->host);
	filp_close(f, NULL);
	return ret;
}

/* Without a resume device, or with one that is no swap, the image is never read back. */
static bool s2h_resume_device_ok(void)
{
	u64 offset;
	dev_t dev = s2h_resume_device(&offset);

	if (!dev)
		return false;
	return offset || s2h_partition_is_swap(dev) != 0;
}

/*
 * The kernel frees memory until the image fits image_size, but cannot go
 * below the memory in use: the image is expected to be the smaller of the
 * two, taken uncompressed. Compression usually halves what is written, so
 * this errs on the safe side.
 */
static unsigned long s2h_image_pages(void)
{
	unsigned long used = totalram_pages() - min_t(unsigned long, totalram_pages(),
						      si_mem_available());
	unsigned long image_size;
	char buf[32];

	if (s2h_power_file_read("image_size", buf, sizeof(buf)) < 0 ||
	    kstrtoul(strim(buf), 10, &image_size))
		return used;
	return min(used, image_size >> PAGE_SHIFT);
}

/* alarmtimer_suspend() programs this RTC: it must be able to wake the system. */
static bool s2h_rtc_can_wake(void)
{
	struct rtc_device *rtc = alarmtimer_get_rtcdev();

	return rtc && rtc->dev.parent && device_may_wakeup(rtc->dev.parent);
}

/* The word in brackets of /sys/power/mem_sleep is the suspend "mem" starts. */
static bool s2h_suspends_to_idle(void)
{
	char buf[64];

	return s2h_power_file_read("mem_sleep", buf, sizeof(buf)) >= 0 &&
	       strstr(buf, "[s2idle]");
}

/*
 * Whether the RTC can end suspend to idle. rtc_cmos whose alarm the HPET
 * emulates cannot: the HPET stops in suspend to idle (S0ix), and the
 * alarm then rings at the user's next wake only. rtc_cmos says so in
 * /proc/driver/rtc; use_acpi_alarm=1 routes the alarm through the ACPI RTC
 * event instead (the kernel does by itself on Intel from 2015 with S0ix).
 * Other RTCs, and one rtc_cmos that is not rtc0, cannot be told: passed.
 */
static bool s2h_rtc_ends_s2idle(void)
{
	struct rtc_device *rtc = alarmtimer_get_rtcdev();
	struct device *dev = rtc ? rtc->dev.parent : NULL;
	char buf[512];

	if (!dev || !dev->driver || strcmp(dev->driver->name, "rtc_cmos") ||
	    !s2h_suspends_to_idle())
		return true;
	if (s2h_file_read("/proc/driver/rtc", buf, sizeof(buf)) < 0)
		return true;
	return !strstr(buf, "HPET_emulated\t: yes");
}

static void s2h_preflight_checks(struct s2h_preflight *p, bool verified_needed)
{
	unsigned long image = s2h_image_pages();
	long swap_free = get_nr_swap_pages();

	p->failed = 0;
	p->swap_free_mb = S2H_PAGES_TO_MB(max(swap_free, 0L));
	p->image_mb = S2H_PAGES_TO_MB(image);
	if (s2h_locked_down())
		p->failed |= BIT(S2H_CHECK_LOCKDOWN);
	else if (!s2h_hibernation_offered())
		p->failed |= BIT(S2H_CHECK_SUPPORTED);
	if (!s2h_resume_device_ok())
		p->failed |= BIT(S2H_CHECK_RESUME);
	if (swap_free <= 0 || swap_free < image)
		p->failed |= BIT(S2H_CHECK_SWAP);
	if (!s2h_rtc_can_wake())
		p->failed |= BIT(S2H_CHECK_RTC);
	else if (!s2h_rtc_ends_s2idle())
		p->failed |= BIT(S2H_CHECK_RTC_S2IDLE);
	if (verified_needed)
		p->failed |= BIT(S2H_CHECK_VERIFIED);
}

/* Reads files for callers inside another one, see s2h_file_reader_call(). */
static struct workqueue_struct *s2h_preflight_wq;

struct s2h_reader_work {
	struct work_struct work;
	struct completion done;
	void (*fn)(void *arg);
	void *arg;
};

static void s2h_reader_fn(struct work_struct *work)
{
	struct s2h_reader_work *w = container_of(work, struct s2h_reader_work, work);

	w->fn(w->arg);
	complete(&w->done);
}

/**
 * s2h_file_reader_call() - run a function that reads files of sysfs or procfs
 * @fn: the function
 * @arg: its argument
 *
 * The pre-flight checks and the thermal zones are read through seq_files
 * and kernfs open files, and the callers are themselves inside one (the
 * read of /sys/power/s2h/available) or inside the write of /sys/power/state
 * (the PM notifier): every seq_file and kernfs open file has one lock class,
 * so lockdep takes the nesting for a recursion or a cycle, although the
 * locks are never the same ones. @fn runs in a worker while the caller
 * waits on a plain completion. Process context, tasks not frozen.
 */
void s2h_file_reader_call(void (*fn)(void *arg), void *arg)
{
	struct s2h_reader_work w = { .fn = fn, .arg = arg };

	INIT_WORK_ONSTACK(&w.work, s2h_reader_fn);
	init_completion(&w.done);
	queue_work(s2h_preflight_wq, &w.work);
	wait_for_completion(&w.done);
	destroy_work_on_stack(&w.work);
}

struct s2h_preflight_args {
	struct s2h_preflight *p;
	bool verified_needed;
};

static void s2h_preflight_fn(void *arg)
{
	struct s2h_preflight_args *a = arg;

	s2h_preflight_checks(a->p, a->verified_needed);
}

/**
 * s2h_preflight_run() - check that a hibernation now could resume
 * @p: the result
 * @verified_needed: require_verified is set and no dry run has passed
 *
 * The checks read files of /sys/power: from s2h_file_reader_call().
 */
void s2h_preflight_run(struct s2h_preflight *p, bool verified_needed)
{
	struct s2h_preflight_args a = { .p = p, .verified_needed = verified_needed };

	s2h_file_reader_call(s2h_preflight_fn, &a);
}

int s2h_preflight_init(void)
{
	s2h_preflight_wq = alloc_workqueue("s2h_checks", WQ_UNBOUND, 0);
	return s2h_preflight_wq ? 0 : -ENOMEM;
}

void s2h_preflight_exit(void)
{
	destroy_workqueue(s2h_preflight_wq);
}

static const char * const s2h_check_reasons[__S2H_CHECK_MAX] = {
	[S2H_CHECK_SUPPORTED] = "hibernation not offered by the kernel",
	[S2H_CHECK_LOCKDOWN] = "hibernation locked down",
	[S2H_CHECK_RESUME] = "no resume device, or it is no active swap",
	[S2H_CHECK_SWAP] = "not enough free swap",
	[S2H_CHECK_RTC] = "no rtc can wake the system",
	[S2H_CHECK_VERIFIED] = "not verified",
	[S2H_CHECK_RTC_S2IDLE] = "the rtc cannot end suspend to idle (hpet-emulated alarm)",
};

/**
 * s2h_preflight_format() - "yes", or "no: " and why, for the kernel log
 * @p: a result of s2h_preflight_run()
 * @buf: where the text goes, with a newline
 * @size: room in @buf
 *
 * Return: the length of the text.
 */
int s2h_preflight_format(const struct s2h_preflight *p, char *buf, size_t size)
{
	const char *sep = "no: ";
	int len = 0;
	int check;

	if (!p->failed)
		return scnprintf(buf, size, "yes\n");
	for_each_set_bit(check, &p->failed, __S2H_CHECK_MAX) {
		len += scnprintf(buf + len, size - len, "%s%s", sep, s2h_check_reasons[check]);
		if (check == S2H_CHECK_SWAP)
			len += scnprintf(buf + len, size - len, " (%u MiB free, %u MiB needed)",
					 p->swap_free_mb, p->image_mb);
		sep = ", ";
	}
	return len + scnprintf(buf + len, size - len, "\n");
}
