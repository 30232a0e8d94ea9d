#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# system-image.sh - a Debian laptop's disk, for the system tests
# (selftests/system): laid out as the Debian installer lays out a UEFI
# laptop and installed with its tools.  Prints the directory that holds it:
#
#	disk.qcow2	GPT: 1 EFI system partition (FAT32, /boot/efi),
#			2 root (ext4), 3 swap; ESP_UUID ROOT_UUID SWAP_UUID
#	vars.fd		OVMF's variables, with the boot entry grub-install wrote
#	image.env	those UUIDs, the suite, the kernel's release
#
# Usage: scripts/system-image.sh [SUITE]	(bookworm, the default, or trixie)
#
# Made without loop devices or mounts: debootstrap and apt in a chroot,
# mkfs.ext4 -d for the root, mkfs.fat for the (empty) EFI partition,
# sgdisk for the table.  What needs the real disk and the firmware runs in a
# first boot of the image, as the installer's last steps do: grub-install
# (shim and the signed GRUB in the EFI partition and the removable path,
# a boot entry in the firmware), update-grub, update-initramfs.
#
# Cached in /var/cache/s2h/system-image-SUITE-HASH, the hash of the inputs:
# the suite, the mirror, the package list, the sizes, the code of the steps
# (not the comments) and the test agent's launcher; the debootstrap tree
# alone in /var/cache/s2h/system-tree-SUITE-HASH.  A build takes a lock: one at a time per suite.
set -u

TOP=$(cd "$(dirname "$0")/.." && pwd)
SUITE=${1:-bookworm}
MIRROR=${S2H_MIRROR:-http://deb.debian.org/debian}
CACHE=${S2H_CACHE:-/var/cache/s2h}
# What a Debian laptop runs: the kernel and its headers (DKMS), the signed
# boot chain, initramfs-tools with cryptsetup, systemd with logind and
# D-Bus, DKMS and what it signs with, and the library s2hctl needs.
PACKAGES="systemd systemd-sysv udev dbus libpam-systemd kmod procps e2fsprogs
	linux-image-amd64 linux-headers-amd64 initramfs-tools
	grub-efi-amd64 grub-efi-amd64-signed shim-signed mokutil efibootmgr
	dosfstools zstd busybox cryptsetup cryptsetup-initramfs dkms openssl libnl-genl-3-200"
ESP_MB=256
ROOT_MB=6144
SWAP_MB=1024
LAUNCHER=$TOP/selftests/system/guest/launch
# A busy 2-core host runs the first boot slowly under TCG.
INSTALL_TIMEOUT=${SYS_INSTALL_TIMEOUT:-1800}

. "$TOP/selftests/system/lib.sh"

die()
{
	echo "system-image.sh: $*" >&2
	exit 1
}

tree_key()
{
	{ echo "$SUITE $MIRROR $PACKAGES"; declare -f make_tree; } | sha256sum | cut -c1-12
}

cache_key()
{
	{
		echo "$(tree_key) $ESP_MB $ROOT_MB $SWAP_MB"
		declare -f configure_tree make_disk install_boot
		cat "$LAUNCHER" "$TOP/selftests/system/guest/s2h-test-agent.service"
	} | sha256sum | cut -c1-12
}

# debootstrap and apt, with the installer's sources (the suite, its
# security and stable updates) and its answers to GRUB: install to the
# removable media path too (firmware that forgets its boot entries, and the
# Secure Boot test's fresh variables, boot from there), and keep the boot
# entry up to date.
make_tree()
{
	local dir=$1

	debootstrap --variant=minbase "$SUITE" "$dir" "$MIRROR" >&2 || die "debootstrap failed"
	cat >"$dir/etc/apt/sources.list" <<-EOF
	deb $MIRROR $SUITE main
	deb ${MIRROR%/debian}/debian-security $SUITE-security main
	deb $MIRROR $SUITE-updates main
	EOF
	chroot "$dir" debconf-set-selections <<-EOF || die "debconf-set-selections failed"
	grub-efi-amd64 grub2/force_efi_extra_removable boolean true
	grub-efi-amd64 grub2/update_nvram boolean true
	EOF
	# no service starts in the chroot
	printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d"
	chmod 755 "$dir/usr/sbin/policy-rc.d"
	"$TOP/scripts/chroot.sh" run "$dir" apt-get update -q >&2 || die "apt-get update failed"
	# shellcheck disable=SC2086
	"$TOP/scripts/chroot.sh" run "$dir" apt-get install -y -q --no-install-recommends $PACKAGES >&2 ||
		die "apt-get install failed"
	rm "$dir/usr/sbin/policy-rc.d"
	"$TOP/scripts/chroot.sh" run "$dir" apt-get clean >&2
	rm -rf "$dir"/var/lib/apt/lists/*
}

# The tree of make_tree, cached on its own (a few minutes of debootstrap
# and apt): prints its directory.
cached_tree()
{
	local dir

	dir=$CACHE/system-tree-$SUITE-$(tree_key)
	if [ ! -e "$dir/.built" ]; then
		echo "system-image.sh: debootstrap $SUITE into $dir (log: $dir.log)" >&2
		rm -rf "$dir"
		mkdir -p "$dir"
		(make_tree "$dir/tree") >"$dir.log" 2>&1 || die "no tree: see $dir.log"
		touch "$dir/.built"
		remove_others "$CACHE/system-tree-$SUITE" "$dir"
	fi
	echo "$dir/tree"
}

# remove_others PREFIX KEEP: the caches of other inputs are stale (KEEP's
# log stays).
remove_others()
{
	local old

	for old in "$1"-*; do
		case $old in
		"$2"|"$2.log") ;;
		*) rm -rf "$old" ;;
		esac
	done
}

# The files the installer writes (fstab, the resume device, hostname), a
# serial console, and the test agent's launcher.
configure_tree()
{
	local dir=$1

	cat >"$dir/etc/fstab" <<-EOF
	# /etc/fstab: static file system information.
	# / was on /dev/vda2 during installation
	UUID=$ROOT_UUID /               ext4    errors=remount-ro 0       1
	# /boot/efi was on /dev/vda1 during installation
	UUID=$ESP_UUID  /boot/efi       vfat    umask=0077      0       1
	# swap was on /dev/vda3 during installation
	UUID=$SWAP_UUID none            swap    sw              0       0
	EOF
	mkdir -p "$dir/boot/efi" "$dir/etc/initramfs-tools/conf.d" "$dir/etc/default/grub.d"
	echo "RESUME=UUID=$SWAP_UUID" >"$dir/etc/initramfs-tools/conf.d/resume"
	# The installer's "targeted" initrd (expert mode's other choice is
	# "generic", MODULES=most): the drivers of this machine only, which
	# mkinitramfs finds in the first boot.  Under TCG, "most" takes half
	# an hour of each update-initramfs the scenarios run.
	sed -i 's/^MODULES=most$/MODULES=dep/' "$dir/etc/initramfs-tools/initramfs.conf"
	grep -qx MODULES=dep "$dir/etc/initramfs-tools/initramfs.conf" || die "no MODULES=most in initramfs.conf"
	echo s2h-laptop >"$dir/etc/hostname"
	printf '127.0.0.1\tlocalhost\n127.0.1.1\ts2h-laptop\n' >"$dir/etc/hosts"
	# The console on the serial line, every message on it (no "quiet": the
	# tests time firmware, GRUB, kernel and initramfs from it), one second
	# of GRUB menu.  GRUB_CMDLINE_LINUX_DEFAULT stays in /etc/default/grub,
	# where a user adds resume= to it.
	sed -i 's/^GRUB_CMDLINE_LINUX_DEFAULT="quiet"/GRUB_CMDLINE_LINUX_DEFAULT=""/' "$dir/etc/default/grub"
	grep -q '^GRUB_CMDLINE_LINUX_DEFAULT=""$' "$dir/etc/default/grub" ||
		die "no GRUB_CMDLINE_LINUX_DEFAULT=\"quiet\" in /etc/default/grub"
	cat >"$dir/etc/default/grub.d/s2h-test-console.cfg" <<-EOF
	GRUB_TIMEOUT=1
	GRUB_TERMINAL=console
	GRUB_CMDLINE_LINUX="console=ttyS0,115200 no_console_suspend"
	EOF
	# root without a password, on the serial console
	chroot "$dir" passwd -d root >/dev/null || die "passwd -d root failed"
	chroot "$dir" systemd-machine-id-setup >/dev/null 2>&1 || die "systemd-machine-id-setup failed"
	install -D -m 0755 "$LAUNCHER" "$dir/usr/local/lib/s2h-test/launch"
	install -m 0644 "$TOP/selftests/system/guest/s2h-test-agent.service" "$dir/etc/systemd/system/"
	chroot "$dir" systemctl enable s2h-test-agent.service >/dev/null 2>&1 ||
		die "cannot enable s2h-test-agent.service"
}

# The partitions as files, then the GPT disk that holds them.
make_disk()
{
	local dir=$1 work=$2 esp=$2/esp.img root=$2/root.img swap=$2/swap.img disk=$2/disk.img
	local esp_start=2048 root_start swap_start

	mkfs.fat -F 32 -n EFI -i "${ESP_UUID/-/}" -C "$esp" $((ESP_MB * 1024)) >/dev/null ||
		die "mkfs.fat failed"
	mkfs.ext4 -q -U "$ROOT_UUID" -d "$dir" "$root" "${ROOT_MB}M" >/dev/null || die "mkfs.ext4 failed"
	install -m 0600 /dev/null "$swap"
	fallocate -l "${SWAP_MB}M" "$swap"
	mkswap -U "$SWAP_UUID" "$swap" >/dev/null || die "mkswap failed"

	root_start=$((esp_start + ESP_MB * 2048))
	swap_start=$((root_start + ROOT_MB * 2048))
	truncate -s $(((swap_start + SWAP_MB * 2048 + 2048) * 512)) "$disk"
	sgdisk -n "1:$esp_start:+${ESP_MB}M" -t 1:ef00 -c "1:EFI System Partition" \
		-n "2:$root_start:+${ROOT_MB}M" -t 2:8300 \
		-n "3:$swap_start:+${SWAP_MB}M" -t 3:8200 "$disk" >/dev/null || die "sgdisk failed"
	dd if="$esp" of="$disk" bs=1M seek=$((esp_start / 2048)) conv=notrunc,sparse status=none &&
		dd if="$root" of="$disk" bs=1M seek=$((root_start / 2048)) conv=notrunc,sparse status=none &&
		dd if="$swap" of="$disk" bs=1M seek=$((swap_start / 2048)) conv=notrunc,sparse status=none ||
		die "cannot write the partitions into the disk"
	rm -f "$esp" "$root" "$swap"
}

# The installer's last steps, in a first boot of the disk: the firmware
# boots the kernel of the tree directly (OVMF loads it from QEMU), the
# agent of the test disk runs them and powers off.
install_boot()
{
	local dir=$1 work=$2 kver=$3 agent=$2/agent

	mkdir -p "$agent"
	cat >"$agent/agent" <<-'EOF'
	#!/bin/sh
	exec >/dev/ttyS1 2>&1
	set -ex
	mountpoint -q /boot/efi || mount /boot/efi
	grub-install --target=x86_64-efi --efi-directory=/boot/efi --bootloader-id=debian \
		--uefi-secure-boot --force-extra-removable
	efibootmgr -v
	update-grub
	update-initramfs -u -k all
	find /boot/efi -type f | sort
	echo "S2H-IMAGE: installed"
	systemctl poweroff
	EOF
	chmod 755 "$agent/agent"
	mkfs.ext4 -q -L S2HTEST -d "$agent" "$work/agent.img" 16M >/dev/null || die "mkfs.ext4 of the agent disk failed"
	cp "$OVMF_VARS" "$work/vars.fd"
	vm_init
	SYS_TEST_DISK=$work/agent.img
	cp "$dir/boot/vmlinuz-$kver" "$dir/boot/initrd.img-$kver" "$work/"
	sys_start install "$work/disk.img" "$work/vars.fd" \
		-kernel "$work/vmlinuz-$kver" -initrd "$work/initrd.img-$kver" \
		-append "root=UUID=$ROOT_UUID ro console=ttyS0,115200" ||
		die "QEMU did not start: $VM_ERROR"
	vm_wait_exit "$INSTALL_TIMEOUT" || echo "system-image.sh: the first boot did not end within ${INSTALL_TIMEOUT}s" >&2
	cp "$VM_DIR/console.log" "$work/install-console.log"
	cp "$VM_DIR/tap.log" "$work/install.log"
	grep -q '^S2H-IMAGE: installed' "$work/install.log" ||
		die "the first boot did not install GRUB: see $work/install.log, $work/install-console.log"
}

main()
{
	local dir tree work kver start=$SECONDS

	[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot)"
	case $SUITE in bookworm|trixie) ;; *) die "unknown suite '$SUITE' (bookworm or trixie)" ;; esac
	dir=$CACHE/system-image-$SUITE-$(cache_key)
	mkdir -p "$CACHE"
	exec 9>"$CACHE/system-image-$SUITE.lock"
	flock 9
	if [ -r "$dir/image.env" ]; then
		echo "$dir"
		return
	fi
	echo "system-image.sh: building the $SUITE image in $dir (debootstrap, then a first boot)" >&2
	work=$dir.new
	rm -rf "$work"
	mkdir -p "$work" || die "cannot create $work"
	tree=$work/tree
	cp -a "$(cached_tree)" "$tree" || die "cannot copy the tree"
	ROOT_UUID=$(cat /proc/sys/kernel/random/uuid)
	SWAP_UUID=$(cat /proc/sys/kernel/random/uuid)
	ESP_UUID=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \n' | tr a-f A-F | sed 's/^\(....\)/\1-/')
	configure_tree "$tree"
	kver=$(ls "$tree/boot" | sed -n 's/^vmlinuz-//p' | sort -V | tail -n 1)
	[ -n "$kver" ] || die "no kernel in the tree"
	echo "system-image.sh: tree done after $((SECONDS - start)) s" >&2
	make_disk "$tree" "$work"
	echo "system-image.sh: disk done after $((SECONDS - start)) s" >&2
	install_boot "$tree" "$work" "$kver"
	echo "system-image.sh: first boot done after $((SECONDS - start)) s" >&2
	qemu-img convert -O qcow2 "$work/disk.img" "$work/disk.qcow2" || die "qemu-img convert failed"
	rm -rf "$tree" "$work/disk.img" "$work/agent" "$work/agent.img" "$work"/vmlinuz-* "$work"/initrd.img-*
	cat >"$work/image.env" <<-EOF
	SUITE=$SUITE
	KVER=$kver
	ROOT_UUID=$ROOT_UUID
	SWAP_UUID=$SWAP_UUID
	ESP_UUID=$ESP_UUID
	BUILD_SECONDS=$((SECONDS - start))
	EOF
	mv "$work" "$dir"
	remove_others "$CACHE/system-image-$SUITE" "$dir"
	echo "system-image.sh: $SUITE image built in $((SECONDS - start)) s" >&2
	echo "$dir"
}

main
