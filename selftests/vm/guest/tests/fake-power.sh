# SPDX-License-Identifier: GPL-2.0
#
# The test double itself: s2h_fake_power.ko must behave as the issue-4
# tests assume, or their verdicts mean nothing. Its battery and mains are
# seen through the power_supply class as s2h sees them; the battery drains
# by boottime, across S3 too; fail_hibernations fails exactly that many
# hibernations (the next one is stopped by pm_test before any image).
set -u
. /lib/s2h/lib.sh

BAT=/sys/class/power_supply/s2h-fake-battery
AC=/sys/class/power_supply/s2h-fake-mains

# capacity_between LOW HIGH DESC
capacity_between()
{
	local c

	c=$(cat $BAT/capacity)
	if [ "$c" -ge "$1" ] && [ "$c" -le "$2" ]; then
		ok "$3 ($c %)"
	else
		not_ok "$3 (got $c %, expected $1..$2)"
	fi
}

# hibernate_with_fault: one "echo disk"; prints the shell's error, if any.
hibernate_with_fault()
{
	( echo disk >/sys/power/state ) 2>&1
}

fake_power_load capacity=40 ac_online=0 || exit 1
is_file $BAT/type Battery "battery type is Battery"
is_file $BAT/scope System "battery scope is System"
is_file $BAT/present 1 "battery is present"
is_file $BAT/capacity 40 "capacity is the load-time 40"
is_file $BAT/status Discharging "off mains the battery is discharging"
is_file $AC/type Mains "mains type is Mains"
is_file $AC/online 0 "mains is offline"
check "both supplies have the module's platform device as parent" \
	sh -c "[ -e /sys/devices/platform/s2h_fake_power/power_supply/s2h-fake-battery ] &&
	       [ -e /sys/devices/platform/s2h_fake_power/power_supply/s2h-fake-mains ]"

echo 1 >$FAKE/ac_online
is_file $AC/online 1 "ac_online=1: mains is online"
is_file $BAT/status "Not charging" "on mains the battery is not charging"
write_fails EINVAL $FAKE/ac_online yes
write_fails ERANGE $FAKE/ac_online 2
write_fails ERANGE $FAKE/capacity 101
write_fails ERANGE $FAKE/capacity -1
write_fails ERANGE $FAKE/drain_pct_per_min -5
write_ok $FAKE/capacity 100 100
is_file $BAT/capacity 100 "capacity follows the parameter"

# 600 %/min is 10 % a second: 2 s of boottime drain about 20 %.
echo 600 >$FAKE/drain_pct_per_min
sleep 2
capacity_between 60 85 "drains by boottime: 10 %/s for 2 s"
echo 0 >$FAKE/drain_pct_per_min
c=$(cat $BAT/capacity)
sleep 1
is_file $BAT/capacity "$c" "a drain of 0 stops it where it was"

# 60 %/min across 6 s of S3 (the host wakes us): about 6 % less.
echo 50 >$FAKE/capacity
echo 60 >$FAKE/drain_pct_per_min
host wake-after 6
suspend_mem
capacity_between 40 47 "drains across S3: 1 %/s while suspended"
echo 6000 >$FAKE/drain_pct_per_min
sleep 1
is_file $BAT/capacity 0 "capacity stops at 0"
echo 0 >$FAKE/drain_pct_per_min

swap_on
echo 2 >$FAKE/fail_hibernations
echo freezer >/sys/power/pm_test
for n in 1 2; do
	err=$(hibernate_with_fault)
	case $err in
	*"I/O error"* | *"Input/output error"*)
		ok "hibernation $n fails with EIO" ;;
	*)
		not_ok "hibernation $n fails with EIO (got: '$err')" ;;
	esac
done
is_file $FAKE/fail_hibernations 0 "fail_hibernations counted down to 0"
err=$(hibernate_with_fault)
is "$err" "" "hibernation 3 is not failed (pm_test freezer ends it)"
echo none >/sys/power/pm_test
is "$(dmesg | grep -c 'failing this hibernation')" 2 "the module failed exactly 2"
check "rmmod s2h_fake_power" rmmod s2h_fake_power
check "both supplies are gone" sh -c "[ ! -e $BAT ] && [ ! -e $AC ]"
done_testing
