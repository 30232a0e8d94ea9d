/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the next boot resumes from: the kernel command line's resume= and
 * resume_offset=, initramfs-tools' RESUME= and RESUME_OFFSET=, dracut's
 * resume module, and the initrd of the running kernel. From Linux 6.4 the
 * dry run (test_resume) never runs this path, so it is recorded with the
 * dry run and compared with /sys/power/resume. No netlink here.
 */
#ifndef S2HCTL_BOOTPATH_H
#define S2HCTL_BOOTPATH_H

#include <stdbool.h>

/* The admin guide's section on it. */
#define BOOTPATH_SECTION	"The boot path"

#define BOOT_DEV_LEN		32
#define BOOT_INITRD_LEN		160

struct bootpath {
	char device[BOOT_DEV_LEN];	/* MAJOR:MINOR; "none"; "" when it cannot be told */
	char offset[BOOT_DEV_LEN];	/* its resume_offset; "0" when none is given */
	char source[192];		/* where it comes from, for people */
	char initrd[BOOT_INITRD_LEN];	/* "PATH SIZE MTIME" of the running kernel's, or "" */
	char newer[256];		/* an initramfs-tools file changed after the initrd */
	char dracut[256];		/* "FILE:LINE" omitting dracut's resume module */
};

#define BOOT_FINDINGS	4

struct boot_finding {
	bool fail;			/* else it cannot be told: no failure */
	char line[400];
	char fix[400];
};

int bootpath_resolve(const char *root, const char *spec, char dev[BOOT_DEV_LEN]);
void bootpath_read(const char *root, const char *kernel, struct bootpath *b);
unsigned int bootpath_judge(const struct bootpath *b, const char *sys_resume,
			    const char *sys_offset, struct boot_finding f[BOOT_FINDINGS]);

#endif /* S2HCTL_BOOTPATH_H */
