// SPDX-License-Identifier: GPL-2.0
#include "json.h"

/**
 * json_escape() - how @c is written inside a JSON string
 * @c: one byte of the text; UTF-8's bytes of 0x80 and over pass as they are
 * @esc: room for the escape
 *
 * Return: @esc holding the escape of a quote, a backslash or a control
 * character, or NULL when @c stands for itself.
 */
const char *json_escape(unsigned char c, char esc[JSON_ESCAPE_LEN])
{
	if (c == '"' || c == '\\')
		snprintf(esc, JSON_ESCAPE_LEN, "\\%c", c);
	else if (c < 0x20)
		snprintf(esc, JSON_ESCAPE_LEN, "\\u%04x", c);
	else
		return NULL;
	return esc;
}

/**
 * fput_json_string() - @s as a JSON string, quoted
 * @f: where to
 * @s: the text; wakeup source names and file names are the kernel's and
 *	the administrator's, and may hold quotes or control characters
 */
void fput_json_string(FILE *f, const char *s)
{
	char esc[JSON_ESCAPE_LEN];

	fputc('"', f);
	for (; *s; s++) {
		const char *e = json_escape((unsigned char)*s, esc);

		if (e)
			fputs(e, f);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}
