/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What userspace may write to s2h and the words it reads back: one parser per
 * setting, shared by module parameters and sysfs.
 */
#ifndef _S2H_CONFIG_H
#define _S2H_CONFIG_H

#include <linux/bits.h>
#include <linux/types.h>
#include <linux/s2h.h>

struct s2h_config {
	bool enabled;
	u32 delay_sec;
};

#define S2H_CONFIG_ENABLED	BIT(0)
#define S2H_CONFIG_DELAY	BIT(1)

/*
 * Settings changed together, by one sysfs write or one netlink SET: @mask
 * says which fields of @val count. Each value is checked by its parser or
 * netlink policy before it gets here.
 */
struct s2h_config_change {
	unsigned int mask;
	struct s2h_config val;
};

int s2h_parse_bool(const char *buf, bool *val);
int s2h_parse_delay(const char *buf, u32 *delay_sec);

const char *s2h_state_name(enum s2h_state state);
const char *s2h_wake_name(enum s2h_wake wake);

#endif /* _S2H_CONFIG_H */
