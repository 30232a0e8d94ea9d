# SPDX-License-Identifier: GPL-2.0
#
# Scenario 3: swap inside LUKS.  The installer's swap partition becomes a
# LUKS2 volume with a passphrase, listed in /etc/crypttab; because RESUME
# names the swap inside it, cryptsetup-initramfs puts the volume in the
# initramfs, which asks for the passphrase on the console at every boot
# (the host types it, as the user would) and then resumes.

PASSPHRASE=s2h-luks-test

step_start()
{
	local part luks

	part=$(blkid -t TYPE=swap -o device | head -n 1)
	check "swapoff $part" swapoff "$part"
	check "cryptsetup luksFormat --type luks2 $part" \
		sh -c "printf %s '$PASSPHRASE' | cryptsetup luksFormat --batch-mode --type luks2 --key-file - $part"
	luks=$(blkid -s UUID -o value "$part")
	check "cryptsetup open $part cryptswap" \
		sh -c "printf %s '$PASSPHRASE' | cryptsetup open --key-file - $part cryptswap"
	check "mkswap /dev/mapper/cryptswap" mkswap /dev/mapper/cryptswap
	check "swapon /dev/mapper/cryptswap" swapon /dev/mapper/cryptswap
	echo "cryptswap UUID=$luks none luks,discard" >>/etc/crypttab
	sed -i 's|^UUID=[^ ]* *none *swap .*|/dev/mapper/cryptswap none swap sw 0 0|' /etc/fstab
	echo "RESUME=/dev/mapper/cryptswap" >/etc/initramfs-tools/conf.d/resume
	check "update-initramfs -u" run_diag update-initramfs -u
	check_has "^cryptswap " "the initramfs' crypttab has cryptswap" initramfs_crypttab
	host unlock-every-boot "$PASSPHRASE"
	reboot_into cycle
}

initramfs_crypttab()
{
	local dir

	dir=$(mktemp -d)
	unmkinitramfs "/boot/initrd.img-$(uname -r)" "$dir" &&
		find "$dir" -path '*/cryptroot/crypttab' -exec cat {} +
	rm -rf "$dir"
}

step_cycle()
{
	check_has "crypt" "cryptswap is a dm-crypt volume" lsblk -no TYPE /dev/mapper/cryptswap
	check_has "^/dev/dm-" "swap is on it" sh -c 'swapon --show=NAME --noheadings'
	is "$(cat /sys/power/resume)" "$(dev_number /dev/mapper/cryptswap)" \
		"initramfs-tools set /sys/power/resume to /dev/mapper/cryptswap"
	s2h_cycle 20
	finish
}
