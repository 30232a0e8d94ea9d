# SPDX-License-Identifier: GPL-2.0
#
# The wake test from suspend to idle where the RTC ends it, set up as
# s2idle-alarm's is: hpet=disable (no HPET emulating rtc_cmos's alarm), and
# the CMOS RTC's IRQ armed for wakeup (s2h_fake_power's rtc_wake_irq), as on
# a platform whose RTC IRQ is a wakeup interrupt. The test passes, with s2h
# disabled (it tests the machine, not the setting); this kernel (6.1)
# cannot say whether the hardware slept, and the result says so. No
# hibernation, no setting changed, no cycle.
# vm-append: hpet=disable
set -u
. /lib/s2h/lib.sh

settings()
{
	s2hctl show -j | sed 's/,"state".*//'
}

rtc_irq=$(awk '$NF == "rtc0" { sub(":", "", $1); print $1 }' /proc/interrupts)
diag "the CMOS RTC's IRQ: ${rtc_irq:-none}"
fake_power_load rtc_wake_irq="${rtc_irq:-0}" || exit 1
s2h_load delay_sec=8 require_verified=both enabled=0 || exit 1
is_file $S2H/enabled 0 "s2h is disabled"
swap_on
mkdir -p /var/lib
check "mem_sleep offers s2idle" sh -c 'echo s2idle >/sys/power/mem_sleep'
echo 1 >/sys/power/pm_debug_messages
is_file $S2H/checks/rtc_s2idle ok "checks/rtc_s2idle: ok, no HPET emulation"
before=$(settings)
out=$(s2hctl check --verify-wake --yes 2>&1)
status=$?
printf '%s\n' "$out" | while IFS= read -r line; do diag "check: $line"; done
is "$status" 1 "check --verify-wake: the test passed, check fails on the dry run both asks for"
check "it says the alarm woke it from s2idle" \
	sh -c 'printf "%s\n" "$1" | grep -q "^wake test passed: s2h.s alarm woke this machine from s2idle"' - "$out"
check "it says the kernel cannot say whether the hardware slept" \
	sh -c 'printf "%s\n" "$1" | grep -q "^hardware sleep: the kernel cannot say whether the hardware slept"' - "$out"
check "the suspend was to idle" sh -c 'dmesg | grep -q "PM: suspend entry (s2idle)"'
check "the RTC's IRQ ended it" sh -c "dmesg | grep -q 'PM: Triggering wakeup from IRQ $rtc_irq\$'"
is_file $S2H/wake_test/result passed "wake_test/result: passed"
is_file $S2H/wake_test/mem_sleep s2idle "wake_test/mem_sleep: s2idle"
is_file $S2H/wake_test/hw_sleep_us -1 "wake_test/hw_sleep_us: -1, the kernel cannot say"
off=$(cat $S2H/wake_test/offset_ms)
check "wake_test/offset_ms in s2h's window (got '$off')" test "$off" -ge -2000 -a "$off" -le 60000
is_file $S2H/checks/verified failed "checks/verified: still failed, both wants the dry run too"
check "check's fix names both tests" \
	sh -c 's2hctl check | grep -q "check --verify-wake (a suspend of 20 s) for wake"'
check "check says the hardware sleep is unknown" \
	sh -c 's2hctl check | grep -q "hardware sleep: the kernel cannot say"'
is_stat suspends 0
is_stat hibernations 0
is_file $S2H/last_cycle/seq 0 "no cycle counted"
is "$(settings)" "$before" "no setting changed"
check "the result is kept, for s2idle" grep -qx "mem_sleep = s2idle" /var/lib/s2h/verified-wake
host_check expect-running
done_testing
