# SPDX-License-Identifier: GPL-2.0
#
# Scenario 1: the Debian installer's layout.  A swap partition, resumed by
# UUID through initramfs-tools (RESUME=UUID=... in
# /etc/initramfs-tools/conf.d/resume, no resume= on the command line).

step_start()
{
	local swap

	swap=$(blkid -t TYPE=swap -o device | head -n 1)
	check "a swap partition ($swap)" test -b "$swap"
	is "$(cat /etc/initramfs-tools/conf.d/resume)" "RESUME=UUID=$(blkid -s UUID -o value "$swap")" \
		"conf.d/resume names it by UUID, as the installer writes it"
	check "no resume= on the kernel command line" sh -c '! grep -q "resume=" /proc/cmdline'
	is "$(cat /sys/power/resume)" "$(dev_number "$swap")" \
		"initramfs-tools set /sys/power/resume to it at boot"
	check "s2h loaded at boot" test -d /sys/power/s2h
	s2h_cycle 20
	finish
}
