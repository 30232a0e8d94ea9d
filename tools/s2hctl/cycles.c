// SPDX-License-Identifier: GPL-2.0
/*
 * The record of the cycles (cycles.h): written, read back, and kept to
 * each cycle once.
 *
 * Written to last: each record is one write() of a whole line to a file
 * opened O_APPEND, then fsync(); the directory is synced when the file is
 * created or rotated, so that the new name survives a power cut too. A
 * power cut mid-write leaves at most the last line torn - cut short, with
 * no newline: the reader skips it with a warning, and the next append
 * ends it first, so that the new record starts on a line of its own.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "array.h"
#include "cycles.h"
#include "lines.h"
#include "json.h"
#include "drain.h"
#include "names.h"

/* ---- A JSON reader for the records: validates all, hands out the values ---- */

#define JSON_DEPTH	4

struct json {
	const char *p, *end;
};

static void json_ws(struct json *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n'))
		j->p++;
}

static bool json_string(struct json *j)
{
	if (j->p >= j->end || *j->p != '"')
		return false;
	for (j->p++; j->p < j->end; j->p++) {
		if (*j->p == '"') {
			j->p++;
			return true;
		}
		if ((unsigned char)*j->p < 0x20)
			return false;
		if (*j->p == '\\' && ++j->p == j->end)
			return false;
	}
	return false;
}

static bool json_number(struct json *j)
{
	const char *start = j->p;

	if (j->p < j->end && *j->p == '-')
		j->p++;
	while (j->p < j->end && ((*j->p >= '0' && *j->p <= '9') || *j->p == '.' ||
				 *j->p == 'e' || *j->p == 'E' || *j->p == '+' || *j->p == '-'))
		j->p++;
	return j->p > start && (j->p[-1] >= '0' && j->p[-1] <= '9');
}

static bool json_word(struct json *j, const char *w)
{
	size_t n = strlen(w);

	if ((size_t)(j->end - j->p) < n || memcmp(j->p, w, n))
		return false;
	j->p += n;
	return true;
}

static bool json_value(struct json *j, int depth);

/* An object or an array, its members or elements handed to @member or @element. */
static bool json_container(struct json *j, int depth, json_member_fn member,
			   json_element_fn element, void *arg)
{
	char close = *j->p == '{' ? '}' : ']';
	const char *key = NULL, *val;
	size_t klen = 0;

	if (depth > JSON_DEPTH)
		return false;
	j->p++;
	json_ws(j);
	if (j->p < j->end && *j->p == close) {
		j->p++;
		return true;
	}
	for (;;) {
		if (close == '}') {
			key = j->p + 1;
			if (!json_string(j))
				return false;
			klen = (size_t)(j->p - key - 1);
			json_ws(j);
			if (j->p >= j->end || *j->p++ != ':')
				return false;
			json_ws(j);
		}
		val = j->p;
		if (!json_value(j, depth + 1))
			return false;
		if (member && !member(key, klen, val, (size_t)(j->p - val), arg))
			return false;
		if (element && !element(val, (size_t)(j->p - val), arg))
			return false;
		json_ws(j);
		if (j->p >= j->end)
			return false;
		if (*j->p == close) {
			j->p++;
			return true;
		}
		if (*j->p++ != ',')
			return false;
		json_ws(j);
	}
}

static bool json_value(struct json *j, int depth)
{
	if (j->p >= j->end)
		return false;
	switch (*j->p) {
	case '{':
	case '[':
		return json_container(j, depth, NULL, NULL, NULL);
	case '"':
		return json_string(j);
	case 't':
		return json_word(j, "true");
	case 'f':
		return json_word(j, "false");
	case 'n':
		return json_word(j, "null");
	default:
		return json_number(j);
	}
}

/* @s is all one container of kind @open, nothing but blanks around it. */
static bool json_scan(const char *s, size_t len, char open, json_member_fn member,
		      json_element_fn element, void *arg)
{
	struct json j = { .p = s, .end = s + len };

	json_ws(&j);
	if (j.p >= j.end || *j.p != open || !json_container(&j, 0, member, element, arg))
		return false;
	json_ws(&j);
	return j.p == j.end;
}

/**
 * json_object_scan() - check that @s is one JSON object, and walk its members
 * @s: the text, @len long (no terminating NUL needed)
 * @fn: called for each member, in order; false stops the scan as failed
 * @arg: for @fn
 *
 * Return: true when the whole text is valid and @fn never said false.
 */
bool json_object_scan(const char *s, size_t len, json_member_fn fn, void *arg)
{
	return json_scan(s, len, '{', fn, NULL, arg);
}

/* As json_object_scan(), for an array. */
bool json_array_scan(const char *s, size_t len, json_element_fn fn, void *arg)
{
	return json_scan(s, len, '[', NULL, fn, arg);
}

/* Whether the member's key is @key. */
static bool key_is(const char *key, size_t klen, const char *want)
{
	return klen == strlen(want) && !memcmp(key, want, klen);
}

/* A JSON integer: only digits and a sign, in range. */
static bool json_int(const char *val, size_t vlen, int64_t *out)
{
	char buf[24], *end;

	if (!vlen || vlen >= sizeof(buf) || memchr(val, '.', vlen) || memchr(val, 'e', vlen) ||
	    memchr(val, 'E', vlen))
		return false;
	memcpy(buf, val, vlen);
	buf[vlen] = '\0';
	errno = 0;
	*out = strtoll(buf, &end, 10);
	return !errno && *end == '\0';
}

/* A JSON string without escapes, as the names we write have none; copied to @buf. */
static bool json_plain_string(const char *val, size_t vlen, char *buf, size_t len)
{
	if (vlen < 2 || val[0] != '"' || memchr(val, '\\', vlen) || vlen - 2 >= len)
		return false;
	memcpy(buf, val + 1, vlen - 2);
	buf[vlen - 2] = '\0';
	return true;
}

/* ---- Where it lives ---- */

#ifndef S2HCTL_STATEDIR
#define S2HCTL_STATEDIR	"/var/lib/s2h"
#endif

/**
 * cycles_dir() - the directory of the record
 *
 * Return: $S2H_STATEDIR when set (tests), else STATEDIR, /var/lib/s2h.
 */
const char *cycles_dir(void)
{
	const char *env = getenv("S2H_STATEDIR");

	return env && *env ? env : S2HCTL_STATEDIR;
}

/**
 * this_boot_id() - this boot's id, which tells a cycle of this boot from one of another
 * @boot: the result, "" when unknown
 *
 * Return: 0, or -errno.
 */
int this_boot_id(char boot[BOOT_ID_LEN])
{
	FILE *f;
	size_t n;

	boot[0] = '\0';
	f = fopen("/proc/sys/kernel/random/boot_id", "re");
	if (!f)
		return -errno;
	n = fread(boot, 1, BOOT_ID_LEN - 1, f);
	fclose(f);
	boot[n] = '\0';
	boot[strcspn(boot, "\n")] = '\0';
	return boot[0] ? 0 : -EINVAL;
}

/* ---- A record ---- */

struct out {
	char *buf;
	size_t len, used;
	bool full;
};

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->full)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->used, o->len - o->used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= o->len - o->used)
		o->full = true;
	else
		o->used += (size_t)n;
}

/* A string of the kernel's (a wakeup source's name): escaped as JSON wants. */
static void put_string(struct out *o, const char *key, const char *s)
{
	char esc[JSON_ESCAPE_LEN];
	const char *e;

	put(o, ",\"%s\":\"", key);
	for (; *s; s++) {
		e = json_escape((unsigned char)*s, esc);
		if (e)
			put(o, "%s", e);
		else
			put(o, "%c", *s);
	}
	put(o, "\"");
}

/* A number the kernel may not know (< 0): left out then, never 0. */
static void put_known(struct out *o, const char *key, int64_t v)
{
	if (v >= 0)
		put(o, ",\"%s\":%lld", key, (long long)v);
}

static void put_drain(struct out *o, const char *name, const struct drain *d)
{
	if (!d->known)
		return;
	put(o, ",\"drain_%s_mw\":%.3f", name, d->mw);
	if (d->pct_known)
		put(o, ",\"drain_%s_pct_h\":%.4f", name, d->pct_h);
}

static void put_wakes(struct out *o, const struct last_cycle *l)
{
	unsigned int i, n = l->n_battery_wakes;

	put(o, ",\"wakes\":[");
	for (i = 0; i < n; i++) {
		const char *sep = "";

		put(o, "%s{", i ? "," : "");
		if (l->battery_wakes[i] >= 0) {
			put(o, "\"battery\":%d", l->battery_wakes[i]);
			sep = ",";
		}
		if (i < l->n_energy_wakes && l->energy_wakes[i] >= 0)
			put(o, "%s\"energy_uwh\":%lld", sep, (long long)l->energy_wakes[i]);
		put(o, "}");
	}
	put(o, "]");
}

/*
 * The states of which the kernel tells the time: netlink's *-ms of the
 * cycle. Settling, last, only in a cycle that settled (settle_sec).
 */
static const unsigned int timed_states[] = {
	S2H_STATE_IDLE, S2H_STATE_ARMED, S2H_STATE_HIBERNATING, S2H_STATE_RESUMING,
	S2H_STATE_SETTLING,
};

/**
 * cycles_format() - a cycle's record, one line of JSON ending in a newline
 * @l: the cycle, as the kernel's history has it
 * @boot: the boot it ran in, this_boot_id()
 * @buf: the result
 * @len: its size, CYCLES_LINE_MAX is enough
 *
 * What the kernel does not know is left out, never written as 0: the
 * battery and energy figures of -1, the drains without both ends, on_ac
 * but at an alarm's wake (the only time it is read), the hardware sleep
 * where the kernel does not say, the image's times always (s2hctl(8)).
 *
 * Return: the line's length, or -1 when it does not fit.
 */
int cycles_format(const struct last_cycle *l, const char *boot, char *buf, size_t len)
{
	struct out o = { .buf = buf, .len = len };
	struct drain d;
	unsigned int i;

	put(&o, "{\"v\":1");
	put_string(&o, "boot", boot);
	put(&o, ",\"seq\":%llu,\"suspended_at\":%llu", (unsigned long long)l->seq,
	    (unsigned long long)l->suspended_at);
	if (l->woke_at)
		put(&o, ",\"woke_at\":%llu", (unsigned long long)l->woke_at);
	put(&o, ",\"wake\":\"%s\",\"decision\":\"%s\",\"result\":%d", wake_name(l->wake),
	    decision_name(l->decision), l->result);
	if (l->wake == S2H_WAKE_ALARM || l->dark_wakes)
		put(&o, ",\"on_ac\":%s", l->on_ac ? "true" : "false");
	put_known(&o, "battery_start", l->battery_start);
	put_known(&o, "battery_wake", l->battery_wake);
	put_known(&o, "energy_start_uwh", l->energy_start);
	put_known(&o, "energy_wake_uwh", l->energy_wake);
	put_known(&o, "energy_resume_uwh", l->energy_resume);
	put_known(&o, "energy_full_uwh", l->energy_full);
	put(&o, ",\"dark_wakes\":%u", l->dark_wakes);
	if (l->dark_ms) {
		put(&o, ",\"dark_ms\":%llu", (unsigned long long)l->dark_ms);
		put_known(&o, "energy_dark_uwh", l->energy_dark);
	}
	put_wakes(&o, l);
	if (l->wake_source[0])
		put_string(&o, "wake_source", l->wake_source);
	if (l->undone_by[0])
		put_string(&o, "undone_by", l->undone_by);
	put_known(&o, "hw_sleep_us", l->hw_sleep_us);
	put(&o, ",\"state_ms\":{");
	for (i = 0; i < ARRAY_SIZE(timed_states); i++)
		if (timed_states[i] != S2H_STATE_SETTLING || l->state_ms[S2H_STATE_SETTLING])
			put(&o, "%s\"%s\":%llu", i ? "," : "", state_name(timed_states[i]),
			    (unsigned long long)l->state_ms[timed_states[i]]);
	put(&o, "}");
	drain_suspended(l, &d);
	put_drain(&o, "suspended", &d);
	drain_hibernated(l, &d);
	put_drain(&o, "hibernated", &d);
	drain_dark(l, &d);
	put_drain(&o, "dark", &d);
	put(&o, "}\n");
	return o.full ? -1 : (int)o.used;
}

/**
 * cycle_final() - whether a cycle of the kernel's history is over, to record
 * @l: the cycle
 * @newest: it is the history's newest
 * @state: the module's state now
 *
 * A cycle is over once a newer one started. The newest is over only when
 * s2h is idle and nothing can take it up again: not after a wake of
 * another source or an aborted suspend (a suspend soon after goes on with
 * the same cycle), nor after a failed hibernation (its retries do). Those
 * are recorded once the next cycle starts.
 */
bool cycle_final(const struct last_cycle *l, bool newest, uint32_t state)
{
	if (!l->suspended_at || !l->woke_at)
		return false;
	if (!newest)
		return true;
	if (state != S2H_STATE_IDLE || l->wake == S2H_WAKE_OTHER || l->wake == S2H_WAKE_ABORTED)
		return false;
	return !(l->decision == S2H_DECISION_HIBERNATE && l->result);
}

static bool key_member(const char *key, size_t klen, const char *val, size_t vlen, void *arg)
{
	struct cycle_key *k = arg;
	int64_t v;

	if (key_is(key, klen, "boot"))
		return json_plain_string(val, vlen, k->boot, sizeof(k->boot));
	if (key_is(key, klen, "seq") || key_is(key, klen, "suspended_at")) {
		if (!json_int(val, vlen, &v) || v < 0)
			return false;
		*(key[0] == 's' && key[1] == 'e' ? &k->seq : &k->suspended_at) = (uint64_t)v;
	}
	return true;
}

/**
 * cycle_key_of() - the key of a record
 * @line: the record, @len long, without its newline
 * @k: the result
 *
 * Return: true for a valid record that has one.
 */
bool cycle_key_of(const char *line, size_t len, struct cycle_key *k)
{
	memset(k, 0, sizeof(*k));
	return json_object_scan(line, len, key_member, k) && k->boot[0] && k->seq &&
	       k->suspended_at;
}

/* ---- Reading a record back into a cycle, for s2hctl log --all ---- */

static bool name_value(const char *val, size_t vlen, const char *(*name)(unsigned int),
		       unsigned int max, uint32_t *out)
{
	char buf[32];
	unsigned int i;

	if (!json_plain_string(val, vlen, buf, sizeof(buf)))
		return false;
	for (i = 0; i < max; i++)
		if (!strcmp(name(i), buf)) {
			*out = i;
			return true;
		}
	return true;	/* a word of a newer s2hctl: its number stays 0 */
}

static bool state_member(const char *key, size_t klen, const char *val, size_t vlen, void *arg)
{
	struct last_cycle *l = arg;
	unsigned int i;
	int64_t v;

	for (i = 0; i < ARRAY_SIZE(timed_states); i++)
		if (key_is(key, klen, state_name(timed_states[i])) && json_int(val, vlen, &v))
			l->state_ms[timed_states[i]] = (uint64_t)v;
	return true;
}

static bool wake_member(const char *key, size_t klen, const char *val, size_t vlen, void *arg)
{
	struct last_cycle *l = arg;
	int64_t v;

	if (!json_int(val, vlen, &v))
		return true;
	if (key_is(key, klen, "battery"))
		l->battery_wakes[l->n_battery_wakes] = (int32_t)v;
	else if (key_is(key, klen, "energy_uwh"))
		l->energy_wakes[l->n_battery_wakes] = v;
	return true;
}

static bool wake_element(const char *val, size_t vlen, void *arg)
{
	struct last_cycle *l = arg;

	if (l->n_battery_wakes == S2H_CYCLE_WAKES_MAX)
		return true;
	l->battery_wakes[l->n_battery_wakes] = -1;
	l->energy_wakes[l->n_battery_wakes] = ENERGY_UNKNOWN;
	if (!json_object_scan(val, vlen, wake_member, l))
		return false;
	l->n_battery_wakes++;
	l->n_energy_wakes = l->n_battery_wakes;
	return true;
}

/* The members of a record whose value is a number, and where they go. */
static const struct {
	const char *key;
	size_t offset;
	int size;	/* of the field: 4 or 8 */
} number_members[] = {
	{ "seq", offsetof(struct last_cycle, seq), 8 },
	{ "suspended_at", offsetof(struct last_cycle, suspended_at), 8 },
	{ "woke_at", offsetof(struct last_cycle, woke_at), 8 },
	{ "result", offsetof(struct last_cycle, result), 4 },
	{ "battery_start", offsetof(struct last_cycle, battery_start), 4 },
	{ "battery_wake", offsetof(struct last_cycle, battery_wake), 4 },
	{ "energy_start_uwh", offsetof(struct last_cycle, energy_start), 8 },
	{ "energy_wake_uwh", offsetof(struct last_cycle, energy_wake), 8 },
	{ "energy_resume_uwh", offsetof(struct last_cycle, energy_resume), 8 },
	{ "energy_full_uwh", offsetof(struct last_cycle, energy_full), 8 },
	{ "dark_wakes", offsetof(struct last_cycle, dark_wakes), 4 },
	{ "dark_ms", offsetof(struct last_cycle, dark_ms), 8 },
	{ "energy_dark_uwh", offsetof(struct last_cycle, energy_dark), 8 },
	{ "hw_sleep_us", offsetof(struct last_cycle, hw_sleep_us), 8 },
};

static bool number_member(struct last_cycle *l, size_t i, const char *val, size_t vlen)
{
	char *field = (char *)l + number_members[i].offset;
	int64_t v;
	int32_t v32;

	if (!json_int(val, vlen, &v))
		return false;
	v32 = (int32_t)v;
	if (number_members[i].size == 8)
		memcpy(field, &v, sizeof(v));
	else
		memcpy(field, &v32, sizeof(v32));
	return true;
}

static bool cycle_member(const char *key, size_t klen, const char *val, size_t vlen, void *arg)
{
	struct last_cycle *l = arg;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(number_members); i++)
		if (key_is(key, klen, number_members[i].key))
			return number_member(l, i, val, vlen);
	if (key_is(key, klen, "wake"))
		return name_value(val, vlen, wake_name, __S2H_WAKE_MAX, &l->wake);
	if (key_is(key, klen, "decision"))
		return name_value(val, vlen, decision_name, __S2H_DECISION_MAX, &l->decision);
	if (key_is(key, klen, "on_ac"))
		l->on_ac = vlen == 4 && !memcmp(val, "true", 4);
	else if (key_is(key, klen, "wake_source"))
		json_plain_string(val, vlen, l->wake_source, sizeof(l->wake_source));
	else if (key_is(key, klen, "undone_by"))
		json_plain_string(val, vlen, l->undone_by, sizeof(l->undone_by));
	else if (key_is(key, klen, "state_ms"))
		return json_object_scan(val, vlen, state_member, l);
	else if (key_is(key, klen, "wakes"))
		return json_array_scan(val, vlen, wake_element, l);
	return true;
}

/**
 * cycle_of_record() - a record read back as the cycle it was made from
 * @line: the record, @len long, without its newline
 * @l: the result; what the record leaves out is unknown (-1), or 0
 *
 * Return: true for a valid record.
 */
bool cycle_of_record(const char *line, size_t len, struct last_cycle *l)
{
	memset(l, 0, sizeof(*l));
	l->battery_start = -1;
	l->battery_wake = -1;
	l->hw_sleep_us = -1;
	l->energy_start = ENERGY_UNKNOWN;
	l->energy_wake = ENERGY_UNKNOWN;
	l->energy_resume = ENERGY_UNKNOWN;
	l->energy_full = ENERGY_UNKNOWN;
	l->energy_dark = ENERGY_UNKNOWN;
	if (!json_object_scan(line, len, cycle_member, l) || !l->seq || !l->suspended_at)
		return false;
	l->wakes = l->n_battery_wakes;
	return true;
}

/* ---- The files ---- */

static int cycles_path(char *buf, size_t len, const char *dir, const char *name)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/* One file's records, oldest first; a torn or bad line skipped with a warning. */
static void read_file(const char *path, bool warn, record_fn fn, void *arg)
{
	struct cycle_key k;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	FILE *f;
	unsigned int nr = 0;

	f = file_open(path, CYCLES_READ_MAX);
	if (!f) {
		if (errno != ENOENT && warn)
			fprintf(stderr, "s2hctl: %s: %s: not read\n", path, file_open_error(errno));
		return;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		nr++;
		if (line[n - 1] != '\n') {
			if (warn)
				fprintf(stderr, "s2hctl: %s: the last record is torn (cut short as it was written: a power cut?): skipped\n",
					path);
			break;
		}
		line[--n] = '\0';
		if (!n)
			continue;
		if ((size_t)n >= CYCLES_LINE_MAX || !cycle_key_of(line, (size_t)n, &k)) {
			if (warn)
				fprintf(stderr, "s2hctl: %s:%u: not a record (torn by a power cut, or edited): skipped\n",
					path, nr);
			continue;
		}
		fn(line, (size_t)n, arg);
	}
	free(line);
	fclose(f);
}

/**
 * cycles_read() - every record kept, oldest first
 * @dir: the record's directory, cycles_dir()
 * @warn: say on stderr which lines were skipped
 * @fn: called for each valid record
 * @arg: for @fn
 *
 * The rotated file first, then the current one. A line that is not a
 * whole record - the last one cut short by a power cut, or anything that
 * is not JSON with a boot, seq and suspended_at - is skipped: a read
 * never fails for it.
 *
 * Return: 0, or -ENAMETOOLONG for a @dir too long.
 */
int cycles_read(const char *dir, bool warn, record_fn fn, void *arg)
{
	char path[PATH_MAX];

	if (cycles_path(path, sizeof(path), dir, CYCLES_OLD))
		return -ENAMETOOLONG;
	read_file(path, warn, fn, arg);
	cycles_path(path, sizeof(path), dir, CYCLES_FILE);
	read_file(path, warn, fn, arg);
	return 0;
}

/* A new name in @dir lasts once the directory is synced. */
static int sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret = 0;

	if (fd < 0)
		return -errno;
	if (fsync(fd))
		ret = -errno;
	close(fd);
	return ret;
}

static int write_all(int fd, const char *buf, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Opens the current file for appending; *@created when it was not there. */
static int open_current(const char *path, bool *created)
{
	int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0644);

	*created = fd >= 0;
	if (fd < 0 && errno == EEXIST)
		fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/*
 * A file whose last line was torn by a power cut gets its newline first:
 * the torn line stays one bad line, and the next record starts whole.
 */
static int end_torn_line(int fd, off_t size)
{
	char last;

	if (!size)
		return 0;
	if (pread(fd, &last, 1, size - 1) != 1)
		return -EIO;
	return last == '\n' ? 0 : write_all(fd, "\n", 1);
}

/* Past CYCLES_MAX_BYTES: the current file becomes the old one, replacing it. */
static int rotate(const char *dir, const char *path, int *fd, bool *created)
{
	char old[PATH_MAX];
	int ret;

	ret = cycles_path(old, sizeof(old), dir, CYCLES_OLD);
	if (!ret && rename(path, old))
		ret = -errno;
	if (!ret)
		ret = sync_dir(dir);
	if (ret)
		return ret;
	close(*fd);
	*fd = open_current(path, created);
	return *fd < 0 ? *fd : 0;
}

/**
 * cycles_append() - append one record, to last
 * @dir: the record's directory, created if missing (its parent must exist)
 * @line: the record, ending in a newline
 * @len: its length
 *
 * Return: 0 once the record is on the disk, or -errno.
 */
int cycles_append(const char *dir, const char *line, size_t len)
{
	char path[PATH_MAX];
	bool created;
	struct stat sb;
	int fd, ret;

	ret = cycles_path(path, sizeof(path), dir, CYCLES_FILE);
	if (ret)
		return ret;
	if (mkdir(dir, 0755) && errno != EEXIST)
		return -errno;
	fd = open_current(path, &created);
	if (fd < 0)
		return fd;
	ret = fstat(fd, &sb) ? -errno : end_torn_line(fd, sb.st_size);
	if (!ret && sb.st_size && (size_t)sb.st_size + len > CYCLES_MAX_BYTES)
		ret = rotate(dir, path, &fd, &created);
	if (!ret)
		ret = write_all(fd, line, len);
	if (!ret && fsync(fd))
		ret = -errno;
	if (!ret && created)
		ret = sync_dir(dir);
	if (fd >= 0)
		close(fd);
	return ret;
}

struct keys {
	struct cycle_key *k;
	size_t n, cap;
	const char *boot;
};

static void keys_add(struct keys *ks, const struct cycle_key *k)
{
	struct cycle_key *grown;

	if (ks->n == ks->cap) {
		grown = realloc(ks->k, (ks->cap * 2 + 16) * sizeof(*grown));
		if (!grown)
			return;	/* at worst a cycle recorded twice: never one lost */
		ks->k = grown;
		ks->cap = ks->cap * 2 + 16;
	}
	ks->k[ks->n++] = *k;
}

/* A record_fn: the keys of this boot's records. */
static void key_of_boot(const char *line, size_t len, void *arg)
{
	struct keys *ks = arg;
	struct cycle_key k;

	if (cycle_key_of(line, len, &k) && !strcmp(k.boot, ks->boot))
		keys_add(ks, &k);
}

static bool keys_have(const struct keys *ks, const struct cycle_key *k)
{
	size_t i;

	for (i = 0; i < ks->n; i++)
		if (ks->k[i].seq == k->seq && ks->k[i].suspended_at == k->suspended_at)
			return true;
	return false;
}

/**
 * cycles_sync() - record each cycle of the kernel's history that is over and not yet recorded
 * @dir: the record's directory
 * @boot: this boot's id
 * @cycles: the kernel's history, oldest first
 * @n: how many
 * @state: the module's state now, for cycle_final()
 *
 * Exactly once: a cycle is known by the boot, its seq and when it
 * suspended. The seq starts at 1 again at each load of the module, and
 * netlink tells no load from another; but a cycle of a new load
 * suspended after every cycle of the load before - a second later at
 * least, the clock's unit - unless the wall clock was set back meanwhile.
 * The records of this boot are read from the files each time, so that an
 * agent restarted, or resumed from an image, writes none twice.
 *
 * Return: how many were written, or -errno of the first that could not be.
 */
int cycles_sync(const char *dir, const char *boot, const struct last_cycle *cycles, size_t n,
		uint32_t state)
{
	struct keys ks = { .boot = boot };
	char line[CYCLES_LINE_MAX];
	struct cycle_key k;
	int written = 0, len, ret = 0;
	size_t i;

	cycles_read(dir, false, key_of_boot, &ks);
	for (i = 0; i < n && !ret; i++) {
		if (!cycle_final(&cycles[i], i == n - 1, state))
			continue;
		snprintf(k.boot, sizeof(k.boot), "%s", boot);
		k.seq = cycles[i].seq;
		k.suspended_at = cycles[i].suspended_at;
		if (keys_have(&ks, &k))
			continue;
		len = cycles_format(&cycles[i], boot, line, sizeof(line));
		ret = len < 0 ? -EOVERFLOW : cycles_append(dir, line, (size_t)len);
		if (!ret) {
			keys_add(&ks, &k);
			written++;
		}
	}
	free(ks.k);
	return ret ? ret : written;
}
