/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every reach of s2h into state another subsystem keeps to itself:
 * sysiface.c, which says for each why no API serves and what would.
 */
#ifndef _S2H_SYSIFACE_H
#define _S2H_SYSIFACE_H

#include <linux/types.h>

struct kobject;

/* The files of /sys/power that s2h reads through their show() methods. */
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

struct s2h_heat {
	int hottest;		/* millidegrees Celsius, or S2H_TEMP_UNKNOWN */
	char zone[24];		/* the type of the hottest zone */
};

int s2h_sysiface_init(void);
void s2h_sysiface_exit(void);

struct kobject *s2h_power_kobj(void);
bool s2h_power_attr_present(enum s2h_power_attr id);
int s2h_power_attr_u64(enum s2h_power_attr id, u64 *val);
int s2h_power_attr_dev(enum s2h_power_attr id, dev_t *dev);
bool s2h_power_attr_has_word(enum s2h_power_attr id, const char *word);
ssize_t s2h_power_file_read(const char *file, char *buf, size_t size);
int s2h_power_file_write(const char *file, const char *text);

int s2h_bdev_is_swap(dev_t dev);
bool s2h_rtc_hpet_emulated(void);
ssize_t s2h_irq_actions(u32 irq, char *buf, size_t size);
void s2h_heat_now(struct s2h_heat *heat);
int s2h_acpi_alarm_read(const char *battery, int *value);
int s2h_acpi_alarm_write(const char *battery, int value);

#endif /* _S2H_SYSIFACE_H */
