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

/* "Key = value" lines of @root@path; sections, comments and blank lines skipped. */
static void sd_file(const char *root, const char *path, struct sd_conf *c)
{
	char full[4096], buf[512], *line, *eq;
	unsigned int n = 0;
	FILE *f;

	snprintf(full, sizeof(full), "%s%s", root, path);
	f = fopen(full, "re");
	if (!f)
		return;
	while (fgets(buf, sizeof(buf), f)) {
		n++;
		line = buf + strspn(buf, " \t");
		eq = strchr(line, '=');
		if (!eq || strchr("#;[", *line))
			continue;
		*eq = '\0';
		rstrip(line);
		if (c->want(line))
			sd_assign(c, path, n, line, rstrip(eq + 1 + strspn(eq + 1, " \t")));
	}
	fclose(f);
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
			sd_file(root, path + strlen(root), c);
			break;
		}
	}
	n = sd_dropins(root, name, paths);
	for (i = 0; i < n; i++) {
		sd_file(root, paths[i], c);
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

/* The settings of kde_keys[@k] in @home's file that make it a suspend-then-hibernate. */
static unsigned int kde_file(const char *root, const char *home, size_t k, other_fn fn, void *arg)
{
	char full[4096], buf[512], profile[64] = "";
	unsigned int n = 0, found = 0;
	struct other_sth o;
	size_t klen = strlen(kde_keys[k].key);
	char *end;
	FILE *f;

	memset(&o, 0, sizeof(o));
	snprintf(o.file, sizeof(o.file), "%s%s", home, kde_keys[k].file);
	snprintf(full, sizeof(full), "%s%s", root, o.file);
	f = fopen(full, "re");
	if (!f)
		return 0;
	while (fgets(buf, sizeof(buf), f)) {
		n++;
		rstrip(buf);
		if (buf[0] == '[') {
			end = strstr(buf, kde_keys[k].group);
			profile[0] = '\0';
			if (end && end[strlen(kde_keys[k].group)] == '\0')
				snprintf(profile, sizeof(profile), "%.*s", (int)(end - buf - 1),
					 buf + 1);
			continue;
		}
		if (!profile[0] || strncmp(buf, kde_keys[k].key, klen) || buf[klen] != '=' ||
		    strcmp(buf + klen + 1, kde_keys[k].value))
			continue;
		o.line = n;
		snprintf(o.key, sizeof(o.key), "[%s]%s", profile, kde_keys[k].key);
		snprintf(o.value, sizeof(o.value), "%s", kde_keys[k].value);
		o.what = kde_keys[k].what;
		snprintf(o.fix, sizeof(o.fix), kde_keys[k].fix, profile);
		fn(&o, arg);
		found++;
	}
	fclose(f);
	return found;
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

/* The home directories of /etc/passwd's users, then those in /home it does not list. */
static unsigned int homes_read(const char *root, char *homes[MAX_HOMES])
{
	char path[4096], line[1024], *field;
	unsigned int n = 0, i;
	struct dirent *e;
	FILE *f;
	DIR *d;

	snprintf(path, sizeof(path), "%s/etc/passwd", root);
	f = fopen(path, "re");
	while (f && fgets(line, sizeof(line), f)) {
		field = line;
		for (i = 0; i < 5 && field; i++) {
			field = strchr(field, ':');
			field = field ? field + 1 : NULL;
		}
		if (field) {
			field[strcspn(field, ":\n")] = '\0';
			add_home(homes, &n, field);
		}
	}
	if (f)
		fclose(f);
	snprintf(path, sizeof(path), "%s/home", root);
	d = opendir(path);
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/home/%s", e->d_name);
		add_home(homes, &n, path);
	}
	if (d)
		closedir(d);
	return n;
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
