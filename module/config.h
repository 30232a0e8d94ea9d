/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The settings userspace may change, described once: their names, bounds
 * and words, so that module parameters, sysfs and netlink all check a value
 * the same way, and the words s2h reads back.
 */
#ifndef _S2H_CONFIG_H
#define _S2H_CONFIG_H

#include <linux/bits.h>
#include <linux/types.h>
#include <linux/s2h.h>

/* Every field is a u32, so that one table can describe them all. */
struct s2h_config {
	u32 enabled;
	u32 delay_sec;
	u32 hibernate_on_ac;
	u32 battery_threshold;
	u32 policy;			/* enum s2h_policy */
	u32 battery_check_sec;
	u32 retries;
	u32 hibernate_mode;		/* enum s2h_hibernate_mode */
	u32 require_verified;		/* enum s2h_require, a mask */
	u32 handoff_sec;		/* 0: s2h hibernates in the kernel */
	u32 delay_low_sec;
	u32 battery_high;		/* percent, 0: delay_sec at any level */
	u32 ac_delay_sec;		/* 0: the delay on battery */
	u32 drain_budget;		/* percent, 0: none */
	u32 battery_critical;		/* percent, 0: no last resort */
	u32 thermal_limit;		/* millidegrees Celsius, 0: off */
	u32 hibernate_no_hw_sleep;
	u32 settle_sec;			/* awake before the alarm's hibernation, 0: none */
};

enum s2h_setting_id {
	S2H_SETTING_ENABLED,
	S2H_SETTING_DELAY,
	S2H_SETTING_HIBERNATE_ON_AC,
	S2H_SETTING_BATTERY_THRESHOLD,
	S2H_SETTING_POLICY,
	S2H_SETTING_BATTERY_CHECK,
	S2H_SETTING_RETRIES,
	S2H_SETTING_HIBERNATE_MODE,
	S2H_SETTING_REQUIRE_VERIFIED,
	S2H_SETTING_HANDOFF,
	S2H_SETTING_DELAY_LOW,
	S2H_SETTING_BATTERY_HIGH,
	S2H_SETTING_AC_DELAY,
	S2H_SETTING_DRAIN_BUDGET,
	S2H_SETTING_BATTERY_CRITICAL,
	S2H_SETTING_THERMAL_LIMIT,
	S2H_SETTING_HIBERNATE_NO_HW_SLEEP,
	S2H_SETTING_SETTLE,
	__S2H_SETTING_MAX,
};

enum s2h_setting_type {
	S2H_SETTING_BOOL,	/* 0 or 1, read as 1/0, y/n, yes/no, on/off, true/false */
	S2H_SETTING_UINT,	/* decimal, min..max */
	S2H_SETTING_WORD,	/* one of words[], stored as its index */
};

struct s2h_setting {
	const char *name;		/* of its sysfs file and module parameter */
	size_t offset;			/* of its value in struct s2h_config */
	enum s2h_setting_type type;
	u32 min, max;			/* S2H_SETTING_UINT */
	const char * const *words;	/* S2H_SETTING_WORD: max + 1 of them */
	bool bool_words;		/* S2H_SETTING_WORD: takes 1/0, yes/no... for 1 and 0 too */
	int nl_attr;			/* enum s2h_attr, a u32 */
};

extern const struct s2h_setting s2h_settings[__S2H_SETTING_MAX];

/* What s2h does until told otherwise: an initializer, for module parameters. */
#define S2H_CONFIG_DEFAULTS {						\
	.enabled = 1,							\
	.delay_sec = S2H_DELAY_DEFAULT_SEC,				\
	.hibernate_on_ac = 1,						\
	.battery_threshold = S2H_BATTERY_THRESHOLD_DEFAULT,		\
	.policy = S2H_POLICY_DELAY,					\
	.battery_check_sec = S2H_BATTERY_CHECK_DEFAULT_SEC,		\
	.retries = S2H_RETRIES_DEFAULT,					\
	.hibernate_mode = S2H_MODE_SHUTDOWN,				\
	.require_verified = S2H_REQUIRE_NO,					\
	.handoff_sec = 0,						\
	.delay_low_sec = S2H_DELAY_DEFAULT_SEC,				\
	.battery_high = 0,						\
	.ac_delay_sec = 0,						\
	.drain_budget = 0,						\
	.battery_critical = S2H_BATTERY_CRITICAL_DEFAULT,		\
	.thermal_limit = 0,						\
	.hibernate_no_hw_sleep = 0,					\
	.settle_sec = 0,						\
}

/*
 * Settings changed together, by one sysfs write or one netlink SET: @mask
 * holds BIT(enum s2h_setting_id) of each field of @val that counts, each
 * already checked by its parser or netlink policy.
 */
struct s2h_config_change {
	unsigned long mask;
	struct s2h_config val;
};

static inline u32 *s2h_config_field(struct s2h_config *c, const struct s2h_setting *s)
{
	return (u32 *)((char *)c + s->offset);
}

static inline u32 s2h_config_value(const struct s2h_config *c, const struct s2h_setting *s)
{
	return *(const u32 *)((const char *)c + s->offset);
}

int s2h_parse_bool(const char *buf, bool *val);
int s2h_setting_parse(const struct s2h_setting *s, const char *buf, u32 *val);
/* Room for the text of any setting's value: a u32 in decimal and its NUL. */
#define S2H_SETTING_TEXT_LEN	11

const char *s2h_setting_text(const struct s2h_setting *s, u32 val,
			     char text[S2H_SETTING_TEXT_LEN]);

const char *s2h_state_name(enum s2h_state state);
const char *s2h_wake_name(enum s2h_wake wake);
const char *s2h_check_name(enum s2h_check check);
const char *s2h_advice_name(enum s2h_advice advice);
const char *s2h_verify_name(enum s2h_verify verify);
const char *s2h_decision_name(enum s2h_decision_kind decision);
const char *s2h_wake_test_name(enum s2h_wake_test result);
const char *s2h_wake_test_reason_name(enum s2h_wake_test_reason reason);
const char *s2h_mem_sleep_name(enum s2h_mem_sleep mode);

#endif /* _S2H_CONFIG_H */
