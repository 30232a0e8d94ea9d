# SPDX-License-Identifier: GPL-2.0
#
# The sysfs interface of s2h: defaults, round trips, rejected input with
# the right errno, read-only files, root-only writes, module parameters.
# No suspend here.  set -e is left out on purpose: a failed check is a TAP
# line, and the test goes on to the next one.
set -u
. /lib/s2h/lib.sh

test_defaults()
{
	local s

	is_file $S2H/enabled 1 "enabled defaults to 1"
	is_file $S2H/delay_sec 10800 "delay_sec defaults to 10800"
	is_file $S2H/state idle "state is idle"
	is_file $S2H/last_wake none "last_wake is none"
	is_file $S2H/hibernate_on_ac 1 "hibernate_on_ac defaults to 1"
	is_file $S2H/battery_threshold 5 "battery_threshold defaults to 5"
	is_file $S2H/policy delay "policy defaults to delay"
	is_file $S2H/battery_check_sec 3600 "battery_check_sec defaults to 3600"
	is_file $S2H/retries 1 "retries defaults to 1"
	is_file $S2H/hibernate_mode shutdown "hibernate_mode defaults to shutdown"
	is_file $S2H/require_verified no "require_verified defaults to no"
	is_file $S2H/delay_low_sec 10800 "delay_low_sec defaults to 10800"
	is_file $S2H/battery_high 0 "battery_high defaults to 0"
	is_file $S2H/ac_delay_sec 0 "ac_delay_sec defaults to 0"
	is_file $S2H/drain_budget 0 "drain_budget defaults to 0"
	is_file $S2H/battery_critical 3 "battery_critical defaults to 3"
	is_file $S2H/thermal_limit 0 "thermal_limit defaults to 0"
	is_file $S2H/hibernate_no_hw_sleep 0 "hibernate_no_hw_sleep defaults to 0"
	is_file $S2H/settle_sec 0 "settle_sec defaults to 0"
	is_file $S2H/advice none "advice is none: no nvidia or amdgpu in the VM"
	is_file $S2H/verified/result never "verified/result is never"
	is_file $S2H/last_cycle/wake none "last_cycle/wake is none"
	is_file $S2H/last_cycle/wake_source "" "last_cycle/wake_source is empty"
	for s in $S2H_STATS; do
		is_stat $s 0
	done
}

test_round_trips()
{
	write_ok $S2H/delay_sec 5 5
	write_ok $S2H/delay_sec 2592000 2592000
	write_ok $S2H/delay_sec +60 60
	write_ok $S2H/delay_sec 3600 3600
	write_ok $S2H/enabled 1 1
	write_ok $S2H/enabled 0 0
	write_ok $S2H/enabled y 1
	write_ok $S2H/enabled n 0
	write_ok $S2H/enabled on 1
	write_ok $S2H/enabled off 0
	write_ok $S2H/enabled true 1
	write_ok $S2H/enabled FALSE 0
	write_ok $S2H/enabled Y 1
	write_ok $S2H/enabled 1 1
	write_ok $S2H/hibernate_on_ac 0 0
	write_ok $S2H/hibernate_on_ac yes 1
	write_ok $S2H/battery_threshold 0 0
	write_ok $S2H/battery_threshold 100 100
	write_ok $S2H/battery_threshold 5 5
	write_ok $S2H/policy battery battery
	write_ok $S2H/policy delay delay
	write_ok $S2H/policy Battery battery
	write_ok $S2H/policy DELAY delay
	write_ok $S2H/battery_check_sec 60 60
	write_ok $S2H/battery_check_sec 3600 3600
	write_ok $S2H/retries 0 0
	write_ok $S2H/retries 10 10
	write_ok $S2H/retries 1 1
	write_ok $S2H/hibernate_mode suspend suspend
	write_ok $S2H/hibernate_mode shutdown shutdown
	write_ok $S2H/hibernate_mode Suspend suspend
	write_ok $S2H/ac_delay_sec 0 0
	write_ok $S2H/ac_delay_sec 86400 86400
	write_ok $S2H/drain_budget 100 100
	write_ok $S2H/battery_critical 0 0
	write_ok $S2H/hibernate_mode shutdown shutdown
	write_ok $S2H/require_verified 1 hibernation
	write_ok $S2H/require_verified wake wake
	write_ok $S2H/require_verified Both both
	write_ok $S2H/require_verified yes hibernation
	write_ok $S2H/require_verified 0 no
	write_ok $S2H/thermal_limit 150000 150000
	write_ok $S2H/thermal_limit 90000 90000
	write_ok $S2H/hibernate_no_hw_sleep yes 1
	write_ok $S2H/hibernate_no_hw_sleep 0 0
	write_ok $S2H/settle_sec 600 600
	write_ok $S2H/settle_sec 0 0
}

# Every bad value leaves the current one (3600) in place.
test_bad_input()
{
	write_fails EINVAL $S2H/delay_sec abc
	write_fails EINVAL $S2H/delay_sec -5
	write_fails EINVAL $S2H/delay_sec 12abc
	write_fails EINVAL $S2H/delay_sec ""
	write_fails EINVAL $S2H/delay_sec " 60"
	write_fails EINVAL $S2H/delay_sec ++60
	write_fails ERANGE $S2H/delay_sec 99999999999999999999
	write_fails ERANGE $S2H/delay_sec 4
	write_fails ERANGE $S2H/delay_sec 2592001
	write_fails EINVAL $S2H/enabled maybe
	write_fails EINVAL $S2H/hibernate_on_ac 2
	write_fails ERANGE $S2H/battery_threshold 101
	write_fails EINVAL $S2H/battery_threshold 5%
	write_fails EINVAL $S2H/policy sometimes
	write_fails EINVAL $S2H/policy batteries
	write_fails EINVAL $S2H/enabled truee
	write_fails ERANGE $S2H/battery_check_sec 59
	write_fails ERANGE $S2H/retries 11
	write_fails EINVAL $S2H/retries -1
	write_fails EINVAL $S2H/hibernate_mode platform
	write_fails EINVAL $S2H/require_verified perhaps
	write_fails ERANGE $S2H/delay_low_sec 4
	write_fails ERANGE $S2H/ac_delay_sec 2592001
	write_fails EINVAL $S2H/ac_delay_sec never
	write_fails ERANGE $S2H/battery_high 101
	write_fails ERANGE $S2H/drain_budget 101
	write_fails EINVAL $S2H/battery_critical -1
	write_fails ERANGE $S2H/battery_critical 101
	write_fails ERANGE $S2H/handoff_sec 601
	write_fails ERANGE $S2H/handoff_sec 4294967296
	write_fails EINVAL $S2H/handoff_sec 10s
	write_fails ERANGE $S2H/thermal_limit 150001
	write_fails EINVAL $S2H/thermal_limit 90C
	write_fails EINVAL $S2H/thermal_limit -1
	write_fails ERANGE $S2H/settle_sec 601
	write_fails EINVAL $S2H/settle_sec 30s
	is_file $S2H/thermal_limit 90000 "thermal_limit kept at 90000"
	write_fails EINVAL $S2H/hibernate_no_hw_sleep sometimes
}

test_read_only()
{
	local s

	write_fails EACCES $S2H/state idle
	write_fails EACCES $S2H/last_wake none
	# Computed at each read (the swap needed follows the memory in use):
	# nothing to keep.
	write_refused EACCES $S2H/available yes
	write_refused EACCES $S2H/checks/swap ok
	write_refused EACCES $S2H/swap_free_mb 0
	write_fails EACCES $S2H/verified/result never
	write_fails EACCES $S2H/last_cycle/wake none
	for s in $S2H_STATS; do
		write_fails EACCES $S2H/stats/$s 0
	done
}

test_non_root()
{
	if ! add_user || ! su -s /bin/sh s2huser -c 'test "$(id -u)" = 1000'; then
		skip "non-root writes" "busybox su cannot switch to uid 1000"
		return
	fi
	write_fails EACCES $S2H/delay_sec 60 s2huser
	write_fails EACCES $S2H/enabled 0 s2huser
	write_fails EACCES $S2H/policy battery s2huser
	write_fails EACCES $S2H/retries 3 s2huser
}

test_module_params()
{
	s2h_unload
	s2h_load delay_sec=8 && is_file $S2H/delay_sec 8 "module parameter delay_sec=8 shows in delay_sec"
	s2h_unload
	s2h_load enabled=0 && is_file $S2H/enabled 0 "module parameter enabled=0 shows in enabled"
	s2h_unload
	s2h_load policy=battery retries=3 hibernate_mode=suspend &&
		is_file $S2H/policy battery "module parameter policy=battery shows in policy" &&
		is_file $S2H/retries 3 "module parameter retries=3 shows in retries" &&
		is_file $S2H/hibernate_mode suspend "module parameter hibernate_mode=suspend shows"
	s2h_unload
	if insmod $S2H_KO policy=sometimes 2>/dev/null; then
		not_ok "insmod s2h.ko policy=sometimes fails (it loaded)"
		rmmod s2h
	else
		ok "insmod s2h.ko policy=sometimes fails"
	fi
	if insmod $S2H_KO delay_sec=1 2>/dev/null; then
		not_ok "insmod s2h.ko delay_sec=1 fails (it loaded)"
		rmmod s2h
	else
		ok "insmod s2h.ko delay_sec=1 fails"
	fi
	check "no /sys/power/s2h after the failed insmod" test ! -e $S2H
	s2h_load
}

s2h_load || exit 1
test_defaults
test_round_trips
test_bad_input
test_read_only
test_non_root
test_module_params
done_testing
