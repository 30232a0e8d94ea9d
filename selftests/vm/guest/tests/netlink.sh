# SPDX-License-Identifier: GPL-2.0
#
# s2hctl against the module: set/show round trips, sysfs and netlink as two
# views of one state, values refused (nothing changed), an unprivileged user,
# and the module missing, and a GET after a suspend (one that pm_test stops
# at the freezer). The policy settings one by one: netlink-policy.sh.
# Needs /bin/s2hctl (static) in the initramfs.
set -u
. /lib/s2h/lib.sh

# show -j's value for KEY: a number, true/false, or a word without quotes.
json()
{
	s2hctl show -j | sed -n "s/.*\"$1\":\"\{0,1\}\([a-z0-9_]*\).*/\1/p"
}

# s2hctl_fails STATUS WORDS DESC ARGS...: exits STATUS, stderr holds WORDS.
s2hctl_fails()
{
	local want=$1 words=$2 desc=$3 err status

	shift 3
	err=$(s2hctl "$@" 2>&1 >/dev/null)
	status=$?
	case "$status:$err" in
	"$want:"*"$words"*)	ok "$desc: exit $want, '$err'" ;;
	*)			not_ok "$desc (exit $status, stderr '$err')" ;;
	esac
}

# The last dry run's result, as show -j has it.
verify_result()
{
	s2hctl show -j | sed -n 's/.*"verified":{"result":"\([a-z]*\)".*/\1/p'
}

settings()
{
	echo "$(cat $S2H/enabled) $(cat $S2H/delay_sec)"
}

test_show()
{
	local out

	out=$(s2hctl show)
	check "s2hctl show exits 0" test $? = 0
	case $out in
	*"delay:"*" 3h (10800 s)"*) ok "show prints the default delay as '3h (10800 s)'" ;;
	*) not_ok "show prints the default delay as '3h (10800 s)' (got: $out)" ;;
	esac
	is "$(json enabled) $(json delay_sec) $(json state) $(json last_wake)" \
		"true 10800 idle none" "show -j: enabled, delay_sec, state, last_wake"
	is "$(json resumes_from_hibernation)" 0 "show -j: stats.resumes_from_hibernation"
	is "$(s2hctl show -j | sed -n 's/.*"stats":{\([^}]*\)}.*/\1/p' | tr , '\n' | grep -c .)" \
		"$(ls $S2H/stats | wc -l)" "show -j: as many counters as stats/ has files"
	is "$(json policy) $(json hibernate_mode) $(json retries) $(json battery_threshold)" \
		"delay shutdown 1 5" "show -j: policy, hibernate_mode, retries, battery_threshold"
}

test_set()
{
	check "s2hctl set delay 1h30m" s2hctl set delay 1h30m
	is_file $S2H/delay_sec 5400 "sysfs delay_sec reads 5400 after set delay 1h30m"
	is "$(json delay_sec)" 5400 "show -j delay_sec is 5400"
	check "s2hctl set enabled no delay 2h" s2hctl set enabled no delay 2h
	is "$(settings)" "0 7200" "sysfs: enabled 0, delay_sec 7200 after one set of both"
	is "$(json enabled)" false "show -j enabled is false"
	check "s2hctl enable" s2hctl enable
	is_file $S2H/enabled 1 "sysfs enabled reads 1 after s2hctl enable"
	check "s2hctl disable" s2hctl disable
	is_file $S2H/enabled 0 "sysfs enabled reads 0 after s2hctl disable"
	check "s2hctl set delay 90 enabled on" s2hctl set delay 90 enabled on
	is "$(settings)" "1 90" "sysfs: enabled 1, delay_sec 90"
}

test_sysfs_to_netlink()
{
	echo 3600 >$S2H/delay_sec
	is "$(json delay_sec)" 3600 "sysfs write 3600 seen by show -j"
	echo off >$S2H/enabled
	is "$(json enabled)" false "sysfs write off seen by show -j"
	echo 1 >$S2H/enabled
	is "$(json enabled)" true "sysfs write 1 seen by show -j"
}

# show -j's counters, as one line.
stats_json()
{
	s2hctl show -j | sed -n 's/.*"stats":{\([^}]*\)}.*/\1/p'
}

# A GET after a suspend has its counters, not those of the GET before it:
# the module serves the last reply's attributes again while nothing changed.
# pm_test stops the suspend at the freezer: armed, aborted, no sleep.
test_get_after_suspend()
{
	local before

	swap_on
	before=$(stats_json)
	echo deep >/sys/power/mem_sleep
	echo freezer >/sys/power/pm_test
	suspend_mem
	echo none >/sys/power/pm_test
	check "show -j's counters changed with the suspend" test "$(stats_json)" != "$before"
	is "$(json suspends) $(json aborted)" \
		"$(cat $S2H/stats/suspends) $(cat $S2H/stats/aborted)" \
		"show -j: suspends and aborted as sysfs has them after the suspend"
	is "$(json last_wake)" "$(cat $S2H/last_wake)" "show -j: last_wake as sysfs has it"
}

# s2hctl judges ranges as the kernel does, before sending: its message names
# the setting and the range. (The kernel's own refusals: s2h-nltest.)
test_refused()
{
	local before

	before=$(settings)
	s2hctl_fails 2 "delay: '4' is out of range" "set delay 4 refused" set delay 4
	s2hctl_fails 2 "out of range" "set delay 31d refused" set delay 31d
	s2hctl_fails 2 "(5s .. 30d)" "the refusal gives the allowed range" set delay 0
	is "$(settings)" "$before" "settings unchanged after the refusals"
	s2hctl_fails 2 "delay: '1'" "set enabled no delay 1: refused whole" set enabled no delay 1
	is "$(settings)" "$before" "enabled unchanged: a SET applies all or nothing"
	s2hctl_fails 2 "'1h30'" "a usage error never reaches the kernel" set delay 1h30
}

test_unprivileged()
{
	local before err status

	add_user
	if ! su -s /bin/sh s2huser -c 'test "$(id -u)" = 1000'; then
		skip "unprivileged s2hctl" "busybox su cannot switch to uid 1000"
		return
	fi
	before=$(settings)
	check "uid 1000: s2hctl show works" su -s /bin/sh s2huser -c 's2hctl show >/dev/null'
	check "uid 1000: s2hctl show -j works" su -s /bin/sh s2huser -c 's2hctl show -j >/dev/null'
	err=$(su -s /bin/sh s2huser -c 's2hctl set delay 1h' 2>&1)
	status=$?
	case "$status:$err" in
	1:*CAP_SYS_ADMIN*)	ok "uid 1000: set delay 1h refused: '$err'" ;;
	*)			not_ok "uid 1000: set delay 1h refused (exit $status: $err)" ;;
	esac
	err=$(su -s /bin/sh s2huser -c 's2hctl disable' 2>&1)
	is "$?" 1 "uid 1000: disable refused ($err)"
	is "$(settings)" "$before" "uid 1000 changed nothing"
	err=$(su -s /bin/sh s2huser -c 's2hctl check --verify' 2>&1)
	status=$?
	case "$status:$err" in
	1:*CAP_SYS_ADMIN*)	ok "uid 1000: check --verify refused: '$err'" ;;
	*)			not_ok "uid 1000: check --verify refused (exit $status: $err)" ;;
	esac
	is "$(verify_result)" never "uid 1000 started no dry run: verified.result still never"
}

test_not_loaded()
{
	s2h_unload
	s2hctl_fails 3 "the s2h module is not installed for Linux $(uname -r)" \
		"without the module, show says so and exits 3" show
	s2hctl_fails 3 "the s2h module is not" "without the module, set says so" \
		set delay 1h
	s2hctl_fails 3 "the s2h module is not" "without the module, check exits 3, not 1" check
	s2h_load
}

check "s2hctl is in the initramfs" test -x /bin/s2hctl || { done_testing; exit 1; }
s2h_load || exit 1
test_show
test_set
test_sysfs_to_netlink
test_get_after_suspend
test_refused
test_unprivileged
test_not_loaded
done_testing
