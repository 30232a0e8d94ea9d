// SPDX-License-Identifier: GPL-2.0
/*
 * s2h: suspend-then-hibernate, done in the kernel.
 *
 * Whenever the system suspends, by whatever path, s2h arms a boottime alarm;
 * when that alarm is what wakes the system, s2h hibernates it.
 */
#include <linux/moduleparam.h>
#include <linux/module.h>

#include "lid.h"
#include "netlink.h"
#include "overhead.h"
#include "s2h.h"

/* Load-time defaults ("options s2h delay_sec=7200"); sysfs changes them later. */
static struct s2h_config s2h_load_config = S2H_CONFIG_DEFAULTS;

/* A bare boolean parameter, without a value, means true, as for "bool" ones. */
static int s2h_param_set(const char *val, const struct kernel_param *kp)
{
	const struct s2h_setting *s = kp->arg;

	if (!val && s->type != S2H_SETTING_BOOL)
		return -EINVAL;
	return s2h_setting_parse(s, val ? val : "1", s2h_config_field(&s2h_load_config, s));
}

static int s2h_param_get(char *buf, const struct kernel_param *kp)
{
	const struct s2h_setting *s = kp->arg;
	char text[S2H_SETTING_TEXT_LEN];

	/* A get is no sysfs show: it fills its page as param_get_uint() does. */
	return scnprintf(buf, PAGE_SIZE, "%s\n",
			 s2h_setting_text(s, s2h_config_value(&s2h_load_config, s), text));
}

static const struct kernel_param_ops s2h_param_ops = {
	.set = s2h_param_set,
	.get = s2h_param_get,
};

/* module_param_cb() wants a non-const pointer; s2h_param_set() reads it only. */
#define S2H_ARG(id)	((void *)&s2h_settings[S2H_SETTING_##id])

module_param_cb(enabled, &s2h_param_ops, S2H_ARG(ENABLED), 0444);
MODULE_PARM_DESC(enabled, "Arm the alarm on suspend (default: 1)");
module_param_cb(delay_sec, &s2h_param_ops, S2H_ARG(DELAY), 0444);
MODULE_PARM_DESC(delay_sec, "Seconds of suspend before hibernating, 5-2592000 (default: 10800)");
module_param_cb(hibernate_on_ac, &s2h_param_ops, S2H_ARG(HIBERNATE_ON_AC), 0444);
MODULE_PARM_DESC(hibernate_on_ac, "Hibernate on mains power too; 0: sleep on (default: 1)");
module_param_cb(battery_threshold, &s2h_param_ops, S2H_ARG(BATTERY_THRESHOLD), 0444);
MODULE_PARM_DESC(battery_threshold, "Hibernate at or below this battery percent, 0: off (default: 5)");
module_param_cb(policy, &s2h_param_ops, S2H_ARG(POLICY), 0444);
MODULE_PARM_DESC(policy, "delay or battery (default: delay)");
module_param_cb(battery_check_sec, &s2h_param_ops, S2H_ARG(BATTERY_CHECK), 0444);
MODULE_PARM_DESC(battery_check_sec, "Battery policy: seconds between checks (default: 3600)");
module_param_cb(retries, &s2h_param_ops, S2H_ARG(RETRIES), 0444);
MODULE_PARM_DESC(retries, "Hibernation attempts after a failure, 0-10 (default: 1)");
module_param_cb(hibernate_mode, &s2h_param_ops, S2H_ARG(HIBERNATE_MODE), 0444);
MODULE_PARM_DESC(hibernate_mode, "shutdown, or suspend after writing the image (default: shutdown)");
module_param_cb(require_verified, &s2h_param_ops, S2H_ARG(REQUIRE_VERIFIED), 0444);
MODULE_PARM_DESC(require_verified, "Arm only once these tests passed: no, hibernation (the dry run, s2hctl check --verify; also 1, yes), wake (s2hctl check --verify-wake) or both (default: no)");
module_param_cb(handoff_sec, &s2h_param_ops, S2H_ARG(HANDOFF), 0444);
MODULE_PARM_DESC(handoff_sec, "Seconds userspace has to hibernate when asked, 0-600; 0: s2h does (default: 0)");
module_param_cb(delay_low_sec, &s2h_param_ops, S2H_ARG(DELAY_LOW), 0444);
MODULE_PARM_DESC(delay_low_sec, "delay_sec below battery_high (default: 10800)");
module_param_cb(battery_high, &s2h_param_ops, S2H_ARG(BATTERY_HIGH), 0444);
MODULE_PARM_DESC(battery_high, "Battery percent below which delay_low_sec applies, 0: off (default: 0)");
module_param_cb(ac_delay_sec, &s2h_param_ops, S2H_ARG(AC_DELAY), 0444);
MODULE_PARM_DESC(ac_delay_sec, "Delay on mains power, 0: the delay on battery (default: 0)");
module_param_cb(drain_budget, &s2h_param_ops, S2H_ARG(DRAIN_BUDGET), 0444);
MODULE_PARM_DESC(drain_budget, "Hibernate once the battery dropped more than this percent, 0: off (default: 0)");
module_param_cb(battery_critical, &s2h_param_ops, S2H_ARG(BATTERY_CRITICAL), 0444);
MODULE_PARM_DESC(battery_critical, "Without hibernation, power off at this battery percent, 0: never (default: 3)");
module_param_cb(thermal_limit, &s2h_param_ops, S2H_ARG(THERMAL_LIMIT), 0444);
MODULE_PARM_DESC(thermal_limit, "Hibernate at an alarm wake at once at this many millidegrees C, 0: off (default: 0)");
module_param_cb(hibernate_no_hw_sleep, &s2h_param_ops, S2H_ARG(HIBERNATE_NO_HW_SLEEP), 0444);
MODULE_PARM_DESC(hibernate_no_hw_sleep, "Hibernate at once at an alarm wake from s2idle without hardware sleep (default: 0)");
module_param_cb(settle_sec, &s2h_param_ops, S2H_ARG(SETTLE), 0444);
MODULE_PARM_DESC(settle_sec, "Seconds awake after the alarm's wake before hibernating, 0-600; input cancels (default: 0)");

static int __init s2h_init(void)
{
	int err;

	s2h_debugfs_init();
	err = s2h_lid_init();
	if (err)
		goto err_debugfs;
	err = s2h_cycle_init(&s2h_load_config);
	if (err)
		goto err_lid;
	err = s2h_sysfs_init();
	if (err)
		goto err_cycle;
	err = s2h_nl_init();
	if (err)
		goto err_sysfs;
	pr_info("version %s: enabled=%u delay_sec=%u\n", S2H_VERSION,
		s2h_load_config.enabled, s2h_load_config.delay_sec);
	return 0;

err_sysfs:
	s2h_sysfs_exit();
err_cycle:
	s2h_cycle_exit();
err_lid:
	s2h_lid_exit();
err_debugfs:
	s2h_debugfs_exit();
	return err;
}

static void __exit s2h_exit(void)
{
	s2h_nl_exit();
	s2h_sysfs_exit();
	s2h_cycle_exit();
	s2h_lid_exit();
	s2h_debugfs_exit();
}

module_init(s2h_init);
module_exit(s2h_exit);

MODULE_DESCRIPTION("Suspend-then-hibernate, done in the kernel");
MODULE_LICENSE("GPL");
MODULE_VERSION(S2H_VERSION);
