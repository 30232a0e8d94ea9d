/* SPDX-License-Identifier: GPL-2.0 */
/*
 * /etc/s2h.conf: one "key = value" a line with the keys and values of
 * "s2hctl set", "#" comments; then its drop-ins, /etc/s2h.conf.d/ *.conf,
 * later files winning. Read by "s2hctl apply", written by "s2hctl set
 * --save", which keeps every other line as it was. No netlink
 * here, so that the host tests need no kernel.
 */
#ifndef S2HCTL_CONF_H
#define S2HCTL_CONF_H

#include <sys/types.h>

#include "parse.h"

/* The file "set --save" writes; $S2H_CONF names another. */
#define CONF_PATH	"/etc/s2h.conf"
/* A settings file is a page or two: larger, it is no settings file, and is not read. */
#define CONF_FILE_MAX	(1024 * 1024)

const char *conf_path(void);
int conf_parse_line(const char *line, struct settings *set, char why[WHY_LEN]);
char *conf_update(const char *text, const struct settings *set);
char *conf_read(const char *path);
int conf_save(const char *path, const struct settings *set);
int replace_file(const char *path, const char *text, mode_t mode);
int make_dirs(const char *path, mode_t mode);

/*
 * The settings of a file and of its drop-ins, FILE.d/ *.conf, merged: the
 * files in the order they are read (the file first), and for each setting
 * the line that wins - in files[file_of[i]], at line_of[i].
 */
struct conf_set {
	char **files;
	size_t n_files;
	struct settings set;
	unsigned int file_of[N_SETTINGS];
	unsigned int line_of[N_SETTINGS];
};

int conf_load(const char *path, struct conf_set *cs, bool say);
void conf_set_free(struct conf_set *cs);
void conf_warn_overridden(const char *path, const struct settings *set);

#endif /* S2HCTL_CONF_H */
