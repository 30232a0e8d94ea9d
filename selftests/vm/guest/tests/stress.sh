# SPDX-License-Identifier: GPL-2.0
#
# 50 suspend cycles in one boot, alternating an alarm wake whose
# hibernation fails (s2h_fake_power's fail_hibernations; retries=0 and
# battery_critical=0, so s2h goes back to sleep unarmed and the host ends
# it) and an early QMP wake,
# while two writers hammer sysfs and netlink with valid and invalid values.
# The counters must add up exactly. Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

CYCLES=50

# Valid values that change nothing the cycles depend on, and invalid ones.
sysfs_writer()
{
	local n=0

	while [ ! -e /tmp/stop ]; do
		echo 5 >$S2H/delay_sec
		echo 4 >$S2H/delay_sec 2>/dev/null
		echo maybe >$S2H/enabled 2>/dev/null
		echo 0 >$S2H/retries
		echo sometimes >$S2H/policy 2>/dev/null
		n=$((n + 5))
		echo $n >/tmp/sysfs.count
	done
}

netlink_writer()
{
	local n=0

	while [ ! -e /tmp/stop ]; do
		s2hctl set delay 5s retries 0 >/dev/null 2>&1
		s2h-nltest refuse 9 >/dev/null 2>&1 || echo "refused SETs changed settings" >>/tmp/writer.err
		s2hctl show -j >/dev/null 2>&1
		n=$((n + 11))
		echo $n >/tmp/netlink.count
	done
}

fake_power_load capacity=50 ac_online=1 || exit 1
s2h_load delay_sec=5 retries=0 battery_critical=0 || exit 1
swap_on
sysfs_writer &
netlink_writer &

# An alarm cycle is two suspends, the user's and s2h's own after the
# failure: the next cycle starts once s2h's is over, as this shell, frozen
# in it, sees the count.
alarms=0
earlies=0
for i in $(seq 1 $CYCLES); do
	if [ $((i % 2)) = 1 ]; then
		echo 1 >$FAKE/fail_hibernations
		host expect-resuspend 60
		host wake-after 0
		alarms=$((alarms + 1))
	else
		host wake-after 1
		earlies=$((earlies + 1))
	fi
	echo mem >/sys/power/state
	wait_for $S2H/stats/suspends $((earlies + 2 * alarms)) 60 "cycle $i: every suspend seen"
	wait_for $S2H/state idle 30 "cycle $i: back to idle"
	sleep 0.5
done
touch /tmp/stop
wait

diag "figures: $CYCLES cycles ($alarms alarm wakes with a failed hibernation, $earlies early wakes), $(cat /tmp/sysfs.count) sysfs writes, $(cat /tmp/netlink.count) netlink messages"
is_stat alarm_wakes $alarms
is_stat early_wakes $earlies
is_stat hibernations $alarms
is_stat hibernate_failures $alarms
is_stat resuspends $alarms
is_stat suspends $((CYCLES + alarms))
is_stat aborted 0
is_stat not_armed 0
is_file $S2H/retries 0 "retries as the writers left it"
is_file $S2H/delay_sec 5 "delay_sec as the writers left it"
check "no out-of-range SET changed a setting" test ! -s /tmp/writer.err
diag_stats
done_testing
