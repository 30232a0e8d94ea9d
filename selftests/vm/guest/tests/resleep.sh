# SPDX-License-Identifier: GPL-2.0
#
# Going back to sleep fails: after the alarm's dark wake (hibernate_on_ac=0
# on mains), s2h's own suspend is refused twice (the fake module fails
# suspends started by a kernel thread, as a device that refuses to
# suspend); s2h tells of each failure and tries again, and the third try
# puts the machine back in S3 - never left awake.
set -u
. /lib/s2h/lib.sh

fake_power_load fail_kthread_suspends=2 || exit 1
s2h_load delay_sec=8 hibernate_on_ac=0 || exit 1
s2hctl monitor >/tmp/events 2>&1 &
monitor=$!
swap_on
host expect-resuspend 90
host wake-after 2
suspend_mem

# Runs between the refused tries: wait for the host's wake to end it all.
wait_for $S2H/last_wake early 120 "the host's wake after the re-sleep is early"
wait_for $S2H/state idle 10 "state is idle"
is_stat alarm_wakes 1
is_stat dark_wakes 1
is_stat sleep_failures 2
is_stat hibernations 0
is_stat early_wakes 1
check "each failure was told, with its error" \
	sh -c 'dmesg | grep -Eq "going back to sleep failed \((-EBUSY|-16)\), try 2 of 4"'
check "no hibernation image written" sh -c '! dmesg | grep -q "PM: Image saving"'
check "monitor: sleep_failed events, with the error" grep -q "^sleep_failed error=EBUSY$" /tmp/events
kill $monitor
diag_stats
done_testing
