// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the wake test's kept record (wakerecord.c), as "s2hctl
 * apply" reads /var/lib/s2h/verified-wake: a good one reads back; a damaged
 * one - cut short anywhere, garbage, a NUL byte, an over-long line or file,
 * a field missing or bad, a directory, a device or a FIFO - is refused with
 * a reason, never taken for a test that passed, and never crashes or hangs
 * the reader (each read runs in a child: test-child.c). TAP, ending in
 * "N passed, N failed, N skipped".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "test-child.h"
#include "test-tap.h"
#include "array.h"
#include "wakerecord.h"

/* The temporary directory the records are planted in, main()'s. */
static const char *dir;

static const struct wake_identity good_id = {
	"6.1.0-57-amd64", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.158-1", "LENOVO", "21CBCTO1WW",
	"N3AET75W (1.40 )", "rtc_cmos use_acpi_alarm=N", "deep",
};

static const struct wake_test_status good_w = {
	.result = S2H_WAKE_TEST_PASSED, .time = 1765000000, .alarm_sec = 20, .offset_ms = 412,
	.wake_source = "alarmtimer.0.auto", .hw_sleep_us = -1,
	.mem_sleep = S2H_MEM_SLEEP_DEEP,
};

/* Every key of a record, in the order it is written. */
static const char * const keys[] = {
	"kernel", "build", "vendor", "product", "bios", "rtc", "mem_sleep",
	"time", "alarm_sec", "offset_ms", "hw_sleep_us", "wake_source",
};

/* The text of a good record. */
static const char *good_text(void)
{
	static char buf[RECORD_LEN];

	if (wake_record_format(&good_id, &good_w, buf))
		buf[0] = '\0';
	return buf;
}

/* The path of @name in the temporary directory. */
static const char *path_of(const char *name)
{
	static char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

/* @len bytes of @text as the file "record": its path. */
static const char *plant(const char *text, size_t len)
{
	const char *path = path_of("record");
	FILE *f;

	unlink(path);
	f = fopen(path, "w");
	if (!f || fwrite(text, 1, len, f) != len)
		fprintf(stderr, "test-waketest: cannot write %s\n", path);
	if (f)
		fclose(f);
	return path;
}

/* In the child: the record at @arg is refused (-EINVAL) with a reason, in @out. */
static bool load_refused(void *arg, char *out, size_t size)
{
	struct wake_test_status w;
	struct wake_identity id;
	char why[WHY_LEN] = "";
	int err;

	err = wake_record_load(arg, &id, &w, why);
	if (!err)
		snprintf(out, size, "taken as a test that passed");
	else if (err != -EINVAL)
		snprintf(out, size, "error %d, not -EINVAL", err);
	else
		snprintf(out, size, "%s", why[0] ? why : "refused without a reason");
	return err == -EINVAL && why[0];
}

static bool refused(const char *path, char *why, size_t size)
{
	return in_child(load_refused, (void *)path, 5, why, size);
}

/* The record @text, @len bytes of it, is refused: one check. */
static void expect_refused(const char *desc, const char *text, size_t len)
{
	char why[WHY_LEN];
	bool ok = refused(plant(text, len), why, sizeof(why));

	expect(ok, "%s: refused (%s)", desc, why);
}

/* The good record with the line of @key replaced by @line, "" to drop it. */
static const char *with_line(const char *key, const char *line)
{
	static char out[RECORD_LEN * 2];
	const char *p, *nl;
	size_t klen = strlen(key), len = 0;

	out[0] = '\0';
	for (p = good_text(); *p && (nl = strchr(p, '\n')); p = nl + 1) {
		bool ours = !strncmp(p, key, klen) && !strncmp(p + klen, " = ", 3);
		int n = ours ? (int)strlen(line) : (int)(nl - p + 1);

		len += (size_t)snprintf(out + len, sizeof(out) - len, "%.*s", n, ours ? line : p);
	}
	return out;
}

static void test_good(void)
{
	struct wake_test_status w;
	struct wake_identity id;
	char why[WHY_LEN] = "";
	const char *text;
	int err;

	err = wake_record_load(plant(good_text(), strlen(good_text())), &id, &w, why);
	expect(!err && wake_identity_same(&good_id, &id, why) && w.result == S2H_WAKE_TEST_PASSED &&
	       w.time == good_w.time && w.alarm_sec == good_w.alarm_sec &&
	       w.offset_ms == good_w.offset_ms && w.hw_sleep_us == -1 &&
	       !strcmp(w.wake_source, good_w.wake_source) && w.mem_sleep == S2H_MEM_SLEEP_DEEP,
	       "a good record reads back as written (got %d, %s)", err, why);
	/* s2hctl writes the key's space before an empty value. */
	text = with_line("wake_source", "wake_source =\x20\n");
	err = wake_record_load(plant(text, strlen(text)), &id, &w, why);
	expect(!err && !w.wake_source[0], "one with no wake source reads back (got %d, %s)", err,
	       why);
	unlink(path_of("record"));
	err = wake_record_load(path_of("record"), &id, &w, why);
	expect(err == -ENOENT, "no record: -ENOENT, nothing to say (got %d)", err);
}

/* Cut anywhere, at a line's end too, a record is refused. */
static void test_cut_short(void)
{
	const char *text = good_text();
	size_t n, len = strlen(text), bad = 0, first = 0;
	char why[WHY_LEN], first_why[WHY_LEN] = "";

	for (n = 0; n < len; n++) {
		if (refused(plant(text, n), why, sizeof(why)))
			continue;
		if (!bad++) {
			first = n;
			snprintf(first_why, sizeof(first_why), "%s", why);
		}
	}
	if (bad)
		expect(false, "each of the %zu records cut short is refused (%zu not, the first "
		       "cut after %zu bytes: ...'%.20s': %s)", len, bad, first,
		       first > 20 ? text + first - 20 : text, first_why);
	else
		expect(true, "each of the %zu records cut short is refused", len);
}

static void test_garbage(void)
{
	char junk[800], rec[RECORD_LEN * 2];
	size_t i, len = strlen(good_text());
	const char *text;

	text = "hello\nthis is no record\n";
	expect_refused("text without a field", text, strlen(text));
	for (i = 0; i < sizeof(junk); i++)
		junk[i] = (char)((i * 7919 + 13) % 251 + 1);
	expect_refused("bytes of garbage", junk, sizeof(junk));
	junk[100] = '\0';
	expect_refused("bytes of garbage with a NUL", junk, sizeof(junk));

	memcpy(rec, good_text(), len);
	memset(rec + len, 0, 512);
	expect_refused("a good record followed by NUL bytes (a file extended by a crash)", rec,
		       len + 512);
	memcpy(rec, good_text(), len);
	rec[strstr(rec, "LENOVO") - rec + 2] = '\0';
	expect_refused("a good record with a NUL byte in a value", rec, len);
	text = with_line("time", "time=1765000000\n");
	expect_refused("a field without its spaces", text, strlen(text));
}

static void test_too_long(void)
{
	char rec[RECORD_LEN * 4], value[200];
	size_t len = strlen(good_text());
	const char *text;

	memset(rec, '#', sizeof(rec));
	memcpy(rec + sizeof(rec) - len, good_text(), len);
	rec[sizeof(rec) - len - 1] = '\n';
	expect_refused("a good record after a comment line of 3 KiB", rec, sizeof(rec));
	memcpy(rec, good_text(), len);
	memset(rec + len, 'x', sizeof(rec) - len);
	expect_refused("a good record followed by 3 KiB without a newline", rec, sizeof(rec));
	memset(value, 'v', sizeof(value));
	memcpy(value, "vendor = ", 9);
	value[sizeof(value) - 2] = '\n';
	value[sizeof(value) - 1] = '\0';
	text = with_line("vendor", value);
	expect_refused("a vendor too long for the record", text, strlen(text));
}

static void test_missing(void)
{
	const char *text;
	char why[WHY_LEN];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		text = with_line(keys[i], "");
		expect(refused(plant(text, strlen(text)), why, sizeof(why)) && strstr(why, keys[i]),
		       "a record without %s: refused, naming it (%s)", keys[i], why);
	}
}

static void test_bad_values(void)
{
	static const struct {
		const char *key;
		const char *value;
	} cases[] = {
		{ "time", "yesterday" },
		{ "time", "-1" },
		{ "time", "1765000000 s" },
		{ "alarm_sec", "5" },
		{ "alarm_sec", "301" },
		{ "offset_ms", "99999999999999999999" },
		{ "offset_ms", "" },
		{ "hw_sleep_us", "12x" },
		{ "mem_sleep", "hibernate" },
	};
	char line[128];
	const char *text;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(line, sizeof(line), "%s = %s\n", cases[i].key, cases[i].value);
		text = with_line(cases[i].key, line);
		line[strlen(line) - 1] = '\0';
		expect_refused(line, text, strlen(text));
	}
}

/* What stands where the record should be; no read of it ends or returns a pass. */
static void test_not_a_file(void)
{
	static const char * const devices[] = { "/dev/zero", "/dev/full", "/dev/null" };
	const char *path = path_of("record");
	char why[WHY_LEN];
	size_t i;

	unlink(path);
	mkdir(path, 0755);
	expect(refused(path, why, sizeof(why)), "a directory: refused (%s)", why);
	rmdir(path);
	for (i = 0; i < ARRAY_SIZE(devices); i++) {
		if (symlink(devices[i], path))
			fprintf(stderr, "test-waketest: cannot link %s\n", path);
		expect(refused(path, why, sizeof(why)), "a link to %s: refused (%s)", devices[i],
		       why);
		unlink(path);
	}
	if (mkfifo(path, 0600))
		fprintf(stderr, "test-waketest: cannot make a FIFO %s\n", path);
	expect(refused(path, why, sizeof(why)), "a FIFO nobody writes: refused (%s)", why);
	unlink(path);
}

int main(void)
{
	char tmpl[] = "/tmp/s2hctl-waketest.XXXXXX", cmd[128];
	int ret;

	dir = mkdtemp(tmpl);
	if (!dir) {
		result(false, "a temporary directory", NULL);
		return tap_done();
	}
	test_good();
	test_cut_short();
	test_garbage();
	test_too_long();
	test_missing();
	test_bad_values();
	test_not_a_file();
	ret = tap_done();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		fprintf(stderr, "test-waketest: %s left behind\n", dir);
	return ret;
}
