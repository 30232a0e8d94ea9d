# SPDX-License-Identifier: GPL-2.0
#
# The whole cycle, over two boots: suspend, the s2h alarm wakes the system
# after delay_sec, s2h hibernates it (QEMU powers off), the second boot
# resumes the image and this script goes on where it was.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

s2h_load delay_sec=8 || exit 1
swap_on
host expect-poweroff 90
suspend_mem

# Still boot 1 until the image is written; then boot 2, resumed.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact after resume"
wait_for $S2H/state idle 30 "state back to idle"
is_stat alarm_wakes 1
is_stat hibernations 1
is_stat early_wakes 0
is_file $S2H/last_wake alarm "last_wake is alarm"
is_file $S2H/last_cycle/decision hibernate "last_cycle: hibernate"
is_file $S2H/last_cycle/result 0 "last_cycle: the hibernation came back"
is_file $S2H/last_cycle/battery_wakes -1 "last_cycle: one wake, no battery in the VM"
# Boottime goes on over the image, as the RTC tells at the resume: seconds.
hib=$(cat $S2H/last_cycle/hibernating_ms)
check "last_cycle: hibernating_ms counts the image's time ($hib ms)" test "$hib" -ge 1000
armed=$(cat $S2H/last_cycle/armed_ms)
check "last_cycle: armed_ms counts the 8 s asleep ($armed ms)" test "$armed" -ge 6000
diag_stats
done_testing
