# SPDX-License-Identifier: GPL-2.0
#
# No swap: hibernation could not resume, so "available" says no and
# checks/swap says why; s2h arms nothing, and the suspend stays a plain one
# that only the host ends.
set -u
. /lib/s2h/lib.sh

s2h_load delay_sec=8 || exit 1
echo shutdown >/sys/power/disk
# A resume device, but no swap on it: the swap check fails, and so does
# the resume check - the device is no active swap.
cat /sys/block/vda/dev >/sys/power/resume

is_file $S2H/available no "available says no"
is_file $S2H/checks/swap failed "checks/swap failed"
is_file $S2H/checks/resume failed "checks/resume failed: vda is no active swap"
for c in supported lockdown rtc verified; do
	is_file $S2H/checks/$c ok "checks/$c ok"
done
is_file $S2H/swap_free_mb 0 "swap_free_mb is 0"
image=$(cat $S2H/image_mb)
check "image_mb is a number above 0 (got '$image')" test "$image" -gt 0

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
is_file $S2H/available no "available says no when resume is not the active swap"
is_file $S2H/checks/resume failed "checks/resume failed: resume names no active swap"
cat /sys/block/vda/dev >/sys/power/resume
is_file $S2H/available yes "available says yes once resume is the swap"
is_file $S2H/checks/resume ok "checks/resume ok"
diag_stats
done_testing
