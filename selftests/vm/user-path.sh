#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# user-path.sh - make check-user: README's user section followed line by
# line in a Debian 12 VM (debian-root.sh: systemd 252, systemd-udevd, apt,
# DKMS, the suite's kernel and headers), from the .debs "make deb" builds,
# across the reboots it takes: the dry run's restart and a cold boot. The
# guest's side is debian/user-path.sh. About 20 minutes under TCG, most
# of it DKMS compiling s2h in the guest. TAP, ending in "N passed, N failed, N skipped".
#
# Environment: DEBS (a directory with s2h-dkms_*.deb and s2hctl_*.deb; built
# when not given), VM_TEST_TIMEOUT (s, all boots; default 2400), VM_KEEP.
set -u

TOP=$(cd "$(dirname "$0")/../.." && pwd)
# Before vm.sh, whose default is for the busybox tests.
: "${VM_TEST_TIMEOUT:=2400}"
. "$TOP/selftests/vm/vm.sh"

main()
{
	local roots base img debs

	vm_init
	debs=${DEBS:-$VM_WORK/debs}
	if [ -z "${DEBS:-}" ]; then
		mkdir -p "$debs"
		"$TOP/scripts/deb-build.sh" "$debs" >"$VM_WORK/deb-build.log" 2>&1 ||
			vm_die "make deb failed, see $VM_WORK/deb-build.log"
	fi
	roots=$("$TOP/selftests/vm/debian-root.sh") || vm_die "no Debian root"
	base=$(echo "$roots" | sed -n 1p)
	img=$(echo "$roots" | sed -n 2p)
	cp --sparse=always "$img" "$VM_WORK/root.ext4" || vm_die "cannot copy $img"
	VM_ROOT=$base
	KVER=$(ls "$base/lib/modules" | sort -V | tail -n 1)
	S2H_KO=/nonexistent
	VM_MEM=768
	vm_find_kernel
	VM_GUEST_INIT=$VM_SELFDIR/debian/init
	VM_VIRTIO_MODULES="$VM_VIRTIO_MODULES crc16 mbcache jbd2 crc32c_generic ext4"
	VM_GUEST_BINS="$(ls "$debs"/s2h-dkms_*.deb "$debs"/s2hctl_*.deb)
		$VM_SELFDIR/debian/user-path.sh $VM_SELFDIR/debian/s2h-user-test.service"
	VM_QEMU_EXTRA="-drive file=$VM_WORK/root.ext4,if=virtio,format=raw"
	vm_build_initramfs
	tap_begin
	echo "# kernel $KVER of $base, root $img"
	vm_run_test user-path
	tap_end
}

main "$@"
