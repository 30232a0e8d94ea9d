/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether resume_offset names the swap header of an active swap file, as
 * the kernel's hibernation will look for it. No netlink here.
 */
#ifndef S2HCTL_SWAPFILE_H
#define S2HCTL_SWAPFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* The admin guide's section on swap files. */
#define SWAPFILE_SECTION	"Swap file"

struct swapfile_fact {
	char path[256];		/* "" when no active swap file is on the resume device */
	uint64_t first_page;	/* of that file, in PAGE_SIZE units: resume_offset's unit */
};

int swapfile_on(const char *proc_swaps, dev_t resume, struct swapfile_fact *f);
bool swapfile_line(const char *line, char path[256]);

#endif /* S2HCTL_SWAPFILE_H */
