// SPDX-License-Identifier: GPL-2.0
/*
 * The generic netlink family "s2h": GET, SET and the "events" group.
 * include/uapi/linux/s2h.h defines it, Documentation/netlink/specs/s2h.yaml
 * describes it. Every attribute is checked by a policy before a handler
 * runs, so a SET either applies whole or is refused whole.
 */
#include <linux/bits.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <net/genetlink.h>
#include <net/netlink.h>

#include "netlink.h"
#include "s2h.h"

/* Not const: 6.1's nla_policy points at it without a const qualifier. */
static struct netlink_range_validation s2h_delay_range = {
	.min = S2H_DELAY_MIN_SEC,
	.max = S2H_DELAY_MAX_SEC,
};

/* Strict validation refuses any attribute the policy gives no type. */
static const struct nla_policy s2h_get_policy[S2H_A_MAX + 1] = {};

static const struct nla_policy s2h_set_policy[S2H_A_MAX + 1] = {
	[S2H_A_ENABLED] = NLA_POLICY_MAX(NLA_U8, 1),
	[S2H_A_DELAY_SEC] = NLA_POLICY_FULL_RANGE(NLA_U32, &s2h_delay_range),
	[S2H_A_STATE] = { .type = NLA_REJECT, .reject_message = "state is read-only" },
	[S2H_A_LAST_WAKE] = { .type = NLA_REJECT, .reject_message = "last-wake is read-only" },
	[S2H_A_STATS] = { .type = NLA_REJECT, .reject_message = "stats are read-only" },
	[S2H_A_EVENT] = { .type = NLA_REJECT, .reject_message = "event is sent, never set" },
	[S2H_A_ERROR] = { .type = NLA_REJECT, .reject_message = "error is sent, never set" },
};

/* Which attributes each event carries besides S2H_A_EVENT. */
static const unsigned long s2h_event_attrs[__S2H_EVENT_MAX] = {
	[S2H_EVENT_ARMED] = BIT(S2H_A_DELAY_SEC),
	[S2H_EVENT_HIBERNATE_RESULT] = BIT(S2H_A_ERROR),
	[S2H_EVENT_CONFIG] = BIT(S2H_A_ENABLED) | BIT(S2H_A_DELAY_SEC),
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
};

#define S2H_NL_FIRST_STAT	S2H_STATS_A_SUSPENDS
static_assert(S2H_STATS_A_MAX - S2H_NL_FIRST_STAT + 1 == __S2H_STAT_MAX);

static struct genl_family s2h_nl_family;

/*
 * Protects s2h_nl_live, and is held while an event is sent, so that no
 * event is in flight once s2h_nl_exit() has cleared it. Never held across
 * genl_unregister_family(): SET handlers, which run under genetlink's own
 * lock, send events.
 */
static DEFINE_MUTEX(s2h_nl_lock);
static bool s2h_nl_live;

static size_t s2h_nl_status_size(void)
{
	return nla_total_size(sizeof(u8)) +			/* enabled */
	       3 * nla_total_size(sizeof(u32)) +		/* delay, state, last wake */
	       nla_total_size(0) +				/* stats nest */
	       __S2H_STAT_MAX * nla_total_size_64bit(sizeof(u64));
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

static int s2h_nl_put_status(struct sk_buff *msg, const struct s2h_status *st)
{
	if (nla_put_u8(msg, S2H_A_ENABLED, st->config.enabled) ||
	    nla_put_u32(msg, S2H_A_DELAY_SEC, st->config.delay_sec) ||
	    nla_put_u32(msg, S2H_A_STATE, st->state) ||
	    nla_put_u32(msg, S2H_A_LAST_WAKE, st->last_wake))
		return -EMSGSIZE;
	return s2h_nl_put_stats(msg, st->stats);
}

static int s2h_nl_get(struct sk_buff *skb, struct genl_info *info)
{
	struct s2h_status st;
	struct sk_buff *msg;
	void *hdr;
	int err;

	s2h_status_read(&st);
	msg = genlmsg_new(s2h_nl_status_size(), GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &s2h_nl_family, 0, S2H_CMD_GET);
	if (!hdr) {
		err = -EMSGSIZE;
		goto err_free;
	}
	err = s2h_nl_put_status(msg, &st);
	if (WARN_ON_ONCE(err))
		goto err_free;
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

err_free:
	nlmsg_free(msg);
	return err;
}

static int s2h_nl_set(struct sk_buff *skb, struct genl_info *info)
{
	struct s2h_config_change change = {};
	struct nlattr **attrs = info->attrs;

	if (attrs[S2H_A_ENABLED]) {
		change.mask |= S2H_CONFIG_ENABLED;
		change.val.enabled = nla_get_u8(attrs[S2H_A_ENABLED]);
	}
	if (attrs[S2H_A_DELAY_SEC]) {
		change.mask |= S2H_CONFIG_DELAY;
		change.val.delay_sec = nla_get_u32(attrs[S2H_A_DELAY_SEC]);
	}
	if (!change.mask) {
		NL_SET_ERR_MSG(info->extack, "nothing to set: give enabled or delay-sec");
		return -EINVAL;
	}
	s2h_config_update(&change);
	return 0;
}

/*
 * No dumpit: every reply is one message. S2H_CMD_EVENT has no handler, so
 * a request for it fails with EOPNOTSUPP.
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
		.flags = GENL_ADMIN_PERM,
	},
};

enum s2h_nl_mcgrp {
	S2H_NL_MCGRP_EVENTS,
};

static const struct genl_multicast_group s2h_nl_mcgrps[] = {
	[S2H_NL_MCGRP_EVENTS] = { .name = S2H_GENL_MCGRP_EVENTS },
};

static struct genl_family s2h_nl_family __ro_after_init = {
	.name = S2H_GENL_NAME,
	.version = S2H_GENL_VERSION,
	.module = THIS_MODULE,
	.ops = s2h_nl_ops,
	.n_ops = ARRAY_SIZE(s2h_nl_ops),
	.mcgrps = s2h_nl_mcgrps,
	.n_mcgrps = ARRAY_SIZE(s2h_nl_mcgrps),
};

/* Room for every attribute an event may carry, whichever it is. */
#define S2H_NL_EVENT_SIZE	(nla_total_size(sizeof(u8)) + 3 * nla_total_size(sizeof(u32)))

static int s2h_nl_event_fill(struct sk_buff *msg, enum s2h_event event,
			     const struct s2h_event_info *info)
{
	unsigned long attrs = s2h_event_attrs[event];

	if (nla_put_u32(msg, S2H_A_EVENT, event))
		return -EMSGSIZE;
	if ((attrs & BIT(S2H_A_ENABLED)) && nla_put_u8(msg, S2H_A_ENABLED, info->enabled))
		return -EMSGSIZE;
	if ((attrs & BIT(S2H_A_DELAY_SEC)) && nla_put_u32(msg, S2H_A_DELAY_SEC, info->delay_sec))
		return -EMSGSIZE;
	if ((attrs & BIT(S2H_A_ERROR)) && nla_put_s32(msg, S2H_A_ERROR, info->error))
		return -EMSGSIZE;
	return 0;
}

static void s2h_nl_event_send(enum s2h_event event, const struct s2h_event_info *info)
{
	struct sk_buff *msg;
	void *hdr;

	if (!genl_has_listeners(&s2h_nl_family, &init_net, S2H_NL_MCGRP_EVENTS))
		return;
	msg = genlmsg_new(S2H_NL_EVENT_SIZE, GFP_KERNEL);
	if (!msg)
		return;
	hdr = genlmsg_put(msg, 0, 0, &s2h_nl_family, 0, S2H_CMD_EVENT);
	if (!hdr || WARN_ON_ONCE(s2h_nl_event_fill(msg, event, info))) {
		nlmsg_free(msg);
		return;
	}
	genlmsg_end(msg, hdr);
	/* Fails only when nobody listens any more: nothing to do about it. */
	genlmsg_multicast(&s2h_nl_family, msg, 0, S2H_NL_MCGRP_EVENTS, GFP_KERNEL);
}

void s2h_nl_event(enum s2h_event event, const struct s2h_event_info *info)
{
	static const struct s2h_event_info none;

	if (WARN_ON_ONCE(event >= __S2H_EVENT_MAX))
		return;
	mutex_lock(&s2h_nl_lock);
	if (s2h_nl_live)
		s2h_nl_event_send(event, info ? info : &none);
	mutex_unlock(&s2h_nl_lock);
}

int s2h_nl_init(void)
{
	int err;

	err = genl_register_family(&s2h_nl_family);
	if (err)
		return err;
	mutex_lock(&s2h_nl_lock);
	s2h_nl_live = true;
	mutex_unlock(&s2h_nl_lock);
	return 0;
}

void s2h_nl_exit(void)
{
	mutex_lock(&s2h_nl_lock);
	s2h_nl_live = false;
	mutex_unlock(&s2h_nl_lock);
	genl_unregister_family(&s2h_nl_family);
}

MODULE_ALIAS_GENL_FAMILY(S2H_GENL_NAME);
