/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record of a dry run that passed, kept in /var/lib/s2h/verified by
 * "s2hctl check --verify" and handed back to the module by "s2hctl apply"
 * at its next load, when the kernel and the resume device are the ones the
 * dry run had: with require_verified, s2h then arms after a cold boot too.
 * It holds for the boot path as well (bootpath.c): a test_resume dry run
 * (Linux 6.4+) never ran it, so its configuration then is what it vouches for.
 */
#ifndef S2HCTL_RECORD_H
#define S2HCTL_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bootpath.h"
#include "parse.h"

#ifndef S2HCTL_STATEDIR
#define S2HCTL_STATEDIR	"/var/lib/s2h"
#endif
#define RECORD_PATH	S2HCTL_STATEDIR "/verified"

/* What a dry run's result holds for: the kernel, and where it resumes from. */
struct identity {
	char kernel[72];		/* uname -r */
	char build[72];			/* uname -v: a rebuild of the same release */
	char resume[32];		/* /sys/power/resume, "MAJOR:MINOR" */
	char resume_offset[32];		/* /sys/power/resume_offset: a swap file's */
	/* What the next boot resumes from (bootpath.c); absent from older records. */
	char boot_resume[BOOT_DEV_LEN];
	char boot_offset[BOOT_DEV_LEN];
	char initrd[BOOT_INITRD_LEN];	/* "PATH SIZE MTIME" */
};

struct record {
	struct identity id;
	uint64_t time;			/* when it passed, seconds since the epoch */
	uint32_t duration_ms;
	bool has_boot;			/* false: kept before s2hctl recorded the boot path */
};

#define RECORD_LEN	1024

int identity_read(struct identity *id);
void identity_boot(const char *root, struct identity *id);
int record_format(const struct record *r, char buf[RECORD_LEN]);
int record_parse(const char *text, struct record *r);
bool identity_same(const struct identity *was, const struct identity *now, char why[WHY_LEN]);
bool record_holds(const struct record *r, const struct identity *now, char why[WHY_LEN]);
int record_load(struct record *r);

/* The key = value machinery, for the records of other tests too. */
typedef unsigned int (*record_field_fn)(const char *key, char *value, void *arg);

unsigned int record_fields(const char *text, record_field_fn field, void *arg);
int record_text_load(const char *path, char *buf, size_t size);
int record_text_save(const char *path, const char *text, const char *what);
void record_text_forget(const char *path);
void read_line(const char *path, char *buf, size_t size);
int record_save(const struct record *r);
void record_forget(void);

#endif /* S2HCTL_RECORD_H */
