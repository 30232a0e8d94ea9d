#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The Debian packages, as a user gets them: built by "make deb" in a copy of
# the tree without git (as from a release tarball), source and binaries
# checked by lintian --pedantic, installed with apt into a throwaway copy
# (an overlay) of the cached chroot of SUITE (default bookworm), where DKMS
# must build s2h.ko for the chroot's kernel headers and every file must be
# where Debian wants it; then removed, which must take the module away and
# keep /etc/s2h.conf, and purged, which takes it and /var/lib/s2h. TAP,
# ending in "N passed, N failed, N skipped". Needs root (mount, chroot).
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

# A tree without .git, as a release tarball unpacks: make deb must work there.
build_debs()
{
	"$top/scripts/copy-checkout.sh" "$work/src" && ! test -e "$work/src/.git" &&
		make -C "$work/src" deb && mkdir "$work/debs" &&
		mv "$work"/src/*.deb "$work"/src/*.dsc "$work"/src/*.tar.xz "$work"/src/*.changes \
			"$work"/src/*.buildinfo \
			"$work/debs/"
}

# lintian's every line is shown; any tag fails, info and pedantic ones
# too: an override that no longer matches is one (unused-override), and
# what is meant to stay is overridden in debian/, with the reason. The
# .changes names the source package and both binaries.
lintian_clean()
{
	out=$(lintian --info --pedantic "$work"/debs/s2h_*.changes 2>&1)
	status=$?
	[ -z "$out" ] || printf '%s\n' "$out" | sed 's/^/# lintian: /' >&3
	[ $status -eq 0 ] && ! printf '%s\n' "$out" | grep -q '^[EWIP]: '
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

# In /usr/bin, on a normal user's PATH.
tool_version()
{
	found=$(in_root su -s /bin/sh nobody -c 'PATH=/usr/local/bin:/usr/bin:/bin s2hctl --version') ||
		return 1
	echo "$found"
	[ "$found" = "s2hctl $version" ] && [ "$(in_root dpkg -S /usr/bin/s2hctl)" = "s2hctl: /usr/bin/s2hctl" ]
}

# The drop-ins' directory is the package's, so that a fleet's own package
# can put a file there and a purge of s2hctl leaves it that file.
conffile()
{
	test -f "$root/etc/s2h.conf" &&
		in_root dpkg-query -W -f '${Conffiles}\n' s2hctl | grep -q '^ /etc/s2h.conf ' &&
		test -d "$root/etc/s2h.conf.d" &&
		[ "$(in_root dpkg -S /etc/s2h.conf.d)" = "s2hctl: /etc/s2h.conf.d" ]
}

# The rule starts s2h.service and s2h-agent.service, or runs the packaged
# s2hctl without systemd; the units run it; modules-load.d comes with the
# module's package.
udev_rule()
{
	rule=$root/usr/lib/udev/rules.d/60-s2h.rules
	unit=$root/usr/lib/systemd/system/s2h.service
	agent=$root/usr/lib/systemd/system/s2h-agent.service
	run=$(sed -n 's/.*RUN+="\([^ ]*\) apply \/etc\/s2h.conf"$/\1/p' "$rule") || return 1
	exec_start=$(sed -n 's/^ExecStart=\([^ ]*\) apply \/etc\/s2h.conf$/\1/p' "$unit")
	agent_start=$(sed -n 's/^ExecStart=\([^ ]*\) agent\( .*\)\{0,1\}$/\1/p' "$agent")
	echo "RUN: $run, ExecStart: $exec_start, agent's: $agent_start"
	[ "$run" = /usr/bin/s2hctl ] && [ "$exec_start" = /usr/bin/s2hctl ] &&
		[ "$agent_start" = /usr/bin/s2hctl ] &&
		grep -q 'ENV{SYSTEMD_WANTS}+="s2h.service s2h-agent.service"' "$rule" &&
		in_root dpkg -S /usr/lib/udev/rules.d/60-s2h.rules | grep -q '^s2hctl:' &&
		in_root dpkg -S /usr/lib/systemd/system/s2h.service | grep -q '^s2hctl:' &&
		in_root dpkg -S /usr/lib/systemd/system/s2h-agent.service | grep -q '^s2hctl:' &&
		grep -qx 's2h' "$root/usr/lib/modules-load.d/s2h.conf" &&
		in_root dpkg -S /usr/lib/modules-load.d/s2h.conf | grep -q '^s2h-dkms:'
}

# The man pages, the completions, and the docs they point at, uncompressed.
man_page()
{
	zcat "$root/usr/share/man/man8/s2hctl.8.gz" | grep -q '^\.TH S2HCTL 8' &&
		zcat "$root/usr/share/man/man5/s2h.conf.5.gz" | grep -q '^\.TH S2H.CONF 5' &&
		in_root bash -n /usr/share/bash-completion/completions/s2hctl &&
		test -s "$root/usr/share/zsh/vendor-completions/_s2hctl" &&
		test -s "$root/usr/share/fish/vendor_completions.d/s2hctl.fish" &&
		for doc in $(zcat "$root/usr/share/man/man8/s2hctl.8.gz" |
				sed -n 's|.*\(/usr/share/doc/s2hctl/[^ ,]*\).*|\1|p' | sed 's/\\-/-/g' |
				sort -u); do
			echo "man page names $doc"
			test -s "$root$doc" || return 1
		done
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
		! test -e "$root/usr/bin/s2hctl" && [ -z "$(in_root dkms status -m s2h)" ]
}

# What check --verify keeps, as if a dry run had passed.
kept_dry_run()
{
	mkdir -p "$root/var/lib/s2h" && echo "kernel = x" >"$root/var/lib/s2h/verified"
}

# A removed package leaves its conffile to the administrator; a purge takes it.
removed_but_conf()
{
	removed && test -f "$root/etc/s2h.conf"
}

purged()
{
	removed && ! test -e "$root/etc/s2h.conf" && ! test -e "$root/var/lib/s2h"
}

echo "TAP version 13"
if [ "$(id -u)" != 0 ]; then
	tap_result 1 "deb-check needs root (mount, chroot)"
	tap_summary
	exit
fi
exec 3>&1
tap_run "make deb without git: source s2h $version, s2h-dkms and s2hctl" build_debs
tap_run "lintian --info --pedantic on the source and both packages: no tag" \
	lintian_clean
tap_setup "an overlay of the cached $suite chroot" make_root
kver=$(headers_kver)
tap_run "apt install ./s2h-dkms_*.deb ./s2hctl_*.deb in the chroot" install_debs
tap_run "DKMS built and installed updates/dkms/s2h.ko for $kver" ko_built
tap_run "modinfo s2h (modules.dep of $kver): version $version" modinfo_version
tap_run "s2hctl --version as a user: s2hctl $version, from /usr/bin" tool_version
tap_run "/etc/s2h.conf is a conffile of s2hctl, /etc/s2h.conf.d its directory" conffile
tap_run "udev rule, s2h.service, s2h-agent.service in s2hctl run /usr/bin/s2hctl; modules-load.d in s2h-dkms" \
	udev_rule
tap_run "s2hctl(8), s2h.conf(5), completions, the docs the man page names" man_page
tap_run "apt remove s2h-dkms s2hctl" apt_get remove
tap_run "removed: no s2h.ko, no DKMS entry, no sources, no s2hctl; /etc/s2h.conf kept" \
	removed_but_conf
tap_run "a kept dry run in /var/lib/s2h" kept_dry_run
tap_run "apt purge s2h-dkms s2hctl" apt_get purge
tap_run "purged: /etc/s2h.conf and /var/lib/s2h gone too" purged
tap_summary
