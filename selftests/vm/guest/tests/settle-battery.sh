# SPDX-License-Identifier: GPL-2.0
#
# A settle the battery cannot wait for, and the handoff after it: the
# alarm's wake settles (settle_sec 120) on battery at 40 %; the battery
# falls to battery_critical (3 %) in the settle, and the hibernation starts
# within the settle's battery check (5 s), not 120 s later. It goes through
# the handoff (handoff_sec 5): the handoff event comes after the settle,
# nobody answers, and s2h hibernates in the kernel. Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

fake_power_load capacity=40 ac_online=0 || exit 1
s2h_load delay_sec=8 settle_sec=120 handoff_sec=5 battery_critical=3 || exit 1
swap_on
s2hctl monitor >>/tmp/events 2>&1 &
sleep 1

suspend_mem
wait_for $S2H/state settling 30 "the alarm's wake settles on battery at 40 %"
sleep 6
is_file $S2H/state settling "still settling 6 s in: the battery is above battery_critical"
host expect-poweroff 120
echo 3 >$FAKE/capacity
wait_for $S2H/state handoff 15 "the battery at 3 % ended the settle within its check: handoff" ||
	diag "$(cat /tmp/events)"
wait_for $S2H/stats/resumes_from_hibernation 1 240 "hibernated in the kernel after the handoff, resumed" ||
	diag_stats
wait_for $S2H/state idle 30 "state back to idle"
check "the log says the battery cut the settle short" \
	sh -c 'dmesg | grep -q "the battery reached battery_critical: hibernating before the settle is over"'
check "settle, then handoff, then the kernel's hibernate_start" \
	sh -c 'grep -A1 "^settle settle=2m$" /tmp/events | tail -n 1 | grep -q "^handoff " &&
		grep -A1 "^handoff " /tmp/events | tail -n 1 | grep -qx hibernate_start' ||
	diag "$(cat /tmp/events)"
ms=$(cat $S2H/last_cycle/settling_ms)
check "last_cycle/settling_ms: the settle was cut short ($ms ms)" \
	sh -c '[ "$1" -ge 6000 ] && [ "$1" -lt 60000 ]' - "$ms"
is_stat hibernations 1
is_stat handoff_fallbacks 1
is_stat cancelled 0
is_stat power_offs 0
diag_stats
done_testing
