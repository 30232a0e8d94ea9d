# SPDX-License-Identifier: GPL-2.0
#
# Energy, not only percent: the fake battery reports energy_now (energy=1),
# then charge_now at voltage_now (energy=2), and drains 0.6 %/h
# (drain_mpct_per_min=10). In each, one cycle that the alarm ends in a
# hibernation. The cycle's record has the energy at the suspend, at the
# alarm (and its one wake) and after the resume, and energy_full, in uWh,
# from either report; whole percent do not move in those seconds, energy
# does, and s2hctl show turns it into a drain in mW and %/h while
# suspended and hibernated that is a number, not 0.
set -u
. /lib/s2h/lib.sh

BAT=/sys/class/power_supply/s2h-fake-battery
L=$S2H/last_cycle

# between VALUE LOW HIGH DESC
between()
{
	if [ "$1" -ge "$2" ] 2>/dev/null && [ "$1" -le "$3" ]; then
		ok "$4 ($1)"
	else
		not_ok "$4 (got '$1', expected $2..$3)"
	fi
}

# cycle NAME N: a cycle the alarm ends in a hibernation, the Nth since the load
# of s2h; checks its record.
cycle()
{
	local start wake resume pct

	host expect-poweroff 90
	suspend_mem
	wait_for $S2H/stats/resumes_from_hibernation 1 180 "$1: resumed from hibernation" ||
		diag_stats
	wait_for $S2H/state idle 10 "$1: state is idle"
	is_file $L/wake alarm "$1: the alarm ended the cycle"
	is_file $L/battery_start 60 "$1: battery_start 60 %"
	is_file $L/battery_wake 60 "$1: battery_wake still 60 %: whole percent say nothing"
	start=$(cat $L/energy_start)
	wake=$(cat $L/energy_wake)
	resume=$(cat $L/energy_resume)
	between "$start" 29990000 30000000 "$1: energy_start is 60 % of 50 Wh, in uWh"
	between "$((start - wake))" 1 5000 "$1: energy_wake is below it: the drain measured"
	between "$((wake - resume))" 0 20000 "$1: energy_resume is at or below energy_wake"
	is_file $L/energy_full 50000000 "$1: energy_full 50 Wh"
	is "$(cat $L/energy_wakes)" "$wake" "$1: energy_wakes: the alarm's one wake"
	s2hctl show >/tmp/show 2>&1
	check "$1: show: the energy line" \
		grep -Eq "^  energy  .*at the suspend (30\.000|29\.99[0-9]) Wh, at the alarm" /tmp/show
	pct=$(sed -n 's/^  drain .*suspended [0-9.]* mW, \([0-9.]*\) %\/h.*/\1/p' /tmp/show)
	check "$1: show: the drain while suspended is a number under 1 %/h, not 0 (got '$pct')" \
		awk -v p="${pct:-x}" 'BEGIN { exit !(p + 0 > 0.1 && p + 0 < 1.5) }'
	check "$1: show: the drain while hibernated too" \
		grep -Eq "^  drain .*; hibernated -?[0-9.]+ mW, -?[0-9.]+ %/h" /tmp/show
	grep -E "^  (energy|drain) " /tmp/show | while read -r line; do diag "$line"; done
}

fake_power_load capacity=60 energy=1 || exit 1
echo 10 >$FAKE/drain_mpct_per_min
is "$(cat $BAT/capacity)" 60 "energy=1: capacity 60"
between "$(cat $BAT/energy_now)" 29990000 30000000 "energy=1: energy_now 60 % of 50 Wh"
is_file $BAT/energy_full 50000000 "energy=1: energy_full 50 Wh"
check "energy=1: no charge_now" test ! -e $BAT/charge_now
s2h_load delay_sec=8 || exit 1
is_file $L/energy_start -1 "before a cycle: energy_start -1"
is_file $L/energy_wakes "" "before a cycle: energy_wakes empty"
swap_on
cycle "energy_now"

s2h_unload
check "rmmod s2h_fake_power" rmmod s2h_fake_power
check "energy=2 with ACPI's alarm (in uWh) is refused" \
	sh -c '! insmod /lib/modules/s2h_fake_power.ko energy=2 battery_alarm=2 2>/dev/null'
fake_power_load capacity=60 energy=2 || exit 1
echo 10 >$FAKE/drain_mpct_per_min
is_file $BAT/voltage_now 10000000 "energy=2: voltage_now 10 V"
is_file $BAT/charge_full 5000000 "energy=2: charge_full 5 Ah"
between "$(cat $BAT/charge_now)" 2999000 3000000 "energy=2: charge_now 60 % of 5 Ah"
check "energy=2: no energy_now nor energy_full" test ! -e $BAT/energy_now -a ! -e $BAT/energy_full
s2h_load delay_sec=8 || exit 1
cycle "charge_now x voltage_now"
diag_stats
done_testing
