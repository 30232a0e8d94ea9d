# SPDX-License-Identifier: GPL-2.0
#
# A kept deadline that has passed, and a device that takes 4 s to suspend
# (the fault module's suspend_ms). Another RTC alarm wakes the system
# before s2h's (an "other" wake: the deadline is kept), the system stays up
# past the deadline, and the lid closes again. The alarm used to be armed
# for 5 s: the slow device left alarmtimer_suspend() under 2 s, and it
# aborted the user's suspend (-EBUSY). Now it is armed for the floor,
# 30 s: the suspend goes through, the alarm wakes it and it hibernates.
set -u
. /lib/s2h/lib.sh

fake_power_load || exit 1
fault_load || exit 1
s2h_load delay_sec=8 || exit 1
swap_on
echo 0 >/sys/class/rtc/rtc0/wakealarm
echo +3 >/sys/class/rtc/rtc0/wakealarm
suspend_mem
wait_for $S2H/last_wake other 10 "another RTC alarm woke it first: last_wake is other"
sleep 8
diag "the deadline has passed; a device that takes 4 s to suspend"
echo 4000 >"$FAULT/suspend_ms"
seen=$(wakes_logged)
host expect-poweroff 240
check "the user's suspend went through" sh -c 'echo mem >/sys/power/state'
armed=$(due_after $seen)
is "$armed" 30 "the kept deadline, passed, was armed for the floor (30 s), not 5 s"
wait_for $S2H/stats/resumes_from_hibernation 1 300 "its alarm hibernated" || diag_stats
echo 0 >"$FAULT/suspend_ms"
is_stat aborted 0
is_stat other_wakes 1
is_stat alarm_wakes 1
diag_stats
done_testing
