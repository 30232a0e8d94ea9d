#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kunit.sh - run s2h's KUnit suite (module/tests/) in the debug kernel.
#
# Debian's kernels have no KUnit, so this boots the debug kernel of
# scripts/debug-kernel.sh (KASAN, UBSAN, lockdep, kmemleak) under QEMU with an
# initramfs that loads s2h.ko - which exports the units under test to the
# suite in a kernel with KUnit - and s2h_kunit.ko, and turns the suite's KTAP into flat TAP:
# one line per case, parameterized cases one line per parameter. A splat on
# the console fails the run.
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/tap.sh"

SPLATS='BUG:|WARNING:|Oops|general protection|UBSAN:|KASAN:|possible .*lock|sleeping function called|Call Trace|Kernel panic'

kdir=$("$top/scripts/debug-kernel.sh") || { echo "not ok 1 - build the debug kernel"; echo "0 passed, 1 failed, 0 skipped"; exit 1; }
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

build_test_module()
{
	mkdir -p "$work/src"
	cp -r "$top/Kbuild" "$top/module" "$top/include" "$top/VERSION" "$work/src/"
	find "$work/src" -name '*.o' -o -name '*.ko' -o -name '*.mod*' -o -name '.*.cmd' | xargs rm -f
	make -s -C "$kdir" M="$work/src" modules >&2
}

build_initramfs()
{
	root=$work/root
	mkdir -p "$root"/{bin,dev,proc,sys}
	cp /bin/busybox "$root/bin/"
	cp "$work/src/module/s2h.ko" "$work/src/module/tests/s2h_kunit.ko" "$root/"
	cat >"$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
insmod /s2h.ko && insmod /s2h_kunit.ko
echo S2H-KUNIT-DONE
poweroff -f
INIT
	chmod 755 "$root/init"
	(cd "$root" && find . | cpio -o -H newc -R 0:0 --quiet) | gzip -1 >"$work/initrd.gz"
}

boot()
{
	timeout 300 qemu-system-x86_64 -accel tcg -m 1024 -smp 1 -no-reboot \
		-display none -monitor none -serial "file:$work/console.log" \
		-kernel "$kdir/arch/x86/boot/bzImage" -initrd "$work/initrd.gz" \
		-append "console=ttyS0 panic=-1 printk.time=0 no_timer_check"
}

# Leaves of the KTAP tree: parameters of parameterized cases (8 spaces), and
# cases without parameters (4 spaces, with no subtest block of their own).
ktap_leaves()
{
	awk '
		/^        (not )?ok [0-9]+ / { print substr($0, 9); leaves = 1; next }
		/^    (not )?ok [0-9]+ / { if (!leaves) print substr($0, 5); leaves = 0 }' "$work/console.txt"
}

echo "TAP version 13"
if ! build_test_module; then
	tap_result 1 "build s2h_kunit.ko for the debug kernel"
	tap_summary
	exit
fi
build_initramfs
boot
tr -d '\r' <"$work/console.log" >"$work/console.txt"
tap_run "debug kernel booted and ran the suite" grep -q S2H-KUNIT-DONE "$work/console.txt"
while read -r status rest; do
	[ "$status" = ok ] && s=0 || { s=1; rest=${rest#ok }; }
	rest=${rest#* }
	case $s$rest in
	0*" # SKIP "*)	tap_skip "kunit: ${rest% # SKIP *}" "${rest##* # SKIP }" ;;
	*)		tap_result $s "kunit: $rest" ;;
	esac
done < <(ktap_leaves)
tap_run "kunit: suite s2h passed as a whole" grep -q '^ok [0-9]* s2h$' "$work/console.txt"
splats=$(grep -E "$SPLATS" "$work/console.txt")
tap_result $([ -z "$splats" ]; echo $?) "no KASAN/UBSAN/lockdep splat on the console"
[ -z "$splats" ] || printf '%s\n' "$splats" | sed 's/^/# /'
tap_summary
