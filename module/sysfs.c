// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/power/s2h: settings, state and counters.
 * Documentation/ABI/testing/sysfs-power-s2h says what each file means.
 */
#include <linux/kernfs.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>

#include "compat.h"
#include "s2h.h"

static struct kobject *s2h_kobj;

static ssize_t enabled_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_status st;

	s2h_status_read(&st);
	return sysfs_emit(buf, "%d\n", st.config.enabled);
}

static ssize_t enabled_store(struct kobject *kobj, struct kobj_attribute *attr,
			     const char *buf, size_t count)
{
	bool enabled;
	int err;

	err = s2h_parse_bool(buf, &enabled);
	if (err)
		return err;
	s2h_set_enabled(enabled);
	return count;
}

static ssize_t delay_sec_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_status st;

	s2h_status_read(&st);
	return sysfs_emit(buf, "%u\n", st.config.delay_sec);
}

static ssize_t delay_sec_store(struct kobject *kobj, struct kobj_attribute *attr,
			       const char *buf, size_t count)
{
	u32 delay_sec;
	int err;

	err = s2h_parse_delay(buf, &delay_sec);
	if (err)
		return err;
	s2h_set_delay(delay_sec);
	return count;
}

static ssize_t state_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_status st;

	s2h_status_read(&st);
	return sysfs_emit(buf, "%s\n", s2h_state_name(st.state));
}

static ssize_t last_wake_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_status st;

	s2h_status_read(&st);
	return sysfs_emit(buf, "%s\n", s2h_wake_name(st.last_wake));
}

static struct kobj_attribute enabled_attr = __ATTR_RW(enabled);
static struct kobj_attribute delay_sec_attr = __ATTR_RW(delay_sec);
static struct kobj_attribute state_attr = __ATTR_RO(state);
static struct kobj_attribute last_wake_attr = __ATTR_RO(last_wake);

static struct attribute *s2h_attrs[] = {
	&enabled_attr.attr,
	&delay_sec_attr.attr,
	&state_attr.attr,
	&last_wake_attr.attr,
	NULL,
};

static const struct attribute_group s2h_group = {
	.attrs = s2h_attrs,
};

struct s2h_stat_attribute {
	struct kobj_attribute kattr;
	enum s2h_stat stat;
};

static ssize_t s2h_stat_show(struct kobject *kobj, struct kobj_attribute *kattr, char *buf)
{
	struct s2h_stat_attribute *attr = container_of(kattr, struct s2h_stat_attribute, kattr);
	struct s2h_status st;

	s2h_status_read(&st);
	return sysfs_emit(buf, "%llu\n", st.stats[attr->stat]);
}

#define S2H_STAT_ATTR(_name, _stat)					\
	static struct s2h_stat_attribute s2h_stat_##_name = {		\
		.kattr = __ATTR(_name, 0444, s2h_stat_show, NULL),	\
		.stat = _stat,						\
	}

S2H_STAT_ATTR(suspends, S2H_STAT_SUSPENDS);
S2H_STAT_ATTR(alarm_wakes, S2H_STAT_ALARM_WAKES);
S2H_STAT_ATTR(early_wakes, S2H_STAT_EARLY_WAKES);
S2H_STAT_ATTR(aborted, S2H_STAT_ABORTED);
S2H_STAT_ATTR(hibernations, S2H_STAT_HIBERNATIONS);
S2H_STAT_ATTR(hibernate_failures, S2H_STAT_HIBERNATE_FAILURES);
S2H_STAT_ATTR(resumes_from_hibernation, S2H_STAT_RESUMES);
S2H_STAT_ATTR(resuspends, S2H_STAT_RESUSPENDS);

static struct attribute *s2h_stat_attrs[] = {
	&s2h_stat_suspends.kattr.attr,
	&s2h_stat_alarm_wakes.kattr.attr,
	&s2h_stat_early_wakes.kattr.attr,
	&s2h_stat_aborted.kattr.attr,
	&s2h_stat_hibernations.kattr.attr,
	&s2h_stat_hibernate_failures.kattr.attr,
	&s2h_stat_resumes_from_hibernation.kattr.attr,
	&s2h_stat_resuspends.kattr.attr,
	NULL,
};

static const struct attribute_group s2h_stat_group = {
	.name = "stats",
	.attrs = s2h_stat_attrs,
};

static const struct attribute_group *s2h_groups[] = {
	&s2h_group,
	&s2h_stat_group,
	NULL,
};

/*
 * power_kobj (/sys/power) is not exported to modules. Its kernfs directory
 * hangs off the sysfs root, which is kernel_kobj's (/sys/kernel) parent, and
 * a kobject's directory keeps the kobject in ->priv. /sys/power is never
 * removed, so the kobject outlives the kernfs reference dropped here.
 */
static struct kobject *s2h_power_kobj(void)
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

int s2h_sysfs_init(void)
{
	struct kobject *power_kobj = s2h_power_kobj();
	int err;

	if (!power_kobj) {
		pr_err("cannot find /sys/power\n");
		return -ENOENT;
	}
	s2h_kobj = kobject_create_and_add("s2h", power_kobj);
	if (!s2h_kobj)
		return -ENOMEM;
	err = sysfs_create_groups(s2h_kobj, s2h_groups);
	if (err)
		goto err_put;
	return 0;

err_put:
	kobject_put(s2h_kobj);
	return err;
}

void s2h_sysfs_exit(void)
{
	sysfs_remove_groups(s2h_kobj, s2h_groups);
	kobject_put(s2h_kobj);
}
