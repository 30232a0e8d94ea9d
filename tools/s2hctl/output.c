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
		printf(" %s (%u ms)", format_time(v->time, when), v->duration_ms);
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
	printf("  woke at          %s (%s)\n", format_time(l->woke_at, t1), wake_name(l->wake));
	printf("  decision         %s", decision_name(l->decision));
	if (l->decision == S2H_DECISION_HIBERNATE)
		printf(", %s", l->result ? strerror(-l->result) : "ok");
	printf("\n");
	if (l->wake == S2H_WAKE_ALARM || l->dark_wakes)
		printf("  at the alarm     battery %s, %s\n", format_percent(l->battery_wake, t2),
		       l->on_ac ? "on AC" : "on battery");
	printf("  dark wakes       %u\n", l->dark_wakes);
}

static void print_status_text(const struct status *st)
{
	char val[VALUE_LEN];
	int i;

	for (i = 0; i < N_SETTINGS; i++)
		print_label(setting_descs[i].key,
			    format_setting(&setting_descs[i], st->val[i], val));
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
	printf(",\"swap_free_mb\":%u,\"image_mb\":%u,", st->swap_free_mb, st->image_mb);
	printf("\"verified\":{\"result\":\"%s\",\"time\":%llu,\"duration_ms\":%u,\"error\":%d},",
	       verify_name(v->result), (unsigned long long)v->time, v->duration_ms, v->error);
	printf("\"last_cycle\":{\"suspended_at\":%llu,\"woke_at\":%llu,\"wake\":\"%s\","
	       "\"decision\":\"%s\",\"result\":%d,\"battery_start\":%d,\"battery_wake\":%d,"
	       "\"on_ac\":%s,\"dark_wakes\":%u},\"stats\":{",
	       (unsigned long long)l->suspended_at, (unsigned long long)l->woke_at,
	       wake_name(l->wake), decision_name(l->decision), l->result, l->battery_start,
	       l->battery_wake, l->on_ac ? "true" : "false", l->dark_wakes);
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

/* One line a check, in the order of enum s2h_check. Return: how many failed. */
int print_checks(const struct status *st)
{
	int i, failed = 0;

	for (i = 0; i < __S2H_CHECK_MAX; i++) {
		if (!(st->checks_failed & (1u << i))) {
			printf("ok   %s: %s\n", check_name((unsigned int)i),
			       check_texts[i].question);
			continue;
		}
		failed++;
		printf("FAIL %s: %s", check_name((unsigned int)i), check_texts[i].reason);
		if (i == S2H_CHECK_SWAP)
			printf(" (%u MiB free, %u MiB needed)", st->swap_free_mb, st->image_mb);
		printf("\n");
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

static void print_event_text(const struct event *ev)
{
	char val[VALUE_LEN];
	int i;

	printf("%s", event_name(ev->type));
	for (i = 0; i < N_SETTINGS; i++)
		if (ev->set.has & SETTING_BIT(i))
			printf(" %s=%s", setting_descs[i].key,
			       format_setting(&setting_descs[i], ev->set.val[i], val));
	if (ev->has_error)
		printf(" error=%d (%s)", ev->error, ev->error ? strerror(-ev->error) : "ok");
	for (i = 0; ev->has_checks && i < __S2H_CHECK_MAX; i++)
		if (ev->checks_failed & (1u << i))
			printf(" failed=%s", check_name((unsigned int)i));
	if (ev->has_battery)
		printf(" battery=%s", format_percent(ev->battery, val));
	if (ev->has_verify)
		printf(" result=%s error=%d duration=%u ms", verify_name(ev->verify.result),
		       ev->verify.error, ev->verify.duration_ms);
	printf("\n");
}

static void print_event_json(const struct event *ev)
{
	int i;

	printf("{\"event\":\"%s\"", event_name(ev->type));
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
	if (ev->has_verify)
		printf(",\"verified\":\"%s\",\"duration_ms\":%u,\"verify_error\":%d",
		       verify_name(ev->verify.result), ev->verify.duration_ms, ev->verify.error);
	printf("}\n");
}

/* An event_fn: @json points at a bool. Each line is flushed on its own. */
void print_event(const struct event *ev, void *json)
{
	if (*(bool *)json)
		print_event_json(ev);
	else
		print_event_text(ev);
	fflush(stdout);
}
