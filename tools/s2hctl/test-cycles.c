// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the record of the cycles (cycles.c): the record's line and
 * what it leaves out, the JSON reader on torn and odd lines, the files
 * written and read back in a temporary directory - a torn last line
 * skipped with one warning, the next record whole after it, the rotation,
 * and each cycle written once across agent restarts, module reloads and
 * reboots. TAP, ending in "N passed, N failed, N skipped".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "test-tap.h"
#include "array.h"
#include "cycles.h"

static const char *boot1 = "0f5e3d8c-1111-4a2b-9c3d-000000000001";
static const char *boot2 = "0f5e3d8c-2222-4a2b-9c3d-000000000002";

/* A cycle that hibernated, every figure known. */
static struct last_cycle hibernated(uint64_t seq, uint64_t suspended_at)
{
	struct last_cycle l = {
		.seq = seq, .suspended_at = suspended_at, .woke_at = suspended_at + 3600,
		.wake = S2H_WAKE_ALARM, .decision = S2H_DECISION_HIBERNATE, .result = 0,
		.battery_start = 80, .battery_wake = 79, .on_ac = false, .dark_wakes = 0,
		.wakes = 1, .n_battery_wakes = 1, .battery_wakes = { 79 },
		.n_energy_wakes = 1, .energy_wakes = { 39700000 },
		.hw_sleep_us = -1,
		.energy_start = 40000000, .energy_wake = 39700000, .energy_resume = 39600000,
		.energy_full = 50000000,
	};

	snprintf(l.wake_source, sizeof(l.wake_source), "alarmtimer");
	l.state_ms[S2H_STATE_ARMED] = 3600000;
	l.state_ms[S2H_STATE_HIBERNATING] = 600000;
	l.state_ms[S2H_STATE_RESUMING] = 1500;
	return l;
}

/* A cycle the user ended, the battery not read at its end, no energy at all. */
static struct last_cycle early(uint64_t seq, uint64_t suspended_at)
{
	struct last_cycle l = {
		.seq = seq, .suspended_at = suspended_at, .woke_at = suspended_at + 60,
		.wake = S2H_WAKE_EARLY, .decision = S2H_DECISION_NONE,
		.battery_start = -1, .battery_wake = -1, .wakes = 1, .n_battery_wakes = 1,
		.battery_wakes = { -1 }, .n_energy_wakes = 1, .energy_wakes = { -1 },
		.hw_sleep_us = -1, .energy_start = -1, .energy_wake = -1, .energy_resume = -1,
		.energy_full = -1,
	};

	l.state_ms[S2H_STATE_ARMED] = 60000;
	return l;
}

static bool has(const char *line, const char *s)
{
	return strstr(line, s);
}

/*
 * Two dark wakes, 4 s awake in all of the cycle's 10 s awake, 4 mWh spent:
 * 3600 mW, 7.2 %/h of 50 Wh; suspended, 0.3 Wh less those over 3606 s.
 */
static void test_format_dark(struct last_cycle h)
{
	char line[CYCLES_LINE_MAX];
	struct last_cycle back;
	int n;

	h.dark_wakes = 2;
	h.state_ms[S2H_STATE_IDLE] = 10000;
	h.dark_ms = 4000;
	h.energy_dark = 4000;
	n = cycles_format(&h, boot1, line, sizeof(line));
	result(n > 0 && has(line, "\"dark_wakes\":2,\"dark_ms\":4000,\"energy_dark_uwh\":4000,"),
	       "format: the dark wakes' time and energy", line);
	result(has(line, "\"drain_dark_mw\":3600.000,\"drain_dark_pct_h\":7.2000}"),
	       "format: the drain in the dark wakes, mW and %/h", line);
	result(has(line, "\"drain_suspended_mw\":295.507,\"drain_suspended_pct_h\":0.5910,"),
	       "format: the drain while suspended leaves the dark wakes out", line);
	result(cycle_of_record(line, strlen(line) - 1, &back) && back.dark_ms == 4000 &&
	       back.energy_dark == 4000 && back.dark_wakes == 2,
	       "read back: the dark wakes' time and energy", line);

	h.energy_dark = ENERGY_UNKNOWN;
	n = cycles_format(&h, boot1, line, sizeof(line));
	result(n > 0 && has(line, "\"dark_ms\":4000,") && !has(line, "energy_dark") &&
	       !has(line, "drain_dark") && has(line, "\"drain_suspended_mw\":299.169,"),
	       "format: dark wakes without their energy: no drain of theirs, all suspended", line);
	result(cycle_of_record(line, strlen(line) - 1, &back) &&
	       back.energy_dark == ENERGY_UNKNOWN,
	       "read back: the dark wakes' energy unknown again", line);
}

static void test_format(void)
{
	struct last_cycle h = hibernated(7, 1765000000), e = early(8, 1765010000), back;
	char line[CYCLES_LINE_MAX], other[CYCLES_LINE_MAX];
	int n;

	n = cycles_format(&h, boot1, line, sizeof(line));
	result(n > 0 && line[n - 1] == '\n' && !memchr(line, '\n', (size_t)n - 1),
	       "format: one line, ending in a newline", line);
	result(json_object_scan(line, (size_t)n - 1, NULL, NULL), "format: valid JSON", line);
	result(has(line, "{\"v\":1,\"boot\":\"0f5e3d8c-1111-4a2b-9c3d-000000000001\",\"seq\":7,"
		       "\"suspended_at\":1765000000,\"woke_at\":1765003600,\"wake\":\"alarm\","
		       "\"decision\":\"hibernate\",\"result\":0,\"on_ac\":false,"
		       "\"battery_start\":80,\"battery_wake\":79,\"energy_start_uwh\":40000000,"
		       "\"energy_wake_uwh\":39700000,\"energy_resume_uwh\":39600000,"
		       "\"energy_full_uwh\":50000000,\"dark_wakes\":0,"
		       "\"wakes\":[{\"battery\":79,\"energy_uwh\":39700000}],"
		       "\"wake_source\":\"alarmtimer\",\"state_ms\":{\"idle\":0,\"armed\":3600000,"
		       "\"hibernating\":600000,\"resuming\":1500}"),
	       "format: the fields, as s2hctl(8) names them", line);
	/* 0.3 Wh in an hour: 300 mW, 0.6 %/h of 50 Wh; 0.1 Wh in 10 min: 600 mW. */
	result(has(line, "\"drain_suspended_mw\":300.000,\"drain_suspended_pct_h\":0.6000,"
		       "\"drain_hibernated_mw\":600.000,\"drain_hibernated_pct_h\":1.2000}"),
	       "format: the drains from energy, with decimals", line);
	result(!has(line, "hw_sleep_us") && !has(line, "image_"),
	       "format: hw_sleep_us unknown and the image's times: left out", line);

	n = cycles_format(&e, boot1, other, sizeof(other));
	result(n > 0 && !has(other, "battery_start") && !has(other, "battery_wake") &&
	       !has(other, "energy") && !has(other, "drain") && !has(other, "on_ac") &&
	       !has(other, "wake_source") && has(other, "\"wakes\":[{}]"),
	       "format: what the kernel does not know is left out, never 0", other);

	result(cycle_of_record(line, strlen(line) - 1, &back) && back.seq == 7 &&
	       back.suspended_at == 1765000000 && back.woke_at == 1765003600 &&
	       back.wake == S2H_WAKE_ALARM && back.decision == S2H_DECISION_HIBERNATE &&
	       back.battery_start == 80 && back.energy_resume == 39600000 &&
	       back.n_battery_wakes == 1 && back.energy_wakes[0] == 39700000 &&
	       back.state_ms[S2H_STATE_HIBERNATING] == 600000 &&
	       !strcmp(back.wake_source, "alarmtimer"),
	       "read back: the cycle it was made from", line);
	result(cycle_of_record(other, strlen(other) - 1, &back) && back.battery_start == -1 &&
	       back.energy_start == -1 && back.hw_sleep_us == -1 && back.battery_wakes[0] == -1,
	       "read back: what was left out is unknown again", other);

	e.state_ms[S2H_STATE_SETTLING] = 3200;
	n = cycles_format(&e, boot1, other, sizeof(other));
	result(n > 0 && has(other, "\"resuming\":0,\"settling\":3200}") &&
	       cycle_of_record(other, strlen(other) - 1, &back) &&
	       back.state_ms[S2H_STATE_SETTLING] == 3200,
	       "format: a cycle that settled (settle_sec) has its settling time, read back", other);
	result(!has(line, "settling"), "format: a cycle that did not settle has none", line);

	test_format_dark(h);

	h.wake_source[0] = '"';
	h.wake_source[1] = '\n';
	h.wake_source[2] = '\0';
	n = cycles_format(&h, boot1, line, sizeof(line));
	result(n > 0 && has(line, "\"wake_source\":\"\\\"\\u000a\"") &&
	       json_object_scan(line, (size_t)n - 1, NULL, NULL),
	       "format: a source's name with a quote and a newline is escaped", line);
}

static void test_json(void)
{
	static const struct {
		const char *text;
		bool valid;
		const char *desc;
	} cases[] = {
		{ "{\"v\":1,\"boot\":\"a\",\"seq\":1,\"susp", false, "torn mid-key" },
		{ "{\"v\":1,\"seq\":1,\"wakes\":[{\"battery\":5},{", false, "torn mid-array" },
		{ "{\"v\":1,\"seq\":1}x", false, "garbage after the object" },
		{ "{\"v\":1,\"seq\":1}{\"v\":1}", false, "two records on one line" },
		{ "", false, "empty" },
		{ "[1,2]", false, "an array, not an object" },
		{ "{\"a\":1,}", false, "a trailing comma" },
		{ "{\"a\" 1}", false, "no colon" },
		{ "{\"a\":tru}", false, "a word cut short" },
		{ "{\"a\":\"b\\\"}", false, "a string whose quote is escaped, unclosed" },
		{ "{\"a\":-}", false, "a lone minus" },
		{ "{\"a\":[[[[[[[[1]]]]]]]]}", false, "nested deeper than a record is" },
		{ "  {\"a\":[],\"b\":{},\"c\":null,\"d\":-1.5e3,\"e\":\"\\u0041\"}  ", true,
		  "every kind of value, blanks around" },
		{ "{}", true, "an empty object" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		result(json_object_scan(cases[i].text, strlen(cases[i].text), NULL, NULL) ==
		       cases[i].valid, cases[i].desc, cases[i].text);
}

static char dir[64];

static void reset_dir(void)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, CYCLES_FILE);
	unlink(path);
	snprintf(path, sizeof(path), "%s/%s", dir, CYCLES_OLD);
	unlink(path);
}

static void count_record(const char *line, size_t len, void *arg)
{
	(void)line;
	(void)len;
	(*(int *)arg)++;
}

/* The records read back, and how many lines the read said on stderr. */
static int read_back(int *warnings)
{
	char path[128], buf[4096];
	int count = 0, saved, fd;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/stderr", dir);
	fflush(stderr);
	saved = dup(2);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 2);
	cycles_read(dir, true, count_record, &count);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	*warnings = 0;
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	unlink(path);
	buf[n > 0 ? n : 0] = '\0';
	for (char *p = buf; (p = strchr(p, '\n')); p++)
		(*warnings)++;
	return count;
}

static void append_raw(const char *name, const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "a");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
}

static int append_cycle(const struct last_cycle *l)
{
	char line[CYCLES_LINE_MAX];
	int n = cycles_format(l, boot1, line, sizeof(line));

	return n < 0 ? -1 : cycles_append(dir, line, (size_t)n);
}

static void test_files(void)
{
	struct last_cycle l;
	int warnings, count, i, ret = 0;
	struct stat cur, old;
	char path[128];

	reset_dir();
	result(read_back(&warnings) == 0 && warnings == 0,
	       "read: no file yet is no record, and no warning", NULL);
	for (i = 1; i <= 3; i++) {
		l = hibernated((uint64_t)i, 1765000000 + (uint64_t)i * 10000);
		ret |= append_cycle(&l);
	}
	count = read_back(&warnings);
	result(!ret && count == 3 && warnings == 0, "append: three records read back", NULL);

	/* The power was cut as the fourth was written. */
	append_raw(CYCLES_FILE, "{\"v\":1,\"boot\":\"0f5e3d8c-1111\",\"seq\":4,\"suspen");
	count = read_back(&warnings);
	result(count == 3 && warnings == 1, "a torn last line: skipped, one warning, the read goes on",
	       NULL);
	l = hibernated(5, 1765050000);
	ret = append_cycle(&l);
	count = read_back(&warnings);
	result(!ret && count == 4 && warnings == 1,
	       "the next record after a torn line: on a line of its own, read back", NULL);

	append_raw(CYCLES_FILE, "not json at all\n\n");
	count = read_back(&warnings);
	result(count == 4 && warnings == 2, "a bad line amid the file: skipped with a warning; "
	       "an empty line: quietly", NULL);

	/* Rotation: past CYCLES_MAX_BYTES, one old file kept. */
	reset_dir();
	for (i = 1; i <= 1200 && !ret; i++) {
		l = hibernated((uint64_t)i, 1765000000 + (uint64_t)i * 10000);
		ret = append_cycle(&l);
	}
	snprintf(path, sizeof(path), "%s/%s", dir, CYCLES_FILE);
	stat(path, &cur);
	snprintf(path, sizeof(path), "%s/%s", dir, CYCLES_OLD);
	result(!ret && !stat(path, &old) && old.st_size <= CYCLES_MAX_BYTES &&
	       cur.st_size <= CYCLES_MAX_BYTES && old.st_size > CYCLES_MAX_BYTES / 2,
	       "rotation: cycles.jsonl and cycles.jsonl.1, each within 256 KiB", NULL);
	count = read_back(&warnings);
	result(count > 400 && count < 1200 && warnings == 0,
	       "rotation: the newest records of both files read back, the oldest gone", NULL);
}

/* The newest seq read back, and whether they came in order. */
struct order {
	uint64_t last;
	bool sorted;
	int count;
};

static void check_order(const char *line, size_t len, void *arg)
{
	struct order *o = arg;
	struct last_cycle l;

	if (!cycle_of_record(line, len, &l))
		return;
	o->sorted &= o->count == 0 || l.seq == o->last + 1 || l.seq == 1;
	o->last = l.seq;
	o->count++;
}

static void test_sync(void)
{
	struct last_cycle h[4] = {
		hibernated(1, 1765000000), early(2, 1765010000), hibernated(3, 1765020000),
		hibernated(4, 1765030000),
	};
	struct last_cycle reload[1] = { hibernated(1, 1765040000) };
	struct order o = { .sorted = true };
	int warnings;

	reset_dir();
	h[3].woke_at = 0;	/* asleep as the history is read */
	result(cycles_sync(dir, boot1, h, 4, S2H_STATE_ARMED) == 3,
	       "sync: the three cycles over are written, not the one asleep", NULL);
	result(cycles_sync(dir, boot1, h, 4, S2H_STATE_ARMED) == 0,
	       "sync again (an agent restarted, or resumed from an image): none twice", NULL);
	h[3].woke_at = 1765033600;
	result(cycles_sync(dir, boot1, h, 4, S2H_STATE_HIBERNATING) == 0,
	       "sync: the newest, woken but hibernating: not yet", NULL);
	result(cycles_sync(dir, boot1, h, 4, S2H_STATE_IDLE) == 1,
	       "sync: the newest, over and idle: written once", NULL);
	result(cycles_sync(dir, boot1, reload, 1, S2H_STATE_IDLE) == 1,
	       "sync after a module reload: seq 1 again, a later suspend: a new cycle", NULL);
	result(cycles_sync(dir, boot2, h, 4, S2H_STATE_IDLE) == 4,
	       "sync after a reboot: the same seqs of another boot are new cycles", NULL);
	result(read_back(&warnings) == 9 && warnings == 0, "sync: 9 records in all", NULL);
	cycles_read(dir, false, check_order, &o);
	result(o.sorted && o.count == 9, "sync: in the order they ran", NULL);
}

/*
 * A disk that fails amid a record (a full disk, or EIO, here a file size
 * limit: EFBIG after a short write): the error comes back for the agent
 * to say and nothing counts as written; once the disk takes writes again,
 * the torn line is skipped and the next sync writes each cycle once.
 */
static void test_write_fails(void)
{
	struct last_cycle h[2] = { hibernated(1, 1765000000), early(2, 1765010000) };
	struct rlimit was, tiny = { .rlim_cur = 40 };
	int warnings, ret;

	reset_dir();
	getrlimit(RLIMIT_FSIZE, &was);
	tiny.rlim_max = was.rlim_max;
	signal(SIGXFSZ, SIG_IGN);
	setrlimit(RLIMIT_FSIZE, &tiny);
	ret = cycles_sync(dir, boot1, h, 2, S2H_STATE_IDLE);
	setrlimit(RLIMIT_FSIZE, &was);
	expect(ret == -EFBIG, "the disk fails amid the first record: sync returns the error "
	       "(got %d)", ret);
	result(read_back(&warnings) == 0 && warnings == 1,
	       "after it: a torn line, no record counted", NULL);
	result(cycles_sync(dir, boot1, h, 2, S2H_STATE_IDLE) == 2,
	       "the disk writable again: the next sync writes both cycles", NULL);
	result(read_back(&warnings) == 2 && warnings == 1 &&
	       cycles_sync(dir, boot1, h, 2, S2H_STATE_IDLE) == 0,
	       "each cycle once, after the torn line: none lost, none twice", NULL);
}

static void test_final(void)
{
	struct last_cycle l = hibernated(1, 1765000000);

	result(cycle_final(&l, false, S2H_STATE_ARMED), "final: a cycle a newer one followed",
	       NULL);
	l.wake = S2H_WAKE_OTHER;
	result(!cycle_final(&l, true, S2H_STATE_IDLE),
	       "not final: the newest after another source's wake (a suspend may go on with it)",
	       NULL);
	l.wake = S2H_WAKE_ALARM;
	l.result = -5;
	result(!cycle_final(&l, true, S2H_STATE_IDLE),
	       "not final: the newest whose hibernation failed (its retries go on)", NULL);
	result(cycle_final(&l, false, S2H_STATE_IDLE), "final: the same once a newer one started",
	       NULL);
}

int main(void)
{
	snprintf(dir, sizeof(dir), "/tmp/test-cycles.XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_format();
	test_json();
	test_files();
	test_sync();
	test_write_fails();
	test_final();
	reset_dir();
	rmdir(dir);
	return tap_done();
}
