// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <poll.h>
#include <sys/socket.h>
#include <time.h>
#include <linux/netlink.h>

#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/netlink.h>

#include "absent.h"
#include "array.h"
#include "names.h"
#include "nl.h"

/* What came back for one request: its reply, its ack or its error. */
struct reply {
	bool done;
	int error;			/* the kernel's negative errno, or 0 */
	char msg[256];			/* the kernel's extended ack message */
	unsigned int bad_attr;		/* the attribute it pointed at, or 0 */
	bool has_range;
	uint64_t min, max;		/* the bad attribute's allowed values */
	int (*parse)(struct nlattr **tb, void *arg);
	void *arg;
};

static void fail(const char *what, int nlerr)
{
	fprintf(stderr, "s2hctl: %s: %s\n", what, nl_geterror(nlerr));
}

/* Without the module, exit status EXIT_ABSENT with nothing said: the caller says it. */
int conn_try(struct conn *c)
{
	int one = 1, err;

	c->sk = nl_socket_alloc();
	if (!c->sk) {
		fprintf(stderr, "s2hctl: out of memory\n");
		return 1;
	}
	err = genl_connect(c->sk);
	if (err) {
		fail("cannot open a generic netlink socket", err);
		goto err_free;
	}
	/* Without it the kernel's words for a refused value are lost. */
	setsockopt(nl_socket_get_fd(c->sk), SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	c->family = genl_ctrl_resolve(c->sk, family_name());
	if (c->family == -NLE_OBJ_NOTFOUND) {
		nl_socket_free(c->sk);
		c->sk = NULL;
		return EXIT_ABSENT;
	}
	if (c->family < 0) {
		fail("cannot look up the s2h netlink family", c->family);
		goto err_free;
	}
	return 0;

err_free:
	nl_socket_free(c->sk);
	c->sk = NULL;
	return 1;
}

int conn_open(struct conn *c)
{
	int ret = conn_try(c);

	if (ret == EXIT_ABSENT)
		print_absent();
	return ret;
}

void conn_close(struct conn *c)
{
	nl_socket_free(c->sk);
	c->sk = NULL;
}

/* The policy the kernel sent along: the allowed range, when it has one. */
static void ack_policy(struct reply *r, struct nlattr *policy)
{
	struct nlattr *tb[NL_POLICY_TYPE_ATTR_MAX + 1];

	if (nla_parse_nested(tb, NL_POLICY_TYPE_ATTR_MAX, policy, NULL) ||
	    !tb[NL_POLICY_TYPE_ATTR_MIN_VALUE_U] || !tb[NL_POLICY_TYPE_ATTR_MAX_VALUE_U])
		return;
	r->has_range = true;
	r->min = nla_get_u64(tb[NL_POLICY_TYPE_ATTR_MIN_VALUE_U]);
	r->max = nla_get_u64(tb[NL_POLICY_TYPE_ATTR_MAX_VALUE_U]);
}

/* The extended ack follows the error, after the echoed request unless capped. */
static void ack_tlvs(struct reply *r, struct nlmsgerr *e)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)((char *)e - NLMSG_HDRLEN);
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	size_t skip = sizeof(*e);
	uint32_t offs;

	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return;
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		skip += e->msg.nlmsg_len - NLMSG_HDRLEN;
	if (nlh->nlmsg_len < NLMSG_HDRLEN + skip ||
	    nla_parse(tb, NLMSGERR_ATTR_MAX, (struct nlattr *)((char *)e + skip),
		      (int)(nlh->nlmsg_len - NLMSG_HDRLEN - skip), NULL))
		return;
	if (tb[NLMSGERR_ATTR_MSG])
		nla_strlcpy(r->msg, tb[NLMSGERR_ATTR_MSG], sizeof(r->msg));
	if (tb[NLMSGERR_ATTR_POLICY])
		ack_policy(r, tb[NLMSGERR_ATTR_POLICY]);
	if (!tb[NLMSGERR_ATTR_OFFS] || (nlh->nlmsg_flags & NLM_F_CAPPED))
		return;
	offs = nla_get_u32(tb[NLMSGERR_ATTR_OFFS]);
	if (offs + sizeof(struct nlattr) <= e->msg.nlmsg_len)
		r->bad_attr = nla_type((struct nlattr *)((char *)&e->msg + offs));
}

static int on_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	struct reply *r = arg;

	(void)who;
	r->error = e->error;
	ack_tlvs(r, e);
	r->done = true;
	return NL_STOP;
}

static int on_ack(struct nl_msg *msg, void *arg)
{
	struct reply *r = arg;

	(void)msg;
	r->done = true;
	return NL_STOP;
}

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct reply *r = arg;
	struct nlattr *tb[S2H_A_MAX + 1];

	if (!r->parse || genlmsg_parse(nlmsg_hdr(msg), 0, tb, S2H_A_MAX, NULL))
		return NL_SKIP;
	if (r->parse(tb, r->arg))
		r->error = -EPROTO;
	return NL_OK;
}

/* Send @msg (consumed) and wait for its ack or error, parsing any reply. */
static int transact(struct conn *c, struct nl_msg *msg, struct reply *r)
{
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);
	int err = -NLE_NOMEM;

	if (!cb)
		goto out;
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, on_valid, r);
	nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, on_ack, r);
	/* A dump ends with NLMSG_DONE, not an ack. */
	nl_cb_set(cb, NL_CB_FINISH, NL_CB_CUSTOM, on_ack, r);
	nl_cb_err(cb, NL_CB_CUSTOM, on_error, r);
	err = nl_send_auto(c->sk, msg);
	while (err >= 0 && !r->done)
		err = nl_recvmsgs(c->sk, cb);
	nl_cb_put(cb);
out:
	nlmsg_free(msg);
	/* An error callback's NL_STOP comes back as an error: r says more. */
	return r->done ? 0 : err;
}

/* @flags: NLM_F_DUMP for a dump, else 0. */
static struct nl_msg *request_flags(struct conn *c, uint8_t cmd, int flags)
{
	struct nl_msg *msg = nlmsg_alloc();

	if (msg && !genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, c->family, 0, flags, cmd,
				S2H_GENL_VERSION)) {
		nlmsg_free(msg);
		msg = NULL;
	}
	if (!msg)
		fprintf(stderr, "s2hctl: out of memory\n");
	return msg;
}

static struct nl_msg *request(struct conn *c, uint8_t cmd)
{
	return request_flags(c, cmd, 0);
}

/* One line for what the kernel refused, in its own words. */
static int report(const struct reply *r, const char *doing)
{
	if (r->error == -EPERM) {
		fprintf(stderr, "s2hctl: %s needs CAP_SYS_ADMIN (run it as root)\n", doing);
		return 1;
	}
	if (!r->msg[0]) {
		fprintf(stderr, "s2hctl: %s failed: %s\n", doing, strerror(-r->error));
		return 1;
	}
	fprintf(stderr, "s2hctl: kernel rejected ");
	if (r->bad_attr)
		fprintf(stderr, "%s: ", attr_name(r->bad_attr));
	fprintf(stderr, "%s", r->msg);
	if (r->has_range)
		fprintf(stderr, " (allowed: %llu..%llu)", (unsigned long long)r->min,
			(unsigned long long)r->max);
	fprintf(stderr, "\n");
	return 1;
}

/* What transact() returned @err and filled @r with, as the exit status; said when it failed. */
static int conclude(const struct reply *r, int err, const char *doing)
{
	if (err < 0) {
		fail(doing, err);
		return 1;
	}
	return r->error ? report(r, doing) : 0;
}

static int finish(struct conn *c, struct nl_msg *msg, struct reply *r, const char *doing)
{
	if (!msg)
		return 1;
	return conclude(r, transact(c, msg, r), doing);
}

static int parse_stats(struct nlattr *nest, struct status *st)
{
	struct nlattr *tb[S2H_STATS_A_MAX + 1];
	int i;

	if (nla_parse_nested(tb, S2H_STATS_A_MAX, nest, NULL))
		return -1;
	for (i = 0; i <= S2H_STATS_A_MAX; i++) {
		if (!stat_names[i] || !tb[i])
			continue;
		st->stats[i] = nla_get_u64(tb[i]);
		st->has_stat[i] = true;
	}
	return 0;
}

/* The settings among @tb, into @set: every one a u32. */
static void parse_settings(struct nlattr **tb, struct settings *set)
{
	size_t i;

	for (i = 0; i < N_SETTINGS; i++) {
		struct nlattr *a = tb[setting_descs[i].attr];

		if (!a)
			continue;
		set->has |= SETTING_BIT(i);
		set->val[i] = nla_get_u32(a);
	}
}

static int parse_verified(struct nlattr *nest, struct verify_status *v)
{
	struct nlattr *tb[S2H_VERIFY_A_MAX + 1];

	if (nla_parse_nested(tb, S2H_VERIFY_A_MAX, nest, NULL) || !tb[S2H_VERIFY_A_RESULT] ||
	    !tb[S2H_VERIFY_A_TIME] || !tb[S2H_VERIFY_A_DURATION_MS] || !tb[S2H_VERIFY_A_ERROR])
		return -1;
	v->result = nla_get_u32(tb[S2H_VERIFY_A_RESULT]);
	v->time = nla_get_u64(tb[S2H_VERIFY_A_TIME]);
	v->duration_ms = nla_get_u32(tb[S2H_VERIFY_A_DURATION_MS]);
	v->error = (int32_t)nla_get_u32(tb[S2H_VERIFY_A_ERROR]);
	v->restored = tb[S2H_VERIFY_A_RESTORED] && nla_get_u32(tb[S2H_VERIFY_A_RESTORED]);
	return 0;
}

static int parse_wake_test(struct nlattr *nest, struct wake_test_status *w)
{
	struct nlattr *tb[S2H_WAKE_TEST_A_MAX + 1];

	if (nla_parse_nested(tb, S2H_WAKE_TEST_A_MAX, nest, NULL) ||
	    !tb[S2H_WAKE_TEST_A_RESULT] || !tb[S2H_WAKE_TEST_A_REASON] ||
	    !tb[S2H_WAKE_TEST_A_TIME] || !tb[S2H_WAKE_TEST_A_ALARM_SEC] ||
	    !tb[S2H_WAKE_TEST_A_OFFSET_MS] || !tb[S2H_WAKE_TEST_A_HW_SLEEP_US] ||
	    !tb[S2H_WAKE_TEST_A_MEM_SLEEP] || !tb[S2H_WAKE_TEST_A_ERROR])
		return -1;
	memset(w, 0, sizeof(*w));
	w->result = nla_get_u32(tb[S2H_WAKE_TEST_A_RESULT]);
	w->reason = nla_get_u32(tb[S2H_WAKE_TEST_A_REASON]);
	w->time = nla_get_u64(tb[S2H_WAKE_TEST_A_TIME]);
	w->alarm_sec = nla_get_u32(tb[S2H_WAKE_TEST_A_ALARM_SEC]);
	w->offset_ms = (int64_t)nla_get_u64(tb[S2H_WAKE_TEST_A_OFFSET_MS]);
	w->hw_sleep_us = (int64_t)nla_get_u64(tb[S2H_WAKE_TEST_A_HW_SLEEP_US]);
	w->mem_sleep = nla_get_u32(tb[S2H_WAKE_TEST_A_MEM_SLEEP]);
	w->error = (int32_t)nla_get_u32(tb[S2H_WAKE_TEST_A_ERROR]);
	w->restored = tb[S2H_WAKE_TEST_A_RESTORED] && nla_get_u32(tb[S2H_WAKE_TEST_A_RESTORED]);
	if (tb[S2H_WAKE_TEST_A_WAKE_SOURCE])
		nla_strlcpy(w->wake_source, tb[S2H_WAKE_TEST_A_WAKE_SOURCE],
			    sizeof(w->wake_source));
	return 0;
}

/* A module without a history sends none of them: 0. */
static uint64_t get_u64_or_0(struct nlattr *a)
{
	return a ? nla_get_u64(a) : 0;
}

/* An energy figure; a module older than them sends none: unknown. */
static int64_t get_energy(struct nlattr *a)
{
	return a ? (int64_t)nla_get_u64(a) : ENERGY_UNKNOWN;
}

/* battery-wakes and energy-wakes, one attribute a wake each, in order. */
static void parse_battery_wakes(struct nlattr *nest, struct last_cycle *l)
{
	struct nlattr *a;
	int rem;

	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) == S2H_LAST_A_BATTERY_WAKES &&
		    l->n_battery_wakes < S2H_CYCLE_WAKES_MAX)
			l->battery_wakes[l->n_battery_wakes++] = (int32_t)nla_get_u32(a);
		if (nla_type(a) == S2H_LAST_A_ENERGY_WAKES &&
		    l->n_energy_wakes < S2H_CYCLE_WAKES_MAX)
			l->energy_wakes[l->n_energy_wakes++] = (int64_t)nla_get_u64(a);
	}
}

static int parse_last_cycle(struct nlattr *nest, struct last_cycle *l)
{
	struct nlattr *tb[S2H_LAST_A_MAX + 1];
	int i;

	memset(l, 0, sizeof(*l));
	if (nla_parse_nested(tb, S2H_LAST_A_MAX, nest, NULL))
		return -1;
	for (i = S2H_LAST_A_SUSPENDED_AT; i <= S2H_LAST_A_OTHER_WAKES; i++)
		if (!tb[i])
			return -1;
	l->suspended_at = nla_get_u64(tb[S2H_LAST_A_SUSPENDED_AT]);
	l->woke_at = nla_get_u64(tb[S2H_LAST_A_WOKE_AT]);
	l->wake = nla_get_u32(tb[S2H_LAST_A_WAKE]);
	l->decision = nla_get_u32(tb[S2H_LAST_A_DECISION]);
	l->result = (int32_t)nla_get_u32(tb[S2H_LAST_A_RESULT]);
	l->battery_start = (int32_t)nla_get_u32(tb[S2H_LAST_A_BATTERY_START]);
	l->battery_wake = (int32_t)nla_get_u32(tb[S2H_LAST_A_BATTERY_WAKE]);
	l->on_ac = nla_get_u32(tb[S2H_LAST_A_ON_AC]);
	l->dark_wakes = nla_get_u32(tb[S2H_LAST_A_DARK_WAKES]);
	l->other_wakes = nla_get_u32(tb[S2H_LAST_A_OTHER_WAKES]);
	l->wake_irq = nla_get_u32(tb[S2H_LAST_A_WAKE_IRQ]);
	l->hw_sleep_us = (int64_t)nla_get_u64(tb[S2H_LAST_A_HW_SLEEP_US]);
	snprintf(l->wake_source, sizeof(l->wake_source), "%s",
		 nla_get_string(tb[S2H_LAST_A_WAKE_SOURCE]));
	if (tb[S2H_LAST_A_UNDONE_BY])
		snprintf(l->undone_by, sizeof(l->undone_by), "%s",
			 nla_get_string(tb[S2H_LAST_A_UNDONE_BY]));
	l->seq = get_u64_or_0(tb[S2H_LAST_A_SEQ]);
	l->wakes = tb[S2H_LAST_A_WAKES] ? nla_get_u32(tb[S2H_LAST_A_WAKES]) : 0;
	parse_battery_wakes(nest, l);
	l->state_ms[S2H_STATE_IDLE] = get_u64_or_0(tb[S2H_LAST_A_IDLE_MS]);
	l->state_ms[S2H_STATE_ARMED] = get_u64_or_0(tb[S2H_LAST_A_ARMED_MS]);
	l->state_ms[S2H_STATE_HIBERNATING] = get_u64_or_0(tb[S2H_LAST_A_HIBERNATING_MS]);
	l->state_ms[S2H_STATE_RESUMING] = get_u64_or_0(tb[S2H_LAST_A_RESUMING_MS]);
	l->state_ms[S2H_STATE_SETTLING] = get_u64_or_0(tb[S2H_LAST_A_SETTLING_MS]);
	l->energy_start = get_energy(tb[S2H_LAST_A_ENERGY_START]);
	l->energy_wake = get_energy(tb[S2H_LAST_A_ENERGY_WAKE]);
	l->energy_resume = get_energy(tb[S2H_LAST_A_ENERGY_RESUME]);
	l->energy_full = get_energy(tb[S2H_LAST_A_ENERGY_FULL]);
	l->dark_ms = get_u64_or_0(tb[S2H_LAST_A_DARK_MS]);
	l->energy_dark = get_energy(tb[S2H_LAST_A_ENERGY_DARK]);
	return 0;
}

static int parse_status(struct nlattr **tb, void *arg)
{
	static const unsigned int needed[] = {
		S2H_A_STATE, S2H_A_LAST_WAKE, S2H_A_VERIFIED, S2H_A_LAST_CYCLE, S2H_A_STATS,
		S2H_A_HW_SLEEP_AVAILABLE,
	};
	struct status *st = arg;
	struct settings set = {};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(needed); i++)
		if (!tb[needed[i]])
			return -1;
	parse_settings(tb, &set);
	if (!set.has)
		return -1;
	st->has = set.has;
	if (st->has_checks) {
		if (!tb[S2H_A_CHECKS_FAILED] || !tb[S2H_A_SWAP_FREE_MB] || !tb[S2H_A_IMAGE_MB])
			return -1;
		st->checks_failed = nla_get_u32(tb[S2H_A_CHECKS_FAILED]);
		st->swap_free_mb = nla_get_u32(tb[S2H_A_SWAP_FREE_MB]);
		st->image_mb = nla_get_u32(tb[S2H_A_IMAGE_MB]);
		st->advice = tb[S2H_A_ADVICE] ? nla_get_u32(tb[S2H_A_ADVICE]) : 0;
	}
	memcpy(st->val, set.val, sizeof(st->val));
	st->state = nla_get_u32(tb[S2H_A_STATE]);
	st->last_wake = nla_get_u32(tb[S2H_A_LAST_WAKE]);
	st->hw_sleep_available = nla_get_u32(tb[S2H_A_HW_SLEEP_AVAILABLE]);
	if (parse_verified(tb[S2H_A_VERIFIED], &st->verify) ||
	    parse_last_cycle(tb[S2H_A_LAST_CYCLE], &st->last))
		return -1;
	st->has_wake_test = tb[S2H_A_WAKE_TEST] &&
			    !parse_wake_test(tb[S2H_A_WAKE_TEST], &st->wake_test);
	return parse_stats(tb[S2H_A_STATS], st);
}

static struct nl_msg *get_request(struct conn *c, bool checks)
{
	struct nl_msg *msg = request(c, S2H_CMD_GET);

	if (msg && checks && nla_put_flag(msg, S2H_A_CHECKS) < 0) {
		fprintf(stderr, "s2hctl: out of memory\n");
		nlmsg_free(msg);
		msg = NULL;
	}
	return msg;
}

/*
 * @checks: ask for the pre-flight checks too. A module from before the
 * checks flag refuses it, and runs them for every GET: asked again
 * without it (a module updated by DKMS stays loaded until the reboot).
 */
int nl_get(struct conn *c, struct status *st, bool checks)
{
	struct reply r = { .parse = parse_status, .arg = st };
	struct nl_msg *msg = get_request(c, checks);
	int err;

	memset(st, 0, sizeof(*st));
	st->has_checks = checks;
	if (!msg || !checks)
		return finish(c, msg, &r, "reading the settings");
	err = transact(c, msg, &r);
	if (err >= 0 && r.error == -EINVAL && r.bad_attr == S2H_A_CHECKS) {
		r = (struct reply) { .parse = parse_status, .arg = st };
		return finish(c, get_request(c, false), &r, "reading the settings");
	}
	return conclude(&r, err, "reading the settings");
}

struct history {
	cycle_fn fn;
	void *arg;
};

static int parse_history_cycle(struct nlattr **tb, void *arg)
{
	struct history *h = arg;
	struct last_cycle l;

	if (!tb[S2H_A_CYCLE] || parse_last_cycle(tb[S2H_A_CYCLE], &l))
		return -1;
	h->fn(&l, h->arg);
	return 0;
}

/* The cycles the module keeps, oldest first, each handed to @fn. */
int nl_history(struct conn *c, cycle_fn fn, void *arg)
{
	struct history h = { .fn = fn, .arg = arg };
	struct reply r = { .parse = parse_history_cycle, .arg = &h };

	return finish(c, request_flags(c, S2H_CMD_HISTORY_GET, NLM_F_DUMP), &r,
		      "reading the history");
}

int nl_set(struct conn *c, const struct settings *set)
{
	struct nl_msg *msg = request(c, S2H_CMD_SET);
	struct reply r = {};
	size_t i;
	int err = 0;

	for (i = 0; msg && i < N_SETTINGS && !err; i++)
		if (set->has & SETTING_BIT(i))
			err = nla_put_u32(msg, setting_descs[i].attr, set->val[i]);
	if (err) {
		nlmsg_free(msg);
		msg = NULL;
	}
	return finish(c, msg, &r, "changing the settings");
}

struct monitor {
	event_fn fn;
	void *arg;
};

static void parse_event(struct nlattr **tb, struct event *ev)
{
	ev->type = nla_get_u32(tb[S2H_A_EVENT]);
	parse_settings(tb, &ev->set);
	ev->has_error = tb[S2H_A_ERROR];
	if (ev->has_error)
		ev->error = (int32_t)nla_get_u32(tb[S2H_A_ERROR]);
	ev->has_checks = tb[S2H_A_CHECKS_FAILED];
	if (ev->has_checks)
		ev->checks_failed = nla_get_u32(tb[S2H_A_CHECKS_FAILED]);
	ev->has_battery = tb[S2H_A_BATTERY];
	if (ev->has_battery)
		ev->battery = (int32_t)nla_get_u32(tb[S2H_A_BATTERY]);
	ev->has_verify = tb[S2H_A_VERIFIED] && !parse_verified(tb[S2H_A_VERIFIED], &ev->verify);
	ev->has_wake_test = tb[S2H_A_WAKE_TEST] &&
			    !parse_wake_test(tb[S2H_A_WAKE_TEST], &ev->wake_test);
}

static int on_event(struct nl_msg *msg, void *arg)
{
	struct monitor *m = arg;
	struct nlattr *tb[S2H_A_MAX + 1];
	struct event ev = {};

	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, S2H_A_MAX, NULL) || !tb[S2H_A_EVENT])
		return NL_SKIP;
	parse_event(tb, &ev);
	m->fn(&ev, m->arg);
	return NL_OK;
}

static int join_events(struct conn *c, struct monitor *m)
{
	int grp, err;

	grp = genl_ctrl_resolve_grp(c->sk, family_name(), S2H_GENL_MCGRP_EVENTS);
	if (grp < 0) {
		fail("cannot look up the s2h events group", grp);
		return 1;
	}
	err = nl_socket_add_membership(c->sk, grp);
	if (err) {
		fail("cannot join the s2h events group", err);
		return 1;
	}
	nl_socket_disable_seq_check(c->sk);
	nl_socket_modify_cb(c->sk, NL_CB_VALID, NL_CB_CUSTOM, on_event, m);
	return 0;
}

/* Until a signal ends the process, or the socket fails for good. */
int nl_monitor(struct conn *c, event_fn fn, void *arg)
{
	struct monitor m = { .fn = fn, .arg = arg };
	int err;

	if (join_events(c, &m))
		return 1;
	for (;;) {
		err = nl_recvmsgs_default(c->sk);
		if (err == -NLE_NOMEM) {
			fprintf(stderr, "s2hctl: events were lost: the receive buffer overflowed\n");
			continue;
		}
		if (err < 0 && err != -NLE_INTR) {
			fail("receiving events", err);
			return 1;
		}
	}
}

/* A test's result event: its type, and the event once it came. */
struct result_wait {
	uint32_t type;
	bool done;
	struct event ev;
};

static void on_result_event(const struct event *ev, void *arg)
{
	struct result_wait *w = arg;

	if (ev->type != w->type || (!ev->has_verify && !ev->has_wake_test))
		return;
	w->ev = *ev;
	w->done = true;
}

/*
 * Send @msg, which starts a test (@what), and wait for its result event
 * @w->type. The events socket joins the group before the request goes out
 * on another socket, so that the result cannot come before anyone listens.
 */
static int start_and_wait(struct conn *c, struct nl_msg *msg, struct result_wait *w,
			  unsigned int timeout_sec, const char *what)
{
	struct monitor m = { .fn = on_result_event, .arg = w };
	char starting[64];
	struct conn events;
	struct reply r = {};
	struct pollfd pfd;
	time_t end;
	int ret;

	ret = conn_open(&events);
	if (ret) {
		nlmsg_free(msg);
		return ret;
	}
	snprintf(starting, sizeof(starting), "starting the %s", what);
	ret = join_events(&events, &m);
	if (!ret)
		ret = finish(c, msg, &r, starting);
	else
		nlmsg_free(msg);
	end = time(NULL) + (time_t)timeout_sec;
	pfd = (struct pollfd){ .fd = nl_socket_get_fd(events.sk), .events = POLLIN };
	/*
	 * Looked for before the clock: a test that suspends may come back
	 * long after @end, its result waiting on the socket.
	 */
	while (!ret && !w->done) {
		if (poll(&pfd, 1, 1000) > 0) {
			nl_recvmsgs_default(events.sk);
		} else if (time(NULL) >= end) {
			fprintf(stderr, "s2hctl: no result of the %s after %u s\n", what,
				timeout_sec);
			ret = 1;
		}
	}
	conn_close(&events);
	return ret;
}

/* Start a dry run and wait for its result. */
int nl_verify(struct conn *c, unsigned int timeout_sec, struct verify_status *v)
{
	struct result_wait w = { .type = S2H_EVENT_VERIFY_RESULT };
	struct nl_msg *msg = request(c, S2H_CMD_VERIFY);
	int ret;

	if (!msg)
		return 1;
	ret = start_and_wait(c, msg, &w, timeout_sec, "dry run");
	*v = w.ev.verify;
	return ret;
}

/* Start a wake test whose alarm is due after @delay_sec and wait for its result. */
int nl_wake_test(struct conn *c, uint32_t delay_sec, unsigned int timeout_sec,
		 struct wake_test_status *wt)
{
	struct result_wait w = { .type = S2H_EVENT_WAKE_TEST_RESULT };
	struct nl_msg *msg = request(c, S2H_CMD_WAKE_TEST);
	int ret;

	if (!msg)
		return 1;
	if (nla_put_u32(msg, S2H_A_WAKE_TEST_SEC, delay_sec)) {
		nlmsg_free(msg);
		fprintf(stderr, "s2hctl: out of memory\n");
		return 1;
	}
	ret = start_and_wait(c, msg, &w, timeout_sec, "wake test");
	*wt = w.ev.wake_test;
	return ret;
}

/*
 * A restore request whose nest @nest of @msg is filled, or not (@full
 * false: out of memory), sent: 0; -EEXIST when a test of the kind ran or
 * was restored since the load; 1 on any other error, said on stderr.
 */
static int restore_send(struct conn *c, struct nl_msg *msg, struct nlattr *nest, bool full,
			const char *what)
{
	struct reply r = {};
	int err;

	if (!nest || !full) {
		nlmsg_free(msg);
		fprintf(stderr, "s2hctl: out of memory\n");
		return 1;
	}
	nla_nest_end(msg, nest);
	err = transact(c, msg, &r);
	if (err < 0) {
		fail(what, err);
		return 1;
	}
	if (r.error == -EEXIST)
		return -EEXIST;
	return r.error ? report(&r, what) : 0;
}

/* Hand back a wake test that passed in an earlier boot; -EEXIST: one ran since load. */
int nl_wake_test_restore(struct conn *c, const struct wake_test_status *w)
{
	struct nl_msg *msg = request(c, S2H_CMD_WAKE_TEST_RESTORE);
	struct nlattr *nest;

	if (!msg)
		return 1;
	nest = nla_nest_start(msg, S2H_A_WAKE_TEST);
	return restore_send(c, msg, nest, nest &&
			    !nla_put_u64(msg, S2H_WAKE_TEST_A_TIME, w->time) &&
			    !nla_put_u32(msg, S2H_WAKE_TEST_A_ALARM_SEC, w->alarm_sec) &&
			    !nla_put_u64(msg, S2H_WAKE_TEST_A_OFFSET_MS, (uint64_t)w->offset_ms) &&
			    !nla_put_u32(msg, S2H_WAKE_TEST_A_MEM_SLEEP, w->mem_sleep) &&
			    !nla_put_u64(msg, S2H_WAKE_TEST_A_HW_SLEEP_US,
					 (uint64_t)w->hw_sleep_us) &&
			    !nla_put_string(msg, S2H_WAKE_TEST_A_WAKE_SOURCE, w->wake_source),
			    "restoring the wake test");
}

/* Hand back a dry run that passed in an earlier boot; -EEXIST: one ran since load. */
int nl_verify_restore(struct conn *c, uint64_t time, uint32_t duration_ms)
{
	struct nl_msg *msg = request(c, S2H_CMD_VERIFY_RESTORE);
	struct nlattr *nest;

	if (!msg)
		return 1;
	nest = nla_nest_start(msg, S2H_A_VERIFIED);
	return restore_send(c, msg, nest, nest &&
			    !nla_put_u64(msg, S2H_VERIFY_A_TIME, time) &&
			    !nla_put_u32(msg, S2H_VERIFY_A_DURATION_MS, duration_ms),
			    "restoring the dry run");
}
