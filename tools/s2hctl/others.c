// SPDX-License-Identifier: GPL-2.0
/*
 * s2h arms its alarm in every suspend. Another suspend-then-hibernate
 * arms one of its own in the same suspend: logind's HandleLidSwitch= (and
 * the other Handle*=, IdleAction=) set to suspend-then-hibernate, the
 * timing of systemd-sleep's (HibernateDelaySec=, SuspendEstimationSec=)
 * for whatever calls it, and KDE Plasma's "Standby, then hibernate",
 * which calls logind's SuspendThenHibernate. Which of the two then
 * hibernates, and when, is a race: each is named, with the line that sets
 * it and how to turn it off.
 *
 * systemd's files are read as systemd does (systemd.syntax(7)): the first
 * main file of /etc, /run, /usr/local/lib and /usr/lib, then the drop-ins
 * of all four sorted by name, a name in an earlier directory hiding it in
 * a later one; the last assignment of a key wins.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "array.h"
#include "lines.h"
#include "others.h"

static const char * const systemd_dirs[] = {
	"/etc/systemd",
	"/run/systemd",
	"/usr/local/lib/systemd",
	"/usr/lib/systemd",
};

#define MAX_KEYS	32
#define MAX_DROPINS	64

/* The winning assignments of the keys a reader wants, and where they are. */
struct sd_conf {
	struct other_sth set[MAX_KEYS];
	unsigned int n;
	bool (*want)(const char *key);
};

/* Trailing blanks off @s. */
static char *rstrip(char *s)
{
	size_t n = strlen(s);

	while (n && strchr(" \t\r\n", s[n - 1]))
		s[--n] = '\0';
	return s;
}

static void sd_assign(struct sd_conf *c, const char *file, unsigned int line, const char *key,
		      const char *value)
{
	struct other_sth *o = NULL;
	unsigned int i;

	for (i = 0; i < c->n && !o; i++)
		if (!strcmp(c->set[i].key, key))
			o = &c->set[i];
	if (!o && c->n == MAX_KEYS)
		return;
	if (!o)
		o = &c->set[c->n++];
	snprintf(o->file, sizeof(o->file), "%s", file);
	o->line = line;
	snprintf(o->key, sizeof(o->key), "%s", key);
	snprintf(o->value, sizeof(o->value), "%s", value);
}

/* A "Key = value" line into @arg, a struct sd_conf; sections, comments and blank lines skipped. */
static bool sd_line(const char *path, char *buf, unsigned int n, void *arg)
{
	struct sd_conf *c = arg;
	char *line = buf + strspn(buf, " \t"), *eq = strchr(line, '=');

	if (!eq || strchr("#;[", *line))
		return true;
	*eq = '\0';
	rstrip(line);
	if (c->want(line))
		sd_assign(c, path, n, line, rstrip(eq + 1 + strspn(eq + 1, " \t")));
	return true;
}

static int by_name(const void *a, const void *b)
{
	const char *x = strrchr(*(const char * const *)a, '/');
	const char *y = strrchr(*(const char * const *)b, '/');

	return strcmp(x, y);
}

static bool has_name(char **paths, unsigned int n, const char *name)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(strrchr(paths[i], '/') + 1, name))
			return true;
	return false;
}

/* @name's drop-ins, each name from the first directory that has it, in the order read. */
static unsigned int sd_dropins(const char *root, const char *name, char *paths[MAX_DROPINS])
{
	char dir[4096];
	unsigned int n = 0;
	struct dirent *e;
	size_t d, len;
	DIR *dp;

	for (d = 0; d < ARRAY_SIZE(systemd_dirs); d++) {
		snprintf(dir, sizeof(dir), "%s%s/%s.d", root, systemd_dirs[d], name);
		dp = opendir(dir);
		if (!dp)
			continue;
		while ((e = readdir(dp)) && n < MAX_DROPINS) {
			len = strlen(e->d_name);
			if (len <= 5 || strcmp(e->d_name + len - 5, ".conf") ||
			    has_name(paths, n, e->d_name))
				continue;
			if (asprintf(&paths[n], "%s/%s.d/%s", systemd_dirs[d], name, e->d_name) > 0)
				n++;
		}
		closedir(dp);
	}
	qsort(paths, n, sizeof(paths[0]), by_name);
	return n;
}

static void sd_conf_read(const char *root, const char *name, struct sd_conf *c)
{
	char *paths[MAX_DROPINS], path[4096];
	unsigned int i, n;
	size_t d;

	for (d = 0; d < ARRAY_SIZE(systemd_dirs); d++) {
		snprintf(path, sizeof(path), "%s%s/%s", root, systemd_dirs[d], name);
		if (!access(path, F_OK)) {
			root_lines(root, path + strlen(root), sd_line, c);
			break;
		}
	}
	n = sd_dropins(root, name, paths);
	for (i = 0; i < n; i++) {
		root_lines(root, paths[i], sd_line, c);
		free(paths[i]);
	}
}

/* logind's actions: HandleLidSwitch=, HandleSuspendKey=, ..., IdleAction=. */
static bool logind_key(const char *key)
{
	return !strncmp(key, "Handle", 6) || !strcmp(key, "IdleAction");
}

static unsigned int logind_find(const char *root, other_fn fn, void *arg)
{
	struct sd_conf c = { .want = logind_key };
	unsigned int i, found = 0;
	struct other_sth o;

	sd_conf_read(root, "logind.conf", &c);
	for (i = 0; i < c.n; i++) {
		if (strcmp(c.set[i].value, "suspend-then-hibernate"))
			continue;
		o = c.set[i];
		o.what = "logind's own suspend-then-hibernate, with its own alarm beside s2h's";
		snprintf(o.fix, sizeof(o.fix), "%s=suspend there: s2h hibernates after its delay;"
			 " it holds from the next boot\n(or at once after sudo systemctl restart "
			 "systemd-logind, which can end the graphical session)", c.set[i].key);
		fn(&o, arg);
		found++;
	}
	return found;
}

static bool sleep_key(const char *key)
{
	return !strcmp(key, "HibernateDelaySec") || !strcmp(key, "SuspendEstimationSec") ||
	       !strcmp(key, "AllowSuspendThenHibernate");
}

static bool is_no(const char *value)
{
	return !strcmp(value, "no") || !strcmp(value, "false") || !strcmp(value, "0") ||
	       !strcmp(value, "off");
}

/* The timing of systemd's, unless AllowSuspendThenHibernate=no turned it off. */
static unsigned int sleep_find(const char *root, other_fn fn, void *arg)
{
	struct sd_conf c = { .want = sleep_key };
	unsigned int i, found = 0;
	struct other_sth *o;

	sd_conf_read(root, "sleep.conf", &c);
	for (i = 0; i < c.n; i++)
		if (!strcmp(c.set[i].key, "AllowSuspendThenHibernate") && is_no(c.set[i].value))
			return 0;
	for (i = 0; i < c.n; i++) {
		o = &c.set[i];
		if (!strcmp(o->key, "AllowSuspendThenHibernate") || !o->value[0])
			continue;
		o->what = "systemd-sleep's suspend-then-hibernate: whatever calls it arms systemd's "
			  "alarm beside s2h's";
		snprintf(o->fix, sizeof(o->fix), "remove the line; or turn systemd's off: "
			 "AllowSuspendThenHibernate=no under [Sleep]\nin "
			 "/etc/systemd/sleep.conf.d/s2h.conf (then nothing can call it)");
		fn(o, arg);
		found++;
	}
	return found;
}

/* KDE Plasma's setting, in a user's ~/.config: the file, its group, the key and value. */
static const struct {
	const char *file;
	const char *group;
	const char *key;
	const char *value;
	const char *what;
	const char *fix;
} kde_keys[] = {
	{ "/.config/powerdevilrc", "][SuspendAndShutdown]", "SleepMode", "3",
	  "KDE Plasma's \"Standby, then hibernate\", which calls logind's SuspendThenHibernate",
	  "System Settings > Power Management > %s: \"When sleeping, enter: Standby\"\n"
	  "(SleepMode=1 in that group), as that user" },
	{ "/.config/powermanagementprofilesrc", "][SuspendSession]", "suspendThenHibernate", "true",
	  "KDE Plasma 5's suspend then hibernate, which calls logind's SuspendThenHibernate",
	  "suspendThenHibernate=false in that group (System Settings > Power Management\n"
	  "> %s), as that user" },
};

/* A user's KDE file being read for kde_keys[k]: the group it is in, what was found. */
struct kde_read {
	size_t k;
	char profile[64];
	struct other_sth o;
	unsigned int found;
	other_fn fn;
	void *arg;
};

static bool kde_line(const char *path, char *buf, unsigned int n, void *arg)
{
	struct kde_read *r = arg;
	size_t k = r->k, klen = strlen(kde_keys[k].key);
	char *end;

	(void)path;
	rstrip(buf);
	if (buf[0] == '[') {
		end = strstr(buf, kde_keys[k].group);
		r->profile[0] = '\0';
		if (end && end[strlen(kde_keys[k].group)] == '\0')
			snprintf(r->profile, sizeof(r->profile), "%.*s", (int)(end - buf - 1),
				 buf + 1);
		return true;
	}
	if (!r->profile[0] || strncmp(buf, kde_keys[k].key, klen) || buf[klen] != '=' ||
	    strcmp(buf + klen + 1, kde_keys[k].value))
		return true;
	r->o.line = n;
	/* Bounded so that the compiler sees it fit: profiles and keys are short. */
	snprintf(r->o.key, sizeof(r->o.key), "[%.40s]%.20s", r->profile, kde_keys[k].key);
	snprintf(r->o.value, sizeof(r->o.value), "%s", kde_keys[k].value);
	r->o.what = kde_keys[k].what;
	snprintf(r->o.fix, sizeof(r->o.fix), kde_keys[k].fix, r->profile);
	r->fn(&r->o, r->arg);
	r->found++;
	return true;
}

/* The settings of kde_keys[@k] in @home's file that make it a suspend-then-hibernate. */
static unsigned int kde_file(const char *root, const char *home, size_t k, other_fn fn, void *arg)
{
	struct kde_read r = { .k = k, .fn = fn, .arg = arg };

	snprintf(r.o.file, sizeof(r.o.file), "%s%s", home, kde_keys[k].file);
	root_lines(root, r.o.file, kde_line, &r);
	return r.found;
}

#define MAX_HOMES	256

static void add_home(char *homes[MAX_HOMES], unsigned int *n, const char *home)
{
	unsigned int i;

	if (*n == MAX_HOMES || home[0] != '/' || !home[1] || !strcmp(home, "/nonexistent"))
		return;
	for (i = 0; i < *n; i++)
		if (!strcmp(homes[i], home))
			return;
	homes[*n] = strdup(home);
	if (homes[*n])
		(*n)++;
}

struct homes {
	char **homes;
	unsigned int n;
};

/* A passwd line's home directory: its sixth field. */
static bool passwd_line(const char *path, char *line, unsigned int n, void *arg)
{
	struct homes *h = arg;
	char *field = line;
	unsigned int i;

	(void)path;
	(void)n;
	for (i = 0; i < 5 && field; i++) {
		field = strchr(field, ':');
		field = field ? field + 1 : NULL;
	}
	if (field) {
		field[strcspn(field, ":")] = '\0';
		add_home(h->homes, &h->n, field);
	}
	return true;
}

/* The home directories of /etc/passwd's users, then those in /home it does not list. */
static unsigned int homes_read(const char *root, char *homes[MAX_HOMES])
{
	struct homes h = { homes, 0 };
	char path[4096];
	struct dirent *e;
	DIR *d;

	root_lines(root, "/etc/passwd", passwd_line, &h);
	snprintf(path, sizeof(path), "%s/home", root);
	d = opendir(path);
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/home/%s", e->d_name);
		add_home(homes, &h.n, path);
	}
	if (d)
		closedir(d);
	return h.n;
}

/**
 * others_find() - the other suspend-then-hibernates configured beside s2h
 * @root: "" for this system, or a directory that stands for / (tests)
 * @fn: called with each, in the order: logind, systemd-sleep, users' KDE
 * @arg: @fn's
 *
 * Users' files that this process may not read are not seen.
 *
 * Return: how many.
 */
int others_find(const char *root, other_fn fn, void *arg)
{
	char *homes[MAX_HOMES];
	unsigned int found, n, i;
	size_t k;

	found = logind_find(root, fn, arg);
	found += sleep_find(root, fn, arg);
	n = homes_read(root, homes);
	for (i = 0; i < n; i++) {
		for (k = 0; k < ARRAY_SIZE(kde_keys); k++)
			found += kde_file(root, homes[i], k, fn, arg);
		free(homes[i]);
	}
	return (int)found;
}
