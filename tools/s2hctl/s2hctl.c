// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl: show and change the settings of the s2h kernel module, and follow
 * its suspend cycles, through the generic netlink family "s2h".
 *
 * Exit status: 0 done, 1 the kernel or the system said no, 2 usage error.
 * Every usage error is found before the kernel is asked anything.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "apply.h"
#include "nl.h"
#include "output.h"
#include "parse.h"
#include "array.h"

#define EXIT_USAGE	2

struct command {
	const char *name;
	const char *args;
	const char *help;
	int (*run)(int argc, char **argv);	/* argv[0] is the command */
	void (*details)(void);			/* more help, after ->help */
};

static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "s2hctl: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see: s2hctl --help)\n");
	return EXIT_USAGE;
}

/*
 * Show and monitor: take -j/--json and nothing else, then connect. Return:
 * 0, or the exit status of what went wrong.
 */
static int open_reader(int argc, char **argv, bool *json, struct conn *c)
{
	int i;

	*json = false;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-j") && strcmp(argv[i], "--json"))
			return usage_error("%s: unexpected '%s'", argv[0], argv[i]);
		*json = true;
	}
	return conn_open(c);
}

static int cmd_show(int argc, char **argv)
{
	struct status st;
	struct conn c;
	bool json;
	int ret;

	ret = open_reader(argc, argv, &json, &c);
	if (ret)
		return ret;
	ret = nl_get(&c, &st);
	conn_close(&c);
	if (!ret)
		print_status(&st, json);
	return ret;
}

static int apply(const struct settings *set)
{
	struct conn c;
	int ret;

	ret = conn_open(&c);
	if (ret)
		return ret;
	ret = nl_set(&c, set);
	conn_close(&c);
	return ret;
}

static int cmd_set(int argc, char **argv)
{
	struct settings set = {};
	char why[WHY_LEN];
	int i;

	if (argc < 2)
		return usage_error("set: no setting given");
	for (i = 1; i < argc; i += 2) {
		if (i + 1 == argc)
			return usage_error("set: '%s' has no value", argv[i]);
		if (parse_setting(&set, argv[i], argv[i + 1], why))
			return usage_error("set: %s", why);
	}
	return apply(&set);
}

/* enable and disable: the command's name says the value. */
static int cmd_enable(int argc, char **argv)
{
	struct settings set = { .has = SETTING_BIT(SETTING_ENABLED) };

	set.val[SETTING_ENABLED] = !strcmp(argv[0], "enable");

	if (argc > 1)
		return usage_error("%s: unexpected '%s'", argv[0], argv[1]);
	return apply(&set);
}

/* Long enough to write and read back the image of a big machine's memory. */
#define VERIFY_TIMEOUT_SEC	600

static int verify(void)
{
	struct verify_status v;
	struct conn c;
	int ret;

	ret = conn_open(&c);
	if (ret)
		return ret;
	printf("dry run: hibernating and resuming (before Linux 6.4 the machine restarts for it)...\n");
	fflush(stdout);
	ret = nl_verify(&c, VERIFY_TIMEOUT_SEC, &v);
	conn_close(&c);
	if (ret)
		return ret;
	print_verify_result(&v);
	return v.result == S2H_VERIFY_PASSED ? 0 : 1;
}

static int cmd_check(int argc, char **argv)
{
	bool run_verify = false;
	struct status st;
	struct conn c;
	int i, ret;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--verify"))
			return usage_error("check: unexpected '%s'", argv[i]);
		run_verify = true;
	}
	if (run_verify) {
		ret = verify();
		if (ret)
			return ret;
	}
	ret = conn_open(&c);
	if (ret)
		return ret;
	ret = nl_get(&c, &st);
	conn_close(&c);
	if (ret)
		return ret;
	return print_checks(&st) ? 1 : 0;
}

static int cmd_apply(int argc, char **argv)
{
	if (argc != 2)
		return usage_error("apply: give one FILE");
	return apply_file(argv[1]);
}

static int cmd_monitor(int argc, char **argv)
{
	struct conn c;
	bool json;
	int ret;

	ret = open_reader(argc, argv, &json, &c);
	if (ret)
		return ret;
	setvbuf(stdout, NULL, _IOLBF, 0);
	ret = nl_monitor(&c, print_event, &json);
	conn_close(&c);
	return ret;
}

/* The keys of set, from the table: what each takes, and what it does. */
static void print_settings_help(void)
{
	char arg[ARG_LEN];
	size_t i;

	for (i = 0; i < N_SETTINGS; i++)
		printf("        %-18s %s\n          %s\n", setting_descs[i].key,
		       format_setting_arg(&setting_descs[i], arg), setting_descs[i].help);
}

static void print_command(const struct command *cmd)
{
	printf("  s2hctl %s%s%s\n      %s\n", cmd->name, *cmd->args ? " " : "",
	       cmd->args, cmd->help);
	if (cmd->details)
		cmd->details();
}

static int cmd_help(int argc, char **argv);

static const struct command commands[] = {
	{ "show", "[-j|--json]",
	  "settings, state, last wake and counters; JSON keys are the sysfs names",
	  cmd_show, NULL },
	{ "set", "KEY VALUE [KEY VALUE...]",
	  "change settings, all or none (BOOL: yes|no|on|off|1|0; a DURATION is 90, 90s,\n"
	  "      45m, 3h, 1d, 1h30m); the names of the sysfs files (delay_sec, ...) are keys too",
	  cmd_set, print_settings_help },
	{ "enable", "", "arm the alarm on every suspend (set enabled yes)", cmd_enable, NULL },
	{ "disable", "", "leave suspends alone (set enabled no)", cmd_enable, NULL },
	{ "check", "[--verify]",
	  "can this machine hibernate and resume? one line a check; exit 0 when all pass.\n"
	  "      --verify first runs a real dry run (the image is written and restored at\n"
	  "      once; before Linux 6.4 the machine restarts and resumes it; takes seconds\n"
	  "      to minutes, needs CAP_SYS_ADMIN)",
	  cmd_check, NULL },
	{ "apply", "FILE",
	  "the settings of FILE (/etc/s2h.conf): one \"KEY = VALUE\" a line, as for set,\n"
	  "      \"#\" comments; a bad line is reported as FILE:LINE, the others still apply",
	  cmd_apply, NULL },
	{ "monitor", "[-j|--json]", "print each event, one line each, until interrupted",
	  cmd_monitor, NULL },
	{ "help", "[COMMAND]", "this help, or one command's", cmd_help, NULL },
};

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static void print_usage(void)
{
	size_t i;

	printf("Usage: s2hctl [--help|--version] COMMAND [ARGS]\n\n"
	       "Show and change the settings of the s2h kernel module (suspend-then-\n"
	       "hibernate), and follow its suspend cycles. Changes need CAP_SYS_ADMIN.\n\n"
	       "Commands:\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		print_command(&commands[i]);
	printf("\nExit status: 0 done, 1 refused or failed, 2 usage error.\n");
}

static int cmd_help(int argc, char **argv)
{
	const struct command *cmd;

	if (argc > 2)
		return usage_error("help: unexpected '%s'", argv[2]);
	if (argc == 1) {
		print_usage();
		return 0;
	}
	cmd = find_command(argv[1]);
	if (!cmd)
		return usage_error("help: unknown command '%s'", argv[1]);
	printf("Usage:\n");
	print_command(cmd);
	return 0;
}

int main(int argc, char **argv)
{
	const struct command *cmd;

	if (argc < 2)
		return usage_error("no command given");
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		print_usage();
		return 0;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
		printf("s2hctl %s\n", S2HCTL_VERSION);
		return 0;
	}
	if (argv[1][0] == '-')
		return usage_error("unknown option '%s'", argv[1]);
	cmd = find_command(argv[1]);
	if (!cmd)
		return usage_error("unknown command '%s'", argv[1]);
	return cmd->run(argc - 1, argv + 1);
}
