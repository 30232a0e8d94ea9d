/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The wake test (s2hctl check --verify-wake), as s2hctl tells and keeps it:
 * its result with what to do about a failure, and the record of one that
 * passed, kept in /var/lib/s2h/verified-wake beside the dry run's and
 * handed back by "s2hctl apply" while it holds for the machine.
 */
#ifndef S2HCTL_WAKETEST_H
#define S2HCTL_WAKETEST_H

#include <stdbool.h>
#include <stdint.h>

#include "nl.h"
#include "record.h"

#define WAKE_RECORD_PATH	S2HCTL_STATEDIR "/verified-wake"

/* What a wake test's result holds for: the machine, its firmware, kernel and sleep. */
struct wake_identity {
	char kernel[72];		/* uname -r */
	char build[72];			/* uname -v */
	char vendor[64];		/* /sys/class/dmi/id/sys_vendor */
	char product[64];		/* /sys/class/dmi/id/product_name */
	char bios[64];			/* /sys/class/dmi/id/bios_version */
	char rtc[64];			/* rtc0's driver, and its use_acpi_alarm */
	char mem_sleep[16];		/* the mode in brackets of /sys/power/mem_sleep */
};

void wake_identity_read(struct wake_identity *id);
int wake_record_format(const struct wake_identity *id, const struct wake_test_status *w,
		       char buf[RECORD_LEN]);
int wake_record_parse(const char *text, struct wake_identity *id, struct wake_test_status *w);

void print_wake_test_line(const struct wake_test_status *w);
void print_wake_test_json(const struct wake_test_status *w);
void print_wake_test_words(const struct wake_test_status *w);
int print_wake_test_check(const struct status *st);
int wake_test_run(struct conn *c, uint32_t delay_sec, bool yes);
int wake_test_restore(struct conn *c);

#endif /* S2HCTL_WAKETEST_H */
