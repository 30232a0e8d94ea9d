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
	[S2H_WAKE_OTHER] = "other",
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
	[S2H_EVENT_NOT_ARMED] = "not_armed",
	[S2H_EVENT_SLEEP_AGAIN] = "sleep_again",
	[S2H_EVENT_HIBERNATE_RETRY] = "hibernate_retry",
	[S2H_EVENT_VERIFY_RESULT] = "verify_result",
	[S2H_EVENT_OTHER_WAKE] = "other_wake",
	[S2H_EVENT_SLEEP_FAILED] = "sleep_failed",
	[S2H_EVENT_CANCELLED] = "cancelled",
};

static const char * const attr_names[__S2H_A_MAX] = {
	[S2H_A_ENABLED] = "enabled",
	[S2H_A_DELAY_SEC] = "delay_sec",
	[S2H_A_STATE] = "state",
	[S2H_A_LAST_WAKE] = "last_wake",
	[S2H_A_STATS] = "stats",
	[S2H_A_EVENT] = "event",
	[S2H_A_ERROR] = "error",
	[S2H_A_HIBERNATE_ON_AC] = "hibernate_on_ac",
	[S2H_A_BATTERY_THRESHOLD] = "battery_threshold",
	[S2H_A_POLICY] = "policy",
	[S2H_A_BATTERY_CHECK_SEC] = "battery_check_sec",
	[S2H_A_RETRIES] = "retries",
	[S2H_A_HIBERNATE_MODE] = "hibernate_mode",
	[S2H_A_REQUIRE_VERIFIED] = "require_verified",
	[S2H_A_CHECKS_FAILED] = "checks_failed",
	[S2H_A_SWAP_FREE_MB] = "swap_free_mb",
	[S2H_A_IMAGE_MB] = "image_mb",
	[S2H_A_VERIFIED] = "verified",
	[S2H_A_LAST_CYCLE] = "last_cycle",
	[S2H_A_BATTERY] = "battery",
};

static const char * const check_names[__S2H_CHECK_MAX] = {
	[S2H_CHECK_SUPPORTED] = "supported",
	[S2H_CHECK_LOCKDOWN] = "lockdown",
	[S2H_CHECK_RESUME] = "resume",
	[S2H_CHECK_SWAP] = "swap",
	[S2H_CHECK_RTC] = "rtc",
	[S2H_CHECK_VERIFIED] = "verified",
};

/* What each check asks, and what its failure means: sysfs' "available" words. */
const struct check_text check_texts[__S2H_CHECK_MAX] = {
	[S2H_CHECK_SUPPORTED] = { "the kernel offers hibernation",
				  "hibernation not offered by the kernel" },
	[S2H_CHECK_LOCKDOWN] = { "hibernation is not locked down", "hibernation locked down" },
	[S2H_CHECK_RESUME] = { "a resume device is set", "no resume device" },
	[S2H_CHECK_SWAP] = { "free swap holds the image", "not enough free swap" },
	[S2H_CHECK_RTC] = { "an rtc can wake the system", "no rtc can wake the system" },
	[S2H_CHECK_VERIFIED] = { "a dry run passed, if required", "not verified" },
};

static const char * const verify_names[__S2H_VERIFY_MAX] = {
	[S2H_VERIFY_NEVER] = "never",
	[S2H_VERIFY_RUNNING] = "running",
	[S2H_VERIFY_PASSED] = "passed",
	[S2H_VERIFY_FAILED] = "failed",
};

static const char * const decision_names[__S2H_DECISION_MAX] = {
	[S2H_DECISION_NONE] = "none",
	[S2H_DECISION_HIBERNATE] = "hibernate",
	[S2H_DECISION_SLEEP_AGAIN] = "sleep_again",
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
	[S2H_STATS_A_NOT_ARMED] = "not_armed",
	[S2H_STATS_A_DARK_WAKES] = "dark_wakes",
	[S2H_STATS_A_BATTERY_HIBERNATIONS] = "battery_hibernations",
	[S2H_STATS_A_HIBERNATE_RETRIES] = "hibernate_retries",
	[S2H_STATS_A_OTHER_WAKES] = "other_wakes",
	[S2H_STATS_A_SLEEP_FAILURES] = "sleep_failures",
	[S2H_STATS_A_CANCELLED] = "cancelled",
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

const char *check_name(unsigned int check)
{
	return NAME_OF(check_names, check);
}

const char *verify_name(unsigned int verify)
{
	return NAME_OF(verify_names, verify);
}

const char *decision_name(unsigned int decision)
{
	return NAME_OF(decision_names, decision);
}
