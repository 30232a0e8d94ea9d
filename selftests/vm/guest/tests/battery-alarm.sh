# SPDX-License-Identifier: GPL-2.0
#
# The battery's own alarm watches it through a long delay: a day's delay,
# the delay policy, no drain known, a battery at 30 % losing 10 % a
# minute, battery_threshold 20 %. s2h sets the battery's alarm at 20 % and
# arms its timer for the day, no battery check: the battery wakes the
# machine a minute later, at 20 %, and the wake is s2h's own, named after
# the battery: it hibernates. Once for each kind of alarm the fake battery
# can have - a gauge's capacity_alert_min (percent), ACPI's "alarm" (uWh,
# 50 Wh full: 20 % is 10000000) - and each given back as it was when s2h
# unloads.
set -u
. /lib/s2h/lib.sh

PSY=/sys/class/power_supply/s2h-fake-battery

# alarm_cycle N KIND FILE ARMED: one suspend on battery KIND, its alarm
# FILE reading ARMED while s2h has it.
alarm_cycle()
{
	local n=$1 kind=$2 file=$3 armed=$4 rang

	fake_power_load capacity=30 ac_online=0 battery_alarm="$kind" || return 1
	s2h_load delay_sec=86400 battery_check_sec=60 battery_threshold=20 || return 1
	is_file "$PSY/$file" 0 "$n: no alarm before s2h"
	echo 10 >$FAKE/drain_pct_per_min
	host expect-poweroff 240
	suspend_mem
	wait_for $S2H/stats/resumes_from_hibernation 1 300 "$n: resumed from hibernation" ||
		diag_stats
	is_file "$PSY/$file" "$armed" "$n: s2h set the battery's alarm at 20 %"
	log_has "$n: armed for the day's delay, no battery check" \
		"$WAKE_LINE .* alarm due at 86400 s "
	log_has "$n: the battery's alarm woke it, named" \
		"$WAKE_LINE .* the battery's alarm, named: s2h-fake-battery"
	rang=$(cat $FAKE/battery_alarms)
	check "$n: the fake battery's alarm rang once (got $rang)" test "$rang" = 1
	is_stat alarm_wakes 1
	is_stat battery_hibernations 1
	is_stat dark_wakes 0
	is_file $S2H/last_cycle/wake_source s2h-fake-battery "$n: last_cycle: woken by the battery"
	wake=$(cat $S2H/last_cycle/battery_wake)
	# The RTC counts whole seconds and may ring up to two early (6.12+
	# more often): the fake then reads 21 %, a third of a point above.
	check "$n: hibernated at 20 % (21 when the RTC rang early; got $wake)" \
		test "${wake:-0}" -ge 20 -a "${wake:-0}" -le 21
	s2h_unload
	is_file "$PSY/$file" 0 "$n: the alarm given back as it was"
	check "$n: rmmod s2h_fake_power" rmmod s2h_fake_power
	dmesg -C
}

swap_on
alarm_cycle 1 1 capacity_alert_min 20
alarm_cycle 2 2 alarm 10000000
done_testing
