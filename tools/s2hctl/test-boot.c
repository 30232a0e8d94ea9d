// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of what the next boot resumes from (bootpath.c), of the dry
 * run's record of it (record.c) and of the other suspend-then-hibernates
 * (others.c), each in a temporary tree standing for /: the by-* links and
 * /sys/class/block, the kernel command line winning over initramfs-tools'
 * RESUME=, a conf file newer than the initrd, dracut without its resume
 * module, what check says of each, a record older than the boot path's
 * fields, systemd's precedence of drop-ins, and users' KDE settings; and
 * that what a user can put in a file's place - a link to /dev/zero or
 * /dev/full, a FIFO, a sparse file of 64 GiB, a line longer than a line -
 * is read past in bounded time and memory (each read in a child:
 * test-child.c), without a piece of a line read as a line. TAP, ending in
 * "N passed, N failed, N skipped".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "test-child.h"
#include "test-tap.h"
#include "array.h"
#include "bootpath.h"
#include "conf.h"
#include "others.h"
#include "record.h"

/* The temporary directory that stands for /. */
static const char *root;

/* @path under the root, its directories made, holding @text. */
static void plant(const char *path, const char *text)
{
	char full[4096], *slash;

	snprintf(full, sizeof(full), "%s%s", root, path);
	for (slash = strchr(full + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(full, 0755);
		*slash = '/';
	}
	if (replace_file(full, text, 0644))
		fprintf(stderr, "test-boot: cannot write %s\n", full);
}

static void plant_link(const char *path, const char *target)
{
	char full[4096];

	plant(path, "");
	snprintf(full, sizeof(full), "%s%s", root, path);
	unlink(full);
	if (symlink(target, full))
		fprintf(stderr, "test-boot: cannot link %s\n", full);
}

static void remove_file(const char *path)
{
	char full[4096];

	snprintf(full, sizeof(full), "%s%s", root, path);
	unlink(full);
}

/* The modification time of @path, seconds since the epoch. */
static void set_mtime(const char *path, time_t t)
{
	struct timespec ts[2] = { { t, 0 }, { t, 0 } };
	char full[4096];

	snprintf(full, sizeof(full), "%s%s", root, path);
	utimensat(AT_FDCWD, full, ts, 0);
}

/* A laptop's tree: the swap vda3 (254:3), root vda1 (254:1), a LUKS swap dm-1 (253:1). */
static void plant_devices(void)
{
	plant("/sys/class/block/vda1/dev", "254:1\n");
	plant("/sys/class/block/vda3/dev", "254:3\n");
	plant("/sys/class/block/dm-1/dev", "253:1\n");
	plant_link("/dev/disk/by-uuid/5wap", "../../vda3");
	plant_link("/dev/disk/by-uuid/r00t", "../../vda1");
	plant_link("/dev/disk/by-label/SWAP", "../../vda3");
	plant_link("/dev/disk/by-partuuid/1234-03", "../../vda3");
	plant_link("/dev/mapper/cryptswap", "../dm-1");
	plant("/dev/vda3", "");
}

static void test_resolve(void)
{
	static const struct {
		const char *spec;
		const char *dev;
	} cases[] = {
		{ "UUID=5wap", "254:3" },
		{ "LABEL=SWAP", "254:3" },
		{ "PARTUUID=1234-03", "254:3" },
		{ "/dev/vda3", "254:3" },
		{ "/dev/mapper/cryptswap", "253:1" },
		{ "254:3", "254:3" },
		{ "none", "none" },
		{ "UUID=gone", "" },
		{ "UUID=../../vda3", "" },
		{ "auto", "" },
		{ "", "" },
	};
	char dev[BOOT_DEV_LEN];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		bootpath_resolve(root, cases[i].spec, dev);
		expect(!strcmp(dev, cases[i].dev), "resolve '%s': '%s' (got '%s')", cases[i].spec,
		       cases[i].dev, dev);
	}
}

/* bootpath_read() of the tree, judged against /sys/power/resume = @sys: the findings. */
static unsigned int judge(struct bootpath *b, const char *sys, const char *offset,
			  struct boot_finding f[BOOT_FINDINGS])
{
	bootpath_read(root, "6.1.0-57-amd64", b);
	return bootpath_judge(b, sys, offset, f);
}

static void test_read(void)
{
	struct boot_finding f[BOOT_FINDINGS];
	struct bootpath b;
	unsigned int n;

	plant("/proc/cmdline", "BOOT_IMAGE=/vmlinuz root=UUID=r00t ro quiet\n");
	n = judge(&b, "254:3", "0", f);
	expect(n == 1 && !f[0].fail && strstr(f[0].line, "cannot tell") && !b.device[0],
	       "no resume= and no initramfs-tools: cannot tell, not a failure (got %u '%s')", n,
	       n ? f[0].line : "");

	plant("/etc/initramfs-tools/initramfs.conf", "MODULES=dep\nRESUME=none\n");
	plant("/etc/initramfs-tools/conf.d/resume", "RESUME=UUID=5wap\n");
	plant("/etc/initramfs-tools/conf.d/resume.dpkg-old", "RESUME=UUID=r00t\n");
	plant("/boot/initrd.img-6.1.0-57-amd64", "an initrd");
	set_mtime("/etc/initramfs-tools/initramfs.conf", 1000);
	set_mtime("/etc/initramfs-tools/conf.d/resume", 1000);
	set_mtime("/etc/initramfs-tools/conf.d/resume.dpkg-old", 3000);
	set_mtime("/boot/initrd.img-6.1.0-57-amd64", 2000);
	n = judge(&b, "254:3", "0", f);
	expect(n == 0 && !strcmp(b.device, "254:3") && !strcmp(b.offset, "0") &&
	       !strcmp(b.source, "RESUME=UUID=5wap in /etc/initramfs-tools/conf.d/resume"),
	       "conf.d/resume's RESUME= wins over initramfs.conf's; dpkg leftovers unread "
	       "(got %u, '%s', '%s')", n, b.device, b.source);
	expect(!strcmp(b.initrd, "/boot/initrd.img-6.1.0-57-amd64 9 2000"),
	       "the initrd of the running kernel: path, size, mtime (got '%s')", b.initrd);

	n = judge(&b, "254:1", "0", f);
	expect(n == 1 && f[0].fail &&
	       !strcmp(f[0].line, "the initramfs resumes from 254:3 (RESUME=UUID=5wap in "
		       "/etc/initramfs-tools/conf.d/resume), s2h checks 254:1 "
		       "(/sys/power/resume)") &&
	       strstr(f[0].fix, "update-initramfs -u"),
	       "another device in /sys/power/resume: a failure naming both (got %u '%s')", n,
	       n ? f[0].line : "");

	plant("/proc/cmdline", "root=UUID=r00t resume=UUID=r00t resume_offset=34816 quiet\n");
	n = judge(&b, "254:1", "34816", f);
	expect(n == 0 && !strcmp(b.device, "254:1") && !strcmp(b.offset, "34816") &&
	       strstr(b.source, "resume=UUID=r00t on the kernel command line"),
	       "resume= and resume_offset= on the command line win (got %u, '%s' at %s)", n,
	       b.device, b.offset);
	n = judge(&b, "254:1", "34824", f);
	expect(n == 1 && f[0].fail && strstr(f[0].line, "at offset 34816") &&
	       strstr(f[0].line, "s2h checks offset 34824"),
	       "another resume_offset: a failure naming both (got %u '%s')", n,
	       n ? f[0].line : "");

	plant("/proc/cmdline", "root=UUID=r00t noresume\n");
	n = judge(&b, "254:3", "0", f);
	expect(n == 1 && f[0].fail && !strcmp(b.device, "none") &&
	       strstr(f[0].line, "does not resume (noresume on the kernel command line)"),
	       "noresume: the next boot does not resume (got %u '%s')", n, n ? f[0].line : "");

	plant("/proc/cmdline", "root=UUID=r00t\n");
	plant("/etc/initramfs-tools/conf.d/resume", "RESUME=\"UUID=r00t\"\nRESUME_OFFSET=8\n");
	set_mtime("/etc/initramfs-tools/conf.d/resume", 5000);
	n = judge(&b, "254:1", "8", f);
	expect(n == 1 && f[0].fail && !strcmp(b.device, "254:1") && !strcmp(b.offset, "8") &&
	       !strcmp(f[0].line, "/etc/initramfs-tools/conf.d/resume changed after the initramfs "
		       "was built (/boot/initrd.img-6.1.0-57-amd64): the next boot resumes from "
		       "what the initramfs holds") && strstr(f[0].fix, "update-initramfs -u"),
	       "conf.d/resume newer than the initrd: update-initramfs -u (got %u '%s')", n,
	       n ? f[0].line : "");
	set_mtime("/boot/initrd.img-6.1.0-57-amd64", 6000);
	n = judge(&b, "254:1", "8", f);
	expect(n == 0, "... and no more after it (got %u '%s')", n, n ? f[0].line : "");

	plant("/etc/dracut.conf.d/90-no-resume.conf", "# resume is slow\n"
	      "omit_dracutmodules+=\" resume \"\n");
	plant("/etc/dracut.conf.d/10-other.conf", "omit_dracutmodules+=\" resume-extra \"\n");
	plant("/etc/dracut.conf.d/20-other.conf", "omit_dracutmodules+=\" resume-extra resume\"\n");
	n = judge(&b, "254:1", "8", f);
	expect(n == 1 && f[0].fail &&
	       strstr(f[0].line, "dracut leaves out its resume module "
		      "(/etc/dracut.conf.d/90-no-resume.conf:2)"),
	       "dracut without its resume module: file and line, the last file's "
	       "(got %u '%s')", n, n ? f[0].line : "");
	remove_file("/etc/dracut.conf.d/90-no-resume.conf");
	n = judge(&b, "254:1", "8", f);
	expect(n == 1 && f[0].fail && strstr(f[0].line, "20-other.conf:1"),
	       "dracut: resume among other names, not resume-extra (got %u '%s')", n,
	       n ? f[0].line : "");
	remove_file("/etc/dracut.conf.d/20-other.conf");
}

static void test_record(void)
{
	struct record r = {
		.time = 1765000000, .duration_ms = 5300,
		.id = { "6.1.0-57-amd64", "#1 SMP Debian 6.1.158-1", "254:3", "0", "254:3", "0",
			"/boot/initrd.img-6.1.0-57-amd64 31457280 1765000000" },
	}, back, old;
	char buf[RECORD_LEN], why[WHY_LEN];
	struct identity now;

	expect(!record_format(&r, buf) && !record_parse(buf, &back) && back.has_boot &&
	       identity_same(&r.id, &back.id, why),
	       "record: the boot path's fields written and read back");
	expect(!record_parse("kernel = 6.1.0-57-amd64\nbuild = #1 SMP\nresume = 254:3\n"
			     "resume_offset = 0\ntime = 1765000000\nduration_ms = 5300\n", &old) &&
	       !old.has_boot,
	       "record: one kept before the boot path was recorded still reads, has_boot false");
	expect(!record_holds(&old, &old.id, why) && strstr(why, "predates") &&
	       strstr(why, "boot path"),
	       "record: such a one does not hold: it predates the boot path's record (got '%s')",
	       why);
	expect(record_parse("kernel = 6.1.0-57-amd64\nboot_resume = 254:3\n", &old) == -EINVAL,
	       "record: one without the kernel's fields is damaged");

	now = r.id;
	snprintf(now.initrd, sizeof(now.initrd), "/boot/initrd.img-6.1.0-57-amd64 31457999 1765009999");
	expect(!identity_same(&r.id, &now, why) &&
	       !strcmp(why, "stale: the initramfs changed since the dry run "
		       "(/boot/initrd.img-6.1.0-57-amd64 31457999 1765009999)"),
	       "record: another initrd: 'stale: the initramfs changed since the dry run' (got '%s')",
	       why);
	now = r.id;
	snprintf(now.boot_resume, sizeof(now.boot_resume), "254:1");
	expect(!identity_same(&r.id, &now, why) &&
	       !strcmp(why, "the initramfs resumes from '254:1', at the dry run from '254:3'"),
	       "record: another boot device: both named (got '%s')", why);
}

/* What others_find() reported, one "file:line key=value" a line. */
struct seen {
	char text[4096];
	char fixes[4096];
	int n;
};

static void collect(const struct other_sth *o, void *arg)
{
	struct seen *s = arg;
	size_t len = strlen(s->text), flen = strlen(s->fixes);

	snprintf(s->text + len, sizeof(s->text) - len, "%s:%u %s=%s\n", o->file, o->line, o->key,
		 o->value);
	snprintf(s->fixes + flen, sizeof(s->fixes) - flen, "%s\n", o->fix);
	s->n++;
}

static int others(struct seen *s)
{
	memset(s, 0, sizeof(*s));
	return others_find(root, collect, s);
}

static void test_others(void)
{
	struct seen s;
	int n;

	n = others(&s);
	expect(n == 0 && !s.text[0], "others: none in a tree without them (got %d)", n);

	/* systemd's vendor file, commented out as shipped, and an admin's drop-ins. */
	plant("/usr/lib/systemd/logind.conf", "[Login]\n#HandleLidSwitch=suspend\n");
	plant("/etc/systemd/logind.conf", "[Login]\n#HandleLidSwitch=suspend\n"
	      "HandleLidSwitch = suspend-then-hibernate\n");
	plant("/usr/lib/systemd/logind.conf.d/10-vendor.conf", "[Login]\n"
	      "HandleSuspendKey=suspend-then-hibernate\n");
	plant("/etc/systemd/logind.conf.d/10-vendor.conf", "[Login]\nHandleSuspendKey=suspend\n");
	plant("/run/systemd/logind.conf.d/50-idle.conf", "[Login]\n"
	      "IdleAction=suspend-then-hibernate\n");
	n = others(&s);
	expect(n == 2 && !strcmp(s.text, "/etc/systemd/logind.conf:3 HandleLidSwitch="
				 "suspend-then-hibernate\n"
				 "/run/systemd/logind.conf.d/50-idle.conf:2 IdleAction="
				 "suspend-then-hibernate\n") &&
	       strstr(s.fixes, "HandleLidSwitch=suspend there"),
	       "others: logind's main file of /etc and a drop-in; /etc's drop-in hides /usr's "
	       "of the same name (got %d:\n%s)", n, s.text);
	plant("/etc/systemd/logind.conf.d/90-lid.conf", "[Login]\nHandleLidSwitch=suspend\n");
	n = others(&s);
	expect(n == 1 && strstr(s.text, "IdleAction"),
	       "others: a later drop-in wins over the main file (got %d:\n%s)", n, s.text);
	remove_file("/run/systemd/logind.conf.d/50-idle.conf");

	plant("/usr/lib/systemd/sleep.conf", "[Sleep]\n#HibernateDelaySec=\n");
	plant("/etc/systemd/sleep.conf.d/delay.conf", "[Sleep]\nHibernateDelaySec=30min\n"
	      "SuspendEstimationSec=\n");
	n = others(&s);
	expect(n == 1 && !strcmp(s.text, "/etc/systemd/sleep.conf.d/delay.conf:2 "
				 "HibernateDelaySec=30min\n") &&
	       strstr(s.fixes, "AllowSuspendThenHibernate=no"),
	       "others: sleep.conf.d's HibernateDelaySec, not an empty key (got %d:\n%s)", n,
	       s.text);
	plant("/etc/systemd/sleep.conf.d/s2h.conf", "[Sleep]\nAllowSuspendThenHibernate=no\n");
	n = others(&s);
	expect(n == 0, "others: none once AllowSuspendThenHibernate=no (got %d:\n%s)", n, s.text);

	plant("/etc/passwd", "root:x:0:0:root:/root:/bin/bash\n"
	      "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
	      "anna:x:1000:1000:Anna,,,:/home/anna:/bin/bash\n");
	plant("/home/anna/.config/powerdevilrc", "[AC][SuspendAndShutdown]\nSleepMode=1\n\n"
	      "[Battery][SuspendAndShutdown]\nAutoSuspendAction=1\nSleepMode=3\n");
	plant("/home/ben/.config/powermanagementprofilesrc", "[AC][SuspendSession]\n"
	      "suspendThenHibernate=true\n");
	plant("/root/.config/powerdevilrc", "[LowBattery][Display]\nSleepMode=3\n");
	n = others(&s);
	expect(n == 2 && !strcmp(s.text, "/home/anna/.config/powerdevilrc:6 "
				 "[Battery]SleepMode=3\n"
				 "/home/ben/.config/powermanagementprofilesrc:2 "
				 "[AC]suspendThenHibernate=true\n") &&
	       strstr(s.fixes, "Power Management > Battery: \"When sleeping, enter: Standby\""),
	       "others: KDE's Standby, then hibernate in a user's powerdevilrc, of /etc/passwd "
	       "or /home, in its group only (got %d:\n%s)", n, s.text);
}

/* In a child: what others_find() finds, into @out, one "; " between two. */
static bool others_child(void *arg, char *out, size_t size)
{
	struct seen s;
	char *nl;

	(void)arg;
	others(&s);
	for (nl = strchr(s.text, '\n'); nl; nl = strchr(nl, '\n'))
		*nl = nl[1] ? ';' : '\0';
	snprintf(out, size, "%s", s.text);
	return true;
}

/* In a child: what bootpath_read() finds, into @out. */
static bool bootpath_child(void *arg, char *out, size_t size)
{
	struct bootpath b;

	(void)arg;
	bootpath_read(root, "6.1.0-57-amd64", &b);
	snprintf(out, size, "%s at %s (%s), dracut '%s'", b.device, b.offset, b.source, b.dracut);
	return true;
}

enum hazard { HAZARD_ZERO, HAZARD_FULL, HAZARD_FIFO, HAZARD_HUGE, __HAZARD_MAX };

static const char * const hazard_names[__HAZARD_MAX] = {
	"a link to /dev/zero", "a link to /dev/full", "a FIFO nobody writes",
	"a sparse file of 64 GiB",
};

static void plant_hazard(const char *path, enum hazard h)
{
	char full[4096];

	snprintf(full, sizeof(full), "%s%s", root, path);
	switch (h) {
	case HAZARD_ZERO:
	case HAZARD_FULL:
		plant_link(path, h == HAZARD_ZERO ? "/dev/zero" : "/dev/full");
		break;
	case HAZARD_FIFO:
		plant(path, "");
		unlink(full);
		if (mkfifo(full, 0644))
			fprintf(stderr, "test-boot: cannot make a FIFO %s\n", full);
		break;
	default:
		plant(path, "");
		if (truncate(full, 64LL << 30))
			fprintf(stderr, "test-boot: cannot make %s sparse\n", full);
	}
}

/* @fn in a child, against what it found before: the same, in time, in little memory. */
static void expect_same(child_fn fn, const char *want, const char *desc, const char *what)
{
	char got[1024], line[256];
	bool ok = in_child(fn, NULL, 10, got, sizeof(got));

	snprintf(line, sizeof(line), "%s %s: read past, the rest as before", desc, what);
	result(ok && !strcmp(got, want), line, got);
}

static void test_hazards(void)
{
	char others_want[1024], boot_want[1024];
	unsigned int h;

	result(in_child(others_child, NULL, 10, others_want, sizeof(others_want)) &&
	       in_child(bootpath_child, NULL, 10, boot_want, sizeof(boot_want)),
	       "hazards: what others and the boot path find without them", others_want);
	for (h = 0; h < __HAZARD_MAX; h++) {
		plant_hazard("/etc/systemd/logind.conf.d/20-hazard.conf", h);
		plant_hazard("/home/anna/.config/powermanagementprofilesrc", h);
		expect_same(others_child, others_want, "others: a logind drop-in and a KDE file that are",
			    hazard_names[h]);
		remove_file("/etc/systemd/logind.conf.d/20-hazard.conf");
		remove_file("/home/anna/.config/powermanagementprofilesrc");
		plant_hazard("/etc/initramfs-tools/conf.d/hazard", h);
		plant_hazard("/etc/dracut.conf.d/hazard.conf", h);
		expect_same(bootpath_child, boot_want,
			    "boot path: an initramfs-tools and a dracut conf file that are",
			    hazard_names[h]);
		remove_file("/etc/initramfs-tools/conf.d/hazard");
		remove_file("/etc/dracut.conf.d/hazard.conf");
	}
}

/* @head, @n bytes of @fill, @tail: a line longer than a line, whose end looks like one. */
static char *long_line(const char *head, char fill, size_t n, const char *tail)
{
	size_t hlen = strlen(head), tlen = strlen(tail);
	char *s = malloc(hlen + n + tlen + 1);

	if (!s)
		abort();
	memcpy(s, head, hlen);
	memset(s + hlen, fill, n);
	memcpy(s + hlen + n, tail, tlen + 1);
	return s;
}

/* A comment longer than a line: no piece of it is read as a line, nor counted as one. */
static void test_long_lines(void)
{
	char *lid = long_line("[Login]\n#", 'x', 4094,
			      "HandleHibernateKey=suspend-then-hibernate\n#");
	char *text = long_line(lid, 'y', 5000, "\nIdleAction=suspend-then-hibernate\n");
	char *resume = long_line("#", 'x', 4094, "RESUME=UUID=5wap\n");
	char *dracut = long_line("#", 'x', 4094, "omit_dracutmodules+=\" resume \"\n");
	char got[1024];
	bool ok;

	plant("/etc/systemd/logind.conf.d/30-long.conf", text);
	ok = in_child(others_child, NULL, 10, got, sizeof(got));
	result(ok && strstr(got, "/etc/systemd/logind.conf.d/30-long.conf:4 IdleAction=") &&
	       !strstr(got, "HandleHibernateKey"),
	       "others: the tail of a comment of 4 KiB is no setting; the line after it is line 4",
	       got);
	remove_file("/etc/systemd/logind.conf.d/30-long.conf");
	plant("/etc/initramfs-tools/conf.d/zz-long", resume);
	plant("/etc/dracut.conf.d/zz-long.conf", dracut);
	ok = in_child(bootpath_child, NULL, 10, got, sizeof(got));
	result(ok && strstr(got, "254:1 at 8 (RESUME=UUID=r00t in /etc/initramfs-tools/") &&
	       strstr(got, "dracut ''"),
	       "boot path: the tail of a comment of 4 KiB sets no RESUME=, leaves no module out",
	       got);
	remove_file("/etc/initramfs-tools/conf.d/zz-long");
	remove_file("/etc/dracut.conf.d/zz-long.conf");
	free(lid);
	free(text);
	free(resume);
	free(dracut);
}

/* check's "see:" lines name sections of the guide. */
static void test_sections(void)
{
	char *guide = conf_read(ADMIN_GUIDE_SOURCE), title[96];
	static const char * const sections[] = { BOOTPATH_SECTION, OTHERS_SECTION };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sections); i++) {
		snprintf(title, sizeof(title), "\n%s\n---", sections[i]);
		expect(guide && strstr(guide, title), "the guide has the section \"%s\"",
		       sections[i]);
	}
	free(guide);
}

int main(void)
{
	char dir[] = "/tmp/s2hctl-boot.XXXXXX", cmd[128];
	int ret;

	root = mkdtemp(dir);
	if (!root) {
		result(false, "a temporary directory", NULL);
		return tap_done();
	}
	plant_devices();
	test_resolve();
	test_read();
	test_record();
	test_others();
	test_hazards();
	test_long_lines();
	test_sections();
	ret = tap_done();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd))
		fprintf(stderr, "test-boot: %s left behind\n", root);
	return ret;
}
