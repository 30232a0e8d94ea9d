# SPDX-License-Identifier: GPL-2.0
#
# The last resort (battery_critical, on by default at 3 %): hibernation is
# out - no swap, the pre-flight checks fail - and the battery drains, 15 %
# at the suspend, 3 % a minute, checked every 60 s. While a check projects
# more than 3 % for the next one, s2h goes back to sleep with the alarm
# armed again: 13, 10 and 7 % in this VM (the RTC rings a little before
# the drain's full minute; a slow VM drains more and checks less often).
# At 4 %, 1 % projected, s2h powers off in order through poweroff_cmd,
# which here is the init system's part: it unmounts the ext2 filesystem
# on the disk and powers off. QEMU exits without an image, and the host
# finds the filesystem clean, as the next boot's fsck would.
# Needs s2h_fake_power.ko and s2hctl.
set -u
. /lib/s2h/lib.sh

if fs_load; then
	check "ext2 on /dev/vda, mounted, a file written" sh -c \
		'mke2fs -q /dev/vda && mkdir -p /mnt && mount -t ext2 /dev/vda /mnt &&
		 echo "written before the suspend" >/mnt/note'
	shutdown_verb=expect-clean-shutdown
else
	skip "ext2 on /dev/vda" "no ext2 in this kernel: the power-off is checked, not the filesystem"
	shutdown_verb=expect-shutdown
fi

fake_power_load capacity=15 ac_online=0 || exit 1
s2h_load battery_check_sec=60 || exit 1
is_file $S2H/battery_critical 3 "battery_critical is on by default, at 3 %"
is_file $S2H/available no "hibernation is out: no swap"

# The init system's share of an orderly power-off: what systemd-shutdown
# does, and the test's last words.
cat >/tmp/s2h-poweroff <<'SCRIPT'
#!/bin/sh
exec 3>/dev/ttyS1
. /lib/s2h/lib.sh
ok "poweroff_cmd ran: the power-off went through the init system"
is_stat power_offs 1
d=$(cat $S2H/stats/dark_wakes)
check "two or three checks slept on first (got $d)" \
	test "$d" -ge 2 -a "$d" -le 3
is_stat hibernations 0
is_file $S2H/last_cycle/decision power_off "last_cycle: decision power_off"
b=$(cat $S2H/last_cycle/battery_wake)
check "last_cycle: battery 3..7 % at the power-off (got $b)" test "$b" -ge 3 -a "$b" -le 7
check "monitor: a power_off event with the battery" grep -q "^power_off battery=[0-9]*%$" /tmp/events.txt
check "dmesg says why" sh -c 'dmesg | grep -q "hibernation out: powering off in order"'
check "dmesg: a hardware-protection power-off, forced if this hung" \
	sh -c 'dmesg | grep -q "HARDWARE PROTECTION shutdown (s2h: battery critical"'
check "the suspend armed the last resort's check" \
	sh -c 'grep -q "^not_armed failed=" /tmp/events.txt && grep -q "^armed delay=1m$" /tmp/events.txt'
diag_stats
if grep -q " /mnt " /proc/mounts; then
	sync
	check "umount /mnt" umount /mnt
fi
done_testing
poweroff -f
SCRIPT
chmod 755 /tmp/s2h-poweroff
echo /tmp/s2h-poweroff >/proc/sys/kernel/poweroff_cmd

s2hctl monitor >/tmp/events.txt 2>&1 &
sleep 1
echo 3 >$FAKE/drain_pct_per_min
host expect-resuspend 120
host expect-resuspend 120
host $shutdown_verb 240
suspend_mem

# Woken by the first check, s2h puts the system back to sleep; after the
# second, /tmp/s2h-poweroff ends the test. If it never runs, the host
# times out waiting for QEMU to exit.
sleep 600
