// SPDX-License-Identifier: GPL-2.0
/*
 * What check reads here is the user's to point elsewhere: a drop-in linked
 * to /dev/zero, a FIFO, a sparse file of terabytes, a line of megabytes.
 * Only regular files are read, at most FILE_MAX bytes of each, a line at
 * most LINE_LEN: a longer line, or one with a NUL byte, is no line of a
 * configuration file and is skipped whole, still counted.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include "lines.h"

#define LINE_LEN	4096
#define FILE_MAX	(4L << 20)

/**
 * file_open() - @path to read, if it is a regular file of at most @max bytes
 * @max: 0 for any size (the caller bounds what it reads)
 *
 * /dev/null is read as the empty file it is, as everywhere a file of
 * settings is given for none.
 *
 * Return: the file, or NULL with errno set: open()'s (ENOENT...), EISDIR,
 * EINVAL for anything else that is no regular file (a device, a FIFO),
 * EFBIG past @max.
 */
FILE *file_open(const char *path, off_t max)
{
	struct stat st;
	FILE *f = NULL;
	int fd, err = 0;

	/* A FIFO would block the open; a regular file ignores O_NONBLOCK. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st))
		err = errno;
	else if (S_ISDIR(st.st_mode))
		err = EISDIR;
	else if (!S_ISREG(st.st_mode) && !(S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3)))
		err = EINVAL;
	else if (max && st.st_size > max)
		err = EFBIG;
	else
		f = fdopen(fd, "r");
	if (f)
		return f;
	if (!err)
		err = errno;
	close(fd);
	errno = err;
	return NULL;
}

/* What file_open()'s errno means, for a message. */
const char *file_open_error(int err)
{
	return err == EINVAL ? "not a regular file" : strerror(err);
}

/* @root@path, opened to read; NULL when it cannot be, or is no regular file. */
FILE *root_open(const char *root, const char *path)
{
	char full[4096];

	if ((size_t)snprintf(full, sizeof(full), "%s%s", root, path) >= sizeof(full))
		return NULL;
	return file_open(full, 0);
}

/*
 * The next line of @f into @line, without its newline, using up @budget.
 * Return: 1 for a line, 0 for one to skip (too long, a NUL byte), -1 at the end.
 */
static int next_line(FILE *f, char line[LINE_LEN], long *budget)
{
	size_t len = 0;
	bool skip = false;
	int c = EOF;

	while (*budget > 0 && (c = getc(f)) != EOF) {
		(*budget)--;
		if (c == '\n')
			break;
		if (!c || len == LINE_LEN - 1)
			skip = true;
		else
			line[len++] = (char)c;
	}
	line[len] = '\0';
	if (c != '\n' && (!len || *budget <= 0))
		return -1;
	return skip ? 0 : 1;
}

/**
 * file_lines() - call @fn on each line of @f, until it returns false
 * @path: @f's, for @fn, without the root
 */
void file_lines(FILE *f, const char *path, line_fn fn, void *arg)
{
	char line[LINE_LEN];
	unsigned int n = 0;
	long budget = FILE_MAX;
	int got;

	while ((got = next_line(f, line, &budget)) >= 0) {
		n++;
		if (got && !fn(path, line, n, arg))
			break;
	}
}

/**
 * root_lines() - call @fn on each line of @root@path, until it returns false
 * @root: "" for this system, or a directory standing for / (tests)
 *
 * Return: 0, or -1 when the file cannot be opened or is no regular file.
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
