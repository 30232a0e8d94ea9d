// SPDX-License-Identifier: GPL-2.0
/*
 * A dry run before Linux 6.4 resumes through the firmware and the
 * initramfs; from 6.4 it is test_resume, which restores the image in the
 * running kernel and never reads resume= at boot. Whether the next boot
 * finds the image is then a matter of configuration: the kernel command
 * line (resume=, resume_offset=, noresume; it wins in initramfs-tools'
 * init and is all dracut's resume module reads), else initramfs-tools'
 * RESUME= and RESUME_OFFSET=, which update-initramfs copies into the
 * initrd. Devices are resolved the way udev names them, through
 * /dev/disk/by-* links and /sys/class/block, without blkid: a root prefix
 * then stands for / in the tests.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "array.h"
#include "bootpath.h"
#include "lines.h"

#define INITRAMFS_TOOLS		"/etc/initramfs-tools"
#define RESUME_CONF		INITRAMFS_TOOLS "/conf.d/resume"

struct first_line {
	char *buf;
	size_t size;
	bool found;
};

static bool take_first_line(const char *path, char *line, unsigned int n, void *arg)
{
	struct first_line *l = arg;

	(void)path;
	(void)n;
	snprintf(l->buf, l->size, "%s", line);
	l->found = true;
	return false;
}

/* The first line of @root@path into @buf, without its newline; false when unreadable. */
static bool read_first_line(const char *root, const char *path, char *buf, size_t size)
{
	struct first_line l = { buf, size, false };

	buf[0] = '\0';
	root_lines(root, path, take_first_line, &l);
	return l.found;
}

/* The by-* directory of a "UUID=" style spec, or NULL. */
static const char *by_dir(const char *spec, size_t *prefix)
{
	static const struct {
		const char *tag;
		const char *dir;
	} tags[] = {
		{ "UUID=", "/dev/disk/by-uuid/" },
		{ "LABEL=", "/dev/disk/by-label/" },
		{ "PARTUUID=", "/dev/disk/by-partuuid/" },
		{ "PARTLABEL=", "/dev/disk/by-partlabel/" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(tags); i++) {
		*prefix = strlen(tags[i].tag);
		if (!strncmp(spec, tags[i].tag, *prefix))
			return tags[i].dir;
	}
	return NULL;
}

/**
 * bootpath_resolve() - the MAJOR:MINOR a resume= or RESUME= value names
 * @root: "" for this system, or a directory standing for / (tests)
 * @spec: UUID=, LABEL=, PARTUUID=, PARTLABEL=, a /dev path, or MAJOR:MINOR
 * @dev: "MAJOR:MINOR"; "none" for none; "" when it names no block device here
 *
 * Return: 0, or -1 when it could not be resolved (@dev is "").
 */
int bootpath_resolve(const char *root, const char *spec, char dev[BOOT_DEV_LEN])
{
	char path[4096], target[4096], sysdev[BOOT_DEV_LEN];
	unsigned int maj, min;
	const char *dir;
	size_t prefix;
	ssize_t n;
	char end;

	dev[0] = '\0';
	if (!strcmp(spec, "none")) {
		snprintf(dev, BOOT_DEV_LEN, "none");
		return 0;
	}
	if (sscanf(spec, "%u:%u%c", &maj, &min, &end) == 2) {
		snprintf(dev, BOOT_DEV_LEN, "%u:%u", maj, min);
		return 0;
	}
	dir = by_dir(spec, &prefix);
	if (dir && spec[prefix] && !strchr(spec + prefix, '/'))
		snprintf(path, sizeof(path), "%s%s%s", root, dir, spec + prefix);
	else if (!dir && !strncmp(spec, "/dev/", 5))
		snprintf(path, sizeof(path), "%s%s", root, spec);
	else
		return -1;
	/* udev's links and /dev/mapper's point at the kernel's name of the device. */
	n = readlink(path, target, sizeof(target) - 1);
	if (n > 0)
		target[n] = '\0';
	else
		snprintf(target, sizeof(target), "%s", path);
	snprintf(path, sizeof(path), "/sys/class/block/%s/dev", basename(target));
	if (!read_first_line(root, path, sysdev, sizeof(sysdev)) ||
	    sscanf(sysdev, "%u:%u", &maj, &min) != 2)
		return -1;
	snprintf(dev, BOOT_DEV_LEN, "%u:%u", maj, min);
	return 0;
}

/* The last "@key=VALUE" word of the kernel command line into @value; false when none. */
static bool cmdline_word(const char *cmdline, const char *key, char *value, size_t size)
{
	size_t len = strlen(key), n;
	const char *p = cmdline;
	bool found = false;

	while (*p) {
		p += strspn(p, " \t\n");
		n = strcspn(p, " \t\n");
		if (n >= len && !strncmp(p, key, len)) {
			snprintf(value, size, "%.*s", (int)(n - len), p + len);
			found = true;
		}
		p += n;
	}
	return found;
}

/* initramfs-tools' RESUME= and RESUME_OFFSET=, as its conf files set them. */
struct itools {
	char resume[128];
	char offset[BOOT_DEV_LEN];
	char file[192];			/* where RESUME= was set, without the root */
	char newest[192];		/* the file changed last */
	struct timespec newest_at;
};

/* "RESUME=value", "export RESUME='value'": the value, when @line sets @key. */
static bool shell_assign(char *line, const char *key, char *value, size_t size)
{
	size_t len = strlen(key);
	char *p = line + strspn(line, " \t"), *v;

	if (!strncmp(p, "export ", 7))
		p += 7 + strspn(p + 7, " \t");
	if (strncmp(p, key, len) || p[len] != '=')
		return false;
	v = p + len + 1;
	if (*v == '"' || *v == '\'') {
		char quote = *v++, *end = strchr(v, quote);

		if (end)
			*end = '\0';
	}
	v[strcspn(v, " \t\n#")] = '\0';
	snprintf(value, size, "%s", v);
	return true;
}

static bool itools_line(const char *path, char *line, unsigned int n, void *arg)
{
	struct itools *it = arg;
	char value[128];

	(void)n;
	if (shell_assign(line, "RESUME", value, sizeof(value))) {
		snprintf(it->resume, sizeof(it->resume), "%s", value);
		snprintf(it->file, sizeof(it->file), "%s", path);
	} else if (shell_assign(line, "RESUME_OFFSET", value, sizeof(value))) {
		snprintf(it->offset, sizeof(it->offset), "%.31s", value);
	}
	return true;
}

static void itools_file(const char *root, const char *path, struct itools *it)
{
	struct stat st;
	FILE *f;

	f = root_open(root, path);
	if (!f)
		return;
	if (!fstat(fileno(f), &st) &&
	    (st.st_mtim.tv_sec > it->newest_at.tv_sec ||
	     (st.st_mtim.tv_sec == it->newest_at.tv_sec &&
	      st.st_mtim.tv_nsec > it->newest_at.tv_nsec))) {
		it->newest_at = st.st_mtim;
		snprintf(it->newest, sizeof(it->newest), "%s", path);
	}
	file_lines(f, path, itools_line, it);
	fclose(f);
}

/* Backups and dpkg's leftovers, which mkinitramfs does not read. */
static int conf_d_entry(const struct dirent *e)
{
	size_t len = strlen(e->d_name);

	return e->d_name[0] != '.' && e->d_name[len - 1] != '~' && !strstr(e->d_name, ".dpkg-");
}

/* initramfs.conf, then conf.d/ in the order mkinitramfs sources them. Return: it is there. */
static bool itools_read(const char *root, struct itools *it)
{
	char path[4096];
	struct dirent **e;
	int i, n;

	memset(it, 0, sizeof(*it));
	snprintf(path, sizeof(path), "%s" INITRAMFS_TOOLS, root);
	if (access(path, F_OK))
		return false;
	itools_file(root, INITRAMFS_TOOLS "/initramfs.conf", it);
	snprintf(path, sizeof(path), "%s" INITRAMFS_TOOLS "/conf.d", root);
	n = scandir(path, &e, conf_d_entry, alphasort);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), INITRAMFS_TOOLS "/conf.d/%s", e[i]->d_name);
		itools_file(root, path, it);
		free(e[i]);
	}
	if (n >= 0)
		free(e);
	return true;
}

/* A dracut.conf line that leaves out its resume module: "FILE:LINE" into b->dracut. */
static bool dracut_line(const char *path, char *line, unsigned int n, void *arg)
{
	struct bootpath *b = arg;
	char *p = line + strspn(line, " \t"), *word = p;

	if (strncmp(p, "omit_dracutmodules", 18))
		return true;
	/* The word "resume" among the names, not "resume-extra"; the line's end counts. */
	while ((word = strstr(word + 1, "resume")))
		if (strchr(" \"'=", word[-1]) && (!word[6] || strchr(" \"'", word[6])))
			snprintf(b->dracut, sizeof(b->dracut), "%s:%u", path, n);
	return true;
}

static void dracut_read(const char *root, struct bootpath *b)
{
	char path[4096];
	struct dirent **e;
	int i, n;

	root_lines(root, "/etc/dracut.conf", dracut_line, b);
	snprintf(path, sizeof(path), "%s/etc/dracut.conf.d", root);
	n = scandir(path, &e, conf_d_entry, alphasort);
	for (i = 0; i < n; i++) {
		size_t len = strlen(e[i]->d_name);

		snprintf(path, sizeof(path), "/etc/dracut.conf.d/%s", e[i]->d_name);
		if (len > 5 && !strcmp(e[i]->d_name + len - 5, ".conf"))
			root_lines(root, path, dracut_line, b);
		free(e[i]);
	}
	if (n >= 0)
		free(e);
}

/* The initrd of @kernel, as update-initramfs names it on Debian, and when it was built. */
static bool initrd_read(const char *root, const char *kernel, struct bootpath *b,
			struct timespec *built)
{
	char rel[256], path[4096];
	struct stat st;

	snprintf(rel, sizeof(rel), "/boot/initrd.img-%s", kernel);
	snprintf(path, sizeof(path), "%s%s", root, rel);
	if (stat(path, &st))
		return false;
	snprintf(b->initrd, sizeof(b->initrd), "%.100s %lld %lld", rel, (long long)st.st_size,
		 (long long)st.st_mtim.tv_sec);
	*built = st.st_mtim;
	return true;
}

/* The device and offset from the command line, else from initramfs-tools' conf. */
static void resume_from(const char *root, const char *cmdline, const struct itools *it,
			bool itools, struct bootpath *b)
{
	char spec[128] = "", offset[BOOT_DEV_LEN] = "", rest[8] = "";

	if (cmdline_word(cmdline, "resume_offset=", offset, sizeof(offset)) || it->offset[0])
		snprintf(b->offset, sizeof(b->offset), "%s", offset[0] ? offset : it->offset);
	if (cmdline_word(cmdline, "noresume", rest, sizeof(rest)) && !rest[0]) {
		snprintf(b->device, sizeof(b->device), "none");
		snprintf(b->source, sizeof(b->source), "noresume on the kernel command line");
		return;
	}
	if (cmdline_word(cmdline, "resume=", spec, sizeof(spec))) {
		snprintf(b->source, sizeof(b->source), "resume=%s on the kernel command line",
			 spec);
	} else if (itools && it->resume[0]) {
		snprintf(spec, sizeof(spec), "%s", it->resume);
		snprintf(b->source, sizeof(b->source), "RESUME=%.80s in %.96s", spec, it->file);
	} else {
		snprintf(b->source, sizeof(b->source), itools ?
			 "no resume= on the kernel command line, no RESUME= for initramfs-tools: "
			 "it picks a swap when the initramfs is built" :
			 "no resume= on the kernel command line");
		return;
	}
	bootpath_resolve(root, spec, b->device);
}

/**
 * bootpath_read() - what the next boot of @kernel resumes from, as configured now
 * @root: "" for this system, or a directory standing for / (tests)
 * @kernel: uname -r
 * @b: what was found; unknown parts are ""
 */
void bootpath_read(const char *root, const char *kernel, struct bootpath *b)
{
	char cmdline[4096] = "";
	struct timespec built = { 0 };
	struct itools it;
	bool itools, initrd;

	memset(b, 0, sizeof(*b));
	snprintf(b->offset, sizeof(b->offset), "0");
	read_first_line(root, "/proc/cmdline", cmdline, sizeof(cmdline));
	itools = itools_read(root, &it);
	resume_from(root, cmdline, &it, itools, b);
	initrd = initrd_read(root, kernel, b, &built);
	if (itools && initrd && (it.newest_at.tv_sec > built.tv_sec ||
				 (it.newest_at.tv_sec == built.tv_sec &&
				  it.newest_at.tv_nsec > built.tv_nsec)))
		snprintf(b->newer, sizeof(b->newer), "%s", it.newest);
	dracut_read(root, b);
}

static struct boot_finding *next(struct boot_finding f[BOOT_FINDINGS], unsigned int *n)
{
	struct boot_finding *x = &f[*n];

	memset(x, 0, sizeof(*x));
	x->fail = true;
	(*n)++;
	return x;
}

/* Whether the boot path and /sys/power/resume name the same swap: a finding when not. */
static void judge_device(const struct bootpath *b, const char *sys_resume, const char *sys_offset,
			 struct boot_finding f[BOOT_FINDINGS], unsigned int *n)
{
	struct boot_finding *x;

	if (!b->device[0]) {
		x = next(f, n);
		x->fail = false;
		snprintf(x->line, sizeof(x->line), "cannot tell what the next boot resumes from: %s",
			 b->source);
		snprintf(x->fix, sizeof(x->fix), "name the swap: RESUME= in " RESUME_CONF ",\n"
			 "then sudo update-initramfs -u");
	} else if (!strcmp(b->device, "none")) {
		x = next(f, n);
		snprintf(x->line, sizeof(x->line), "the next boot does not resume (%s)", b->source);
		snprintf(x->fix, sizeof(x->fix), "remove it: noresume and resume=none in\n"
			 "/etc/default/grub (then sudo update-grub), RESUME=none in " RESUME_CONF
			 "\n(then sudo update-initramfs -u)");
	} else if (strcmp(b->device, sys_resume)) {
		x = next(f, n);
		snprintf(x->line, sizeof(x->line), "the initramfs resumes from %s (%s), s2h checks "
			 "%s (/sys/power/resume)", b->device, b->source, sys_resume);
		snprintf(x->fix, sizeof(x->fix), "make them the same swap: RESUME= in " RESUME_CONF
			 "\n(resume= in /etc/default/grub wins over it: then sudo update-grub), then\n"
			 "sudo update-initramfs -u and reboot");
	} else if (strcmp(b->offset, sys_offset[0] ? sys_offset : "0")) {
		x = next(f, n);
		snprintf(x->line, sizeof(x->line), "the initramfs resumes from %s at offset %s (%s), "
			 "s2h checks offset %s (/sys/power/resume_offset)", b->device, b->offset,
			 b->source, sys_offset);
		snprintf(x->fix, sizeof(x->fix), "resume_offset= in /etc/default/grub (then sudo "
			 "update-grub) or RESUME_OFFSET=\nin " RESUME_CONF " (then sudo "
			 "update-initramfs -u): the swap file's first block");
	}
}

/**
 * bootpath_judge() - what is wrong with the boot path, as "s2hctl check" says it
 * @b: bootpath_read()'s
 * @sys_resume: /sys/power/resume, what s2h checks
 * @sys_offset: /sys/power/resume_offset
 * @f: the findings, each a line and its fix
 *
 * Return: how many; 0 when the next boot resumes from what s2h checks.
 */
unsigned int bootpath_judge(const struct bootpath *b, const char *sys_resume,
			    const char *sys_offset, struct boot_finding f[BOOT_FINDINGS])
{
	struct boot_finding *x;
	unsigned int n = 0;

	judge_device(b, sys_resume, sys_offset, f, &n);
	if (b->newer[0]) {
		x = next(f, &n);
		snprintf(x->line, sizeof(x->line), "%s changed after the initramfs was built (%.*s):"
			 " the next boot resumes from what the initramfs holds", b->newer,
			 (int)strcspn(b->initrd, " "), b->initrd);
		snprintf(x->fix, sizeof(x->fix), "sudo update-initramfs -u, then a new dry run: "
			 "sudo s2hctl check --verify");
	}
	if (b->dracut[0]) {
		x = next(f, &n);
		snprintf(x->line, sizeof(x->line), "dracut leaves out its resume module (%s): the "
			 "initramfs cannot resume", b->dracut);
		snprintf(x->fix, sizeof(x->fix), "remove resume from omit_dracutmodules there, then "
			 "sudo dracut -f");
	}
	return n;
}
