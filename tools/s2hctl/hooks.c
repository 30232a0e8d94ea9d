// SPDX-License-Identifier: GPL-2.0
/*
 * systemd-sleep runs the executables of the system-sleep directories ("pre
 * hibernate", "post hibernate"), and systemctl hibernate starts the units
 * systemd-hibernate.service wants or requires (nvidia-hibernate.service),
 * only around a hibernation systemd starts itself. A hibernation s2h
 * starts in the kernel runs none of them: they are named to the user.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "hooks.h"
#include "array.h"

/* A name in an earlier directory hides the same name in a later one. */
static const char * const sleep_dirs[] = {
	"/etc/systemd/system-sleep",
	"/run/systemd/system-sleep",
	"/usr/local/lib/systemd/system-sleep",
	"/usr/lib/systemd/system-sleep",
};

static const char * const unit_dirs[] = {
	"/etc/systemd/system/systemd-hibernate.service.wants",
	"/etc/systemd/system/systemd-hibernate.service.requires",
	"/run/systemd/system/systemd-hibernate.service.wants",
	"/run/systemd/system/systemd-hibernate.service.requires",
	"/usr/lib/systemd/system/systemd-hibernate.service.wants",
	"/usr/lib/systemd/system/systemd-hibernate.service.requires",
};

/* Whether @name is one of the ", "-separated names of @list already. */
static bool listed(const char *list, const char *name)
{
	size_t len = strlen(name);
	const char *p = list;

	while ((p = strstr(p, name))) {
		if ((p == list || p[-1] == ' ') && (p[len] == ',' || !p[len]))
			return true;
		p += len;
	}
	return false;
}

static void add(char buf[HOOKS_LEN], const char *name, int *n)
{
	size_t len = strlen(buf);

	if (listed(buf, name))
		return;
	snprintf(buf + len, HOOKS_LEN - len, "%s%s", len ? ", " : "", name);
	(*n)++;
}

/* The names in @root@dir a hook runs from, sorted: executables, or any unit. */
static void scan(const char *root, const char *dir, bool executables, char buf[HOOKS_LEN],
		 int *n)
{
	char path[4096];
	struct dirent **e;
	int i, count, fd;

	snprintf(path, sizeof(path), "%s%s", root, dir);
	count = scandir(path, &e, NULL, alphasort);
	if (count < 0)
		return;
	fd = open(path, O_RDONLY | O_DIRECTORY);
	for (i = 0; i < count; i++) {
		if (e[i]->d_name[0] != '.' &&
		    (!executables || (fd >= 0 && !faccessat(fd, e[i]->d_name, X_OK, 0))))
			add(buf, e[i]->d_name, n);
		free(e[i]);
	}
	free(e);
	if (fd >= 0)
		close(fd);
}

/**
 * hooks_find() - the hooks a kernel-started hibernation bypasses
 * @root: "" for this system, or a directory that stands for / (tests)
 * @buf: their names, ", "-separated, cut short when too many
 *
 * Return: how many.
 */
int hooks_find(const char *root, char buf[HOOKS_LEN])
{
	size_t i;
	int n = 0;

	buf[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(sleep_dirs); i++)
		scan(root, sleep_dirs[i], true, buf, &n);
	for (i = 0; i < ARRAY_SIZE(unit_dirs); i++)
		scan(root, unit_dirs[i], false, buf, &n);
	return n;
}
