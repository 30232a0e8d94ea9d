/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lines of a system's configuration file, as check reads them, under a
 * root directory that stands for / (tests): one reader for bootpath.c's
 * and others.c's files, bounded (lines.c says how).
 */
#ifndef S2HCTL_LINES_H
#define S2HCTL_LINES_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

/* A line of @path without its newline, and its number from 1. Return: false to stop. */
typedef bool (*line_fn)(const char *path, char *line, unsigned int n, void *arg);

FILE *file_open(const char *path, off_t max);
const char *file_open_error(int err);
FILE *root_open(const char *root, const char *path);
void file_lines(FILE *f, const char *path, line_fn fn, void *arg);
int root_lines(const char *root, const char *path, line_fn fn, void *arg);

#endif /* S2HCTL_LINES_H */
