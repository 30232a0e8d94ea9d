# SPDX-License-Identifier: GPL-2.0
#
# Suspend to idle (mem_sleep s2idle), over two boots. QEMU cannot end
# s2idle with the RTC alarm: it sets the ACPI RTC status only when it
# wakes a guest from S3, and to QEMU an s2idle guest is running (QMP
# system_wakeup refuses it too). The ACPI power button's fixed event does
# end it, so the host presses the button: first before the alarm is due
# (a user's early wake: no hibernation), then after it is due, as a user
# coming back to a machine whose RTC could not wake it from s2idle: the
# RTC stayed silent but the alarm is overdue, and s2h hibernates from
# s2idle (QEMU powers off); the second boot resumes the image.
# Timekeeping runs on through s2idle in this guest (no cpuidle driver, no
# tick freeze): s2h must not take "no time injected" for "never slept".
set -u
. /lib/s2h/lib.sh

# uptime_s: boottime in whole seconds (it includes time asleep).
uptime_s()
{
	cut -d. -f1 /proc/uptime
}

if [ ! -e /lib/modules/button.ko ]; then
	skip "s2idle wakes" "no ACPI button module for this kernel"
	done_testing
	exit 0
fi
marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker
check "button.ko is loaded (guest/init)" test -d /sys/module/button
s2h_load delay_sec=30 || exit 1
swap_on
check "mem_sleep offers s2idle" sh -c 'echo s2idle >/sys/power/mem_sleep'
# For "ACPI fixed event wakeup" in the log: what ended the s2idle.
echo 1 >/sys/power/pm_debug_messages

host power-button-after 8
suspend_mem
check "the suspend was to idle" sh -c 'dmesg | grep -q "PM: suspend entry (s2idle)"'
check "the power button's fixed event woke it" sh -c 'dmesg | grep -q "ACPI fixed event wakeup"'
is_file $S2H/last_wake early "last_wake is early"
is_stat early_wakes 1
is_stat hibernations 0
is_file $S2H/state idle "state is idle"

echo 8 >$S2H/delay_sec
host power-button-after 25
host expect-poweroff 120
t0=$(uptime_s)
suspend_mem

# Boot 2, resumed from the image written after the s2idle wake.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact after resume"
diag "asleep in s2idle for about $(($(uptime_s) - t0)) s of boottime, the alarm was due at 8 s"
wait_for $S2H/state idle 30 "state back to idle"
is_file $S2H/last_wake alarm "last_wake is alarm: overdue, the RTC silent"
is_stat alarm_wakes 1
is_stat early_wakes 1
is_stat hibernations 1
is_file /sys/power/mem_sleep "[s2idle] deep" "mem_sleep still s2idle"
diag_stats
done_testing
