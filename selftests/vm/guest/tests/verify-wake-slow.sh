# SPDX-License-Identifier: GPL-2.0
#
# The wake test on a machine slow to suspend: a device that takes 8.5 s
# (the fault module's suspend_ms). With --wake-after 10 the alarm is under
# 2 s away when alarmtimer_suspend() runs, which refuses the suspend
# (EBUSY): the test fails as aborted, and its remedy asks for a later
# alarm; with --wake-after 30 the same machine passes.
set -u
. /lib/s2h/lib.sh

fault_load || exit 1
s2h_load || exit 1
swap_on
mkdir -p /var/lib
echo 8500 >"$FAULT/suspend_ms"

# wake_test SEC: the wake test, its alarm SEC s away; its output in $out
# and as diagnostics, its exit status in $status.
wake_test()
{
	out=$(s2hctl check --verify-wake --wake-after "$1" --yes 2>&1)
	status=$?
	printf '%s\n' "$out" | while IFS= read -r line; do diag "check: $line"; done
	is_file $S2H/wake_test/alarm_sec "$1" "--wake-after $1: wake_test/alarm_sec: $1"
}

wake_test 10
is "$status" 1 "--wake-after 10, a device 8.5 s to suspend: the wake test fails"
is_file $S2H/wake_test/reason aborted "wake_test/reason: aborted"
check "it says the suspend failed before it slept (EBUSY)" \
	sh -c 'printf "%s\n" "$1" | grep -q "^wake test FAILED: the suspend failed before it slept (EBUSY)"' - "$out"
check "its remedy names alarmtimer and --wake-after" \
	sh -c 'printf "%s\n" "$1" | grep -q "alarmtimer" && printf "%s\n" "$1" | grep -q -- "--wake-after 1m"' - "$out"
log_has "the kernel log says alarmtimer refused the suspend" "alarmtimer.*failed to suspend"

wake_test 30
is "$status" 0 "--wake-after 30, the same device: the wake test passes"
is_file $S2H/wake_test/result passed "wake_test/result: passed"
echo 0 >"$FAULT/suspend_ms"
is_stat suspends 0
is_stat hibernations 0
host_check expect-running
done_testing
