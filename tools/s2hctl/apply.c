// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl apply FILE: the settings of /etc/s2h.conf, one "key = value" a
 * line, with the keys and values of "s2hctl set". Run by the udev rule of
 * dist/ whenever the module is loaded, so that the settings survive a
 * reboot.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apply.h"
#include "nl.h"

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

/*
 * "key = value" or "key value"; "#" starts a comment. Return: 0 with @key
 * and @value pointing into @line, 1 for a line with nothing on it, -EINVAL.
 */
static int split_line(char *line, char **key, char **value)
{
	char *hash = strchr(line, '#'), *rest;
	size_t len;

	if (hash)
		*hash = '\0';
	line = trim(line);
	if (!*line)
		return 1;
	len = strcspn(line, "= \t");
	if (!len || !line[len])
		return -EINVAL;
	rest = line + len + strspn(line + len, " \t");
	if (*rest == '=')
		rest++;
	line[len] = '\0';
	*key = line;
	*value = trim(rest);
	return **value ? 0 : -EINVAL;
}

/*
 * Each line goes to the kernel as a SET of its own: a value the kernel
 * refuses costs that line only, and the rest still applies.
 */
static int apply_line(struct conn *c, const char *path, unsigned int n, char *line)
{
	struct settings set = {};
	char why[WHY_LEN], *key, *value;
	int err;

	err = split_line(line, &key, &value);
	if (err == 1)
		return 0;
	if (err) {
		fprintf(stderr, "s2hctl: %s:%u: not a \"key = value\" line\n", path, n);
		return 1;
	}
	if (parse_setting(&set, key, value, why)) {
		fprintf(stderr, "s2hctl: %s:%u: %s\n", path, n, why);
		return 1;
	}
	if (nl_set(c, &set)) {
		fprintf(stderr, "s2hctl: %s:%u: %s not applied\n", path, n, key);
		return 1;
	}
	return 0;
}

/**
 * apply_file() - apply every valid line of @path
 *
 * Return: 0 when every line applied, 1 when one or more could not (each
 * said why on stderr, with file:line), or the file could not be read.
 */
int apply_file(const char *path)
{
	size_t size = 0;
	char *line = NULL;
	unsigned int n = 0;
	struct conn c;
	int ret = 0;
	FILE *f;

	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "s2hctl: cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (conn_open(&c)) {
		fclose(f);
		return 1;
	}
	while (getline(&line, &size, f) > 0)
		ret |= apply_line(&c, path, ++n, line);
	free(line);
	conn_close(&c);
	fclose(f);
	return ret;
}
