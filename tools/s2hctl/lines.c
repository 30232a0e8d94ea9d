// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "lines.h"

#define LINE_LEN	4096

/* @root@path, opened to read; NULL when it cannot be. */
FILE *root_open(const char *root, const char *path)
{
	char full[4096];

	if ((size_t)snprintf(full, sizeof(full), "%s%s", root, path) >= sizeof(full))
		return NULL;
	return fopen(full, "re");
}

/**
 * file_lines() - call @fn on each line of @f, until it returns false
 * @path: @f's, for @fn, without the root
 */
void file_lines(FILE *f, const char *path, line_fn fn, void *arg)
{
	char line[LINE_LEN];
	unsigned int n = 0;

	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!fn(path, line, ++n, arg))
			break;
	}
}

/**
 * root_lines() - call @fn on each line of @root@path, until it returns false
 * @root: "" for this system, or a directory standing for / (tests)
 *
 * Return: 0, or -1 when the file cannot be opened.
 */
int root_lines(const char *root, const char *path, line_fn fn, void *arg)
{
	FILE *f = root_open(root, path);

	if (!f)
		return -1;
	file_lines(f, path, fn, arg);
	fclose(f);
	return 0;
}
