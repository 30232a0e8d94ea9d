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

# Swap, but resume names another device: the image would be written where
# nothing reads it back. Pre-flight sees it the moment it is so.
mkswap /dev/vda >/dev/null && swapon /dev/vda
echo 1:7 >/sys/power/resume
check "available says no when resume is not the active swap" \
	sh -c "grep -q 'no resume device, or it is no active swap' $S2H/available"
cat /sys/block/vda/dev >/sys/power/resume
is_file $S2H/available yes "available says yes once resume is the swap"
diag_stats
done_testing
