// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "names.h"
#include "output.h"

static void print_status_text(const struct status *st)
{
	char dur[DURATION_LEN];
	int i;

	printf("enabled:    %s\n", st->enabled ? "yes" : "no");
	printf("delay:      %s (%u s)\n", format_duration(st->delay_sec, dur), st->delay_sec);
	printf("state:      %s\n", state_name(st->state));
	printf("last_wake:  %s\n", wake_name(st->last_wake));
	printf("stats:\n");
	for (i = 0; i <= S2H_STATS_A_MAX; i++)
		if (st->has_stat[i])
			printf("  %-26s %llu\n", stat_names[i], (unsigned long long)st->stats[i]);
}

/* Keys are the names of the sysfs files; the words are sysfs' too. */
static void print_status_json(const struct status *st)
{
	const char *sep = "";
	int i;

	printf("{\"enabled\":%s,\"delay_sec\":%u,\"state\":\"%s\",\"last_wake\":\"%s\",\"stats\":{",
	       st->enabled ? "true" : "false", st->delay_sec, state_name(st->state),
	       wake_name(st->last_wake));
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

static void print_event_text(const struct event *ev)
{
	char dur[DURATION_LEN];

	printf("%s", event_name(ev->type));
	if (ev->has_enabled)
		printf(" enabled=%s", ev->enabled ? "yes" : "no");
	if (ev->has_delay)
		printf(" delay=%s (%u s)", format_duration(ev->delay_sec, dur), ev->delay_sec);
	if (ev->has_error)
		printf(" error=%d (%s)", ev->error, ev->error ? strerror(-ev->error) : "ok");
	printf("\n");
}

static void print_event_json(const struct event *ev)
{
	printf("{\"event\":\"%s\"", event_name(ev->type));
	if (ev->has_enabled)
		printf(",\"enabled\":%s", ev->enabled ? "true" : "false");
	if (ev->has_delay)
		printf(",\"delay_sec\":%u", ev->delay_sec);
	if (ev->has_error)
		printf(",\"error\":%d", ev->error);
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
