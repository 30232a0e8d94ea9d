#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# dkms add + build of the checkout for KVER, as a user runs them, but in
# private trees so that the host's own DKMS state is never touched. TAP.
#
# Usage: scripts/dkms-check.sh KVER
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
kver=$1
version=$(cat "$top/VERSION")
. "$top/scripts/tap.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/dkms" "$work/install"
"$top/scripts/copy-checkout.sh" "$work/src/s2h-$version"

dkms_run()
{
	dkms "$@" -m s2h -v "$version" -k "$kver" --sourcetree "$work/src" \
		--dkmstree "$work/dkms" --installtree "$work/install"
}

echo "TAP version 13"
tap_run "dkms add s2h/$version" dkms_run add
tap_run "dkms build s2h/$version for $kver" dkms_run build
tap_run "dkms built s2h.ko with vermagic $kver" \
	sh -c "modinfo -F vermagic '$work/dkms/s2h/$version/$kver/x86_64/module/s2h.ko' | grep -q '^$kver '"
tap_summary
