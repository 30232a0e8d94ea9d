#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the Debian packages s2h-dkms and s2hctl from a copy of the checkout
# (its tracked and untracked, not ignored, files), so that the checkout gets
# no build products; the .debs land in OUTDIR, the build log is the output.
#
# Usage: scripts/deb-build.sh OUTDIR
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# dpkg-buildpackage writes the packages next to the source directory.
"$top/scripts/copy-checkout.sh" "$work/s2h" || exit 1
(cd "$work/s2h" && dpkg-buildpackage -us -uc -b) || exit 1
cp "$work"/*.deb "$out/"
