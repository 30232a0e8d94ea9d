// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>

#include "names.h"
#include "array.h"

#define NAME_OF(table, i) \
	((i) < ARRAY_SIZE(table) && (table)[i] ? (table)[i] : "unknown")

static const char * const state_names[__S2H_STATE_MAX] = {
	[S2H_STATE_IDLE] = "idle",
	[S2H_STATE_ARMED] = "armed",
	[S2H_STATE_HIBERNATING] = "hibernating",
	[S2H_STATE_RESUMING] = "resuming",
};

static const char * const wake_names[__S2H_WAKE_MAX] = {
	[S2H_WAKE_NONE] = "none",
	[S2H_WAKE_ALARM] = "alarm",
	[S2H_WAKE_EARLY] = "early",
	[S2H_WAKE_ABORTED] = "aborted",
};

static const char * const event_names[__S2H_EVENT_MAX] = {
	[S2H_EVENT_ARMED] = "armed",
	[S2H_EVENT_ALARM_WAKE] = "alarm_wake",
	[S2H_EVENT_EARLY_WAKE] = "early_wake",
	[S2H_EVENT_ABORTED] = "aborted",
	[S2H_EVENT_HIBERNATE_START] = "hibernate_start",
	[S2H_EVENT_HIBERNATE_RESULT] = "hibernate_result",
	[S2H_EVENT_RESUMED] = "resumed",
	[S2H_EVENT_CONFIG] = "config",
};

static const char * const attr_names[__S2H_A_MAX] = {
	[S2H_A_ENABLED] = "enabled",
	[S2H_A_DELAY_SEC] = "delay_sec",
	[S2H_A_STATE] = "state",
	[S2H_A_LAST_WAKE] = "last_wake",
	[S2H_A_STATS] = "stats",
	[S2H_A_EVENT] = "event",
	[S2H_A_ERROR] = "error",
};

const char * const stat_names[S2H_STATS_A_MAX + 1] = {
	[S2H_STATS_A_SUSPENDS] = "suspends",
	[S2H_STATS_A_ALARM_WAKES] = "alarm_wakes",
	[S2H_STATS_A_EARLY_WAKES] = "early_wakes",
	[S2H_STATS_A_ABORTED] = "aborted",
	[S2H_STATS_A_HIBERNATIONS] = "hibernations",
	[S2H_STATS_A_HIBERNATE_FAILURES] = "hibernate_failures",
	[S2H_STATS_A_RESUMES_FROM_HIBERNATION] = "resumes_from_hibernation",
	[S2H_STATS_A_RESUSPENDS] = "resuspends",
};

const char *state_name(unsigned int state)
{
	return NAME_OF(state_names, state);
}

const char *wake_name(unsigned int wake)
{
	return NAME_OF(wake_names, wake);
}

const char *event_name(unsigned int event)
{
	return NAME_OF(event_names, event);
}

const char *attr_name(unsigned int attr)
{
	return NAME_OF(attr_names, attr);
}
