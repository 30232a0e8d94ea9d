# SPDX-License-Identifier: GPL-2.0
#
# The record of the cycles that lasts, on an ext2 disk, over three boots.
# Boot 1: s2hctl agent records a cycle (the user's early wake) in
# cycles.jsonl, once: not again when the agent restarts, and a cycle of the
# module loaded again (its seq 1 again) is a new one. A reboot. Boot 2:
# s2hctl log --all reads both back before the module is even loaded; a
# third cycle; then the power is cut as a record is written (its line
# left torn, as a write cut short). Boot 3: log --all reads the three
# back, skipping the torn line with one warning; the next record after it
# starts on a line of its own.
# vm-fresh-boots
set -u
. /lib/s2h/lib.sh

export S2H_STATEDIR=/mnt/s2h
REC=$S2H_STATEDIR/cycles.jsonl
BOOT=${S2H_BOOT:-1}

# early_cycle: a suspend the host ends before the alarm (delay_sec=60).
early_cycle()
{
	host wake-after 3
	suspend_mem
	wait_for $S2H/state idle 30 "$1: back, idle"
}

mount_disk()
{
	fs_load || { not_ok "ext2 for the disk"; exit 1; }
	mkdir -p /mnt
	check "boot $BOOT: mount the disk" mount -t ext2 /dev/vda /mnt
}

load_all()
{
	fake_power_load capacity=60 energy=1 || exit 1
	s2h_load delay_sec=60 || exit 1
}

boot_id=$(cat /proc/sys/kernel/random/boot_id)
case $BOOT in
1)
	fs_load || { not_ok "ext2 for the disk"; exit 1; }
	check "ext2 on /dev/vda" mke2fs -q /dev/vda
	mount_disk
	load_all
	agent_start
	early_cycle "1"
	wait_lines 1 30 "1: the agent recorded the cycle"
	check "1: $S2H_STATEDIR was created" test -d $S2H_STATEDIR
	line=$(sed -n 1p $REC)
	diag "1: $line"
	check "1: the record is this boot's cycle 1" \
		grep -q "^{\"v\":1,\"boot\":\"$boot_id\",\"seq\":1,\"suspended_at\":" $REC
	check "1: the user's wake, the energy at the suspend" \
		grep -q '"wake":"early".*"energy_start_uwh":[0-9]*,"energy_full_uwh":50000000' $REC
	check "1: at the user's wake nothing was read: no battery_wake, no energy_wake" \
		sh -c "! grep -Eq '\"(battery_wake|energy_wake_uwh|drain_suspended_mw)\"' $REC"
	agent_stop
	agent_start
	sleep 2
	is "$(wc -l <$REC)" 1 "1: an agent restarted does not write it again"
	agent_stop
	s2h_unload
	s2h_load delay_sec=60 || exit 1
	agent_start
	sleep 2
	early_cycle "1, module reloaded"
	wait_lines 2 30 "1: the module's new cycle 1 is recorded as a new one"
	is "$(grep -c '"seq":1,' $REC)" 2 "1: two cycles numbered 1, one of each load"
	agent_stop
	check "1: umount" umount /mnt
	host expect-reboot 60
	reboot -f
	;;
2)
	mount_disk
	check "2: s2hctl log --all, without the module" sh -c 's2hctl log --all >/tmp/log'
	is "$(grep -c ' early ' /tmp/log)" 2 "2: both cycles of boot 1 read back after the reboot"
	load_all
	agent_start
	early_cycle "2"
	wait_lines 3 30 "2: a cycle of this boot recorded"
	is "$(grep -c "\"boot\":\"$boot_id\"" $REC)" 1 "2: one record of this boot, its seq 1 new"
	agent_stop
	# The power fails as the agent writes a record: the line is cut short.
	printf '{"v":1,"boot":"%s","seq":2,"suspended_at":17' "$boot_id" >>$REC
	sync
	host power-cut
	sleep 60
	;;
3)
	mount_disk
	s2hctl log --all >/tmp/log 2>/tmp/log.err
	is "$?" 0 "3: log --all after the power cut succeeds"
	is "$(grep -c ' early ' /tmp/log)" 3 "3: the three records read back"
	is "$(grep -c 'torn' /tmp/log.err)" 1 "3: one warning for the torn last line"
	while read -r line; do diag "3: $line"; done </tmp/log.err
	load_all
	agent_start
	early_cycle "3"
	wait_lines 5 30 "3: the next cycle recorded"
	check "3: the new record starts on a line of its own" \
		sh -c "tail -n 1 $REC | grep -q '^{\"v\":1,\"boot\":\"$boot_id\",\"seq\":1,'"
	s2hctl log --all >/tmp/log 2>/tmp/log.err
	is "$(grep -c ' early ' /tmp/log)" 4 "3: four records read back"
	is "$(wc -l </tmp/log.err)" 1 "3: the torn line, now amid the file, skipped with a warning"
	s2hctl log --all -j >/tmp/log.json 2>/dev/null
	check "3: log --all -j: the records as an array" \
		sh -c "head -c 9 /tmp/log.json | grep -q '^\[{\"v\":1,'"
	agent_stop
	umount /mnt
	diag_stats
	done_testing
	;;
esac
