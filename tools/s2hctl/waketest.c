// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <libgen.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "array.h"
#include "json.h"
#include "names.h"
#include "output.h"
#include "waketest.h"

#define WAKE_TEST_SECTION	"Wake test"

/* What to do about each failure, on Debian; the admin guide has more ("Wake test"). */
static const char * const remedies[__S2H_WAKE_TEST_REASON_MAX] = {
	[S2H_WAKE_TEST_REASON_ABORTED] =
		"a device or a task refused the suspend: journalctl -k -b | grep -e 'PM:'\n"
		"-e freez says which; then run the test again. 'alarmtimer' refusing it\n"
		"(EBUSY) is the alarm, due before the machine slept: --wake-after 1m",
	[S2H_WAKE_TEST_REASON_RTC_HPET] =
		"rtc_cmos's alarm is emulated by the HPET, which stops in suspend to idle:\n"
		"add rtc_cmos.use_acpi_alarm=1 to GRUB_CMDLINE_LINUX_DEFAULT in\n"
		"/etc/default/grub, sudo update-grub, reboot, and run the test again",
	[S2H_WAKE_TEST_REASON_RTC_IGNORED] =
		"the firmware ignored the RTC in this sleep: in the firmware (BIOS/UEFI) setup,\n"
		"let the RTC wake the machine (\"Wake on RTC\", \"Resume by alarm\"); on rtc_cmos\n"
		"in suspend to idle try rtc_cmos.use_acpi_alarm=1, or the other mem_sleep\n"
		"(mem_sleep_default=deep on the kernel command line); then run the test again",
	[S2H_WAKE_TEST_REASON_INPUT] =
		"pressed a key (or moved the lid, or pressed the power button): run it again\n"
		"and do not touch the machine until it wakes by itself",
	[S2H_WAKE_TEST_REASON_OTHER_SOURCE] =
		"if that device need not wake the machine, turn its wakeup off (admin guide,\n"
		"\"Hibernation undone by a wakeup event\"), then run the test again",
	[S2H_WAKE_TEST_REASON_EARLY] =
		"journalctl -k -b | grep 'PM: Triggering wakeup' and /sys/power/pm_wakeup_irq\n"
		"may name it; then run the test again. In the alarm's window with the lid open,\n"
		"the RTC did not say it rang, and s2h takes such a wake for the user's (admin\n"
		"guide, \"Whose wake it is\"): with the lid closed, as in a bag, it is the alarm's",
	[S2H_WAKE_TEST_REASON_NO_HW_SLEEP] =
		"a device or its driver kept the machine from its sleep state, which drains the\n"
		"battery in a bag: the admin guide's \"Drains in suspend\" says how to find it",
};

/* The wake against the alarm, as people read it: "0.4 s after", "12.0 s before". */
static const char *format_offset(int64_t ms, char buf[TIME_LEN])
{
	int64_t a = ms < 0 ? -ms : ms;

	snprintf(buf, TIME_LEN, "%lld.%lld s %s", (long long)(a / 1000),
		 (long long)(a % 1000 / 100), ms < 0 ? "before" : "after");
	return buf;
}

/* What went wrong, one line without its newline: the reason and what the kernel saw. */
static void print_why(const struct wake_test_status *w)
{
	const char *src = w->wake_source[0] ? w->wake_source : "a source the kernel does not name";
	char off[TIME_LEN];

	format_offset(w->offset_ms, off);
	switch (w->reason) {
	case S2H_WAKE_TEST_REASON_ABORTED:
		printf("the suspend failed before it slept (%s)", errno_name(w->error));
		break;
	case S2H_WAKE_TEST_REASON_RTC_HPET:
	case S2H_WAKE_TEST_REASON_RTC_IGNORED:
		printf("the alarm did not end the sleep: the machine woke %s it was due, by %s",
		       off, src);
		break;
	case S2H_WAKE_TEST_REASON_INPUT:
		printf("an input device, %s, woke the machine %s the alarm was due", src, off);
		break;
	case S2H_WAKE_TEST_REASON_OTHER_SOURCE:
		printf("another wakeup source, %s, woke the machine (%s the alarm was due)", src,
		       off);
		break;
	case S2H_WAKE_TEST_REASON_EARLY:
		printf("%s woke the machine %s the alarm was due", src, off);
		break;
	case S2H_WAKE_TEST_REASON_NO_HW_SLEEP:
		printf("the alarm ended the suspend to idle, but the hardware never slept");
		break;
	default:
		printf("%s", wake_test_reason_name(w->reason));
	}
}

/* On s2idle, whether the hardware slept; said when the kernel cannot say. */
static void print_hw_sleep(const struct wake_test_status *w, const char *label)
{
	if (w->mem_sleep != S2H_MEM_SLEEP_S2IDLE)
		return;
	if (w->hw_sleep_us >= 0)
		printf("%shardware sleep: %lld ms of the suspend to idle\n", label,
		       (long long)(w->hw_sleep_us / 1000));
	else
		printf("%shardware sleep: the kernel cannot say whether the hardware slept\n"
		       "%*sin this suspend to idle (Linux 6.8+ with amd_pmc or intel_pmc_core says)\n",
		       label, (int)strlen(label), "");
}

/* show's line: "passed 2026-12-07 01:02:03 (deep, woke 0.4 s after the alarm)". */
void print_wake_test_line(const struct wake_test_status *w)
{
	char when[TIME_LEN], off[TIME_LEN];

	printf("%s", wake_test_name(w->result));
	if (w->result == S2H_WAKE_TEST_PASSED)
		printf(" %s (%s, woke %s the alarm)%s", format_time(w->time, when),
		       mem_sleep_name(w->mem_sleep), format_offset(w->offset_ms, off),
		       w->restored ? ", in an earlier boot of this machine and kernel" : "");
	else if (w->result == S2H_WAKE_TEST_FAILED)
		printf(" %s (%s): %s", format_time(w->time, when), mem_sleep_name(w->mem_sleep),
		       wake_test_reason_name(w->reason));
	printf("\n");
}

/* "wake_test":{...}, in show -j and in the wake_test_result event alike. */
void print_wake_test_json(const struct wake_test_status *w)
{
	printf("\"wake_test\":{\"result\":\"%s\",\"reason\":\"%s\",\"time\":%llu,"
	       "\"alarm_sec\":%u,\"offset_ms\":%lld,\"wake_source\":",
	       wake_test_name(w->result), wake_test_reason_name(w->reason),
	       (unsigned long long)w->time, w->alarm_sec, (long long)w->offset_ms);
	fput_json_string(stdout, w->wake_source);
	printf(",\"hw_sleep_us\":%lld,\"mem_sleep\":\"%s\",\"error\":%d,\"restored\":%s}",
	       (long long)w->hw_sleep_us, mem_sleep_name(w->mem_sleep), w->error,
	       w->restored ? "true" : "false");
}

/* monitor's words: " result=passed reason=none ...", no space within a value. */
void print_wake_test_words(const struct wake_test_status *w)
{
	printf(" result=%s reason=%s offset_ms=%lld mem_sleep=%s wake_source=%s restored=%s",
	       wake_test_name(w->result), wake_test_reason_name(w->reason),
	       (long long)w->offset_ms, mem_sleep_name(w->mem_sleep),
	       w->wake_source[0] ? w->wake_source : "none", w->restored ? "yes" : "no");
}

/* A failure, its fix and where the guide says more, each line after @label. */
static void print_failure(const struct wake_test_status *w)
{
	print_why(w);
	printf("\n");
	if (w->reason < __S2H_WAKE_TEST_REASON_MAX && remedies[w->reason])
		print_indented("     fix: ", remedies[w->reason]);
	printf("     see: %s, \"%s\"\n", ADMIN_GUIDE, WAKE_TEST_SECTION);
}

/*
 * check's line of the wake test. One that failed fails check, required or
 * not, as a failed dry run does: this machine's alarm does not work.
 * Return: 1 when it failed.
 */
int print_wake_test_check(const struct status *st)
{
	const struct wake_test_status *w = &st->wake_test;
	bool required = st->val[SETTING_REQUIRE_VERIFIED] & S2H_REQUIRE_WAKE;
	char when[TIME_LEN], off[TIME_LEN];

	if (!st->has_wake_test)
		return 0;
	switch (w->result) {
	case S2H_WAKE_TEST_PASSED:
		printf("ok   wake test: s2h's alarm woke this machine from %s on %s, %s it was due%s\n",
		       mem_sleep_name(w->mem_sleep), format_time(w->time, when),
		       format_offset(w->offset_ms, off),
		       w->restored ? " (an earlier boot of this machine and kernel)" : "");
		print_hw_sleep(w, "     ");
		return 0;
	case S2H_WAKE_TEST_RUNNING:
		printf("ok   wake test: one is running\n");
		return 0;
	case S2H_WAKE_TEST_FAILED:
		printf("FAIL wake test: on %s, from %s: ", format_time(w->time, when),
		       mem_sleep_name(w->mem_sleep));
		print_failure(w);
		return 1;
	default:
		printf("--   wake test: none yet%s: sudo s2hctl check --verify-wake tries one\n",
		       required ? " (required)" : " (not required)");
		return 0;
	}
}

/* What check --verify-wake prints once the result came. */
static void print_wake_test_result(const struct wake_test_status *w)
{
	char off[TIME_LEN];

	if (w->result == S2H_WAKE_TEST_PASSED) {
		printf("wake test passed: s2h's alarm woke this machine from %s %s it was due\n"
		       "(s2h takes a wake from 2 s before to 60 s after it for its alarm's)\n",
		       mem_sleep_name(w->mem_sleep), format_offset(w->offset_ms, off));
		print_hw_sleep(w, "");
		return;
	}
	printf("wake test FAILED: ");
	print_failure(w);
}

/* The mode in brackets of /sys/power/mem_sleep: "deep"; "" without the file. */
static void mem_sleep_read(char *buf, size_t size)
{
	char line[64], *start, *end;

	read_line("/sys/power/mem_sleep", line, sizeof(line));
	start = strchr(line, '[');
	end = start ? strchr(start, ']') : NULL;
	if (end)
		*end = '\0';
	snprintf(buf, size, "%s", end ? start + 1 : "");
}

/* rtc0's driver, with rtc_cmos's use_acpi_alarm where it has one: the alarm's path. */
static void rtc_read(char *buf, size_t size)
{
	char link[256], acpi[8] = "";
	ssize_t n;

	n = readlink("/sys/class/rtc/rtc0/device/driver", link, sizeof(link) - 1);
	if (n < 0) {
		snprintf(buf, size, "none");
		return;
	}
	link[n] = '\0';
	read_line("/sys/module/rtc_cmos/parameters/use_acpi_alarm", acpi, sizeof(acpi));
	snprintf(buf, size, "%s%s%s", basename(link), acpi[0] ? " use_acpi_alarm=" : "", acpi);
}

/**
 * wake_identity_read() - what a wake test holds for, as this machine is now
 */
void wake_identity_read(struct wake_identity *id)
{
	struct utsname u;

	memset(id, 0, sizeof(*id));
	if (!uname(&u)) {
		snprintf(id->kernel, sizeof(id->kernel), "%s", u.release);
		snprintf(id->build, sizeof(id->build), "%s", u.version);
	}
	read_line("/sys/class/dmi/id/sys_vendor", id->vendor, sizeof(id->vendor));
	read_line("/sys/class/dmi/id/product_name", id->product, sizeof(id->product));
	read_line("/sys/class/dmi/id/bios_version", id->bios, sizeof(id->bios));
	rtc_read(id->rtc, sizeof(id->rtc));
	mem_sleep_read(id->mem_sleep, sizeof(id->mem_sleep));
}

/*
 * A test that passed holds for this machine as it is: keep it. One that
 * failed removes the record - the alarm may not work any more - but for
 * a key pressed, which says nothing of the alarm.
 */
static int keep_result(const struct wake_test_status *w)
{
	struct wake_identity id;
	char buf[RECORD_LEN];

	if (w->result != S2H_WAKE_TEST_PASSED) {
		if (w->reason != S2H_WAKE_TEST_REASON_INPUT)
			record_text_forget(WAKE_RECORD_PATH);
		return 0;
	}
	wake_identity_read(&id);
	if (wake_record_format(&id, w, buf)) {
		fprintf(stderr, "s2hctl: the wake test's result does not fit in a record\n");
		return 1;
	}
	return record_text_save(WAKE_RECORD_PATH, buf, "the wake test's result");
}

/* Say what the test does to this machine; unless @yes, ask. Return: go on. */
static bool wake_test_agreed(uint32_t delay_sec, bool yes)
{
	char answer[16] = "", mode[16];
	bool go = false;

	mem_sleep_read(mode, sizeof(mode));
	printf("The wake test suspends this machine (mem_sleep %s) for %u s, until s2h's alarm\n"
	       "wakes it; nothing is hibernated. Do not touch it meanwhile: a key pressed fails\n"
	       "the test. If it is still asleep a minute after that, the alarm failed: wake it\n"
	       "yourself (a key, the lid, the power button) and read what to do.\n",
	       mode[0] ? mode : "deep", delay_sec);
	if (yes)
		return true;
	printf("Start the wake test? [y/N] ");
	fflush(stdout);
	if (fgets(answer, sizeof(answer), stdin)) {
		answer[strcspn(answer, "\n")] = '\0';
		go = !strcasecmp(answer, "y") || !strcasecmp(answer, "yes");
	}
	if (!go)
		printf("wake test not started\n");
	return go;
}

/* Long enough for the suspend and resume of a slow machine, counted awake. */
#define WAKE_TEST_GRACE_SEC	300

/**
 * wake_test_run() - check --verify-wake: ask, run the test, say and keep its result
 *
 * Return: 0 when it passed; 1 when it failed or was refused, having said why.
 */
int wake_test_run(struct conn *c, uint32_t delay_sec, bool yes)
{
	struct wake_test_status w;
	int ret;

	if (!wake_test_agreed(delay_sec, yes))
		return 1;
	printf("wake test: suspending...\n");
	fflush(stdout);
	ret = nl_wake_test(c, delay_sec, delay_sec + WAKE_TEST_GRACE_SEC, &w);
	if (ret)
		return ret;
	print_wake_test_result(&w);
	ret = keep_result(&w);
	return w.result == S2H_WAKE_TEST_PASSED ? ret : 1;
}

/**
 * wake_test_restore() - apply: hand back the kept wake test while it holds
 *
 * Return: 0, or 1 having said why on stderr.
 */
int wake_test_restore(struct conn *c)
{
	char why[WHY_LEN], when[TIME_LEN];
	struct wake_identity was, now;
	struct wake_test_status w;
	int err;

	err = wake_record_load(WAKE_RECORD_PATH, &was, &w, why);
	if (err == -ENOENT)
		return 0;
	if (err) {
		fprintf(stderr, "s2hctl: %s is damaged (%s): run s2hctl check --verify-wake "
			"again\n", WAKE_RECORD_PATH, why);
		return 1;
	}
	format_time(w.time, when);
	wake_identity_read(&now);
	if (!wake_identity_same(&was, &now, why)) {
		printf("s2hctl: the wake test of %s is not restored: %s; run s2hctl check "
		       "--verify-wake again\n", when, why);
		return 0;
	}
	err = nl_wake_test_restore(c, &w);
	if (err == -EEXIST)
		return 0;
	if (!err)
		printf("s2hctl: restored the wake test that passed on %s on this machine and "
		       "kernel\n", when);
	return err ? 1 : 0;
}
