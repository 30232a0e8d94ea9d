/* SPDX-License-Identifier: GPL-2.0 */
/*
 * s2h's tracepoints, one per step of a cycle: events/s2h/ in tracefs, for
 * perf trace and trace-cmd. The enums are printed by name: TRACE_DEFINE_ENUM
 * hands their values to the format files, which userspace parses.
 *
 * Out of tree, define_trace.h includes this file again from the directory
 * Kbuild puts on trace.o's include path (TRACE_INCLUDE_PATH below).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM s2h

#if !defined(_S2H_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _S2H_TRACE_H

#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/s2h.h>

#include "decide.h"

TRACE_DEFINE_ENUM(S2H_WAKE_NONE);
TRACE_DEFINE_ENUM(S2H_WAKE_ALARM);
TRACE_DEFINE_ENUM(S2H_WAKE_EARLY);
TRACE_DEFINE_ENUM(S2H_WAKE_ABORTED);
TRACE_DEFINE_ENUM(S2H_WAKE_OTHER);
TRACE_DEFINE_ENUM(S2H_DECISION_NONE);
TRACE_DEFINE_ENUM(S2H_DECISION_HIBERNATE);
TRACE_DEFINE_ENUM(S2H_DECISION_SLEEP_AGAIN);
TRACE_DEFINE_ENUM(S2H_DECISION_POWER_OFF);
TRACE_DEFINE_ENUM(S2H_REASON_NONE);
TRACE_DEFINE_ENUM(S2H_REASON_DELAY);
TRACE_DEFINE_ENUM(S2H_REASON_BATTERY_LOW);
TRACE_DEFINE_ENUM(S2H_REASON_BATTERY_PROJECTED);
TRACE_DEFINE_ENUM(S2H_REASON_DRAIN_BUDGET);
TRACE_DEFINE_ENUM(S2H_REASON_ON_AC);
TRACE_DEFINE_ENUM(S2H_REASON_CHECK);
TRACE_DEFINE_ENUM(S2H_REASON_WATCH);
TRACE_DEFINE_ENUM(S2H_REASON_CRITICAL);
TRACE_DEFINE_ENUM(S2H_REASON_THERMAL);
TRACE_DEFINE_ENUM(S2H_REASON_NO_HW_SLEEP);
TRACE_DEFINE_ENUM(S2H_RTC_UNKNOWN);
TRACE_DEFINE_ENUM(S2H_RTC_SILENT);
TRACE_DEFINE_ENUM(S2H_RTC_WOKE);
TRACE_DEFINE_ENUM(S2H_SOURCE_NONE);
TRACE_DEFINE_ENUM(S2H_SOURCE_OTHER);
TRACE_DEFINE_ENUM(S2H_SOURCE_BATTERY);
TRACE_DEFINE_ENUM(S2H_SOURCE_INPUT);
TRACE_DEFINE_ENUM(S2H_IRQ_UNKNOWN);
TRACE_DEFINE_ENUM(S2H_IRQ_SHARED);
TRACE_DEFINE_ENUM(S2H_IRQ_RTC);
TRACE_DEFINE_ENUM(S2H_IRQ_OTHER);
TRACE_DEFINE_ENUM(S2H_LID_UNKNOWN);
TRACE_DEFINE_ENUM(S2H_LID_CLOSED);
TRACE_DEFINE_ENUM(S2H_LID_OPEN);
TRACE_DEFINE_ENUM(S2H_SETTLE_WAIT);
TRACE_DEFINE_ENUM(S2H_SETTLE_HIBERNATE);
TRACE_DEFINE_ENUM(S2H_SETTLE_CANCEL);
TRACE_DEFINE_ENUM(S2H_SETTLE_SUPERSEDED);

/* The words of the spec (sysfs, s2hctl). */
#define s2h_show_wake(w)						\
	__print_symbolic(w, { S2H_WAKE_NONE, "none" },			\
			 { S2H_WAKE_ALARM, "alarm" },			\
			 { S2H_WAKE_EARLY, "early" },			\
			 { S2H_WAKE_ABORTED, "aborted" },		\
			 { S2H_WAKE_OTHER, "other" })
#define s2h_show_decision(d)						\
	__print_symbolic(d, { S2H_DECISION_NONE, "none" },		\
			 { S2H_DECISION_HIBERNATE, "hibernate" },	\
			 { S2H_DECISION_SLEEP_AGAIN, "sleep_again" },	\
			 { S2H_DECISION_POWER_OFF, "power_off" })
/* decide.h's reasons, no words of the ABI: named after their enum. */
#define s2h_show_reason(r)						\
	__print_symbolic(r, { S2H_REASON_NONE, "none" },		\
			 { S2H_REASON_DELAY, "delay" },			\
			 { S2H_REASON_BATTERY_LOW, "battery_low" },	\
			 { S2H_REASON_BATTERY_PROJECTED, "battery_projected" }, \
			 { S2H_REASON_DRAIN_BUDGET, "drain_budget" },	\
			 { S2H_REASON_ON_AC, "on_ac" },			\
			 { S2H_REASON_CHECK, "check" },			\
			 { S2H_REASON_WATCH, "watch" },			\
			 { S2H_REASON_CRITICAL, "critical" },		\
			 { S2H_REASON_THERMAL, "thermal" },		\
			 { S2H_REASON_NO_HW_SLEEP, "no_hw_sleep" })
#define s2h_show_rtc(r)							\
	__print_symbolic(r, { S2H_RTC_UNKNOWN, "unknown" },		\
			 { S2H_RTC_SILENT, "silent" },			\
			 { S2H_RTC_WOKE, "woke" })
#define s2h_show_source(s)						\
	__print_symbolic(s, { S2H_SOURCE_NONE, "none" },		\
			 { S2H_SOURCE_OTHER, "other" },			\
			 { S2H_SOURCE_BATTERY, "battery" },		\
			 { S2H_SOURCE_INPUT, "input" })
#define s2h_show_irq(i)							\
	__print_symbolic(i, { S2H_IRQ_UNKNOWN, "unknown" },		\
			 { S2H_IRQ_SHARED, "shared" },			\
			 { S2H_IRQ_RTC, "rtc" },			\
			 { S2H_IRQ_OTHER, "other" })
#define s2h_show_lid(l)							\
	__print_symbolic(l, { S2H_LID_UNKNOWN, "unknown" },		\
			 { S2H_LID_CLOSED, "closed" },			\
			 { S2H_LID_OPEN, "open" })

/* A suspend starts and the alarm is armed; cycle is the seq of the history. */
TRACE_EVENT(s2h_arm,
	    TP_PROTO(u64 cycle, u32 delay_sec, int battery, bool own),
	    TP_ARGS(cycle, delay_sec, battery, own),
	    TP_STRUCT__entry(__field(u64, cycle)
			     __field(u32, delay_sec)
			     __field(int, battery)
			     __field(bool, own)),
	    TP_fast_assign(__entry->cycle = cycle;
			   __entry->delay_sec = delay_sec;
			   __entry->battery = battery;
			   __entry->own = own;),
	    TP_printk("cycle=%llu delay_sec=%u battery=%d own=%d",
		      __entry->cycle, __entry->delay_sec, __entry->battery, __entry->own)
);

/* An armed suspend ended: how, and the evidence it was told from. */
TRACE_EVENT(s2h_wake,
	    TP_PROTO(u64 cycle, enum s2h_wake wake, const struct s2h_wake_facts *f,
		     const char *source),
	    TP_ARGS(cycle, wake, f, source),
	    TP_STRUCT__entry(__field(u64, cycle)
			     __field(int, wake)
			     __field(s64, elapsed_ms)
			     __field(s64, slept_ms)
			     __field(u32, delay_sec)
			     __field(int, rtc)
			     __field(bool, rtc_reports)
			     __field(int, irq)
			     __field(int, lid)
			     __field(int, evidence)
			     __array(char, source, S2H_WAKE_SOURCE_LEN)),
	    TP_fast_assign(__entry->cycle = cycle;
			   __entry->wake = wake;
			   __entry->elapsed_ms = f->elapsed_ms;
			   __entry->slept_ms = f->slept_ms;
			   __entry->delay_sec = f->delay_sec;
			   __entry->rtc = f->rtc;
			   __entry->rtc_reports = f->rtc_reports;
			   __entry->irq = f->irq;
			   __entry->lid = f->lid;
			   __entry->evidence = f->source;
			   strscpy(__entry->source, source, S2H_WAKE_SOURCE_LEN);),
	    TP_printk("cycle=%llu wake=%s elapsed_ms=%lld slept_ms=%lld delay_sec=%u rtc=%s rtc_reports=%d irq=%s lid=%s evidence=%s source=%s",
		      __entry->cycle, s2h_show_wake(__entry->wake), __entry->elapsed_ms,
		      __entry->slept_ms, __entry->delay_sec, s2h_show_rtc(__entry->rtc),
		      __entry->rtc_reports, s2h_show_irq(__entry->irq), s2h_show_lid(__entry->lid),
		      s2h_show_source(__entry->evidence), __entry->source)
);

/* What the alarm's wake made s2h do, and the facts it decided on. */
TRACE_EVENT(s2h_decision,
	    TP_PROTO(u64 cycle, const struct s2h_decision *d, const struct s2h_policy_facts *f),
	    TP_ARGS(cycle, d, f),
	    TP_STRUCT__entry(__field(u64, cycle)
			     __field(int, decision)
			     __field(int, reason)
			     __field(u32, rearm_sec)
			     __field(bool, on_ac)
			     __field(int, battery)
			     __field(int, battery_armed)
			     __field(s64, elapsed_ms)),
	    TP_fast_assign(__entry->cycle = cycle;
			   __entry->decision = d->action;
			   __entry->reason = d->reason;
			   __entry->rearm_sec = d->rearm_sec;
			   __entry->on_ac = f->on_ac;
			   __entry->battery = f->battery;
			   __entry->battery_armed = f->battery_armed;
			   __entry->elapsed_ms = f->elapsed_ms;),
	    TP_printk("cycle=%llu decision=%s reason=%s rearm_sec=%u on_ac=%d battery=%d battery_armed=%d elapsed_ms=%lld",
		      __entry->cycle, s2h_show_decision(__entry->decision),
		      s2h_show_reason(__entry->reason), __entry->rearm_sec,
		      __entry->on_ac, __entry->battery, __entry->battery_armed, __entry->elapsed_ms)
);

/* s2h's hibernation returned: error 0 once back from the image. */
TRACE_EVENT(s2h_hibernate,
	    TP_PROTO(u64 cycle, int error, bool hybrid, unsigned int attempt),
	    TP_ARGS(cycle, error, hybrid, attempt),
	    TP_STRUCT__entry(__field(u64, cycle)
			     __field(int, error)
			     __field(bool, hybrid)
			     __field(unsigned int, attempt)),
	    TP_fast_assign(__entry->cycle = cycle;
			   __entry->error = error;
			   __entry->hybrid = hybrid;
			   __entry->attempt = attempt;),
	    TP_printk("cycle=%llu error=%d hybrid=%d attempt=%u",
		      __entry->cycle, __entry->error, __entry->hybrid, __entry->attempt)
);

/*
 * A settle ended: the hibernation goes ahead (settled, or the battery
 * critical), the user cancelled it, or a suspend of the user's took its place.
 */
TRACE_EVENT(s2h_settle,
	    TP_PROTO(u64 cycle, u32 settle_sec, enum s2h_settle_step end, s64 elapsed_ms),
	    TP_ARGS(cycle, settle_sec, end, elapsed_ms),
	    TP_STRUCT__entry(__field(u64, cycle)
			     __field(u32, settle_sec)
			     __field(int, end)
			     __field(s64, elapsed_ms)),
	    TP_fast_assign(__entry->cycle = cycle;
			   __entry->settle_sec = settle_sec;
			   __entry->end = end;
			   __entry->elapsed_ms = elapsed_ms;),
	    TP_printk("cycle=%llu settle_sec=%u end=%s elapsed_ms=%lld",
		      __entry->cycle, __entry->settle_sec,
		      __print_symbolic(__entry->end, { S2H_SETTLE_WAIT, "wait" },
				       { S2H_SETTLE_HIBERNATE, "hibernate" },
				       { S2H_SETTLE_CANCEL, "cancel" },
				       { S2H_SETTLE_SUPERSEDED, "superseded" }),
		      __entry->elapsed_ms)
);

#endif /* _S2H_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
