// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/power/s2h: settings, state and counters.
 * Documentation/ABI/testing/sysfs-power-s2h says what each file means.
 */
#include <linux/err.h>
#include <linux/kernfs.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>

#include "compat.h"
#include "s2h.h"

static struct kobject *s2h_kobj;

struct s2h_setting_attribute {
	struct kobj_attribute kattr;
	enum s2h_setting_id id;
};

static const struct s2h_setting *s2h_attr_setting(struct kobj_attribute *kattr)
{
	return &s2h_settings[container_of(kattr, struct s2h_setting_attribute, kattr)->id];
}

static ssize_t s2h_setting_show(struct kobject *kobj, struct kobj_attribute *kattr, char *buf)
{
	const struct s2h_setting *s = s2h_attr_setting(kattr);
	struct s2h_status st;

	s2h_status_read(&st);
	return s2h_setting_format(s, s2h_config_value(&st.config, s), buf, PAGE_SIZE);
}

static ssize_t s2h_setting_store(struct kobject *kobj, struct kobj_attribute *kattr,
				 const char *buf, size_t count)
{
	const struct s2h_setting *s = s2h_attr_setting(kattr);
	struct s2h_config_change change = {};
	int err;

	err = s2h_setting_parse(s, buf, s2h_config_field(&change.val, s));
	if (err)
		return err;
	change.mask = BIT(s - s2h_settings);
	s2h_config_update(&change);
	return count;
}

#define S2H_SETTING_ATTR(_name, _id)					\
	static struct s2h_setting_attribute s2h_setting_##_name = {	\
		.kattr = __ATTR(_name, 0644, s2h_setting_show,		\
				s2h_setting_store),			\
		.id = _id,						\
	}

S2H_SETTING_ATTR(enabled, S2H_SETTING_ENABLED);
S2H_SETTING_ATTR(delay_sec, S2H_SETTING_DELAY);
S2H_SETTING_ATTR(hibernate_on_ac, S2H_SETTING_HIBERNATE_ON_AC);
S2H_SETTING_ATTR(battery_threshold, S2H_SETTING_BATTERY_THRESHOLD);
S2H_SETTING_ATTR(policy, S2H_SETTING_POLICY);
S2H_SETTING_ATTR(battery_check_sec, S2H_SETTING_BATTERY_CHECK);
S2H_SETTING_ATTR(retries, S2H_SETTING_RETRIES);
S2H_SETTING_ATTR(hibernate_mode, S2H_SETTING_HIBERNATE_MODE);
S2H_SETTING_ATTR(require_verified, S2H_SETTING_REQUIRE_VERIFIED);

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

static ssize_t available_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_preflight pf;

	s2h_available(&pf);
	return s2h_preflight_format(&pf, buf, PAGE_SIZE);
}

static ssize_t verified_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	const struct s2h_verify_status *v;
	struct s2h_status st;

	s2h_status_read(&st);
	v = &st.verify;
	switch (v->result) {
	case S2H_VERIFY_PASSED:
		return sysfs_emit(buf, "passed %lld %u ms%s\n", v->time, v->duration_ms,
				  v->restored ? " restored" : "");
	case S2H_VERIFY_FAILED:
		return sysfs_emit(buf, "failed %lld %pe\n", v->time, ERR_PTR(v->error));
	default:
		return sysfs_emit(buf, "%s\n", s2h_verify_name(v->result));
	}
}

/* One "key value" line each, the names of the netlink attributes. */
static ssize_t last_cycle_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	const struct s2h_last_cycle *l;
	struct s2h_status st;

	s2h_status_read(&st);
	l = &st.last;
	return sysfs_emit(buf,
			  "suspended_at %lld\nwoke_at %lld\nwake %s\ndecision %s\nresult %d\n"
			  "battery_start %d\nbattery_wake %d\non_ac %d\ndark_wakes %u\n"
			  "wake_source %s\nwake_irq %u\nother_wakes %u\n",
			  l->suspended_at, l->woke_at, s2h_wake_name(l->wake),
			  s2h_decision_name(l->decision), l->result, l->battery_start,
			  l->battery_wake, l->on_ac, l->dark_wakes,
			  l->wake_source[0] ? l->wake_source : "none", l->wake_irq, l->other_wakes);
}

static struct kobj_attribute state_attr = __ATTR_RO(state);
static struct kobj_attribute last_wake_attr = __ATTR_RO(last_wake);
static struct kobj_attribute available_attr = __ATTR_RO(available);
static struct kobj_attribute verified_attr = __ATTR_RO(verified);
static struct kobj_attribute last_cycle_attr = __ATTR_RO(last_cycle);

static struct attribute *s2h_attrs[] = {
	&s2h_setting_enabled.kattr.attr,
	&s2h_setting_delay_sec.kattr.attr,
	&s2h_setting_hibernate_on_ac.kattr.attr,
	&s2h_setting_battery_threshold.kattr.attr,
	&s2h_setting_policy.kattr.attr,
	&s2h_setting_battery_check_sec.kattr.attr,
	&s2h_setting_retries.kattr.attr,
	&s2h_setting_hibernate_mode.kattr.attr,
	&s2h_setting_require_verified.kattr.attr,
	&state_attr.attr,
	&last_wake_attr.attr,
	&available_attr.attr,
	&verified_attr.attr,
	&last_cycle_attr.attr,
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
S2H_STAT_ATTR(not_armed, S2H_STAT_NOT_ARMED);
S2H_STAT_ATTR(dark_wakes, S2H_STAT_DARK_WAKES);
S2H_STAT_ATTR(battery_hibernations, S2H_STAT_BATTERY_HIBERNATIONS);
S2H_STAT_ATTR(hibernate_retries, S2H_STAT_HIBERNATE_RETRIES);
S2H_STAT_ATTR(other_wakes, S2H_STAT_OTHER_WAKES);
S2H_STAT_ATTR(sleep_failures, S2H_STAT_SLEEP_FAILURES);
S2H_STAT_ATTR(cancelled, S2H_STAT_CANCELLED);

static struct attribute *s2h_stat_attrs[] = {
	&s2h_stat_suspends.kattr.attr,
	&s2h_stat_alarm_wakes.kattr.attr,
	&s2h_stat_early_wakes.kattr.attr,
	&s2h_stat_aborted.kattr.attr,
	&s2h_stat_hibernations.kattr.attr,
	&s2h_stat_hibernate_failures.kattr.attr,
	&s2h_stat_resumes_from_hibernation.kattr.attr,
	&s2h_stat_resuspends.kattr.attr,
	&s2h_stat_not_armed.kattr.attr,
	&s2h_stat_dark_wakes.kattr.attr,
	&s2h_stat_battery_hibernations.kattr.attr,
	&s2h_stat_hibernate_retries.kattr.attr,
	&s2h_stat_other_wakes.kattr.attr,
	&s2h_stat_sleep_failures.kattr.attr,
	&s2h_stat_cancelled.kattr.attr,
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
