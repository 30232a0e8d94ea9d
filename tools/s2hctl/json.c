// SPDX-License-Identifier: GPL-2.0
#include "json.h"

/**
 * fput_json_string() - @s as a JSON string, quoted
 * @f: where to
 * @s: the text; wakeup source names and file names are the kernel's and
 *	the administrator's, and may hold quotes or control characters
 */
void fput_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}
