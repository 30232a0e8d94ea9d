# SPDX-License-Identifier: GPL-2.0
#
# hibernate_on_ac=0 on mains power (a VM without power supplies counts as
# on mains, as the kernel says): the alarm's wake is a dark one, s2h puts
# the system back to sleep with the alarm armed again, and writes no image.
# The user's wake afterwards ends the cycle.
set -u
. /lib/s2h/lib.sh

s2h_load delay_sec=8 hibernate_on_ac=0 || exit 1
swap_on
is_file $S2H/available yes "available: yes, with swap and a resume device"
host expect-resuspend 60
host wake-after 2
suspend_mem

wait_for $S2H/state idle 10 "state is idle"
is_stat alarm_wakes 1
is_stat dark_wakes 1
is_stat early_wakes 1
is_stat hibernations 0
is_stat suspends 2
is_file $S2H/last_cycle/dark_wakes 1 "last_cycle: one dark wake"
is_file $S2H/last_cycle/on_ac 1 "last_cycle: on AC"
is_file $S2H/last_cycle/wake early "last_cycle: ended by the user's early wake"
check "no hibernation image written" sh -c '! dmesg | grep -q "PM: Image saving"'
diag_stats
done_testing
