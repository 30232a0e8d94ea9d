# SPDX-License-Identifier: GPL-2.0
#
# drain_budget=10: a battery at 60 % losing 6 % a minute, a delay of an
# hour, checked every 60 s as the budget asks. The first check finds 54 %,
# 6 points used: back to sleep, next check in 60 s. The second finds 48 %,
# 12 points used, over the budget: hibernate, 58 minutes before the delay.
# battery_threshold 0: at 6 % a minute the battery's watch through the delay
# (battery-watch) would hibernate at the first check; this test is the
# budget's. Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

fake_power_load capacity=60 ac_online=0 || exit 1
s2h_load delay_sec=3600 drain_budget=10 battery_check_sec=60 battery_threshold=0 || exit 1
swap_on
echo 6 >$FAKE/drain_pct_per_min
host expect-resuspend 120
host expect-poweroff 150
suspend_mem

# Boot 2, resumed from the image.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
log_has "the delay of an hour was armed as a 60 s check" "$WAKE_LINE .* alarm due at 60 s "
is_stat alarm_wakes 2
is_stat dark_wakes 1
is_stat drain_hibernations 1
is_stat battery_hibernations 0
is_file $S2H/last_cycle/battery_start 60 "last_cycle: battery 60 % at the suspend"
wake=$(cat $S2H/last_cycle/battery_wake)
check "last_cycle: battery 46..49 % at the hibernating check, over 10 points used (got $wake)" \
	test "$wake" -ge 46 -a "$wake" -le 49
is_file $S2H/last_cycle/decision hibernate "last_cycle: decision hibernate"
diag_stats
done_testing
