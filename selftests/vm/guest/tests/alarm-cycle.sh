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
diag_stats
done_testing
