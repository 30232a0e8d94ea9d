// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conf.h"

/* $S2H_CONF, for another file than /etc/s2h.conf (and the tests). */
const char *conf_path(void)
{
	const char *env = getenv("S2H_CONF");

	return env && *env ? env : CONF_PATH;
}

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

/**
 * conf_parse_line() - one line of s2h.conf into @set
 *
 * Return: 0 with the setting in @set; 1 for a line with nothing but a
 * comment; a negative errno with @why saying what is wrong.
 */
int conf_parse_line(const char *line, struct settings *set, char why[WHY_LEN])
{
	char *copy = strdup(line), *key, *value;
	int err;

	if (!copy) {
		snprintf(why, WHY_LEN, "out of memory");
		return -ENOMEM;
	}
	err = split_line(copy, &key, &value);
	if (err == -EINVAL)
		snprintf(why, WHY_LEN, "not a \"key = value\" line");
	else if (!err)
		err = parse_setting(set, key, value, why);
	free(copy);
	return err;
}

/* A string that grows; ->failed once an allocation failed. */
struct text {
	char *p;
	size_t len, cap;
	bool failed;
};

static void text_add(struct text *t, const char *s, size_t n)
{
	size_t cap;
	char *p;

	if (t->failed)
		return;
	if (t->len + n + 1 > t->cap) {
		cap = (t->len + n + 1) * 2;
		p = realloc(t->p, cap);
		if (!p) {
			t->failed = true;
			return;
		}
		t->p = p;
		t->cap = cap;
	}
	memcpy(t->p + t->len, s, n);
	t->len += n;
	t->p[t->len] = '\0';
}

static void text_puts(struct text *t, const char *s)
{
	text_add(t, s, strlen(s));
}

/* What a line does with setting @d: nothing, sets it, or shows it commented out. */
enum line_role {
	LINE_OTHER,
	LINE_ACTIVE,		/* "delay = 3h": the line apply reads */
	LINE_TEMPLATE,		/* "#delay = 3h": where the shipped file documents it */
};

static enum line_role line_role(const char *line, const struct setting_desc *d)
{
	struct settings set = {};
	char why[WHY_LEN];
	const char *p = line + strspn(line, " \t");
	bool commented = *p == '#';

	if (commented)
		p += 1 + strspn(p + 1, " \t");
	if (conf_parse_line(p, &set, why) || !(set.has & SETTING_BIT(d - setting_descs)))
		return LINE_OTHER;
	return commented ? LINE_TEMPLATE : LINE_ACTIVE;
}

/* @line with its value replaced by @word: its indent, key and comment kept. */
static void put_active(struct text *t, const char *line, const char *word)
{
	size_t key_end = strspn(line, " \t");
	const char *hash = strchr(line, '#'), *comment;

	key_end += strcspn(line + key_end, "= \t#");
	text_add(t, line, key_end);
	text_puts(t, " = ");
	text_puts(t, word);
	if (hash) {
		for (comment = hash;
		     comment > line + key_end && isblank((unsigned char)comment[-1]);)
			comment--;
		text_puts(t, comment);
	}
}

/* Each line of @text, without its newline, into @line (which grows). */
static const char *next_line(const char *p, struct text *line)
{
	size_t n = strcspn(p, "\n");

	line->len = 0;
	text_add(line, "", 0);
	text_add(line, p, n);
	return p[n] ? p + n + 1 : p + n;
}

/*
 * @text with setting @d set to @word: every line that sets it gets the new
 * value; with none, a line goes after the last commented-out one for it,
 * or at the end.
 */
static char *update_one(const char *text, const struct setting_desc *d, const char *word)
{
	struct text out = {}, line = {};
	const char *p, *after_template = NULL;
	bool active = false;

	for (p = text; *p;) {
		const char *next = next_line(p, &line);

		if (line.failed)
			goto err;
		switch (line_role(line.p, d)) {
		case LINE_ACTIVE:
			active = true;
			break;
		case LINE_TEMPLATE:
			after_template = next;
			break;
		case LINE_OTHER:
			break;
		}
		p = next;
	}
	text_add(&out, "", 0);
	for (p = text; *p;) {
		const char *next = next_line(p, &line);
		bool newline = p[strcspn(p, "\n")] == '\n';

		if (active && line_role(line.p, d) == LINE_ACTIVE)
			put_active(&out, line.p, word);
		else
			text_puts(&out, line.p);
		if (!active && next == after_template) {
			text_puts(&out, "\n");
			text_puts(&out, d->key);
			text_puts(&out, " = ");
			text_puts(&out, word);
		}
		if (newline)
			text_puts(&out, "\n");
		p = next;
	}
	if (!active && !after_template) {
		if (out.len && out.p[out.len - 1] != '\n')
			text_puts(&out, "\n");
		text_puts(&out, d->key);
		text_puts(&out, " = ");
		text_puts(&out, word);
		text_puts(&out, "\n");
	}
	if (out.failed || line.failed)
		goto err;
	free(line.p);
	return out.p;

err:
	free(line.p);
	free(out.p);
	return NULL;
}

/**
 * conf_update() - the text of s2h.conf with the settings of @set in it
 *
 * Every other line, comments included, stays as it was.
 *
 * Return: the new text, to be freed; NULL when out of memory.
 */
char *conf_update(const char *text, const struct settings *set)
{
	char word[DURATION_LEN], *cur = strdup(text), *next;
	size_t i;

	for (i = 0; cur && i < N_SETTINGS; i++) {
		if (!(set->has & SETTING_BIT(i)))
			continue;
		next = update_one(cur, &setting_descs[i],
				  format_setting_word(&setting_descs[i], set->val[i], word));
		free(cur);
		cur = next;
	}
	return cur;
}

/**
 * conf_read() - the whole of @path; "" when there is no such file
 *
 * Return: the text, to be freed, or NULL with errno set.
 */
char *conf_read(const char *path)
{
	struct text t = {};
	char buf[4096];
	size_t n;
	FILE *f;

	f = fopen(path, "r");
	if (!f)
		return errno == ENOENT ? strdup("") : NULL;
	text_add(&t, "", 0);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		text_add(&t, buf, n);
	if (ferror(f) || t.failed) {
		free(t.p);
		t.p = NULL;
		errno = t.failed ? ENOMEM : EIO;
	}
	fclose(f);
	return t.p;
}

static int write_all(int fd, const char *s, size_t len)
{
	ssize_t n;

	while (len) {
		n = write(fd, s, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		s += n;
		len -= (size_t)n;
	}
	return 0;
}

/**
 * replace_file() - write @text to @path, through a new file renamed over it
 *
 * A reader sees the old file or the new one, never a part. Return: 0, or
 * -1 with errno set.
 */
int replace_file(const char *path, const char *text, mode_t mode)
{
	char tmp[4096];
	int fd;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.s2hctl-new", path) >= sizeof(tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode);
	if (fd < 0)
		return -1;
	if (fchmod(fd, mode) || write_all(fd, text, strlen(text)) || fsync(fd)) {
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (close(fd) || rename(tmp, path)) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/**
 * make_dirs() - @path and its missing parents, as mkdir -p with @mode
 *
 * Each directory made gets @mode whatever the umask, as a service manager's
 * StateDirectory= would: s2hctl is run from a shell and from units alike,
 * and an install from the tree has no package to make the directory.
 * Existing directories are left as they are.
 *
 * Return: 0, or -1 with errno set.
 */
int make_dirs(const char *path, mode_t mode)
{
	char dir[4096];
	size_t len = strlen(path), i;

	if (len >= sizeof(dir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(dir, path, len + 1);
	for (i = 1; i <= len; i++) {
		if (dir[i] != '/' && dir[i])
			continue;
		dir[i] = '\0';
		if (!mkdir(dir, mode)) {
			if (chmod(dir, mode))
				return -1;
		} else if (errno != EEXIST) {
			return -1;
		}
		dir[i] = path[i];
	}
	return 0;
}

/**
 * conf_save() - write the settings of @set into the file at @path
 *
 * Return: 0, or 1 having said why on stderr.
 */
int conf_save(const char *path, const struct settings *set)
{
	mode_t mode = 0644;
	char *old, *new;
	struct stat st;
	int err;

	old = conf_read(path);
	if (!old) {
		fprintf(stderr, "s2hctl: cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	if (!stat(path, &st))
		mode = st.st_mode & 07777;
	new = conf_update(old, set);
	free(old);
	if (!new) {
		fprintf(stderr, "s2hctl: out of memory\n");
		return 1;
	}
	err = replace_file(path, new, mode);
	free(new);
	if (err) {
		fprintf(stderr, "s2hctl: cannot write %s: %s%s\n", path, strerror(errno),
			errno == EACCES || errno == EPERM ? " (run it as root)" : "");
		return 1;
	}
	return 0;
}
