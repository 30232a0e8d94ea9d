// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl: show and change the settings of the s2h kernel module, and follow
 * its suspend cycles, through the generic netlink family "s2h".
 *
 * Exit status: 0 done; 1 the kernel or the system said no, or a check
 * failed; 2 usage error, a missing --yes included (check --verify or
 * --verify-wake without a terminal to ask on); 3 the s2h module is not
 * loaded. Every usage error is found before the kernel is asked anything.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <limits.h>
#include <linux/capability.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>

#include "absent.h"
#include "agent.h"
#include "apply.h"
#include "collect.h"
#include "conf.h"
#include "metrics.h"
#include "nl.h"
#include "cycles.h"
#include "output.h"
#include "parse.h"
#include "record.h"
#include "report.h"
#include "waketest.h"
#include "array.h"

#define EXIT_USAGE	2

/* The options; each command takes some of them, and every one -h. */
enum {
	OPT_JSON = 1 << 0,
	OPT_SAVE = 1 << 1,
	OPT_VERIFY = 1 << 2,
	OPT_YES = 1 << 3,
	OPT_CHECK = 1 << 4,
	OPT_TIMESTAMPS = 1 << 5,
	OPT_HELP = 1 << 6,
	OPT_OUTPUT = 1 << 7,
	OPT_METRICS = 1 << 8,
	OPT_ORIGIN = 1 << 9,
	OPT_DAYS = 1 << 10,
	OPT_RECORD = 1 << 11,
	OPT_ALL = 1 << 12,
	OPT_VERIFY_WAKE = 1 << 13,
	OPT_WAKE_AFTER = 1 << 14,
};

/* The options followed by their value, kept in args.value[] by bit number. */
#define OPT_VALUED	(OPT_DAYS | OPT_RECORD | OPT_WAKE_AFTER)
#define OPT_NR(bit)	__builtin_ctz(bit)

static const struct {
	const char *short_name, *long_name;
	unsigned int bit;
} options[] = {
	{ "-j", "--json", OPT_JSON },
	{ NULL, "--save", OPT_SAVE },
	{ NULL, "--verify", OPT_VERIFY },
	{ NULL, "--verify-wake", OPT_VERIFY_WAKE },
	{ NULL, "--wake-after", OPT_WAKE_AFTER },
	{ "-y", "--yes", OPT_YES },
	{ NULL, "--check", OPT_CHECK },
	{ "-t", "--timestamps", OPT_TIMESTAMPS },
	{ "-h", "--help", OPT_HELP },
	{ "-o", "--output", OPT_OUTPUT },
	{ NULL, "--metrics", OPT_METRICS },
	{ NULL, "--origin", OPT_ORIGIN },
	{ NULL, "--days", OPT_DAYS },
	{ NULL, "--record", OPT_RECORD },
	{ "-a", "--all", OPT_ALL },
};

/* A command's words: its options, and the rest in order. */
struct args {
	unsigned int opts;
	int n;
	char **words;
	const char *value[16];			/* of the OPT_VALUED options given */
};

struct command {
	const char *name;
	unsigned int opts;			/* the options it takes, besides -h */
	bool options_first;			/* set: a value may start with '-' */
	const char *usage;
	const char *help;
	int (*run)(const struct command *cmd, const struct args *a);
	void (*details)(void);			/* more help, after ->help */
};

/*
 * One line on stderr, pointing at the help of @cmd - the command the user
 * is typing - or at the global help before there is one.
 */
static int usage_error(const struct command *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "s2hctl: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (cmd)
		fprintf(stderr, " (see: s2hctl help %s)\n", cmd->name);
	else
		fprintf(stderr, " (see: s2hctl --help)\n");
	return EXIT_USAGE;
}

static unsigned int option_bit(const char *word)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(options); i++)
		if ((options[i].short_name && !strcmp(word, options[i].short_name)) ||
		    !strcmp(word, options[i].long_name))
			return options[i].bit;
	return 0;
}

/*
 * Split @argv (argv[0] is the command) into options and words. Options go
 * anywhere, but for set only before the first word; "--" ends them.
 * Return: 0, or the exit status of a usage error.
 */
static int parse_args(const struct command *cmd, int argc, char **argv, struct args *a)
{
	bool more_options = true;
	unsigned int bit;
	int i;

	a->n = 0;
	for (i = 1; i < argc; i++) {
		if (more_options && !strcmp(argv[i], "--")) {
			more_options = false;
			continue;
		}
		if (!more_options || argv[i][0] != '-' || !argv[i][1]) {
			a->words[a->n++] = argv[i];
			more_options &= !cmd->options_first;
			continue;
		}
		bit = option_bit(argv[i]);
		if (!(bit & (cmd->opts | OPT_HELP)))
			return usage_error(cmd, "%s: unknown option '%s'", cmd->name, argv[i]);
		a->opts |= bit;
		if (!(bit & OPT_VALUED))
			continue;
		if (i + 1 == argc)
			return usage_error(cmd, "%s: %s needs a value", cmd->name, argv[i]);
		a->value[OPT_NR(bit)] = argv[++i];
	}
	return 0;
}

static int no_words(const struct command *cmd, const struct args *a)
{
	return a->n ? usage_error(cmd, "%s: unexpected '%s'", cmd->name, a->words[0]) : 0;
}

static int cmd_show(const struct command *cmd, const struct args *a)
{
	struct status st;
	struct conn c;
	int ret;

	ret = no_words(cmd, a);
	if (!ret && (a->opts & OPT_ORIGIN))
		return show_origin(conf_path(), a->opts & OPT_JSON);
	if (!ret)
		ret = conn_open(&c);
	if (ret)
		return ret;
	ret = nl_get(&c, &st, true);
	conn_close(&c);
	if (!ret)
		print_status(&st, a->opts & OPT_JSON);
	return ret;
}

/*
 * Send @set; with @save, write it into s2h.conf too, once the kernel took
 * it - or when the module is not loaded, for its next load: saved then,
 * but not applied, which the exit status says as it says any absence.
 */
static int change(const struct settings *set, bool save)
{
	const char *path = conf_path();
	struct conn c;
	int ret;

	ret = conn_try(&c);
	if (ret == EXIT_ABSENT) {
		if (save && conf_save(path, set))
			return 1;
		if (save)
			conf_warn_overridden(path, set);
		if (save)
			fprintf(stderr, "s2hctl: saved in %s, applied at the module's next load; "
				"not applied now:\n", path);
		print_absent();
	}
	if (ret)
		return ret;
	ret = nl_set(&c, set);
	conn_close(&c);
	if (!ret && save)
		ret = conf_save(path, set);
	if (!ret && save)
		conf_warn_overridden(path, set);
	return ret;
}

static int cmd_set(const struct command *cmd, const struct args *a)
{
	struct settings set = {};
	char why[WHY_LEN];
	int i;

	if (!a->n)
		return usage_error(cmd, "set: no setting given");
	for (i = 0; i < a->n; i += 2) {
		if (i + 1 == a->n)
			return usage_error(cmd, "set: '%s' has no value", a->words[i]);
		if (parse_setting(&set, a->words[i], a->words[i + 1], why))
			return usage_error(cmd, "set: %s", why);
	}
	return change(&set, a->opts & OPT_SAVE);
}

/* enable and disable: the command's name says the value. */
static int cmd_enable(const struct command *cmd, const struct args *a)
{
	struct settings set = { .has = SETTING_BIT(SETTING_ENABLED) };
	int ret = no_words(cmd, a);

	set.val[SETTING_ENABLED] = !strcmp(cmd->name, "enable");
	return ret ? ret : change(&set, a->opts & OPT_SAVE);
}

/* Long enough to write and read back the image of a big machine's memory. */
#define VERIFY_TIMEOUT_SEC	600

/* Before 6.4, test_resume cannot use an active swap: reboot mode (module/compat.h). */
static bool dry_run_restarts(void)
{
	struct utsname u;

	return !uname(&u) && release_before(u.release, 6, 4);
}

/*
 * Whether this process holds CAP_SYS_ADMIN, which the kernel wants for the
 * dry run: asked before the user is, so that nobody agrees to a restart
 * only to be refused. When the question fails, the kernel decides.
 */
static bool may_verify(void)
{
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { { 0 } };

	if (syscall(SYS_capget, &hdr, data))
		return true;
	return data[CAP_TO_INDEX(CAP_SYS_ADMIN)].effective & CAP_TO_MASK(CAP_SYS_ADMIN);
}

/* Say what the dry run does to this machine; unless @yes, ask. Return: go on. */
static bool verify_agreed(bool yes)
{
	char answer[16] = "";
	bool go = false;

	if (dry_run_restarts())
		printf("The dry run hibernates this machine for real and, as its Linux is older than\n"
		       "6.4, restarts it to resume from the image: programs and open files come back,\n"
		       "but save your work first - if the resume fails, what was not saved is lost.\n");
	else
		printf("The dry run hibernates this machine for real and resumes it at once: screen,\n"
		       "network and devices stop for seconds to minutes. Save your work first - if the\n"
		       "resume fails, what was not saved is lost.\n");
	if (yes)
		return true;
	printf("Start the dry run? [y/N] ");
	fflush(stdout);
	if (fgets(answer, sizeof(answer), stdin)) {
		answer[strcspn(answer, "\n")] = '\0';
		go = !strcasecmp(answer, "y") || !strcasecmp(answer, "yes");
	}
	if (!go)
		printf("dry run not started\n");
	return go;
}

/* A dry run that passed holds for this kernel and resume device: keep it. */
static int keep_result(const struct verify_status *v)
{
	struct record r = { .time = v->time, .duration_ms = v->duration_ms };

	if (v->result != S2H_VERIFY_PASSED) {
		record_forget();
		return 0;
	}
	if (identity_read(&r.id))
		return 1;
	return record_save(&r);
}

static int verify(struct conn *c, bool yes)
{
	struct verify_status v;
	int ret;

	if (!verify_agreed(yes))
		return 1;
	printf("dry run: hibernating...\n");
	fflush(stdout);
	ret = nl_verify(c, VERIFY_TIMEOUT_SEC, &v);
	if (ret)
		return ret;
	print_verify_result(&v);
	ret = keep_result(&v);
	return v.result == S2H_VERIFY_PASSED ? ret : 1;
}

/*
 * The usage errors of check's --verify, --verify-wake, --wake-after and
 * --yes; @wake_sec: the wake test's alarm, given or the default.
 */
static int check_usage(const struct command *cmd, const struct args *a, uint32_t *wake_sec)
{
	bool run_verify = a->opts & OPT_VERIFY, run_wake = a->opts & OPT_VERIFY_WAKE;
	const char *after = a->value[OPT_NR(OPT_WAKE_AFTER)];
	bool yes = a->opts & OPT_YES;
	char why[WHY_LEN];

	*wake_sec = S2H_WAKE_TEST_DEFAULT_SEC;
	if (yes && !run_verify && !run_wake)
		return usage_error(cmd, "check: --yes goes with --verify or --verify-wake");
	if (after && !run_wake)
		return usage_error(cmd, "check: --wake-after goes with --verify-wake");
	if (after && parse_duration_in("check --wake-after", after, S2H_WAKE_TEST_MIN_SEC,
				       S2H_WAKE_TEST_MAX_SEC, wake_sec, why))
		return usage_error(cmd, "%s", why);
	if (yes || isatty(STDIN_FILENO))
		return 0;
	if (run_verify)
		return usage_error(cmd, "check --verify: the dry run hibernates this machine (before "
				   "Linux 6.4 it restarts it): save your work, then run it on a "
				   "terminal to be asked, or add --yes");
	if (run_wake)
		return usage_error(cmd, "check --verify-wake: the wake test suspends this machine "
				   "for %u s: run it on a terminal to be asked, or add --yes",
				   *wake_sec);
	return 0;
}

/*
 * The wake test first, as a dry run is worth its time only on a machine
 * whose alarm wakes it; its checks are printed whatever came of the tests.
 */
static int cmd_check(const struct command *cmd, const struct args *a)
{
	bool run_verify = a->opts & OPT_VERIFY, run_wake = a->opts & OPT_VERIFY_WAKE;
	bool yes = a->opts & OPT_YES;
	int ret, tests = 0;
	struct status st;
	uint32_t wake_sec;
	struct conn c;

	ret = no_words(cmd, a);
	if (!ret)
		ret = check_usage(cmd, a, &wake_sec);
	if (ret)
		return ret;
	if ((run_verify || run_wake) && !may_verify()) {
		fprintf(stderr, "s2hctl: the %s needs CAP_SYS_ADMIN (run it as root)\n",
			run_wake ? "wake test" : "dry run");
		return 1;
	}
	ret = conn_open(&c);
	if (ret)
		return ret;
	if (run_wake)
		tests = wake_test_run(&c, wake_sec, yes);
	if (run_verify && !tests)
		tests = verify(&c, yes);
	ret = nl_get(&c, &st, true);
	conn_close(&c);
	if (ret)
		return ret;
	ret = print_checks(&st) + print_wake_test_check(&st) + print_resume_offset() +
	      print_boot_path() ? 1 : 0;
	print_hooks(&st);
	print_others();
	print_advice(&st);
	return tests ? tests : ret;
}

static int cmd_apply(const struct command *cmd, const struct args *a)
{
	if (a->n != 1)
		return usage_error(cmd, "apply: give one FILE");
	return a->opts & OPT_CHECK ? apply_check(a->words[0]) : apply_file(a->words[0]);
}

static int cmd_monitor(const struct command *cmd, const struct args *a)
{
	struct monitor_opts o = {
		.json = a->opts & OPT_JSON,
		.timestamps = a->opts & OPT_TIMESTAMPS,
	};
	struct conn c;
	int ret;

	ret = no_words(cmd, a);
	if (!ret)
		ret = conn_open(&c);
	if (ret)
		return ret;
	setvbuf(stdout, NULL, _IOLBF, 0);
	ret = nl_monitor(&c, print_event, &o);
	conn_close(&c);
	return ret;
}

/* A record_fn: a line of log --all, or the record itself in its JSON array. */
static void print_record(const char *line, size_t len, void *arg)
{
	struct history_opts *o = arg;
	struct last_cycle l;

	if (o->json) {
		printf("%s%.*s", o->count++ ? "," : "[", (int)len, line);
		return;
	}
	if (cycle_of_record(line, len, &l))
		print_history_cycle(&l, o);
}

/* log --all: the record that lasts, read back; no module needed. */
static int log_all(struct history_opts *o)
{
	const char *dir = cycles_dir();

	if (!o->json)
		print_history_header();
	if (cycles_read(dir, true, print_record, o)) {
		fprintf(stderr, "s2hctl: log: %s: name too long\n", dir);
		return 1;
	}
	if (o->json)
		printf("%s\n", o->count ? "]" : "[]");
	else if (!o->count)
		printf("no cycle recorded in %s/%s yet\n", dir, CYCLES_FILE);
	return 0;
}

static int cmd_log(const struct command *cmd, const struct args *a)
{
	struct history_opts o = { .json = a->opts & OPT_JSON };
	struct conn c;
	int ret;

	ret = no_words(cmd, a);
	if (!ret && (a->opts & OPT_ALL))
		return log_all(&o);
	if (!ret)
		ret = conn_open(&c);
	if (ret)
		return ret;
	if (!o.json)
		print_history_header();
	ret = nl_history(&c, print_history_cycle, &o);
	conn_close(&c);
	if (!ret)
		print_history_end(&o);
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
	printf("  s2hctl %s%s%s\n      %s\n", cmd->name, *cmd->usage ? " " : "",
	       cmd->usage, cmd->help);
	if (cmd->details)
		cmd->details();
}

/*
 * metrics' one word: where to write; NULL for stdout, as without a word or
 * with "-". Return: 0, or the exit status.
 */
static int metrics_target(const struct command *cmd, const struct args *a, char *buf,
			  size_t len, const char **path)
{
	struct stat sb;

	*path = NULL;
	if (a->n > 1)
		return usage_error(cmd, "metrics: unexpected '%s'", a->words[1]);
	if (a->n && !strcmp(a->words[0], "-"))
		return 0;
	if (a->opts & OPT_OUTPUT) {
		if (!a->n)
			return usage_error(cmd, "metrics: -o needs a FILE");
		if (!stat(a->words[0], &sb) && S_ISDIR(sb.st_mode))
			return usage_error(cmd, "metrics: -o %s: a directory; give it without -o",
					   a->words[0]);
		*path = a->words[0];
		return 0;
	}
	if (!a->n)
		return 0;
	if (stat(a->words[0], &sb) || !S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "s2hctl: metrics: %s: no such directory (node_exporter's textfile "
			"directory: install prometheus-node-exporter for %s)\n", a->words[0],
			METRICS_DEBIAN_DIR);
		return 1;
	}
	*path = metrics_path(a->words[0], buf, len);
	if (!*path)
		return usage_error(cmd, "metrics: %s: too long", a->words[0]);
	return 0;
}

static int cmd_metrics(const struct command *cmd, const struct args *a)
{
	char buf[PATH_MAX];
	const char *path;
	int ret;

	ret = metrics_target(cmd, a, buf, sizeof(buf), &path);
	return ret ? ret : metrics_collect(path);
}

/* --metrics DIR comes first, before the COMMAND. */
static int cmd_agent(const struct command *cmd, const struct args *a)
{
	if (!(a->opts & OPT_METRICS))
		return agent_run(a->words, a->n, NULL);
	if (!a->n)
		return usage_error(cmd, "agent: --metrics needs a DIR");
	return agent_run(a->words + 1, a->n - 1, a->words[0]);
}

/*
 * report: --days N, --record PATH, and -o FILE as metrics takes it (its
 * one word). Return: 0, or the exit status of a usage error.
 */
static int report_options(const struct command *cmd, const struct args *a,
			  struct report_opts *o)
{
	const char *days = a->value[OPT_NR(OPT_DAYS)];
	struct stat sb;
	char *end;

	o->json = a->opts & OPT_JSON;
	o->record = a->value[OPT_NR(OPT_RECORD)] ? a->value[OPT_NR(OPT_RECORD)] : S2HCTL_STATEDIR;
	o->days = REPORT_DAYS_DEFAULT;
	if (days) {
		errno = 0;
		o->days = strtoul(days, &end, 10);
		if (errno || *end || end == days || *days == '-' || !o->days ||
		    o->days > REPORT_DAYS_MAX)
			return usage_error(cmd, "report: --days takes a whole number of days from "
					   "1 to %d, not '%s'", REPORT_DAYS_MAX, days);
	}
	if (!(a->opts & OPT_OUTPUT))
		return no_words(cmd, a);
	if (!a->n)
		return usage_error(cmd, "report: -o needs a FILE (- for standard output)");
	if (a->n > 1)
		return usage_error(cmd, "report: unexpected '%s'", a->words[1]);
	if (!stat(a->words[0], &sb) && S_ISDIR(sb.st_mode))
		return usage_error(cmd, "report: -o %s: a directory; give a FILE in it, such as "
				   "%s/s2h-report.html", a->words[0], a->words[0]);
	o->output = a->words[0];
	return 0;
}

static int cmd_report(const struct command *cmd, const struct args *a)
{
	struct report_opts o = { 0 };
	int ret = report_options(cmd, a, &o);

	return ret ? ret : report_run(&o);
}

static int cmd_help(const struct command *cmd, const struct args *a);

static const struct command commands[] = {
	{ "show", OPT_JSON | OPT_ORIGIN, false, "[-j|--json] [--origin]",
	  "settings, state, last cycle and counters (the default command); JSON keys\n"
	  "      are the sysfs names. --origin: only the settings, each with the\n"
	  "      FILE:LINE of /etc/s2h.conf or /etc/s2h.conf.d/ that set it, \"default\"\n"
	  "      (the value the module loaded with), or \"runtime\" (neither: set without\n"
	  "      --save, or the files changed since applied)",
	  cmd_show, NULL },
	{ "set", OPT_SAVE, true, "[--save] KEY VALUE [KEY VALUE...]",
	  "change settings of the running module, all or none; --save writes them into\n"
	  "      /etc/s2h.conf too, which is applied at every load and so wins at the next\n"
	  "      one, unless a drop-in of /etc/s2h.conf.d/ sets them: it warns then\n"
	  "      (BOOL: " BOOL_WORDS "; a DURATION is " DURATION_WORDS ";\n"
	  "      words in any case); the sysfs names (delay_sec) are keys too",
	  cmd_set, print_settings_help },
	{ "enable", OPT_SAVE, false, "[--save]",
	  "arm the alarm on every suspend (set enabled yes)", cmd_enable, NULL },
	{ "disable", OPT_SAVE, false, "[--save]",
	  "leave suspends alone (set enabled no)", cmd_enable, NULL },
	{ "check", OPT_VERIFY | OPT_VERIFY_WAKE | OPT_WAKE_AFTER | OPT_YES, false,
	  "[--verify-wake [--wake-after DURATION]] [--verify] [--yes]",
	  "can this machine hibernate and resume? one line a check, and what to do\n"
	  "      about each that failed; exit 0 when all pass. --verify-wake first runs\n"
	  "      the wake test: a real suspend that s2h's alarm must end, due 20 s in or\n"
	  "      --wake-after (10s .. 5m: more where suspending is slow), without\n"
	  "      hibernation - do not touch the machine meanwhile. --verify runs a dry\n"
	  "      run: a real hibernation and resume - before Linux 6.4 the machine\n"
	  "      RESTARTS for it: save your work first. Each says what happens and asks;\n"
	  "      --yes does not ask (needed without a terminal). Needs root (CAP_SYS_ADMIN)",
	  cmd_check, NULL },
	{ "apply", OPT_CHECK, false, "[--check] FILE",
	  "the settings of FILE (/etc/s2h.conf): one \"KEY = VALUE\" a line, as for set,\n"
	  "      \"#\" comments; then of FILE.d/*.conf in the order of their names, a\n"
	  "      later file winning; a bad line is reported as FILE:LINE, the others still\n"
	  "      apply; then a dry run kept by check --verify, when it holds for this\n"
	  "      kernel and resume device, and a wake test kept by check --verify-wake,\n"
	  "      when it holds for this machine, firmware, kernel, RTC and mem_sleep.\n"
	  "      --check only checks the files, without the module",
	  cmd_apply, NULL },
	{ "monitor", OPT_JSON | OPT_TIMESTAMPS, false, "[-j|--json] [-t|--timestamps]",
	  "print each event until interrupted: one line of KEY=VALUE words, or one\n"
	  "      JSON object shaped as show -j; -t puts the time first",
	  cmd_monitor, NULL },
	{ "log", OPT_JSON | OPT_ALL, false, "[-a|--all] [-j|--json]",
	  "the last 32 suspend cycles, oldest first, one a line: when, how each woke\n"
	  "      and by what, the decision and its result, the battery at the start and\n"
	  "      at each wake (\"-\": not read), the time armed (asleep), idle (awake\n"
	  "      between its suspends), hibernating and resuming; -j: a JSON array of\n"
	  "      objects shaped as last_cycle of show -j. -a: every cycle the agent\n"
	  "      recorded in /var/lib/s2h/cycles.jsonl, across reboots, read back\n"
	  "      without the module (-j: its records, as they are)",
	  cmd_log, NULL },
	{ "metrics", OPT_OUTPUT, false, "[DIR | -o FILE]",
	  "the counters, the last cycle, the checks and the times from suspend to\n"
	  "      hibernation in Prometheus' text format: on stdout (also for \"-\"), or\n"
	  "      replaced whole in DIR/" METRICS_FILE " (node_exporter's textfile directory,\n"
	  "      on Debian " METRICS_DEBIAN_DIR ") or in FILE",
	  cmd_metrics, NULL },
	{ "agent", OPT_METRICS, true, "[--metrics DIR] [COMMAND [ARG...]]",
	  "run by s2h-agent.service: when s2h asks for a hibernation (handoff set),\n"
	  "      start it through systemd - systemctl hibernate, or hybrid-sleep when\n"
	  "      hibernate_mode is suspend, or COMMAND - so that its sleep hooks run;\n"
	  "      --metrics: write DIR/" METRICS_FILE " as metrics does, at the start and\n"
	  "      after each cycle (a missing DIR is said once and skipped); and append\n"
	  "      each cycle that ended to /var/lib/s2h/" CYCLES_FILE " (log --all)",
	  cmd_agent, NULL },
	{ "report", OPT_DAYS | OPT_OUTPUT | OPT_JSON | OPT_RECORD, false,
	  "[--days N] [-o FILE] [-j|--json] [--record PATH]",
	  "the last N nights (default 7, up to 366, back from the newest) of the record\n"
	  "      of cycles " S2HCTL_STATEDIR "/" RECORD_FILE ": time suspended and hibernated,\n"
	  "      dark wakes, drain, hardware sleep, wake sources, and verdicts; a night runs\n"
	  "      from noon to noon, local time. Text, or -o FILE: one HTML page with a\n"
	  "      timeline of each night (- for stdout); -j: JSON. --record: another record,\n"
	  "      a directory or one file. Needs no module",
	  cmd_report, NULL },
	{ "help", 0, false, "[COMMAND]", "this help, or one command's", cmd_help, NULL },
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

	printf("Usage: s2hctl [-j|--json] [COMMAND [ARGS]]\n"
	       "       s2hctl -h|--help | -V|--version | COMMAND -h|--help\n\n"
	       "Show and change the settings of the s2h kernel module (suspend-then-\n"
	       "hibernate), and follow its suspend cycles. Reading is open to every user;\n"
	       "changes need root (CAP_SYS_ADMIN).\n\n"
	       "Commands:\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		print_command(&commands[i]);
	printf("\nExit status: 0 done, 1 refused or failed (a check failed), 2 usage error\n"
	       "(check --verify without a terminal and without --yes included, and so\n"
	       "--verify-wake), 3 the s2h module is not loaded.\n");
}

static void print_command_help(const struct command *cmd)
{
	printf("Usage:\n");
	print_command(cmd);
}

static int cmd_help(const struct command *cmd, const struct args *a)
{
	const struct command *about;

	if (a->n > 1)
		return usage_error(cmd, "help: unexpected '%s'", a->words[1]);
	if (!a->n) {
		print_usage();
		return 0;
	}
	about = find_command(a->words[0]);
	if (!about)
		return usage_error(NULL, "%s: unknown command '%s'", cmd->name, a->words[0]);
	print_command_help(about);
	return 0;
}

int main(int argc, char **argv)
{
	char *words[argc > 0 ? argc : 1];
	struct args a = { .words = words };
	const struct command *cmd;
	int i = 1, ret;

	/* Before the command: -h, -V, and -j for show, monitor or log. */
	for (; i < argc && argv[i][0] == '-'; i++) {
		/* "s2hctl -h show" asks about show, as "s2hctl show -h" does */
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			cmd = i + 1 < argc ? find_command(argv[i + 1]) : NULL;
			if (cmd)
				print_command_help(cmd);
			else
				print_usage();
			return 0;
		}
		if (!strcmp(argv[i], "-V") || !strcmp(argv[i], "--version")) {
			printf("s2hctl %s\n", S2HCTL_VERSION);
			return 0;
		}
		if (strcmp(argv[i], "-j") && strcmp(argv[i], "--json"))
			return usage_error(NULL, "unknown option '%s'", argv[i]);
		a.opts |= OPT_JSON;
	}
	cmd = i < argc ? find_command(argv[i]) : find_command("show");
	if (!cmd)
		return usage_error(NULL, "unknown command '%s'", argv[i]);
	if ((a.opts & OPT_JSON) && !(cmd->opts & OPT_JSON))
		return usage_error(cmd, "%s: unknown option '-j'", cmd->name);
	ret = i < argc ? parse_args(cmd, argc - i, argv + i, &a) : 0;
	if (ret)
		return ret;
	if (a.opts & OPT_HELP) {
		print_command_help(cmd);
		return 0;
	}
	return cmd->run(cmd, &a);
}
