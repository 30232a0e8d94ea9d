/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The suspend cycle s2h runs, as the rest of the module sees it: lifecycle,
 * settings, and what sysfs shows.
 */
#ifndef _S2H_H
#define _S2H_H

#include <linux/types.h>
#include <linux/s2h.h>

#include "config.h"

enum s2h_stat {
	S2H_STAT_SUSPENDS,		/* suspends seen, s2h's own included */
	S2H_STAT_ALARM_WAKES,
	S2H_STAT_EARLY_WAKES,
	S2H_STAT_ABORTED,		/* armed suspends that never slept */
	S2H_STAT_HIBERNATIONS,		/* hibernations s2h started */
	S2H_STAT_HIBERNATE_FAILURES,
	S2H_STAT_RESUMES,		/* back from an image s2h wrote */
	S2H_STAT_RESUSPENDS,		/* back to sleep after a failure */
	__S2H_STAT_MAX,
};

int s2h_cycle_init(const struct s2h_config *config);
void s2h_cycle_exit(void);

struct s2h_status {
	struct s2h_config config;
	enum s2h_state state;
	enum s2h_wake last_wake;
	u64 stats[__S2H_STAT_MAX];
};

void s2h_status_read(struct s2h_status *status);
void s2h_config_update(const struct s2h_config_change *change);
void s2h_set_enabled(bool enabled);
void s2h_set_delay(u32 delay_sec);

int s2h_sysfs_init(void);
void s2h_sysfs_exit(void);

#endif /* _S2H_H */
