# SPDX-License-Identifier: GPL-2.0
#
# A key press wakes the system before the alarm. QEMU, like the firmware of
# many laptops, reports that wake on the ACPI fixed power button, whose
# driver (button.ko, which guest/init loads as udev would) hangs an input
# device below it: the wake is the user's and the source is named. Without
# the driver, the same wake would be "other" (no input device known).
set -u
. /lib/s2h/lib.sh

check "button.ko is loaded (guest/init)" test -d /sys/module/button
s2h_load delay_sec=60 || exit 1
swap_on
host key-after 3
suspend_mem

wait_for $S2H/last_wake early 10 "last_wake is early"
source=$(cat $S2H/last_cycle/wake_source)
diag "wake_source: $source"
is "$source" "LNXPWRBN:00" "last_cycle names the power button's wakeup source"
check "s2hctl show names it" sh -c "s2hctl show | grep -q 'woke at .*(early, by LNXPWRBN:00'"
check "s2hctl show -j names it" sh -c "s2hctl show -j | grep -q '\"wake_source\":\"LNXPWRBN:00\"'"
is_stat hibernations 0
is_stat other_wakes 0
host_check expect-running
done_testing
