# SPDX-License-Identifier: GPL-2.0
#
# hibernate_mode=suspend: at the alarm s2h writes the image and the system
# stays in S3; the user's wake resumes it from memory, and /sys/power/disk
# is what it was before.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

s2h_load delay_sec=8 hibernate_mode=suspend || exit 1
swap_on
echo platform >/sys/power/disk 2>/dev/null || echo shutdown >/sys/power/disk
disk_before=$(cat /sys/power/disk)
host expect-image-suspended 90
host wake-after 2
suspend_mem

wait_for $S2H/stats/resumes_from_hibernation 1 60 "back from the hybrid hibernation"
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact"
is "$(cat /sys/power/disk)" "$disk_before" "/sys/power/disk restored"
check "resumed from memory, not from the image" sh -c '! dmesg | grep -q "PM: Image loading"'
is_stat hibernations 1
is_stat hibernate_failures 0
diag_stats
done_testing
