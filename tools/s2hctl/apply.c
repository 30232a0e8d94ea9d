// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl apply FILE: the settings of /etc/s2h.conf, one "key = value" a
 * line, with the keys and values of "s2hctl set", and of its drop-ins in
 * /etc/s2h.conf.d/, later files winning; then the dry run that
 * "check --verify" kept, when it holds for this kernel, resume device and
 * boot path (the initramfs: record.c, bootpath.c).
 * Run by s2h.service whenever the module is loaded (dist/), so that both
 * survive a reboot and what it says lands in the journal.
 * "apply --check FILE" reads the file only, as "sshd -t" does.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "apply.h"
#include "json.h"
#include "conf.h"
#include "nl.h"
#include "output.h"
#include "record.h"
#include "waketest.h"

/*
 * The winning lines of @cs, in the order of the files and their lines, each
 * to the kernel as a SET of its own: a value the kernel refuses costs that
 * line only, and the rest still applies. Return: 0, or 1 when one was
 * refused.
 */
static int send_lines(struct conn *c, const struct conf_set *cs)
{
	unsigned int order[N_SETTINGS], n = 0, i, j, k;
	struct settings one;
	int ret = 0;

	for (i = 0; i < N_SETTINGS; i++) {
		if (!(cs->set.has & SETTING_BIT(i)))
			continue;
		for (j = n; j > 0; j--) {
			k = order[j - 1];
			if (cs->file_of[k] < cs->file_of[i] ||
			    (cs->file_of[k] == cs->file_of[i] && cs->line_of[k] < cs->line_of[i]))
				break;
			order[j] = k;
		}
		order[j] = i;
		n++;
	}
	for (j = 0; j < n; j++) {
		i = order[j];
		memset(&one, 0, sizeof(one));
		one.has = SETTING_BIT(i);
		one.val[i] = cs->set.val[i];
		if (nl_set(c, &one)) {
			fprintf(stderr, "s2hctl: %s:%u: not applied\n", cs->files[cs->file_of[i]],
				cs->line_of[i]);
			ret = 1;
		}
	}
	return ret;
}

/* The kept dry run, when it holds for this kernel, resume device and boot path; on stdout. */
static int restore_verified(struct conn *c)
{
	char why[WHY_LEN], when[32];
	struct identity now;
	struct record r;
	time_t t;
	int err;

	err = record_load(&r);
	if (err == -ENOENT)
		return 0;
	if (err) {
		fprintf(stderr, "s2hctl: %s is damaged: run s2hctl check --verify again\n",
			RECORD_PATH);
		return 1;
	}
	t = (time_t)r.time;
	strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", localtime(&t));
	if (identity_read(&now))
		return 1;
	if (!record_holds(&r, &now, why)) {
		printf("s2hctl: the dry run of %s is not restored: %s; run s2hctl check --verify "
		       "again\n", when, why);
		return 0;
	}
	err = nl_verify_restore(c, r.time, r.duration_ms);
	if (err == -EEXIST)
		return 0;
	if (!err)
		printf("s2hctl: restored the dry run that passed on %s with this kernel, "
		       "resume device and initramfs\n", when);
	return err ? 1 : 0;
}

/* "FILE applied", or "FILE, FILE.d/10-a.conf, FILE.d/50-b.conf applied". */
static void print_applied(const struct conf_set *cs, int ret)
{
	size_t f;

	printf("s2hctl: ");
	for (f = 0; f < cs->n_files; f++)
		printf("%s%s", f ? ", " : "", cs->files[f]);
	printf(" applied%s\n", ret ? ", but for the lines above" : "");
}

/**
 * apply_file() - apply the settings of @path and its drop-ins, then the kept dry run
 *
 * The drop-ins are @path.d/ *.conf (conf_load()): for each setting, the
 * last good line wins, and only that line is sent.
 *
 * Return: 0 when everything applied; 1 when a line could not (each said
 * why on stderr, with file:line) or a file could not be read; EXIT_ABSENT.
 */
int apply_file(const char *path)
{
	struct conf_set cs;
	struct conn c;
	int ret;

	ret = conn_open(&c);
	if (ret)
		return ret;
	ret = conf_load(path, &cs, true);
	ret |= send_lines(&c, &cs);
	ret |= restore_verified(&c);
	ret |= wake_test_restore(&c);
	conn_close(&c);
	print_applied(&cs, ret);
	conf_set_free(&cs);
	return ret;
}

/**
 * apply_check() - check every line of @path and its drop-ins, as apply would, without the module
 *
 * Return: 0 when every line is good; 1 otherwise (each said why on stderr).
 */
int apply_check(const char *path)
{
	struct conf_set cs;
	int ret = conf_load(path, &cs, true);

	conf_set_free(&cs);
	return ret;
}

/* Where the module keeps the values it loaded with: its defaults, or modprobe.d's options. */
#define PARAMS_DIR	"/sys/module/s2h/parameters"

/* The value @d had at the module's load, as its parameter shows it. Return: 0 or -1. */
static int load_value(const struct setting_desc *d, uint32_t *val)
{
	char path[128], text[64], *end;
	unsigned long n;
	FILE *f;
	size_t i;

	snprintf(path, sizeof(path), PARAMS_DIR "/%s", d->file);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (!fgets(text, sizeof(text), f))
		text[0] = '\0';
	fclose(f);
	text[strcspn(text, "\n")] = '\0';
	if (d->kind == SETTING_WORD) {
		for (i = 0; d->words[i]; i++) {
			if (!strcmp(text, d->words[i])) {
				*val = (uint32_t)i;
				return 0;
			}
		}
		return -1;
	}
	errno = 0;
	n = strtoul(text, &end, 10);
	if (!*text || *end || errno || n > UINT32_MAX)
		return -1;
	*val = (uint32_t)n;
	return 0;
}

/* Where a setting's value comes from, as show --origin says it. */
enum origin {
	ORIGIN_FILE,		/* the winning line of the files, and the module has it */
	ORIGIN_DEFAULT,		/* no line; the module has the value it loaded with */
	ORIGIN_RUNTIME,		/* the module has another value than the files or its load */
	ORIGIN_UNKNOWN,		/* no line, and the value it loaded with unknown */
};

static const char * const origin_names[] = {
	[ORIGIN_FILE] = "file",
	[ORIGIN_DEFAULT] = "default",
	[ORIGIN_RUNTIME] = "runtime",
	[ORIGIN_UNKNOWN] = "unknown",
};

/* What set @i: @other is the value of the files or of the load when they differ. */
static enum origin origin_of(const struct conf_set *cs, const struct status *st,
			     unsigned int i, uint32_t *other)
{
	if (cs->set.has & SETTING_BIT(i)) {
		*other = cs->set.val[i];
		return st->val[i] == *other ? ORIGIN_FILE : ORIGIN_RUNTIME;
	}
	if (load_value(&setting_descs[i], other))
		return ORIGIN_UNKNOWN;
	return st->val[i] == *other ? ORIGIN_DEFAULT : ORIGIN_RUNTIME;
}

/* Columns counted in characters: "°" is two bytes. */
static int width(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static void print_origin_text(const struct conf_set *cs, const struct status *st)
{
	char val[VALUE_LEN], word[DURATION_LEN];
	const struct setting_desc *d;
	bool runtime = false;
	int cols = 0, keys = 0, w;
	uint32_t other;
	unsigned int i;

	for (i = 0; i < N_SETTINGS; i++) {
		w = width(format_setting(&setting_descs[i], st->val[i], val));
		cols = w > cols ? w : cols;
		w = (int)strlen(setting_descs[i].key);
		keys = w > keys ? w : keys;
	}
	for (i = 0; i < N_SETTINGS; i++) {
		enum origin o = origin_of(cs, st, i, &other);
		bool in_files = cs->set.has & SETTING_BIT(i);

		if (!(st->has & SETTING_BIT(i)))
			continue;
		d = &setting_descs[i];
		format_setting(d, st->val[i], val);
		printf("%s:%*s%s%*s  ", d->key, keys + 1 - (int)strlen(d->key), "", val,
		       cols - width(val), "");
		if (o == ORIGIN_FILE)
			printf("%s:%u\n", cs->files[cs->file_of[i]], cs->line_of[i]);
		else if (o == ORIGIN_RUNTIME && in_files)
			printf("runtime (%s:%u says %s)\n", cs->files[cs->file_of[i]],
			       cs->line_of[i], format_setting_word(d, other, word));
		else if (o == ORIGIN_RUNTIME)
			printf("runtime (loaded with %s)\n", format_setting_word(d, other, word));
		else if (o == ORIGIN_DEFAULT)
			printf("default\n");
		else
			printf("unknown (not in the files; %s unreadable)\n", PARAMS_DIR);
		runtime |= o == ORIGIN_RUNTIME;
	}
	if (runtime)
		printf("\nruntime: the module's value is not what the files say, nor what it loaded\n"
		       "with: set without --save, a line the kernel refused, or files changed since\n"
		       "they were applied. It is lost at the next load.\n");
}

/* {"delay_sec":{"value":10800,"origin":"file","file":"...","line":3},...} */
static void print_origin_json(const struct conf_set *cs, const struct status *st)
{
	char val[VALUE_LEN];
	const struct setting_desc *d;
	const char *sep = "";
	uint32_t other;
	unsigned int i;

	printf("{");
	for (i = 0; i < N_SETTINGS; i++) {
		enum origin o = origin_of(cs, st, i, &other);

		if (!(st->has & SETTING_BIT(i)))
			continue;
		d = &setting_descs[i];
		printf("%s\"%s\":{\"value\":", sep, d->file);
		sep = ",";
		if (d->kind == SETTING_BOOL)
			printf("%s", st->val[i] ? "true" : "false");
		else if (d->kind == SETTING_WORD)
			printf("\"%s\"", format_setting(d, st->val[i], val));
		else
			printf("%u", st->val[i]);
		printf(",\"origin\":\"%s\"", origin_names[o]);
		if (cs->set.has & SETTING_BIT(i)) {
			printf(",\"file\":");
			fput_json_string(stdout, cs->files[cs->file_of[i]]);
			printf(",\"line\":%u", cs->line_of[i]);
		}
		printf("}");
	}
	printf("}\n");
}

/**
 * show_origin() - each setting of the module, and the file and line that set it
 *
 * The files are @path and its drop-ins, read as apply reads them, the
 * values the module's own: a value neither the files nor the module's load
 * gave is "runtime". A bad line sets nothing here either; one line on
 * stderr says there are some, after a file that cannot be read.
 *
 * Return: 0, or the exit status of a failed GET.
 */
int show_origin(const char *path, bool json)
{
	struct conf_set cs;
	struct status st;
	struct conn c;
	int ret, bad;

	ret = conn_open(&c);
	if (ret)
		return ret;
	ret = nl_get(&c, &st, false);
	conn_close(&c);
	if (ret)
		return ret;
	bad = conf_load(path, &cs, false);
	if (json)
		print_origin_json(&cs, &st);
	else
		print_origin_text(&cs, &st);
	if (bad)
		fprintf(stderr, "s2hctl: lines of the files are bad or unread, and set "
			"nothing above: s2hctl apply --check %s names them\n", path);
	conf_set_free(&cs);
	return 0;
}
