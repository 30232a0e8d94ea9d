#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# debian-root.sh - a Debian 12 system as a user has one, for the VM tests
# that need systemd, systemd-udevd and apt (make check-user): the cached
# bookworm chroot of scripts/chroot.sh (gcc, make, dkms, the kernel, its
# modules and headers), plus systemd, udev and sudo, and a user "user" who
# may sudo, as an ext4 image made without loop mounts.
#
# Cached under /var/cache/s2h by its inputs: the chroot (whose name holds
# the suite's kernel version and package list) and the steps of make_tree.
# Prints two lines: the chroot, whose /boot and /lib/modules the VM boots
# (VM_ROOT), and the image, which callers copy before they boot it.
set -u

TOP=$(cd "$(dirname "$0")/../.." && pwd)
CACHE_ROOT=${S2H_CACHE:-/var/cache/s2h}
PACKAGES="systemd systemd-sysv udev sudo"

die()
{
	echo "debian-root.sh: $*" >&2
	exit 1
}

# The inputs: the chroot and what make_tree does with it (its code, so
# that a comment elsewhere does not invalidate the cache).
cache_key()
{
	{ basename "$1"; echo "$PACKAGES"; declare -f make_tree; } | sha256sum | cut -c1-12
}

# A copy of the chroot BASE in DIR, with systemd, a user, and the settings
# a serial-console VM needs. The swap disk is /dev/vda, the root /dev/vdb.
make_tree()
{
	local base=$1 dir=$2

	cp -a "$base/." "$dir/" || die "cannot copy $base"
	"$TOP/scripts/chroot.sh" run "$dir" sh -c "apt-get update -q &&
		apt-get install -y -q --no-install-recommends $PACKAGES &&
		apt-get clean && rm -rf /var/lib/apt/lists/*" >&2 || die "apt-get install failed"
	"$TOP/scripts/chroot.sh" run "$dir" useradd -m -s /bin/bash -G sudo user ||
		die "useradd failed"
	echo 'user ALL=(ALL) NOPASSWD: ALL' >"$dir/etc/sudoers.d/user"
	chmod 0440 "$dir/etc/sudoers.d/user"
	echo s2h-user >"$dir/etc/hostname"
	printf '/dev/vdb / ext4 defaults 0 1\n/dev/vda none swap sw 0 0\n' >"$dir/etc/fstab"
	# root without a password on the serial console, for debugging by hand
	sed -i 's/^root:[^:]*:/root::/' "$dir/etc/shadow"
	: >"$dir/etc/machine-id"
}

main()
{
	local base dir img tmp

	base=$("$TOP/scripts/chroot.sh" path bookworm) || die "no bookworm chroot"
	dir=$CACHE_ROOT/debian-root-bookworm-$(cache_key "$base")
	img=$dir/root.ext4
	if [ ! -r "$img" ]; then
		mkdir -p "$dir" || die "cannot create $dir"
		tmp=$(mktemp -d "$dir/tree.XXXXXX") || die "mktemp failed"
		make_tree "$base" "$tmp"
		rm -f "$img.tmp"
		mkfs.ext4 -q -L s2h-root -d "$tmp" "$img.tmp" 3G >&2 || die "mkfs.ext4 failed"
		mv "$img.tmp" "$img"
		rm -rf --one-file-system "$tmp"
	fi
	echo "$base"
	echo "$img"
}

main
