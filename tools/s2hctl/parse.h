/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The words s2hctl reads and prints: durations, booleans and the settings
 * of "s2hctl set". No netlink here, so that the host tests need no kernel.
 */
#ifndef S2HCTL_PARSE_H
#define S2HCTL_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* "3h" style: the longest, "1d2h3m4s", fits with room to spare. */
#define DURATION_LEN	32

int parse_duration(const char *word, uint32_t *sec);
const char *format_duration(uint32_t sec, char buf[DURATION_LEN]);
int parse_bool(const char *word, bool *val);

/* What help and errors both list: a BOOL's words, examples of a DURATION. */
#define BOOL_WORDS	"yes|no|y|n|on|off|true|false|1|0"
#define DURATION_WORDS	"90, 90s, 45m, 3h, 1d, 1h30m"

enum setting_kind {
	SETTING_BOOL,		/* yes/no...; 0 or 1, a u32 */
	SETTING_DURATION,	/* "3h" or seconds; u32 */
	SETTING_NUMBER,		/* decimal, then its suffix or nothing; u32 */
	SETTING_WORD,		/* one of words[]; its index as a u32 */
};

/* One setting of the module, as s2hctl reads, sends and prints it. */
struct setting_desc {
	const char *key;		/* for "set" and /etc/s2h.conf */
	const char *file;		/* its sysfs file: also a key, and the JSON name */
	enum setting_kind kind;
	unsigned int attr;		/* S2H_A_* */
	const char * const *words;	/* SETTING_WORD, NULL-terminated */
	bool bool_words;		/* SETTING_WORD that was a BOOL: its words mean 1 and 0 */
	const char *unit;		/* printed after a SETTING_NUMBER */
	const char *suffix;		/* NUMBER: taken after it, any case ("5%", "90C") */
	const char *what;		/* NUMBER: what its word is, for errors */
	uint32_t scale;			/* NUMBER: the kernel's units in the user's one; 0: 1 */
	const char *scale_hint;		/* with a scale: the two units, for range errors */
	uint32_t min, max;		/* DURATION, NUMBER: the range the kernel takes */
	const char *help;		/* one line for "s2hctl help set" */
};

enum {
	SETTING_ENABLED,
	SETTING_DELAY,
	SETTING_HIBERNATE_ON_AC,
	SETTING_BATTERY_THRESHOLD,
	SETTING_POLICY,
	SETTING_BATTERY_CHECK,
	SETTING_RETRIES,
	SETTING_HIBERNATE_MODE,
	SETTING_REQUIRE_VERIFIED,
	SETTING_HANDOFF,
	SETTING_DELAY_LOW,
	SETTING_BATTERY_HIGH,
	SETTING_AC_DELAY,
	SETTING_DRAIN_BUDGET,
	SETTING_BATTERY_CRITICAL,
	SETTING_THERMAL_LIMIT,
	SETTING_HIBERNATE_NO_HW_SLEEP,
	SETTING_SETTLE,
	N_SETTINGS,
};

extern const struct setting_desc setting_descs[N_SETTINGS];

/* Settings changed together: sent as one message, applied whole. */
struct settings {
	unsigned int has;		/* BIT(index) of each setting given */
	uint32_t val[N_SETTINGS];
};

#define SETTING_BIT(i)	(1u << (i))

/* Why parse_setting() refused, for one line on stderr; names the word. */
#define WHY_LEN		320

int parse_setting(struct settings *set, const char *key, const char *value,
		  char why[WHY_LEN]);
int parse_duration_in(const char *what, const char *value, uint32_t min, uint32_t max,
		      uint32_t *sec, char why[WHY_LEN]);

const struct setting_desc *find_setting(const char *key);

/* A value as "set" takes it ("3h", "yes"), and as "show" prints it ("3h (10800 s)"). */
#define VALUE_LEN	48
const char *format_setting_word(const struct setting_desc *d, uint32_t val, char buf[DURATION_LEN]);
const char *format_setting(const struct setting_desc *d, uint32_t val, char buf[VALUE_LEN]);

/* What set takes for @d: "BOOL", "delay|battery", "DURATION (1m .. 30d)", "N % (0 .. 100)". */
#define ARG_LEN		48
const char *format_setting_arg(const struct setting_desc *d, char buf[ARG_LEN]);

/* Kernel releases: before 6.4 the dry run restarts the machine (module/compat.h). */
bool release_before(const char *release, unsigned int major, unsigned int minor);

#endif /* S2HCTL_PARSE_H */
