#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The newest Debian kernel installed with both its image and its headers:
# the one the VM tests boot and build the module for.
for build in $(ls -d /lib/modules/*/build 2>/dev/null | sort -rV); do
	kver=${build#/lib/modules/}
	kver=${kver%/build}
	if [ -e "/boot/vmlinuz-$kver" ]; then
		echo "$kver"
		exit 0
	fi
done
exit 1
