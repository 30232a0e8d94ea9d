// SPDX-License-Identifier: GPL-2.0
/*
 * s2h: suspend-then-hibernate, done in the kernel.
 *
 * Whenever the system suspends, by whatever path, s2h arms a boottime alarm;
 * when that alarm is what wakes the system, s2h hibernates it.
 */
#include <linux/moduleparam.h>
#include <linux/module.h>

#include "netlink.h"
#include "s2h.h"

/* Load-time defaults ("options s2h delay_sec=7200"); sysfs changes them later. */
static struct s2h_config s2h_defaults = {
	.enabled = true,
	.delay_sec = S2H_DELAY_DEFAULT_SEC,
};

/* A bare "enabled", without a value, means true, as for every bool parameter. */
static int s2h_param_set_enabled(const char *val, const struct kernel_param *kp)
{
	return s2h_parse_bool(val ? val : "1", kp->arg);
}

static int s2h_param_set_delay(const char *val, const struct kernel_param *kp)
{
	return val ? s2h_parse_delay(val, kp->arg) : -EINVAL;
}

static const struct kernel_param_ops s2h_enabled_ops = {
	.set = s2h_param_set_enabled,
	.get = param_get_bool,
};

static const struct kernel_param_ops s2h_delay_ops = {
	.set = s2h_param_set_delay,
	.get = param_get_uint,
};

module_param_cb(enabled, &s2h_enabled_ops, &s2h_defaults.enabled, 0444);
MODULE_PARM_DESC(enabled, "Arm the alarm on suspend (default: 1)");
module_param_cb(delay_sec, &s2h_delay_ops, &s2h_defaults.delay_sec, 0444);
MODULE_PARM_DESC(delay_sec, "Seconds of suspend before hibernating, 5-2592000 (default: 10800)");

static int __init s2h_init(void)
{
	int err;

	err = s2h_cycle_init(&s2h_defaults);
	if (err)
		return err;
	err = s2h_sysfs_init();
	if (err)
		goto err_cycle;
	err = s2h_nl_init();
	if (err)
		goto err_sysfs;
	pr_info("version %s: enabled=%d delay_sec=%u\n", S2H_VERSION,
		s2h_defaults.enabled, s2h_defaults.delay_sec);
	return 0;

err_sysfs:
	s2h_sysfs_exit();
err_cycle:
	s2h_cycle_exit();
	return err;
}

static void __exit s2h_exit(void)
{
	s2h_nl_exit();
	s2h_sysfs_exit();
	s2h_cycle_exit();
}

module_init(s2h_init);
module_exit(s2h_exit);

MODULE_DESCRIPTION("Suspend-then-hibernate, done in the kernel");
MODULE_LICENSE("GPL");
MODULE_VERSION(S2H_VERSION);
