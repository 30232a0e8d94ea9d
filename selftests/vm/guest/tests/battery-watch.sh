# SPDX-License-Identifier: GPL-2.0
#
# A weekend in a bag, as the admin guide's delay of a day, on a laptop
# that drains fast (the fake battery: 60 % losing 10 % a minute), the delay
# policy, no drain budget. The battery used to go unwatched until the
# delay: flat long before it. Now:
# 1. no drain is known yet: the first alarm is a battery check (60 s),
#    which measures 10 % a minute and projects the threshold (5 %) within
#    30 min: hibernate, far above it;
# 2. the next cycle knows the drain from the start: armed for the floor
#    (30 s; the threshold is 5 min away, under the 30 min margin), whose
#    wake hibernates.
set -u
. /lib/s2h/lib.sh

fake_power_load capacity=60 ac_online=0 || exit 1
s2h_load delay_sec=86400 battery_check_sec=60 || exit 1
swap_on
echo 10 >$FAKE/drain_pct_per_min
host expect-poweroff 200
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 240 "1: resumed from hibernation" || diag_stats
log_has "1: the day's delay was armed as a 60 s check" "$WAKE_LINE .* alarm due at 60 s "
is_stat battery_hibernations 1
is_file $S2H/last_cycle/decision hibernate "1: last_cycle: decision hibernate"
wake=$(cat $S2H/last_cycle/battery_wake)
check "1: hibernated at 45..55 %, far above the 5 % threshold (got $wake)" \
	test "${wake:-0}" -ge 45 -a "${wake:-0}" -le 55

echo 60 >$FAKE/capacity
host expect-poweroff 200
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 2 240 "2: resumed from hibernation" || diag_stats
log_has "2: the drain known, armed for the floor" "$WAKE_LINE .* alarm due at 30 s "
is_stat battery_hibernations 2
is_stat alarm_wakes 2
is_stat dark_wakes 0
diag_stats
done_testing
