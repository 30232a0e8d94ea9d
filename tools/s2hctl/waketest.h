/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The wake test (s2hctl check --verify-wake), as s2hctl tells and keeps it:
 * its result with what to do about a failure, and the record of one that
 * passed (wakerecord.c), handed back by "s2hctl apply" while it holds for
 * the machine.
 */
#ifndef S2HCTL_WAKETEST_H
#define S2HCTL_WAKETEST_H

#include <stdbool.h>
#include <stdint.h>

#include "nl.h"
#include "wakerecord.h"

void wake_identity_read(struct wake_identity *id);

void print_wake_test_line(const struct wake_test_status *w);
void print_wake_test_json(const struct wake_test_status *w);
void print_wake_test_words(const struct wake_test_status *w);
int print_wake_test_check(const struct status *st);
int wake_test_run(struct conn *c, uint32_t delay_sec, bool yes);
int wake_test_restore(struct conn *c);

#endif /* S2HCTL_WAKETEST_H */
