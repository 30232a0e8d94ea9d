#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages the build, the checks and the VM tests need,
# when any is missing. Runs as root on Debian 12.
#
# Usage: scripts/install-deps.sh [system]
#	system: also what make check-system needs (UEFI firmware, disk tools)
set -eu

packages="make gcc perl kmod cpio gzip socat util-linux
	linux-image-amd64 linux-headers-amd64 linux-source-6.1
	qemu-system-x86 busybox-static sparse dkms
	python3-yaml python3-jsonschema libnl-genl-3-dev pkg-config
	flex bison bc libelf-dev libssl-dev
	python3-docutils graphviz mandoc zsh fish debootstrap
	debhelper dh-dkms lintian dpkg-dev fakeroot
	prometheus-node-exporter prometheus curl chromium"
# make check-system: OVMF, and the tools scripts/system-image.sh makes a
# GPT disk image with (mkfs.fat, sgdisk, mkfs.ext4 -d, qemu-img)
[ "${1:-}" != system ] || packages="$packages ovmf dosfstools gdisk e2fsprogs qemu-utils"

missing=
for pkg in $packages; do
	dpkg-query -W -f '${Status}\n' "$pkg" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "missing packages:$missing (run as root to install them)" >&2
	exit 1
fi
echo "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing
