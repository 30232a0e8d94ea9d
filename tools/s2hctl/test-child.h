/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A piece of a host test run in a child process, so that what it must not
 * do - crash, read forever, eat memory - fails one check instead of the
 * whole test.
 */
#ifndef S2HCTL_TEST_CHILD_H
#define S2HCTL_TEST_CHILD_H

#include <stdbool.h>
#include <stddef.h>

/* Return: true when it went as it should; @out says what it saw, either way. */
typedef bool (*child_fn)(void *arg, char *out, size_t size);

bool in_child(child_fn fn, void *arg, unsigned int seconds, char *out, size_t size);

#endif /* S2HCTL_TEST_CHILD_H */
