// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl apply FILE: the settings of /etc/s2h.conf, one "key = value" a
 * line, with the keys and values of "s2hctl set", and of its drop-ins in
 * /etc/s2h.conf.d/, later files winning; then the dry run that
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
