/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/s2h.yaml */
/* YNL-GEN uapi header */
/* To regenerate run: tools/net/ynl/ynl-regen.sh */

#ifndef _UAPI_LINUX_S2H_H
#define _UAPI_LINUX_S2H_H

#define S2H_GENL_NAME		"s2h"
#define S2H_GENL_VERSION	1

#define S2H_DELAY_MIN_SEC		5
#define S2H_DELAY_MAX_SEC		2592000
#define S2H_DELAY_DEFAULT_SEC		10800
#define S2H_BATTERY_THRESHOLD_MAX	100
#define S2H_BATTERY_THRESHOLD_DEFAULT	5
#define S2H_BATTERY_CHECK_MIN_SEC	60
#define S2H_BATTERY_CHECK_MAX_SEC	2592000
#define S2H_BATTERY_CHECK_DEFAULT_SEC	3600
#define S2H_RETRIES_MAX			10
#define S2H_RETRIES_DEFAULT		1
#define S2H_HANDOFF_MAX_SEC		600
#define S2H_WAKE_SOURCE_LEN		48
#define S2H_HISTORY_LEN			32
#define S2H_CYCLE_WAKES_MAX		8
#define S2H_BATTERY_CRITICAL_DEFAULT	3
#define S2H_THERMAL_LIMIT_MAX		150000
#define S2H_WAKE_TEST_MIN_SEC		10
#define S2H_WAKE_TEST_MAX_SEC		300
#define S2H_WAKE_TEST_DEFAULT_SEC	20
#define S2H_SETTLE_MAX_SEC		600

/**
 * enum s2h_policy - When the alarm is due (policy, /sys/power/s2h/policy).
 * @S2H_POLICY_DELAY: hibernate once delay-sec of suspend have passed
 * @S2H_POLICY_BATTERY: check every battery-check-sec, hibernate before the
 *   battery runs out
 */
enum s2h_policy {
	S2H_POLICY_DELAY,
	S2H_POLICY_BATTERY,

	/* private: */
	__S2H_POLICY_MAX,
	S2H_POLICY_MAX = (__S2H_POLICY_MAX - 1)
};

/**
 * enum s2h_hibernate_mode - What s2h's hibernation does once the image is
 *   written (hibernate-mode, /sys/power/s2h/hibernate_mode).
 * @S2H_MODE_SHUTDOWN: power off, as /sys/power/disk says (platform or
 *   shutdown)
 * @S2H_MODE_SUSPEND: stay suspended; resume from RAM, or from the image if
 *   power was lost
 */
enum s2h_hibernate_mode {
	S2H_MODE_SHUTDOWN,
	S2H_MODE_SUSPEND,

	/* private: */
	__S2H_MODE_MAX,
	S2H_MODE_MAX = (__S2H_MODE_MAX - 1)
};

/**
 * enum s2h_check - The pre-flight checks run before each suspend is armed;
 *   checks-failed holds 1 << check for each one that failed. Any failure
 *   leaves the suspend plain: nothing is armed.
 * @S2H_CHECK_SUPPORTED: the kernel offers "disk" in /sys/power/state
 * @S2H_CHECK_LOCKDOWN: hibernation is not locked down (Secure Boot)
 * @S2H_CHECK_RESUME: a resume device is set (/sys/power/resume is not 0:0)
 *   and, unless resume_offset points into a swap file, it is an active swap
 *   partition
 * @S2H_CHECK_SWAP: free swap holds the image estimate (all active swap counts,
 *   zram too)
 * @S2H_CHECK_RTC: an RTC can wake the system
 * @S2H_CHECK_VERIFIED: require-verified is 0, or a dry run passed
 * @S2H_CHECK_RTC_S2IDLE: when suspend is to idle (mem_sleep s2idle), the RTC
 *   can end it: fails for rtc_cmos with its alarm emulated by the HPET, which
 *   stops in suspend to idle (rtc_cmos.use_acpi_alarm=1 fixes it)
 */
enum s2h_check {
	S2H_CHECK_SUPPORTED,
	S2H_CHECK_LOCKDOWN,
	S2H_CHECK_RESUME,
	S2H_CHECK_SWAP,
	S2H_CHECK_RTC,
	S2H_CHECK_VERIFIED,
	S2H_CHECK_RTC_S2IDLE,

	/* private: */
	__S2H_CHECK_MAX,
	S2H_CHECK_MAX = (__S2H_CHECK_MAX - 1)
};

/**
 * enum s2h_advice - Pre-flight's advice: a loaded driver known to hang or
 *   break a hibernation s2h starts as it is set; advice holds 1 << advice for
 *   each. Advice never keeps a suspend from being armed.
 * @S2H_ADVICE_NVIDIA_HANDOFF: nvidia is loaded and handoff-sec is 0: its
 *   hibernation needs nvidia-hibernate.service, which only a hibernation
 *   through systemd runs (systemd #27559): set handoff-sec
 * @S2H_ADVICE_AMDGPU_HYBRID: amdgpu is loaded, hibernate-mode is suspend, and
 *   the kernel lacks "drm/amd: Fix hybrid sleep" (6.17 before 6.17.5): its
 *   device is not resumed after the image is written: set hibernate-mode
 *   shutdown
 */
enum s2h_advice {
	S2H_ADVICE_NVIDIA_HANDOFF,
	S2H_ADVICE_AMDGPU_HYBRID,

	/* private: */
	__S2H_ADVICE_MAX,
	S2H_ADVICE_MAX = (__S2H_ADVICE_MAX - 1)
};

/**
 * enum s2h_verify - The last dry run of hibernation (s2hctl check --verify).
 * @S2H_VERIFY_NEVER: no dry run since the module was loaded
 * @S2H_VERIFY_RUNNING: one is running
 * @S2H_VERIFY_PASSED: the last one came back
 * @S2H_VERIFY_FAILED: the last one failed; its error says how
 */
enum s2h_verify {
	S2H_VERIFY_NEVER,
	S2H_VERIFY_RUNNING,
	S2H_VERIFY_PASSED,
	S2H_VERIFY_FAILED,

	/* private: */
	__S2H_VERIFY_MAX,
	S2H_VERIFY_MAX = (__S2H_VERIFY_MAX - 1)
};

/**
 * enum s2h_require - What s2h waits for before it arms (require-verified,
 *   /sys/power/s2h/require_verified); a mask of the two tests.
 * @S2H_REQUIRE_NO: nothing, s2h arms at once
 * @S2H_REQUIRE_HIBERNATION: a dry run of hibernation that passed (s2hctl check
 *   --verify)
 * @S2H_REQUIRE_WAKE: a wake test that passed (s2hctl check --verify-wake)
 * @S2H_REQUIRE_BOTH: both of them
 */
enum s2h_require {
	S2H_REQUIRE_NO,
	S2H_REQUIRE_HIBERNATION,
	S2H_REQUIRE_WAKE,
	S2H_REQUIRE_BOTH,

	/* private: */
	__S2H_REQUIRE_MAX,
	S2H_REQUIRE_MAX = (__S2H_REQUIRE_MAX - 1)
};

/**
 * enum s2h_wake_test - The last wake test (s2hctl check --verify-wake): a
 *   suspend in the machine's own mode that s2h's alarm is to end, with no
 *   hibernation.
 * @S2H_WAKE_TEST_NEVER: no wake test since the module was loaded
 * @S2H_WAKE_TEST_RUNNING: one is running
 * @S2H_WAKE_TEST_PASSED: s2h's alarm ended the sleep, and s2h took the wake
 *   for its alarm's
 * @S2H_WAKE_TEST_FAILED: the last one failed; its reason says how
 */
enum s2h_wake_test {
	S2H_WAKE_TEST_NEVER,
	S2H_WAKE_TEST_RUNNING,
	S2H_WAKE_TEST_PASSED,
	S2H_WAKE_TEST_FAILED,

	/* private: */
	__S2H_WAKE_TEST_MAX,
	S2H_WAKE_TEST_MAX = (__S2H_WAKE_TEST_MAX - 1)
};

/**
 * enum s2h_wake_test_reason - Why a wake test failed, each with its own
 *   remedy.
 * @S2H_WAKE_TEST_REASON_NONE: it did not fail
 * @S2H_WAKE_TEST_REASON_ABORTED: the suspend failed or never slept (error says
 *   how)
 * @S2H_WAKE_TEST_REASON_RTC_HPET: the alarm did not end the suspend to idle:
 *   rtc_cmos's alarm is emulated by the HPET, which stops in it
 *   (rtc_cmos.use_acpi_alarm=1)
 * @S2H_WAKE_TEST_REASON_RTC_IGNORED: the alarm did not end the sleep: the
 *   firmware ignored the RTC in this sleep state (a setting of the firmware,
 *   or another mem_sleep)
 * @S2H_WAKE_TEST_REASON_INPUT: an input device (a key, the lid, the power
 *   button) woke it before the alarm
 * @S2H_WAKE_TEST_REASON_OTHER_SOURCE: another wakeup source (wake-source) woke
 *   it before the alarm
 * @S2H_WAKE_TEST_REASON_EARLY: something the kernel does not name woke it
 *   before the alarm
 * @S2H_WAKE_TEST_REASON_NO_HW_SLEEP: suspend to idle ended by the alarm, but
 *   the hardware never reached its sleep state (hw-sleep-us 0)
 */
enum s2h_wake_test_reason {
	S2H_WAKE_TEST_REASON_NONE,
	S2H_WAKE_TEST_REASON_ABORTED,
	S2H_WAKE_TEST_REASON_RTC_HPET,
	S2H_WAKE_TEST_REASON_RTC_IGNORED,
	S2H_WAKE_TEST_REASON_INPUT,
	S2H_WAKE_TEST_REASON_OTHER_SOURCE,
	S2H_WAKE_TEST_REASON_EARLY,
	S2H_WAKE_TEST_REASON_NO_HW_SLEEP,

	/* private: */
	__S2H_WAKE_TEST_REASON_MAX,
	S2H_WAKE_TEST_REASON_MAX = (__S2H_WAKE_TEST_REASON_MAX - 1)
};

/**
 * enum s2h_mem_sleep - The sleep a write of "mem" to /sys/power/state enters
 *   (/sys/power/mem_sleep).
 * @S2H_MEM_SLEEP_S2IDLE: suspend to idle
 * @S2H_MEM_SLEEP_SHALLOW: standby, power-on suspend
 * @S2H_MEM_SLEEP_DEEP: suspend to RAM (S3)
 */
enum s2h_mem_sleep {
	S2H_MEM_SLEEP_S2IDLE,
	S2H_MEM_SLEEP_SHALLOW,
	S2H_MEM_SLEEP_DEEP,

	/* private: */
	__S2H_MEM_SLEEP_MAX,
	S2H_MEM_SLEEP_MAX = (__S2H_MEM_SLEEP_MAX - 1)
};

/**
 * enum s2h_decision_kind - What s2h did about a wake (the decision of
 *   last-cycle).
 * @S2H_DECISION_NONE: nothing, a user wake or nothing armed
 * @S2H_DECISION_HIBERNATE: hibernation, for the delay or the battery
 * @S2H_DECISION_SLEEP_AGAIN: a dark wake, back to sleep with the alarm
 *   re-armed
 * @S2H_DECISION_POWER_OFF: the last resort: hibernation was out and the
 *   battery critical, an orderly power-off (the init system's poweroff)
 */
enum s2h_decision_kind {
	S2H_DECISION_NONE,
	S2H_DECISION_HIBERNATE,
	S2H_DECISION_SLEEP_AGAIN,
	S2H_DECISION_POWER_OFF,

	/* private: */
	__S2H_DECISION_MAX,
	S2H_DECISION_MAX = (__S2H_DECISION_MAX - 1)
};

/**
 * enum s2h_state - Where s2h is in one suspend cycle (state,
 *   /sys/power/s2h/state).
 * @S2H_STATE_IDLE: nothing armed, the system is awake
 * @S2H_STATE_ARMED: suspending or suspended, alarm armed
 * @S2H_STATE_HIBERNATING: the alarm woke the system, hibernation started
 * @S2H_STATE_RESUMING: back from s2h's hibernation, finishing up
 * @S2H_STATE_HANDOFF: the alarm asked for hibernation; userspace is given
 *   handoff-sec to start it
 * @S2H_STATE_SETTLING: the alarm asked for hibernation; the system runs
 *   settle-sec first, and user input in that time cancels it
 */
enum s2h_state {
	S2H_STATE_IDLE,
	S2H_STATE_ARMED,
	S2H_STATE_HIBERNATING,
	S2H_STATE_RESUMING,
	S2H_STATE_HANDOFF,
	S2H_STATE_SETTLING,

	/* private: */
	__S2H_STATE_MAX,
	S2H_STATE_MAX = (__S2H_STATE_MAX - 1)
};

/**
 * enum s2h_wake - How the last suspend s2h armed for ended (last-wake,
 *   /sys/power/s2h/last_wake).
 * @S2H_WAKE_NONE: no armed suspend has ended yet
 * @S2H_WAKE_ALARM: s2h's alarm woke the system
 * @S2H_WAKE_EARLY: the user (an input device), or nothing s2h could name, woke
 *   it before the alarm
 * @S2H_WAKE_ABORTED: the suspend failed or was aborted
 * @S2H_WAKE_OTHER: a wakeup source that is no input device woke it before the
 *   alarm; a suspend soon after keeps the alarm's deadline
 */
enum s2h_wake {
	S2H_WAKE_NONE,
	S2H_WAKE_ALARM,
	S2H_WAKE_EARLY,
	S2H_WAKE_ABORTED,
	S2H_WAKE_OTHER,

	/* private: */
	__S2H_WAKE_MAX,
	S2H_WAKE_MAX = (__S2H_WAKE_MAX - 1)
};

/**
 * enum s2h_event - What an event message reports, in its event attribute.
 * @S2H_EVENT_ARMED: a suspend started and the alarm is armed for delay-sec
 * @S2H_EVENT_ALARM_WAKE: the alarm woke the system
 * @S2H_EVENT_EARLY_WAKE: something else woke the system before the alarm
 * @S2H_EVENT_ABORTED: the armed suspend never slept
 * @S2H_EVENT_HIBERNATE_START: s2h starts hibernating the system
 * @S2H_EVENT_HIBERNATE_RESULT: hibernation ended, error says how (0 is
 *   success)
 * @S2H_EVENT_RESUMED: the system is back from the image s2h wrote
 * @S2H_EVENT_CONFIG: a setting changed, through netlink or sysfs; carries
 *   every setting
 * @S2H_EVENT_NOT_ARMED: a pre-flight check failed, the suspend stays plain
 *   (checks-failed)
 * @S2H_EVENT_SLEEP_AGAIN: a dark wake, back to sleep (battery, the percent at
 *   the wake)
 * @S2H_EVENT_HIBERNATE_RETRY: back to sleep to try hibernation again after
 *   delay-sec
 * @S2H_EVENT_VERIFY_RESULT: a dry run ended (verified)
 * @S2H_EVENT_OTHER_WAKE: a wakeup source that is no input device woke the
 *   system; the deadline is kept
 * @S2H_EVENT_SLEEP_FAILED: going back to sleep failed (error); s2h retries,
 *   then hibernates
 * @S2H_EVENT_CANCELLED: the user came back before s2h's hibernation or
 *   re-sleep took hold
 * @S2H_EVENT_HANDOFF: s2h asks userspace to hibernate the system
 *   (hibernate-mode says how) within handoff-sec, through systemd so that its
 *   sleep hooks run; s2h hibernates it itself after that
 * @S2H_EVENT_POWER_OFF: the last resort: hibernation was out (pre-flight
 *   failed or every retry did) and the battery reached battery-critical; an
 *   orderly power-off starts (battery, the percent at the wake)
 * @S2H_EVENT_WAKE_TEST_RESULT: a wake test ended (wake-test)
 * @S2H_EVENT_SETTLE: the alarm asked for hibernation: the system runs
 *   settle-sec before it starts; user input in that time cancels it
 *   (cancelled)
 */
enum s2h_event {
	S2H_EVENT_ARMED,
	S2H_EVENT_ALARM_WAKE,
	S2H_EVENT_EARLY_WAKE,
	S2H_EVENT_ABORTED,
	S2H_EVENT_HIBERNATE_START,
	S2H_EVENT_HIBERNATE_RESULT,
	S2H_EVENT_RESUMED,
	S2H_EVENT_CONFIG,
	S2H_EVENT_NOT_ARMED,
	S2H_EVENT_SLEEP_AGAIN,
	S2H_EVENT_HIBERNATE_RETRY,
	S2H_EVENT_VERIFY_RESULT,
	S2H_EVENT_OTHER_WAKE,
	S2H_EVENT_SLEEP_FAILED,
	S2H_EVENT_CANCELLED,
	S2H_EVENT_HANDOFF,
	S2H_EVENT_POWER_OFF,
	S2H_EVENT_WAKE_TEST_RESULT,
	S2H_EVENT_SETTLE,

	/* private: */
	__S2H_EVENT_MAX,
	S2H_EVENT_MAX = (__S2H_EVENT_MAX - 1)
};

#define S2H_CMD_EVENT	3

enum s2h_attr {
	S2H_A_UNSPEC,
	S2H_A_ENABLED,
	S2H_A_DELAY_SEC,
	S2H_A_STATE,
	S2H_A_LAST_WAKE,
	S2H_A_STATS,
	S2H_A_EVENT,
	S2H_A_ERROR,
	S2H_A_PAD,
	S2H_A_HIBERNATE_ON_AC,
	S2H_A_BATTERY_THRESHOLD,
	S2H_A_POLICY,
	S2H_A_BATTERY_CHECK_SEC,
	S2H_A_RETRIES,
	S2H_A_HIBERNATE_MODE,
	S2H_A_REQUIRE_VERIFIED,
	S2H_A_CHECKS_FAILED,
	S2H_A_SWAP_FREE_MB,
	S2H_A_IMAGE_MB,
	S2H_A_VERIFIED,
	S2H_A_LAST_CYCLE,
	S2H_A_BATTERY,
	S2H_A_CYCLE,
	S2H_A_HANDOFF_SEC,
	S2H_A_DELAY_LOW_SEC,
	S2H_A_BATTERY_HIGH,
	S2H_A_AC_DELAY_SEC,
	S2H_A_DRAIN_BUDGET,
	S2H_A_BATTERY_CRITICAL,
	S2H_A_THERMAL_LIMIT,
	S2H_A_HIBERNATE_NO_HW_SLEEP,
	S2H_A_HW_SLEEP_AVAILABLE,
	S2H_A_CHECKS,
	S2H_A_WAKE_TEST,
	S2H_A_WAKE_TEST_SEC,
	S2H_A_SETTLE_SEC,
	S2H_A_ADVICE,

	__S2H_A_MAX
};
#define S2H_A_MAX (__S2H_A_MAX - 1)

enum s2h_stats_attr {
	S2H_STATS_A_UNSPEC,
	S2H_STATS_A_PAD,
	S2H_STATS_A_SUSPENDS,
	S2H_STATS_A_ALARM_WAKES,
	S2H_STATS_A_EARLY_WAKES,
	S2H_STATS_A_ABORTED,
	S2H_STATS_A_HIBERNATIONS,
	S2H_STATS_A_HIBERNATE_FAILURES,
	S2H_STATS_A_RESUMES_FROM_HIBERNATION,
	S2H_STATS_A_RESUSPENDS,
	S2H_STATS_A_NOT_ARMED,
	S2H_STATS_A_DARK_WAKES,
	S2H_STATS_A_BATTERY_HIBERNATIONS,
	S2H_STATS_A_HIBERNATE_RETRIES,
	S2H_STATS_A_OTHER_WAKES,
	S2H_STATS_A_SLEEP_FAILURES,
	S2H_STATS_A_CANCELLED,
	S2H_STATS_A_HANDOFFS,
	S2H_STATS_A_HANDOFF_FALLBACKS,
	S2H_STATS_A_DRAIN_HIBERNATIONS,
	S2H_STATS_A_POWER_OFFS,
	S2H_STATS_A_THERMAL_HIBERNATIONS,
	S2H_STATS_A_NO_HW_SLEEP_HIBERNATIONS,
	S2H_STATS_A_HIBERNATIONS_UNDONE,

	__S2H_STATS_A_MAX
};
#define S2H_STATS_A_MAX (__S2H_STATS_A_MAX - 1)

enum s2h_verify_attr {
	S2H_VERIFY_A_UNSPEC,
	S2H_VERIFY_A_PAD,
	S2H_VERIFY_A_RESULT,
	S2H_VERIFY_A_TIME,
	S2H_VERIFY_A_DURATION_MS,
	S2H_VERIFY_A_ERROR,
	S2H_VERIFY_A_RESTORED,

	__S2H_VERIFY_A_MAX
};
#define S2H_VERIFY_A_MAX (__S2H_VERIFY_A_MAX - 1)

enum s2h_wake_test_attr {
	S2H_WAKE_TEST_A_UNSPEC,
	S2H_WAKE_TEST_A_PAD,
	S2H_WAKE_TEST_A_RESULT,
	S2H_WAKE_TEST_A_REASON,
	S2H_WAKE_TEST_A_TIME,
	S2H_WAKE_TEST_A_ALARM_SEC,
	S2H_WAKE_TEST_A_OFFSET_MS,
	S2H_WAKE_TEST_A_WAKE_SOURCE,
	S2H_WAKE_TEST_A_HW_SLEEP_US,
	S2H_WAKE_TEST_A_MEM_SLEEP,
	S2H_WAKE_TEST_A_ERROR,
	S2H_WAKE_TEST_A_RESTORED,

	__S2H_WAKE_TEST_A_MAX
};
#define S2H_WAKE_TEST_A_MAX (__S2H_WAKE_TEST_A_MAX - 1)

enum s2h_last_attr {
	S2H_LAST_A_UNSPEC,
	S2H_LAST_A_PAD,
	S2H_LAST_A_SUSPENDED_AT,
	S2H_LAST_A_WOKE_AT,
	S2H_LAST_A_WAKE,
	S2H_LAST_A_DECISION,
	S2H_LAST_A_RESULT,
	S2H_LAST_A_BATTERY_START,
	S2H_LAST_A_BATTERY_WAKE,
	S2H_LAST_A_ON_AC,
	S2H_LAST_A_DARK_WAKES,
	S2H_LAST_A_WAKE_SOURCE,
	S2H_LAST_A_WAKE_IRQ,
	S2H_LAST_A_OTHER_WAKES,
	S2H_LAST_A_SEQ,
	S2H_LAST_A_WAKES,
	S2H_LAST_A_BATTERY_WAKES,
	S2H_LAST_A_IDLE_MS,
	S2H_LAST_A_ARMED_MS,
	S2H_LAST_A_HIBERNATING_MS,
	S2H_LAST_A_RESUMING_MS,
	S2H_LAST_A_HW_SLEEP_US,
	S2H_LAST_A_UNDONE_BY,
	S2H_LAST_A_ENERGY_START,
	S2H_LAST_A_ENERGY_WAKE,
	S2H_LAST_A_ENERGY_RESUME,
	S2H_LAST_A_ENERGY_FULL,
	S2H_LAST_A_ENERGY_WAKES,
	S2H_LAST_A_SETTLING_MS,
	S2H_LAST_A_DARK_MS,
	S2H_LAST_A_ENERGY_DARK,

	__S2H_LAST_A_MAX
};
#define S2H_LAST_A_MAX (__S2H_LAST_A_MAX - 1)

enum s2h_cmd {
	S2H_CMD_UNSPEC,
	S2H_CMD_GET,
	S2H_CMD_SET,
	S2H_CMD_EVENT_NTF,
	S2H_CMD_VERIFY,
	S2H_CMD_VERIFY_RESTORE,
	S2H_CMD_HISTORY_GET,
	S2H_CMD_WAKE_TEST,
	S2H_CMD_WAKE_TEST_RESTORE,

	__S2H_CMD_MAX
};
#define S2H_CMD_MAX (__S2H_CMD_MAX - 1)

#define S2H_GENL_MCGRP_EVENTS	"events"

#endif /* _UAPI_LINUX_S2H_H */
