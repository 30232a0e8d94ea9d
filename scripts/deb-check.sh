#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The Debian packages, as a user gets them: built from a copy of the tree,
# checked by lintian, installed with apt into a throwaway copy (an overlay)
# of the cached chroot of SUITE (default bookworm), where DKMS must build
# s2h.ko for the chroot's kernel headers; then removed, which must take the
# module away and keep /etc/s2h.conf, and purged. TAP, ending in
# "N passed, N failed". Needs root (mount, chroot).
#
# Usage: scripts/deb-check.sh [SUITE]
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
version=$(cat "$top/VERSION")
suite=${1:-bookworm}
. "$top/scripts/tap.sh"

work=$(mktemp -d)
root=$work/root

# The overlay first, so that nothing is removed through it; rm stays on
# /tmp's file system whatever is still mounted.
cleanup()
{
	mountpoint -q "$root" && umount -R "$root"
	rm -rf --one-file-system "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

build_debs()
{
	mkdir "$work/debs" && "$top/scripts/deb-build.sh" "$work/debs"
}

# lintian's every line is shown; an error or a warning fails.
lintian_clean()
{
	out=$(lintian --pedantic "$work"/debs/s2h-dkms_*.deb "$work"/debs/s2hctl_*.deb 2>&1)
	status=$?
	[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/# lintian: /' >&3
	[ $status -eq 0 ] && ! printf '%s\n' "$out" | grep -q '^[EW]: '
}

# The cached chroot is the overlay's read-only lower layer: never changed.
make_root()
{
	"$top/scripts/chroot.sh" overlay "$suite" "$work" >/dev/null
}

in_root()
{
	"$top/scripts/chroot.sh" run "$root" "$@"
}

# The kernel whose headers the chroot has (linux-headers-amd64).
headers_kver()
{
	ls -d "$root"/lib/modules/*/build | sed 's|.*/lib/modules/\(.*\)/build$|\1|' | sort -V |
		tail -n 1
}

# A failed DKMS build says only where its log is: show the log.
install_debs()
{
	mkdir "$root/tmp/debs" && cp "$work"/debs/*.deb "$root/tmp/debs/" || return 1
	in_root sh -c 'apt-get install -y -q --no-install-recommends \
		/tmp/debs/s2h-dkms_*.deb /tmp/debs/s2hctl_*.deb' && return
	cat "$root/var/lib/dkms/s2h/$version/build/make.log"
	return 1
}

# s2h.ko, or s2h.ko.xz where the suite's kernel compresses its modules.
dkms_ko()
{
	ls "$root/lib/modules/$kver/updates/dkms/s2h.ko"* 2>/dev/null
}

ko_built()
{
	dkms_ko &&
		in_root dkms status -m s2h -v "$version" -k "$kver" | grep -q ': installed'
}

# By name, through modules.dep: depmod ran too.
modinfo_version()
{
	found=$(in_root modinfo -k "$kver" -F version s2h) || return 1
	echo "modinfo: version $found"
	[ "$found" = "$version" ]
}

tool_version()
{
	found=$(in_root s2hctl --version) || return 1
	echo "$found"
	[ "$found" = "s2hctl $version" ]
}

conffile()
{
	test -f "$root/etc/s2h.conf" &&
		in_root dpkg-query -W -f '${Conffiles}\n' s2hctl | grep -q '^ /etc/s2h.conf '
}

# The rule's RUN is rendered to the packaged s2hctl, and applies the conffile.
udev_rule()
{
	rule=$root/lib/udev/rules.d/60-s2h.rules
	run=$(sed -n 's/.*RUN+="\([^ ]*\) apply \/etc\/s2h.conf"$/\1/p' "$rule") || return 1
	echo "RUN: $run"
	[ -n "$run" ] && test -x "$root$run" &&
		grep -qx 's2h' "$root/lib/modules-load.d/s2h.conf"
}

man_page()
{
	zcat "$root/usr/share/man/man8/s2hctl.8.gz" | grep -q '^\.TH S2HCTL 8' &&
		in_root bash -n /usr/share/bash-completion/completions/s2hctl
}

# apt_get remove|purge: both packages.
apt_get()
{
	in_root apt-get "$1" -y -q s2h-dkms s2hctl
}

# The packages' files are gone, and DKMS has forgotten s2h for every kernel.
removed()
{
	! dkms_ko && ! test -e "$root/usr/src/s2h-$version" &&
		! test -e "$root/usr/sbin/s2hctl" && [ -z "$(in_root dkms status -m s2h)" ]
}

# A removed package leaves its conffile to the administrator; a purge takes it.
removed_but_conf()
{
	removed && test -f "$root/etc/s2h.conf"
}

purged()
{
	removed && ! test -e "$root/etc/s2h.conf"
}

echo "TAP version 13"
if [ "$(id -u)" != 0 ]; then
	tap_result 1 "deb-check needs root (mount, chroot)"
	tap_summary
	exit
fi
exec 3>&1
tap_run "dpkg-buildpackage -b: s2h-dkms and s2hctl $version" build_debs
tap_run "lintian --pedantic: no error, no warning" lintian_clean
tap_run "an overlay of the cached $suite chroot" make_root
kver=$(headers_kver)
tap_run "apt install ./s2h-dkms_*.deb ./s2hctl_*.deb in the chroot" install_debs
tap_run "DKMS built and installed updates/dkms/s2h.ko for $kver" ko_built
tap_run "modinfo s2h (modules.dep of $kver): version $version" modinfo_version
tap_run "s2hctl --version: s2hctl $version" tool_version
tap_run "/etc/s2h.conf is a conffile of s2hctl" conffile
tap_run "udev rule runs the packaged s2hctl; modules-load.d loads s2h" udev_rule
tap_run "man page s2hctl(8); bash completion parses" man_page
tap_run "apt remove s2h-dkms s2hctl" apt_get remove
tap_run "removed: no s2h.ko, no DKMS entry, no sources, no s2hctl; /etc/s2h.conf kept" \
	removed_but_conf
tap_run "apt purge s2h-dkms s2hctl" apt_get purge
tap_run "purged: /etc/s2h.conf gone too" purged
tap_summary
