/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel API difference s2h meets between Debian 12 (6.1) and sid (7.x),
 * in one place. Each entry names the release that changed the API; where
 * the headers can tell, Kbuild reads them (S2H_HAVE_*), so that a kernel
 * between Debian's builds too.
 */
#ifndef _S2H_COMPAT_H
#define _S2H_COMPAT_H

#include <linux/alarmtimer.h>
#include <linux/export.h>
#include <linux/kernfs.h>
#include <linux/kthread.h>
#include <linux/power_supply.h>
#include <linux/reboot.h>
#include <linux/syscore_ops.h>
#include <linux/version.h>

/*
 * Exported on no release from 6.1 to 7.2, so reached through
 * sysiface.c: pm_wakeup_irq() (declared in suspend.h), hibernate(),
 * hibernation_available(), power_kobj, swap_type_of(). Exported on all
 * and not used: thermal_zone_get_temp() (no lookup of a zone holds it:
 * s2h_heat_now()), acpi_lid_open() (button.ko's; no lid read yet).
 */

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 1, 0)
#error "s2h needs Linux 6.1 or newer"
#endif

/*
 * 7.0 replaced alarm_start() by alarm_start_timer(), which refuses an
 * expiry in the past instead of firing at once; s2h arms at least
 * S2H_DELAY_MIN_SEC ahead, so the two behave the same for it.
 */
static inline void s2h_alarm_start(struct alarm *alarm, ktime_t expires)
{
#ifdef S2H_HAVE_ALARM_START_TIMER
	alarm_start_timer(alarm, expires, false);
#else
	alarm_start(alarm, expires);
#endif
}

/*
 * A kthread worker whose thread runs. kthread_create_worker() starts it up
 * to 6.12 (trixie's headers); by 7.2 (sid's) it no longer does, and
 * kthread_run_worker() does: module/Kbuild probes for the latter, so the
 * release in between that split them need not be named here.
 */
static inline struct kthread_worker *s2h_kthread_run_worker(const char *name)
{
#ifdef S2H_HAVE_KTHREAD_RUN_WORKER
	return kthread_run_worker(0, "%s", name);
#else
	return kthread_create_worker(0, "%s", name);
#endif
}

/* 6.15 turned kernfs_node::parent into the RCU pointer __parent. */
static inline struct kernfs_node *s2h_kernfs_parent(struct kernfs_node *kn)
{
#ifdef S2H_HAVE_KERNFS_RCU_PARENT
	return rcu_dereference_check(kn->__parent, true);
#else
	return kn->parent;
#endif
}

/*
 * Every registered power supply. 6.1 exports power_supply_class; by 6.12 it
 * is hidden behind power_supply_for_each_device(), and 7.2 has only
 * power_supply_for_each_psy().
 */
#ifdef S2H_HAVE_PSY_EACH_PSY
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

#ifdef S2H_HAVE_PSY_EACH_DEVICE
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

/*
 * 6.19 gave syscore callbacks a data pointer and registers a struct syscore
 * holding the ops; before, the ops were registered themselves.
 * S2H_SYSCORE_DEFINE(name, suspend) defines what is registered.
 */
#ifdef S2H_HAVE_SYSCORE_DATA
#define S2H_SYSCORE_ARGS	void *data
#define S2H_SYSCORE_DEFINE(name, suspend_fn)				\
	static const struct syscore_ops name##_ops = {			\
		.suspend = suspend_fn,					\
	};								\
	static struct syscore name = { .ops = &name##_ops }
#define s2h_register_syscore(s)		register_syscore(s)
#define s2h_unregister_syscore(s)	unregister_syscore(s)
#else
#define S2H_SYSCORE_ARGS	void
#define S2H_SYSCORE_DEFINE(name, suspend_fn)				\
	static struct syscore_ops name = { .suspend = suspend_fn }
#define s2h_register_syscore(s)		register_syscore_ops(s)
#define s2h_unregister_syscore(s)	unregister_syscore_ops(s)
#endif

/*
 * A power-off that the kernel forces after @ms_until_forced if the init
 * system's orderly one has not ended by then (hardware protection). 6.1
 * exports hw_protection_shutdown(); 6.12 has it as an inline wrapper of
 * the exported __hw_protection_shutdown(reason, ms, shutdown); 6.15
 * renamed that __hw_protection_trigger() with an action enum, and 7.2's
 * headers have no wrapper left: module/Kbuild probes for the new name.
 * Its HWPROT_ACT_DEFAULT follows hw_protection=, which may say reboot:
 * s2h asks for the power-off itself, as a reboot would go on draining the
 * battery it is protecting.
 */
static inline void s2h_hw_protection_poweroff(const char *reason, int ms_until_forced)
{
#ifdef S2H_HAVE_HW_PROTECTION_TRIGGER
	__hw_protection_trigger(reason, ms_until_forced, HWPROT_ACT_SHUTDOWN);
#else
	hw_protection_shutdown(reason, ms_until_forced);
#endif
}

/*
 * The units s2h's KUnit suite tests are linked into s2h.ko and exported to
 * it in a kernel built with KUnit: kunit/visibility.h (6.2) does that in a
 * namespace the suite imports - a string from 6.13. 6.1, where the suite
 * runs (a debug kernel), lacks the header: the same export, no namespace.
 */
#ifdef S2H_HAVE_KUNIT_VISIBILITY
#include <kunit/visibility.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define S2H_KUNIT_IMPORT	MODULE_IMPORT_NS("EXPORTED_FOR_KUNIT_TESTING")
#else
#define S2H_KUNIT_IMPORT	MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING)
#endif
#else
#if IS_ENABLED(CONFIG_KUNIT)
#define EXPORT_SYMBOL_IF_KUNIT(symbol)	EXPORT_SYMBOL_GPL(symbol)
#else
#define EXPORT_SYMBOL_IF_KUNIT(symbol)
#endif
#define S2H_KUNIT_IMPORT
#endif

/*
 * The kernel s2h runs on, as it is built for it: pre-flight's advice on a
 * driver whose fix came with a version (s2h_amdgpu_hybrid_broken()).
 */
#define S2H_KERNEL_VERSION	LINUX_VERSION_CODE

#endif /* _S2H_COMPAT_H */
