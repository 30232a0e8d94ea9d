// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "names.h"
#include "array.h"

#define NAME_OF(table, i) \
	((i) < ARRAY_SIZE(table) && (table)[i] ? (table)[i] : "unknown")

static const char * const state_names[__S2H_STATE_MAX] = {
	[S2H_STATE_IDLE] = "idle",
	[S2H_STATE_ARMED] = "armed",
	[S2H_STATE_HIBERNATING] = "hibernating",
	[S2H_STATE_RESUMING] = "resuming",
	[S2H_STATE_HANDOFF] = "handoff",
	[S2H_STATE_SETTLING] = "settling",
};

static const char * const wake_names[__S2H_WAKE_MAX] = {
	[S2H_WAKE_NONE] = "none",
	[S2H_WAKE_ALARM] = "alarm",
	[S2H_WAKE_EARLY] = "early",
	[S2H_WAKE_ABORTED] = "aborted",
	[S2H_WAKE_OTHER] = "other",
};

static const char * const event_names[__S2H_EVENT_MAX] = {
	[S2H_EVENT_ARMED] = "armed",
	[S2H_EVENT_ALARM_WAKE] = "alarm_wake",
	[S2H_EVENT_EARLY_WAKE] = "early_wake",
	[S2H_EVENT_ABORTED] = "aborted",
	[S2H_EVENT_HIBERNATE_START] = "hibernate_start",
	[S2H_EVENT_HIBERNATE_RESULT] = "hibernate_result",
	[S2H_EVENT_RESUMED] = "resumed",
	[S2H_EVENT_CONFIG] = "config",
	[S2H_EVENT_NOT_ARMED] = "not_armed",
	[S2H_EVENT_SLEEP_AGAIN] = "sleep_again",
	[S2H_EVENT_HIBERNATE_RETRY] = "hibernate_retry",
	[S2H_EVENT_VERIFY_RESULT] = "verify_result",
	[S2H_EVENT_OTHER_WAKE] = "other_wake",
	[S2H_EVENT_SLEEP_FAILED] = "sleep_failed",
	[S2H_EVENT_CANCELLED] = "cancelled",
	[S2H_EVENT_HANDOFF] = "handoff",
	[S2H_EVENT_POWER_OFF] = "power_off",
	[S2H_EVENT_WAKE_TEST_RESULT] = "wake_test_result",
	[S2H_EVENT_SETTLE] = "settle",
};

static const char * const attr_names[__S2H_A_MAX] = {
	[S2H_A_ENABLED] = "enabled",
	[S2H_A_DELAY_SEC] = "delay_sec",
	[S2H_A_STATE] = "state",
	[S2H_A_LAST_WAKE] = "last_wake",
	[S2H_A_STATS] = "stats",
	[S2H_A_EVENT] = "event",
	[S2H_A_ERROR] = "error",
	[S2H_A_HIBERNATE_ON_AC] = "hibernate_on_ac",
	[S2H_A_BATTERY_THRESHOLD] = "battery_threshold",
	[S2H_A_POLICY] = "policy",
	[S2H_A_BATTERY_CHECK_SEC] = "battery_check_sec",
	[S2H_A_RETRIES] = "retries",
	[S2H_A_HIBERNATE_MODE] = "hibernate_mode",
	[S2H_A_REQUIRE_VERIFIED] = "require_verified",
	[S2H_A_CHECKS_FAILED] = "checks_failed",
	[S2H_A_SWAP_FREE_MB] = "swap_free_mb",
	[S2H_A_IMAGE_MB] = "image_mb",
	[S2H_A_VERIFIED] = "verified",
	[S2H_A_LAST_CYCLE] = "last_cycle",
	[S2H_A_BATTERY] = "battery",
	[S2H_A_HANDOFF_SEC] = "handoff_sec",
	[S2H_A_DELAY_LOW_SEC] = "delay_low_sec",
	[S2H_A_BATTERY_HIGH] = "battery_high",
	[S2H_A_AC_DELAY_SEC] = "ac_delay_sec",
	[S2H_A_DRAIN_BUDGET] = "drain_budget",
	[S2H_A_BATTERY_CRITICAL] = "battery_critical",
	[S2H_A_THERMAL_LIMIT] = "thermal_limit",
	[S2H_A_HIBERNATE_NO_HW_SLEEP] = "hibernate_no_hw_sleep",
	[S2H_A_HW_SLEEP_AVAILABLE] = "hw_sleep_available",
	[S2H_A_WAKE_TEST] = "wake_test",
	[S2H_A_WAKE_TEST_SEC] = "wake_test_sec",
	[S2H_A_SETTLE_SEC] = "settle_sec",
	[S2H_A_ADVICE] = "advice",
};

static const char * const check_names[__S2H_CHECK_MAX] = {
	[S2H_CHECK_SUPPORTED] = "supported",
	[S2H_CHECK_LOCKDOWN] = "lockdown",
	[S2H_CHECK_RESUME] = "resume",
	[S2H_CHECK_SWAP] = "swap",
	[S2H_CHECK_RTC] = "rtc",
	[S2H_CHECK_VERIFIED] = "verified",
	[S2H_CHECK_RTC_S2IDLE] = "rtc_s2idle",
};

/*
 * What each check asks, what its failure means (sysfs' "available" words),
 * and what to do, as Debian 12 has it. Each section is a title of
 * Documentation/admin-guide.rst (test-parse checks).
 */
const struct check_text check_texts[__S2H_CHECK_MAX] = {
	[S2H_CHECK_SUPPORTED] = {
		"the kernel offers hibernation", "hibernation not offered by the kernel",
		"boot a kernel built with CONFIG_HIBERNATION (Debian's are), without\n"
		"nohibernate or hibernate=no on its command line: edit GRUB_CMDLINE_LINUX\n"
		"in /etc/default/grub, then: sudo update-grub",
		"Kernel support" },
	[S2H_CHECK_LOCKDOWN] = {
		"hibernation is not locked down", "hibernation locked down",
		"Debian's kernel locks hibernation down under Secure Boot: turn Secure Boot\n"
		"off in the firmware setup, or: sudo mokutil --disable-validation",
		"Secure Boot" },
	[S2H_CHECK_RESUME] = {
		"a resume device is set", "no resume device",
		"name the swap device the initramfs resumes from, then rebuild it and reboot:\n"
		"echo RESUME=UUID=$(sudo blkid -s UUID -o value /dev/SWAP) |\n"
		"  sudo tee /etc/initramfs-tools/conf.d/resume; sudo update-initramfs -u",
		"Resume device" },
	[S2H_CHECK_SWAP] = {
		"free swap holds the image", "not enough free swap",
		"give the machine more swap than the memory in use (a swap partition or a\n"
		"swap file, in /etc/fstab), and make it the resume device",
		"Swap" },
	[S2H_CHECK_RTC] = {
		"an rtc can wake the system", "no rtc can wake the system",
		"s2h needs an RTC with a wake alarm (/sys/class/rtc/rtc0/wakealarm): on a PC\n"
		"the rtc_cmos driver; in a virtual machine, give it a CMOS RTC",
		"Wake alarm" },
	[S2H_CHECK_VERIFIED] = {
		"the tests require_verified asks for passed", "not verified",
		"require_verified asks for a test that has not passed on this machine and\n"
		"kernel: sudo s2hctl check --verify-wake (a suspend of 20 s) for wake; save\n"
		"your work, then sudo s2hctl check --verify (before Linux 6.4 it restarts the\n"
		"machine) for hibernation; or: sudo s2hctl set --save require_verified no",
		"Dry run" },
	[S2H_CHECK_RTC_S2IDLE] = {
		"the rtc can end suspend to idle",
		"the rtc cannot end suspend to idle (hpet-emulated alarm)",
		"this machine suspends to idle (mem_sleep s2idle) and rtc_cmos's alarm is\n"
		"emulated by the HPET, which stops then: add rtc_cmos.use_acpi_alarm=1 to\n"
		"GRUB_CMDLINE_LINUX_DEFAULT in /etc/default/grub, sudo update-grub, reboot",
		"Wake alarm" },
};

static const char * const verify_names[__S2H_VERIFY_MAX] = {
	[S2H_VERIFY_NEVER] = "never",
	[S2H_VERIFY_RUNNING] = "running",
	[S2H_VERIFY_PASSED] = "passed",
	[S2H_VERIFY_FAILED] = "failed",
};

static const char * const wake_test_names[__S2H_WAKE_TEST_MAX] = {
	[S2H_WAKE_TEST_NEVER] = "never",
	[S2H_WAKE_TEST_RUNNING] = "running",
	[S2H_WAKE_TEST_PASSED] = "passed",
	[S2H_WAKE_TEST_FAILED] = "failed",
};

static const char * const wake_test_reason_names[__S2H_WAKE_TEST_REASON_MAX] = {
	[S2H_WAKE_TEST_REASON_NONE] = "none",
	[S2H_WAKE_TEST_REASON_ABORTED] = "aborted",
	[S2H_WAKE_TEST_REASON_RTC_HPET] = "rtc_hpet",
	[S2H_WAKE_TEST_REASON_RTC_IGNORED] = "rtc_ignored",
	[S2H_WAKE_TEST_REASON_INPUT] = "input",
	[S2H_WAKE_TEST_REASON_OTHER_SOURCE] = "other_source",
	[S2H_WAKE_TEST_REASON_EARLY] = "early",
	[S2H_WAKE_TEST_REASON_NO_HW_SLEEP] = "no_hw_sleep",
};

static const char * const mem_sleep_names[__S2H_MEM_SLEEP_MAX] = {
	[S2H_MEM_SLEEP_S2IDLE] = "s2idle",
	[S2H_MEM_SLEEP_SHALLOW] = "shallow",
	[S2H_MEM_SLEEP_DEEP] = "deep",
};

static const char * const decision_names[__S2H_DECISION_MAX] = {
	[S2H_DECISION_NONE] = "none",
	[S2H_DECISION_HIBERNATE] = "hibernate",
	[S2H_DECISION_SLEEP_AGAIN] = "sleep_again",
	[S2H_DECISION_POWER_OFF] = "power_off",
};

const char * const stat_names[S2H_STATS_A_MAX + 1] = {
	[S2H_STATS_A_SUSPENDS] = "suspends",
	[S2H_STATS_A_ALARM_WAKES] = "alarm_wakes",
	[S2H_STATS_A_EARLY_WAKES] = "early_wakes",
	[S2H_STATS_A_ABORTED] = "aborted",
	[S2H_STATS_A_HIBERNATIONS] = "hibernations",
	[S2H_STATS_A_HIBERNATE_FAILURES] = "hibernate_failures",
	[S2H_STATS_A_RESUMES_FROM_HIBERNATION] = "resumes_from_hibernation",
	[S2H_STATS_A_RESUSPENDS] = "resuspends",
	[S2H_STATS_A_NOT_ARMED] = "not_armed",
	[S2H_STATS_A_DARK_WAKES] = "dark_wakes",
	[S2H_STATS_A_BATTERY_HIBERNATIONS] = "battery_hibernations",
	[S2H_STATS_A_HIBERNATE_RETRIES] = "hibernate_retries",
	[S2H_STATS_A_OTHER_WAKES] = "other_wakes",
	[S2H_STATS_A_SLEEP_FAILURES] = "sleep_failures",
	[S2H_STATS_A_CANCELLED] = "cancelled",
	[S2H_STATS_A_HANDOFFS] = "handoffs",
	[S2H_STATS_A_HANDOFF_FALLBACKS] = "handoff_fallbacks",
	[S2H_STATS_A_DRAIN_HIBERNATIONS] = "drain_hibernations",
	[S2H_STATS_A_POWER_OFFS] = "power_offs",
	[S2H_STATS_A_THERMAL_HIBERNATIONS] = "thermal_hibernations",
	[S2H_STATS_A_NO_HW_SLEEP_HIBERNATIONS] = "no_hw_sleep_hibernations",
	[S2H_STATS_A_HIBERNATIONS_UNDONE] = "hibernations_undone",
};

const char *state_name(unsigned int state)
{
	return NAME_OF(state_names, state);
}

const char *wake_name(unsigned int wake)
{
	return NAME_OF(wake_names, wake);
}

const char *event_name(unsigned int event)
{
	return NAME_OF(event_names, event);
}

const char *attr_name(unsigned int attr)
{
	return NAME_OF(attr_names, attr);
}

static const char * const advice_names[__S2H_ADVICE_MAX] = {
	[S2H_ADVICE_NVIDIA_HANDOFF] = "nvidia_handoff",
	[S2H_ADVICE_AMDGPU_HYBRID] = "amdgpu_hybrid",
};

const struct advice_text advice_texts[__S2H_ADVICE_MAX] = {
	[S2H_ADVICE_NVIDIA_HANDOFF] = {
		"nvidia is loaded and s2h hibernates in the kernel, without\n"
		"nvidia-hibernate.service: the machine may hang or come back without its\n"
		"desktop (systemd #27559)",
		"sudo s2hctl set --save handoff 1m - s2h-agent.service then hibernates\n"
		"through systemctl hibernate, which runs nvidia-hibernate.service",
	},
	[S2H_ADVICE_AMDGPU_HYBRID] = {
		"amdgpu is loaded, hibernate_mode is suspend, and this kernel lacks\n"
		"\"drm/amd: Fix hybrid sleep\" (6.17 before 6.17.5): the GPU is not resumed\n"
		"after the image is written",
		"sudo s2hctl set --save hibernate_mode shutdown, or boot a kernel with the\n"
		"fix (6.17.5 or later, 6.18)",
	},
};

const char *advice_name(unsigned int advice)
{
	return NAME_OF(advice_names, advice);
}

const char *check_name(unsigned int check)
{
	return NAME_OF(check_names, check);
}

const char *verify_name(unsigned int verify)
{
	return NAME_OF(verify_names, verify);
}

const char *decision_name(unsigned int decision)
{
	return NAME_OF(decision_names, decision);
}

const char *wake_test_name(unsigned int result)
{
	return NAME_OF(wake_test_names, result);
}

const char *wake_test_reason_name(unsigned int reason)
{
	return NAME_OF(wake_test_reason_names, reason);
}

const char *mem_sleep_name(unsigned int mode)
{
	return NAME_OF(mem_sleep_names, mode);
}

/* "ENOSPC" for -28: what the kernel's headers call it; "E?" when unknown. */
const char *errno_name(int err)
{
	const char *name = strerrorname_np(err < 0 ? -err : err);

	return name ? name : "E?";
}

/* Why a hibernation may fail with each error, and where to look. */
static const struct {
	int err;
	const char *hint;
} hibernate_hints[] = {
	{ ENOSPC, "the image did not fit in swap: give the machine more swap (s2hctl check)" },
	{ ENOMEM, "not enough free memory to build the image: close programs, or lower\n"
		  "/sys/power/image_size" },
	{ EBUSY, "a task or a device did not freeze, or another sleep ran:\n"
		 "journalctl -k -b | grep -i -e freez -e 'PM:'" },
	{ EPERM, "hibernation is locked down (Secure Boot): s2hctl check" },
	{ ENODEV, "no resume device, or hibernation not offered: s2hctl check" },
	{ EIO, "writing the image to swap failed: journalctl -k -b | grep -i -e swap -e 'I/O'" },
};

/* What to do about a hibernation that failed with @err (negative); NULL if unknown. */
const char *hibernate_error_hint(int err)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(hibernate_hints); i++)
		if (hibernate_hints[i].err == -err)
			return hibernate_hints[i].hint;
	return NULL;
}
