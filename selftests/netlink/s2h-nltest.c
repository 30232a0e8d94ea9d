// SPDX-License-Identifier: GPL-2.0
/*
 * s2h-nltest: raw generic netlink against the s2h family, no libnl, for the
 * VM tests (built static: the initramfs has no libc).
 *
 *   s2h-nltest fuzz [N [SEED]]
 *                          malformed messages, then N random mutations of
 *                          valid ones (GET, SET, the history's dump):
 *                          each refused one leaves the settings
 *                          alone, each accepted one was valid and applied,
 *                          and a GET after each has the settings sysfs has;
 *                          the seed printed first, SEED replays that run
 *   s2h-nltest bench [N]   GET and SET round trips per second, next to
 *                          reading the same values from sysfs
 *   s2h-nltest refuse [N]  N SETs of one value just out of range each, in
 *                          turn for every setting: each refused, nothing
 *                          changed (a load for stress tests, no mutation)
 *
 * Prints "ok - ..." / "not ok - ..." / "# ..." lines; the guest test relays
 * them as TAP. A mutation that goes wrong is told at once, in a comment:
 * what a crash cuts short is still on the console. Exit status 1 when any
 * check failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/s2h.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define BUF_LEN		8192
#define SYSFS		"/sys/power/s2h/"
#define NO_REPLY	1	/* the kernel dropped the message without a word */

static int sock;
static uint16_t family;
static uint32_t seq = 1;
static int n_failed;

/* Room for a GET's reply too: every setting, counter and the last cycle. */
struct msg {
	unsigned char buf[4096];
	size_t len;
};

/* The settings, each a u32, as the policy bounds them: written out again, not shared. */
struct setting {
	const char *file;
	uint16_t attr;
	uint32_t min, max;
	const char * const *words;	/* sysfs shows the value as words[value] */
};

static const char * const policy_words[] = { "delay", "battery", NULL };
static const char * const mode_words[] = { "shutdown", "suspend", NULL };
static const char * const require_words[] = { "no", "hibernation", "wake", "both", NULL };

static const struct setting settings[] = {
	{ "enabled", S2H_A_ENABLED, 0, 1 },
	{ "delay_sec", S2H_A_DELAY_SEC, S2H_DELAY_MIN_SEC, S2H_DELAY_MAX_SEC },
	{ "hibernate_on_ac", S2H_A_HIBERNATE_ON_AC, 0, 1 },
	{ "battery_threshold", S2H_A_BATTERY_THRESHOLD, 0, S2H_BATTERY_THRESHOLD_MAX },
	{ "policy", S2H_A_POLICY, 0, 1, policy_words },
	{ "battery_check_sec", S2H_A_BATTERY_CHECK_SEC, S2H_BATTERY_CHECK_MIN_SEC,
	  S2H_BATTERY_CHECK_MAX_SEC },
	{ "retries", S2H_A_RETRIES, 0, S2H_RETRIES_MAX },
	{ "hibernate_mode", S2H_A_HIBERNATE_MODE, 0, 1, mode_words },
	{ "require_verified", S2H_A_REQUIRE_VERIFIED, 0, S2H_REQUIRE_MAX, require_words },
	{ "handoff_sec", S2H_A_HANDOFF_SEC, 0, S2H_HANDOFF_MAX_SEC },
	{ "delay_low_sec", S2H_A_DELAY_LOW_SEC, S2H_DELAY_MIN_SEC, S2H_DELAY_MAX_SEC },
	{ "battery_high", S2H_A_BATTERY_HIGH, 0, S2H_BATTERY_THRESHOLD_MAX },
	{ "ac_delay_sec", S2H_A_AC_DELAY_SEC, 0, S2H_DELAY_MAX_SEC },
	{ "drain_budget", S2H_A_DRAIN_BUDGET, 0, S2H_BATTERY_THRESHOLD_MAX },
	{ "battery_critical", S2H_A_BATTERY_CRITICAL, 0, S2H_BATTERY_THRESHOLD_MAX },
	{ "thermal_limit", S2H_A_THERMAL_LIMIT, 0, S2H_THERMAL_LIMIT_MAX },
	{ "hibernate_no_hw_sleep", S2H_A_HIBERNATE_NO_HW_SLEEP, 0, 1 },
	{ "settle_sec", S2H_A_SETTLE_SEC, 0, S2H_SETTLE_MAX_SEC },
};

#define N_SETTINGS	ARRAY_SIZE(settings)
#define I_ENABLED	0
#define I_DELAY_SEC	1

struct config {
	unsigned int v[N_SETTINGS];
};

static void check(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok - ", ok ? "" : "not ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	n_failed += !ok;
}

static struct nlmsghdr *hdr(struct msg *m)
{
	return (struct nlmsghdr *)m->buf;
}

static void put(struct msg *m, const void *data, size_t len)
{
	memcpy(m->buf + m->len, data, len);
	m->len += NLMSG_ALIGN(len);
	hdr(m)->nlmsg_len = (uint32_t)m->len;
}

static void start(struct msg *m, uint16_t type, uint8_t cmd)
{
	struct genlmsghdr g = { .cmd = cmd, .version = S2H_GENL_VERSION };

	memset(m, 0, sizeof(*m));
	m->len = NLMSG_HDRLEN;
	hdr(m)->nlmsg_type = type;
	hdr(m)->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	put(m, &g, sizeof(g));
}

static void put_attr(struct msg *m, uint16_t type, const void *data, uint16_t len)
{
	struct nlattr a = { .nla_len = (uint16_t)(NLA_HDRLEN + len), .nla_type = type };

	memcpy(m->buf + m->len, &a, sizeof(a));
	if (len)
		memcpy(m->buf + m->len + NLA_HDRLEN, data, len);
	m->len += NLA_ALIGN(NLA_HDRLEN + len);
	hdr(m)->nlmsg_len = (uint32_t)m->len;
}

static void put_u32(struct msg *m, uint16_t type, uint32_t v)
{
	put_attr(m, type, &v, sizeof(v));
}

/*
 * Send @m as it is, except for its sequence number; wait for its ack or
 * error, or, when @m asks for no ack, for its reply; a dump ends with its
 * NLMSG_DONE, which carries its error. Return: 0 for an ack, that reply or
 * a dump that ended well, the negative errno of an error, NO_REPLY when
 * nothing came. A reply's payload goes to @reply when given (a dump's
 * last message).
 */
static int transact(struct msg *m, struct msg *reply)
{
	static unsigned char rbuf[BUF_LEN];
	struct nlmsghdr *nlh;
	uint32_t want = ++seq;
	ssize_t n;

	hdr(m)->nlmsg_seq = want;
	if (send(sock, m->buf, m->len, 0) < 0)
		return -errno;
	for (;;) {
		n = recv(sock, rbuf, sizeof(rbuf), 0);
		if (n < 0)
			return errno == EAGAIN ? NO_REPLY : -errno;
		for (nlh = (void *)rbuf; NLMSG_OK(nlh, (size_t)n); nlh = NLMSG_NEXT(nlh, n)) {
			if (nlh->nlmsg_seq != want)
				continue;
			if (nlh->nlmsg_type == NLMSG_ERROR)
				return ((struct nlmsgerr *)NLMSG_DATA(nlh))->error;
			if (nlh->nlmsg_type == NLMSG_DONE)
				return *(int *)NLMSG_DATA(nlh);
			if (reply && nlh->nlmsg_len <= sizeof(reply->buf)) {
				memcpy(reply->buf, nlh, nlh->nlmsg_len);
				reply->len = nlh->nlmsg_len;
			}
			if (!(hdr(m)->nlmsg_flags & NLM_F_ACK))
				return 0;
		}
	}
}

/*
 * Walk the attributes from @first on; @fn sees each. Return: whether they
 * fill the message exactly, as strict validation wants.
 */
static bool for_each_attr(const struct msg *m, size_t first,
			  void (*fn)(const struct nlattr *a, void *arg), void *arg)
{
	size_t off = first;

	while (off + NLA_HDRLEN <= m->len) {
		const struct nlattr *a = (const void *)(m->buf + off);

		if (a->nla_len < NLA_HDRLEN || off + a->nla_len > m->len)
			return false;
		fn(a, arg);
		off += NLA_ALIGN(a->nla_len);
	}
	return off >= m->len;
}

#define PAYLOAD		(NLMSG_HDRLEN + GENL_HDRLEN)

static void ctrl_family(const struct nlattr *a, void *arg)
{
	if ((a->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_FAMILY_ID)
		memcpy(arg, (const char *)a + NLA_HDRLEN, sizeof(uint16_t));
}

static int resolve_family(void)
{
	struct msg m, reply = {};

	start(&m, GENL_ID_CTRL, CTRL_CMD_GETFAMILY);
	put_attr(&m, CTRL_ATTR_FAMILY_NAME, S2H_GENL_NAME, sizeof(S2H_GENL_NAME));
	if (transact(&m, &reply))
		return -1;
	for_each_attr(&reply, PAYLOAD, ctrl_family, &family);
	return family ? 0 : -1;
}

static int open_socket(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	struct timeval tv = { .tv_sec = 0, .tv_usec = 300000 };
	int one = 1;

	sock = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	if (sock < 0 || bind(sock, (struct sockaddr *)&sa, sizeof(sa)))
		return -1;
	setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(sock, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	return resolve_family();
}

/* A number, or with @words the index of the word the file holds; ~0u if neither. */
static unsigned int read_sysfs_value(const char *name, const char * const *words)
{
	char path[128], buf[64] = "";
	unsigned int i;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), SYSFS "%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return ~0u;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return ~0u;
	if (!words)
		return (unsigned int)strtoul(buf, NULL, 10);
	buf[strcspn(buf, "\n")] = '\0';
	for (i = 0; words[i]; i++)
		if (!strcmp(buf, words[i]))
			return i;
	return ~0u;
}

static unsigned int read_sysfs(const char *name)
{
	return read_sysfs_value(name, NULL);
}

/* The settings as sysfs shows them: the other view, not netlink's. */
static struct config sysfs_config(void)
{
	struct config c;
	size_t i;

	for (i = 0; i < N_SETTINGS; i++)
		c.v[i] = read_sysfs_value(settings[i].file, settings[i].words);
	return c;
}

static bool same(struct config a, struct config b)
{
	return !memcmp(&a, &b, sizeof(a));
}

/*
 * A setting without its sysfs file (~0u: a module older than this tool,
 * as make bench loads) is not sent: that module would refuse the message.
 */
static void set_msg(struct msg *m, struct config c)
{
	size_t i;

	start(m, family, S2H_CMD_SET);
	for (i = 0; i < N_SETTINGS; i++)
		if (c.v[i] != ~0u)
			put_u32(m, settings[i].attr, c.v[i]);
}

/* --------------------------------------------------------------------- */
/* Malformed messages, each named */

/* One attribute of a malformed message: @len bytes of @value, little-endian. */
struct bad_attr {
	uint16_t type;
	uint16_t len;
	uint64_t value;
};

struct bad {
	const char *what;
	uint8_t cmd;
	struct bad_attr attrs[2];	/* up to the first with len 0 */
	void (*damage)(struct msg *m);	/* what attributes cannot express */
};

/* All or nothing: a good enabled, the opposite of now, next to a bad delay. */
static void flip_enabled(struct msg *m)
{
	m->buf[PAYLOAD + NLA_HDRLEN] = !read_sysfs("enabled");
}

static void cut_genl_header(struct msg *m)
{
	m->len = NLMSG_HDRLEN;
}

static void cut_genl_header_short(struct msg *m)
{
	m->len = NLMSG_HDRLEN + 2;
}

static void set_reserved(struct msg *m)
{
	((struct genlmsghdr *)NLMSG_DATA(hdr(m)))->reserved = 1;
}

static void set_replace_flag(struct msg *m)
{
	hdr(m)->nlmsg_flags |= NLM_F_REPLACE;
}

static void attr_overrun(struct msg *m)
{
	((struct nlattr *)(m->buf + PAYLOAD))->nla_len = 64;
}

static void attr_short(struct msg *m)
{
	((struct nlattr *)(m->buf + PAYLOAD))->nla_len = 2;
}

static void trailing_bytes(struct msg *m)
{
	m->buf[m->len++] = 0xde;
	m->buf[m->len++] = 0xad;
}

#define ENABLED(len, v)	{ S2H_A_ENABLED, len, v }
#define DELAY(len, v)	{ S2H_A_DELAY_SEC, len, v }

static const struct bad bads[] = {
	{ "SET enabled as u8", S2H_CMD_SET, { ENABLED(1, 1) } },
	{ "SET enabled as u64", S2H_CMD_SET, { ENABLED(8, 1) } },
	{ "SET enabled=2", S2H_CMD_SET, { ENABLED(4, 2) } },
	{ "SET require_verified as u8", S2H_CMD_SET, { { S2H_A_REQUIRE_VERIFIED, 1, 1 } } },
	{ "SET delay_sec as u8", S2H_CMD_SET, { DELAY(1, 60) } },
	{ "SET delay_sec as u64", S2H_CMD_SET, { DELAY(8, 60) } },
	{ "SET delay_sec below the minimum", S2H_CMD_SET, { DELAY(4, S2H_DELAY_MIN_SEC - 1) } },
	{ "SET delay_sec above the maximum", S2H_CMD_SET, { DELAY(4, S2H_DELAY_MAX_SEC + 1) } },
	{ "SET delay_sec=0", S2H_CMD_SET, { DELAY(4, 0) } },
	{ "SET delay_sec=UINT32_MAX", S2H_CMD_SET, { DELAY(4, UINT32_MAX) } },
	{ "SET a good enabled with a bad delay_sec", S2H_CMD_SET,
	  { ENABLED(4, 0), DELAY(4, 1) }, flip_enabled },
	{ "SET state (read-only)", S2H_CMD_SET, { { S2H_A_STATE, 4, S2H_STATE_IDLE } } },
	{ "SET stats (read-only)", S2H_CMD_SET, { { S2H_A_STATS | NLA_F_NESTED, 4, 0 } } },
	{ "SET event (kernel only)", S2H_CMD_SET, { { S2H_A_EVENT, 4, S2H_EVENT_CONFIG } } },
	{ "SET error (kernel only)", S2H_CMD_SET, { { S2H_A_ERROR, 4, 0 } } },
	{ "SET an unknown attribute", S2H_CMD_SET, { { S2H_A_MAX + 1, 4, 60 } } },
	{ "SET attribute type 0", S2H_CMD_SET, { { 0, 4, 60 } } },
	{ "SET enabled with NLA_F_NESTED", S2H_CMD_SET,
	  { { S2H_A_ENABLED | NLA_F_NESTED, 4, 1 } } },
	{ "SET without attributes", S2H_CMD_SET },
	/* Refused by the policy before the handler: nothing suspends. */
	{ "WAKE_TEST wake-test-sec below the minimum", S2H_CMD_WAKE_TEST,
	  { { S2H_A_WAKE_TEST_SEC, 4, S2H_WAKE_TEST_MIN_SEC - 1 } } },
	{ "WAKE_TEST wake-test-sec above the maximum", S2H_CMD_WAKE_TEST,
	  { { S2H_A_WAKE_TEST_SEC, 4, S2H_WAKE_TEST_MAX_SEC + 1 } } },
	{ "WAKE_TEST wake-test-sec as u8", S2H_CMD_WAKE_TEST, { { S2H_A_WAKE_TEST_SEC, 1, 20 } } },
	{ "WAKE_TEST with a setting", S2H_CMD_WAKE_TEST, { ENABLED(4, 1) } },
	{ "SET wake-test-sec (a WAKE_TEST's)", S2H_CMD_SET, { { S2H_A_WAKE_TEST_SEC, 4, 20 } } },
	{ "SET require_verified past both", S2H_CMD_SET,
	  { { S2H_A_REQUIRE_VERIFIED, 4, S2H_REQUIRE_MAX + 1 } } },
	{ "WAKE_TEST_RESTORE without wake-test", S2H_CMD_WAKE_TEST_RESTORE },
	{ "GET with an attribute", S2H_CMD_GET, { ENABLED(4, 1) } },
	{ "GET checks with a payload", S2H_CMD_GET, { { S2H_A_CHECKS, 4, 1 } } },
	{ "SET checks (a GET's flag)", S2H_CMD_SET, { { S2H_A_CHECKS, 0, 0 } } },
	{ "command EVENT_NTF as a request", S2H_CMD_EVENT_NTF },
	{ "command 0", S2H_CMD_UNSPEC },
	{ "command 200", 200 },
	{ "no genetlink header", S2H_CMD_SET, { ENABLED(4, 1) }, cut_genl_header },
	{ "a truncated genetlink header", S2H_CMD_GET, {}, cut_genl_header_short },
	{ "reserved genetlink header field set", S2H_CMD_GET, {}, set_reserved },
	{ "NLM_F_REPLACE in a SET", S2H_CMD_SET, { ENABLED(4, 1) }, set_replace_flag },
	{ "an attribute longer than the message", S2H_CMD_SET, { DELAY(4, 60) }, attr_overrun },
	{ "an attribute shorter than its header", S2H_CMD_SET, { DELAY(4, 60) }, attr_short },
	{ "trailing bytes after the attributes", S2H_CMD_SET, { DELAY(4, 60) }, trailing_bytes },
};

static void build_bad(const struct bad *b, struct msg *m)
{
	size_t i;

	start(m, family, b->cmd);
	for (i = 0; i < 2 && b->attrs[i].len; i++)
		put_attr(m, b->attrs[i].type, &b->attrs[i].value, b->attrs[i].len);
	if (b->damage)
		b->damage(m);
	hdr(m)->nlmsg_len = (uint32_t)m->len;
}

static void test_malformed(void)
{
	struct config before = sysfs_config(), after;
	struct msg m;
	size_t i;
	int err;

	for (i = 0; i < ARRAY_SIZE(bads); i++) {
		build_bad(&bads[i], &m);
		err = transact(&m, NULL);
		after = sysfs_config();
		check(err < 0 && same(before, after), "%s: refused (%s), settings kept",
		      bads[i].what, err == NO_REPLY ? "no reply" : strerror(-err));
	}
}

/* --------------------------------------------------------------------- */
/* Random mutations of valid messages */

struct seen {
	bool bad;
	bool has_setting;
	bool has_checks;	/* GET's flag, with no payload */
	struct config c;
};

/* What the policy allows, written out again: the kernel may accept no more. */
static void model_attr(const struct nlattr *a, void *arg)
{
	const unsigned char *data = (const unsigned char *)a + NLA_HDRLEN;
	uint16_t len = a->nla_len - NLA_HDRLEN;
	struct seen *s = arg;
	uint32_t v;
	size_t i;

	if (a->nla_type & NLA_F_NESTED) {
		s->bad = true;
		return;
	}
	if ((a->nla_type & NLA_TYPE_MASK) == S2H_A_CHECKS) {
		s->bad |= len != 0;
		s->has_checks = true;
		return;
	}
	for (i = 0; i < N_SETTINGS; i++) {
		const struct setting *set = &settings[i];

		if ((a->nla_type & NLA_TYPE_MASK) != set->attr)
			continue;
		v = 0;
		memcpy(&v, data, len < sizeof(v) ? len : sizeof(v));
		s->bad |= len != sizeof(v) || v < set->min || v > set->max;
		s->has_setting = true;
		s->c.v[i] = v;
		return;
	}
	s->bad = true;
}

static void reply_setting(const struct nlattr *a, void *arg)
{
	struct config *c = arg;
	size_t i;

	for (i = 0; i < N_SETTINGS; i++)
		if ((a->nla_type & NLA_TYPE_MASK) == settings[i].attr &&
		    a->nla_len == NLA_HDRLEN + sizeof(uint32_t))
			memcpy(&c->v[i], (const char *)a + NLA_HDRLEN, sizeof(uint32_t));
}

/* The settings as a GET has them: netlink's view. Return: 0, or -1. */
static int get_config(struct config *c)
{
	struct msg m, reply = {};

	memset(c, 0xff, sizeof(*c));
	start(&m, family, S2H_CMD_GET);
	if (transact(&m, &reply) || !for_each_attr(&reply, PAYLOAD, reply_setting, c))
		return -1;
	return 0;
}

/*
 * An accepted message: a valid SET (applied, as sysfs shows), a GET, or a
 * dump of the history, which takes no attribute at all.
 */
static bool accepted_ok(const struct msg *m, struct config before, struct config after)
{
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)m->buf;
	const struct genlmsghdr *g = NLMSG_DATA(nlh);
	struct seen s = { .c = before };

	if (m->len < PAYLOAD || !for_each_attr(m, PAYLOAD, model_attr, &s) || s.bad)
		return false;
	switch (g->cmd) {
	case S2H_CMD_SET:
		return s.has_setting && !s.has_checks && same(s.c, after);
	case S2H_CMD_GET:
		return !s.has_setting && same(before, after);
	case S2H_CMD_HISTORY_GET:
		return (nlh->nlmsg_flags & NLM_F_DUMP) == NLM_F_DUMP && m->len == PAYLOAD &&
		       same(before, after);
	default:
		return false;
	}
}

static void mutate_length(struct msg *m);

static void mutate_byte(struct msg *m)
{
	static const unsigned char edges[] = { 0, 1, 2, 4, 5, 0x7f, 0x80, 0xfe, 0xff };
	size_t at;

	if (m->len == NLMSG_HDRLEN) {
		mutate_length(m);
		return;
	}
	at = NLMSG_HDRLEN + (size_t)rand() % (m->len - NLMSG_HDRLEN);
	switch (rand() % 3) {
	case 0:
		m->buf[at] ^= (unsigned char)(1u << (rand() % 8));
		break;
	case 1:
		m->buf[at] = (unsigned char)rand();
		break;
	default:
		m->buf[at] = edges[rand() % sizeof(edges)];
	}
}

static void mutate_length(struct msg *m)
{
	size_t n;

	if (rand() % 2) {
		m->len = NLMSG_HDRLEN + (size_t)rand() % (m->len - NLMSG_HDRLEN + 1);
		return;
	}
	n = 1 + (size_t)rand() % 16;
	while (n-- && m->len < sizeof(m->buf))
		m->buf[m->len++] = (unsigned char)rand();
}

static void mutate_flags(struct msg *m)
{
	hdr(m)->nlmsg_flags ^= (uint16_t)(1u << (rand() % 16));
}

/*
 * Anything after the netlink header may change, and the flags, but not the
 * family (a mutation must not reach another family) nor REQUEST and ACK,
 * without which the kernel says nothing at all.
 */
static void mutate(struct msg *m)
{
	int i, n = 1 + rand() % 4;

	for (i = 0; i < n; i++) {
		switch (rand() % 6) {
		case 0:
			mutate_length(m);
			break;
		case 1:
			mutate_flags(m);
			break;
		default:
			mutate_byte(m);
		}
	}
	hdr(m)->nlmsg_type = family;
	hdr(m)->nlmsg_flags |= NLM_F_REQUEST | NLM_F_ACK;
	/*
	 * A dry run freezes the system for seconds, a wake test suspends it:
	 * verify.sh and verify-wake.sh test them, not this.
	 */
	if (m->len > NLMSG_HDRLEN && (m->buf[NLMSG_HDRLEN] == S2H_CMD_VERIFY ||
				      m->buf[NLMSG_HDRLEN] == S2H_CMD_WAKE_TEST))
		m->buf[NLMSG_HDRLEN] = S2H_CMD_GET;
	hdr(m)->nlmsg_len = (uint32_t)m->len;
}

static void base_msg(struct msg *m, struct config now)
{
	switch (rand() % 5) {
	case 0:
		start(m, family, S2H_CMD_GET);
		break;
	case 4:
		start(m, family, S2H_CMD_HISTORY_GET);
		hdr(m)->nlmsg_flags |= NLM_F_DUMP;
		break;
	case 1:
		start(m, family, S2H_CMD_SET);
		put_u32(m, S2H_A_DELAY_SEC, now.v[I_DELAY_SEC]);
		break;
	default:
		set_msg(m, now);
	}
}

static void test_mutations(long n)
{
	struct config orig = sysfs_config(), before, after, got;
	long i, refused = 0, accepted = 0, silent = 0, wrong = 0, stale = 0, dumps = 0;
	struct msg m;
	bool bad;
	int err;

	for (i = 0; i < n; i++) {
		before = sysfs_config();
		base_msg(&m, before);
		mutate(&m);
		err = transact(&m, NULL);
		after = sysfs_config();
		if (err == 0) {
			accepted++;
			dumps += m.buf[NLMSG_HDRLEN] == S2H_CMD_HISTORY_GET;
			bad = !accepted_ok(&m, before, after);
		} else {
			refused += err < 0;
			silent += err == NO_REPLY;
			bad = !same(before, after);
		}
		wrong += bad;
		if (bad)
			printf("# mutation %ld: command %u, error %d, settings not as expected\n",
			       i, m.buf[NLMSG_HDRLEN], err);
		if (get_config(&got) || !same(got, after)) {
			stale++;
			printf("# mutation %ld: the GET after it differs from sysfs\n", i);
		}
		fflush(stdout);
	}
	check(!wrong, "%ld mutations: %ld refused with settings kept, %ld dropped silently, "
	      "%ld accepted, each a valid message applied as sent (%ld not)",
	      n, refused, silent, accepted, wrong);
	check(!stale, "a GET after each mutation has the settings sysfs has (%ld not)", stale);
	check(dumps > 0, "%ld of the accepted were dumps of the history", dumps);

	set_msg(&m, orig);
	err = transact(&m, NULL);
	check(!err && same(sysfs_config(), orig), "settings restored: enabled=%u delay_sec=%u",
	      orig.v[I_ENABLED], orig.v[I_DELAY_SEC]);
}

static void test_healthy(void)
{
	struct msg m, reply = {};
	int err;

	start(&m, family, S2H_CMD_GET);
	err = transact(&m, &reply);
	check(!err && reply.len > PAYLOAD, "GET still answers after the fuzzing");
}

/* --------------------------------------------------------------------- */
/* Benchmark */

static double now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char * const sysfs_files[] = {
	"enabled", "delay_sec", "state", "last_wake", "stats/suspends", "stats/alarm_wakes",
	"stats/early_wakes", "stats/aborted", "stats/hibernations",
	"stats/hibernate_failures", "stats/resumes_from_hibernation", "stats/resuspends",
};

#define BENCH_BLOCKS	10

/*
 * Round trips per second of each of @fns, @n of each: in BENCH_BLOCKS
 * blocks, the functions taking turns block by block, and the quickest
 * block of each counts. Whatever else runs on the machine only ever slows
 * a block down, and slows the functions alike while they take turns. 0 for
 * a function that failed (a module from before what it asks for), which
 * is not run again.
 */
static void rates(long n, int (*const fns[])(void), double *out, size_t nfns)
{
	long per = n / BENCH_BLOCKS > 0 ? n / BENCH_BLOCKS : 1;
	size_t f;
	long i;
	int b;

	for (f = 0; f < nfns; f++)
		out[f] = 0;
	for (b = 0; b < BENCH_BLOCKS; b++) {
		for (f = 0; f < nfns; f++) {
			double t0 = now_sec(), r;

			/* Refused in an earlier block: out[f] is 0 and stays so. */
			if (b && !out[f])
				continue;
			for (i = 0; i < per; i++)
				if (fns[f]())
					break;
			if (i < per) {
				out[f] = 0;
				continue;
			}
			r = (double)per / (now_sec() - t0);
			if (r > out[f])
				out[f] = r;
		}
	}
}

static int one_get(void)
{
	struct msg m, reply;

	start(&m, family, S2H_CMD_GET);
	return transact(&m, &reply);
}

/* A GET as a reader needs it: the reply is the answer, no ack after it. */
static int one_get_reply(void)
{
	struct msg m, reply;

	start(&m, family, S2H_CMD_GET);
	hdr(&m)->nlmsg_flags &= ~NLM_F_ACK;
	return transact(&m, &reply);
}

/* A GET as s2hctl show asks it: the pre-flight checks run for the reply. */
static int one_get_checks(void)
{
	struct msg m, reply;

	start(&m, family, S2H_CMD_GET);
	put_attr(&m, S2H_A_CHECKS, NULL, 0);
	return transact(&m, &reply);
}

static struct config bench_config;

/* The settings they are already: no change, no event. */
static int one_set(void)
{
	struct msg m;

	set_msg(&m, bench_config);
	return transact(&m, NULL);
}

/* What one GET reply holds, read the sysfs way: 12 files. */
static int one_sysfs(void)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sysfs_files); i++)
		if (read_sysfs(sysfs_files[i]) == ~0u)
			return -1;
	return 0;
}

static int one_sysfs_config(void)
{
	struct config c = sysfs_config();

	return c.v[I_ENABLED] == ~0u ? -1 : 0;
}

static void bench(long n)
{
	static int (*const fns[])(void) = {
		one_get, one_get_reply, one_get_checks, one_set, one_sysfs, one_sysfs_config
	};
	double r[ARRAY_SIZE(fns)], get, get_reply, get_checks, set, all, two;

	bench_config = sysfs_config();
	rates(n, fns, r, ARRAY_SIZE(fns));
	get = r[0];
	get_reply = r[1];
	get_checks = r[2];
	set = r[3];
	all = r[4];
	two = r[5];

	check(get > 0 && get_reply > 0 && set > 0 && all > 0 && two > 0,
	      "benchmark ran %ld rounds of each", n);
	printf("# GET round trips/s:                  %10.0f\n", get);
	printf("# GET without ack round trips/s:      %10.0f\n", get_reply);
	if (get_checks > 0)
		printf("# GET with checks round trips/s:      %10.0f\n", get_checks);
	else
		printf("# GET with checks: refused (a module whose GET always runs them)\n");
	printf("# SET round trips/s (every setting):  %10.0f\n", set);
	printf("# GET/SET ratio %.2f, without ack %.2f, with checks %.2f\n",
	       get / set, get_reply / set, get_checks / set);
	printf("# sysfs, all 12 files read/s:         %10.0f   GET/sysfs ratio %.2f\n",
	       all, get / all);
	printf("# sysfs, enabled + delay_sec read/s:  %10.0f   GET/sysfs ratio %.2f\n",
	       two, get / two);
	printf("# (a GET reply holds what the 12 files do and more; a SET here sends\n"
	       "#  every setting as it is, changing nothing, and asks for an ack;\n"
	       "#  the quickest of %d blocks of %ld each, the six taking turns)\n",
	       BENCH_BLOCKS, n / BENCH_BLOCKS);
}

/* One past the bound of each setting: refused by the policy, whatever now is. */
static void test_refused(long n)
{
	struct config before = sysfs_config();
	long i, wrong = 0;
	struct msg m;

	for (i = 0; i < n; i++) {
		const struct setting *set = &settings[i % N_SETTINGS];
		uint32_t bad = set->min ? set->min - 1 : set->max + 1;

		start(&m, family, S2H_CMD_SET);
		put_u32(&m, set->attr, bad);
		wrong += transact(&m, NULL) >= 0;
	}
	check(!wrong && same(before, sysfs_config()),
	      "%ld out-of-range SETs refused, settings unchanged (%ld accepted)", n, wrong);
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? strtol(argv[2], NULL, 10) : 3000;
	unsigned int seed = argc > 3 ? (unsigned int)strtoul(argv[3], NULL, 10) :
				       (unsigned int)time(NULL);

	if (argc < 2 || n <= 0 || argc > 4 || (argc > 3 && strcmp(argv[1], "fuzz")) ||
	    (strcmp(argv[1], "fuzz") && strcmp(argv[1], "bench") && strcmp(argv[1], "refuse"))) {
		fprintf(stderr, "usage: s2h-nltest fuzz [N [SEED]] | bench|refuse [N]\n");
		return 2;
	}
	if (open_socket()) {
		check(false, "resolve the s2h generic netlink family");
		return 1;
	}
	if (!strcmp(argv[1], "fuzz"))
		printf("# seed %u: s2h-nltest fuzz %ld %u replays this run\n", seed, n, seed);
	fflush(stdout);
	srand(seed);
	if (!strcmp(argv[1], "bench")) {
		bench(n);
	} else if (!strcmp(argv[1], "refuse")) {
		test_refused(n);
	} else {
		test_malformed();
		test_mutations(n);
		test_healthy();
	}
	return n_failed ? 1 : 0;
}
