# SPDX-License-Identifier: GPL-2.0
#
# A suspend of the user's while s2h backs off after a failed hibernation:
# the hibernation fails (the fake module, -EIO), and s2h's suspend for the
# retry is refused by a task that will not freeze (the fake module fails
# suspends a kernel thread starts); between its tries the user's suspend
# comes. It takes the retry's place: the cycle goes on, armed for the
# retry's delay, and that alarm's retry hibernates and resumes.
set -u
. /lib/s2h/lib.sh

fake_power_load fail_hibernations=1 fail_kthread_suspends=3 || exit 1
s2h_load delay_sec=12 retries=1 || exit 1
swap_on
s2hctl monitor >/tmp/events 2>&1 &
sleep 1
suspend_mem
wait_for $S2H/stats/sleep_failures 1 60 "s2h's suspend for the retry was refused"
first=$(cat $S2H/last_cycle/suspended_at)
host expect-poweroff 240
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 300 "the retry resumed from its image" ||
	diag_stats
wait_for $S2H/state idle 30 "state back to idle"
check "the user's suspend took the retry's place" \
	sh -c 'dmesg | grep -q "a suspend or hibernation of the user.s before s2h.s own: it takes its place"'
check "... s2h's retries of its own suspend stopped" \
	sh -c 'dmesg | grep -q "superseded by a transition of the user.s: no going back to sleep"'
is "$(cat $S2H/last_cycle/suspended_at)" "$first" "the cycle went on: same suspended_at"
check "the user's suspend was armed for the retry's delay, 12 s" \
	sh -c 'dmesg | grep -q "next try in 12 s" &&
		grep "^armed delay=" /tmp/events | tail -n 1 | grep -qx "armed delay=12s"' ||
	diag "$(cat /tmp/events)"
is_stat hibernations 2
is_stat hibernate_failures 1
is_stat hibernate_retries 1
diag_stats
done_testing
