#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel's own YNL tools (tools/net/ynl: ynl-gen-c, the ynl CLI and
# their library) and netlink schemas (Documentation/netlink) of Debian's
# linux-source in SUITE (trixie: 6.12, sid: 7.x), to check our spec with.
# Nothing of them enters this tree.
#
# Usage: scripts/ynl-tools.sh SUITE   print the directory that holds them
#
# apt downloads the package in an overlay of SUITE's cached chroot
# (scripts/chroot.sh); only those two directories are unpacked, into
# /var/cache/s2h/ynl/linux-source-SERIES-VERSION, kept until the suite
# moves to another version.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${S2H_CACHE:-/var/cache/s2h}/ynl

die()
{
	echo "ynl-tools.sh: $*" >&2
	exit 1
}

[ $# -eq 1 ] || die "usage: ynl-tools.sh SUITE"
suite=$1
[ "$(id -u)" = 0 ] || die "needs root (chroot, mount)"
mkdir -p "$cache"
exec 8>"$cache/$suite.lock"
flock 8

work=$(mktemp -d "${TMPDIR:-/tmp}/s2h-ynl.XXXXXX")
cleanup()
{
	! mountpoint -q "$work/root" || umount "$work/root"
	rm -rf --one-file-system "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

root=$("$top/scripts/chroot.sh" overlay "$suite" "$work") || die "no chroot of $suite"
# linux-source depends on the suite's one linux-source-SERIES.
package=$(chroot "$root" apt-cache depends linux-source |
	sed -n 's/^ *Depends: \(linux-source-[0-9.]*\)$/\1/p' | head -n 1)
[ -n "$package" ] || die "$suite has no linux-source-SERIES package"
version=$(chroot "$root" apt-cache policy "$package" | sed -n 's/^ *Candidate: //p')
[ -n "$version" ] && [ "$version" != "(none)" ] || die "no candidate version of $package"
dir=$cache/$package-$version

if [ ! -e "$dir/.done" ]; then
	echo "ynl-tools.sh: unpacking tools/net/ynl and Documentation/netlink of $package $version" >&2
	"$top/scripts/chroot.sh" run "$root" sh -c "cd /tmp && apt-get download -q $package" \
		>"$work/download.log" 2>&1 || { cat "$work/download.log" >&2; die "apt-get download $package failed"; }
	deb=$(ls "$root"/tmp/"$package"_*.deb)
	rm -rf "$dir" "$dir.new"
	mkdir -p "$dir.new"
	# The package holds the tree as /usr/src/linux-source-SERIES.tar.xz.
	dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$package.tar.xz" |
		tar -xJ -C "$dir.new" --strip-components=1 \
			"$package/tools/net/ynl" "$package/Documentation/netlink" ||
		die "cannot unpack $deb"
	touch "$dir.new/.done"
	mv "$dir.new" "$dir"
	# Older versions of the same series are stale.
	for old in "$cache/$package"-*; do
		[ "$old" = "$dir" ] || [ "$old" = "$dir.new" ] || rm -rf "$old"
	done
fi
echo "$dir"
