# SPDX-License-Identifier: GPL-2.0
#
# The resume device's driver unloaded under s2h: s2h keeps only the
# resume dev_t and looks the block device up at each check. A reference
# held from one check to the next would pin the gendisk past the removal:
# the disk's last put, s2h's, would call virtio_blk's free_disk after the
# module is gone, an oops on the console (the host fails the test on the
# splat). Swap on /dev/vda, checked; swapoff; rmmod virtio_blk; the
# checks then find no such device and fail; the driver back, swap on
# again, they pass.
set -u
. /lib/s2h/lib.sh

ko=$(ls /lib/modules/virtio/*-virtio_blk.ko 2>/dev/null)
if [ -z "$ko" ]; then
	skip "virtio_blk unloaded under s2h" "virtio_blk is built in"
	done_testing
	exit 0
fi
s2h_load || exit 1
swap_on
is_file $S2H/checks/resume ok "checks/resume: ok, swap on /dev/vda"
check "swapoff /dev/vda" swapoff /dev/vda
is_file $S2H/checks/resume failed "checks/resume: failed, no swap"
check "rmmod virtio_blk" rmmod virtio_blk
check "no /dev/vda left" test ! -e /sys/block/vda
is_file $S2H/checks/resume failed "checks/resume: failed, no such device"
echo 1:7 >/sys/power/resume
is_file $S2H/checks/resume failed "checks/resume: failed, resume device moved away"
check "insmod virtio_blk again" insmod "$ko"
check "/dev/vda back" sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do
	[ -e /dev/vda ] && exit 0; sleep 1; done; exit 1'
swap_on
is_file $S2H/checks/resume ok "checks/resume: ok, swap on the new /dev/vda"
check "dmesg: no lookup error" sh -c '! dmesg | grep -q "cannot tell whether resume device"'
s2h_unload
done_testing
