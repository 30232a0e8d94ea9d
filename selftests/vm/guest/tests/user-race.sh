# SPDX-License-Identifier: GPL-2.0
#
# The user's suspend comes between s2h's decision to hibernate and the
# hibernation: s2h's work stalls on a wakeup event in progress (the fake
# module holds one) while the user suspends and the host wakes the system.
# Meanwhile rmmod is refused at once instead of hanging on the pending
# work. Once the event ends, s2h sees the user's suspend came first and
# drops its hibernation: no image is written right after the user's wake.
set -u
. /lib/s2h/lib.sh

fake_power_load || exit 1
s2h_load delay_sec=8 || exit 1
s2hctl monitor >/tmp/events 2>&1 &
monitor=$!
swap_on
echo 1 >$FAKE/hold_wakeup
suspend_mem

wait_for $S2H/state hibernating 20 "the alarm woke it, hibernation is pending"
check "rmmod is refused at once while the hibernation work is pending" \
	sh -c '! timeout 10 rmmod s2h 2>/dev/null'
check "s2h is still loaded" test -d $S2H
host wake-after 3
suspend_mem
diag "the user's suspend ended"
echo 0 >$FAKE/hold_wakeup

wait_for $S2H/state idle 30 "state is idle"
is_stat cancelled 1
is_stat hibernate_failures 0
is_stat resumes_from_hibernation 0
check "no hibernation image written" sh -c '! dmesg | grep -q "PM: Image saving"'
host_check expect-running
check "monitor: the cancelled event" grep -qx "cancelled" /tmp/events
kill $monitor
s2h_unload
diag_stats
done_testing
