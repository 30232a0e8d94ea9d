/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "Can this machine hibernate and come back?", asked before each suspend
 * is armed: a hibernation that cannot resume loses everything, so s2h
 * leaves the suspend plain instead.
 */
#ifndef _S2H_PREFLIGHT_H
#define _S2H_PREFLIGHT_H

#include <linux/types.h>
#include <linux/s2h.h>

struct s2h_preflight {
	unsigned long failed;	/* BIT(enum s2h_check) of each failed check */
	unsigned long advice;	/* BIT(enum s2h_advice): s2h_preflight_advise(), readers only */
	u32 swap_free_mb;
	u32 image_mb;		/* the image the kernel is expected to write */
};

int s2h_preflight_init(void);
void s2h_preflight_exit(void);
void s2h_preflight_run(struct s2h_preflight *p, bool verified_needed);
void s2h_preflight_advise(struct s2h_preflight *p, u32 handoff_sec, bool hybrid);
int s2h_preflight_format(const struct s2h_preflight *p, char *buf, size_t size);

#endif /* _S2H_PREFLIGHT_H */
