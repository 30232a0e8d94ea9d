# SPDX-License-Identifier: GPL-2.0
#
# No swap: hibernation could not resume, so s2h says why in "available",
# arms nothing, and the suspend stays a plain one that only the host ends.
set -u
. /lib/s2h/lib.sh

s2h_load delay_sec=8 || exit 1
echo shutdown >/sys/power/disk
# A resume device, but no swap on it: the swap check alone fails.
cat /sys/block/vda/dev >/sys/power/resume

avail=$(cat $S2H/available)
diag "available: $avail"
check "available says no" test "${avail%%:*}" = no
check "available names the missing swap" sh -c "echo '$avail' | grep -q 'not enough free swap (0 MiB free'"

host stay-suspended 15
host wake-after 0
suspend_mem

is_file $S2H/state idle "state is idle"
is_stat not_armed 1
is_stat alarm_wakes 0
is_stat early_wakes 0
is_stat hibernations 0
is_file $S2H/last_wake none "last_wake is none: nothing was armed"
diag_stats
done_testing
