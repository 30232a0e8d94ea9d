// SPDX-License-Identifier: GPL-2.0
/*
 * The record of cycles, read: JSON Lines of flat objects, with two nested
 * shapes (state_ms, an object of numbers; wakes, an array of objects of
 * numbers). A small parser of its own rather than a library: the format
 * is ours, and s2hctl.static must link without one. A key it does not
 * know is skipped, whatever its value, so that a newer writer's lines
 * still read; a value of the wrong type is left unknown.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report-read.h"
#include "array.h"
#include "cycles.h"
#include "lines.h"

/* Deeper than any line of the format: a line nesting more is not one. */
#define DEPTH_MAX	8

enum jtype { J_NONE, J_NULL, J_BOOL, J_NUM, J_STR, J_OTHER };

/* A scalar value; objects and arrays are J_OTHER, read or skipped by the caller. */
struct jval {
	enum jtype type;
	bool b;
	double num;
	char str[REPORT_NAME_LEN];
};

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	return p;
}

static int hex4(const char *p, unsigned int *v)
{
	unsigned int i;
	char digits[5];
	char *end;

	for (i = 0; i < 4; i++)
		if (!p[i])
			return -1;
	memcpy(digits, p, 4);
	digits[4] = '\0';
	*v = strtoul(digits, &end, 16);
	return *end ? -1 : 0;
}

/* The character of a one-letter escape: b, f, n, r or t. */
static char unescape(char c)
{
	static const char from[] = "bfnrt", to[] = "\b\f\n\r\t";

	return to[strchr(from, c) - from];
}

/* Append @c to @buf (of @len) at *@n, keeping room for the '\0'; cut when full. */
static void put(char *buf, size_t len, size_t *n, char c)
{
	if (buf && *n + 1 < len)
		buf[(*n)++] = c;
}

/*
 * A JSON string at *@p (its opening quote), into @buf, cut to fit; a
 * \u escape outside ASCII becomes '?' (a name, never compared further).
 * Return: after its closing quote, or NULL.
 */
static const char *parse_string(const char *p, char *buf, size_t len)
{
	size_t n = 0;
	unsigned int u;

	if (*p++ != '"')
		return NULL;
	for (; *p != '"'; p++) {
		if (!*p || (unsigned char)*p < 0x20)
			return NULL;
		if (*p != '\\') {
			put(buf, len, &n, *p);
			continue;
		}
		switch (*++p) {
		case '"': case '\\': case '/':
			put(buf, len, &n, *p);
			break;
		case 'b': case 'f': case 'n': case 'r': case 't':
			put(buf, len, &n, unescape(*p));
			break;
		case 'u':
			if (hex4(p + 1, &u))
				return NULL;
			put(buf, len, &n, u < 0x80 ? (char)u : '?');
			p += 4;
			break;
		default:
			return NULL;
		}
	}
	if (buf && len)
		buf[n] = '\0';
	return p + 1;
}

static const char *digits(const char *p)
{
	const char *q = p;

	while (*q >= '0' && *q <= '9')
		q++;
	return q > p ? q : NULL;
}

/* JSON's number grammar, narrower than strtod()'s ("0x1", "inf", ".5"). */
static const char *parse_number(const char *p, double *v)
{
	const char *q = p + (*p == '-');
	char *end;

	q = digits(q);
	if (q && *q == '.')
		q = digits(q + 1);
	if (q && (*q == 'e' || *q == 'E'))
		q = digits(q + 1 + (q[1] == '+' || q[1] == '-'));
	if (!q)
		return NULL;
	*v = strtod(p, &end);
	return end == q ? q : NULL;
}

static const char *skip_value(const char *p, int depth);

/* The members or elements of an object or array at *@p, skipped. */
static const char *skip_container(const char *p, int depth)
{
	char close = *p == '{' ? '}' : ']';

	if (depth >= DEPTH_MAX)
		return NULL;
	p = skip_ws(p + 1);
	if (*p == close)
		return p + 1;
	for (;;) {
		if (close == '}') {
			p = parse_string(p, NULL, 0);
			if (!p)
				return NULL;
			p = skip_ws(p);
			if (*p++ != ':')
				return NULL;
		}
		p = skip_value(skip_ws(p), depth + 1);
		if (!p)
			return NULL;
		p = skip_ws(p);
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
		p = skip_ws(p);
	}
}

static const char *literal(const char *p, const char *word)
{
	size_t n = strlen(word);

	return strncmp(p, word, n) ? NULL : p + n;
}

/* A scalar into @v; an object or array is checked, skipped and J_OTHER. */
static const char *parse_value(const char *p, struct jval *v, int depth)
{
	const char *q;

	v->type = J_OTHER;
	switch (*p) {
	case '{': case '[':
		return skip_container(p, depth);
	case '"':
		v->type = J_STR;
		return parse_string(p, v->str, sizeof(v->str));
	case 't': case 'f':
		v->type = J_BOOL;
		v->b = *p == 't';
		return literal(p, v->b ? "true" : "false");
	case 'n':
		v->type = J_NULL;
		return literal(p, "null");
	}
	v->type = J_NUM;
	q = parse_number(p, &v->num);
	return q;
}

static const char *skip_value(const char *p, int depth)
{
	struct jval v;

	return parse_value(p, &v, depth);
}

/*
 * Walk the object at *@p: @fn(@arg, key, p) for each member, which returns
 * after its value (NULL: bad). Return: after the object, or NULL.
 */
static const char *each_member(const char *p, const char *(*fn)(void *, const char *, const char *),
			       void *arg)
{
	char key[32];

	if (*p != '{')
		return NULL;
	p = skip_ws(p + 1);
	if (*p == '}')
		return p + 1;
	for (;;) {
		p = parse_string(p, key, sizeof(key));
		if (!p)
			return NULL;
		p = skip_ws(p);
		if (*p++ != ':')
			return NULL;
		p = fn(arg, key, skip_ws(p));
		if (!p)
			return NULL;
		p = skip_ws(p);
		if (*p == '}')
			return p + 1;
		if (*p++ != ',')
			return NULL;
		p = skip_ws(p);
	}
}

/* A count or time: whole and not negative, else unknown. */
static void set_count(int64_t *dst, const struct jval *v)
{
	if (v->type == J_NUM && v->num >= 0 && v->num < 9.2e18 &&
	    v->num == (double)(int64_t)v->num)
		*dst = (int64_t)v->num;
}

static void set_real(double *dst, const struct jval *v)
{
	if (v->type == J_NUM)
		*dst = v->num;
}

static const char *state_member(void *arg, const char *key, const char *p)
{
	static const char * const names[RS_MAX] = {
		[RS_IDLE] = "idle", [RS_ARMED] = "armed", [RS_HIBERNATING] = "hibernating",
		[RS_RESUMING] = "resuming", [RS_HANDOFF] = "handoff",
	};
	int64_t *state_ms = arg;
	struct jval v;
	size_t i;

	p = parse_value(p, &v, 2);
	for (i = 0; p && i < RS_MAX; i++)
		if (!strcmp(key, names[i]))
			set_count(&state_ms[i], &v);
	return p;
}

/* One element of wakes: its battery and energy, either may be missing. */
struct wake_slot {
	double battery;
	int64_t energy_uwh;
};

static const char *wake_member(void *arg, const char *key, const char *p)
{
	struct wake_slot *w = arg;
	struct jval v;

	p = parse_value(p, &v, 3);
	if (p && !strcmp(key, "battery"))
		set_real(&w->battery, &v);
	else if (p && !strcmp(key, "energy_uwh"))
		set_count(&w->energy_uwh, &v);
	return p;
}

/* wakes: an array of objects; those past REPORT_WAKES_MAX are read and left out. */
static const char *parse_wakes(const char *p, struct report_cycle *c)
{
	struct wake_slot w;

	if (*p != '[')
		return skip_value(p, 1);
	p = skip_ws(p + 1);
	if (*p == ']')
		return p + 1;
	for (;;) {
		w.battery = NAN;
		w.energy_uwh = -1;
		p = each_member(p, wake_member, &w);
		if (!p)
			return NULL;
		if (c->n_wakes < REPORT_WAKES_MAX) {
			c->wake_battery[c->n_wakes] = w.battery;
			c->wake_energy_uwh[c->n_wakes++] = w.energy_uwh;
		}
		p = skip_ws(p);
		if (*p == ']')
			return p + 1;
		if (*p++ != ',')
			return NULL;
		p = skip_ws(p);
	}
}

enum ftype { F_COUNT, F_SIGNED, F_REAL, F_WORD, F_BOOL };

#define FIELD(name, type, member) \
	{ name, type, offsetof(struct report_cycle, member), \
	  sizeof(((struct report_cycle *)0)->member) }

/* The flat fields: each key's type and where it goes. */
static const struct field {
	const char *key;
	enum ftype type;
	size_t off, len;
} fields[] = {
	FIELD("boot", F_WORD, boot),
	FIELD("seq", F_COUNT, seq),
	FIELD("suspended_at", F_COUNT, suspended_at),
	FIELD("woke_at", F_COUNT, woke_at),
	FIELD("wake", F_WORD, wake),
	FIELD("decision", F_WORD, decision),
	FIELD("result", F_SIGNED, result),
	FIELD("on_ac", F_BOOL, on_ac),
	FIELD("battery_start", F_REAL, battery_start),
	FIELD("battery_wake", F_REAL, battery_wake),
	FIELD("energy_start_uwh", F_COUNT, energy_start_uwh),
	FIELD("energy_wake_uwh", F_COUNT, energy_wake_uwh),
	FIELD("energy_resume_uwh", F_COUNT, energy_resume_uwh),
	FIELD("energy_full_uwh", F_COUNT, energy_full_uwh),
	FIELD("dark_wakes", F_COUNT, dark_wakes),
	FIELD("dark_ms", F_COUNT, dark_ms),
	FIELD("energy_dark_uwh", F_COUNT, energy_dark_uwh),
	FIELD("wake_source", F_WORD, wake_source),
	FIELD("undone_by", F_WORD, undone_by),
	FIELD("hw_sleep_us", F_COUNT, hw_sleep_us),
	FIELD("drain_suspended_mw", F_REAL, drain_suspended_mw),
	FIELD("drain_suspended_pct_h", F_REAL, drain_suspended_pct_h),
	FIELD("drain_hibernated_mw", F_REAL, drain_hibernated_mw),
	FIELD("drain_hibernated_pct_h", F_REAL, drain_hibernated_pct_h),
	FIELD("drain_dark_mw", F_REAL, drain_dark_mw),
	FIELD("drain_dark_pct_h", F_REAL, drain_dark_pct_h),
	FIELD("image_write_ms", F_COUNT, image_write_ms),
	FIELD("image_read_ms", F_COUNT, image_read_ms),
};

static void set_field(struct report_cycle *c, const struct field *f, const struct jval *v)
{
	char *dst = (char *)c + f->off;

	switch (f->type) {
	case F_COUNT:
		set_count((int64_t *)dst, v);
		break;
	case F_SIGNED:
		if (v->type == J_NUM && v->num > -1e6 && v->num < 1e6) {
			c->result = (int)v->num;
			c->has_result = true;
		}
		break;
	case F_REAL:
		set_real((double *)dst, v);
		break;
	case F_WORD:
		if (v->type == J_STR)
			snprintf(dst, f->len, "%s", v->str);
		break;
	case F_BOOL:
		if (v->type == J_BOOL)
			*(int *)dst = v->b;
		break;
	}
}

static const char *cycle_member(void *arg, const char *key, const char *p)
{
	struct report_cycle *c = arg;
	struct jval v;
	size_t i;

	if (!strcmp(key, "state_ms"))
		return *p == '{' ? each_member(p, state_member, c->state_ms) : skip_value(p, 1);
	if (!strcmp(key, "wakes"))
		return parse_wakes(p, c);
	p = parse_value(p, &v, 1);
	for (i = 0; p && i < ARRAY_SIZE(fields); i++)
		if (!strcmp(key, fields[i].key))
			set_field(c, &fields[i], &v);
	return p;
}

static void cycle_unknown(struct report_cycle *c)
{
	int i;

	int64_t *counts[] = {
		&c->seq, &c->suspended_at, &c->woke_at, &c->energy_start_uwh, &c->energy_wake_uwh,
		&c->energy_resume_uwh, &c->energy_full_uwh, &c->dark_wakes, &c->hw_sleep_us,
		&c->image_write_ms, &c->image_read_ms, &c->dark_ms, &c->energy_dark_uwh,
	};
	double *reals[] = {
		&c->battery_start, &c->battery_wake, &c->drain_suspended_mw,
		&c->drain_suspended_pct_h, &c->drain_hibernated_mw, &c->drain_hibernated_pct_h,
		&c->drain_dark_mw, &c->drain_dark_pct_h,
	};
	size_t k;

	memset(c, 0, sizeof(*c));
	for (k = 0; k < ARRAY_SIZE(counts); k++)
		*counts[k] = -1;
	for (k = 0; k < ARRAY_SIZE(reals); k++)
		*reals[k] = NAN;
	for (i = 0; i < RS_MAX; i++)
		c->state_ms[i] = -1;
	c->on_ac = -1;
}

/**
 * report_parse_line() - one line of the record
 * @line: the text, its newline optional
 * @c: filled; what the line leaves out is unknown (see struct report_cycle)
 *
 * Return: 0; -EINVAL when it is no JSON object (a line cut short), or one
 * without suspended_at, which no night can hold.
 */
int report_parse_line(const char *line, struct report_cycle *c)
{
	const char *p;

	cycle_unknown(c);
	p = each_member(skip_ws(line), cycle_member, c);
	if (!p || *skip_ws(p))
		return -EINVAL;
	return c->suspended_at < 0 ? -EINVAL : 0;
}

static int append(struct report_cycles *out, const struct report_cycle *c)
{
	struct report_cycle *more;

	if (out->n == out->cap) {
		more = reallocarray(out->c, out->cap ? out->cap * 2 : 64, sizeof(*more));
		if (!more)
			return -ENOMEM;
		out->c = more;
		out->cap = out->cap ? out->cap * 2 : 64;
	}
	out->c[out->n++] = *c;
	return 0;
}

/**
 * report_read_file() - the cycles of one file, appended to @out
 * @path: the file
 * @warn: where a skipped line is said, one line each
 * @out: the cycles so far
 *
 * A line that is no cycle - the last one cut short by a power cut - is
 * skipped with a warning, never a failure.
 * Return: 0, or a negative errno (the file cannot be read).
 */
int report_read_file(const char *path, FILE *warn, struct report_cycles *out)
{
	struct report_cycle c;
	unsigned long lineno = 0;
	size_t cap = 0;
	char *line = NULL;
	FILE *f = file_open(path, CYCLES_READ_MAX);
	int err = 0;

	if (!f)
		return -errno;
	while (!err && getline(&line, &cap, f) > 0) {
		lineno++;
		if (!*skip_ws(line))
			continue;
		if (report_parse_line(line, &c)) {
			fprintf(warn, "s2hctl: report: %s:%lu: not a whole cycle (cut short by a "
				"power cut?): skipped\n", path, lineno);
			continue;
		}
		err = append(out, &c);
	}
	if (!err && ferror(f))
		err = -EIO;
	free(line);
	fclose(f);
	return err;
}

/**
 * report_read() - the record at @path
 * @path: a directory (cycles.jsonl.1, then cycles.jsonl; either may be
 *        missing, not both) or one file
 * @warn: where skipped lines are said
 * @out: filled, oldest file first; report_cycles_free() it
 *
 * Return: 0, -ENOENT when there is no record, or another negative errno.
 */
int report_read(const char *path, FILE *warn, struct report_cycles *out)
{
	static const char * const names[] = { RECORD_FILE_OLD, RECORD_FILE };
	char file[4096];
	struct stat sb;
	bool found = false;
	size_t i;
	int err;

	memset(out, 0, sizeof(*out));
	if (stat(path, &sb))
		return -errno;
	if (!S_ISDIR(sb.st_mode))
		return report_read_file(path, warn, out);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if ((size_t)snprintf(file, sizeof(file), "%s/%s", path, names[i]) >= sizeof(file))
			return -ENAMETOOLONG;
		err = report_read_file(file, warn, out);
		if (err == -ENOENT)
			continue;
		if (err)
			return err;
		found = true;
	}
	return found ? 0 : -ENOENT;
}

void report_cycles_free(struct report_cycles *l)
{
	free(l->c);
	memset(l, 0, sizeof(*l));
}
