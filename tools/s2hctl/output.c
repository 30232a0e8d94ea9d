// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/sysmacros.h>

#include "bootpath.h"
#include "drain.h"
#include "hooks.h"
#include "names.h"
#include "json.h"
#include "others.h"
#include "output.h"
#include "record.h"
#include "swapfile.h"
#include "waketest.h"

/* Local time, as people read it; "never" for 0. */
const char *format_time(uint64_t t, char buf[TIME_LEN])
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!t || !localtime_r(&tt, &tm) || !strftime(buf, TIME_LEN, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(buf, TIME_LEN, "never");
	return buf;
}

/* @text, whose lines after the first are indented as far as @label. */
void print_indented(const char *label, const char *text)
{
	const char *p = text;
	size_t n;

	printf("%s", label);
	for (;;) {
		n = strcspn(p, "\n");
		printf("%.*s\n", (int)n, p);
		if (!p[n])
			break;
		p += n + 1;
		printf("%*s", (int)strlen(label), "");
	}
}

/* "key:" in a column wide enough for the longest, then @value (may be empty). */
static void print_label(const char *key, const char *value)
{
	printf("%s:%*s%s%s", key, (int)(19 - strlen(key)), "", value, *value ? "\n" : "");
}

static const char *format_percent(int32_t pct, char buf[TIME_LEN])
{
	if (pct < 0)
		snprintf(buf, TIME_LEN, "unknown");
	else
		snprintf(buf, TIME_LEN, "%d %%", pct);
	return buf;
}

/* "yes", or "no: " and every reason, as the kernel log says it when not armed. */
void print_available(const struct status *st, FILE *f)
{
	const char *sep = "no: ";
	unsigned int i;

	if (!st->checks_failed) {
		fprintf(f, "yes\n");
		return;
	}
	for (i = 0; i < __S2H_CHECK_MAX; i++) {
		if (!(st->checks_failed & (1u << i)))
			continue;
		fprintf(f, "%s%s", sep, check_texts[i].reason);
		if (i == S2H_CHECK_SWAP)
			fprintf(f, " (%u MiB free, %u MiB needed)", st->swap_free_mb, st->image_mb);
		sep = ", ";
	}
	fprintf(f, "\n");
}

static void print_verified_text(const struct verify_status *v)
{
	char when[TIME_LEN];

	printf("%s", verify_name(v->result));
	if (v->result == S2H_VERIFY_PASSED)
		printf(" %s (%u ms)%s", format_time(v->time, when), v->duration_ms,
		       v->restored ? ", in an earlier boot of this kernel" : "");
	else if (v->result == S2H_VERIFY_FAILED)
		printf(" %s: %s", format_time(v->time, when), strerror(-v->error));
	printf("\n");
}

static const char *format_ms(uint64_t ms, char buf[TIME_LEN]);

/* Room for format_settle()'s text: a duration and its words. */
#define SETTLE_LEN	(TIME_LEN + 48)

/*
 * The settle of a cycle (settle_sec), when it had one: "20s before the
 * hibernation", or cancelled by the user. NULL when none.
 */
static const char *format_settle(const struct last_cycle *l, char buf[SETTLE_LEN])
{
	char d[TIME_LEN];

	if (!l->state_ms[S2H_STATE_SETTLING])
		return NULL;
	format_ms(l->state_ms[S2H_STATE_SETTLING], d);
	if (l->wake == S2H_WAKE_EARLY && l->decision == S2H_DECISION_NONE)
		snprintf(buf, SETTLE_LEN, "%s, then cancelled by the user's input", d);
	else
		snprintf(buf, SETTLE_LEN, "%s before the hibernation", d);
	return buf;
}

/* What to do when a device's wakeup event undid the hibernation. */
#define UNDONE_HINT \
	"s2h backs off and tries again (retries), then sleeps on with the last resort;\n" \
	"if that device need not wake the machine, turn its wakeup off: admin guide,\n" \
	"\"Hibernation undone by a wakeup event\""

/* "12.345 Wh", or "-" when the batteries do not say. */
static const char *format_wh(int64_t uwh, char buf[TIME_LEN])
{
	if (uwh < 0)
		return "-";
	snprintf(buf, TIME_LEN, "%lld.%03lld Wh", (long long)uwh / 1000000,
		 (long long)uwh / 1000 % 1000);
	return buf;
}

/* "123.4 mW, 0.250 %/h": with decimals, a drain under 1 %/h is a number. */
static const char *format_drain(const struct drain *d, char *buf, size_t len)
{
	if (!d->known)
		return "unknown";
	if (d->pct_known)
		snprintf(buf, len, "%.1f mW, %.3f %%/h", d->mw, d->pct_h);
	else
		snprintf(buf, len, "%.1f mW", d->mw);
	return buf;
}

/* Energy, where the batteries give it (energy_now, or charge_now at voltage_now). */
static void print_energy_text(const struct last_cycle *l)
{
	char e[4][TIME_LEN], d[3][64];
	struct drain s, h, k;

	if (l->energy_start < 0 && l->energy_wake < 0 && l->energy_resume < 0)
		return;
	printf("  energy           at the suspend %s, at the alarm %s, after the resume %s, full %s\n",
	       format_wh(l->energy_start, e[0]), format_wh(l->energy_wake, e[1]),
	       format_wh(l->energy_resume, e[2]), format_wh(l->energy_full, e[3]));
	drain_suspended(l, &s);
	drain_hibernated(l, &h);
	printf("  drain            suspended %s; hibernated %s",
	       format_drain(&s, d[0], sizeof(d[0])), format_drain(&h, d[1], sizeof(d[1])));
	drain_dark(l, &k);
	/* Tenths of a second: a dark wake lasts a few. */
	if (l->dark_ms)
		printf("; dark wakes %s over %.1f s awake", format_drain(&k, d[2], sizeof(d[2])),
		       (double)l->dark_ms / 1000.0);
	printf("\n");
}

static void print_last_cycle_text(const struct last_cycle *l)
{
	char t1[TIME_LEN], t2[TIME_LEN], d[4][TIME_LEN], settle[SETTLE_LEN];

	if (!l->suspended_at) {
		print_label("last_cycle", "none");
		return;
	}
	printf("last_cycle:\n");
	printf("  suspended at     %s, battery %s\n", format_time(l->suspended_at, t1),
	       format_percent(l->battery_start, t2));
	printf("  woke at          %s (%s", format_time(l->woke_at, t1), wake_name(l->wake));
	if (l->wake_source[0])
		printf(", by %s", l->wake_source);
	if (l->wake_irq)
		printf(", irq %u", l->wake_irq);
	printf(")\n");
	printf("  decision         %s", decision_name(l->decision));
	if (l->decision == S2H_DECISION_HIBERNATE && l->result)
		printf(", failed: %s (%s)", strerror(-l->result), errno_name(l->result));
	else if (l->decision == S2H_DECISION_HIBERNATE)
		printf(", ok");
	printf("\n");
	if (l->undone_by[0] && l->result) {
		printf("  undone by        a wakeup event of %s\n", l->undone_by);
		print_indented("  hint             ", UNDONE_HINT);
	} else if (l->undone_by[0]) {
		printf("  earlier try      undone by a wakeup event of %s\n", l->undone_by);
	} else if (l->decision == S2H_DECISION_HIBERNATE && hibernate_error_hint(l->result)) {
		print_indented("  hint             ", hibernate_error_hint(l->result));
	}
	if (l->wake == S2H_WAKE_ALARM || l->dark_wakes)
		printf("  at the alarm     battery %s, %s\n", format_percent(l->battery_wake, t2),
		       l->on_ac ? "on AC" : "on battery");
	printf("  dark wakes       %u\n", l->dark_wakes);
	printf("  time             armed %s, awake between its suspends %s, hibernating %s, resuming %s\n",
	       format_ms(l->state_ms[S2H_STATE_ARMED], d[0]),
	       format_ms(l->state_ms[S2H_STATE_IDLE], d[1]),
	       format_ms(l->state_ms[S2H_STATE_HIBERNATING], d[2]),
	       format_ms(l->state_ms[S2H_STATE_RESUMING], d[3]));
	if (format_settle(l, settle))
		printf("  settled          %s\n", settle);
	if (l->other_wakes)
		printf("  other wakes      %u (no user: the deadline was kept)\n", l->other_wakes);
	if (l->hw_sleep_us > 0)
		printf("  hardware sleep   %lld.%03lld s\n", (long long)l->hw_sleep_us / 1000000,
		       (long long)l->hw_sleep_us / 1000 % 1000);
	else if (!l->hw_sleep_us)
		printf("  hardware sleep   none: it never reached its sleep state\n");
	else if (l->woke_at)
		printf("  hardware sleep   unknown (the kernel does not say)\n");
	print_energy_text(l);
}

static void print_status_text(const struct status *st)
{
	char val[VALUE_LEN];
	int i;

	for (i = 0; i < N_SETTINGS; i++)
		print_label(setting_descs[i].key, st->has & SETTING_BIT(i) ?
			    format_setting(&setting_descs[i], st->val[i], val) :
			    "- (the loaded module is older than s2hctl: load it again)");
	print_label("hw_sleep_available", st->hw_sleep_available ? "yes" :
		    "no: the kernel does not say how long the hardware slept (Linux 6.8+,\n"
		    "                    low-power S0 idle): hibernate_no_hw_sleep has no effect");
	print_label("state", state_name(st->state));
	print_label("last_wake", wake_name(st->last_wake));
	print_label("available", "");
	print_available(st, stdout);
	print_label("verified", "");
	print_verified_text(&st->verify);
	if (st->has_wake_test) {
		print_label("wake_test", "");
		print_wake_test_line(&st->wake_test);
	}
	print_last_cycle_text(&st->last);
	printf("stats:\n");
	for (i = 0; i <= S2H_STATS_A_MAX; i++)
		if (st->has_stat[i])
			printf("  %-26s %llu\n", stat_names[i], (unsigned long long)st->stats[i]);
}

/* A setting's JSON value: a bool, a number, or the word as a string. */
static void print_setting_json(const struct setting_desc *d, uint32_t val)
{
	char buf[VALUE_LEN];

	printf("\"%s\":", d->file);
	if (d->kind == SETTING_BOOL)
		printf("%s", val ? "true" : "false");
	else if (d->kind == SETTING_WORD)
		printf("\"%s\"", format_setting(d, val, buf));
	else
		printf("%u", val);
}

/* The names of the failed checks, a JSON array in the order of enum s2h_check. */
static void print_checks_json(uint32_t failed)
{
	const char *sep = "";
	unsigned int i;

	printf("[");
	for (i = 0; i < __S2H_CHECK_MAX; i++) {
		if (failed & (1u << i)) {
			printf("%s\"%s\"", sep, check_name(i));
			sep = ",";
		}
	}
	printf("]");
}

/* The names of pre-flight's advice, a JSON array in the order of enum s2h_advice. */
static void print_advice_json(uint32_t advice)
{
	const char *sep = "";
	unsigned int i;

	printf("[");
	for (i = 0; i < __S2H_ADVICE_MAX; i++) {
		if (advice & (1u << i)) {
			printf("%s\"%s\"", sep, advice_name(i));
			sep = ",";
		}
	}
	printf("]");
}

/* "verified":{...}, in show -j and in the verify_result event alike. */
static void print_verified_json(const struct verify_status *v)
{
	printf("\"verified\":{\"result\":\"%s\",\"time\":%llu,\"duration_ms\":%u,"
	       "\"error\":%d,\"restored\":%s}", verify_name(v->result),
	       (unsigned long long)v->time, v->duration_ms, v->error,
	       v->restored ? "true" : "false");
}

/* A cycle, as last_cycle/ of sysfs names it: in show -j and log -j. */
static void print_cycle_json(const struct last_cycle *l)
{
	unsigned int i;

	printf("{\"seq\":%llu,\"suspended_at\":%llu,\"woke_at\":%llu,\"wake\":\"%s\","
	       "\"decision\":\"%s\",\"result\":%d,\"battery_start\":%d,\"battery_wake\":%d,"
	       "\"on_ac\":%s,\"dark_wakes\":%u,\"other_wakes\":%u,\"wake_irq\":%u,"
	       "\"wake_source\":",
	       (unsigned long long)l->seq, (unsigned long long)l->suspended_at,
	       (unsigned long long)l->woke_at, wake_name(l->wake), decision_name(l->decision),
	       l->result, l->battery_start, l->battery_wake, l->on_ac ? "true" : "false",
	       l->dark_wakes, l->other_wakes, l->wake_irq);
	fput_json_string(stdout, l->wake_source);
	printf(",\"undone_by\":");
	fput_json_string(stdout, l->undone_by);
	printf(",\"wakes\":%u,\"battery_wakes\":[", l->wakes);
	for (i = 0; i < l->n_battery_wakes; i++)
		printf("%s%d", i ? "," : "", l->battery_wakes[i]);
	printf("],\"idle_ms\":%llu,\"armed_ms\":%llu,\"hibernating_ms\":%llu,"
	       "\"resuming_ms\":%llu,\"settling_ms\":%llu,\"hw_sleep_us\":%lld",
	       (unsigned long long)l->state_ms[S2H_STATE_IDLE],
	       (unsigned long long)l->state_ms[S2H_STATE_ARMED],
	       (unsigned long long)l->state_ms[S2H_STATE_HIBERNATING],
	       (unsigned long long)l->state_ms[S2H_STATE_RESUMING],
	       (unsigned long long)l->state_ms[S2H_STATE_SETTLING], (long long)l->hw_sleep_us);
	printf(",\"energy_start\":%lld,\"energy_wake\":%lld,\"energy_resume\":%lld,"
	       "\"energy_full\":%lld,\"dark_ms\":%llu,\"energy_dark\":%lld,\"energy_wakes\":[",
	       (long long)l->energy_start, (long long)l->energy_wake,
	       (long long)l->energy_resume, (long long)l->energy_full,
	       (unsigned long long)l->dark_ms, (long long)l->energy_dark);
	for (i = 0; i < l->n_energy_wakes; i++)
		printf("%s%lld", i ? "," : "", (long long)l->energy_wakes[i]);
	printf("]}");
}

/* Keys are the names of the sysfs files; the words are sysfs' too. */
static void print_status_json(const struct status *st)
{
	const struct verify_status *v = &st->verify;
	const char *sep = "";
	int i;

	printf("{");
	for (i = 0; i < N_SETTINGS; i++) {
		if (!(st->has & SETTING_BIT(i)))
			continue;
		print_setting_json(&setting_descs[i], st->val[i]);
		printf(",");
	}
	printf("\"state\":\"%s\",\"last_wake\":\"%s\",\"available\":%s,\"checks_failed\":",
	       state_name(st->state), wake_name(st->last_wake),
	       st->checks_failed ? "false" : "true");
	print_checks_json(st->checks_failed);
	printf(",\"advice\":");
	print_advice_json(st->advice);
	printf(",\"swap_free_mb\":%u,\"image_mb\":%u,\"hw_sleep_available\":%s,",
	       st->swap_free_mb, st->image_mb, st->hw_sleep_available ? "true" : "false");
	print_verified_json(v);
	if (st->has_wake_test) {
		printf(",");
		print_wake_test_json(&st->wake_test);
	}
	printf(",\"last_cycle\":");
	print_cycle_json(&st->last);
	printf(",\"stats\":{");
	for (i = 0; i <= S2H_STATS_A_MAX; i++) {
		if (!st->has_stat[i])
			continue;
		printf("%s\"%s\":%llu", sep, stat_names[i], (unsigned long long)st->stats[i]);
		sep = ",";
	}
	printf("}}\n");
}

void print_status(const struct status *st, bool json)
{
	if (json)
		print_status_json(st);
	else
		print_status_text(st);
}

/* The line of the verified check when none failed: what is known, truly. */
static void print_verified_ok(const struct status *st)
{
	const struct verify_status *v = &st->verify;
	char when[TIME_LEN];

	if (v->result == S2H_VERIFY_PASSED)
		printf("ok   verified: a dry run passed on %s%s\n", format_time(v->time, when),
		       v->restored ? ", in an earlier boot of this kernel and resume device" : "");
	else if (v->result == S2H_VERIFY_RUNNING)
		printf("ok   verified: a dry run is running\n");
	else
		printf("--   verified: no dry run yet (not required): "
		       "sudo s2hctl check --verify tries one\n");
}

/* A failed check: what is wrong, what to do, and where the guide says more. */
static void print_failed(const struct status *st, unsigned int i)
{
	const struct check_text *t = &check_texts[i];

	printf("FAIL %s: %s", check_name(i), t->reason);
	if (i == S2H_CHECK_SWAP)
		printf(" (%u MiB free, %u MiB needed)", st->swap_free_mb, st->image_mb);
	printf("\n");
	print_indented("     fix: ", t->fix);
	printf("     see: %s, \"%s\"\n", ADMIN_GUIDE, t->section);
}

/*
 * One line a check, in the order of enum s2h_check, and the fix of each
 * that failed. A dry run that failed fails too, required or not: it says
 * this machine does not resume. Return: how many failed.
 */
int print_checks(const struct status *st)
{
	const struct verify_status *v = &st->verify;
	char when[TIME_LEN];
	int failed = 0;
	unsigned int i;

	for (i = 0; i < __S2H_CHECK_MAX; i++) {
		if (st->checks_failed & (1u << i)) {
			failed++;
			print_failed(st, i);
		} else if (i == S2H_CHECK_VERIFIED && v->result == S2H_VERIFY_FAILED) {
			failed++;
			printf("FAIL verified: the last dry run, on %s, failed: %s (%s)\n",
			       format_time(v->time, when), strerror(-v->error),
			       errno_name(v->error));
			if (hibernate_error_hint(v->error))
				print_indented("     fix: ", hibernate_error_hint(v->error));
			printf("     see: %s, \"%s\"\n", ADMIN_GUIDE, check_texts[i].section);
		} else if (i == S2H_CHECK_VERIFIED) {
			print_verified_ok(st);
		} else {
			printf("ok   %s: %s\n", check_name(i), check_texts[i].question);
		}
	}
	return failed;
}

/* A number from one line of a sysfs file; false when there is none. */
static bool read_number_file(const char *path, const char *fmt, void *a, void *b)
{
	FILE *f = fopen(path, "re");
	int n;

	if (!f)
		return false;
	n = fscanf(f, fmt, a, b);
	fclose(f);
	return n == (b ? 2 : 1);
}

/*
 * Not a check of the module's: with swap in a file, whether resume_offset
 * is that file's swap header (tools/s2hctl/swapfile.c). A wrong one fails
 * every hibernation.
 *
 * Return: 1 when it failed, else 0.
 */
int print_resume_offset(void)
{
	unsigned int maj, min;
	unsigned long long offset;
	struct swapfile_fact f;
	char fix[512];
	int err;

	if (!read_number_file("/sys/power/resume_offset", "%llu", &offset, NULL) || !offset ||
	    !read_number_file("/sys/power/resume", "%u:%u", &maj, &min))
		return 0;
	err = swapfile_on("/proc/swaps", makedev(maj, min), &f);
	if (!err && f.path[0] && f.first_page == offset) {
		printf("ok   resume_offset: %llu, the swap header of %s\n", offset, f.path);
		return 0;
	}
	if (err) {
		printf("FAIL resume_offset: the swap file on %u:%u cannot be mapped (%s)\n",
		       maj, min, strerror(-err));
		snprintf(fix, sizeof(fix), "filefrag -v on the swap file: its first physical block is "
			 "the offset");
	} else if (!f.path[0]) {
		printf("FAIL resume_offset: %llu, but no active swap file is on the resume device "
		       "%u:%u\n", offset, maj, min);
		snprintf(fix, sizeof(fix), "swapon the swap file, and resume= must name the file\n"
			 "system that holds it");
	} else {
		printf("FAIL resume_offset: %llu, but the swap header of %s is at %llu: every\n"
		       "     hibernation would fail\n", offset, f.path,
		       (unsigned long long)f.first_page);
		snprintf(fix, sizeof(fix), "echo %llu | sudo tee /sys/power/resume_offset, and\n"
			 "resume_offset=%llu in GRUB_CMDLINE_LINUX_DEFAULT of /etc/default/grub,\n"
			 "then sudo update-grub", (unsigned long long)f.first_page,
			 (unsigned long long)f.first_page);
	}
	print_indented("     fix: ", fix);
	printf("     see: %s, \"%s\"\n", ADMIN_GUIDE, SWAPFILE_SECTION);
	return 1;
}

/*
 * Not a check of the module's: whether s2h's hibernation runs the hooks
 * systemd runs around its own (tools/s2hctl/hooks.c). Bypassing them is a
 * warning, not a failure: most hooks do not matter to a resume, and the
 * dry run shows whether this machine's do.
 */
void print_hooks(const struct status *st)
{
	uint32_t handoff = st->val[SETTING_HANDOFF];
	char hooks[HOOKS_LEN], dur[DURATION_LEN];
	int n = hooks_find("", hooks);

	if (!n) {
		printf("ok   hooks: no systemd sleep hook that a hibernation in the kernel bypasses\n");
		return;
	}
	if (handoff) {
		printf("ok   hooks: hibernation goes through systemd (handoff %s), so its hooks run: "
		       "%s\n", format_duration(handoff, dur), hooks);
		return;
	}
	printf("WARN hooks: s2h hibernates in the kernel, which bypasses systemd's sleep hooks: "
	       "%s\n", hooks);
	print_indented("     fix: ", "if the machine needs them (nvidia-hibernate.service does):\n"
		       "sudo s2hctl set --save handoff 1m - s2h-agent.service then hibernates\n"
		       "through systemctl hibernate, s2h in the kernel only if that has not\n"
		       "started within 1m");
	printf("     see: %s, \"%s\"\n", ADMIN_GUIDE, HOOKS_SECTION);
}

static void print_see(const char *fix, const char *section)
{
	print_indented("     fix: ", fix);
	printf("     see: %s, \"%s\"\n", ADMIN_GUIDE, section);
}

/*
 * Not a check of the module's: whether the next boot resumes from what s2h
 * checks (bootpath.c), and whether the dry run kept in /var/lib/s2h still
 * vouches for it (record.c): from Linux 6.4 the dry run never ran the boot
 * path, so its configuration then is all it vouches for.
 *
 * Return: how many failed.
 */
int print_boot_path(void)
{
	struct boot_finding f[BOOT_FINDINGS];
	char why[WHY_LEN], when[TIME_LEN];
	struct identity now;
	struct bootpath b;
	struct record r;
	unsigned int i, n;
	int failed = 0;

	if (identity_read(&now))
		return 0;
	bootpath_read("", now.kernel, &b);
	n = bootpath_judge(&b, now.resume, now.resume_offset, f);
	for (i = 0; i < n; i++) {
		printf("%s boot path: %s\n", f[i].fail ? "FAIL" : "--  ", f[i].line);
		print_see(f[i].fix, BOOTPATH_SECTION);
		failed += f[i].fail;
	}
	if (!n)
		printf("ok   boot path: the initramfs resumes from %s (%s), as s2h checks\n",
		       b.device, b.source);
	if (record_load(&r) || (r.has_boot && identity_same(&r.id, &now, why)))
		return failed;
	if (!r.has_boot)
		snprintf(why, sizeof(why), "it predates s2hctl's record of the boot path");
	printf("FAIL boot path: the dry run of %s kept in %s: %s\n", format_time(r.time, when),
	       RECORD_PATH, why);
	print_see("a new dry run: sudo s2hctl check --verify", BOOTPATH_SECTION);
	return failed + 1;
}

/* One other suspend-then-hibernate: where, what it is, and how to turn it off. */
static void print_other(const struct other_sth *o, void *arg)
{
	(void)arg;
	printf("WARN suspend-then-hibernate: %s:%u: %s=%s: %s\n", o->file, o->line, o->key,
	       o->value, o->what);
	print_see(o->fix, OTHERS_SECTION);
}

/*
 * Not a check of the module's: another suspend-then-hibernate beside s2h
 * arms its own alarm in the same suspend (others.c). A warning: s2h still
 * works, but which of the two hibernates, and when, is then a race.
 */
void print_others(void)
{
	if (!others_find("", print_other, NULL))
		printf("ok   suspend-then-hibernate: no other configured beside s2h (logind, "
		       "systemd-sleep, KDE Plasma)\n");
}

/*
 * Pre-flight's advice: a loaded driver known to hang or break a
 * hibernation s2h starts as it is set. A warning, never a failure: the
 * module arms anyway, and a dry run shows whether this machine minds.
 */
void print_advice(const struct status *st)
{
	unsigned int i;

	if (!st->advice) {
		printf("ok   drivers: no loaded driver that s2h knows to need another setting\n");
		return;
	}
	for (i = 0; i < __S2H_ADVICE_MAX; i++) {
		if (!(st->advice & (1u << i)))
			continue;
		print_indented("WARN drivers: ", advice_texts[i].warning);
		print_see(advice_texts[i].fix, ADVICE_SECTION);
	}
}

void print_verify_result(const struct verify_status *v)
{
	if (v->result == S2H_VERIFY_PASSED)
		printf("dry run passed: image written and restored in %u ms\n", v->duration_ms);
	else
		printf("dry run FAILED: %s\n", strerror(-v->error));
}

/* Local time, without a space: 2026-12-04T02:44:20+0100. */
static const char *format_stamp(time_t t, char buf[TIME_LEN])
{
	struct tm tm;

	if (!localtime_r(&t, &tm) || !strftime(buf, TIME_LEN, "%Y-%m-%dT%H:%M:%S%z", &tm))
		snprintf(buf, TIME_LEN, "%lld", (long long)t);
	return buf;
}

/* The failed checks as one word: "swap,resume". */
static void print_checks_word(uint32_t failed)
{
	const char *sep = "";
	unsigned int i;

	for (i = 0; i < __S2H_CHECK_MAX; i++) {
		if (failed & (1u << i)) {
			printf("%s%s", sep, check_name(i));
			sep = ",";
		}
	}
	if (!*sep)
		printf("none");
}

/* "armed delay=2h": key=value words, none with a space in it. */
static void print_event_text(const struct event *ev)
{
	char val[VALUE_LEN];
	int i;

	printf("%s", event_name(ev->type));
	for (i = 0; i < N_SETTINGS; i++)
		if (ev->set.has & SETTING_BIT(i))
			printf(" %s=%s", setting_descs[i].key,
			       format_setting_word(&setting_descs[i], ev->set.val[i], val));
	if (ev->has_error)
		printf(" error=%s", ev->error ? errno_name(ev->error) : "0");
	if (ev->has_checks) {
		printf(" failed=");
		print_checks_word(ev->checks_failed);
	}
	if (ev->has_battery && ev->battery >= 0)
		printf(" battery=%d%%", ev->battery);
	else if (ev->has_battery)
		printf(" battery=unknown");
	if (ev->has_verify)
		printf(" result=%s duration_ms=%u error=%s restored=%s",
		       verify_name(ev->verify.result), ev->verify.duration_ms,
		       ev->verify.error ? errno_name(ev->verify.error) : "0",
		       ev->verify.restored ? "yes" : "no");
	if (ev->has_wake_test)
		print_wake_test_words(&ev->wake_test);
	printf("\n");
}

/* The keys and values of show -j: sysfs names, durations in seconds. */
static void print_event_json(const struct event *ev, const struct monitor_opts *o, time_t now)
{
	int i;

	printf("{\"event\":\"%s\"", event_name(ev->type));
	if (o->timestamps)
		printf(",\"time\":%lld", (long long)now);
	for (i = 0; i < N_SETTINGS; i++) {
		if (ev->set.has & SETTING_BIT(i)) {
			printf(",");
			print_setting_json(&setting_descs[i], ev->set.val[i]);
		}
	}
	if (ev->has_error)
		printf(",\"error\":%d", ev->error);
	if (ev->has_checks) {
		printf(",\"checks_failed\":");
		print_checks_json(ev->checks_failed);
	}
	if (ev->has_battery)
		printf(",\"battery\":%d", ev->battery);
	if (ev->has_verify) {
		printf(",");
		print_verified_json(&ev->verify);
	}
	if (ev->has_wake_test) {
		printf(",");
		print_wake_test_json(&ev->wake_test);
	}
	printf("}\n");
}

/* An event_fn: @arg points at the monitor_opts. Each line is flushed on its own. */
void print_event(const struct event *ev, void *arg)
{
	const struct monitor_opts *o = arg;
	time_t now = time(NULL);
	char stamp[TIME_LEN];

	if (o->json) {
		print_event_json(ev, o, now);
	} else {
		if (o->timestamps)
			printf("%s ", format_stamp(now, stamp));
		print_event_text(ev);
	}
	fflush(stdout);
}

/* A duration as people read it, to the second: 42s, 3m05s, 2h10m, 1d04h. */
static const char *format_ms(uint64_t ms, char buf[TIME_LEN])
{
	unsigned long long sec = (ms + 500) / 1000;

	if (sec < 60)
		snprintf(buf, TIME_LEN, "%llus", sec);
	else if (sec < 3600)
		snprintf(buf, TIME_LEN, "%llum%02llus", sec / 60, sec % 60);
	else if (sec < 86400)
		snprintf(buf, TIME_LEN, "%lluh%02llum", sec / 3600, sec % 3600 / 60);
	else
		snprintf(buf, TIME_LEN, "%llud%02lluh", sec / 86400, sec % 86400 / 3600);
	return buf;
}

/* "80 > 79,-": at the start, then at each wake kept ("-": not read, "..": more wakes). */
static const char *format_batteries(const struct last_cycle *l, char *buf, size_t len)
{
	size_t n = 0;
	unsigned int i;

	n += snprintf(buf + n, len - n, l->battery_start < 0 ? "-" : "%d", l->battery_start);
	for (i = 0; i < l->n_battery_wakes && n < len; i++)
		n += snprintf(buf + n, len - n, l->battery_wakes[i] < 0 ? "%s-" : "%s%d",
			      i ? "," : " > ", l->battery_wakes[i]);
	if (l->wakes > l->n_battery_wakes && n < len)
		snprintf(buf + n, len - n, ",..");
	return buf;
}

/* The result of the hibernation: "-" when there was none. */
static const char *format_result(const struct last_cycle *l)
{
	if (l->decision != S2H_DECISION_HIBERNATE)
		return "-";
	return l->result ? errno_name(l->result) : "ok";
}

/* Under a cycle's line of log, its drain where energy measured it. */
static void print_history_drain(const struct last_cycle *l)
{
	struct drain s, h;
	char d[2][64];

	drain_suspended(l, &s);
	drain_hibernated(l, &h);
	if (s.known || h.known)
		printf("      drain suspended %s; hibernated %s\n",
		       format_drain(&s, d[0], sizeof(d[0])), format_drain(&h, d[1], sizeof(d[1])));
}

void print_history_header(void)
{
	printf("%4s  %-19s  %-8s  %-7s  %-11s  %-9s  %6s  %6s  %6s  %6s  %-12s  %s\n",
	       "SEQ", "SUSPENDED", "WOKE", "WAKE", "DECISION", "RESULT", "ARMED", "IDLE",
	       "HIBER", "RESUME", "SOURCE", "BATTERY");
}

/* A cycle_fn: one line of the table, or the cycle as JSON (@arg: struct history_opts). */
void print_history_cycle(const struct last_cycle *l, void *arg)
{
	struct history_opts *o = arg;
	char t1[TIME_LEN], t2[TIME_LEN], d[4][TIME_LEN], bat[96], settle[SETTLE_LEN];

	if (o->json) {
		printf("%s", o->count ? "," : "[");
		print_cycle_json(l);
	} else {
		format_time(l->suspended_at, t1);
		if (l->woke_at)
			format_time(l->woke_at, t2);
		printf("%4llu  %-19s  %-8s  %-7s  %-11s  %-9s  %6s  %6s  %6s  %6s  %-12s  %s\n",
		       (unsigned long long)l->seq, t1, l->woke_at ? t2 + 11 : "-",
		       wake_name(l->wake), decision_name(l->decision), format_result(l),
		       format_ms(l->state_ms[S2H_STATE_ARMED], d[0]),
		       format_ms(l->state_ms[S2H_STATE_IDLE], d[1]),
		       format_ms(l->state_ms[S2H_STATE_HIBERNATING], d[2]),
		       format_ms(l->state_ms[S2H_STATE_RESUMING], d[3]),
		       l->wake_source[0] ? l->wake_source : "-",
		       format_batteries(l, bat, sizeof(bat)));
		if (l->undone_by[0])
			printf("      hibernation undone by a wakeup event of %s\n", l->undone_by);
		if (format_settle(l, settle))
			printf("      settled %s\n", settle);
		print_history_drain(l);
	}
	o->count++;
}

/* Closes what print_history_cycle() opened; says so when there was no cycle. */
void print_history_end(const struct history_opts *o)
{
	if (o->json)
		printf("%s\n", o->count ? "]" : "[]");
	else if (!o->count)
		printf("no cycle yet: s2h has not armed a suspend since it was loaded\n");
}
