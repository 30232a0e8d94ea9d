# SPDX-License-Identifier: GPL-2.0
#
# The kernel's own ynl CLI (tools/net/ynl of Debian's linux-source 6.12 and
# 7.x), knowing s2h by its spec alone, against the module: get (as sysfs
# reads), set (sysfs shows it), a value out of range and an unprivileged
# set refused with the values kept, the events group, the history dump
# of the one cycle (an early wake) the test starts with, and on 7.x the
# policy the kernel reports for set.
# Needs the tree of selftests/netlink/ynl-guest.py in the initramfs
# (VM_GUEST_TREES): /bin/ynl SERIES ARGS..., and Python for it.
set -u
. /lib/s2h/lib.sh

# The first value of "KEY" in ynl's JSON output FILE: a number or a word.
jget()
{
	grep -o "\"$1\": \"\{0,1\}[a-z0-9_-]*" "$2" | head -n 1 | sed 's/.*: "\{0,1\}//'
}

test_get()
{
	local s=$1 out=/tmp/get.$1

	check "$s: ynl --do get" ynl "$s" --do get --output-json >$out || return
	is "$(jget enabled $out) $(jget delay-sec $out) $(jget policy $out) $(jget state $out)" \
		"$(cat $S2H/enabled) $(cat $S2H/delay_sec) $(cat $S2H/policy) $(cat $S2H/state)" \
		"$s: get's enabled, delay-sec, policy and state are sysfs' values"
	is "$(jget resumes-from-hibernation $out)" "$(cat $S2H/stats/resumes_from_hibernation)" \
		"$s: get's stats nest holds the counters"
	is "$(jget result $out)" never "$s: get's verified nest: result never"
	check "$s: get without checks replies no checks-failed" \
		sh -c "! grep -q checks-failed $out"
	check "$s: ynl --do get with checks" \
		ynl "$s" --do get --json '{"checks": true}' --output-json >$out.checks || return
	check "$s: get with checks replies checks-failed" grep -q '"checks-failed"' $out.checks
	is "$(jget swap-free-mb $out.checks)" "$(cat $S2H/swap_free_mb)" \
		"$s: get with checks: swap-free-mb is sysfs' value"
}

test_set()
{
	local s=$1

	check "$s: ynl --do set delay-sec 600, hibernate-on-ac 0, policy battery" \
		ynl "$s" --do set --json '{"delay-sec": 600, "hibernate-on-ac": 0, "policy": "battery"}'
	is "$(cat $S2H/delay_sec) $(cat $S2H/hibernate_on_ac) $(cat $S2H/policy)" "600 0 battery" \
		"$s: sysfs shows the three values set"
	echo 10800 >$S2H/delay_sec
	echo 1 >$S2H/hibernate_on_ac
	echo delay >$S2H/policy
}

# refused DESC WORDS ARGS...: ynl exits 1 naming WORDS; the settings stay.
refused()
{
	local desc=$1 words=$2 before out status

	shift 2
	before=$(cat $S2H/delay_sec $S2H/retries)
	out=$("$@" 2>&1)
	status=$?
	case "$status:$out" in
	1:*"$words"*)	ok "$desc: exit 1, '$words'" ;;
	*)		not_ok "$desc (exit $status: $out)" ;;
	esac
	is "$(cat $S2H/delay_sec $S2H/retries)" "$before" "$desc: delay_sec and retries kept"
}

test_refused()
{
	local s=$1

	refused "$s: set delay-sec 4" "out of range" \
		ynl "$s" --do set --json '{"delay-sec": 4}'
	refused "$s: set retries 3 as uid 1000" "Operation not permitted" \
		su -s /bin/sh s2huser -c "ynl $s --do set --json '{\"retries\": 3}'"
	refused "$s: the kernel's words for uid 1000" "changing s2h needs CAP_SYS_ADMIN" \
		su -s /bin/sh s2huser -c "ynl $s --do set --json '{\"retries\": 3}'"
	check "$s: uid 1000 may get" su -s /bin/sh s2huser -c "ynl $s --do get >/dev/null"
}

# Subscribed for 15 s; retries changes every second meanwhile, each a
# config event, until the CLI exits (6.12 prints its queue then, 7.x as
# they come): however long Python takes to start, some arrive.
test_subscribe()
{
	local s=$1 out=/tmp/ntf.$1 pid i=0

	ynl "$s" --subscribe events --sleep 15 --output-json >$out 2>&1 &
	pid=$!
	while kill -0 $pid 2>/dev/null && [ $i -lt 90 ]; do
		echo $((i % 2 + 2)) >$S2H/retries
		sleep 1
		i=$((i + 1))
	done
	wait $pid
	is "$?" 0 "$s: ynl --subscribe events exits 0"
	check "$s: it printed config events (event-ntf)" grep -q '"name": "event-ntf"' $out
	check "$s: each with the settings, retries 2 or 3" \
		grep -q '"event": "config".*"retries": [23]' $out
	diag "$s: $(grep -o '"event": "config"' $out | wc -l) config events of $i changes"
	echo 1 >$S2H/retries
}

# The history holds the cycle of the suspend at the start, as last_cycle/ shows it.
test_dump()
{
	local s=$1 out=/tmp/dump.$1

	check "$s: ynl --dump history-get" ynl "$s" --dump history-get --output-json >$out || return
	is "$(grep -o '"seq": [0-9]*' $out | wc -l)" 1 "$s: history-get dumps one cycle"
	is "$(jget seq $out) $(jget wake $out) $(jget decision $out) $(jget wakes $out)" \
		"$(cat $S2H/last_cycle/seq) early none 1" \
		"$s: its seq, wake, decision and wakes are last_cycle's"
	is "$(jget armed-ms $out)" "$(cat $S2H/last_cycle/armed_ms)" "$s: its armed-ms is last_cycle's"
}

# What the running kernel says it accepts, next to the spec's checks.
test_policy()
{
	local s=$1 out=/tmp/policy.$1

	check "$s: ynl --policy --do set" ynl "$s" --policy --do set --output-json >$out || return
	check "$s: delay-sec is 5 .. 2592000 in the kernel's policy" \
		grep -q '"delay-sec": {[^}]*"min-value": 5[^}]*"max-value": 2592000' $out &&
		check "$s: require-verified is at most 3 (both)" \
			grep -q '"require-verified": {[^}]*"max-value": 3[,}]' $out ||
		diag "$s: the policy: $(cut -c 1-200 $out) ..."
}

check "ynl is in the initramfs" test -x /bin/ynl || { done_testing; exit 1; }
s2h_load || exit 1
unprivileged_user
swap_on
host wake-after 1
suspend_mem
wait_for $S2H/last_cycle/wake early 30 "one cycle, ended by an early wake"
for series in $(ls /ynl); do
	[ -r /ynl/$series/cli.py ] || continue
	start=$(date +%s)
	test_get "$series"
	test_set "$series"
	test_refused "$series"
	test_subscribe "$series"
	test_dump "$series"
	[ "${series%%.*}" -ge 7 ] && test_policy "$series"
	diag "$series: $(($(date +%s) - start)) s"
done
done_testing
