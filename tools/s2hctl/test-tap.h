/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The host tests' TAP: one line a check, then the plan and the summary
 * make check counts ("N passed, N failed, N skipped").
 */
#ifndef S2HCTL_TEST_TAP_H
#define S2HCTL_TEST_TAP_H

#include <stdbool.h>

void tap_result(bool ok, const char *desc, const char *detail);
void tap_resultf(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int tap_done(void);

#endif /* S2HCTL_TEST_TAP_H */
