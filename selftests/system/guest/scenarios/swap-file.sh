# SPDX-License-Identifier: GPL-2.0
#
# Scenario 2: a swap file on the ext4 root instead of the installer's
# partition, resumed through resume= and resume_offset= on the command
# line (the kernel's swsusp-and-swap-files.rst and the Debian wiki's
# recipe: the offset is the file's first physical block, from filefrag).
# s2h's pre-flight says no until resume points at the file, yes after.
# A wrong resume_offset: the hibernation fails and the machine goes back
# to sleep.

step_start()
{
	local swap

	swap=$(blkid -t TYPE=swap -o device | head -n 1)
	# The partition goes, the file comes, as a user switches.
	check "swapoff $swap" swapoff "$swap"
	sed -i '/ swap /s/^UUID=/#UUID=/' /etc/fstab
	check "dd if=/dev/zero of=/swapfile bs=1M count=1024" \
		dd if=/dev/zero of=/swapfile bs=1M count=1024 status=none
	chmod 600 /swapfile
	check "mkswap /swapfile" mkswap /swapfile
	check "swapon /swapfile" swapon /swapfile
	echo "/swapfile none swap sw 0 0" >>/etc/fstab
	# resume still names the partition, which is no swap any more
	s2h_check_is 1 "s2hctl check fails with the swap file and no resume_offset"
	check_has "FAIL resume" "s2hctl check: no resume device" s2hctl check
	is "$(cat "$S2H/available")" no "available: no"
	# A suspend with resume not configured stays a suspend.
	check "s2hctl set delay 10s" s2hctl set delay 10s
	host stay-suspended 40
	host wake-after 1
	diag "systemctl suspend (resume not configured)"
	systemctl suspend
	wait_for "$S2H/stats/not_armed" 1 600 "s2h did not arm: stats/not_armed 1"
	is_stat hibernations 0
	configure_resume
	reboot_into cycle
}

# The recipe: resume= the file system, resume_offset= the file's first
# block, on the kernel command line (GRUB) and for initramfs-tools.
configure_resume()
{
	local uuid offset

	uuid=$(findmnt -no UUID /)
	offset=$(filefrag -v /swapfile | awk '$1 == "0:" { print $4 + 0 }')
	check "filefrag: /swapfile starts at block $offset" test "${offset:-0}" -gt 0
	echo "$offset" >/var/lib/s2h-test/offset
	echo "RESUME=UUID=$uuid" >/etc/initramfs-tools/conf.d/resume
	sed -i "s/^GRUB_CMDLINE_LINUX_DEFAULT=\"/&resume=UUID=$uuid resume_offset=$offset /" /etc/default/grub
	check_has "resume_offset=$offset" "GRUB_CMDLINE_LINUX_DEFAULT has resume= and resume_offset=" \
		grep '^GRUB_CMDLINE_LINUX_DEFAULT=' /etc/default/grub
	check "update-grub" run_diag update-grub
	check "update-initramfs -u" run_diag update-initramfs -u
}

step_cycle()
{
	local offset

	offset=$(cat /var/lib/s2h-test/offset)
	check_has "resume_offset=$offset" "resume_offset=$offset on the command line" cat /proc/cmdline
	is "$(cat /sys/power/resume)" "$(dev_number "$(findmnt -no SOURCE /)")" \
		"/sys/power/resume is the root file system's device"
	is "$(cat /sys/power/resume_offset)" "$offset" "/sys/power/resume_offset is the file's"
	check_has "^ok   resume_offset: $offset, the swap header of /swapfile" \
		"s2hctl check: resume_offset is the swap file's header" s2hctl check
	s2h_cycle 20
	wrong_offset "$offset"
	finish
}

# A resume_offset that misses the file: hibernation cannot find its swap,
# fails, and s2h puts the machine back to sleep (retries once, then sleeps
# without an alarm); the user wakes it, in the same session.
wrong_offset()
{
	local offset=$1 failures

	failures=$(cat "$S2H/stats/hibernate_failures")
	echo $((offset + 8)) >/sys/power/resume_offset
	s2h_check_is 1 "s2hctl check fails with a wrong resume_offset"
	check_has "FAIL resume_offset: $((offset + 8)), but the swap header of /swapfile is at $offset" \
		"s2hctl check: the offset set and the file's" s2hctl check
	check_has "resume_offset=$offset in GRUB_CMDLINE_LINUX_DEFAULT" "s2hctl check: the fix" \
		s2hctl check
	check "s2hctl set delay 10s" s2hctl set delay 10s
	host expect-resuspend 600
	host expect-resuspend 1200
	host stay-suspended 30
	host wake-after 1
	diag "systemctl suspend (wrong resume_offset)"
	systemctl suspend
	wait_for "$S2H/stats/hibernate_failures" $((failures + 2)) 900 \
		"both hibernations failed (stats/hibernate_failures +2)"
	check "after the user's wake, the session is still there" kill -0 "$SESSION_PID"
	run_diag sh -c 'dmesg | grep -E "s2h|PM: suspend|hibernation (entry|exit)|Image|Cannot" | tail -n 20'
	echo "$offset" >/sys/power/resume_offset
}
