# SPDX-License-Identifier: GPL-2.0
#
# The wake test from suspend to idle where the RTC cannot end it: QEMU's
# HPET emulates rtc_cmos's alarm (its default), and that alarm never ends
# an s2idle. The rtc_s2idle check foretells it; the test runs all the same
# and finds it out. The harness presses the power button 95 s in, past the
# window s2h takes the alarm's wake in (60 s after it was due): the test
# fails, says the alarm did not end the sleep, and names the remedy,
# rtc_cmos.use_acpi_alarm=1 - not the button, which only ended a sleep the
# alarm had left alone. No hibernation, no setting changed, no cycle.
set -u
. /lib/s2h/lib.sh

settings()
{
	s2hctl show -j | sed 's/,"state".*//'
}

s2h_load delay_sec=8 || exit 1
swap_on
mkdir -p /var/lib
check "rtc_cmos's alarm is emulated by the HPET" grep -q "^HPET_emulated.*yes" /proc/driver/rtc
check "mem_sleep offers s2idle" sh -c 'echo s2idle >/sys/power/mem_sleep'
is_file $S2H/checks/rtc_s2idle failed "checks/rtc_s2idle: failed, as foretold"
check "the ACPI button driver, whose power button the harness presses" button_driver ||
	{ done_testing; exit 1; }
before=$(settings)
host power-button-after 95
out=$(s2hctl check --verify-wake --yes 2>&1)
status=$?
printf '%s\n' "$out" | while IFS= read -r line; do diag "check: $line"; done
is "$status" 1 "check --verify-wake fails: the alarm did not end the s2idle"
check "the suspend was to idle" sh -c 'dmesg | grep -q "PM: suspend entry (s2idle)"'
is_file $S2H/wake_test/result failed "wake_test/result: failed"
is_file $S2H/wake_test/reason rtc_hpet "wake_test/reason: rtc_hpet"
is_file $S2H/wake_test/mem_sleep s2idle "wake_test/mem_sleep: s2idle"
off=$(cat $S2H/wake_test/offset_ms)
check "wake_test/offset_ms: past the window, over 60000 (got '$off')" test "$off" -gt 60000
check "it says the alarm did not end the sleep" \
	sh -c 'printf "%s\n" "$1" | grep -q "^wake test FAILED: the alarm did not end the sleep: the machine woke [0-9.]* s after it was due"' - "$out"
check "it names the remedy, rtc_cmos.use_acpi_alarm=1" \
	sh -c 'printf "%s\n" "$1" | grep -q "fix: rtc_cmos.s alarm is emulated by the HPET" &&
		printf "%s\n" "$1" | grep -q "add rtc_cmos.use_acpi_alarm=1"' - "$out"
check "check fails on it too" sh -c 's2hctl check | grep -q "^FAIL wake test: .*the alarm did not end the sleep"'
is_stat suspends 0
is_stat hibernations 0
is_file $S2H/last_cycle/seq 0 "no cycle counted"
is_file $S2H/state idle "state: idle"
is "$(settings)" "$before" "no setting changed"
check "nothing is kept" test ! -e /var/lib/s2h/verified-wake
is_file /sys/power/mem_sleep "[s2idle] deep" "mem_sleep still s2idle"
host_check expect-running
done_testing
