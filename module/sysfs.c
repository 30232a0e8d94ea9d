// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/power/s2h: settings, state and counters.
 * Documentation/ABI/testing/sysfs-power-s2h says what each file means.
 */
#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>

#include "compat.h"
#include "hibernate.h"
#include "s2h.h"
#include "sysiface.h"

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
	char text[S2H_SETTING_TEXT_LEN];
	struct s2h_status st;
	u32 val;

	s2h_status_read(&st);
	val = s2h_config_value(&st.config, s);
	return sysfs_emit(buf, "%s\n", s2h_setting_text(s, val, text));
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
S2H_SETTING_ATTR(handoff_sec, S2H_SETTING_HANDOFF);
S2H_SETTING_ATTR(delay_low_sec, S2H_SETTING_DELAY_LOW);
S2H_SETTING_ATTR(battery_high, S2H_SETTING_BATTERY_HIGH);
S2H_SETTING_ATTR(ac_delay_sec, S2H_SETTING_AC_DELAY);
S2H_SETTING_ATTR(drain_budget, S2H_SETTING_DRAIN_BUDGET);
S2H_SETTING_ATTR(battery_critical, S2H_SETTING_BATTERY_CRITICAL);
S2H_SETTING_ATTR(thermal_limit, S2H_SETTING_THERMAL_LIMIT);
S2H_SETTING_ATTR(hibernate_no_hw_sleep, S2H_SETTING_HIBERNATE_NO_HW_SLEEP);
S2H_SETTING_ATTR(settle_sec, S2H_SETTING_SETTLE);

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

/*
 * A read-only file that shows one field of what s2h holds: @id says which,
 * in the numbering of the show function that reads it (the netlink
 * attribute of the same name, enum s2h_stat, enum s2h_check).
 */
struct s2h_field_attribute {
	struct kobj_attribute kattr;
	unsigned int id;
};

static unsigned int s2h_field_id(struct kobj_attribute *kattr)
{
	return container_of(kattr, struct s2h_field_attribute, kattr)->id;
}

#define S2H_FIELD_ATTR(_group, _name, _show, _id)			\
	static struct s2h_field_attribute s2h_##_group##_##_name = {	\
		.kattr = __ATTR(_name, 0444, _show, NULL),		\
		.id = _id,						\
	}

/* Each read runs the checks anew: the swap needed follows the memory in use. */
static ssize_t available_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_preflight pf;

	s2h_available(&pf);
	return sysfs_emit(buf, "%s\n", pf.failed ? "no" : "yes");
}

/* Pre-flight's advice: the names of each piece, space-separated; "none" when none. */
static ssize_t advice_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_preflight pf;
	ssize_t len = 0;
	int advice;

	s2h_available(&pf);
	for_each_set_bit(advice, &pf.advice, __S2H_ADVICE_MAX)
		len += sysfs_emit_at(buf, len, "%s%s", len ? " " : "", s2h_advice_name(advice));
	return len + sysfs_emit_at(buf, len, "%s\n", len ? "" : "none");
}

static ssize_t swap_free_mb_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_preflight pf;

	s2h_available(&pf);
	return sysfs_emit(buf, "%u\n", pf.swap_free_mb);
}

static ssize_t image_mb_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct s2h_preflight pf;

	s2h_available(&pf);
	return sysfs_emit(buf, "%u\n", pf.image_mb);
}

/* Whether hibernate_no_hw_sleep can act: the kernel says how long the hardware slept. */
static ssize_t hw_sleep_available_show(struct kobject *kobj, struct kobj_attribute *attr,
				       char *buf)
{
	return sysfs_emit(buf, "%s\n", s2h_hw_sleep_available() ? "yes" : "no");
}

static struct kobj_attribute state_attr = __ATTR_RO(state);
static struct kobj_attribute last_wake_attr = __ATTR_RO(last_wake);
static struct kobj_attribute available_attr = __ATTR_RO(available);
static struct kobj_attribute advice_attr = __ATTR_RO(advice);
static struct kobj_attribute swap_free_mb_attr = __ATTR_RO(swap_free_mb);
static struct kobj_attribute image_mb_attr = __ATTR_RO(image_mb);
static struct kobj_attribute hw_sleep_available_attr = __ATTR_RO(hw_sleep_available);

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
	&s2h_setting_handoff_sec.kattr.attr,
	&s2h_setting_delay_low_sec.kattr.attr,
	&s2h_setting_battery_high.kattr.attr,
	&s2h_setting_ac_delay_sec.kattr.attr,
	&s2h_setting_drain_budget.kattr.attr,
	&s2h_setting_battery_critical.kattr.attr,
	&s2h_setting_thermal_limit.kattr.attr,
	&s2h_setting_hibernate_no_hw_sleep.kattr.attr,
	&s2h_setting_settle_sec.kattr.attr,
	&state_attr.attr,
	&last_wake_attr.attr,
	&available_attr.attr,
	&advice_attr.attr,
	&swap_free_mb_attr.attr,
	&image_mb_attr.attr,
	&hw_sleep_available_attr.attr,
	NULL,
};

static const struct attribute_group s2h_group = {
	.attrs = s2h_attrs,
};

/* checks/: one file per pre-flight check, named as config.c names it. */
static ssize_t s2h_check_show(struct kobject *kobj, struct kobj_attribute *kattr, char *buf)
{
	struct s2h_preflight pf;

	s2h_available(&pf);
	return sysfs_emit(buf, "%s\n", test_bit(s2h_field_id(kattr), &pf.failed) ? "failed" : "ok");
}

/* Filled at init from the name table, so that a new check gets its file. */
static struct s2h_field_attribute s2h_check_attrs[__S2H_CHECK_MAX];
static struct attribute *s2h_check_attr_list[__S2H_CHECK_MAX + 1];

static void s2h_check_attrs_init(void)
{
	struct s2h_field_attribute *a;
	unsigned int check;

	for (check = 0; check < __S2H_CHECK_MAX; check++) {
		a = &s2h_check_attrs[check];
		sysfs_attr_init(&a->kattr.attr);
		a->kattr.attr.name = s2h_check_name(check);
		a->kattr.attr.mode = 0444;
		a->kattr.show = s2h_check_show;
		a->id = check;
		s2h_check_attr_list[check] = &a->kattr.attr;
	}
}

static const struct attribute_group s2h_check_group = {
	.name = "checks",
	.attrs = s2h_check_attr_list,
};

/* verified/: the last dry run, a file per attribute of the netlink nest. */
static ssize_t s2h_verify_show(struct kobject *kobj, struct kobj_attribute *kattr, char *buf)
{
	const struct s2h_verify_status *v;
	struct s2h_status st;

	s2h_status_read(&st);
	v = &st.verify;
	switch (s2h_field_id(kattr)) {
	case S2H_VERIFY_A_RESULT:
		return sysfs_emit(buf, "%s\n", s2h_verify_name(v->result));
	case S2H_VERIFY_A_TIME:
		return sysfs_emit(buf, "%lld\n", v->time);
	case S2H_VERIFY_A_DURATION_MS:
		return sysfs_emit(buf, "%u\n", v->duration_ms);
	case S2H_VERIFY_A_ERROR:
		return sysfs_emit(buf, "%d\n", v->error);
	case S2H_VERIFY_A_RESTORED:
		return sysfs_emit(buf, "%d\n", v->restored);
	}
	return -EIO;
}

#define S2H_VERIFY_ATTR(_name, _attr)	S2H_FIELD_ATTR(verify, _name, s2h_verify_show, _attr)

S2H_VERIFY_ATTR(result, S2H_VERIFY_A_RESULT);
S2H_VERIFY_ATTR(time, S2H_VERIFY_A_TIME);
S2H_VERIFY_ATTR(duration_ms, S2H_VERIFY_A_DURATION_MS);
S2H_VERIFY_ATTR(error, S2H_VERIFY_A_ERROR);
S2H_VERIFY_ATTR(restored, S2H_VERIFY_A_RESTORED);

static struct attribute *s2h_verify_attrs[] = {
	&s2h_verify_result.kattr.attr,
	&s2h_verify_time.kattr.attr,
	&s2h_verify_duration_ms.kattr.attr,
	&s2h_verify_error.kattr.attr,
	&s2h_verify_restored.kattr.attr,
	NULL,
};

static const struct attribute_group s2h_verify_group = {
	.name = "verified",
	.attrs = s2h_verify_attrs,
};

/* wake_test/: the last wake test, a file per attribute of the netlink nest. */
static ssize_t s2h_wake_test_show(struct kobject *kobj, struct kobj_attribute *kattr, char *buf)
{
	const struct s2h_wake_test_status *w;
	struct s2h_status st;

	s2h_status_read(&st);
	w = &st.wake_test;
	switch (s2h_field_id(kattr)) {
	case S2H_WAKE_TEST_A_RESULT:
		return sysfs_emit(buf, "%s\n", s2h_wake_test_name(w->result));
	case S2H_WAKE_TEST_A_REASON:
		return sysfs_emit(buf, "%s\n", s2h_wake_test_reason_name(w->reason));
	case S2H_WAKE_TEST_A_TIME:
		return sysfs_emit(buf, "%lld\n", w->time);
	case S2H_WAKE_TEST_A_ALARM_SEC:
		return sysfs_emit(buf, "%u\n", w->alarm_sec);
	case S2H_WAKE_TEST_A_OFFSET_MS:
		return sysfs_emit(buf, "%lld\n", w->offset_ms);
	case S2H_WAKE_TEST_A_WAKE_SOURCE:
		return sysfs_emit(buf, "%s\n", w->wake_source);
	case S2H_WAKE_TEST_A_HW_SLEEP_US:
		return sysfs_emit(buf, "%lld\n", w->hw_sleep_us);
	case S2H_WAKE_TEST_A_MEM_SLEEP:
		return sysfs_emit(buf, "%s\n", s2h_mem_sleep_name(w->mem_sleep));
	case S2H_WAKE_TEST_A_ERROR:
		return sysfs_emit(buf, "%d\n", w->error);
	case S2H_WAKE_TEST_A_RESTORED:
		return sysfs_emit(buf, "%d\n", w->restored);
	}
	return -EIO;
}

#define S2H_WAKE_TEST_ATTR(_name, _attr)	\
	S2H_FIELD_ATTR(wake_test, _name, s2h_wake_test_show, _attr)

S2H_WAKE_TEST_ATTR(result, S2H_WAKE_TEST_A_RESULT);
S2H_WAKE_TEST_ATTR(reason, S2H_WAKE_TEST_A_REASON);
S2H_WAKE_TEST_ATTR(time, S2H_WAKE_TEST_A_TIME);
S2H_WAKE_TEST_ATTR(alarm_sec, S2H_WAKE_TEST_A_ALARM_SEC);
S2H_WAKE_TEST_ATTR(offset_ms, S2H_WAKE_TEST_A_OFFSET_MS);
S2H_WAKE_TEST_ATTR(wake_source, S2H_WAKE_TEST_A_WAKE_SOURCE);
S2H_WAKE_TEST_ATTR(hw_sleep_us, S2H_WAKE_TEST_A_HW_SLEEP_US);
S2H_WAKE_TEST_ATTR(mem_sleep, S2H_WAKE_TEST_A_MEM_SLEEP);
S2H_WAKE_TEST_ATTR(error, S2H_WAKE_TEST_A_ERROR);
S2H_WAKE_TEST_ATTR(restored, S2H_WAKE_TEST_A_RESTORED);

static struct attribute *s2h_wake_test_attrs[] = {
	&s2h_wake_test_result.kattr.attr,
	&s2h_wake_test_reason.kattr.attr,
	&s2h_wake_test_time.kattr.attr,
	&s2h_wake_test_alarm_sec.kattr.attr,
	&s2h_wake_test_offset_ms.kattr.attr,
	&s2h_wake_test_wake_source.kattr.attr,
	&s2h_wake_test_hw_sleep_us.kattr.attr,
	&s2h_wake_test_mem_sleep.kattr.attr,
	&s2h_wake_test_error.kattr.attr,
	&s2h_wake_test_restored.kattr.attr,
	NULL,
};

static const struct attribute_group s2h_wake_test_group = {
	.name = "wake_test",
	.attrs = s2h_wake_test_attrs,
};

/* The kept ones, space-separated; an empty line before the first wake. */
static ssize_t s2h_battery_wakes_show(const struct s2h_cycle_record *l, char *buf)
{
	unsigned int i, n = min_t(u32, l->wakes, S2H_CYCLE_WAKES_MAX);
	ssize_t len = 0;

	for (i = 0; i < n; i++)
		len += sysfs_emit_at(buf, len, "%s%d", i ? " " : "", l->battery_wakes[i]);
	return len + sysfs_emit_at(buf, len, "\n");
}

/* As battery_wakes, in uWh. */
static ssize_t s2h_energy_wakes_show(const struct s2h_cycle_record *l, char *buf)
{
	unsigned int i, n = min_t(u32, l->wakes, S2H_CYCLE_WAKES_MAX);
	ssize_t len = 0;

	for (i = 0; i < n; i++)
		len += sysfs_emit_at(buf, len, "%s%lld", i ? " " : "", l->energy_wakes[i]);
	return len + sysfs_emit_at(buf, len, "\n");
}

/* last_cycle/: the last cycle, a file per attribute of the netlink nest. */
static ssize_t s2h_last_show(struct kobject *kobj, struct kobj_attribute *kattr, char *buf)
{
	const struct s2h_cycle_record *l;
	struct s2h_status st;

	s2h_status_read(&st);
	l = &st.last;
	switch (s2h_field_id(kattr)) {
	case S2H_LAST_A_SUSPENDED_AT:
		return sysfs_emit(buf, "%lld\n", l->suspended_at);
	case S2H_LAST_A_WOKE_AT:
		return sysfs_emit(buf, "%lld\n", l->woke_at);
	case S2H_LAST_A_WAKE:
		return sysfs_emit(buf, "%s\n", s2h_wake_name(l->wake));
	case S2H_LAST_A_DECISION:
		return sysfs_emit(buf, "%s\n", s2h_decision_name(l->decision));
	case S2H_LAST_A_RESULT:
		return sysfs_emit(buf, "%d\n", l->result);
	case S2H_LAST_A_BATTERY_START:
		return sysfs_emit(buf, "%d\n", l->battery_start);
	case S2H_LAST_A_BATTERY_WAKE:
		return sysfs_emit(buf, "%d\n", l->battery_wake);
	case S2H_LAST_A_ON_AC:
		return sysfs_emit(buf, "%d\n", l->on_ac);
	case S2H_LAST_A_DARK_WAKES:
		return sysfs_emit(buf, "%u\n", l->dark_wakes);
	case S2H_LAST_A_WAKE_SOURCE:
		/* An empty line when no wakeup source was seen: no source has an empty name. */
		return sysfs_emit(buf, "%s\n", l->wake_source);
	case S2H_LAST_A_UNDONE_BY:
		return sysfs_emit(buf, "%s\n", l->undone_by);
	case S2H_LAST_A_WAKE_IRQ:
		return sysfs_emit(buf, "%u\n", l->wake_irq);
	case S2H_LAST_A_HW_SLEEP_US:
		return sysfs_emit(buf, "%lld\n", l->hw_sleep_us);
	case S2H_LAST_A_OTHER_WAKES:
		return sysfs_emit(buf, "%u\n", l->other_wakes);
	case S2H_LAST_A_SEQ:
		return sysfs_emit(buf, "%llu\n", l->seq);
	case S2H_LAST_A_WAKES:
		return sysfs_emit(buf, "%u\n", l->wakes);
	case S2H_LAST_A_BATTERY_WAKES:
		return s2h_battery_wakes_show(l, buf);
	case S2H_LAST_A_IDLE_MS:
		return sysfs_emit(buf, "%llu\n", l->state_ms[S2H_STATE_IDLE]);
	case S2H_LAST_A_ARMED_MS:
		return sysfs_emit(buf, "%llu\n", l->state_ms[S2H_STATE_ARMED]);
	case S2H_LAST_A_HIBERNATING_MS:
		return sysfs_emit(buf, "%llu\n", l->state_ms[S2H_STATE_HIBERNATING]);
	case S2H_LAST_A_RESUMING_MS:
		return sysfs_emit(buf, "%llu\n", l->state_ms[S2H_STATE_RESUMING]);
	case S2H_LAST_A_SETTLING_MS:
		return sysfs_emit(buf, "%llu\n", l->state_ms[S2H_STATE_SETTLING]);
	case S2H_LAST_A_ENERGY_START:
		return sysfs_emit(buf, "%lld\n", l->energy_start);
	case S2H_LAST_A_ENERGY_WAKE:
		return sysfs_emit(buf, "%lld\n", l->energy_wake);
	case S2H_LAST_A_ENERGY_RESUME:
		return sysfs_emit(buf, "%lld\n", l->energy_resume);
	case S2H_LAST_A_ENERGY_FULL:
		return sysfs_emit(buf, "%lld\n", l->energy_full);
	case S2H_LAST_A_ENERGY_WAKES:
		return s2h_energy_wakes_show(l, buf);
	case S2H_LAST_A_DARK_MS:
		return sysfs_emit(buf, "%llu\n", l->dark_ms);
	case S2H_LAST_A_ENERGY_DARK:
		return sysfs_emit(buf, "%lld\n", l->energy_dark);
	}
	return -EIO;
}

#define S2H_LAST_ATTR(_name, _attr)	S2H_FIELD_ATTR(last, _name, s2h_last_show, _attr)

S2H_LAST_ATTR(suspended_at, S2H_LAST_A_SUSPENDED_AT);
S2H_LAST_ATTR(woke_at, S2H_LAST_A_WOKE_AT);
S2H_LAST_ATTR(wake, S2H_LAST_A_WAKE);
S2H_LAST_ATTR(decision, S2H_LAST_A_DECISION);
S2H_LAST_ATTR(result, S2H_LAST_A_RESULT);
S2H_LAST_ATTR(battery_start, S2H_LAST_A_BATTERY_START);
S2H_LAST_ATTR(battery_wake, S2H_LAST_A_BATTERY_WAKE);
S2H_LAST_ATTR(on_ac, S2H_LAST_A_ON_AC);
S2H_LAST_ATTR(dark_wakes, S2H_LAST_A_DARK_WAKES);
S2H_LAST_ATTR(wake_source, S2H_LAST_A_WAKE_SOURCE);
S2H_LAST_ATTR(wake_irq, S2H_LAST_A_WAKE_IRQ);
S2H_LAST_ATTR(other_wakes, S2H_LAST_A_OTHER_WAKES);
S2H_LAST_ATTR(seq, S2H_LAST_A_SEQ);
S2H_LAST_ATTR(wakes, S2H_LAST_A_WAKES);
S2H_LAST_ATTR(battery_wakes, S2H_LAST_A_BATTERY_WAKES);
S2H_LAST_ATTR(idle_ms, S2H_LAST_A_IDLE_MS);
S2H_LAST_ATTR(armed_ms, S2H_LAST_A_ARMED_MS);
S2H_LAST_ATTR(hibernating_ms, S2H_LAST_A_HIBERNATING_MS);
S2H_LAST_ATTR(resuming_ms, S2H_LAST_A_RESUMING_MS);
S2H_LAST_ATTR(hw_sleep_us, S2H_LAST_A_HW_SLEEP_US);
S2H_LAST_ATTR(undone_by, S2H_LAST_A_UNDONE_BY);
S2H_LAST_ATTR(energy_start, S2H_LAST_A_ENERGY_START);
S2H_LAST_ATTR(energy_wake, S2H_LAST_A_ENERGY_WAKE);
S2H_LAST_ATTR(energy_resume, S2H_LAST_A_ENERGY_RESUME);
S2H_LAST_ATTR(energy_full, S2H_LAST_A_ENERGY_FULL);
S2H_LAST_ATTR(energy_wakes, S2H_LAST_A_ENERGY_WAKES);
S2H_LAST_ATTR(settling_ms, S2H_LAST_A_SETTLING_MS);
S2H_LAST_ATTR(dark_ms, S2H_LAST_A_DARK_MS);
S2H_LAST_ATTR(energy_dark, S2H_LAST_A_ENERGY_DARK);

static struct attribute *s2h_last_attrs[] = {
	&s2h_last_suspended_at.kattr.attr,
	&s2h_last_woke_at.kattr.attr,
	&s2h_last_wake.kattr.attr,
	&s2h_last_decision.kattr.attr,
	&s2h_last_result.kattr.attr,
	&s2h_last_battery_start.kattr.attr,
	&s2h_last_battery_wake.kattr.attr,
	&s2h_last_on_ac.kattr.attr,
	&s2h_last_dark_wakes.kattr.attr,
	&s2h_last_wake_source.kattr.attr,
	&s2h_last_wake_irq.kattr.attr,
	&s2h_last_hw_sleep_us.kattr.attr,
	&s2h_last_undone_by.kattr.attr,
	&s2h_last_other_wakes.kattr.attr,
	&s2h_last_seq.kattr.attr,
	&s2h_last_wakes.kattr.attr,
	&s2h_last_battery_wakes.kattr.attr,
	&s2h_last_idle_ms.kattr.attr,
	&s2h_last_armed_ms.kattr.attr,
	&s2h_last_hibernating_ms.kattr.attr,
	&s2h_last_resuming_ms.kattr.attr,
	&s2h_last_energy_start.kattr.attr,
	&s2h_last_energy_wake.kattr.attr,
	&s2h_last_energy_resume.kattr.attr,
	&s2h_last_energy_full.kattr.attr,
	&s2h_last_energy_wakes.kattr.attr,
	&s2h_last_settling_ms.kattr.attr,
	&s2h_last_dark_ms.kattr.attr,
	&s2h_last_energy_dark.kattr.attr,
	NULL,
};

static const struct attribute_group s2h_last_group = {
	.name = "last_cycle",
	.attrs = s2h_last_attrs,
};

/* stats/: the counters, named as the netlink attributes of the stats nest. */
static ssize_t s2h_stat_show(struct kobject *kobj, struct kobj_attribute *kattr, char *buf)
{
	struct s2h_status st;

	s2h_status_read(&st);
	return sysfs_emit(buf, "%llu\n", st.stats[s2h_field_id(kattr)]);
}

#define S2H_STAT_ATTR(_name, _stat)	S2H_FIELD_ATTR(stat, _name, s2h_stat_show, _stat)

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
S2H_STAT_ATTR(handoffs, S2H_STAT_HANDOFFS);
S2H_STAT_ATTR(handoff_fallbacks, S2H_STAT_HANDOFF_FALLBACKS);
S2H_STAT_ATTR(drain_hibernations, S2H_STAT_DRAIN_HIBERNATIONS);
S2H_STAT_ATTR(power_offs, S2H_STAT_POWER_OFFS);
S2H_STAT_ATTR(thermal_hibernations, S2H_STAT_THERMAL_HIBERNATIONS);
S2H_STAT_ATTR(no_hw_sleep_hibernations, S2H_STAT_NO_HW_SLEEP_HIBERNATIONS);
S2H_STAT_ATTR(hibernations_undone, S2H_STAT_HIBERNATIONS_UNDONE);

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
	&s2h_stat_handoffs.kattr.attr,
	&s2h_stat_handoff_fallbacks.kattr.attr,
	&s2h_stat_drain_hibernations.kattr.attr,
	&s2h_stat_power_offs.kattr.attr,
	&s2h_stat_thermal_hibernations.kattr.attr,
	&s2h_stat_no_hw_sleep_hibernations.kattr.attr,
	&s2h_stat_hibernations_undone.kattr.attr,
	NULL,
};

static const struct attribute_group s2h_stat_group = {
	.name = "stats",
	.attrs = s2h_stat_attrs,
};

static const struct attribute_group *s2h_groups[] = {
	&s2h_group,
	&s2h_check_group,
	&s2h_verify_group,
	&s2h_wake_test_group,
	&s2h_last_group,
	&s2h_stat_group,
	NULL,
};

int s2h_sysfs_init(void)
{
	struct kobject *power_kobj = s2h_power_kobj();
	int err;

	if (!power_kobj) {
		pr_err("cannot find /sys/power\n");
		return -ENOENT;
	}
	s2h_check_attrs_init();
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
