/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * s2h: suspend-then-hibernate done in the kernel.
 *
 * The one definition of what userspace can see of s2h: the values behind
 * /sys/power/s2h/state and /sys/power/s2h/last_wake.
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

#endif /* _UAPI_LINUX_S2H_H */
