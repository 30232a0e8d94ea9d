// SPDX-License-Identifier: GPL-2.0
/*
 * The userspace ABI of s2h, from userspace: /sys/power/s2h and the generic
 * netlink family "s2h". Needs the module loaded, and root (some tests drop
 * to an unprivileged user, or to one capability). Built with the kernel's
 * kselftest_harness.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/capability.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/s2h.h>

#include "kselftest_harness.h"

#define SYSFS	"/sys/power/s2h/"

static int read_file(const char *name, char *buf, size_t size)
{
	char path[128];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), SYSFS "%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Return: 0, or the negative errno the kernel refused the write with. */
static int write_file(const char *name, const char *val)
{
	char path[128];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), SYSFS "%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	n = write(fd, val, strlen(val));
	n = n < 0 ? -errno : 0;
	close(fd);
	return (int)n;
}

struct setting_case {
	const char *file;
	const char *good;
	const char *bad;
	int bad_err;
};

static const struct setting_case settings[] = {
	{ "enabled", "1", "maybe", -EINVAL },
	{ "delay_sec", "3600", "4", -ERANGE },
	{ "hibernate_on_ac", "1", "2", -EINVAL },
	{ "battery_threshold", "5", "101", -ERANGE },
	{ "policy", "delay", "sometimes", -EINVAL },
	{ "battery_check_sec", "3600", "59", -ERANGE },
	{ "retries", "1", "11", -ERANGE },
	{ "hibernate_mode", "shutdown", "platform", -EINVAL },
	{ "require_verified", "0", "2", -EINVAL },
	{ "handoff_sec", "0", "601", -ERANGE },
	{ "delay_low_sec", "10800", "4", -ERANGE },
	{ "battery_high", "0", "101", -ERANGE },
	{ "ac_delay_sec", "0", "2592001", -ERANGE },
	{ "drain_budget", "0", "101", -ERANGE },
	{ "battery_critical", "3", "101", -ERANGE },
	{ "thermal_limit", "0", "150001", -ERANGE },
	{ "hibernate_no_hw_sleep", "0", "2", -EINVAL },
	{ "settle_sec", "0", "601", -ERANGE },
};

TEST(every_file_reads)
{
	static const char * const files[] = {
		"enabled", "delay_sec", "hibernate_on_ac", "battery_threshold", "policy",
		"battery_check_sec", "retries", "hibernate_mode", "require_verified",
		"handoff_sec", "delay_low_sec", "battery_high", "ac_delay_sec", "drain_budget",
		"battery_critical", "thermal_limit", "hibernate_no_hw_sleep", "settle_sec", "advice",
		"hw_sleep_available",
		"state", "last_wake", "available", "swap_free_mb", "image_mb", "checks/swap",
		"verified/result", "last_cycle/wake", "stats/suspends",
	};
	char buf[512];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		ASSERT_EQ(0, read_file(files[i], buf, sizeof(buf))) {
			TH_LOG("cannot read %s", files[i]);
		}
		EXPECT_NE('\0', buf[0]);
	}
}

TEST(bad_value_refused_old_kept)
{
	char before[64], after[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(settings); i++) {
		const struct setting_case *c = &settings[i];

		ASSERT_EQ(0, write_file(c->file, c->good));
		ASSERT_EQ(0, read_file(c->file, before, sizeof(before)));
		EXPECT_EQ(c->bad_err, write_file(c->file, c->bad)) {
			TH_LOG("%s = %s", c->file, c->bad);
		}
		ASSERT_EQ(0, read_file(c->file, after, sizeof(after)));
		EXPECT_STREQ(before, after);
	}
}

TEST(read_only_files)
{
	EXPECT_EQ(-EACCES, write_file("state", "idle"));
	EXPECT_EQ(-EACCES, write_file("available", "yes"));
	EXPECT_EQ(-EACCES, write_file("checks/swap", "ok"));
	EXPECT_EQ(-EACCES, write_file("verified/result", "passed"));
	EXPECT_EQ(-EACCES, write_file("last_cycle/wake", "none"));
	EXPECT_EQ(-EACCES, write_file("stats/suspends", "0"));
}

/* One value per file: "available" is the verdict, checks/ the reasons. */
TEST(available_agrees_with_checks)
{
	static const char * const checks[] = {
		"supported", "lockdown", "resume", "swap", "rtc", "verified",
	};
	char avail[16], path[64], val[16];
	int failed = 0;
	size_t i;

	ASSERT_EQ(0, read_file("available", avail, sizeof(avail)));
	for (i = 0; i < ARRAY_SIZE(checks); i++) {
		snprintf(path, sizeof(path), "checks/%s", checks[i]);
		ASSERT_EQ(0, read_file(path, val, sizeof(val)));
		if (strcmp(val, "ok")) {
			EXPECT_STREQ("failed", val);
			failed++;
		}
	}
	EXPECT_STREQ(failed ? "no" : "yes", avail);
}

TEST(unprivileged_write_refused)
{
	char buf[64];

	ASSERT_EQ(0, setgid(65534));
	ASSERT_EQ(0, setuid(65534));
	EXPECT_EQ(0, read_file("delay_sec", buf, sizeof(buf)));
	EXPECT_EQ(-EACCES, write_file("delay_sec", "60"));
}

/* Raw generic netlink, no library: what the family accepts on the wire. */
FIXTURE(nl) {
	int sock;
	__u16 family;
	__u32 seq;
};

struct nl_msg {
	struct nlmsghdr n;
	struct genlmsghdr g;
	char attrs[256];
};

static int nl_send(int sock, struct nl_msg *m, size_t attrs_len)
{
	m->n.nlmsg_len = NLMSG_LENGTH(GENL_HDRLEN + attrs_len);
	return send(sock, m, m->n.nlmsg_len, 0) < 0 ? -errno : 0;
}

/* The error of the ack, 0 for success; a reply before it is kept in @reply. */
static int nl_ack(int sock, char *reply, size_t size)
{
	char buf[8192];
	struct nlmsghdr *h;
	ssize_t n;

	for (;;) {
		n = recv(sock, buf, sizeof(buf), 0);
		if (n < 0)
			return -errno;
		for (h = (struct nlmsghdr *)buf; NLMSG_OK(h, n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_type == NLMSG_ERROR)
				return ((struct nlmsgerr *)NLMSG_DATA(h))->error;
			if (reply && h->nlmsg_len <= size)
				memcpy(reply, h, h->nlmsg_len);
		}
	}
}

static size_t put_attr(char *at, __u16 type, const void *data, __u16 len)
{
	struct nlattr *a = (struct nlattr *)at;

	a->nla_type = type;
	a->nla_len = NLA_HDRLEN + len;
	if (len)
		memcpy(at + NLA_HDRLEN, data, len);
	return NLA_ALIGN(a->nla_len);
}

static void start_msg(struct nl_msg *m, __u16 type, __u8 cmd, __u32 seq)
{
	memset(m, 0, sizeof(*m));
	m->n.nlmsg_type = type;
	m->n.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	m->n.nlmsg_seq = seq;
	m->g.cmd = cmd;
	m->g.version = 1;
}

/* The attribute of @type among the @len bytes from @a, or NULL. */
static struct nlattr *find_attr(struct nlattr *a, int len, __u16 type)
{
	while (len >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN && a->nla_len <= len) {
		if ((a->nla_type & NLA_TYPE_MASK) == type)
			return a;
		len -= NLA_ALIGN(a->nla_len);
		a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len));
	}
	return NULL;
}

/* The attribute of @type in the genetlink message @reply, or NULL. */
static struct nlattr *reply_attr(const char *reply, __u16 type)
{
	struct nlmsghdr *n = (struct nlmsghdr *)reply;

	return find_attr((struct nlattr *)((char *)NLMSG_DATA(n) + GENL_HDRLEN),
			 n->nlmsg_len - NLMSG_LENGTH(GENL_HDRLEN), type);
}

static __u32 nla_u32(const struct nlattr *a)
{
	return *(const __u32 *)((const char *)a + NLA_HDRLEN);
}

FIXTURE_SETUP(nl)
{
	char reply[8192];
	struct nl_msg m;
	struct nlattr *a;

	self->sock = socket(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC);
	ASSERT_LE(0, self->sock);
	self->seq = 1;
	start_msg(&m, GENL_ID_CTRL, CTRL_CMD_GETFAMILY, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, put_attr(m.attrs, CTRL_ATTR_FAMILY_NAME,
						      S2H_GENL_NAME, sizeof(S2H_GENL_NAME))));
	ASSERT_EQ(0, nl_ack(self->sock, reply, sizeof(reply)));
	a = reply_attr(reply, CTRL_ATTR_FAMILY_ID);
	ASSERT_NE(NULL, a);
	self->family = *(__u16 *)((char *)a + NLA_HDRLEN);
	ASSERT_NE(0, self->family);
}

FIXTURE_TEARDOWN(nl)
{
	close(self->sock);
}

TEST_F(nl, get_answers)
{
	char reply[8192];
	struct nl_msg m;

	start_msg(&m, self->family, S2H_CMD_GET, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, 0));
	EXPECT_EQ(0, nl_ack(self->sock, reply, sizeof(reply)));
	EXPECT_LT(NLMSG_LENGTH(GENL_HDRLEN), ((struct nlmsghdr *)reply)->nlmsg_len);
}

/* The pre-flight checks are in a GET's reply when, and only when, it asks. */
TEST_F(nl, get_checks_on_request)
{
	char reply[8192];
	struct nl_msg m;

	start_msg(&m, self->family, S2H_CMD_GET, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, 0));
	ASSERT_EQ(0, nl_ack(self->sock, reply, sizeof(reply)));
	EXPECT_EQ(NULL, reply_attr(reply, S2H_A_CHECKS_FAILED));
	EXPECT_EQ(NULL, reply_attr(reply, S2H_A_SWAP_FREE_MB));
	EXPECT_NE(NULL, reply_attr(reply, S2H_A_STATE));

	start_msg(&m, self->family, S2H_CMD_GET, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, put_attr(m.attrs, S2H_A_CHECKS, NULL, 0)));
	ASSERT_EQ(0, nl_ack(self->sock, reply, sizeof(reply)));
	EXPECT_NE(NULL, reply_attr(reply, S2H_A_CHECKS_FAILED));
	EXPECT_NE(NULL, reply_attr(reply, S2H_A_SWAP_FREE_MB));
	EXPECT_NE(NULL, reply_attr(reply, S2H_A_IMAGE_MB));
}

TEST_F(nl, set_in_range_applies)
{
	__u32 retries = 2;
	struct nl_msg m;
	char buf[16];

	start_msg(&m, self->family, S2H_CMD_SET, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, put_attr(m.attrs, S2H_A_RETRIES, &retries, 4)));
	EXPECT_EQ(0, nl_ack(self->sock, NULL, 0));
	ASSERT_EQ(0, read_file("retries", buf, sizeof(buf)));
	EXPECT_STREQ("2", buf);
}

/* Booleans are u32 on the wire, as every setting: a u8 is refused. */
TEST_F(nl, booleans_are_u32)
{
	__u32 on = 1;
	__u8 on8 = 1;
	struct nl_msg m;
	char buf[16];

	ASSERT_EQ(0, write_file("hibernate_on_ac", "0"));
	start_msg(&m, self->family, S2H_CMD_SET, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, put_attr(m.attrs, S2H_A_HIBERNATE_ON_AC, &on8, 1)));
	EXPECT_EQ(-EINVAL, nl_ack(self->sock, NULL, 0));
	ASSERT_EQ(0, read_file("hibernate_on_ac", buf, sizeof(buf)));
	EXPECT_STREQ("0", buf);
	start_msg(&m, self->family, S2H_CMD_SET, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, put_attr(m.attrs, S2H_A_HIBERNATE_ON_AC, &on, 4)));
	EXPECT_EQ(0, nl_ack(self->sock, NULL, 0));
	ASSERT_EQ(0, read_file("hibernate_on_ac", buf, sizeof(buf)));
	EXPECT_STREQ("1", buf);
}

TEST_F(nl, set_out_of_range_refused_whole)
{
	__u32 threshold = 101, delay = 600;
	char before[16], after[16];
	struct nl_msg m;
	size_t len;

	ASSERT_EQ(0, read_file("delay_sec", before, sizeof(before)));
	start_msg(&m, self->family, S2H_CMD_SET, self->seq++);
	len = put_attr(m.attrs, S2H_A_DELAY_SEC, &delay, 4);
	len += put_attr(m.attrs + len, S2H_A_BATTERY_THRESHOLD, &threshold, 4);
	ASSERT_EQ(0, nl_send(self->sock, &m, len));
	EXPECT_EQ(-ERANGE, nl_ack(self->sock, NULL, 0));
	ASSERT_EQ(0, read_file("delay_sec", after, sizeof(after)));
	EXPECT_STREQ(before, after);
}

TEST_F(nl, unknown_and_read_only_attributes_refused)
{
	__u32 v = 0;
	struct nl_msg m;

	start_msg(&m, self->family, S2H_CMD_SET, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, put_attr(m.attrs, S2H_A_MAX + 1, &v, 4)));
	EXPECT_EQ(-EINVAL, nl_ack(self->sock, NULL, 0));
	start_msg(&m, self->family, S2H_CMD_SET, self->seq++);
	ASSERT_EQ(0, nl_send(self->sock, &m, put_attr(m.attrs, S2H_A_STATE, &v, 4)));
	EXPECT_EQ(-EINVAL, nl_ack(self->sock, NULL, 0));
}

/*
 * Keep @cap alone, or no capability at all for -1, in this process (a
 * test's own: the harness forks one per test). The uid stays 0.
 */
static int keep_only_cap(int cap)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[_LINUX_CAPABILITY_U32S_3] = {};

	if (cap >= 0) {
		d[CAP_TO_INDEX(cap)].effective = CAP_TO_MASK(cap);
		d[CAP_TO_INDEX(cap)].permitted = CAP_TO_MASK(cap);
	}
	return syscall(SYS_capset, &h, d) ? -errno : 0;
}

/* Command @cmd, with u32 attribute @attr = @val unless @attr is 0: the error of its ack. */
static int nl_do(int sock, __u16 family, __u8 cmd, __u16 attr, __u32 val)
{
	struct nl_msg m;
	int err;

	start_msg(&m, family, cmd, 0);
	err = nl_send(sock, &m, attr ? put_attr(m.attrs, attr, &val, 4) : 0);
	return err ? err : nl_ack(sock, NULL, 0);
}

/* A GET, which anyone may, its reply in @reply: 0, or -1 if none came back. */
static int nl_get(int sock, __u16 family, char *reply, size_t size)
{
	struct nl_msg m;

	start_msg(&m, family, S2H_CMD_GET, 0);
	memset(reply, 0, size);
	if (nl_send(sock, &m, 0) || nl_ack(sock, reply, size))
		return -1;
	return ((struct nlmsghdr *)reply)->nlmsg_len ? 0 : -1;
}

/* The result of the last dry run, as a GET has it; -1 if none came back. */
static int verify_result(int sock, __u16 family)
{
	char reply[8192];
	struct nlattr *nest, *res;

	if (nl_get(sock, family, reply, sizeof(reply)))
		return -1;
	nest = reply_attr(reply, S2H_A_VERIFIED);
	if (!nest)
		return -1;
	res = find_attr((struct nlattr *)((char *)nest + NLA_HDRLEN), nest->nla_len - NLA_HDRLEN,
			S2H_VERIFY_A_RESULT);
	return res ? (int)nla_u32(res) : -1;
}

/*
 * Refused with EPERM: a SET, nothing changed, and a VERIFY (which would
 * hibernate), no dry run started; GET still answers.
 */
static void expect_no_change(struct __test_metadata *_metadata, int sock, __u16 family)
{
	char before[16], after[16];
	int verified;

	ASSERT_EQ(0, read_file("retries", before, sizeof(before)));
	EXPECT_EQ(-EPERM, nl_do(sock, family, S2H_CMD_SET, S2H_A_RETRIES,
				strcmp(before, "3") ? 3 : 4));
	ASSERT_EQ(0, read_file("retries", after, sizeof(after)));
	EXPECT_STREQ(before, after);
	verified = verify_result(sock, family);
	ASSERT_LE(0, verified);
	ASSERT_NE(S2H_VERIFY_RUNNING, verified);
	EXPECT_EQ(-EPERM, nl_do(sock, family, S2H_CMD_VERIFY, 0, 0));
	EXPECT_EQ(verified, verify_result(sock, family));
}

TEST_F(nl, unprivileged_change_refused)
{
	ASSERT_EQ(0, setgid(65534));
	ASSERT_EQ(0, setuid(65534));
	expect_no_change(_metadata, self->sock, self->family);
}

/* What NetworkManager, or a container sharing the host's network, holds. */
TEST_F(nl, net_admin_alone_change_refused)
{
	ASSERT_EQ(0, keep_only_cap(CAP_NET_ADMIN));
	expect_no_change(_metadata, self->sock, self->family);
}

TEST_F(nl, no_capability_change_refused)
{
	ASSERT_EQ(0, keep_only_cap(-1));
	expect_no_change(_metadata, self->sock, self->family);
}

/* CAP_SYS_ADMIN is what it takes, with no CAP_NET_ADMIN besides. */
TEST_F(nl, sys_admin_alone_may_set)
{
	char buf[16];

	ASSERT_EQ(0, write_file("retries", "1"));
	ASSERT_EQ(0, keep_only_cap(CAP_SYS_ADMIN));
	EXPECT_EQ(0, nl_do(self->sock, self->family, S2H_CMD_SET, S2H_A_RETRIES, 5));
	ASSERT_EQ(0, read_file("retries", buf, sizeof(buf)));
	EXPECT_STREQ("5", buf);
}

/* The value of the u32 attribute @attr in a GET's reply; -1 if none came back. */
static long get_u32(int sock, __u16 family, __u16 attr)
{
	char reply[8192];
	struct nlattr *a;

	if (nl_get(sock, family, reply, sizeof(reply)))
		return -1;
	a = reply_attr(reply, attr);
	return a ? (long)nla_u32(a) : -1;
}

/*
 * The module keeps the attributes of its last GET reply: a GET after a
 * change shows it, by netlink or by sysfs, with GETs before it or not.
 */
TEST_F(nl, get_follows_changes)
{
	ASSERT_EQ(0, write_file("retries", "1"));
	EXPECT_EQ(1, get_u32(self->sock, self->family, S2H_A_RETRIES));
	EXPECT_EQ(1, get_u32(self->sock, self->family, S2H_A_RETRIES));
	EXPECT_EQ(0, nl_do(self->sock, self->family, S2H_CMD_SET, S2H_A_RETRIES, 4));
	EXPECT_EQ(4, get_u32(self->sock, self->family, S2H_A_RETRIES));
	ASSERT_EQ(0, write_file("retries", "2"));
	EXPECT_EQ(2, get_u32(self->sock, self->family, S2H_A_RETRIES));
	EXPECT_EQ(0, nl_do(self->sock, self->family, S2H_CMD_SET, S2H_A_ENABLED, 0));
	EXPECT_EQ(0, get_u32(self->sock, self->family, S2H_A_ENABLED));
	EXPECT_EQ(0, nl_do(self->sock, self->family, S2H_CMD_SET, S2H_A_ENABLED, 1));
	EXPECT_EQ(1, get_u32(self->sock, self->family, S2H_A_ENABLED));
	ASSERT_EQ(0, write_file("retries", "1"));
	EXPECT_EQ(1, get_u32(self->sock, self->family, S2H_A_RETRIES));
}

TEST_HARNESS_MAIN
