// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>

#include "test-tap.h"

static int n_run, n_failed;

static void tap_line_start(bool ok)
{
	n_run++;
	n_failed += !ok;
	printf("%sok %d - ", ok ? "" : "not ", n_run);
}

/* @detail, when given, says what was found instead, on a failure only. */
void result(bool ok, const char *desc, const char *detail)
{
	tap_line_start(ok);
	printf("%s", desc);
	if (!ok && detail)
		printf(" (%s)", detail);
	printf("\n");
}

void expect(bool ok, const char *fmt, ...)
{
	va_list ap;

	tap_line_start(ok);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

/* Return: the test's exit status. */
int tap_done(void)
{
	printf("1..%d\n%d passed, %d failed, 0 skipped\n", n_run, n_run - n_failed, n_failed);
	return n_failed ? 1 : 0;
}
