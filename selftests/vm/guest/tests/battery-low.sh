# SPDX-License-Identifier: GPL-2.0
#
# A battery at 3 % with battery_threshold 5: s2h hibernates at the first
# wake it handles, even on mains power with hibernate_on_ac=0, which would
# otherwise send it back to sleep. Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

fake_power_load capacity=3 ac_online=1 || exit 1
is_file /sys/class/power_supply/s2h-fake-battery/capacity 3 "fake battery reads 3 %"
is_file /sys/class/power_supply/s2h-fake-mains/online 1 "fake mains online"
s2h_load delay_sec=8 hibernate_on_ac=0 || exit 1
swap_on
host expect-poweroff 90
suspend_mem

# Boot 2, resumed from the image.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
is_stat battery_hibernations 1
is_stat dark_wakes 0
is_file $S2H/last_cycle/battery_wake 3 "last_cycle: battery 3 % at the alarm"
is_file $S2H/last_cycle/on_ac 1 "last_cycle: on AC"
is_file $S2H/last_cycle/decision hibernate "last_cycle: decision hibernate"
diag_stats
done_testing
