# SPDX-License-Identifier: GPL-2.0
#
# s2h's tracepoints, enabled through tracefs, on one cycle whose alarm
# hibernates and fails (s2h_fake_power): s2h_arm, s2h_wake, s2h_decision
# and s2h_hibernate, in that order, with the cycle's fields; their format
# files name no enum that perf or trace-cmd could not resolve.
# Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

T=/sys/kernel/tracing

fake_power_load capacity=42 ac_online=0 fail_hibernations=1 || exit 1
# battery_critical=0: no last resort, a failed hibernation sleeps on without an alarm
s2h_load delay_sec=5 retries=0 battery_critical=0 || exit 1
swap_on
grep -q " $T tracefs" /proc/mounts || mount -t tracefs tracefs $T
for e in s2h_arm s2h_wake s2h_decision s2h_hibernate; do
	check "events/s2h/$e is there" test -r $T/events/s2h/$e/format
done
check "enable events/s2h" sh -c "echo 1 >$T/events/s2h/enable && echo 1 >$T/tracing_on"
: >$T/trace

host expect-resuspend 60
host wake-after 0
suspend_mem
wait_for $S2H/stats/suspends 2 60 "the user's suspend and s2h's after the failure" &&
	wait_for $S2H/state idle 30 "back to idle"

grep ' s2h_' $T/trace | sed 's/^.* \(s2h_[a-z_]*\): /\1 /' >/tmp/events
while read -r line; do diag "$line"; done </tmp/events
is "$(awk '{ print $1 }' /tmp/events | tr '\n' ' ')" "s2h_arm s2h_wake s2h_decision s2h_hibernate " \
	"the cycle's events, in order"

# has EVENT WORD...: the event's line holds every key=value WORD.
has()
{
	local ev=$1 line w

	shift
	line=$(grep "^$ev " /tmp/events)
	for w in "$@"; do
		case " $line " in
		*" $w "*) ;;
		*) not_ok "$ev has $w (line: '$line')"; return ;;
		esac
	done
	ok "$ev: $*"
}

has s2h_arm cycle=1 delay_sec=5 battery=42 own=0
has s2h_wake cycle=1 wake=alarm delay_sec=5 rtc=woke rtc_reports=0 irq=unknown lid=unknown
has s2h_decision cycle=1 decision=hibernate reason=delay on_ac=0 battery=42 battery_armed=42
has s2h_hibernate cycle=1 error=-5 hybrid=0 attempt=1
elapsed=$(sed -n 's/^s2h_wake .*elapsed_ms=\([0-9]*\) .*/\1/p' /tmp/events)
check "s2h_wake: elapsed_ms in the alarm's window ($elapsed)" \
	test "${elapsed:-0}" -ge 3000 -a "${elapsed:-0}" -le 65000
check "format files resolve every enum (TRACE_DEFINE_ENUM)" \
	sh -c "! grep -h 'print fmt' $T/events/s2h/*/format | grep -q S2H_"
check "s2h_wake's format has its fields" \
	sh -c "grep -q 'field:char source\[48\]' $T/events/s2h/s2h_wake/format &&
	       grep -q 'field:s64 elapsed_ms' $T/events/s2h/s2h_wake/format"
diag_stats
done_testing
