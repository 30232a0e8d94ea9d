/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record of the cycles that lasts: STATEDIR/cycles.jsonl, one JSON
 * object a line (JSON Lines), appended by s2hctl agent as each cycle ends
 * and read back by s2hctl log --all, across resumes, reboots and module
 * reloads. The format is s2hctl(8)'s, FILES; s2hctl report reads it too.
 */
#ifndef S2HCTL_CYCLES_H
#define S2HCTL_CYCLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nl.h"

#define CYCLES_FILE	"cycles.jsonl"
#define CYCLES_OLD	"cycles.jsonl.1"	/* the one older file kept */
/* Past this, the file is rotated: about a thousand cycles in each. */
#define CYCLES_MAX_BYTES	(256 * 1024)
/* A record is under 2 KiB: a longer line is no record of ours. */
#define CYCLES_LINE_MAX		4096
/*
 * Larger, a file is no record of s2h's (rotated at CYCLES_MAX_BYTES), and
 * is not read: its lines are read whole into memory.
 */
#define CYCLES_READ_MAX		(64 * CYCLES_MAX_BYTES)
#define BOOT_ID_LEN		37

/* What tells a cycle apart from every other: see cycles_sync(). */
struct cycle_key {
	char boot[BOOT_ID_LEN];
	uint64_t seq;
	uint64_t suspended_at;
};

/* The members of a JSON object: one call each, the value's text as it stands. */
typedef bool (*json_member_fn)(const char *key, size_t klen, const char *val, size_t vlen,
			       void *arg);
/* The elements of a JSON array. */
typedef bool (*json_element_fn)(const char *val, size_t vlen, void *arg);

bool json_object_scan(const char *s, size_t len, json_member_fn fn, void *arg);
bool json_array_scan(const char *s, size_t len, json_element_fn fn, void *arg);

const char *cycles_dir(void);
int this_boot_id(char boot[BOOT_ID_LEN]);
int cycles_format(const struct last_cycle *l, const char *boot, char *buf, size_t len);
bool cycle_final(const struct last_cycle *l, bool newest, uint32_t state);
bool cycle_key_of(const char *line, size_t len, struct cycle_key *k);
bool cycle_of_record(const char *line, size_t len, struct last_cycle *l);

/* A record read back: its line, without the newline. */
typedef void (*record_fn)(const char *line, size_t len, void *arg);

int cycles_read(const char *dir, bool warn, record_fn fn, void *arg);
int cycles_append(const char *dir, const char *line, size_t len);
int cycles_sync(const char *dir, const char *boot, const struct last_cycle *cycles, size_t n,
		uint32_t state);

#endif /* S2HCTL_CYCLES_H */
