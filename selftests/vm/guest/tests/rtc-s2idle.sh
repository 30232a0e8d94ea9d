# SPDX-License-Identifier: GPL-2.0
#
# The rtc_s2idle pre-flight check, with QEMU's HPET on (the default): the
# kernel has rtc_cmos's alarm emulated by the HPET, which stops in suspend
# to idle on real hardware. With mem_sleep deep the check passes; with
# s2idle it fails, available says why, "s2hctl check" names the kernel
# parameter that fixes it, and a suspend to idle is left plain.
set -u
. /lib/s2h/lib.sh

check "s2hctl is in the initramfs" test -x /bin/s2hctl || { done_testing; exit 1; }
s2h_load delay_sec=8 || exit 1
swap_on
check "rtc_cmos's alarm is emulated by the HPET" grep -q "^HPET_emulated.*yes" /proc/driver/rtc
check "mem_sleep is deep" grep -q '\[deep\]' /sys/power/mem_sleep
is_file $S2H/checks/rtc_s2idle ok "checks/rtc_s2idle: ok while suspend is to deep"
is_file $S2H/available yes "available: yes"

echo s2idle >/sys/power/mem_sleep
is_file $S2H/checks/rtc_s2idle failed "checks/rtc_s2idle: failed once suspend is to idle"
is_file $S2H/available no "available: no"
out=$(s2hctl check 2>&1)
is "$?" 1 "s2hctl check: exit 1"
check "s2hctl check: FAIL rtc_s2idle" sh -c 'printf "%s\n" "$1" | grep -q "^FAIL rtc_s2idle: "' - "$out"
check "s2hctl check names rtc_cmos.use_acpi_alarm=1" \
	sh -c 'printf "%s\n" "$1" | grep -q "rtc_cmos.use_acpi_alarm=1"' - "$out"
printf '%s\n' "$out" | while IFS= read -r line; do diag "check: $line"; done

# A suspend to idle is left plain: the power button ends it.
if button_driver; then
	host power-button-after 5
	suspend_mem
	is_stat not_armed 1
	check "the log says why" sh -c 'dmesg | grep -q "s2h: not armed, a pre-flight check failed: no: the rtc cannot end suspend to idle (hpet-emulated alarm)"'
	is_file $S2H/last_wake none "last_wake: none, nothing was armed"
else
	skip "a suspend to idle is left plain" "no ACPI button driver in this kernel"
fi

echo deep >/sys/power/mem_sleep
is_file $S2H/checks/rtc_s2idle ok "checks/rtc_s2idle: ok again with deep"
diag_stats
done_testing
