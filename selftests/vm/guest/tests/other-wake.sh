# SPDX-License-Identifier: GPL-2.0
#
# Another RTC alarm (a wake timer, set through rtc0's wakealarm) wakes the
# system before s2h's: no user is known to be back, so the wake is "other",
# and a suspend that follows soon keeps s2h's deadline instead of starting
# a full delay again - a laptop woken every few minutes still hibernates.
set -u
. /lib/s2h/lib.sh

s2h_load delay_sec=60 || exit 1
s2hctl monitor >/tmp/events 2>&1 &
monitor=$!
swap_on
echo 0 >/sys/class/rtc/rtc0/wakealarm
echo +10 >/sys/class/rtc/rtc0/wakealarm
host stay-suspended 5
suspend_mem

wait_for $S2H/last_wake other 10 "the RTC's other alarm woke it: last_wake is other"
is_stat other_wakes 1
is_stat early_wakes 0
is_stat alarm_wakes 0
is_stat hibernations 0
is_file $S2H/last_cycle/other_wakes 1 "last_cycle: one other wake"
check "last_cycle: the RTC's wakeup source named ($(cat $S2H/last_cycle/wake_source))" \
	test -n "$(cat $S2H/last_cycle/wake_source)"
check "s2hctl show counts it" sh -c "s2hctl show | grep -q 'other wakes      1'"
first=$(cat $S2H/last_cycle/suspended_at)

seen=$(wakes_logged)
host wake-after 3
suspend_mem
armed=$(due_after $seen)
diag "second suspend armed for $armed s"
check "the second suspend kept the deadline (armed for $armed s, under 60)" \
	test "${armed:-60}" -lt 60 -a "${armed:-0}" -ge 5
is "$(cat $S2H/last_cycle/suspended_at)" "$first" "the cycle went on: same suspended_at"
wait_for $S2H/last_wake early 10 "the host's wake is early"
is_stat suspends 2
check "monitor: the other_wake event" grep -qx "other_wake" /tmp/events
kill $monitor
diag_stats
done_testing
