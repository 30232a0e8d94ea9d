/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel API difference s2h meets between Debian 12 (6.1) and sid (7.x),
 * in one place. Each entry names the release that changed the API.
 */
#ifndef _S2H_COMPAT_H
#define _S2H_COMPAT_H

#include <linux/alarmtimer.h>
#include <linux/kernfs.h>
#include <linux/power_supply.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 1, 0)
#error "s2h needs Linux 6.1 or newer"
#endif

/*
 * 7.0 replaced alarm_start_relative() by alarm_start_timer(), which refuses
 * an expiry in the past instead of firing at once; s2h arms at least
 * S2H_DELAY_MIN_SEC ahead, so the two behave the same for it.
 */
static inline void s2h_alarm_start_relative(struct alarm *alarm, ktime_t delay)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
	alarm_start_timer(alarm, delay, true);
#else
	alarm_start_relative(alarm, delay);
#endif
}

/* 6.15 turned kernfs_node::parent into the RCU pointer __parent. */
static inline struct kernfs_node *s2h_kernfs_parent(struct kernfs_node *kn)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
	return rcu_dereference_check(kn->__parent, true);
#else
	return kn->parent;
#endif
}

/*
 * Every registered power supply. 6.1 exports power_supply_class; by 6.12 it
 * is hidden behind power_supply_for_each_device(), and 7.2 has only
 * power_supply_for_each_psy(). The boundaries are the first releases of
 * Debian's three series known to have each (checked against 6.1, 6.12 and
 * 7.2 headers); a kernel between two of them may need them moved.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
static inline int s2h_for_each_power_supply(void *data,
					    int (*fn)(struct power_supply *psy, void *data))
{
	return power_supply_for_each_psy(data, fn);
}
#else
struct s2h_psy_iter {
	int (*fn)(struct power_supply *psy, void *data);
	void *data;
};

static inline int s2h_psy_iter_one(struct device *dev, void *data)
{
	struct s2h_psy_iter *iter = data;

	return iter->fn(dev_get_drvdata(dev), iter->data);
}

static inline int s2h_for_each_power_supply(void *data,
					    int (*fn)(struct power_supply *psy, void *data))
{
	struct s2h_psy_iter iter = { .fn = fn, .data = data };

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return power_supply_for_each_device(&iter, s2h_psy_iter_one);
#else
	return class_for_each_device(power_supply_class, NULL, &iter, s2h_psy_iter_one);
#endif
}
#endif

/*
 * The disk mode of s2h's dry run. "test_resume" writes the image and reads
 * it back at once, but before 6.4 (5904de0d735b) it opened the resume
 * device exclusively, which an active swap device refuses: -EBUSY after the
 * image was written, every time. Debian's 6.1 still behaves so. There the
 * dry run hibernates for real in "reboot" mode: the machine restarts and
 * resumes the image through firmware and initramfs, the whole way back.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
#define S2H_DRY_RUN_DISK_MODE	"test_resume"
#else
#define S2H_DRY_RUN_DISK_MODE	"reboot"
#endif

#endif /* _S2H_COMPAT_H */
