# SPDX-License-Identifier: GPL-2.0
#
# A wakeup source that never ends its event (a driver's leaked
# pm_stay_awake(); the fake module holds one): a read of
# /sys/power/wakeup_count waits for it for ever, and s2h's work, which did
# that read before hibernating, stayed in "hibernating" with the machine
# awake. s2h waits 20 s for the sources to go idle, then hibernates without
# the wakeup-event check, and names the source.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

fake_power_load || exit 1
s2h_load delay_sec=8 || exit 1
swap_on
echo 1 >$FAKE/hold_wakeup
host expect-poweroff 240
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 300 "resumed from hibernation, the source held" ||
	diag_stats
wait_for $S2H/state idle 30 "state back to idle"
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact"
is_stat hibernations 1
is_stat hibernate_failures 0
check "the log names the source that stayed active, and the wait" \
	sh -c 'dmesg | grep -q "wakeup source s2h_fake_power active for 20000 ms: going on without the wakeup event check"' ||
	diag "$(dmesg | grep 'wakeup source')"
echo 0 >$FAKE/hold_wakeup
diag_stats
done_testing
