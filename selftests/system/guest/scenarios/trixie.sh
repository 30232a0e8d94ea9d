# SPDX-License-Identifier: GPL-2.0
#
# Scenario 6: Debian 13 (trixie), systemd >= 254.  systemd-sleep writes the
# HibernateLocation EFI variable before it hibernates, for an initrd that
# runs systemd to find the image; s2h's kernel-started hibernation does
# not write it.  Debian's initrd is initramfs-tools', which resumes from
# RESUME (the installer's conf.d/resume, or the largest swap it finds
# itself) and never reads that variable: shown here with the installer's
# layout, and the auto-detection without conf.d/resume checked in the
# initramfs it builds.  With RESUME=none, as on a system that leaves the
# resume device to systemd, /sys/power/resume stays 0:0 and s2h's
# pre-flight says no: s2h does not arm.

HIBERNATE_LOCATION=/sys/firmware/efi/efivars/HibernateLocation-8cf2644b-4b0b-428f-9387-6d876050dc67

step_start()
{
	local swap version

	version=$(systemctl --version | sed -n 's/^systemd \([0-9]*\).*/\1/p')
	check "systemd $version >= 254" test "$version" -ge 254
	check "UEFI: efivarfs mounted" test -d /sys/firmware/efi/efivars
	check "no HibernateLocation variable before" test ! -e "$HIBERNATE_LOCATION"
	swap=$(blkid -t TYPE=swap -o device | head -n 1)
	is "$(cat /sys/power/resume)" "$(dev_number "$swap")" \
		"initramfs-tools set /sys/power/resume to the swap partition"
	s2h_cycle 20
	check "s2h's hibernation wrote no HibernateLocation, and resumed all the same" \
		test ! -e "$HIBERNATE_LOCATION"
	# Without the installer's conf.d/resume, initramfs-tools picks the
	# largest swap itself.
	rm /etc/initramfs-tools/conf.d/resume
	check "update-initramfs -u (no conf.d/resume)" run_diag update-initramfs -u
	check_has "^RESUME=UUID=$(blkid -s UUID -o value "$swap")" \
		"the initramfs resumes from the swap partition it found itself" initramfs_resume
	echo RESUME=none >/etc/initramfs-tools/conf.d/resume
	check "update-initramfs -u (RESUME=none)" run_diag update-initramfs -u
	reboot_into noresume
}

step_noresume()
{
	is "$(cat /sys/power/resume)" "0:0" "RESUME=none: no resume device at runtime"
	s2h_check_is 1 "s2hctl check fails"
	check_has "FAIL resume" "s2hctl check: no resume device" s2hctl check
	is "$(cat "$S2H/available")" no "available: no, s2h does not arm"
	finish
}

initramfs_resume()
{
	local dir

	dir=$(mktemp -d)
	unmkinitramfs "/boot/initrd.img-$(uname -r)" "$dir" &&
		find "$dir" -path '*/conf/conf.d/*' -exec cat {} +
	rm -rf "$dir"
}
