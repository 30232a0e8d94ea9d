# SPDX-License-Identifier: GPL-2.0
#
# Delay by battery level and on mains power: delay_sec=3600 at or above
# battery_high=50 %, delay_low_sec=8 below it, ac_delay_sec=20 on mains.
# A suspend at 80 % arms 3600 s, one on mains 20 s (the host wakes both
# early); one at 40 % arms 8 s and hibernates at its alarm, for the delay
# (no battery counter), at 40 % far above battery_threshold.
# Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

fake_power_load capacity=80 ac_online=0 || exit 1
s2h_load delay_sec=3600 delay_low_sec=8 battery_high=50 ac_delay_sec=20 || exit 1
swap_on

seen=$(wakes_logged)
host wake-after 3
suspend_mem
wait_for $S2H/last_wake early 10 "80 %: woken early by the host"
is "$(due_after $seen)" 3600 "80 % >= battery_high 50: armed for delay_sec"

echo 1 >$FAKE/ac_online
seen=$(wakes_logged)
host wake-after 3
suspend_mem
wait_for $S2H/last_wake early 10 "on mains: woken early by the host"
is "$(due_after $seen)" 20 "on mains: armed for ac_delay_sec"

echo 0 >$FAKE/ac_online
echo 40 >$FAKE/capacity
seen=$(wakes_logged)
host expect-poweroff 120
suspend_mem

# Boot 2, resumed from the image.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
is "$(due_after $seen)" 8 "40 % < battery_high 50: armed for delay_low_sec"
is_stat alarm_wakes 1
is_stat early_wakes 2
is_stat dark_wakes 0
is_stat battery_hibernations 0
is_stat drain_hibernations 0
is_file $S2H/last_cycle/battery_start 40 "last_cycle: battery 40 % at the suspend"
is_file $S2H/last_cycle/decision hibernate "last_cycle: decision hibernate"
diag_stats
done_testing
