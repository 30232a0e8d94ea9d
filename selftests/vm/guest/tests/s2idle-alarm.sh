# SPDX-License-Identifier: GPL-2.0
#
# The whole cycle from suspend to idle, over two boots: the CMOS RTC's alarm
# ends the s2idle, s2h hibernates (QEMU powers off), the second boot resumes.
# QEMU sets the ACPI RTC status only when it wakes a guest from S3, so the
# alarm's ACPI fixed event never ends s2idle; the RTC's own IRQ does once it
# is armed for wakeup (s2h_fake_power's rtc_wake_irq), as on a platform whose
# RTC IRQ is a wakeup interrupt. hpet=disable: the HPET's RTC emulation
# would tick on that IRQ and end the s2idle at once. Timekeeping runs on
# through this s2idle (no cpuidle driver): the tracepoint tells it slept.
# The kernel records that IRQ as the wake IRQ, which s2h names the RTC's.
# vm-append: hpet=disable
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker
rtc_irq=$(awk '$NF == "rtc0" { sub(":", "", $1); print $1 }' /proc/interrupts)
diag "the CMOS RTC's IRQ: ${rtc_irq:-none}"
fake_power_load rtc_wake_irq="${rtc_irq:-0}" || exit 1
s2h_load delay_sec=8 || exit 1
swap_on
check "mem_sleep offers s2idle" sh -c 'echo s2idle >/sys/power/mem_sleep'
echo 1 >/sys/power/pm_debug_messages
host expect-poweroff 120
suspend_mem

# Boot 2, resumed from the image written after the s2idle wake.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact after resume"
check "the suspend was to idle" sh -c 'dmesg | grep -q "PM: suspend entry (s2idle)"'
check "the RTC's IRQ ended it" sh -c "dmesg | grep -q 'PM: Triggering wakeup from IRQ $rtc_irq\$'"
log_has "s2h saw it sleep with no time injected" \
	"s2h: alarm wake after .* (0 ms asleep by timekeeping, sleep reached"
log_has "s2h named the wake IRQ the RTC's" \
	"s2h: alarm wake after .* (0 ms asleep by timekeeping, sleep reached, .*, the rtc's wake irq,"
wait_for $S2H/state idle 30 "state back to idle"
is_file $S2H/last_wake alarm "last_wake is alarm"
is_stat alarm_wakes 1
is_stat aborted 0
is_stat hibernations 1
is_file /sys/power/mem_sleep "[s2idle] deep" "mem_sleep still s2idle"
diag_stats
done_testing
