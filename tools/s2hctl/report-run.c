// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl report, run: read the record, build the nights, write them where
 * asked. Files only - no netlink - so that it works without the module.
 */
#include <errno.h>
#include <string.h>

#include "lines.h"
#include "report.h"

static int read_record(const struct report_opts *o, struct report_cycles *cycles)
{
	int err = report_read(o->record, stderr, cycles);

	if (err == -ENOENT)
		fprintf(stderr, "s2hctl: report: no record of cycles in %s (s2h-agent.service "
			"writes " RECORD_FILE " there after each cycle; --record PATH reads "
			"another)\n", o->record);
	else if (err)
		fprintf(stderr, "s2hctl: report: cannot read %s: %s\n", o->record,
			file_open_error(-err));
	return err ? 1 : 0;
}

static void write_report(FILE *f, const struct report_opts *o, const struct report *r)
{
	if (o->json)
		report_print_json(f, r, o->record);
	else if (o->output)
		report_print_html(f, r, o->record);
	else
		report_print_text(f, r);
}

/* Return: the exit status, 1 when the record or the output fails. */
int report_run(const struct report_opts *o)
{
	bool to_file = o->output && strcmp(o->output, "-");
	struct report_cycles cycles;
	struct report r;
	FILE *f = stdout;
	int ret;

	ret = read_record(o, &cycles);
	if (ret) {
		report_cycles_free(&cycles);
		return ret;
	}
	if (report_build(&r, &cycles, o->days)) {
		fprintf(stderr, "s2hctl: report: out of memory\n");
		report_free(&r);
		return 1;
	}
	if (to_file)
		f = fopen(o->output, "w");
	if (!f) {
		fprintf(stderr, "s2hctl: report: cannot write %s: %s (give -o a writable FILE)\n",
			o->output, strerror(errno));
		report_free(&r);
		return 1;
	}
	write_report(f, o, &r);
	report_free(&r);
	ret = ferror(f);
	if ((to_file ? fclose(f) : fflush(f)) || ret) {
		fprintf(stderr, "s2hctl: report: writing %s failed: %s\n",
			to_file ? o->output : "standard output", strerror(errno));
		return 1;
	}
	return 0;
}
