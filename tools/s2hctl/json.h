/* SPDX-License-Identifier: GPL-2.0 */
#ifndef S2HCTL_JSON_H
#define S2HCTL_JSON_H

#include <stdio.h>

#define JSON_ESCAPE_LEN	8

const char *json_escape(unsigned char c, char esc[JSON_ESCAPE_LEN]);
void fput_json_string(FILE *f, const char *s);

#endif /* S2HCTL_JSON_H */
