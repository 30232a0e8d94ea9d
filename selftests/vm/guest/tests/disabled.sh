# SPDX-License-Identifier: GPL-2.0
#
# enabled=0: a suspend arms nothing, the system sleeps past delay_sec
# until the host wakes it.
set -u
. /lib/s2h/lib.sh

s2h_load delay_sec=8 || exit 1
write_ok $S2H/enabled 0 0
swap_on
host stay-suspended 15
host wake-after 0
suspend_mem

wait_for $S2H/state idle 10 "state is idle"
is_stat alarm_wakes 0
is_stat hibernations 0
is_stat suspends 1
diag_stats
done_testing
