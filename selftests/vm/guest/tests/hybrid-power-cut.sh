# SPDX-License-Identifier: GPL-2.0
#
# hibernate_mode=suspend, then the power is cut while in S3: the next boot
# resumes the image s2h wrote, and this script goes on where it was.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

s2h_load delay_sec=8 hibernate_mode=suspend || exit 1
swap_on
disk_before=$(cat /sys/power/disk)
host expect-image-suspended 90
host power-cut
suspend_mem

# Boot 2, resumed from the image: only the image holds the marker, and
# this shell with it.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from the image after the power cut"
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact"
is "$(cat /sys/power/disk)" "$disk_before" "/sys/power/disk restored"
is_stat hibernations 1
diag_stats
done_testing
