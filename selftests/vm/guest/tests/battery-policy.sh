# SPDX-License-Identifier: GPL-2.0
#
# policy=battery: a battery at 30 % losing 10 % a minute, checked every
# 60 s. The first check finds 20 % and projects 10 % for the next, above
# the threshold (5): back to sleep. The second finds 10 % and projects 0:
# hibernate. Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

fake_power_load capacity=30 ac_online=0 || exit 1
s2h_load policy=battery battery_check_sec=60 || exit 1
swap_on
echo 10 >$FAKE/drain_pct_per_min
host expect-resuspend 120
host expect-poweroff 150
suspend_mem

# Boot 2, resumed from the image.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
is_stat alarm_wakes 2
is_stat dark_wakes 1
is_stat battery_hibernations 1
is_file $S2H/last_cycle/dark_wakes 1 "last_cycle: one dark wake before hibernating"
is_file $S2H/last_cycle/battery_start 30 "last_cycle: battery 30 % at the suspend"
wake=$(cat $S2H/last_cycle/battery_wake)
check "last_cycle: battery 9..11 % at the hibernating check (got $wake)" \
	test "$wake" -ge 9 -a "$wake" -le 11
is_file $S2H/last_cycle/on_ac 0 "last_cycle: on battery"
diag_stats
done_testing
