#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Static checks, as TAP: checkpatch --strict, kernel-doc, a W=1 build and
# sparse, all of which must be silent, the module's shape
# (scripts/module-shape.py), and the version in dkms.conf and
# debian/changelog.
#
# Usage: scripts/lint.sh KVER
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
kver=$1
kdir=/lib/modules/$kver/build
. "$top/scripts/tap.sh"

checkpatch()
{
	src=$("$top/scripts/kernel-source.sh") || return 1
	cd "$top" || return 1
	# compat.h is where LINUX_VERSION_CODE belongs, by design.
	perl "$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types -f \
		$(ls module/*.[ch] module/tests/*.c selftests/fake-power/*.c |
		  grep -v -e '\.mod\.c$' -e compat.h) &&
	perl "$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types \
		--ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON -f module/compat.h &&
	# ynl-gen-c writes the uapi header (scripts/ynl.py), each
	# "#define *_MAX" right after its enum.
	perl "$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types \
		--ignore LINE_SPACING -f include/uapi/linux/*.h &&
	# Userspace C: no u32 there; checkpatch misreads a
	# function-pointer parameter as a brace; user-visible strings stay whole.
	perl "$src/scripts/checkpatch.pl" --strict --no-tree --terse --show-types \
		--ignore PREFER_KERNEL_TYPES,MACRO_ARG_REUSE,OPEN_BRACE,SPLIT_STRING,LONG_LINE_STRING \
		-f tools/s2hctl/*.[ch] selftests/netlink/*.c selftests/s2h/*.c
}

# The build's tree, kept for module_shape.
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT

# A build whose compiler and sparse output has any warning in it fails.
silent_build()
{
	cp -r "$top/Kbuild" "$top/module" "$top/include" "$top/VERSION" "$build/"
	mkdir "$build/fake-power"
	cp "$top"/selftests/fake-power/*.c "$top/selftests/fake-power/Kbuild" "$build/fake-power/"
	out=$(make -C "$kdir" M="$build" W=1 C=2 modules 2>&1 &&
	      make -C "$kdir" M="$build/fake-power" W=1 C=2 modules 2>&1)
	status=$?
	printf '%s\n' "$out"
	[ $status -eq 0 ] && ! printf '%s\n' "$out" | grep -E -q 'warning|error|sparse:'
}

# kernel-doc of the module with every check on: -Wall of newer kernel-docs
# (-Wreturn, -Wshort-desc, -Wcontents-before-sections) is -v in 6.1's, which
# also prints an info line per comment; any warning or error fails.
kerneldoc()
{
	src=$("$top/scripts/kernel-source.sh") || return 1
	cd "$top" || return 1
	out=$(perl "$src/scripts/kernel-doc" -none -v \
		$(ls module/*.[ch] module/tests/*.c | grep -v '\.mod\.c$') 2>&1)
	status=$?
	printf '%s\n' "$out" | grep -v ': info: '
	# Not on the info lines: they name the functions, s2h_image_error() one.
	[ $status -eq 0 ] && ! printf '%s\n' "$out" | grep -v ': info: ' | grep -E -q 'warning|error'
}

echo "TAP version 13"
tap_run "checkpatch --strict: module, uapi header, s2hctl, s2h-nltest, fake-power" checkpatch
tap_run "kernel-doc -none -v (6.1's -Wall): module/*.[ch], module/tests/*.c" kerneldoc
tap_run "W=1 and sparse (C=2) build of s2h.ko and the fake modules for $kver: no warnings" silent_build
tap_run "module shape: no circle, no file over 1000 lines, reaches in sysiface.c only" \
	python3 "$top/scripts/module-shape.py" "$build/module"
tap_run "dkms.conf PACKAGE_VERSION matches VERSION" "$top/scripts/version-check.sh" dkms
tap_run "debian/changelog's upstream version matches VERSION" "$top/scripts/version-check.sh" changelog
tap_summary
