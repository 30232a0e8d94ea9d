# SPDX-License-Identifier: GPL-2.0
#
# settle_sec: after the alarm's wake decided to hibernate, the system runs
# that long first; the user's input in that time cancels the hibernation.
# 1. a key pressed (QMP send-key, no wake: the guest runs) 3 s into a 30 s
#    settle cancels it - the ACPI power button's key where the kernel has
#    no keyboard driver (the debug kernel has no i8042): no hibernation,
#    the cycle ends as an early wake,
#    the machine stays up; rmmod meanwhile is refused (the settle holds the
#    module);
# 2. a suspend in the settle (as logind's, for a lid still closed) takes its
#    place, armed for 30 s: the cycle goes on, and that alarm's wake settles
#    again, for 20 s at most now (logind would suspend again after 30 s),
#    and then hibernates: the state is settling until then, no earlier.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

s2h_load delay_sec=8 settle_sec=30 retries=0 || exit 1
swap_on
s2hctl monitor >>/tmp/events 2>&1 &
sleep 1
diag "$(grep '^N: Name' /proc/bus/input/devices | tr '\n' ' ')"

# 1: a key in the settle.
suspend_mem
wait_for $S2H/state settling 30 "1: the alarm's wake settles before hibernating"
is_stat hibernations 0
check "1: rmmod in the settle is refused" sh -c '! rmmod s2h 2>/dev/null'
is_file $S2H/state settling "1: still settling after the rmmod"
sleep 2
if grep -q '^N: Name=".*keyboard"' /proc/bus/input/devices; then
	host key-now
else
	diag "no keyboard: the power button's key instead"
	host power-button-after 0
fi
wait_for $S2H/state idle 20 "1: the key cancelled the hibernation"
sleep 2
is_stat hibernations 0
is_stat cancelled 1
is_stat alarm_wakes 1
is_file $S2H/last_wake early "1: last_wake is early, as a wake of the user's"
is_file $S2H/last_cycle/wake early "1: the cycle's wake is early"
is_file $S2H/last_cycle/decision none "1: nothing decided in the end"
check "1: the log says the input cancelled it" \
	sh -c 'dmesg | grep -q "input while settling: the user is back, no hibernation"'
check "1: settle settle=30s, then cancelled, and no hibernate_start" \
	sh -c 'grep -A1 "^settle settle=30s$" /tmp/events | tail -n 1 | grep -qx cancelled &&
		! grep -q "^hibernate_start" /tmp/events' || diag "$(cat /tmp/events)"
ms=$(cat $S2H/last_cycle/settling_ms)
check "1: last_cycle/settling_ms counts the settle the key ended ($ms ms)" \
	sh -c '[ "$1" -ge 1500 ] && [ "$1" -lt 20000 ]' - "$ms"
check "1: s2hctl log says the settle was cancelled" \
	sh -c 's2hctl log | grep -q "settled [0-9]*s, then cancelled by the user.s input"' ||
	diag "$(s2hctl log)"
check "1: s2hctl show says the cycle's wake was early" \
	sh -c 's2hctl show | grep -q "(early"' || diag "$(s2hctl show)"
host_check expect-running

# 2: a suspend in the settle, then the settle of its alarm's wake.
: >/tmp/events
suspend_mem
wait_for $S2H/state settling 30 "2: the alarm's wake settles"
suspend_mem
wait_for $S2H/state settling 60 "2: the 30 s alarm of the suspend in the settle settles again"
check "2: the suspend in the settle was armed for 30 s" grep -qx "armed delay=30s" /tmp/events ||
	diag "$(cat /tmp/events)"
check "2: the log says the suspend took the settle's place" \
	sh -c 'dmesg | grep -q "superseded by a transition of the user.s while settling"'
check "2: the second settle is 20 s" grep -qx "settle settle=20s" /tmp/events
host expect-poweroff 150
sleep 15
is_file $S2H/state settling "2: still settling 15 s into the 20 s settle"
is_stat hibernations 0
wait_for $S2H/stats/resumes_from_hibernation 1 240 "2: hibernated after the settle, resumed" ||
	diag_stats
wait_for $S2H/state idle 30 "2: state back to idle"
is "$(cat /tmp/marker)" "$marker" "2: tmpfs marker intact"
is_stat hibernations 1
is_stat cancelled 1
is_stat alarm_wakes 3
is_file $S2H/last_cycle/decision hibernate "2: last_cycle: hibernate"
is_file $S2H/last_cycle/result 0 "2: the hibernation came back"
check "2: the log says it settled 20 s" sh -c 'dmesg | grep -q "settling for 20 s before hibernating"'
ms=$(cat $S2H/last_cycle/settling_ms)
check "2: last_cycle/settling_ms counts both settles, 20 s and more ($ms ms)" \
	sh -c '[ "$1" -ge 20000 ] && [ "$1" -lt 40000 ]' - "$ms"
check "2: s2hctl log says it settled before the hibernation" \
	sh -c 's2hctl log | grep -q "settled [0-9]*s before the hibernation"' || diag "$(s2hctl log)"
diag_stats
done_testing
