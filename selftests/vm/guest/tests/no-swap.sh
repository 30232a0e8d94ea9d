# SPDX-License-Identifier: GPL-2.0
#
# Hibernation fails (no swap): s2h puts the system back to sleep with the
# alarm armed once more; the retry fails too, and it sleeps on with no
# alarm until the host wakes it.
set -u
. /lib/s2h/lib.sh

s2h_load delay_sec=8 || exit 1
echo shutdown >/sys/power/disk
host expect-resuspend 60
host expect-resuspend 60
host stay-suspended 15
host wake-after 0
suspend_mem

wait_for $S2H/state idle 10 "state is idle"
is_stat hibernate_failures 2
is_stat hibernations 2
is_stat resuspends 2
is_stat alarm_wakes 2
diag_stats
done_testing
