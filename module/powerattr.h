/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The files of /sys/power that s2h reads on the suspend path and in GET,
 * read through their show() methods: what a read of the file does, without
 * its path walk and open file.
 */
#ifndef _S2H_POWERATTR_H
#define _S2H_POWERATTR_H

#include <linux/types.h>

enum s2h_power_attr {
	S2H_POWER_STATE,
	S2H_POWER_RESUME,
	S2H_POWER_RESUME_OFFSET,
	S2H_POWER_IMAGE_SIZE,
	/* Optional, as the kernel is built or the machine is: */
	S2H_POWER_WAKEUP_IRQ,		/* CONFIG_PM_SLEEP_DEBUG */
	S2H_POWER_TOTAL_HW_SLEEP,	/* from Linux 6.8, on low-power S0 machines */
	__S2H_POWER_MAX,
};

int s2h_power_attrs_init(void);
void s2h_power_attrs_exit(void);
bool s2h_power_attr_present(enum s2h_power_attr id);
int s2h_power_attr_u64(enum s2h_power_attr id, u64 *val);
int s2h_power_attr_dev(enum s2h_power_attr id, dev_t *dev);
bool s2h_power_attr_has_word(enum s2h_power_attr id, const char *word);

#endif /* _S2H_POWERATTR_H */
