/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What userspace may write to s2h and the words it reads back: one parser per
 * setting, shared by module parameters and sysfs.
 */
#ifndef _S2H_CONFIG_H
#define _S2H_CONFIG_H

#include <linux/types.h>
#include <linux/s2h.h>

struct s2h_config {
	bool enabled;
	u32 delay_sec;
};

int s2h_parse_bool(const char *buf, bool *val);
int s2h_parse_delay(const char *buf, u32 *delay_sec);

const char *s2h_state_name(enum s2h_state state);
const char *s2h_wake_name(enum s2h_wake wake);

#endif /* _S2H_CONFIG_H */
