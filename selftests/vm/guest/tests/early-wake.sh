# SPDX-License-Identifier: GPL-2.0
#
# A wake before delay_sec (QMP system_wakeup after 3 s, delay 60 s) must
# leave the system running: no hibernation.
set -u
. /lib/s2h/lib.sh

s2h_load delay_sec=60 || exit 1
swap_on
host wake-after 3
suspend_mem

wait_for $S2H/last_wake early 10 "last_wake is early"
wait_for $S2H/state idle 10 "state back to idle"
sleep 2
is_stat hibernations 0
is_stat early_wakes 1
is_stat alarm_wakes 0
is_stat suspends 1
# debugfs: each callback timed once, in some nanoseconds, the checks in
# their worker (device_prepare waited for them: the suspend was armed) and
# the wake's work, which reading the state above waited for.
overhead=$(awk '$1 !~ /^#/ {
	printf "%s %s %s;", $1, $2, ($3 > 0 && $3 <= $4 && $4 <= $5) ? "timed" : "untimed" }' \
	/sys/kernel/debug/s2h/overhead_ns 2>&1)
is "$overhead" "suspend_prepare 1 timed;device_prepare 1 timed;post_suspend 1 timed;checks 1 timed;wake 1 timed;" \
	"debugfs overhead_ns counts one suspend, its arming, its checks and its wake"
host_check expect-running
diag_stats
done_testing
