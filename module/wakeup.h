/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The evidence of what woke the system: the RTC's wakeup events and the
 * other wakeup sources that had one while it slept.
 */
#ifndef _S2H_WAKEUP_H
#define _S2H_WAKEUP_H

#include <linux/ktime.h>
#include <linux/s2h.h>

#include "decide.h"

struct s2h_wake_source {
	enum s2h_source_evidence evidence;
	char name[S2H_WAKE_SOURCE_LEN];	/* of the source that says so, or "" */
};

bool s2h_rtc_wakeup_events(unsigned long *events);
void s2h_wake_sources_since(ktime_t since, struct s2h_wake_source *src);
bool s2h_input_since(ktime_t since);
bool s2h_wakeup_source_active(char *name, size_t size);
enum s2h_irq_evidence s2h_wake_irq_evidence(u32 irq);

#endif /* _S2H_WAKEUP_H */
