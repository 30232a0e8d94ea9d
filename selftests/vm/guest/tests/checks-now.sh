# SPDX-License-Identifier: GPL-2.0
#
# The pre-flight checks see the system as it is at the suspend: each
# condition changes right before "echo mem > /sys/power/state", with no read
# of /sys/power/s2h in between, and the suspend is not armed. s2h looks the
# resume device's block device up by its dev_t at each check and holds
# nothing between two (see module/preflight.c).
# Two vCPUs: the checks run in their worker beside the freezer (with one,
# the notifier runs them: every other suspend test).
# vm-smp: 2
set -u
. /lib/s2h/lib.sh

is "$(grep -c ^processor /proc/cpuinfo)" 2 "two CPUs online: the checks run in their worker"

# refused DESC REASON: the suspend that starts now is not armed, and the
# kernel log says REASON. A suspend armed by mistake is woken early by the
# host all the same, and counted as an early wake instead.
refused()
{
	local before

	before=$(cat $S2H/stats/not_armed)
	host wake-after 2
	suspend_mem
	is "$(cat $S2H/stats/not_armed)" $((before + 1)) "$1: the suspend is not armed"
	check "$1: the log says '$2'" sh -c \
		"dmesg | grep 's2h: not armed' | tail -n 1 | grep -q '$2'"
}

# armed DESC: the suspend that starts now is armed (the host wakes it early).
armed()
{
	local before

	before=$(cat $S2H/stats/early_wakes)
	host wake-after 2
	suspend_mem
	wait_for $S2H/state idle 10 "$1: back to idle"
	is "$(cat $S2H/stats/early_wakes)" $((before + 1)) "$1: the suspend was armed"
}

s2h_load delay_sec=60 || exit 1
swap_on
armed "swap on the resume device"

# swapoff, then at once the suspend: the resume device is no swap any more.
swapoff /dev/vda
refused "swapoff right before the suspend" "no resume device, or it is no active swap"
swapon /dev/vda
armed "swapon again, the same device"

# The kernel takes no 0:0: a resume device that does not exist is as good as none.
echo 1:7 >/sys/power/resume
refused "resume device moved away right before the suspend" "no resume device"
cat /sys/block/vda/dev >/sys/power/resume
armed "resume device back on the swap"

# Swap just large enough for the image, then filled: a cgroup that may keep
# 8 MiB in memory writes 64 MiB to a tmpfs, and the rest goes to swap. A
# kernel without the memory cgroup skips it, which make check fails.
mkdir -p /fill /sys/fs/cgroup
mount -t cgroup2 none /sys/fs/cgroup 2>/dev/null
if ! grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
	skip "swap filled right before the suspend" "no memory cgroup in this kernel"
else
	swapoff /dev/vda
	image=$(cat $S2H/image_mb)
	mkswap /dev/vda $(((image + 32) * 1024)) >/dev/null && swapon /dev/vda
	armed "swap of the image's size plus 32 MiB"
	mount -t tmpfs -o size=128m tmpfs /fill
	echo +memory >/sys/fs/cgroup/cgroup.subtree_control
	mkdir /sys/fs/cgroup/fill
	echo 8M >/sys/fs/cgroup/fill/memory.max
	sh -c 'echo $$ >/sys/fs/cgroup/fill/cgroup.procs &&
		exec dd if=/dev/zero of=/fill/zero bs=1M count=64 2>/dev/null'
	used_kb=$(awk '$1 == "/dev/vda" { print $4 }' /proc/swaps)
	refused "swap filled right before the suspend" "not enough free swap"
	check "the swap was filled ($used_kb KiB used)" test "${used_kb:-0}" -gt $((40 * 1024))
fi
diag_stats
done_testing
