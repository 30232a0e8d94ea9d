// SPDX-License-Identifier: GPL-2.0
/*
 * Every reach of s2h into state that another subsystem keeps to itself, in
 * one room: the files of /sys/power, kernel/power's kobject and the show()
 * methods behind it, a block device's inode, rtc_cmos's and the thermal
 * zones' and an ACPI battery's files. No other file of s2h opens a file,
 * walks kernfs or calls another subsystem's show(). Each function says
 * what it reaches for, why no exported API serves on 6.1 to 7.x, and what
 * in-kernel function would replace it ("Upstream:"); design.rst, "What
 * upstream would need", has them in one table.
 */
#include <linux/completion.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/kernfs.h>
#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/swap.h>
#include <linux/sysfs.h>
#include <linux/workqueue.h>

#include "compat.h"
#include "decide.h"
#include "sysiface.h"

#define S2H_SYS_POWER	"/sys/power/"
#define S2H_PATH_MAX	64

/* Read @path, as userspace does, into @buf, NUL-terminated; its length or an errno. */
static ssize_t s2h_file_read(const char *path, char *buf, size_t size)
{
	struct file *f;
	loff_t pos = 0;
	ssize_t len;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	len = kernel_read(f, buf, size - 1, &pos);
	filp_close(f, NULL);
	if (len < 0)
		return len;
	buf[len] = '\0';
	return len;
}

/* Write @text to @path, as userspace does; 0 or the errno it was refused with. */
static int s2h_file_write(const char *path, const char *text)
{
	struct file *f;
	loff_t pos = 0;
	ssize_t ret;

	f = filp_open(path, O_WRONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	ret = kernel_write(f, text, strlen(text), &pos);
	filp_close(f, NULL);
	return ret < 0 ? ret : 0;
}

/*
 * Reads files for callers inside another one: s2h_reader_call(). Not
 * freezable, unbound: the readers run while tasks thaw.
 */
static struct workqueue_struct *s2h_reader_wq;

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

/*
 * Runs @fn, which reads or writes files of sysfs or procfs, in a worker
 * while the caller waits on a plain completion. The files go through seq_files
 * and kernfs open files, and the callers are themselves inside one (the
 * read of /sys/power/s2h/available) or inside the write of
 * /sys/power/state (the PM notifier): every seq_file and kernfs open file
 * has one lock class, so lockdep takes the nesting for a recursion or a
 * cycle, although the locks are never the same ones. Process context,
 * tasks not frozen.
 */
static void s2h_reader_call(void (*fn)(void *arg), void *arg)
{
	struct s2h_reader_work w = { .fn = fn, .arg = arg };

	INIT_WORK_ONSTACK(&w.work, s2h_reader_fn);
	init_completion(&w.done);
	queue_work(s2h_reader_wq, &w.work);
	wait_for_completion(&w.done);
	destroy_work_on_stack(&w.work);
}

/*
 * /sys/power's kobject, to hang /sys/power/s2h below it, or NULL.
 * power_kobj is not exported to modules. Its kernfs directory hangs off
 * the sysfs root, which is kernel_kobj's (/sys/kernel) parent, and a
 * kobject's directory keeps the kobject in ->priv. /sys/power is never
 * removed, so the kobject outlives the kernfs reference dropped here.
 * Upstream: EXPORT_SYMBOL_GPL(power_kobj), as kernel_kobj is.
 */
struct kobject *s2h_power_kobj(void)
{
	struct kernfs_node *kn;
	struct kobject *kobj = NULL;

	kn = kernfs_find_and_get(s2h_kernfs_parent(kernel_kobj->sd), "power");
	if (!kn)
		return NULL;
	if (kernfs_type(kn) == KERNFS_DIR)
		kobj = kn->priv;
	kernfs_put(kn);
	return kobj;
}

/*
 * The kernel state behind /sys/power is static to kernel/power, but the
 * show() methods of its files are reachable through /sys/power's kobject,
 * and calling one is what a read of the file does (sysfs_kf_seq_show()),
 * minus the path walk, the open file and its seq_file: cheap enough for
 * the suspend path and every netlink GET. These show() methods take no
 * lock and read the kernel's variables as they are at the call. No kernfs
 * active reference is taken: /sys/power's built-in files are never
 * removed. Upstream, each has a function to export:
 *   state			hibernation_available()
 *   resume, resume_offset	swsusp_resume_device, swsusp_resume_block
 *				(or swap_type_of() on them)
 *   image_size			image_size, or hibernate_image_pages()
 *   pm_wakeup_irq		pm_wakeup_irq(), declared but not exported
 *   suspend_stats/total_hw_sleep  suspend_stats.total_hw_sleep
 */

/* The directory of each file below /sys/power: NULL for /sys/power itself. */
static const char * const s2h_power_attr_dir[__S2H_POWER_MAX] = {
	[S2H_POWER_TOTAL_HW_SLEEP] = "suspend_stats",
};

static const char * const s2h_power_attr_name[__S2H_POWER_MAX] = {
	[S2H_POWER_STATE] = "state",
	[S2H_POWER_RESUME] = "resume",
	[S2H_POWER_RESUME_OFFSET] = "resume_offset",
	[S2H_POWER_IMAGE_SIZE] = "image_size",
	[S2H_POWER_WAKEUP_IRQ] = "pm_wakeup_irq",
	[S2H_POWER_TOTAL_HW_SLEEP] = "total_hw_sleep",
};

static struct {
	/* /sys/power and its attributes: built in, never removed. */
	struct kobject *kobj;
	const struct attribute *attr[__S2H_POWER_MAX];
	/* Protects page, which the show() methods write: sysfs_emit() wants a page. */
	struct mutex lock;
	char *page;
} s2h_power;

/*
 * Calls @parse on the text of a file, NUL-terminated, under the lock of
 * the page. -ENOENT for a file this kernel does not have.
 */
static int s2h_power_attr_read(enum s2h_power_attr id, int (*parse)(char *text, void *val),
			       void *val)
{
	struct kobject *kobj = s2h_power.kobj;
	ssize_t len;
	int err;

	if (!s2h_power.attr[id])
		return -ENOENT;
	mutex_lock(&s2h_power.lock);
	len = kobj->ktype->sysfs_ops->show(kobj, (struct attribute *)s2h_power.attr[id],
					   s2h_power.page);
	if (len < 0 || len >= PAGE_SIZE) {
		err = len < 0 ? len : -EOVERFLOW;
	} else {
		s2h_power.page[len] = '\0';
		err = parse(strim(s2h_power.page), val);
	}
	mutex_unlock(&s2h_power.lock);
	return err;
}

static int s2h_parse_u64(char *text, void *val)
{
	return kstrtou64(text, 10, val);
}

/* "major:minor", as format_dev_t() writes it. */
static int s2h_parse_dev(char *text, void *val)
{
	char *minor = strchr(text, ':');
	unsigned int maj, min;

	if (!minor)
		return -EINVAL;
	*minor++ = '\0';
	if (kstrtouint(text, 10, &maj) || kstrtouint(minor, 10, &min))
		return -EINVAL;
	*(dev_t *)val = MKDEV(maj, min);
	return 0;
}

/* 1 when the space-separated words of the text hold the one @val points to. */
static int s2h_parse_has_word(char *text, void *val)
{
	const char *word;

	while ((word = strsep(&text, " ")))
		if (!strcmp(word, *(const char **)val))
			return 1;
	return 0;
}

bool s2h_power_attr_present(enum s2h_power_attr id)
{
	return s2h_power.attr[id];
}

int s2h_power_attr_u64(enum s2h_power_attr id, u64 *val)
{
	return s2h_power_attr_read(id, s2h_parse_u64, val);
}

int s2h_power_attr_dev(enum s2h_power_attr id, dev_t *dev)
{
	return s2h_power_attr_read(id, s2h_parse_dev, dev);
}

bool s2h_power_attr_has_word(enum s2h_power_attr id, const char *word)
{
	return s2h_power_attr_read(id, s2h_parse_has_word, &word) > 0;
}

/* The attribute of one file, as sysfs made it, or NULL. */
static const struct attribute *s2h_power_attr_find(enum s2h_power_attr id)
{
	struct kernfs_node *dir = s2h_power.kobj->sd, *kn;
	const struct attribute *attr = NULL;

	if (s2h_power_attr_dir[id]) {
		dir = kernfs_find_and_get(dir, s2h_power_attr_dir[id]);
		if (!dir)
			return NULL;
	}
	kn = kernfs_find_and_get(dir, s2h_power_attr_name[id]);
	if (kn && kernfs_type(kn) == KERNFS_FILE)
		attr = kn->priv;
	kernfs_put(kn);
	if (s2h_power_attr_dir[id])
		kernfs_put(dir);
	return attr;
}

/*
 * A kernel decides once, as it boots, whether /sys/power has a file: the
 * attributes are looked up once. The optional ones may be missing
 * (s2h_power_attr_present()).
 */
static int s2h_power_attrs_init(void)
{
	int id;

	s2h_power.kobj = s2h_power_kobj();
	if (!s2h_power.kobj) {
		pr_err("cannot find /sys/power\n");
		return -ENOENT;
	}
	for (id = 0; id < __S2H_POWER_MAX; id++) {
		s2h_power.attr[id] = s2h_power_attr_find(id);
		if (!s2h_power.attr[id] && id < S2H_POWER_WAKEUP_IRQ) {
			pr_err("cannot find /sys/power/%s\n", s2h_power_attr_name[id]);
			return -ENOENT;
		}
	}
	s2h_power.page = (char *)__get_free_page(GFP_KERNEL);
	if (!s2h_power.page)
		return -ENOMEM;
	mutex_init(&s2h_power.lock);
	return 0;
}

static void s2h_power_attrs_exit(void)
{
	mutex_destroy(&s2h_power.lock);
	free_page((unsigned long)s2h_power.page);
}

/**
 * s2h_power_file_read() - read a file of /sys/power, as userspace does
 * @file: its name: "disk", "wakeup_count" or "mem_sleep"
 * @buf: where its text goes, NUL-terminated
 * @size: room in @buf
 *
 * What these files say is static to kernel/power (hibernation_mode) or
 * not exported (pm_get_wakeup_count(), mem_sleep_current); a read of
 * wakeup_count waits, as userspace's does, while a wakeup event is in
 * progress, which show() alone would not. Upstream: export
 * pm_get_wakeup_count() and mem_sleep_current, and let hibernate() take
 * its mode as an argument. Process context only.
 *
 * Return: the length of the text, or a negative errno.
 */
ssize_t s2h_power_file_read(const char *file, char *buf, size_t size)
{
	char path[S2H_PATH_MAX];

	if (snprintf(path, sizeof(path), S2H_SYS_POWER "%s", file) >= sizeof(path))
		return -ENAMETOOLONG;
	return s2h_file_read(path, buf, size);
}

/**
 * s2h_power_file_write() - write a file of /sys/power, as userspace does
 * @file: its name: "state", "disk" or "wakeup_count"
 * @text: what to write
 *
 * hibernate(), the setter of hibernation_mode and pm_save_wakeup_count()
 * are not exported; a write of "disk" to state ends up in hibernate() with
 * every check and lock it takes for userspace (lockdown, nohibernate, the
 * system transition lock). pm_suspend() is, but "mem" suspends in the
 * mode mem_sleep names, and mem_sleep_current is static (the wake test).
 * Upstream: export hibernate() with its mode and pm_save_wakeup_count(),
 * have hibernate() report a hibernation the kernel undid for a wakeup
 * event as an error (hibernate.c), and export mem_sleep_current.
 *
 * Return: 0, or the negative errno the kernel refused it with.
 */
int s2h_power_file_write(const char *file, const char *text)
{
	char path[S2H_PATH_MAX];

	if (snprintf(path, sizeof(path), S2H_SYS_POWER "%s", file) >= sizeof(path))
		return -ENAMETOOLONG;
	return s2h_file_write(path, text);
}

/*
 * The block device's node, as devtmpfs names it: its uevent's DEVNAME.
 * -ENODEV when sysfs has no such block device.
 */
static int s2h_device_node(dev_t dev, char *path, size_t size)
{
	char buf[256], file[48];
	const char *name;
	ssize_t len;

	snprintf(file, sizeof(file), "/sys/dev/block/%u:%u/uevent", MAJOR(dev), MINOR(dev));
	len = s2h_file_read(file, buf, sizeof(buf));
	if (len == -ENOENT)
		return -ENODEV;
	if (len < 0)
		return len;
	name = strstr(buf, "DEVNAME=");
	if (!name)
		return -ENOENT;
	name += strlen("DEVNAME=");
	if (snprintf(path, size, "/dev/%.*s", (int)strcspn(name, "\n"), name) >= size)
		return -ENAMETOOLONG;
	return 0;
}

struct s2h_bdev_found {
	dev_t dev;
	int swap;	/* as s2h_bdev_is_swap() returns */
};

/*
 * Whether the block device of @arg->dev is an active swap area, read
 * through its node while it is open: the node's file maps the block
 * device's inode, which swapon marks S_SWAPFILE. The open file holds the
 * disk and its driver's module; nothing is held once it is closed.
 */
static void s2h_bdev_swap_fn(void *arg)
{
	struct s2h_bdev_found *found = arg;
	struct inode *inode;
	char path[64];
	struct file *f;
	int err;

	err = s2h_device_node(found->dev, path, sizeof(path));
	if (err) {
		found->swap = err;
		return;
	}
	f = filp_open(path, O_RDONLY | O_NONBLOCK, 0);
	if (IS_ERR(f)) {
		err = PTR_ERR(f);
		/* The disk went between the uevent and the open. */
		found->swap = err == -ENXIO ? -ENODEV : err;
		return;
	}
	inode = f->f_mapping->host;
	if (S_ISBLK(file_inode(f)->i_mode) && inode->i_rdev == found->dev)
		found->swap = IS_SWAPFILE(inode) != 0;
	else
		found->swap = -ESTALE;	/* the node is another device's */
	/*
	 * Closed now, not by the delayed fput of a kworker's file: a driver
	 * unloaded right after a check would find its module still in use.
	 */
	__fput_sync(f);
}

/**
 * s2h_bdev_is_swap() - whether a block device is an active swap area
 * @dev: the block device
 *
 * swapon sets S_SWAPFILE on the block device's inode for as long as it is
 * on. The device is looked up by its dev_t at each call and not held
 * between two: a reference to its struct device would pin the gendisk
 * past the removal of a disk whose driver can be unloaded (virtio_blk,
 * nbd, zram), and the disk's release would then call into a module that
 * is gone. blkdev_get_by_dev() would hold it, but it changed in 6.5 and
 * gave way to bdev_open_by_dev() (6.7) and bdev_file_open_by_dev() (6.9).
 * Which swap file a resume_offset points into cannot be told:
 * /proc/swaps cannot be read from the kernel (its proc_ops have no
 * read_iter in 6.1). Upstream: swap_type_of(dev, offset) exported, which
 * answers both in the kernel's own terms - hibernation's own check.
 *
 * Return: 1 or 0; -ENODEV for a device that does not exist; another
 * negative errno when it could not be told (no node to ask without
 * devtmpfs, no memory, a node of another device).
 */
int s2h_bdev_is_swap(dev_t dev)
{
	struct s2h_bdev_found found = { .dev = dev };

	s2h_reader_call(s2h_bdev_swap_fn, &found);
	return found.swap;
}

static void s2h_hpet_emulated_fn(void *arg)
{
	char buf[512];

	*(bool *)arg = s2h_file_read("/proc/driver/rtc", buf, sizeof(buf)) >= 0 &&
		       strstr(buf, "HPET_emulated\t: yes");
}

/*
 * Whether the HPET emulates rtc_cmos's alarm, which rtc_cmos says in
 * /proc/driver/rtc only ("HPET_emulated: yes"): its use_hpet_alarm() is
 * static. Upstream: a flag of the RTC device, or rtc_cmos refusing an
 * alarm it cannot deliver in suspend to idle. Process context.
 */
bool s2h_rtc_hpet_emulated(void)
{
	bool emulated;

	s2h_reader_call(s2h_hpet_emulated_fn, &emulated);
	return emulated;
}

struct s2h_irq_read {
	u32 irq;
	char *buf;
	size_t size;
	ssize_t len;
};

static void s2h_irq_actions_fn(void *arg)
{
	struct s2h_irq_read *r = arg;
	char path[S2H_PATH_MAX];

	snprintf(path, sizeof(path), "/sys/kernel/irq/%u/actions", r->irq);
	r->len = s2h_file_read(path, r->buf, r->size);
}

/**
 * s2h_irq_actions() - the names of the handlers of an IRQ
 * @irq: the IRQ
 * @buf: where they go, comma-separated, NUL-terminated
 * @size: room in @buf
 *
 * Whose an IRQ is (the wake IRQ: the RTC's, ACPI's SCI, another device's)
 * is kept by the IRQ core: irq_to_desc() and the descriptor's actions
 * are not exported to modules, and /sys/kernel/irq/N/actions (sparse IRQs,
 * as every Debian kernel has) names them. Upstream: the RTC core saying
 * that its alarm ended the sleep, which would spare the guess by name.
 * Process context.
 *
 * Return: the length of the text, or a negative errno.
 */
ssize_t s2h_irq_actions(u32 irq, char *buf, size_t size)
{
	struct s2h_irq_read r = { .irq = irq, .buf = buf, .size = size };

	s2h_reader_call(s2h_irq_actions_fn, &r);
	return r.len;
}

/* Zone ids tried: more zones than any laptop has, and the gaps between them. */
#define S2H_THERMAL_ZONES_MAX	64

static int s2h_zone_read(int id, const char *file, char *buf, size_t size)
{
	char path[S2H_PATH_MAX];

	snprintf(path, sizeof(path), "/sys/class/thermal/thermal_zone%d/%s", id, file);
	return s2h_file_read(path, buf, size) < 0 ? -ENOENT : 0;
}

/* A zone whose sensor fails (-ENODATA, -EAGAIN) is skipped, not taken for cold. */
static void s2h_heat_read(void *arg)
{
	struct s2h_heat *heat = arg;
	char buf[32];
	int id, temp;

	for (id = 0; id < S2H_THERMAL_ZONES_MAX; id++) {
		if (s2h_zone_read(id, "temp", buf, sizeof(buf)) ||
		    kstrtoint(strim(buf), 10, &temp) || temp <= heat->hottest)
			continue;
		heat->hottest = temp;
		if (s2h_zone_read(id, "type", heat->zone, sizeof(heat->zone)))
			snprintf(heat->zone, sizeof(heat->zone), "thermal_zone%d", id);
		strim(heat->zone);
	}
}

/**
 * s2h_heat_now() - the hottest thermal zone
 * @heat: its temperature, S2H_TEMP_UNKNOWN when no zone answered, and type
 *
 * thermal_zone_get_temp() is exported, but not a way to the zones: the
 * thermal core's list and its walk are static, and its one exported lookup,
 * thermal_zone_get_zone_by_name(), takes no reference (a zone unregistered
 * between the lookup and the read would be freed memory) and fails on the
 * types laptops repeat (two "acpitz"). The zones' files, whose ids are
 * allocated from 0 with gaps only where a zone went away, are read under
 * kernfs's active reference, which a zone's removal waits for. Upstream:
 * a walk over the zones that holds each, thermal_zone_for_each() or
 * thermal_zone_get_by_id() exported with a put. Process context; the
 * caller may be inside the write of /sys/power/state.
 */
void s2h_heat_now(struct s2h_heat *heat)
{
	heat->hottest = S2H_TEMP_UNKNOWN;
	heat->zone[0] = '\0';
	s2h_reader_call(s2h_heat_read, heat);
}

static int s2h_acpi_alarm_path(const char *battery, char *path)
{
	if (snprintf(path, S2H_PATH_MAX, "/sys/class/power_supply/%s/alarm", battery) >=
	    S2H_PATH_MAX)
		return -ENAMETOOLONG;
	return 0;
}

/* One read or write of an ACPI battery's alarm, for the reader's worker. */
struct s2h_acpi_alarm {
	const char *battery;
	int value;
	bool write;
	int err;
};

static void s2h_acpi_alarm_fn(void *arg)
{
	struct s2h_acpi_alarm *a = arg;
	char path[S2H_PATH_MAX], buf[24];
	ssize_t len;

	a->err = s2h_acpi_alarm_path(a->battery, path);
	if (a->err)
		return;
	if (a->write) {
		snprintf(buf, sizeof(buf), "%d\n", a->value);
		a->err = s2h_file_write(path, buf);
		return;
	}
	len = s2h_file_read(path, buf, sizeof(buf));
	a->err = len < 0 ? len : kstrtoint(strim(buf), 10, &a->value);
}

/**
 * s2h_acpi_alarm_read() - the alarm (_BTP) of an ACPI battery
 * @battery: the power supply's name
 * @value: the alarm, in the battery's units of energy_full or charge_full
 *
 * The ACPI battery driver keeps its alarm behind a device attribute of its
 * own, not a power_supply property. Upstream: the alarm as the
 * capacity_alert_min property that gauges have, in percent. Process
 * context; the caller may be inside the write of /sys/power/state.
 *
 * Return: 0, or a negative errno (-ENOENT for a battery without one).
 */
int s2h_acpi_alarm_read(const char *battery, int *value)
{
	struct s2h_acpi_alarm a = { .battery = battery };

	s2h_reader_call(s2h_acpi_alarm_fn, &a);
	if (!a.err)
		*value = a.value;
	return a.err;
}

/**
 * s2h_acpi_alarm_write() - set the alarm (_BTP) of an ACPI battery
 * @battery: the power supply's name
 * @value: the alarm, in the battery's units
 *
 * As s2h_acpi_alarm_read().
 *
 * Return: 0, or the negative errno the driver refused it with.
 */
int s2h_acpi_alarm_write(const char *battery, int value)
{
	struct s2h_acpi_alarm a = { .battery = battery, .value = value, .write = true };

	s2h_reader_call(s2h_acpi_alarm_fn, &a);
	return a.err;
}

int s2h_sysiface_init(void)
{
	int err;

	err = s2h_power_attrs_init();
	if (err)
		return err;
	s2h_reader_wq = alloc_workqueue("s2h_reader", WQ_UNBOUND, 0);
	if (!s2h_reader_wq) {
		err = -ENOMEM;
		goto err_attrs;
	}
	return 0;

err_attrs:
	s2h_power_attrs_exit();
	return err;
}

void s2h_sysiface_exit(void)
{
	destroy_workqueue(s2h_reader_wq);
	s2h_power_attrs_exit();
}
