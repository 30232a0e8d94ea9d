# SPDX-License-Identifier: GPL-2.0
#
# Nothing works: every try to go back to sleep is refused, and so is the
# hibernation s2h falls back to. s2h says so loudly, counts every failure
# and leaves the kernel's wakeup-count check disarmed, so that the user's
# next suspend is not aborted by the events of the failed ones.
set -u
. /lib/s2h/lib.sh

fake_power_load fail_kthread_suspends=4 fail_hibernations=1 || exit 1
s2h_load delay_sec=8 hibernate_on_ac=0 || exit 1
swap_on
suspend_mem

wait_for $S2H/stats/sleep_failures 4 60 "four tries to go back to sleep failed"
wait_for $S2H/stats/hibernate_failures 1 30 "the hibernation it fell back to failed"
wait_for $S2H/state idle 30 "state is idle"
check "s2h fell back to hibernation" \
	sh -c 'dmesg | grep -q "cannot go back to sleep: hibernating instead"'
check "and said it stays up when that failed too" \
	sh -c 'dmesg | grep -q "cannot hibernate nor go back to sleep"'
is_stat hibernations 1
is_stat dark_wakes 1

# The user's suspend now sleeps: the wakeup-count check was disarmed.
host wake-after 3
suspend_mem
wait_for $S2H/last_wake early 10 "the user's suspend slept and woke early"
is_stat aborted 0
diag_stats
done_testing
