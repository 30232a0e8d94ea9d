// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "test-child.h"

/* What a reader of small files may take; far above what any of them needs. */
#define CHILD_MEM_LIMIT		(1024L << 20)
#define CHILD_MEM_MAX_KB	(64L << 10)

static void child(child_fn fn, void *arg, unsigned int seconds, int fd, size_t size)
{
	struct rlimit lim = { CHILD_MEM_LIMIT, CHILD_MEM_LIMIT };
	char out[1024] = "";
	bool ok;

	alarm(seconds);
	setrlimit(RLIMIT_AS, &lim);
	ok = fn(arg, out, size < sizeof(out) ? size : sizeof(out));
	if (write(fd, out, strlen(out)) < 0)
		ok = false;
	_exit(ok ? 0 : 1);
}

/**
 * in_child() - @fn(@arg) in a child process, within @seconds and 64 MiB
 * @out: what @fn wrote in it, or why the child failed
 *
 * Return: true when @fn returned true, in time, without a crash and
 * without taking more than 64 MiB.
 */
bool in_child(child_fn fn, void *arg, unsigned int seconds, char *out, size_t size)
{
	struct rusage ru;
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	out[0] = '\0';
	fflush(stdout);
	pid = pipe(fds) ? -1 : fork();
	if (pid < 0) {
		snprintf(out, size, "cannot start a child: %m");
		return false;
	}
	if (!pid) {
		close(fds[0]);
		child(fn, arg, seconds, fds[1], size);
	}
	close(fds[1]);
	n = read(fds[0], out, size - 1);
	out[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	if (wait4(pid, &status, 0, &ru) != pid) {
		snprintf(out, size, "lost the child: %m");
		return false;
	}
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
		snprintf(out, size, "still running after %u s", seconds);
		return false;
	}
	if (WIFSIGNALED(status)) {
		snprintf(out, size, "crashed: %s", strsignal(WTERMSIG(status)));
		return false;
	}
	if (ru.ru_maxrss > CHILD_MEM_MAX_KB) {
		snprintf(out, size, "took %ld MiB", ru.ru_maxrss >> 10);
		return false;
	}
	return WIFEXITED(status) && !WEXITSTATUS(status);
}
