// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl apply FILE: the settings of /etc/s2h.conf, one "key = value" a
 * line, with the keys and values of "s2hctl set", then the dry run that
 * "check --verify" kept, when it holds for this kernel and resume device.
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
#include "conf.h"
#include "nl.h"
#include "record.h"

/* One pass over a file: what its lines set so far, and where. */
struct file_pass {
	const char *path;
	struct conn *c;			/* NULL: check only */
	struct settings seen;
	unsigned int line_of[N_SETTINGS];
};

/*
 * A line as apply reads it: its setting into @set, or 1 (nothing), or -1
 * (said why). A setting given twice is refused at its second line, as set
 * refuses it: which of the two was meant is the user's to say.
 */
static int read_line(struct file_pass *p, unsigned int n, const char *line,
		     struct settings *set)
{
	char why[WHY_LEN];
	int err = conf_parse_line(line, set, why);
	unsigned int i;

	if (err < 0)
		fprintf(stderr, "s2hctl: %s:%u: %s (see: s2hctl help set)\n", p->path, n, why);
	if (err)
		return err < 0 ? -1 : err;
	for (i = 0; i < N_SETTINGS; i++) {
		if (!(set->has & p->seen.has & SETTING_BIT(i)))
			continue;
		fprintf(stderr, "s2hctl: %s:%u: '%s' given twice (first on line %u): "
			"keep one of the two lines\n", p->path, n, setting_descs[i].key,
			p->line_of[i]);
		return -1;
	}
	for (i = 0; i < N_SETTINGS; i++)
		if (set->has & SETTING_BIT(i))
			p->line_of[i] = n;
	p->seen.has |= set->has;
	return 0;
}

/*
 * Each line goes to the kernel as a SET of its own: a value the kernel
 * refuses costs that line only, and the rest still applies. Without a
 * connection, the line is only checked.
 */
static int do_line(struct file_pass *p, unsigned int n, const char *line)
{
	struct settings set = {};
	int err = read_line(p, n, line, &set);

	if (err)
		return err < 0;
	if (p->c && nl_set(p->c, &set)) {
		fprintf(stderr, "s2hctl: %s:%u: not applied\n", p->path, n);
		return 1;
	}
	return 0;
}

/*
 * Each line of @path, with its number, through do_line(); one that fails
 * says why, as FILE:LINE. A directory, or a file that fails half read, is
 * an error of its own: getline() ends on either as on an empty file.
 * Return: 0, or 1 when a line or the file failed.
 */
static int for_each_line(const char *path, struct conn *c)
{
	struct file_pass p = { .path = path, .c = c };
	size_t size = 0;
	char *line = NULL;
	unsigned int n = 0;
	struct stat st;
	int ret = 0;
	FILE *f;

	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "s2hctl: cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		fprintf(stderr, "s2hctl: %s is a directory: give a settings file, such as "
			"/etc/s2h.conf\n", path);
		fclose(f);
		return 1;
	}
	while (getline(&line, &size, f) > 0)
		ret |= do_line(&p, ++n, line);
	if (ferror(f)) {
		fprintf(stderr, "s2hctl: cannot read %s: %s\n", path, strerror(errno));
		ret = 1;
	}
	free(line);
	fclose(f);
	return ret;
}

/* The kept dry run, when it holds for this kernel and resume device; on stdout. */
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
	if (!identity_same(&r.id, &now, why)) {
		printf("s2hctl: the dry run of %s is not restored: %s; run s2hctl check --verify "
		       "again\n", when, why);
		return 0;
	}
	err = nl_verify_restore(c, r.time, r.duration_ms);
	if (err == -EEXIST)
		return 0;
	if (!err)
		printf("s2hctl: restored the dry run that passed on %s with this kernel and "
		       "resume device\n", when);
	return err ? 1 : 0;
}

/**
 * apply_file() - apply every valid line of @path, then the kept dry run
 *
 * Return: 0 when everything applied; 1 when a line could not (each said
 * why on stderr, with file:line) or the file could not be read; EXIT_ABSENT.
 */
int apply_file(const char *path)
{
	struct conn c;
	int ret;

	ret = conn_open(&c);
	if (ret)
		return ret;
	ret = for_each_line(path, &c);
	ret |= restore_verified(&c);
	conn_close(&c);
	printf("s2hctl: %s applied%s\n", path, ret ? ", but for the lines above" : "");
	return ret;
}

/**
 * apply_check() - check every line of @path, as apply would, without the module
 *
 * Return: 0 when every line is good; 1 otherwise (each said why on stderr).
 */
int apply_check(const char *path)
{
	return for_each_line(path, NULL);
}
