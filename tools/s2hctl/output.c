// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "names.h"
#include "output.h"

#define TIME_LEN	32

/* Local time, as people read it; "never" for 0. */
static const char *format_time(uint64_t t, char buf[TIME_LEN])
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!t || !localtime_r(&tt, &tm) || !strftime(buf, TIME_LEN, "%Y-%m-%d %H:%M:%S", &tm))
		snprintf(buf, TIME_LEN, "never");
	return buf;
}

/* @text, whose lines after the first are indented as far as @label. */
static void print_indented(const char *label, const char *text)
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

static void print_last_cycle_text(const struct last_cycle *l)
{
	char t1[TIME_LEN], t2[TIME_LEN];

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
	if (l->decision == S2H_DECISION_HIBERNATE && hibernate_error_hint(l->result))
		print_indented("  hint             ", hibernate_error_hint(l->result));
	if (l->wake == S2H_WAKE_ALARM || l->dark_wakes)
		printf("  at the alarm     battery %s, %s\n", format_percent(l->battery_wake, t2),
		       l->on_ac ? "on AC" : "on battery");
	printf("  dark wakes       %u\n", l->dark_wakes);
	if (l->other_wakes)
		printf("  other wakes      %u (no user: the deadline was kept)\n", l->other_wakes);
	if (l->hw_sleep_us > 0)
		printf("  hardware sleep   %lld.%03lld s\n", (long long)l->hw_sleep_us / 1000000,
		       (long long)l->hw_sleep_us / 1000 % 1000);
	else if (!l->hw_sleep_us)
		printf("  hardware sleep   none: it never reached its sleep state\n");
	else if (l->woke_at)
		printf("  hardware sleep   unknown (the kernel does not say)\n");
}

/* A JSON string: wakeup source names are the kernel's, and may hold anything. */
static void print_json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

static void print_status_text(const struct status *st)
{
	char val[VALUE_LEN];
	int i;

	for (i = 0; i < N_SETTINGS; i++)
		print_label(setting_descs[i].key,
			    format_setting(&setting_descs[i], st->val[i], val));
	print_label("hw_sleep_available", st->hw_sleep_available ? "yes" :
		    "no: the kernel does not say how long the hardware slept (Linux 6.8+,\n"
		    "                    low-power S0 idle): hibernate_no_hw_sleep has no effect");
	print_label("state", state_name(st->state));
	print_label("last_wake", wake_name(st->last_wake));
	print_label("available", "");
	print_available(st, stdout);
	print_label("verified", "");
	print_verified_text(&st->verify);
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

/* "verified":{...}, in show -j and in the verify_result event alike. */
static void print_verified_json(const struct verify_status *v)
{
	printf("\"verified\":{\"result\":\"%s\",\"time\":%llu,\"duration_ms\":%u,"
	       "\"error\":%d,\"restored\":%s}", verify_name(v->result),
	       (unsigned long long)v->time, v->duration_ms, v->error,
	       v->restored ? "true" : "false");
}

/* Keys are the names of the sysfs files; the words are sysfs' too. */
static void print_status_json(const struct status *st)
{
	const struct verify_status *v = &st->verify;
	const struct last_cycle *l = &st->last;
	const char *sep = "";
	int i;

	printf("{");
	for (i = 0; i < N_SETTINGS; i++) {
		print_setting_json(&setting_descs[i], st->val[i]);
		printf(",");
	}
	printf("\"state\":\"%s\",\"last_wake\":\"%s\",\"available\":%s,\"checks_failed\":",
	       state_name(st->state), wake_name(st->last_wake),
	       st->checks_failed ? "false" : "true");
	print_checks_json(st->checks_failed);
	printf(",\"swap_free_mb\":%u,\"image_mb\":%u,\"hw_sleep_available\":%s,",
	       st->swap_free_mb, st->image_mb, st->hw_sleep_available ? "true" : "false");
	print_verified_json(v);
	printf(",");
	printf("\"last_cycle\":{\"suspended_at\":%llu,\"woke_at\":%llu,\"wake\":\"%s\","
	       "\"decision\":\"%s\",\"result\":%d,\"battery_start\":%d,\"battery_wake\":%d,"
	       "\"on_ac\":%s,\"dark_wakes\":%u,\"other_wakes\":%u,\"wake_irq\":%u,"
	       "\"hw_sleep_us\":%lld,\"wake_source\":",
	       (unsigned long long)l->suspended_at, (unsigned long long)l->woke_at,
	       wake_name(l->wake), decision_name(l->decision), l->result, l->battery_start,
	       l->battery_wake, l->on_ac ? "true" : "false", l->dark_wakes, l->other_wakes,
	       l->wake_irq, (long long)l->hw_sleep_us);
	print_json_string(l->wake_source);
	printf("},\"stats\":{");
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
