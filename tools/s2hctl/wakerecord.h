/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record of a wake test that passed, kept in /var/lib/s2h/verified-wake
 * beside the dry run's: what it holds for (the machine, its firmware,
 * kernel and sleep), written by check --verify-wake and read back by
 * "s2hctl apply", which hands it to the module while it holds. Apart from
 * the netlink side (waketest.c) so that the host tests read damaged ones.
 */
#ifndef S2HCTL_WAKERECORD_H
#define S2HCTL_WAKERECORD_H

#include <stdbool.h>

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

int wake_record_format(const struct wake_identity *id, const struct wake_test_status *w,
		       char buf[RECORD_LEN]);
int wake_record_parse(const char *text, struct wake_identity *id, struct wake_test_status *w,
		      char why[WHY_LEN]);
int wake_record_load(const char *path, struct wake_identity *id, struct wake_test_status *w,
		     char why[WHY_LEN]);
bool wake_identity_same(const struct wake_identity *was, const struct wake_identity *now,
			char why[WHY_LEN]);

#endif /* S2HCTL_WAKERECORD_H */
