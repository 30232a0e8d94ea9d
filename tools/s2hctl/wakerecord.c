// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "array.h"
#include "names.h"
#include "wakerecord.h"

#define WAKE_ID_FIELD(name) \
	{ #name, offsetof(struct wake_identity, name), sizeof(((struct wake_identity *)0)->name) }

/* The identity's fields, as the record names them. */
static const struct {
	const char *key;
	size_t offset;
	size_t size;
} wake_id_fields[] = {
	WAKE_ID_FIELD(kernel), WAKE_ID_FIELD(build), WAKE_ID_FIELD(vendor),
	WAKE_ID_FIELD(product), WAKE_ID_FIELD(bios), WAKE_ID_FIELD(rtc),
	WAKE_ID_FIELD(mem_sleep),
};

/* The result's fields after them, each a bit of what record_fields() saw. */
enum { WAKE_TIME, WAKE_ALARM_SEC, WAKE_OFFSET, WAKE_HW_SLEEP, WAKE_SOURCE, WAKE_RESULT_FIELDS };

static const char * const wake_result_keys[WAKE_RESULT_FIELDS] = {
	"time", "alarm_sec", "offset_ms", "hw_sleep_us", "wake_source",
};

/*
 * A record holds every field: s2hctl has always written them all, the last
 * one last, so that a record cut short at a line's end lacks one.
 */
#define WAKE_FIELDS	(ARRAY_SIZE(wake_id_fields) + WAKE_RESULT_FIELDS)

static const char *wake_key(unsigned int i)
{
	const unsigned int n_id = ARRAY_SIZE(wake_id_fields);

	return i < n_id ? wake_id_fields[i].key : wake_result_keys[i - n_id];
}

/**
 * wake_record_format() - the text of the wake test's record file
 *
 * Return: 0, or -1 when it does not fit.
 */
int wake_record_format(const struct wake_identity *id, const struct wake_test_status *w,
		       char buf[RECORD_LEN])
{
	size_t len, i;

	len = (size_t)snprintf(buf, RECORD_LEN,
			       "# s2hctl check --verify-wake: s2h's alarm woke this machine from its\n"
			       "# sleep; s2hctl apply restores it at each load while all below holds.\n");
	for (i = 0; i < ARRAY_SIZE(wake_id_fields) && len < RECORD_LEN; i++)
		len += (size_t)snprintf(buf + len, RECORD_LEN - len, "%s = %s\n",
					wake_id_fields[i].key,
					(const char *)id + wake_id_fields[i].offset);
	if (len < RECORD_LEN)
		len += (size_t)snprintf(buf + len, RECORD_LEN - len,
					"time = %llu\nalarm_sec = %u\noffset_ms = %lld\n"
					"hw_sleep_us = %lld\nwake_source = %s\n",
					(unsigned long long)w->time, w->alarm_sec,
					(long long)w->offset_ms, (long long)w->hw_sleep_us,
					w->wake_source);
	return len < RECORD_LEN ? 0 : -1;
}

struct wake_record {
	struct wake_identity *id;
	struct wake_test_status *w;
};

/* A whole decimal number, signed; false when @value is none. */
static bool parse_number(const char *value, long long *n)
{
	char *end;

	errno = 0;
	*n = strtoll(value, &end, 10);
	return !errno && end != value && !*end;
}

static unsigned int wake_field(const char *key, char *value, void *arg)
{
	const unsigned int n_id = ARRAY_SIZE(wake_id_fields);
	struct wake_record *r = arg;
	unsigned int i;
	long long n;

	for (i = 0; i < n_id; i++) {
		if (strcmp(key, wake_id_fields[i].key))
			continue;
		if (strlen(value) >= wake_id_fields[i].size)
			return 0;
		strcpy((char *)r->id + wake_id_fields[i].offset, value);
		return 1u << i;
	}
	for (i = 0; i < WAKE_RESULT_FIELDS && strcmp(key, wake_result_keys[i]); i++)
		;
	if (i == WAKE_SOURCE) {
		if (strlen(value) >= sizeof(r->w->wake_source))
			return 0;
		strcpy(r->w->wake_source, value);
		return 1u << (n_id + i);
	}
	if (i == WAKE_RESULT_FIELDS || !parse_number(value, &n))
		return 0;
	if (i == WAKE_TIME && n >= 0)
		r->w->time = (uint64_t)n;
	else if (i == WAKE_ALARM_SEC && n >= S2H_WAKE_TEST_MIN_SEC && n <= S2H_WAKE_TEST_MAX_SEC)
		r->w->alarm_sec = (uint32_t)n;
	else if (i == WAKE_OFFSET)
		r->w->offset_ms = n;
	else if (i == WAKE_HW_SLEEP)
		r->w->hw_sleep_us = n;
	else
		return 0;
	return 1u << (n_id + i);
}

/**
 * wake_record_parse() - the text of a wake test's record into @id and @w
 * @why: on an error, what is wrong with it
 *
 * Return: 0 when every field is there and good, -EINVAL otherwise.
 */
int wake_record_parse(const char *text, struct wake_identity *id, struct wake_test_status *w,
		      char why[WHY_LEN])
{
	struct wake_record r = { id, w };
	size_t len = strlen(text);
	unsigned int i, seen;

	memset(id, 0, sizeof(*id));
	memset(w, 0, sizeof(*w));
	if (!len || text[len - 1] != '\n') {
		snprintf(why, WHY_LEN, "it is cut short: %s", len ? "its last line has no end" :
			 "it is empty");
		return -EINVAL;
	}
	seen = record_fields(text, wake_field, &r);
	for (i = 0; i < WAKE_FIELDS; i++) {
		if (!(seen & 1u << i)) {
			snprintf(why, WHY_LEN, "it has no good \"%s = \" line", wake_key(i));
			return -EINVAL;
		}
	}
	for (i = 0; i < __S2H_MEM_SLEEP_MAX && strcmp(id->mem_sleep, mem_sleep_name(i)); i++)
		;
	if (i == __S2H_MEM_SLEEP_MAX) {
		snprintf(why, WHY_LEN, "its mem_sleep '%s' is no sleep of /sys/power/mem_sleep",
			 id->mem_sleep);
		return -EINVAL;
	}
	w->mem_sleep = i;
	w->result = S2H_WAKE_TEST_PASSED;
	return 0;
}

/* Does the test that passed on @was hold @now? Return: true; false with @why. */
bool wake_identity_same(const struct wake_identity *was, const struct wake_identity *now,
			char why[WHY_LEN])
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(wake_id_fields); i++) {
		const char *a = (const char *)was + wake_id_fields[i].offset;
		const char *b = (const char *)now + wake_id_fields[i].offset;

		if (strcmp(a, b)) {
			snprintf(why, WHY_LEN, "%s was '%.40s', is '%.40s'", wake_id_fields[i].key,
				 a, b);
			return false;
		}
	}
	return true;
}

/**
 * wake_record_load() - read and parse the record at @path
 * @why: on -EINVAL, why it is refused
 *
 * Only a regular file shorter than a record is read: a directory, a
 * device that never ends or a FIFO nobody writes is refused unread.
 *
 * Return: 0; -ENOENT when there is none; -EINVAL when it cannot be used.
 */
int wake_record_load(const char *path, struct wake_identity *id, struct wake_test_status *w,
		     char why[WHY_LEN])
{
	char buf[RECORD_LEN];
	struct stat st;

	if (stat(path, &st)) {
		if (errno == ENOENT)
			return -ENOENT;
		snprintf(why, WHY_LEN, "cannot read it: %s", strerror(errno));
		return -EINVAL;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, WHY_LEN, "it is %s, not a file",
			 S_ISDIR(st.st_mode) ? "a directory" : "a device or a FIFO");
		return -EINVAL;
	}
	if (st.st_size >= (off_t)sizeof(buf)) {
		snprintf(why, WHY_LEN, "it is longer than a record (%lld bytes)",
			 (long long)st.st_size);
		return -EINVAL;
	}
	if (record_text_load(path, buf, sizeof(buf))) {
		snprintf(why, WHY_LEN, "cannot read it: %s", strerror(errno));
		return -EINVAL;
	}
	if (strlen(buf) != (size_t)st.st_size) {
		snprintf(why, WHY_LEN, "it holds a NUL byte, or changed as it was read");
		return -EINVAL;
	}
	return wake_record_parse(buf, id, w, why);
}
