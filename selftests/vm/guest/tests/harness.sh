# SPDX-License-Identifier: GPL-2.0
#
# Self-test of the harness, without s2h.ko: S3 woken by QMP, S3 woken by
# the RTC, then a hibernation by hand that the second boot resumes.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker
swap_on

# The host checks that the guest suspended and that its QMP woke it.
host wake-after 3
check "S3 entered and left, woken by QMP" suspend_mem

# Nothing else wakes it; the alarm, once fired, is cleared.
echo +5 >/sys/class/rtc/rtc0/wakealarm
check "S3 entered and left" suspend_mem
is_file /sys/class/rtc/rtc0/wakealarm "" "S3 woken by the RTC alarm: it fired"

host expect-poweroff 120
diag "hibernating"
check "echo disk > /sys/power/state" sh -c 'echo disk >/sys/power/state'
is "$(cat /tmp/marker)" "$marker" "tmpfs content survives hibernation"
done_testing
