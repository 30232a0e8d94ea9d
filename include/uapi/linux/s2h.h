/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * s2h: suspend-then-hibernate done in the kernel.
 *
 * The one definition of what userspace can see of s2h: the values behind
 * /sys/power/s2h/state and /sys/power/s2h/last_wake, and the generic netlink
 * family "s2h". Documentation/netlink/specs/s2h.yaml describes the same
 * family; a test keeps the two in step.
 */
#ifndef _UAPI_LINUX_S2H_H
#define _UAPI_LINUX_S2H_H

#define S2H_DELAY_MIN_SEC	5
#define S2H_DELAY_MAX_SEC	(30 * 24 * 60 * 60)
#define S2H_DELAY_DEFAULT_SEC	(3 * 60 * 60)
#define S2H_BATTERY_THRESHOLD_MAX	100
#define S2H_BATTERY_THRESHOLD_DEFAULT	5
#define S2H_BATTERY_CHECK_MIN_SEC	60
#define S2H_BATTERY_CHECK_MAX_SEC	S2H_DELAY_MAX_SEC
#define S2H_BATTERY_CHECK_DEFAULT_SEC	(60 * 60)
#define S2H_RETRIES_MAX		10
#define S2H_RETRIES_DEFAULT	1

/* When the alarm is due: S2H_A_POLICY, /sys/power/s2h/policy. */
enum s2h_policy {
	S2H_POLICY_DELAY,	/* hibernate once delay_sec of suspend have passed */
	S2H_POLICY_BATTERY,	/* check every battery_check_sec, hibernate before it runs out */
	__S2H_POLICY_MAX,
};

/* What s2h's hibernation does once the image is written: S2H_A_HIBERNATE_MODE. */
enum s2h_hibernate_mode {
	S2H_MODE_SHUTDOWN,	/* power off, as /sys/power/disk says (platform or shutdown) */
	S2H_MODE_SUSPEND,	/* stay suspended: resume from RAM, or from the image */
	__S2H_MODE_MAX,
};

/*
 * The pre-flight checks run before each suspend is armed; S2H_A_CHECKS_FAILED
 * holds BIT(check) for every one that failed. Any failure leaves the suspend
 * plain: nothing is armed.
 */
enum s2h_check {
	S2H_CHECK_SUPPORTED,	/* the kernel offers "disk" in /sys/power/state */
	S2H_CHECK_LOCKDOWN,	/* hibernation is not locked down (secure boot) */
	S2H_CHECK_RESUME,	/* a resume device is set: /sys/power/resume is not 0:0 */
	S2H_CHECK_SWAP,		/* free swap holds the image estimate */
	S2H_CHECK_RTC,		/* an RTC can wake the system */
	S2H_CHECK_VERIFIED,	/* require_verified is 0, or a dry run passed */
	__S2H_CHECK_MAX,
};

/* The last dry run of hibernation (s2hctl check --verify). */
enum s2h_verify {
	S2H_VERIFY_NEVER,
	S2H_VERIFY_RUNNING,
	S2H_VERIFY_PASSED,
	S2H_VERIFY_FAILED,
	__S2H_VERIFY_MAX,
};

/* What s2h did about a wake: S2H_LAST_A_DECISION. */
enum s2h_decision_kind {
	S2H_DECISION_NONE,		/* nothing: a user wake, or nothing armed */
	S2H_DECISION_HIBERNATE,		/* hibernation, for the delay or the battery */
	S2H_DECISION_SLEEP_AGAIN,	/* a dark wake: back to sleep, alarm re-armed */
	__S2H_DECISION_MAX,
};

/* Where s2h is in one suspend cycle. */
enum s2h_state {
	S2H_STATE_IDLE,		/* nothing armed: the system is awake */
	S2H_STATE_ARMED,	/* suspending or suspended, alarm armed */
	S2H_STATE_HIBERNATING,	/* the alarm woke the system, hibernation started */
	S2H_STATE_RESUMING,	/* back from s2h's hibernation, finishing up */
	__S2H_STATE_MAX,
};

/* How the last suspend s2h armed for ended. */
enum s2h_wake {
	S2H_WAKE_NONE,		/* no armed suspend has ended yet */
	S2H_WAKE_ALARM,		/* s2h's alarm woke the system */
	S2H_WAKE_EARLY,		/* the user (an input device), or nothing known, before the alarm */
	S2H_WAKE_ABORTED,	/* the suspend failed or was aborted */
	S2H_WAKE_OTHER,		/* a wakeup source that is no input device, before the alarm */
	__S2H_WAKE_MAX,
};

/* The longest wake source name S2H_LAST_A_WAKE_SOURCE carries, with its NUL. */
#define S2H_WAKE_SOURCE_LEN	48

#define S2H_GENL_NAME		"s2h"
#define S2H_GENL_VERSION	1
#define S2H_GENL_MCGRP_EVENTS	"events"

/* What an S2H_CMD_EVENT message reports, in S2H_A_EVENT. */
enum s2h_event {
	S2H_EVENT_ARMED,		/* a suspend started, alarm armed: S2H_A_DELAY_SEC */
	S2H_EVENT_ALARM_WAKE,		/* the alarm woke the system */
	S2H_EVENT_EARLY_WAKE,		/* something else woke it first */
	S2H_EVENT_ABORTED,		/* the armed suspend never slept */
	S2H_EVENT_HIBERNATE_START,	/* s2h starts hibernating the system */
	S2H_EVENT_HIBERNATE_RESULT,	/* S2H_A_ERROR: 0, or how it failed */
	S2H_EVENT_RESUMED,		/* back from the image s2h wrote */
	S2H_EVENT_CONFIG,		/* a setting changed: every setting attribute */
	S2H_EVENT_NOT_ARMED,		/* a pre-flight check failed: S2H_A_CHECKS_FAILED */
	S2H_EVENT_SLEEP_AGAIN,		/* a dark wake, back to sleep: S2H_A_BATTERY */
	S2H_EVENT_HIBERNATE_RETRY,	/* back to sleep to retry: S2H_A_DELAY_SEC */
	S2H_EVENT_VERIFY_RESULT,	/* a dry run ended: S2H_A_VERIFIED */
	S2H_EVENT_OTHER_WAKE,		/* no input device woke it: the alarm's deadline is kept */
	S2H_EVENT_SLEEP_FAILED,		/* going back to sleep failed: S2H_A_ERROR; it is retried */
	S2H_EVENT_CANCELLED,		/* the user came back before s2h's hibernation or re-sleep */
	__S2H_EVENT_MAX,
};

enum s2h_cmd {
	S2H_CMD_UNSPEC,
	S2H_CMD_GET,		/* reply: every attribute of the SET, state, last wake, stats */
	S2H_CMD_SET,		/* any of the settings: all or nothing */
	S2H_CMD_EVENT,		/* multicast on "events", never a request */
	S2H_CMD_VERIFY,		/* start a dry run; S2H_EVENT_VERIFY_RESULT tells its end */
	/* S2H_A_VERIFIED (TIME, DURATION_MS): a dry run passed in an earlier boot */
	S2H_CMD_VERIFY_RESTORE,
	__S2H_CMD_MAX,
};

#define S2H_CMD_MAX	(__S2H_CMD_MAX - 1)

enum s2h_attr {
	S2H_A_UNSPEC,
	S2H_A_ENABLED,		/* u8: 0 or 1 */
	S2H_A_DELAY_SEC,	/* u32: S2H_DELAY_MIN_SEC .. S2H_DELAY_MAX_SEC */
	S2H_A_STATE,		/* u32: enum s2h_state */
	S2H_A_LAST_WAKE,	/* u32: enum s2h_wake */
	S2H_A_STATS,		/* nested: enum s2h_stats_attr */
	S2H_A_EVENT,		/* u32: enum s2h_event */
	S2H_A_ERROR,		/* s32: 0 or a negative errno */
	S2H_A_PAD,
	S2H_A_HIBERNATE_ON_AC,	/* u8: 0 or 1 */
	S2H_A_BATTERY_THRESHOLD,	/* u32: percent, 0 .. S2H_BATTERY_THRESHOLD_MAX, 0 = off */
	S2H_A_POLICY,		/* u32: enum s2h_policy */
	S2H_A_BATTERY_CHECK_SEC,	/* u32: S2H_BATTERY_CHECK_MIN_SEC .. _MAX_SEC */
	S2H_A_RETRIES,		/* u32: 0 .. S2H_RETRIES_MAX */
	S2H_A_HIBERNATE_MODE,	/* u32: enum s2h_hibernate_mode */
	S2H_A_REQUIRE_VERIFIED,	/* u8: 0 or 1 */
	S2H_A_CHECKS_FAILED,	/* u32: BIT(enum s2h_check) of each failed check */
	S2H_A_SWAP_FREE_MB,	/* u32: free swap, MiB */
	S2H_A_IMAGE_MB,		/* u32: estimated image size, MiB */
	S2H_A_VERIFIED,		/* nested: enum s2h_verify_attr */
	S2H_A_LAST_CYCLE,	/* nested: enum s2h_last_attr */
	S2H_A_BATTERY,		/* s32: battery percent, -1 if unknown */
	__S2H_A_MAX,
};

#define S2H_A_MAX	(__S2H_A_MAX - 1)

/* The counters of /sys/power/s2h/stats/, one u64 each, named as the files. */
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
	__S2H_STATS_A_MAX,
};

#define S2H_STATS_A_MAX	(__S2H_STATS_A_MAX - 1)

/* The last dry run: S2H_A_VERIFIED. */
enum s2h_verify_attr {
	S2H_VERIFY_A_UNSPEC,
	S2H_VERIFY_A_PAD,
	S2H_VERIFY_A_RESULT,		/* u32: enum s2h_verify */
	S2H_VERIFY_A_TIME,		/* u64: when it ended, seconds since the epoch */
	S2H_VERIFY_A_DURATION_MS,	/* u32: how long it took */
	S2H_VERIFY_A_ERROR,		/* s32: 0 or how it failed */
	S2H_VERIFY_A_RESTORED,		/* u32: 1 when S2H_CMD_VERIFY_RESTORE set it */
	__S2H_VERIFY_A_MAX,
};

#define S2H_VERIFY_A_MAX	(__S2H_VERIFY_A_MAX - 1)

/* The last suspend s2h armed for, step by step: S2H_A_LAST_CYCLE. */
enum s2h_last_attr {
	S2H_LAST_A_UNSPEC,
	S2H_LAST_A_PAD,
	S2H_LAST_A_SUSPENDED_AT,	/* u64: seconds since the epoch, when armed */
	S2H_LAST_A_WOKE_AT,		/* u64: seconds since the epoch, 0 while asleep */
	S2H_LAST_A_WAKE,		/* u32: enum s2h_wake */
	S2H_LAST_A_DECISION,		/* u32: enum s2h_decision_kind */
	S2H_LAST_A_RESULT,		/* s32: 0, or how hibernation failed */
	S2H_LAST_A_BATTERY_START,	/* s32: percent at arming, -1 if unknown */
	S2H_LAST_A_BATTERY_WAKE,	/* s32: percent at the wake, -1 if unknown */
	S2H_LAST_A_ON_AC,		/* u8: on mains power at the wake */
	S2H_LAST_A_DARK_WAKES,		/* u32: times it went back to sleep in this cycle */
	S2H_LAST_A_WAKE_SOURCE,		/* string: the wakeup source that ended it, "" if none */
	S2H_LAST_A_WAKE_IRQ,		/* u32: the IRQ that woke the system, 0 if unknown */
	S2H_LAST_A_OTHER_WAKES,		/* u32: wakes no input device caused, deadline kept */
	__S2H_LAST_A_MAX,
};

#define S2H_LAST_A_MAX	(__S2H_LAST_A_MAX - 1)

#endif /* _UAPI_LINUX_S2H_H */
