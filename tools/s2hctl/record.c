// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "array.h"
#include "conf.h"
#include "record.h"

#define ID_FIELD(name, what) \
	{ #name, offsetof(struct identity, name), sizeof(((struct identity *)0)->name), what }

/*
 * The identity's fields, as the record names them, and how a change of
 * each is said (was, is); the boot path's last: a record without them
 * predates them.
 */
static const struct {
	const char *key;
	size_t offset;
	size_t size;
	const char *changed;
} id_fields[] = {
	ID_FIELD(kernel, NULL),
	ID_FIELD(build, NULL),
	ID_FIELD(resume, NULL),
	ID_FIELD(resume_offset, NULL),
	ID_FIELD(boot_resume,
		 "the initramfs resumes from '%2$.40s', at the dry run from '%1$.40s'"),
	ID_FIELD(boot_offset,
		 "the initramfs resumes at offset '%2$.40s', at the dry run at '%1$.40s'"),
	ID_FIELD(initrd, "stale: the initramfs changed since the dry run%1$.0s (%2$.90s)"),
};

/* The first of the boot path's fields. */
#define FIRST_BOOT_FIELD	4

static char *id_field(struct identity *id, size_t i)
{
	return (char *)id + id_fields[i].offset;
}

static const char *id_field_const(const struct identity *id, size_t i)
{
	return (const char *)id + id_fields[i].offset;
}

/* The first line of @path into @buf, without its newline; "" when unreadable. */
void read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f)
		return;
	if (fgets(buf, (int)size, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/**
 * identity_read() - the running kernel, the resume device and the boot path, now
 *
 * Return: 0, or -1 when uname() failed.
 */
int identity_read(struct identity *id)
{
	struct utsname u;

	memset(id, 0, sizeof(*id));
	if (uname(&u))
		return -1;
	snprintf(id->kernel, sizeof(id->kernel), "%s", u.release);
	snprintf(id->build, sizeof(id->build), "%s", u.version);
	read_line("/sys/power/resume", id->resume, sizeof(id->resume));
	read_line("/sys/power/resume_offset", id->resume_offset, sizeof(id->resume_offset));
	identity_boot("", id);
	return 0;
}

/**
 * identity_boot() - what the next boot of id->kernel resumes from, into @id
 * @root: "" for this system, or a directory standing for / (tests)
 */
void identity_boot(const char *root, struct identity *id)
{
	struct bootpath b;

	bootpath_read(root, id->kernel, &b);
	snprintf(id->boot_resume, sizeof(id->boot_resume), "%s", b.device);
	snprintf(id->boot_offset, sizeof(id->boot_offset), "%s", b.offset);
	snprintf(id->initrd, sizeof(id->initrd), "%s", b.initrd);
}

/**
 * record_format() - the text of the record file
 *
 * Return: 0, or -1 when it does not fit.
 */
int record_format(const struct record *r, char buf[RECORD_LEN])
{
	size_t len, i;

	len = (size_t)snprintf(buf, RECORD_LEN,
			       "# s2hctl check --verify: a dry run of hibernation passed with this\n"
			       "# kernel, resume device and initramfs; s2hctl apply restores it at\n"
			       "# each load.\n");
	for (i = 0; i < ARRAY_SIZE(id_fields) && len < RECORD_LEN; i++)
		len += (size_t)snprintf(buf + len, RECORD_LEN - len, "%s = %s\n", id_fields[i].key,
					id_field_const(&r->id, i));
	if (len < RECORD_LEN)
		len += (size_t)snprintf(buf + len, RECORD_LEN - len,
					"time = %llu\nduration_ms = %lu\n",
					(unsigned long long)r->time,
					(unsigned long)r->duration_ms);
	return len < RECORD_LEN ? 0 : -1;
}

/* A known @line's @value: store it; return the bit of what it set. */
static unsigned int parse_field(const char *line, char *value, void *arg)
{
	struct record *r = arg;
	unsigned long long n;
	char *end;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(id_fields); i++) {
		if (strcmp(line, id_fields[i].key))
			continue;
		if (strlen(value) >= id_fields[i].size)
			return 0;
		strcpy(id_field(&r->id, i), value);
		return 1u << i;
	}
	errno = 0;
	n = strtoull(value, &end, 10);
	if (errno || end == value || *end)
		return 0;
	if (!strcmp(line, "time")) {
		r->time = n;
		return 1u << ARRAY_SIZE(id_fields);
	}
	if (!strcmp(line, "duration_ms") && n <= UINT32_MAX) {
		r->duration_ms = (uint32_t)n;
		return 1u << (ARRAY_SIZE(id_fields) + 1);
	}
	return 0;
}

/**
 * record_parse() - the text of a record file into @r
 *
 * A record kept before the boot path was recorded lacks its fields:
 * r->has_boot says so.
 *
 * Return: 0 when every other field is there, -EINVAL otherwise.
 */
int record_parse(const char *text, struct record *r)
{
	const unsigned int all = (1u << (ARRAY_SIZE(id_fields) + 2)) - 1;
	const unsigned int boot = ((1u << ARRAY_SIZE(id_fields)) - 1) &
				  ~((1u << FIRST_BOOT_FIELD) - 1);
	unsigned int seen;

	memset(r, 0, sizeof(*r));
	seen = record_fields(text, parse_field, r);
	r->has_boot = (seen & boot) == boot;
	return (seen | boot) == all ? 0 : -EINVAL;
}

/**
 * record_fields() - call @field on each "key = value" line of a record's text
 * @text: the text; lines starting with # are comments
 * @field: given the key and the value, returns the bit of what it took, or 0
 * @arg: for @field
 *
 * Return: the bits @field returned, ORed.
 */
unsigned int record_fields(const char *text, record_field_fn field, void *arg)
{
	char line[RECORD_LEN], *eq;
	unsigned int seen = 0;
	size_t n;

	while (*text) {
		n = strcspn(text, "\n");
		if (n < sizeof(line) && *text != '#') {
			memcpy(line, text, n);
			line[n] = '\0';
			eq = strstr(line, " = ");
			if (eq) {
				*eq = '\0';
				seen |= field(line, eq + 3, arg);
			}
		}
		text += n + (text[n] == '\n');
	}
	return seen;
}

/**
 * identity_same() - does the dry run that passed with @was hold @now?
 *
 * Return: true; false with @why naming what changed.
 */
bool identity_same(const struct identity *was, const struct identity *now, char why[WHY_LEN])
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(id_fields); i++) {
		const char *a = id_field_const(was, i), *b = id_field_const(now, i);

		if (!strcmp(a, b))
			continue;
		if (id_fields[i].changed)
			snprintf(why, WHY_LEN, id_fields[i].changed, a, b);
		else
			snprintf(why, WHY_LEN, "%s was '%.40s', is '%.40s'", id_fields[i].key, a,
				 b);
		return false;
	}
	return true;
}

/**
 * record_holds() - does the kept dry run @r still vouch for this machine, @now?
 *
 * It does when it recorded the boot path, nothing of its identity changed
 * since, and the next boot resumes from what s2h checks.
 *
 * Return: true; false with @why saying why not.
 */
bool record_holds(const struct record *r, const struct identity *now, char why[WHY_LEN])
{
	struct boot_finding f[BOOT_FINDINGS];
	struct bootpath b;
	unsigned int i, n;

	if (!r->has_boot) {
		snprintf(why, WHY_LEN, "it predates s2hctl's record of the boot path (the initramfs)");
		return false;
	}
	if (!identity_same(&r->id, now, why))
		return false;
	bootpath_read("", now->kernel, &b);
	n = bootpath_judge(&b, now->resume, now->resume_offset, f);
	for (i = 0; i < n; i++) {
		if (f[i].fail) {
			snprintf(why, WHY_LEN, "%s", f[i].line);
			return false;
		}
	}
	return true;
}

/**
 * record_load() - the record of the last dry run that passed
 *
 * Return: 0; -ENOENT when there is none; -EINVAL when it is damaged.
 */
int record_load(struct record *r)
{
	char buf[RECORD_LEN * 2];

	if (record_text_load(RECORD_PATH, buf, sizeof(buf)))
		return -ENOENT;
	return record_parse(buf, r);
}

/**
 * record_text_load() - the text of a record file, NUL-terminated
 *
 * Return: 0; -ENOENT when there is none.
 */
int record_text_load(const char *path, char *buf, size_t size)
{
	size_t n;
	FILE *f;

	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	return 0;
}

/**
 * record_text_save() - write a record file, whole or not at all
 * @what: what it keeps, for the error: "the dry run's result"
 *
 * Return: 0, or 1 having said why on stderr.
 */
int record_text_save(const char *path, const char *text, const char *what)
{
	if (make_dirs(S2HCTL_STATEDIR, 0755) || replace_file(path, text, 0644)) {
		fprintf(stderr, "s2hctl: cannot keep %s in %s: %s\n", what, path, strerror(errno));
		return 1;
	}
	return 0;
}

/* A test failed: what passed before holds no more. */
void record_text_forget(const char *path)
{
	if (unlink(path) && errno != ENOENT)
		fprintf(stderr, "s2hctl: cannot remove %s: %s\n", path, strerror(errno));
}

/**
 * record_save() - keep the record of a dry run that passed
 *
 * Return: 0, or 1 having said why on stderr.
 */
int record_save(const struct record *r)
{
	char buf[RECORD_LEN];

	if (record_format(r, buf)) {
		fprintf(stderr, "s2hctl: the dry run's result does not fit in a record\n");
		return 1;
	}
	return record_text_save(RECORD_PATH, buf, "the dry run's result");
}

/* A dry run failed: the machine may not resume any more, whatever passed before. */
void record_forget(void)
{
	record_text_forget(RECORD_PATH);
}
