// SPDX-License-Identifier: GPL-2.0
/*
 * The generic netlink family "s2h": GET, SET, VERIFY, WAKE_TEST, the HISTORY_GET
 * dump and the "events" group. include/uapi/linux/s2h.h defines it,
 * Documentation/netlink/specs/s2h.yaml describes it. Every attribute is
 * checked by a policy before a handler runs, so a SET either applies whole
 * or is refused whole. Anyone may GET and listen; SET, VERIFY, WAKE_TEST
 * and the restores need CAP_SYS_ADMIN.
 */
#include <linux/bits.h>
#include <linux/capability.h>
#include <linux/module.h>
#include <linux/netlink.h>
#include <linux/slab.h>
#include <net/genetlink.h>
#include <net/netlink.h>

#include "decide.h"
#include "netlink.h"
#include "hibernate.h"
#include "s2h.h"

/* Not const: 6.1's nla_policy points at them without a const qualifier. */
static struct netlink_range_validation s2h_delay_range = {
	.min = S2H_DELAY_MIN_SEC,
	.max = S2H_DELAY_MAX_SEC,
};

/* 0: the delay on battery. */
static struct netlink_range_validation s2h_ac_delay_range = {
	.min = 0,
	.max = S2H_DELAY_MAX_SEC,
};

static struct netlink_range_validation s2h_battery_check_range = {
	.min = S2H_BATTERY_CHECK_MIN_SEC,
	.max = S2H_BATTERY_CHECK_MAX_SEC,
};

static struct netlink_range_validation s2h_thermal_limit_range = {
	.min = 0,
	.max = S2H_THERMAL_LIMIT_MAX,
};

static struct netlink_range_validation s2h_wake_test_range = {
	.min = S2H_WAKE_TEST_MIN_SEC,
	.max = S2H_WAKE_TEST_MAX_SEC,
};

/* Strict validation refuses any attribute the policy gives no type. */
static const struct nla_policy s2h_no_attrs_policy[S2H_A_MAX + 1] = {};

#define S2H_REFUSED(why)	{ .type = NLA_REJECT, .reject_message = why }
#define S2H_READ_ONLY(what)	S2H_REFUSED(what " is read-only")

/* The bounds of module/config.c's s2h_settings[], for each setting's attribute. */
static const struct nla_policy s2h_set_policy[S2H_A_MAX + 1] = {
	[S2H_A_ENABLED] = NLA_POLICY_MAX(NLA_U32, 1),
	[S2H_A_DELAY_SEC] = NLA_POLICY_FULL_RANGE(NLA_U32, &s2h_delay_range),
	[S2H_A_HIBERNATE_ON_AC] = NLA_POLICY_MAX(NLA_U32, 1),
	[S2H_A_BATTERY_THRESHOLD] = NLA_POLICY_MAX(NLA_U32, S2H_BATTERY_THRESHOLD_MAX),
	[S2H_A_POLICY] = NLA_POLICY_MAX(NLA_U32, S2H_POLICY_MAX),
	[S2H_A_BATTERY_CHECK_SEC] = NLA_POLICY_FULL_RANGE(NLA_U32, &s2h_battery_check_range),
	[S2H_A_RETRIES] = NLA_POLICY_MAX(NLA_U32, S2H_RETRIES_MAX),
	[S2H_A_HIBERNATE_MODE] = NLA_POLICY_MAX(NLA_U32, S2H_MODE_MAX),
	[S2H_A_REQUIRE_VERIFIED] = NLA_POLICY_MAX(NLA_U32, S2H_REQUIRE_MAX),
	[S2H_A_HANDOFF_SEC] = NLA_POLICY_MAX(NLA_U32, S2H_HANDOFF_MAX_SEC),
	[S2H_A_THERMAL_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32, &s2h_thermal_limit_range),
	[S2H_A_HIBERNATE_NO_HW_SLEEP] = NLA_POLICY_MAX(NLA_U32, 1),
	[S2H_A_SETTLE_SEC] = NLA_POLICY_MAX(NLA_U32, S2H_SETTLE_MAX_SEC),
	[S2H_A_ADVICE] = S2H_READ_ONLY("advice"),
	[S2H_A_HW_SLEEP_AVAILABLE] = S2H_READ_ONLY("hw-sleep-available"),
	[S2H_A_STATE] = S2H_READ_ONLY("state"),
	[S2H_A_LAST_WAKE] = S2H_READ_ONLY("last-wake"),
	[S2H_A_STATS] = S2H_READ_ONLY("stats"),
	[S2H_A_EVENT] = S2H_READ_ONLY("event"),
	[S2H_A_ERROR] = S2H_READ_ONLY("error"),
	[S2H_A_CHECKS_FAILED] = S2H_READ_ONLY("checks-failed"),
	[S2H_A_SWAP_FREE_MB] = S2H_READ_ONLY("swap-free-mb"),
	[S2H_A_IMAGE_MB] = S2H_READ_ONLY("image-mb"),
	[S2H_A_VERIFIED] = S2H_READ_ONLY("verified"),
	[S2H_A_LAST_CYCLE] = S2H_READ_ONLY("last-cycle"),
	[S2H_A_BATTERY] = S2H_READ_ONLY("battery"),
	[S2H_A_CYCLE] = S2H_READ_ONLY("cycle"),
	[S2H_A_DELAY_LOW_SEC] = NLA_POLICY_FULL_RANGE(NLA_U32, &s2h_delay_range),
	[S2H_A_BATTERY_HIGH] = NLA_POLICY_MAX(NLA_U32, S2H_BATTERY_THRESHOLD_MAX),
	[S2H_A_AC_DELAY_SEC] = NLA_POLICY_FULL_RANGE(NLA_U32, &s2h_ac_delay_range),
	[S2H_A_DRAIN_BUDGET] = NLA_POLICY_MAX(NLA_U32, S2H_BATTERY_THRESHOLD_MAX),
	[S2H_A_BATTERY_CRITICAL] = NLA_POLICY_MAX(NLA_U32, S2H_BATTERY_THRESHOLD_MAX),
	[S2H_A_CHECKS] = S2H_REFUSED("checks is a flag of get requests"),
	[S2H_A_WAKE_TEST] = S2H_READ_ONLY("wake-test"),
	[S2H_A_WAKE_TEST_SEC] = S2H_REFUSED("wake-test-sec is an attribute of wake-test requests"),
};

static const struct nla_policy s2h_get_policy[S2H_A_MAX + 1] = {
	[S2H_A_CHECKS] = { .type = NLA_FLAG },
};

/* A dry run of an earlier boot, as s2hctl kept it: when, and how long it took. */
static const struct nla_policy s2h_restore_verify_policy[S2H_VERIFY_A_MAX + 1] = {
	[S2H_VERIFY_A_TIME] = { .type = NLA_U64 },
	[S2H_VERIFY_A_DURATION_MS] = { .type = NLA_U32 },
};

static const struct nla_policy s2h_restore_policy[S2H_A_MAX + 1] = {
	[S2H_A_VERIFIED] = NLA_POLICY_NESTED(s2h_restore_verify_policy),
};

static const struct nla_policy s2h_wake_test_policy[S2H_A_MAX + 1] = {
	[S2H_A_WAKE_TEST_SEC] = NLA_POLICY_FULL_RANGE(NLA_U32, &s2h_wake_test_range),
};

/* A wake test of an earlier boot that passed, as s2hctl kept it. */
static const struct nla_policy s2h_restore_wake_test_attrs[S2H_WAKE_TEST_A_MAX + 1] = {
	[S2H_WAKE_TEST_A_TIME] = { .type = NLA_U64 },
	[S2H_WAKE_TEST_A_ALARM_SEC] = NLA_POLICY_FULL_RANGE(NLA_U32, &s2h_wake_test_range),
	[S2H_WAKE_TEST_A_OFFSET_MS] = { .type = NLA_S64 },
	[S2H_WAKE_TEST_A_WAKE_SOURCE] = { .type = NLA_NUL_STRING, .len = S2H_WAKE_SOURCE_LEN - 1 },
	[S2H_WAKE_TEST_A_HW_SLEEP_US] = { .type = NLA_S64 },
	[S2H_WAKE_TEST_A_MEM_SLEEP] = NLA_POLICY_MAX(NLA_U32, S2H_MEM_SLEEP_MAX),
};

static const struct nla_policy s2h_wake_test_restore_policy[S2H_A_MAX + 1] = {
	[S2H_A_WAKE_TEST] = NLA_POLICY_NESTED(s2h_restore_wake_test_attrs),
};

/* The counter behind each stats attribute. */
static const enum s2h_stat s2h_stats_attr[S2H_STATS_A_MAX + 1] = {
	[S2H_STATS_A_SUSPENDS] = S2H_STAT_SUSPENDS,
	[S2H_STATS_A_ALARM_WAKES] = S2H_STAT_ALARM_WAKES,
	[S2H_STATS_A_EARLY_WAKES] = S2H_STAT_EARLY_WAKES,
	[S2H_STATS_A_ABORTED] = S2H_STAT_ABORTED,
	[S2H_STATS_A_HIBERNATIONS] = S2H_STAT_HIBERNATIONS,
	[S2H_STATS_A_HIBERNATE_FAILURES] = S2H_STAT_HIBERNATE_FAILURES,
	[S2H_STATS_A_RESUMES_FROM_HIBERNATION] = S2H_STAT_RESUMES,
	[S2H_STATS_A_RESUSPENDS] = S2H_STAT_RESUSPENDS,
	[S2H_STATS_A_NOT_ARMED] = S2H_STAT_NOT_ARMED,
	[S2H_STATS_A_DARK_WAKES] = S2H_STAT_DARK_WAKES,
	[S2H_STATS_A_BATTERY_HIBERNATIONS] = S2H_STAT_BATTERY_HIBERNATIONS,
	[S2H_STATS_A_HIBERNATE_RETRIES] = S2H_STAT_HIBERNATE_RETRIES,
	[S2H_STATS_A_OTHER_WAKES] = S2H_STAT_OTHER_WAKES,
	[S2H_STATS_A_SLEEP_FAILURES] = S2H_STAT_SLEEP_FAILURES,
	[S2H_STATS_A_CANCELLED] = S2H_STAT_CANCELLED,
	[S2H_STATS_A_HANDOFFS] = S2H_STAT_HANDOFFS,
	[S2H_STATS_A_HANDOFF_FALLBACKS] = S2H_STAT_HANDOFF_FALLBACKS,
	[S2H_STATS_A_DRAIN_HIBERNATIONS] = S2H_STAT_DRAIN_HIBERNATIONS,
	[S2H_STATS_A_POWER_OFFS] = S2H_STAT_POWER_OFFS,
	[S2H_STATS_A_THERMAL_HIBERNATIONS] = S2H_STAT_THERMAL_HIBERNATIONS,
	[S2H_STATS_A_NO_HW_SLEEP_HIBERNATIONS] = S2H_STAT_NO_HW_SLEEP_HIBERNATIONS,
	[S2H_STATS_A_HIBERNATIONS_UNDONE] = S2H_STAT_HIBERNATIONS_UNDONE,
};

#define S2H_NL_FIRST_STAT	S2H_STATS_A_SUSPENDS
static_assert(S2H_STATS_A_MAX - S2H_NL_FIRST_STAT + 1 == __S2H_STAT_MAX);

static struct genl_family s2h_nl_family;

static int s2h_nl_put_settings(struct sk_buff *msg, const struct s2h_config *c)
{
	const struct s2h_setting *s;

	for (s = s2h_settings; s < s2h_settings + __S2H_SETTING_MAX; s++)
		if (nla_put_u32(msg, s->nl_attr, s2h_config_value(c, s)))
			return -EMSGSIZE;
	return 0;
}

static int s2h_nl_put_stats(struct sk_buff *msg, const u64 *stats)
{
	struct nlattr *nest;
	int attr;

	nest = nla_nest_start(msg, S2H_A_STATS);
	if (!nest)
		return -EMSGSIZE;
	for (attr = S2H_NL_FIRST_STAT; attr <= S2H_STATS_A_MAX; attr++) {
		if (nla_put_u64_64bit(msg, attr, stats[s2h_stats_attr[attr]], S2H_STATS_A_PAD)) {
			nla_nest_cancel(msg, nest);
			return -EMSGSIZE;
		}
	}
	nla_nest_end(msg, nest);
	return 0;
}

static int s2h_nl_put_verified(struct sk_buff *msg, const struct s2h_verify_status *v)
{
	struct nlattr *nest;

	nest = nla_nest_start(msg, S2H_A_VERIFIED);
	if (!nest)
		return -EMSGSIZE;
	if (nla_put_u32(msg, S2H_VERIFY_A_RESULT, v->result) ||
	    nla_put_u64_64bit(msg, S2H_VERIFY_A_TIME, v->time, S2H_VERIFY_A_PAD) ||
	    nla_put_u32(msg, S2H_VERIFY_A_DURATION_MS, v->duration_ms) ||
	    nla_put_s32(msg, S2H_VERIFY_A_ERROR, v->error) ||
	    nla_put_u32(msg, S2H_VERIFY_A_RESTORED, v->restored)) {
		nla_nest_cancel(msg, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(msg, nest);
	return 0;
}

static int s2h_nl_put_wake_test(struct sk_buff *msg, const struct s2h_wake_test_status *w)
{
	struct nlattr *nest;

	nest = nla_nest_start(msg, S2H_A_WAKE_TEST);
	if (!nest)
		return -EMSGSIZE;
	if (nla_put_u32(msg, S2H_WAKE_TEST_A_RESULT, w->result) ||
	    nla_put_u32(msg, S2H_WAKE_TEST_A_REASON, w->reason) ||
	    nla_put_u64_64bit(msg, S2H_WAKE_TEST_A_TIME, w->time, S2H_WAKE_TEST_A_PAD) ||
	    nla_put_u32(msg, S2H_WAKE_TEST_A_ALARM_SEC, w->alarm_sec) ||
	    nla_put_s64(msg, S2H_WAKE_TEST_A_OFFSET_MS, w->offset_ms, S2H_WAKE_TEST_A_PAD) ||
	    nla_put_string(msg, S2H_WAKE_TEST_A_WAKE_SOURCE, w->wake_source) ||
	    nla_put_s64(msg, S2H_WAKE_TEST_A_HW_SLEEP_US, w->hw_sleep_us, S2H_WAKE_TEST_A_PAD) ||
	    nla_put_u32(msg, S2H_WAKE_TEST_A_MEM_SLEEP, w->mem_sleep) ||
	    nla_put_s32(msg, S2H_WAKE_TEST_A_ERROR, w->error) ||
	    nla_put_u32(msg, S2H_WAKE_TEST_A_RESTORED, w->restored)) {
		nla_nest_cancel(msg, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(msg, nest);
	return 0;
}

/* The most a wake test's nest takes. */
static size_t s2h_nl_wake_test_size(void)
{
	return nla_total_size(0) + 3 * nla_total_size_64bit(sizeof(u64)) +
	       6 * nla_total_size(sizeof(u32)) + nla_total_size(S2H_WAKE_SOURCE_LEN);
}

static int s2h_nl_put_cycle_fields(struct sk_buff *msg, const struct s2h_cycle_record *c)
{
	unsigned int i;

	if (nla_put_u64_64bit(msg, S2H_LAST_A_SUSPENDED_AT, c->suspended_at, S2H_LAST_A_PAD) ||
	    nla_put_u64_64bit(msg, S2H_LAST_A_WOKE_AT, c->woke_at, S2H_LAST_A_PAD) ||
	    nla_put_u32(msg, S2H_LAST_A_WAKE, c->wake) ||
	    nla_put_u32(msg, S2H_LAST_A_DECISION, c->decision) ||
	    nla_put_s32(msg, S2H_LAST_A_RESULT, c->result) ||
	    nla_put_s32(msg, S2H_LAST_A_BATTERY_START, c->battery_start) ||
	    nla_put_s32(msg, S2H_LAST_A_BATTERY_WAKE, c->battery_wake) ||
	    nla_put_u32(msg, S2H_LAST_A_ON_AC, c->on_ac) ||
	    nla_put_u32(msg, S2H_LAST_A_DARK_WAKES, c->dark_wakes) ||
	    nla_put_string(msg, S2H_LAST_A_WAKE_SOURCE, c->wake_source) ||
	    nla_put_u32(msg, S2H_LAST_A_WAKE_IRQ, c->wake_irq) ||
	    nla_put_u32(msg, S2H_LAST_A_OTHER_WAKES, c->other_wakes) ||
	    nla_put_u64_64bit(msg, S2H_LAST_A_SEQ, c->seq, S2H_LAST_A_PAD) ||
	    nla_put_u32(msg, S2H_LAST_A_WAKES, c->wakes) ||
	    nla_put_s64(msg, S2H_LAST_A_HW_SLEEP_US, c->hw_sleep_us, S2H_LAST_A_PAD) ||
	    nla_put_string(msg, S2H_LAST_A_UNDONE_BY, c->undone_by))
		return -EMSGSIZE;
	for (i = 0; i < min_t(u32, c->wakes, S2H_CYCLE_WAKES_MAX); i++)
		if (nla_put_s32(msg, S2H_LAST_A_BATTERY_WAKES, c->battery_wakes[i]) ||
		    nla_put_s64(msg, S2H_LAST_A_ENERGY_WAKES, c->energy_wakes[i], S2H_LAST_A_PAD))
			return -EMSGSIZE;
	if (nla_put_s64(msg, S2H_LAST_A_ENERGY_START, c->energy_start, S2H_LAST_A_PAD) ||
	    nla_put_s64(msg, S2H_LAST_A_ENERGY_WAKE, c->energy_wake, S2H_LAST_A_PAD) ||
	    nla_put_s64(msg, S2H_LAST_A_ENERGY_RESUME, c->energy_resume, S2H_LAST_A_PAD) ||
	    nla_put_s64(msg, S2H_LAST_A_ENERGY_FULL, c->energy_full, S2H_LAST_A_PAD))
		return -EMSGSIZE;
	if (nla_put_u64_64bit(msg, S2H_LAST_A_IDLE_MS, c->state_ms[S2H_STATE_IDLE],
			      S2H_LAST_A_PAD) ||
	    nla_put_u64_64bit(msg, S2H_LAST_A_ARMED_MS, c->state_ms[S2H_STATE_ARMED],
			      S2H_LAST_A_PAD) ||
	    nla_put_u64_64bit(msg, S2H_LAST_A_HIBERNATING_MS, c->state_ms[S2H_STATE_HIBERNATING],
			      S2H_LAST_A_PAD) ||
	    nla_put_u64_64bit(msg, S2H_LAST_A_RESUMING_MS, c->state_ms[S2H_STATE_RESUMING],
			      S2H_LAST_A_PAD) ||
	    nla_put_u64_64bit(msg, S2H_LAST_A_SETTLING_MS, c->state_ms[S2H_STATE_SETTLING],
			      S2H_LAST_A_PAD) ||
	    nla_put_u64_64bit(msg, S2H_LAST_A_DARK_MS, c->dark_ms, S2H_LAST_A_PAD) ||
	    nla_put_s64(msg, S2H_LAST_A_ENERGY_DARK, c->energy_dark, S2H_LAST_A_PAD))
		return -EMSGSIZE;
	return 0;
}

/* @attr: S2H_A_LAST_CYCLE of GET, or S2H_A_CYCLE of the history's dump. */
static int s2h_nl_put_cycle(struct sk_buff *msg, int attr, const struct s2h_cycle_record *c)
{
	struct nlattr *nest;

	nest = nla_nest_start(msg, attr);
	if (!nest)
		return -EMSGSIZE;
	if (s2h_nl_put_cycle_fields(msg, c)) {
		nla_nest_cancel(msg, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(msg, nest);
	return 0;
}

/* The most a cycle's nest takes: s2h_nl_put_cycle() puts no more. */
static size_t s2h_nl_cycle_size(void)
{
	return nla_total_size(0) +
	       13 * nla_total_size_64bit(sizeof(u64)) +	/* times, seq, hw_sleep_us, energy */
	       10 * nla_total_size(sizeof(u32)) +	/* wake ... wakes */
	       2 * nla_total_size(S2H_WAKE_SOURCE_LEN) +	/* wake_source, undone_by */
	       S2H_CYCLE_WAKES_MAX * nla_total_size(sizeof(s32)) +	/* battery_wakes */
	       S2H_CYCLE_WAKES_MAX * nla_total_size_64bit(sizeof(s64));	/* energy_wakes */
}

/*
 * The most a GET reply takes, so that it is allocated once at its size:
 * netlink_unicast() would otherwise copy a larger buffer into a smaller one.
 */
static size_t s2h_nl_get_size(bool checks)
{
	return __S2H_SETTING_MAX * nla_total_size(sizeof(u32)) +
	       3 * nla_total_size(sizeof(u32)) +	/* state, last wake, hw sleep */
	       (checks ? 4 * nla_total_size(sizeof(u32)) : 0) +
	       nla_total_size(0) + 4 * nla_total_size(sizeof(u32)) +	/* verified */
	       nla_total_size_64bit(sizeof(u64)) +
	       s2h_nl_cycle_size() + s2h_nl_wake_test_size() +
	       nla_total_size(0) + __S2H_STAT_MAX * nla_total_size_64bit(sizeof(u64));
}

static int s2h_nl_put_checks(struct sk_buff *msg, const struct s2h_preflight *pf)
{
	if (nla_put_u32(msg, S2H_A_CHECKS_FAILED, pf->failed) ||
	    nla_put_u32(msg, S2H_A_ADVICE, pf->advice) ||
	    nla_put_u32(msg, S2H_A_SWAP_FREE_MB, pf->swap_free_mb) ||
	    nla_put_u32(msg, S2H_A_IMAGE_MB, pf->image_mb))
		return -EMSGSIZE;
	return 0;
}

/* Everything a GET reply without the checks is made of. */
struct s2h_nl_get_input {
	struct s2h_status status;
	bool hw_sleep_available;
};

/*
 * Zeroed first, as memcmp() compares the padding between members too: a
 * padding byte that differs anyway costs a rebuild, never a stale reply.
 */
static void s2h_nl_get_input_read(struct s2h_nl_get_input *in)
{
	memset(in, 0, sizeof(*in));
	s2h_status_read(&in->status);
	in->hw_sleep_available = s2h_hw_sleep_available();
}

/* Puts what @in holds and nothing else: the cache below depends on it. */
static int s2h_nl_put_status(struct sk_buff *msg, const struct s2h_nl_get_input *in)
{
	const struct s2h_status *st = &in->status;

	if (s2h_nl_put_settings(msg, &st->config) ||
	    nla_put_u32(msg, S2H_A_STATE, st->state) ||
	    nla_put_u32(msg, S2H_A_LAST_WAKE, st->last_wake) ||
	    nla_put_u32(msg, S2H_A_HW_SLEEP_AVAILABLE, in->hw_sleep_available) ||
	    s2h_nl_put_verified(msg, &st->verify) ||
	    s2h_nl_put_wake_test(msg, &st->wake_test) ||
	    s2h_nl_put_cycle(msg, S2H_A_LAST_CYCLE, &st->last))
		return -EMSGSIZE;
	return s2h_nl_put_stats(msg, st->stats);
}

/*
 * The attributes of the last GET reply and the input they were built from.
 * Their 70 nla_put() calls cost a GET more than all the rest of its round
 * trip, where copying their bytes costs next to nothing: a GET whose input
 * is the same as the last one's copies them again. Keyed on the input
 * itself, compared whole, so that no change anywhere has to invalidate it.
 * The pre-flight checks read the present and are never kept.
 */
static struct {
	struct mutex lock;		/* guards input, attrs and valid */
	struct s2h_nl_get_input input;
	struct sk_buff *attrs;		/* attributes only, no header */
	bool valid;
} s2h_nl_get_cache = {
	.lock = __MUTEX_INITIALIZER(s2h_nl_get_cache.lock),
};

/*
 * The attributes start where a reply's do, after the netlink and genetlink
 * headers, so that where nla_put_u64_64bit() pads to align is the same.
 */
static int s2h_nl_get_cache_init(void)
{
	struct sk_buff *attrs;

	attrs = alloc_skb(NLMSG_HDRLEN + GENL_HDRLEN + s2h_nl_get_size(false), GFP_KERNEL);
	if (!attrs)
		return -ENOMEM;
	skb_reserve(attrs, NLMSG_HDRLEN + GENL_HDRLEN);
	s2h_nl_get_cache.attrs = attrs;
	return 0;
}

static void s2h_nl_get_cache_exit(void)
{
	consume_skb(s2h_nl_get_cache.attrs);
}

/* Put @in's attributes into @msg: the ones kept, built again when @in changed. */
static int s2h_nl_put_status_cached(struct sk_buff *msg, const struct s2h_nl_get_input *in)
{
	struct sk_buff *attrs = s2h_nl_get_cache.attrs;
	int err = 0;

	mutex_lock(&s2h_nl_get_cache.lock);
	if (!s2h_nl_get_cache.valid || memcmp(&s2h_nl_get_cache.input, in, sizeof(*in))) {
		skb_trim(attrs, 0);
		err = s2h_nl_put_status(attrs, in);
		memcpy(&s2h_nl_get_cache.input, in, sizeof(*in));
		s2h_nl_get_cache.valid = !err;
	}
	if (!err && skb_tailroom(msg) < attrs->len)
		err = -EMSGSIZE;
	if (!err)
		skb_put_data(msg, attrs->data, attrs->len);
	mutex_unlock(&s2h_nl_get_cache.lock);
	return err;
}

/*
 * The pre-flight checks only when asked: see the checks attribute in the
 * spec. The input on the heap: a kernel built with a 1024-byte frame limit
 * (KASAN's) would find it too large for the stack.
 */
static int s2h_nl_get(struct sk_buff *skb, struct genl_info *info)
{
	bool checks = nla_get_flag(info->attrs[S2H_A_CHECKS]);
	struct s2h_nl_get_input *in;
	struct s2h_preflight pf;
	struct sk_buff *msg;
	void *hdr;
	int err = -ENOMEM;

	in = kmalloc(sizeof(*in), GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	s2h_nl_get_input_read(in);
	if (checks)
		s2h_available(&pf);
	msg = genlmsg_new(s2h_nl_get_size(checks), GFP_KERNEL);
	if (!msg)
		goto out;
	hdr = genlmsg_put_reply(msg, info, &s2h_nl_family, 0, S2H_CMD_GET);
	if (!hdr) {
		err = -EMSGSIZE;
		goto err_free;
	}
	err = s2h_nl_put_status_cached(msg, in);
	if (!err && checks)
		err = s2h_nl_put_checks(msg, &pf);
	if (WARN_ON_ONCE(err))
		goto err_free;
	genlmsg_end(msg, hdr);
	kfree(in);
	return genlmsg_reply(msg, info);

err_free:
	nlmsg_free(msg);
out:
	kfree(in);
	return err;
}

/*
 * One message per cycle, oldest first. cb->args[0] holds the seq of the
 * last cycle sent: cycles that start between two calls are sent too, and
 * one that fell out of the ring meanwhile is skipped.
 */
static int s2h_nl_history_dump(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct s2h_cycle_record c;
	void *hdr;

	while (s2h_history_read(cb->args[0], &c)) {
		hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
				  &s2h_nl_family, NLM_F_MULTI, S2H_CMD_HISTORY_GET);
		if (!hdr)
			break;
		if (s2h_nl_put_cycle(skb, S2H_A_CYCLE, &c)) {
			genlmsg_cancel(skb, hdr);
			break;
		}
		genlmsg_end(skb, hdr);
		cb->args[0] = c.seq;
	}
	return skb->len;
}

/*
 * SET changes what every suspend does, VERIFY hibernates the machine and
 * WAKE_TEST suspends it:
 * CAP_SYS_ADMIN, as root holds it, who alone may write /sys/power/s2h; not
 * GENL_ADMIN_PERM's CAP_NET_ADMIN, which network managers and containers
 * sharing the host's network hold. netlink_capable() asks it of both the
 * socket's opener and the sender, in the initial user namespace.
 */
static int s2h_nl_may_change(struct sk_buff *skb, struct genl_info *info)
{
	if (netlink_capable(skb, CAP_SYS_ADMIN))
		return 0;
	NL_SET_ERR_MSG(info->extack, "changing s2h needs CAP_SYS_ADMIN");
	return -EPERM;
}

static int s2h_nl_set(struct sk_buff *skb, struct genl_info *info)
{
	struct s2h_config_change change = {};
	struct nlattr **attrs = info->attrs;
	int id, err;

	err = s2h_nl_may_change(skb, info);
	if (err)
		return err;
	for (id = 0; id < __S2H_SETTING_MAX; id++) {
		const struct s2h_setting *s = &s2h_settings[id];
		struct nlattr *attr = attrs[s->nl_attr];

		if (!attr)
			continue;
		change.mask |= BIT(id);
		*s2h_config_field(&change.val, s) = nla_get_u32(attr);
	}
	if (!change.mask) {
		NL_SET_ERR_MSG(info->extack, "nothing to set: give at least one setting");
		return -EINVAL;
	}
	s2h_config_update(&change);
	return 0;
}

static int s2h_nl_verify(struct sk_buff *skb, struct genl_info *info)
{
	int err;

	err = s2h_nl_may_change(skb, info);
	if (err)
		return err;
	err = s2h_verify_start();
	if (err == -EBUSY)
		NL_SET_ERR_MSG(info->extack, "a dry run is already running");
	return err;
}

static int s2h_nl_verify_restore(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *tb[S2H_VERIFY_A_MAX + 1];
	int err;

	err = s2h_nl_may_change(skb, info);
	if (err)
		return err;
	if (!info->attrs[S2H_A_VERIFIED]) {
		NL_SET_ERR_MSG(info->extack, "verified, with time and duration-ms, is needed");
		return -EINVAL;
	}
	err = nla_parse_nested(tb, S2H_VERIFY_A_MAX, info->attrs[S2H_A_VERIFIED],
			       s2h_restore_verify_policy, info->extack);
	if (err)
		return err;
	if (!tb[S2H_VERIFY_A_TIME] || !tb[S2H_VERIFY_A_DURATION_MS]) {
		NL_SET_ERR_MSG(info->extack, "verified needs time and duration-ms");
		return -EINVAL;
	}
	err = s2h_verify_restore(nla_get_u64(tb[S2H_VERIFY_A_TIME]),
				 nla_get_u32(tb[S2H_VERIFY_A_DURATION_MS]));
	if (err == -EBUSY)
		NL_SET_ERR_MSG(info->extack, "a dry run is running");
	else if (err == -EEXIST)
		NL_SET_ERR_MSG(info->extack, "a dry run ran or was restored since the load");
	return err;
}

/* NL_SET_ERR_MSG() keeps a literal: one each. */
static void s2h_nl_wake_test_refused(struct genl_info *info, enum s2h_wake_test_refusal why)
{
	switch (why) {
	case S2H_REFUSED_PREFLIGHT:
		NL_SET_ERR_MSG(info->extack,
			       "a pre-flight check failed: s2hctl check says which and what to do");
		break;
	case S2H_REFUSED_TEST_RUNNING:
		NL_SET_ERR_MSG(info->extack, "a wake test is already running");
		break;
	case S2H_REFUSED_VERIFY_RUNNING:
		NL_SET_ERR_MSG(info->extack, "a dry run of hibernation is running");
		break;
	case S2H_REFUSED_CYCLE:
		NL_SET_ERR_MSG(info->extack, "a suspend cycle is going on: try again after it");
		break;
	case S2H_REFUSED_UNLOADING:
		NL_SET_ERR_MSG(info->extack, "s2h is being unloaded");
		break;
	}
}

static int s2h_nl_wake_test(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *sec = info->attrs[S2H_A_WAKE_TEST_SEC];
	enum s2h_wake_test_refusal why;
	int err;

	err = s2h_nl_may_change(skb, info);
	if (err)
		return err;
	err = s2h_wake_test_start(sec ? nla_get_u32(sec) : S2H_WAKE_TEST_DEFAULT_SEC, &why);
	if (err)
		s2h_nl_wake_test_refused(info, why);
	return err;
}

static int s2h_nl_wake_test_restore(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *tb[S2H_WAKE_TEST_A_MAX + 1];
	struct s2h_wake_test_status w = { .hw_sleep_us = S2H_HW_SLEEP_UNKNOWN };
	int err;

	err = s2h_nl_may_change(skb, info);
	if (err)
		return err;
	if (!info->attrs[S2H_A_WAKE_TEST]) {
		NL_SET_ERR_MSG(info->extack, "wake-test is needed");
		return -EINVAL;
	}
	err = nla_parse_nested(tb, S2H_WAKE_TEST_A_MAX, info->attrs[S2H_A_WAKE_TEST],
			       s2h_restore_wake_test_attrs, info->extack);
	if (err)
		return err;
	if (!tb[S2H_WAKE_TEST_A_TIME] || !tb[S2H_WAKE_TEST_A_ALARM_SEC] ||
	    !tb[S2H_WAKE_TEST_A_OFFSET_MS] || !tb[S2H_WAKE_TEST_A_MEM_SLEEP]) {
		NL_SET_ERR_MSG(info->extack,
			       "wake-test needs time, alarm-sec, offset-ms and mem-sleep");
		return -EINVAL;
	}
	w.time = nla_get_u64(tb[S2H_WAKE_TEST_A_TIME]);
	w.alarm_sec = nla_get_u32(tb[S2H_WAKE_TEST_A_ALARM_SEC]);
	w.offset_ms = nla_get_s64(tb[S2H_WAKE_TEST_A_OFFSET_MS]);
	w.mem_sleep = nla_get_u32(tb[S2H_WAKE_TEST_A_MEM_SLEEP]);
	if (tb[S2H_WAKE_TEST_A_HW_SLEEP_US])
		w.hw_sleep_us = nla_get_s64(tb[S2H_WAKE_TEST_A_HW_SLEEP_US]);
	if (tb[S2H_WAKE_TEST_A_WAKE_SOURCE])
		nla_strscpy(w.wake_source, tb[S2H_WAKE_TEST_A_WAKE_SOURCE], sizeof(w.wake_source));
	err = s2h_wake_test_restore(&w);
	if (err == -EBUSY)
		NL_SET_ERR_MSG(info->extack, "a wake test is running");
	else if (err == -EEXIST)
		NL_SET_ERR_MSG(info->extack, "a wake test ran or was restored since the load");
	return err;
}

/*
 * HISTORY_GET is a dump, the others one message each. S2H_CMD_EVENT_NTF has
 * no handler, so a request for it fails with EOPNOTSUPP.
 */
static const struct genl_ops s2h_nl_ops[] = {
	{
		.cmd = S2H_CMD_GET,
		.doit = s2h_nl_get,
		.policy = s2h_get_policy,
		.maxattr = S2H_A_MAX,
	},
	{
		.cmd = S2H_CMD_SET,
		.doit = s2h_nl_set,
		.policy = s2h_set_policy,
		.maxattr = S2H_A_MAX,
	},
	{
		.cmd = S2H_CMD_VERIFY,
		.doit = s2h_nl_verify,
		.policy = s2h_no_attrs_policy,
		.maxattr = S2H_A_MAX,
	},
	{
		.cmd = S2H_CMD_VERIFY_RESTORE,
		.doit = s2h_nl_verify_restore,
		.policy = s2h_restore_policy,
		.maxattr = S2H_A_MAX,
	},
	{
		.cmd = S2H_CMD_HISTORY_GET,
		.dumpit = s2h_nl_history_dump,
		.policy = s2h_no_attrs_policy,
		.maxattr = S2H_A_MAX,
	},
	{
		.cmd = S2H_CMD_WAKE_TEST,
		.doit = s2h_nl_wake_test,
		.policy = s2h_wake_test_policy,
		.maxattr = S2H_A_MAX,
	},
	{
		.cmd = S2H_CMD_WAKE_TEST_RESTORE,
		.doit = s2h_nl_wake_test_restore,
		.policy = s2h_wake_test_restore_policy,
		.maxattr = S2H_A_MAX,
	},
};

enum s2h_nl_mcgrp {
	S2H_NL_MCGRP_EVENTS,
};

/*
 * No capability to join: an event says what GET and /sys/power/s2h tell
 * anyone, and a desktop's monitor runs unprivileged.
 */
static const struct genl_multicast_group s2h_nl_mcgrps[] = {
	[S2H_NL_MCGRP_EVENTS] = { .name = S2H_GENL_MCGRP_EVENTS },
};

/*
 * parallel_ops: genetlink's global mutex is not taken around the handlers,
 * so that a GET, whose pre-flight checks read files, holds up no other
 * family. The handlers need no more than s2h's own locks: cycle.c's
 * config_lock orders changes (and their events), its lock guards the state,
 * and s2h_nl_get_cache's lock, taken alone, the GET's kept attributes.
 */
static struct genl_family s2h_nl_family __ro_after_init = {
	.name = S2H_GENL_NAME,
	.version = S2H_GENL_VERSION,
	.module = THIS_MODULE,
	.parallel_ops = true,
	.ops = s2h_nl_ops,
	.n_ops = ARRAY_SIZE(s2h_nl_ops),
	.mcgrps = s2h_nl_mcgrps,
	.n_mcgrps = ARRAY_SIZE(s2h_nl_mcgrps),
};

static int s2h_nl_event_fill(struct sk_buff *msg, enum s2h_event event,
			     const struct s2h_event_info *info)
{
	if (nla_put_u32(msg, S2H_A_EVENT, event))
		return -EMSGSIZE;
	switch (event) {
	case S2H_EVENT_ARMED:
	case S2H_EVENT_HIBERNATE_RETRY:
		return nla_put_u32(msg, S2H_A_DELAY_SEC, info->delay_sec);
	case S2H_EVENT_HIBERNATE_RESULT:
	case S2H_EVENT_SLEEP_FAILED:
		return nla_put_s32(msg, S2H_A_ERROR, info->error);
	case S2H_EVENT_CONFIG:
		return s2h_nl_put_settings(msg, &info->config);
	case S2H_EVENT_NOT_ARMED:
		return nla_put_u32(msg, S2H_A_CHECKS_FAILED, info->checks_failed);
	case S2H_EVENT_SLEEP_AGAIN:
	case S2H_EVENT_POWER_OFF:
		return nla_put_s32(msg, S2H_A_BATTERY, info->battery);
	case S2H_EVENT_VERIFY_RESULT:
		return s2h_nl_put_verified(msg, &info->verify);
	case S2H_EVENT_WAKE_TEST_RESULT:
		return s2h_nl_put_wake_test(msg, info->wake_test);
	case S2H_EVENT_HANDOFF:
		if (nla_put_u32(msg, S2H_A_HANDOFF_SEC, info->config.handoff_sec))
			return -EMSGSIZE;
		return nla_put_u32(msg, S2H_A_HIBERNATE_MODE, info->config.hibernate_mode);
	case S2H_EVENT_SETTLE:
		return nla_put_u32(msg, S2H_A_SETTLE_SEC, info->config.settle_sec);
	default:
		return 0;
	}
}

static void s2h_nl_event_send(enum s2h_event event, const struct s2h_event_info *info)
{
	struct sk_buff *msg;
	void *hdr;

	if (!genl_has_listeners(&s2h_nl_family, &init_net, S2H_NL_MCGRP_EVENTS))
		return;
	msg = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return;
	hdr = genlmsg_put(msg, 0, 0, &s2h_nl_family, 0, S2H_CMD_EVENT_NTF);
	if (!hdr || WARN_ON_ONCE(s2h_nl_event_fill(msg, event, info))) {
		nlmsg_free(msg);
		return;
	}
	genlmsg_end(msg, hdr);
	/* Fails only when nobody listens any more: nothing to do about it. */
	genlmsg_multicast(&s2h_nl_family, msg, 0, S2H_NL_MCGRP_EVENTS, GFP_KERNEL);
}

int s2h_nl_init(void)
{
	int err;

	err = s2h_nl_get_cache_init();
	if (err)
		return err;
	err = genl_register_family(&s2h_nl_family);
	if (err) {
		s2h_nl_get_cache_exit();
		return err;
	}
	s2h_event_listen(s2h_nl_event_send);
	return 0;
}

/*
 * No event may be sent through a family that is gone: the listener goes
 * first. genl_unregister_family() then waits for the handlers still
 * running, which hold genetlink's cb_lock for reading, parallel_ops or not.
 */
void s2h_nl_exit(void)
{
	s2h_event_listen(NULL);
	genl_unregister_family(&s2h_nl_family);
	s2h_nl_get_cache_exit();
}

/*
 * No MODULE_ALIAS_GENL_FAMILY(): a reader (s2hctl show, as any user) must
 * not load s2h, which then arms every suspend. modules-load.d or root's
 * modprobe loads it.
 */
