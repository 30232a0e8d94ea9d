# SPDX-License-Identifier: GPL-2.0
#
# Self-test of the harness, without s2h.ko: S3 woken by QMP, S3 woken by
# the RTC, then a hibernation by hand that the second boot resumes.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker
swap_on

host wake-after 3
suspend_mem
ok "S3, woken by QMP"

echo +5 >/sys/class/rtc/rtc0/wakealarm
suspend_mem
ok "S3, woken by the RTC alarm"

host expect-poweroff 120
diag "hibernating"
check "echo disk > /sys/power/state" sh -c 'echo disk >/sys/power/state'
is "$(cat /tmp/marker)" "$marker" "tmpfs content survives hibernation"
done_testing
