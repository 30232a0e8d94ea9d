// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel state behind /sys/power (swsusp_resume_device, image_size,
 * hibernation_available(), ...) is static to kernel/power, but the show()
 * methods of its files are reachable through /sys/power's kobject, and
 * calling one is what a read of the file does (sysfs_kf_seq_show()), minus
 * the path walk, the open file and its seq_file. These show() methods take
 * no lock and read the kernel's variables as they are at the call: every
 * caller sees the present.
 */
#include <linux/gfp.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/kernfs.h>
#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "powerattr.h"
#include "s2h.h"

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
int s2h_power_attrs_init(void)
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

void s2h_power_attrs_exit(void)
{
	mutex_destroy(&s2h_power.lock);
	free_page((unsigned long)s2h_power.page);
}
