// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conf.h"
#include "lines.h"

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

	f = file_open(path, CONF_FILE_MAX);
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

/*
 * The drop-ins of @path: @path.d/ *.conf, as systemd reads its drop-ins -
 * hidden files, other names and what is no regular file (once links are
 * followed) are left out, a directory that is not there is none.
 */
static bool dropin_name(const char *dir, const char *name)
{
	size_t len = strlen(name);
	char path[4096];
	struct stat st;

	if (name[0] == '.' || len <= 5 || strcmp(name + len - 5, ".conf"))
		return false;
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return false;
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char * const *)a, *(char * const *)b);
}

/* Add @path to @cs->files. Return: 0 or -1 (out of memory). */
static int add_file(struct conf_set *cs, const char *dir, const char *name)
{
	char **files = realloc(cs->files, (cs->n_files + 1) * sizeof(*files));
	size_t len = strlen(dir) + strlen(name) + 2;

	if (!files)
		return -1;
	cs->files = files;
	files[cs->n_files] = malloc(len);
	if (!files[cs->n_files])
		return -1;
	snprintf(files[cs->n_files], len, "%s%s%s", dir, *name ? "/" : "", name);
	cs->n_files++;
	return 0;
}

/*
 * @path, then its drop-ins in the byte order of their names (strcmp, as
 * systemd sorts them), into @cs->files. Return: 0, or 1 having said why
 * when @say.
 */
static int list_files(const char *path, struct conf_set *cs, bool say)
{
	size_t first, len = strlen(path) + 3;
	struct dirent *e;
	char *dir;
	DIR *d;
	int ret = 0;

	dir = malloc(len);
	if (!dir || add_file(cs, path, ""))
		goto nomem;
	snprintf(dir, len, "%s.d", path);
	first = cs->n_files;
	d = opendir(dir);
	if (!d) {
		if (errno != ENOENT && errno != ENOTDIR) {
			fprintf(stderr, "s2hctl: cannot read %s: %s\n", dir, strerror(errno));
			ret = 1;
		}
		free(dir);
		return ret;
	}
	while ((e = readdir(d)))
		if (dropin_name(dir, e->d_name) && add_file(cs, dir, e->d_name)) {
			closedir(d);
			goto nomem;
		}
	closedir(d);
	qsort(cs->files + first, cs->n_files - first, sizeof(*cs->files), by_name);
	free(dir);
	return 0;

nomem:
	free(dir);
	if (say)
		fprintf(stderr, "s2hctl: out of memory\n");
	return 1;
}

/*
 * One line of file @f, number @n: what it sets goes into @cs, unless the
 * same file set it already - refused at its second line, as set refuses
 * it: which of the two was meant is the user's to say. A later file
 * overrides an earlier one without a word: that is what drop-ins are for.
 * Return: 0, or 1 for a bad line (said why when @say).
 */
static int load_line(struct conf_set *cs, unsigned int f, unsigned int n, const char *line,
		     unsigned int *seen, bool say)
{
	struct settings set = {};
	char why[WHY_LEN];
	int err = conf_parse_line(line, &set, why);
	unsigned int i;

	if (err < 0 && say)
		fprintf(stderr, "s2hctl: %s:%u: %s (see: s2hctl help set)\n", cs->files[f], n, why);
	if (err)
		return err < 0;
	for (i = 0; i < N_SETTINGS; i++) {
		if (!(set.has & *seen & SETTING_BIT(i)))
			continue;
		if (say)
			fprintf(stderr, "s2hctl: %s:%u: '%s' given twice (first on line %u): "
				"keep one of the two lines\n", cs->files[f], n,
				setting_descs[i].key, cs->line_of[i]);
		return 1;
	}
	for (i = 0; i < N_SETTINGS; i++) {
		if (!(set.has & SETTING_BIT(i)))
			continue;
		cs->file_of[i] = f;
		cs->line_of[i] = n;
		cs->set.val[i] = set.val[i];
	}
	cs->set.has |= set.has;
	*seen |= set.has;
	return 0;
}

/*
 * Each line of file @f into @cs. A directory, or a file that fails half
 * read, is an error of its own: getline() ends on either as on an empty
 * file; so is anything but a regular file of at most CONF_FILE_MAX (a
 * drop-in linked to /dev/zero would never end). A missing file is one
 * too, but for a quiet read of the main file (show --origin, set --save:
 * a file not yet written sets nothing).
 */
static int load_file(struct conf_set *cs, unsigned int f, bool say)
{
	const char *path = cs->files[f];
	unsigned int n = 0, seen = 0;
	size_t size = 0;
	char *line = NULL;
	int ret = 0;
	FILE *file;

	file = file_open(path, CONF_FILE_MAX);
	if (!file && !say && errno == ENOENT)
		return 0;
	if (!file && errno == EISDIR) {
		if (say)
			fprintf(stderr, "s2hctl: %s is a directory: give a settings file, such as "
				"/etc/s2h.conf\n", path);
		return 1;
	}
	if (!file) {
		fprintf(stderr, "s2hctl: cannot read %s: %s\n", path, file_open_error(errno));
		return 1;
	}
	while (getline(&line, &size, file) > 0)
		ret |= load_line(cs, f, ++n, line, &seen, say);
	if (ferror(file)) {
		if (say)
			fprintf(stderr, "s2hctl: cannot read %s: %s\n", path, strerror(errno));
		ret = 1;
	}
	free(line);
	fclose(file);
	return ret;
}

/**
 * conf_load() - the settings of @path and its drop-ins, merged
 *
 * @path first, then each @path.d/ *.conf in the order of their names; for
 * each setting, the last good line that gives it wins. A bad line sets
 * nothing and the others still count; with @say, each is named on stderr
 * as FILE:LINE. A file or directory that cannot be read is said either
 * way; without @say, a missing @path is no error.
 *
 * Return: 0, or 1 when a line or a file was bad; @cs is filled either way,
 * to be freed with conf_set_free().
 */
int conf_load(const char *path, struct conf_set *cs, bool say)
{
	int ret;
	size_t f;

	memset(cs, 0, sizeof(*cs));
	ret = list_files(path, cs, say);
	for (f = 0; f < cs->n_files; f++)
		ret |= load_file(cs, (unsigned int)f, say);
	return ret;
}

void conf_set_free(struct conf_set *cs)
{
	size_t f;

	for (f = 0; f < cs->n_files; f++)
		free(cs->files[f]);
	free(cs->files);
	cs->files = NULL;
	cs->n_files = 0;
}

/**
 * conf_warn_overridden() - say which settings of @set, just saved in
 * @path, a drop-in gives another value: that value wins at the next load.
 */
void conf_warn_overridden(const char *path, const struct settings *set)
{
	char word[DURATION_LEN];
	struct conf_set cs;
	unsigned int i;

	conf_load(path, &cs, false);
	for (i = 0; i < N_SETTINGS; i++) {
		if (!(set->has & cs.set.has & SETTING_BIT(i)) || !cs.file_of[i] ||
		    cs.set.val[i] == set->val[i])
			continue;
		fprintf(stderr, "s2hctl: warning: %s:%u sets %s = %s, which wins over %s at the "
			"next load\n", cs.files[cs.file_of[i]], cs.line_of[i],
			setting_descs[i].key,
			format_setting_word(&setting_descs[i], cs.set.val[i], word), path);
	}
	conf_set_free(&cs);
}
