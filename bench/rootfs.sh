#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rootfs.sh - the Debian 12 root filesystem the benchmark boots: systemd 252
# from debootstrap (minbase), as an ext4 image, made without loop mounts.
# Cached under /var/cache/s2h by its inputs (suite, packages, mirror, the
# steps of make_tree); prints the image's path.  The run's own files (the
# bench unit, s2hctl, sleep.conf, fstab) go in at boot, into a per-run copy
# of the image, so the cache holds Debian alone.
set -u

SUITE=bookworm
MIRROR=${BENCH_MIRROR:-http://deb.debian.org/debian}
# kmod: the guest loads the old and the new module in turns (s2h-bench-guest).
PACKAGES=systemd,systemd-sysv,udev,kmod
CACHE_ROOT=${BENCH_CACHE:-/var/cache/s2h}

die()
{
	echo "rootfs.sh: $*" >&2
	exit 1
}

# The inputs: what debootstrap is given and what make_tree does (its code,
# so that comments elsewhere do not invalidate the cache).
cache_key()
{
	{ echo "$SUITE $MIRROR $PACKAGES"; declare -f make_tree; } | sha256sum | cut -c1-12
}

# debootstrap into DIR, then the few settings a serial-console VM needs.
make_tree()
{
	local dir=$1

	debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$dir" "$MIRROR" >&2 ||
		die "debootstrap failed"
	echo s2h-bench >"$dir/etc/hostname"
	# root without a password on the serial console, for debugging a run by hand
	sed -i 's/^root:[^:]*:/root::/' "$dir/etc/shadow"
	rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
}

main()
{
	local dir img tmp

	dir=$CACHE_ROOT/bench-rootfs-$SUITE-$(cache_key)
	img=$dir/rootfs.ext4
	if [ -r "$img" ]; then
		echo "$img"
		return
	fi
	mkdir -p "$dir" || die "cannot create $dir"
	tmp=$(mktemp -d "$dir/tree.XXXXXX") || die "mktemp failed"
	make_tree "$tmp"
	rm -f "$img.tmp"
	mkfs.ext4 -q -L s2h-bench -d "$tmp" "$img.tmp" 1G >&2 || die "mkfs.ext4 failed"
	mv "$img.tmp" "$img"
	rm -rf "$tmp"
	echo "$img"
}

main
