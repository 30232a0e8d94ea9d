# SPDX-License-Identifier: GPL-2.0
#
# The user's suspend comes between s2h's decision to hibernate and the
# hibernation: s2h's work stalls on a wakeup event in progress (the fake
# module holds one) while the user suspends and the host wakes the system.
# Meanwhile rmmod is refused at once instead of hanging on the pending
# work. The user's suspend takes the hibernation's place: it is armed as
# s2h's own would have been (30 s: the deadline has passed), so it never
# sleeps without an alarm; the host's wake before that is the user's, and
# s2h's stalled work, once the event ends, finds itself superseded: no
# image is written right after the user's wake.
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
# Only rmmod's own refusal (EBUSY: status 1) passes: a hung rmmod that
# timeout kills ends non-zero too (124, or 143 for busybox's, killed by its
# SIGTERM), and 0 is an unload.
timeout 10 rmmod s2h 2>/dev/null
is $? 1 "rmmod is refused at once while the hibernation work is pending (status 1, not a hang killed)"
check "s2h is still loaded" test -d $S2H
host wake-after 3
suspend_mem
diag "the user's suspend ended"
echo 0 >$FAKE/hold_wakeup

wait_for $S2H/state idle 30 "state is idle"
# The stalled work goes on once the event ended: at its next look, 0.1 s.
check "s2h's stalled work found itself superseded" sh -c '
	for i in $(seq 50); do
		dmesg | grep -q "superseded by a transition of the user.s: no hibernation" && exit 0
		sleep 0.2
	done
	exit 1'
check "the user's suspend took the hibernation's place" \
	sh -c 'dmesg | grep -q "a suspend or hibernation of the user.s before s2h.s own: it takes its place"'
check "... armed as the hibernation's own: 30 s" \
	sh -c '[ "$(grep -c "^armed delay=" /tmp/events)" = 2 ] && grep -qx "armed delay=30s" /tmp/events' ||
	diag "$(cat /tmp/events)"
is_stat alarm_wakes 1
is_stat early_wakes 1
is_stat cancelled 0
is_stat hibernate_failures 0
is_stat resumes_from_hibernation 0
check "no hibernation image written" sh -c '! dmesg | grep -q "PM: Image saving"'
host_check expect-running
check "monitor: no hibernate_result for the superseded work" sh -c '! grep -q "^hibernate_result" /tmp/events'
kill $monitor
diag_stats
s2h_unload
done_testing
