// SPDX-License-Identifier: GPL-2.0
/*
 * s2hctl agent, started by s2h-agent.service: when s2h asks for a
 * hibernation (the "handoff" event, handoff_sec set), start it the way the
 * user would, so that systemd runs its sleep hooks and the units of
 * systemd-hibernate.service around it. s2h hibernates in the kernel if no
 * hibernation starts within handoff_sec: this process may hang or die
 * without leaving the machine awake.
 *
 * With --metrics DIR it also keeps DIR/s2h.prom (s2hctl metrics) fresh: at
 * its start and after each cycle, node_exporter's scrapes see it whole.
 *
 * And it keeps the record of the cycles that lasts (cycles.c): at its
 * start, the cycles of the kernel's history it missed while it was not
 * running, then each cycle as it ends.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "agent.h"
#include "collect.h"
#include "cycles.h"
#include "metrics.h"
#include "names.h"
#include "nl.h"
#include "parse.h"

extern char **environ;

static char *hibernate_cmd[] = { "systemctl", "hibernate", NULL };
static char *hybrid_cmd[] = { "systemctl", "hybrid-sleep", NULL };

/* The command given to the agent, NULL-terminated; NULL: systemctl's. */
static char **agent_cmd;

/* --metrics: the directory, and its file; NULL without. */
static const char *metrics_dir;
static char metrics_file[PATH_MAX];

/*
 * Whether s2h still waits for the hibernation it asked for with @request:
 * its count of alarm wakes when the request was read, 0 to take it now.
 * An agent that was stopped reads the request only later, after s2h
 * hibernated in the kernel and the system resumed, and must not hibernate
 * it again; and the tries for a request whose hibernation failed, asleep
 * between two when s2h went back to sleep, must not wake to the next
 * alarm's request, which has a child of its own: the two would hibernate
 * the system twice (make check-debug saw it, on the slower kernel).
 */
static bool still_asked(uint64_t *request)
{
	struct status st;
	struct conn c;
	uint64_t wakes;
	int ret;

	ret = conn_open(&c);
	if (ret)
		return false;
	ret = nl_get(&c, &st, false);
	conn_close(&c);
	if (ret || st.state != S2H_STATE_HANDOFF)
		return false;
	wakes = st.stats[S2H_STATS_A_ALARM_WAKES];
	if (!*request)
		*request = wakes;
	return *request == wakes;
}

/* Between two tries of the command: logind refuses while the suspend is still ending. */
#define RETRY_SEC	2

/* Run @argv once; its exit status, or -1 when it could not run. */
static int run_once(char **argv)
{
	pid_t cmd;
	int status, err;

	err = posix_spawnp(&cmd, argv[0], NULL, NULL, argv, environ);
	if (err) {
		printf("s2hctl agent: cannot run %s: %s\n", argv[0], strerror(err));
		return -1;
	}
	if (waitpid(cmd, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/*
 * Run @argv until it succeeds or s2h stops waiting, and report how it
 * ended, from a child of the agent's own so that the agent goes on
 * listening meanwhile (systemctl may block until the resume, or hang): the
 * agent does not wait for that child. The handoff event comes as the
 * suspend ends, and logind refuses a hibernation while the suspend's job
 * is still running: a refusal is tried again while s2h waits.
 */
static void run_detached(char **argv, uint64_t request)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	pid_t pid;
	int status;

	pid = fork();
	if (pid < 0)
		perror("s2hctl agent: fork");
	if (pid)
		return;
	/* The agent's SA_NOCLDWAIT would reap the command before waitpid() sees its status. */
	sigaction(SIGCHLD, &dfl, NULL);
	while ((status = run_once(argv)) != 0 && still_asked(&request)) {
		printf("s2hctl agent: %s %s failed (status %d): trying again in %d s\n", argv[0],
		       argv[1] ? argv[1] : "", status, RETRY_SEC);
		sleep(RETRY_SEC);
	}
	if (!status)
		printf("s2hctl agent: %s %s: done\n", argv[0], argv[1] ? argv[1] : "");
	else
		printf("s2hctl agent: %s %s failed (status %d), and s2h no longer waits: it "
		       "hibernates in the kernel\n", argv[0], argv[1] ? argv[1] : "", status);
	_exit(0);
}

/*
 * Rewrite the metrics, when asked to. The unit names Debian's directory
 * whether node_exporter is installed or not: a missing one is said once,
 * then skipped quietly, and used as soon as it appears.
 */
static void refresh_metrics(void)
{
	static bool said_missing;
	struct stat sb;

	if (!metrics_dir)
		return;
	if (stat(metrics_dir, &sb) || !S_ISDIR(sb.st_mode)) {
		if (!said_missing)
			printf("s2hctl agent: metrics: no directory %s: not written\n",
			       metrics_dir);
		said_missing = true;
		return;
	}
	said_missing = false;
	metrics_collect(metrics_file);
}

struct history_copy {
	struct last_cycle c[S2H_HISTORY_LEN];
	size_t n;
};

/* A cycle_fn: keeps the kernel's history, oldest first. */
static void copy_cycle(const struct last_cycle *l, void *arg)
{
	struct history_copy *h = arg;

	if (h->n < S2H_HISTORY_LEN)
		h->c[h->n++] = *l;
}

/*
 * Append the cycles that ended and are not in the record yet, from the
 * kernel's history: what failed is said, and tried again at the next
 * cycle's end. The history holds S2H_HISTORY_LEN cycles: an agent stopped
 * for longer than that many loses the oldest.
 */
static void record_cycles(void)
{
	static struct history_copy h;
	char boot[BOOT_ID_LEN];
	struct status st;
	struct conn c;
	int ret;

	ret = this_boot_id(boot);
	if (ret) {
		printf("s2hctl agent: no boot id (%s): cycles not recorded\n", strerror(-ret));
		return;
	}
	h.n = 0;
	ret = conn_open(&c);
	if (ret)
		return;
	ret = nl_get(&c, &st, false);
	if (!ret)
		ret = nl_history(&c, copy_cycle, &h);
	conn_close(&c);
	if (ret)
		return;
	ret = cycles_sync(cycles_dir(), boot, h.c, h.n, st.state);
	if (ret < 0)
		printf("s2hctl agent: cannot record the cycles in %s/%s: %s\n", cycles_dir(),
		       CYCLES_FILE, strerror(-ret));
	else if (ret)
		printf("s2hctl agent: %d cycle(s) recorded in %s/%s\n", ret, cycles_dir(),
		       CYCLES_FILE);
}

/*
 * The events after which a cycle's numbers are final: the user's wake or a
 * cancel ends it awake, an aborted suspend never slept, a hibernation's
 * result and the resume from it end it. Also a refused arming and a dry
 * run's end, which change the checks and verified. The wakes that lead to
 * a decision, and the dark wakes, are mid-cycle: no writing on the way
 * back to sleep.
 */
static bool ends_cycle(unsigned int type)
{
	switch (type) {
	case S2H_EVENT_EARLY_WAKE:
	case S2H_EVENT_ABORTED:
	case S2H_EVENT_CANCELLED:
	case S2H_EVENT_HIBERNATE_RESULT:
	case S2H_EVENT_RESUMED:
	case S2H_EVENT_NOT_ARMED:
	case S2H_EVENT_VERIFY_RESULT:
		return true;
	default:
		return false;
	}
}

/* An event_fn: the handoff event starts the hibernation; a cycle's end rewrites the metrics. */
static void on_event(const struct event *ev, void *arg)
{
	char **argv = agent_cmd;
	uint64_t request = 0;

	(void)arg;
	if (ends_cycle(ev->type)) {
		refresh_metrics();
		record_cycles();
	}
	if (ev->type != S2H_EVENT_HANDOFF)
		return;
	if (!still_asked(&request)) {
		printf("s2hctl agent: a request s2h no longer waits for (read late): ignored\n");
		return;
	}
	if (!argv)
		argv = ev->set.val[SETTING_HIBERNATE_MODE] == S2H_MODE_SUSPEND ?
		       hybrid_cmd : hibernate_cmd;
	printf("s2hctl agent: s2h asks for a hibernation within %u s: running %s %s\n",
	       ev->set.val[SETTING_HANDOFF], argv[0], argv[1] ? argv[1] : "");
	run_detached(argv, request);
}

/**
 * agent_run() - hand every hibernation s2h asks for to systemd, until killed
 * @command: what to run instead of systemctl hibernate/hybrid-sleep, or NULL
 * @n: how many words @command has
 * @metrics: the directory to keep s2h.prom in, or NULL
 *
 * Return: the exit status, once listening fails.
 */
int agent_run(char **command, int n, const char *metrics)
{
	struct sigaction ign = { .sa_handler = SIG_DFL, .sa_flags = SA_NOCLDWAIT };
	struct conn c;
	int ret, i;

	if (n) {
		agent_cmd = calloc((size_t)n + 1, sizeof(*agent_cmd));
		if (!agent_cmd)
			return 1;
		for (i = 0; i < n; i++)
			agent_cmd[i] = command[i];
	}
	/* The reporting children are never waited for: no zombies. */
	sigaction(SIGCHLD, &ign, NULL);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (metrics && !metrics_path(metrics, metrics_file, sizeof(metrics_file))) {
		fprintf(stderr, "s2hctl agent: --metrics %s: too long\n", metrics);
		free(agent_cmd);
		return 2;
	}
	metrics_dir = metrics;
	ret = conn_open(&c);
	if (!ret) {
		printf("s2hctl agent: listening for s2h's hibernation requests\n");
		refresh_metrics();
		record_cycles();
		ret = nl_monitor(&c, on_event, NULL);
		conn_close(&c);
	}
	free(agent_cmd);
	return ret;
}
