# SPDX-License-Identifier: GPL-2.0
#
# hibernate_no_hw_sleep where the kernel does not say how long the hardware
# slept (before Linux 6.8, or QEMU's FADT without low-power S0 idle): s2h
# says so (hw_sleep_available no, s2hctl show), and the setting leaves the
# alarm's wake to the other settings. On mains with hibernate_on_ac=0 the
# CMOS RTC's alarm (armed for wakeup as in s2idle-alarm) ends the s2idle at
# 30 s, a dark wake, and s2h goes back to sleep; the power button ends the
# next one, a user's wake. last_cycle/hw_sleep_us reads -1. (The rules for
# a kernel that counts: KUnit, s2h_hw_sleep_delta and s2h_no_hw_sleep.)
# vm-append: hpet=disable
set -u
. /lib/s2h/lib.sh

if [ -e /sys/power/suspend_stats/total_hw_sleep ] || ! button_driver; then
	skip "hibernate_no_hw_sleep without hardware sleep reports" \
		"this kernel reports hardware sleep, or has no ACPI button driver"
	done_testing
	exit 0
fi
rtc_irq=$(awk '$NF == "rtc0" { sub(":", "", $1); print $1 }' /proc/interrupts)
fake_power_load ac_online=1 rtc_wake_irq="${rtc_irq:-0}" || exit 1
s2h_load delay_sec=30 hibernate_on_ac=0 hibernate_no_hw_sleep=1 || exit 1
swap_on
is_file $S2H/hibernate_no_hw_sleep 1 "hibernate_no_hw_sleep is 1"
is_file $S2H/hw_sleep_available no "hw_sleep_available: no"
if [ -x /bin/s2hctl ]; then
	out=$(s2hctl show)
	check "show: hw_sleep_available says no, and why" \
		sh -c 'printf "%s\n" "$1" | grep -q "^hw_sleep_available: *no: the kernel does not say"' - "$out"
	check "show: hibernate_no_hw_sleep has no effect" \
		sh -c 'printf "%s\n" "$1" | grep -q "hibernate_no_hw_sleep has no effect$"' - "$out"
	printf '%s\n' "$out" | grep -A1 "^hw_sleep_available" | while IFS= read -r line; do diag "show: $line"; done
	check "show -j: hw_sleep_available false" \
		sh -c 's2hctl show -j | grep -q "\"hw_sleep_available\":false"'
else
	skip "show and show -j: hw_sleep_available" "no s2hctl in the guest (VM_GUEST_BINS)"
fi
check "mem_sleep offers s2idle" sh -c 'echo s2idle >/sys/power/mem_sleep'

host power-button-after 45
suspend_mem
# The alarm's wake at 30 s; s2h's worker puts the system back to sleep.
wait_for $S2H/last_wake early 90 "the power button ended the second s2idle: last_wake early"
is_stat dark_wakes 1
is_stat alarm_wakes 1
is_stat no_hw_sleep_hibernations 0
is_stat hibernations 0
is_file $S2H/last_cycle/hw_sleep_us -1 "last_cycle/hw_sleep_us: -1, the kernel does not say"
check "no hibernation image written" sh -c '! dmesg | grep -q "PM: Image saving"'
diag_stats
done_testing
