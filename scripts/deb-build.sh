#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the Debian source package (native) and the binary packages s2h-dkms
# and s2hctl from a copy of the tree, so that the tree gets no build
# products: of a git checkout, its tracked and untracked, not ignored,
# files; of an unpacked release tarball (no git), all of it, cleaned. The
# .dsc, .tar.xz, .debs, .buildinfo and .changes land in OUTDIR; the build
# log is the output.
#
# Usage: scripts/deb-build.sh OUTDIR
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	"$top/scripts/copy-checkout.sh" "$work/s2h" || exit 1
else
	cp -a "$top" "$work/s2h" || exit 1
	make -C "$work/s2h" clean >/dev/null 2>&1
	rm -f "$work"/s2h/*.deb "$work"/s2h/*.dsc "$work"/s2h/*.tar.xz \
		"$work"/s2h/*.buildinfo "$work"/s2h/*.changes
fi
# dpkg-buildpackage writes the packages next to the source directory.
(cd "$work/s2h" && dpkg-buildpackage -us -uc) || exit 1
cp "$work"/*.deb "$work"/*.dsc "$work"/*.tar.xz "$work"/*.buildinfo "$work"/*.changes "$out/"
