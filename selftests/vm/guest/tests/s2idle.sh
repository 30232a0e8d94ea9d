# SPDX-License-Identifier: GPL-2.0
#
# A user's early wake from suspend to idle: the ACPI power button (QMP
# system_powerdown, a fixed-event SCI) ends it 5 s into a 60 s delay. This
# guest has no cpuidle driver, so nothing freezes the tick and timekeeping
# runs on through s2idle: no sleep time is injected, and only the kernel's
# suspend_resume tracepoint tells that the suspend slept. s2h must take the
# wake for the user's (early), not for a suspend that never slept
# (aborted), and must not hibernate.
# hpet=disable: with the HPET's emulation of its alarm, the RTC cannot end
# suspend to idle, and s2h arms nothing (rtc-s2idle).
# vm-append: hpet=disable
set -u
. /lib/s2h/lib.sh

if ! button_driver; then
	skip "s2idle wakes" "no ACPI button driver in this kernel"
	done_testing
	exit 0
fi
s2h_load delay_sec=60 || exit 1
swap_on
check "mem_sleep offers s2idle" sh -c 'echo s2idle >/sys/power/mem_sleep'
# For "ACPI fixed event wakeup" in the log: what ended the s2idle.
echo 1 >/sys/power/pm_debug_messages

host power-button-after 5
suspend_mem
check "the suspend was to idle" sh -c 'dmesg | grep -q "PM: suspend entry (s2idle)"'
check "the power button's fixed event woke it" sh -c 'dmesg | grep -q "ACPI fixed event wakeup"'
log_has "s2h saw it sleep with no time injected" \
	"s2h: early wake after .* (0 ms asleep by timekeeping, sleep reached"
is_file $S2H/last_wake early "last_wake is early"
is_stat early_wakes 1
is_stat aborted 0
sleep 2
is_stat hibernations 0
is_file $S2H/state idle "state is idle"
# Linux 6.8 reports it on platforms with low-power S0 idle; QEMU's FADT has none.
# A count that never moved since boot says nothing (no reporting driver).
if [ -e /sys/power/suspend_stats/total_hw_sleep ]; then
	if [ "$(cat /sys/power/suspend_stats/total_hw_sleep)" = 0 ]; then
		is_file $S2H/last_cycle/hw_sleep_us -1 \
			"last_cycle/hw_sleep_us: -1, total_hw_sleep never moved"
	else
		check "last_cycle/hw_sleep_us: a change of total_hw_sleep" \
			test "$(cat $S2H/last_cycle/hw_sleep_us)" -ge 0
	fi
else
	is_file $S2H/last_cycle/hw_sleep_us -1 "last_cycle/hw_sleep_us: -1, the kernel does not say"
fi
if [ -x /bin/s2hctl ]; then
	hw=$(cat $S2H/last_cycle/hw_sleep_us)
	check "show -j: last_cycle's hw_sleep_us is $hw" \
		sh -c 's2hctl show -j | grep -qE "\"hw_sleep_us\":$1[,}]"' - "$hw"
	check "show: the hardware sleep line" sh -c 's2hctl show | grep -q "^  hardware sleep   "'
else
	skip "show and show -j: hw_sleep_us" "no s2hctl in the guest (VM_GUEST_BINS)"
fi
host_check expect-running
diag_stats
done_testing
