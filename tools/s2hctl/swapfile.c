// SPDX-License-Identifier: GPL-2.0
/*
 * With swap in a file, the kernel finds the image through resume= (the
 * file system's device) and resume_offset= (the page of the file's swap
 * header on that device). A wrong offset passes every pre-flight check the
 * module can make - the kernel does not export the lookup hibernation does
 * (swap_type_of()) - and fails only when the image is written. The first
 * physical block of an active swap file, from FIEMAP, is the offset it
 * needs: "filefrag -v" is how the kernel's documentation finds it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>

#include "swapfile.h"

/**
 * swapfile_line() - the path of a swap file, from a line of /proc/swaps
 * @line: "/swapfile  file  1048572  0  -2"; the header and partitions are not files
 * @path: where the path goes (octal escapes as /proc/swaps writes them are kept)
 *
 * Return: true for a swap file's line.
 */
bool swapfile_line(const char *line, char path[256])
{
	char type[16];

	return sscanf(line, "%255s %15s", path, type) == 2 && !strcmp(type, "file");
}

/* The first physical byte of @path's data, or -errno. */
static int64_t first_byte(const char *path)
{
	struct {
		struct fiemap map;
		struct fiemap_extent extent;
	} fm = { .map = { .fm_length = FIEMAP_MAX_OFFSET, .fm_extent_count = 1 } };
	int fd, err = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ioctl(fd, FS_IOC_FIEMAP, &fm.map) < 0)
		err = -errno;
	else if (!fm.map.fm_mapped_extents || fm.extent.fe_logical)
		err = -ENODATA;
	close(fd);
	return err ? err : (int64_t)fm.extent.fe_physical;
}

/**
 * swapfile_on() - the active swap file on the resume device, and its first page
 * @proc_swaps: "/proc/swaps", or a test's copy
 * @resume: the resume device (/sys/power/resume)
 * @f: what was found; f->path is "" when no swap file is on @resume
 *
 * Return: 0, or -errno when a swap file on @resume could not be mapped.
 */
int swapfile_on(const char *proc_swaps, dev_t resume, struct swapfile_fact *f)
{
	char line[512], path[256];
	long page = sysconf(_SC_PAGESIZE);
	struct stat st;
	int64_t byte;
	FILE *swaps;

	memset(f, 0, sizeof(*f));
	swaps = fopen(proc_swaps, "re");
	if (!swaps)
		return -errno;
	while (fgets(line, sizeof(line), swaps)) {
		if (!swapfile_line(line, path) || stat(path, &st) || st.st_dev != resume)
			continue;
		byte = first_byte(path);
		fclose(swaps);
		if (byte < 0)
			return (int)byte;
		snprintf(f->path, sizeof(f->path), "%s", path);
		f->first_page = (uint64_t)byte / (uint64_t)page;
		return 0;
	}
	fclose(swaps);
	return 0;
}
