// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <linux/s2h.h>

#include "absent.h"

/*
 * $S2H_FAMILY, for another generic netlink family than s2h's: one that is
 * not registered lets a package build's tests run s2hctl as if the module
 * were absent, without touching a loaded one's settings or waiting for its
 * events.
 */
const char *family_name(void)
{
	const char *env = getenv("S2H_FAMILY");

	return env && *env ? env : S2H_GENL_NAME;
}

/**
 * absent_hint() - why the s2h module is not there, and what to do
 *
 * Reading never loads the module (it has no genetlink family alias): only
 * modules-load.d at boot, or root's modprobe, does.
 *
 * Return: @buf, a few lines without the trailing newline.
 */
const char *absent_hint(const struct absent_facts *f, char buf[ABSENT_HINT_LEN])
{
	if (f->family)
		snprintf(buf, ABSENT_HINT_LEN,
			 "no generic netlink family '%s', which S2H_FAMILY names instead of\n"
			 "the s2h module's: unset S2H_FAMILY to talk to the module", f->family);
	else if (f->loaded)
		snprintf(buf, ABSENT_HINT_LEN,
			 "the s2h module is loaded but has no netlink family: it is older or newer\n"
			 "than s2hctl, or failed to start (journalctl -k -b | grep s2h)");
	else if (f->built)
		snprintf(buf, ABSENT_HINT_LEN,
			 "the s2h module is not loaded: sudo modprobe s2h\n"
			 "(it loads at every boot, from modules-load.d)");
	else if (!f->dkms_source)
		snprintf(buf, ABSENT_HINT_LEN,
			 "the s2h module is not installed for Linux %s:\n"
			 "install the s2h-dkms package (or: sudo make dkms-install), then: sudo modprobe s2h",
			 f->kernel);
	else if (!f->headers)
		snprintf(buf, ABSENT_HINT_LEN,
			 "the s2h module is not built for Linux %s: its headers are missing.\n"
			 "sudo apt install linux-headers-%s (DKMS then builds s2h), then: sudo modprobe s2h",
			 f->kernel, f->kernel);
	else
		snprintf(buf, ABSENT_HINT_LEN,
			 "the s2h module is not built for Linux %s: see dkms status s2h and\n"
			 "/var/lib/dkms/s2h/*/build/make.log; sudo dkms autoinstall -k %s builds it again",
			 f->kernel, f->kernel);
	return buf;
}

/* modules.dep of @kernel names s2h.ko (compressed or not), wherever installed. */
static bool module_built(const char *kernel)
{
	char path[256], line[1024];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "/lib/modules/%s/modules.dep", kernel);
	f = fopen(path, "r");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *base;

		if (!colon)
			continue;
		*colon = '\0';
		base = strrchr(line, '/');
		base = base ? base + 1 : line;
		found = !strncmp(base, "s2h.ko", 6) && (!base[6] || base[6] == '.');
	}
	fclose(f);
	return found;
}

static bool dkms_source(void)
{
	struct dirent *e;
	bool found = false;
	DIR *d = opendir("/usr/src");

	if (!d)
		return false;
	while (!found && (e = readdir(d)))
		found = !strncmp(e->d_name, "s2h-", 4);
	closedir(d);
	return found;
}

static bool exists(const char *fmt, const char *arg)
{
	char path[256];
	struct stat st;

	snprintf(path, sizeof(path), fmt, arg);
	return !stat(path, &st);
}

/* The facts of this system, and what to do: on stderr. */
void print_absent(void)
{
	struct absent_facts f = {};
	char buf[ABSENT_HINT_LEN];
	struct utsname u;

	if (uname(&u))
		u.release[0] = '\0';
	if (strcmp(family_name(), S2H_GENL_NAME))
		f.family = family_name();
	f.kernel = u.release;
	f.loaded = exists("/sys/module/%s", "s2h");
	f.built = module_built(u.release);
	f.headers = exists("/lib/modules/%s/build", u.release);
	f.dkms_source = dkms_source();
	fprintf(stderr, "s2hctl: %s\n", absent_hint(&f, buf));
}
