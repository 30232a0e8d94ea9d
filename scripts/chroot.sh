#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Cached Debian chroots, one per suite, to build s2h with DKMS against each
# suite's kernel and to boot that kernel in the VM.
#
#   scripts/chroot.sh path SUITE      print the chroot of SUITE (bookworm,
#                                     trixie, sid), made when missing
#   scripts/chroot.sh overlay SUITE DIR
#                                     mount a writable overlay of SUITE's
#                                     chroot at DIR/root, print DIR/root
#   scripts/chroot.sh run DIR CMD...  run CMD in DIR with /proc, /sys, /dev
#
# A chroot holds gcc, make, dkms, the suite's linux-headers-amd64, the
# libraries s2hctl's package depends on, and the files of the kernel image
# that goes with the headers. It lives in
# /var/cache/s2h/chroot/SUITE-VERSION-HASH, keyed by the version of the
# suite's linux-headers-amd64 and a hash of the package list: when the suite
# moves to a new kernel or the list changes, a new chroot replaces the old
# one. Callers that change a chroot (dkms install, apt install) do so in an
# overlay, whose lower layer, the cache, is never written; they unmount it.
set -eu

cache=${S2H_CACHE:-/var/cache/s2h}/chroot
mirror=${S2H_MIRROR:-http://deb.debian.org/debian}
packages="gcc make dkms kmod xz-utils linux-headers-amd64 libnl-genl-3-200"
key=$(echo "$packages" | sha256sum | cut -c1-8)

die()
{
	echo "chroot.sh: $*" >&2
	exit 1
}

# run DIR CMD...: the kernel's pseudo file systems are mounted for the
# command only, and unmounted on every way out.
run()
{
	dir=$1
	shift
	trap 'umount -l "$dir/dev" "$dir/sys" "$dir/proc" 2>/dev/null || true' EXIT INT TERM
	mount -t proc proc "$dir/proc"
	mount -t sysfs sysfs "$dir/sys"
	mount --bind /dev "$dir/dev"
	status=0
	DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 chroot "$dir" "$@" || status=$?
	umount -l "$dir/dev" "$dir/sys" "$dir/proc"
	trap - EXIT INT TERM
	return $status
}

headers_version()
{
	chroot "$1" dpkg-query -W -f '${Version}' linux-headers-amd64
}

# The candidate version of linux-headers-amd64 in the suite, as the existing
# chroot's apt sees it after an update; empty when the mirror is unreachable,
# so an offline machine keeps using its cache.
candidate_version()
{
	run "$1" apt-get update -qq >/dev/null 2>&1 || return 0
	chroot "$1" apt-cache policy linux-headers-amd64 | sed -n 's/^ *Candidate: //p'
}

# The image of the kernel the headers are for, unpacked rather than
# installed: the VM boots it with an initramfs of its own, and installing
# it would pull in initramfs-tools or dracut and build an initramfs (sid's
# also pulls in systemd) for nothing. From 7.x the image package is empty
# and depends on linux-binary-KVER and linux-modules-KVER: those too.
# --keep-directory-symlink: bookworm's package has /lib, a symlink to
# usr/lib in the chroot, which a plain dpkg-deb -x replaces by a directory.
extract_image='set -e
	kver=$(ls /usr/src | sed -n "s/^linux-headers-\(.*-amd64\)$/\1/p" | sort -V | tail -n 1)
	parts=$(apt-cache depends "linux-image-$kver" |
		sed -n "s/^ *Depends: \(linux-[a-z]*-$kver\)$/\1/p")
	mkdir /tmp/image
	cd /tmp/image
	apt-get download -q "linux-image-$kver" $parts
	for deb in *.deb; do
		dpkg-deb --fsys-tarfile "$deb" | tar -x --keep-directory-symlink -C /
	done
	cd /
	rm -r /tmp/image
	depmod "$kver"'

create()
{
	suite=$1
	tmp=$cache/$suite.new
	rm -rf "$tmp"
	echo "chroot.sh: debootstrap $suite (a few minutes)" >&2
	debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >"$cache/$suite.log" 2>&1 ||
		die "debootstrap $suite failed, see $cache/$suite.log"
	run "$tmp" apt-get install -y -q --no-install-recommends $packages \
		>>"$cache/$suite.log" 2>&1 ||
		die "installing $packages in $suite failed, see $cache/$suite.log"
	run "$tmp" sh -c "$extract_image" >>"$cache/$suite.log" 2>&1 ||
		die "unpacking the kernel image in $suite failed, see $cache/$suite.log"
	run "$tmp" apt-get clean
	dir=$cache/$suite-$(headers_version "$tmp")-$key
	rm -rf "$dir"
	mv "$tmp" "$dir"
	echo "$dir"
}

path()
{
	suite=$1
	case $suite in
	bookworm|trixie|sid) ;;
	*) die "unknown suite '$suite' (bookworm, trixie or sid)" ;;
	esac
	mkdir -p "$cache"
	exec 9>"$cache/$suite.lock"
	flock 9
	current=$(ls -d "$cache/$suite"-[0-9]*-"$key" 2>/dev/null | sort -V | tail -n 1)
	if [ -n "$current" ]; then
		want=$(candidate_version "$current")
		if [ -z "$want" ] || [ "$want" = "$(headers_version "$current")" ]; then
			echo "$current"
			return
		fi
		echo "chroot.sh: $suite moved to linux-headers-amd64 $want" >&2
	fi
	new=$(create "$suite")
	# Chroots of other kernels or package lists are stale.
	for old in "$cache/$suite"-[0-9]*; do
		[ "$old" = "$new" ] || rm -rf "$old"
	done
	echo "$new"
}

overlay()
{
	base=$(path "$1")
	mkdir -p "$2/root" "$2/upper" "$2/ovl"
	mount -t overlay overlay -o "lowerdir=$base,upperdir=$2/upper,workdir=$2/ovl" "$2/root"
	echo "$2/root"
}

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, mount)"
[ $# -ge 2 ] || die "usage: chroot.sh path SUITE | overlay SUITE DIR | run DIR CMD..."
cmd=$1
shift
case $cmd in
path)	path "$1" ;;
overlay) overlay "$@" ;;
run)	run "$@" ;;
*)	die "unknown command '$cmd'" ;;
esac
