/* SPDX-License-Identifier: GPL-2.0 */
/* s2hctl apply: settings from a file such as /etc/s2h.conf, and the kept dry run. */
#ifndef S2HCTL_APPLY_H
#define S2HCTL_APPLY_H

#include <stdbool.h>

int apply_file(const char *path);
int apply_check(const char *path);
int show_origin(const char *path, bool json);

#endif /* S2HCTL_APPLY_H */
