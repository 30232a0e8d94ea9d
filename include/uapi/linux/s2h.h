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
	S2H_WAKE_EARLY,		/* something else woke it before the alarm */
	S2H_WAKE_ABORTED,	/* the suspend failed or was aborted */
	__S2H_WAKE_MAX,
};

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
	S2H_EVENT_CONFIG,		/* a setting changed: S2H_A_ENABLED, S2H_A_DELAY_SEC */
	__S2H_EVENT_MAX,
};

enum s2h_cmd {
	S2H_CMD_UNSPEC,
	S2H_CMD_GET,		/* reply: every attribute of the SET, state, last wake, stats */
	S2H_CMD_SET,		/* any of S2H_A_ENABLED, S2H_A_DELAY_SEC: all or nothing */
	S2H_CMD_EVENT,		/* multicast on "events", never a request */
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
	__S2H_STATS_A_MAX,
};

#define S2H_STATS_A_MAX	(__S2H_STATS_A_MAX - 1)

#endif /* _UAPI_LINUX_S2H_H */
