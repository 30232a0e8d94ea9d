/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host tests' TAP: one line a check, then the plan and the summary
 * make check counts ("N passed, N failed, N skipped").
 */
#ifndef S2HCTL_TEST_TAP_H
#define S2HCTL_TEST_TAP_H

#include <stdbool.h>

void result(bool ok, const char *desc, const char *detail);
void expect(bool ok, const char *fmt, ...);
int tap_done(void);

#endif /* S2HCTL_TEST_TAP_H */
