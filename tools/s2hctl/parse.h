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

/* What one "s2hctl set" changes: sent as one message, applied whole. */
struct settings {
	bool has_enabled;
	bool enabled;
	bool has_delay;
	uint32_t delay_sec;
};

/* Why parse_setting() refused, for one line on stderr; names the word. */
#define WHY_LEN		160

int parse_setting(struct settings *set, const char *key, const char *value,
		  char why[WHY_LEN]);

#endif /* S2HCTL_PARSE_H */
