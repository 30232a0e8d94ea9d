#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# vm-debug.sh [TEST...] - the VM suite on the debug kernel of
# scripts/debug-kernel.sh (KASAN, UBSAN, lockdep, kmemleak): s2h.ko and the
# fake power module built against it, its bzImage booted by the same
# harness. Any splat on the console, or a kmemleak report that involves s2h
# (guest/init scans after each test), fails the test.
#
# pci=noacpi: under KASAN and TCG, ACPI's _PRT method runs past the AML loop
# timeout, which costs 30 s of every boot; virtio uses MSI-X either way
# (debug.config), which also keeps the disk answering after a hibernation
# image is created, where the interrupt routed by the PIRQ table did not.
# printk.time=1: the console's lines carry their time, as Debian's kernel
# prints them (PRINTK_TIME); the host's console checks take only such lines.
# S2H_BENCH_ROUNDS=200 (to /init's environment): netlink-fuzz's bench,
# whose rates mean nothing under KASAN, reads sysfs at 15 files a second
# there; at its 2 000 rounds the test took 1 197 s beside one other lane
# and ran past its 1 200 s beside two (2026-12-07).
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)

kdir=$("$top/scripts/debug-kernel.sh") || { echo "not ok 1 - build the debug kernel"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

build()
{
	cp -r "$top/Kbuild" "$top/module" "$top/include" "$top/VERSION" "$work/"
	mkdir "$work/fake-power"
	cp "$top"/selftests/fake-power/*.c "$top/selftests/fake-power/Kbuild" "$work/fake-power/"
	find "$work" -name '*.o' -o -name '*.ko' -o -name '*.mod*' -o -name '.*.cmd' | xargs rm -f
	make -s -C "$kdir" M="$work" modules >&2 &&
		make -s -C "$kdir" M="$work/fake-power" modules >&2
}

if ! build; then
	echo "not ok 1 - build s2h.ko and the fake modules for the debug kernel"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
KVER=$(cat "$kdir/include/config/kernel.release") \
VM_KERNEL_IMAGE=$kdir/arch/x86/boot/bzImage \
S2H_KO=$work/module/s2h.ko \
VM_GUEST_MODULES="$work/fake-power/s2h_fake_power.ko $work/fake-power/s2h_fake_thermal.ko $work/fake-power/s2h_fake_fault.ko $work/fake-power/s2h_fake_gpu.ko" \
VM_MEM=${VM_MEM:-1024} \
VM_TIME_SCALE=${VM_TIME_SCALE:-3} \
VM_TEST_TIMEOUT=${VM_TEST_TIMEOUT:-1200} \
VM_APPEND_EXTRA="${VM_APPEND_EXTRA:-} pci=noacpi printk.time=1 S2H_BENCH_ROUNDS=200" \
	"$top/selftests/vm/run-tests.sh" "$@"
