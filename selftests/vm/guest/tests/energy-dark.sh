# SPDX-License-Identifier: GPL-2.0
#
# The dark wakes' drain: policy=battery on the fake battery of energy_now
# (energy=1), 30 % losing 10 % a minute - 5 Wh of its 50 a minute, 300 W -
# checked every 60 s. The first check finds 20 % and goes back to sleep:
# a dark wake; the second finds 10 % and hibernates. The cycle's record
# has that dark wake's time awake, the devices' suspend and resume of the
# sleep it ended included, and the energy it cost at the battery's draw,
# power_now, 300 W; s2hctl show gives its drain apart from the drain while
# suspended. (battery-policy: the same in whole percent.)
set -u
. /lib/s2h/lib.sh

L=$S2H/last_cycle

fake_power_load capacity=30 ac_online=0 energy=1 || exit 1
s2h_load policy=battery battery_check_sec=60 || exit 1
is_file $L/dark_ms 0 "before a cycle: dark_ms 0"
is_file $L/energy_dark -1 "before a cycle: energy_dark -1"
echo 10 >$FAKE/drain_pct_per_min
is_file /sys/class/power_supply/s2h-fake-battery/power_now 300000000 \
	"the fake battery's power_now: 10 % of 50 Wh a minute, 300 W"
swap_on
host expect-resuspend 120
host expect-poweroff 150
suspend_mem

wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
is_file $L/dark_wakes 1 "last_cycle: one dark wake before hibernating"
ms=$(cat $L/dark_ms)
uwh=$(cat $L/energy_dark)
check "last_cycle/dark_ms: the dark wake's time awake, under 30 s (got $ms)" \
	test "$ms" -gt 0 -a "$ms" -lt 30000
# The dark wake's log line: "alarm wake after E ms, ... (S ms asleep by timekeeping".
set -- $(dmesg | sed -n 's/.*alarm wake after \([0-9]*\) ms.*(\([0-9]*\) ms asleep by timekeeping.*/\1 \2/p')
check "dark_ms has the devices' suspend and resume of the sleep it ended (${1:-?} - ${2:-?} ms)" \
	awk -v d="$ms" -v e="${1:-0}" -v s="${2:-0}" 'BEGIN { exit !(e > s && d > e - s) }'
check "last_cycle/energy_dark: energy spent in it (got $uwh uWh)" test "$uwh" -gt 0
# uWh * 3600 / ms is mW: the draw, 300 W, but for the uWh's rounding.
check "the dark wake drained the battery's 300 W (got $uwh uWh in $ms ms)" \
	awk -v e="$uwh" -v t="$ms" 'BEGIN { w = e * 3.6 / t; exit !(w > 299 && w <= 300) }'
s2hctl show >/tmp/show 2>&1
check "show: the drain in dark wakes, apart" \
	grep -Eq "^  drain .*; dark wakes [0-9.]+ mW, [0-9.]+ %/h over [0-9]+\.[0-9] s awake" /tmp/show
s2hctl show -j >/tmp/show.json 2>&1
check "show -j: dark_ms and energy_dark" \
	grep -q "\"dark_ms\":$ms,\"energy_dark\":$uwh," /tmp/show.json
grep -E "^  (energy|drain) " /tmp/show | while read -r line; do diag "$line"; done
diag_stats
done_testing
