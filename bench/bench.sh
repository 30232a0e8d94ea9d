#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh - s2h against systemd's suspend-then-hibernate, in the same VM
# (make bench).  Two VMs boot the same Debian 12 root (systemd 252, see
# rootfs.sh) on the same Debian kernel in QEMU (TCG, S3, CMOS RTC, virtio
# swap disk) and go through BENCH_RUNS cycles of suspend, hibernation
# after BENCH_DELAY seconds, and resume: by systemd (HibernateDelaySec=,
# systemctl suspend-then-hibernate) in one, by s2h (loaded with
# delay_sec=, systemctl suspend) in the other.  Every hibernation powers
# QEMU off and the next boot resumes the image; the two VMs take turns,
# a boot each, so both see the same host load.  A systemd cycle that did
# not hibernate is counted and tried again, up to 3 x BENCH_RUNS tries.
# A third VM boots s2h.ko as built from BENCH_OLD_REF, measures what does
# not need a hibernation (the PM callbacks in a burst of suspends, the
# control path) and goes through the same cycles, taking its turn with the
# other two, so that the old and the new figures - the wake's path to the
# hibernation too - come from one run, on one host load.
# report.py turns the QMP events and the logs into bench/results/ (a
# Markdown table, a timeline SVG) and fails when any s2h cycle did not
# hibernate, or any boot neither resumed nor finished.
#
# Every VM has BENCH_SMP vCPUs (default 2), as every laptop has more than
# one CPU: s2h's pre-flight checks run beside the freezer on another CPU
# (design.rst), where a single vCPU would put them in the freezer's own time.
# Environment: BENCH_RUNS (hibernations of each, default 5), BENCH_DELAY (default
# 20 s), BENCH_OLD_REF (the git ref of the old module, default main),
# BENCH_SMP, KVER (default: the newest installed Debian kernel).
set -u

TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/selftests/vm/vm.sh"

: "${BENCH_RUNS:=5}"
: "${BENCH_DELAY:=20}"
: "${BENCH_OLD_REF:=main}"
: "${BENCH_SMP:=2}"
RESULTS=$TOP/bench/results
# A boot, then up to 3 x BENCH_RUNS cycles of systemd's that do not
# hibernate.  TCG on a shared host: generous.
BOOT_TIMEOUT=$(((BENCH_DELAY + 30) * BENCH_RUNS * 3 + 300))
declare -A BOOTS FINISHED

build()
{
	[ -n "${KVER:-}" ] || KVER=$("$TOP/scripts/test-kernel.sh") || vm_die "no Debian kernel with headers"
	make -s -C "$TOP" module KVER="$KVER" >&2 || vm_die "cannot build s2h.ko for $KVER"
	make -s -C "$TOP/tools/s2hctl" static >&2 || vm_die "cannot build s2hctl.static"
	make -s -C "$TOP/selftests/netlink" >&2 || vm_die "cannot build s2h-nltest"
	build_old
	ROOTFS=$("$TOP/bench/rootfs.sh") || vm_die "no root filesystem"
}

# The module of BENCH_OLD_REF, from its own tree, as s2h-old.ko.
build_old()
{
	OLD_REV=$("$TOP/bench/old-module.sh" "$BENCH_OLD_REF" "$KVER" "$VM_WORK/s2h-old.ko") ||
		vm_die "cannot build s2h.ko of $BENCH_OLD_REF for $KVER"
}

# bench_boot MODE [CYCLES]: the next boot of MODE's VM, until QEMU powers off: the
# first boots Debian, each later one resumes the image the one before
# wrote.  Its disks are MODE's own, so the two VMs can take turns.
bench_boot()
{
	local mode=$1 boot=$((BOOTS[$1] + 1)) cycles=${2:-$BENCH_RUNS} name

	name=$mode.boot$boot
	BOOTS[$mode]=$boot
	VM_QEMU_EXTRA="-drive file=$VM_WORK/$mode.root,if=virtio,format=raw"
	mkdir -p "$RUN_DIR/$name"
	vm_start "$name" "$VM_WORK/$mode.swap" "s2hbench.mode=$mode" \
		"s2hbench.delay=$BENCH_DELAY" "s2hbench.cycles=$cycles" ||
		vm_die "$name: ${VM_ERROR:-QEMU did not start}"
	vm_wait_exit "$BOOT_TIMEOUT" || echo "# $name: no power-off within ${BOOT_TIMEOUT}s, killed" >&2
	cp "$VM_DIR/qmp.log" "$VM_DIR/stamped.log" "$RUN_DIR/$name/"
	if grep -q 'S2H-BENCH: done' "$VM_DIR/tap.log"; then
		FINISHED[$mode]=1
	elif ! grep -q '"SUSPEND_DISK"' "$VM_DIR/qmp.log" || [ "$boot" -ge $((BENCH_RUNS + 2)) ]; then
		# report.py says what went wrong, from the logs
		echo "# $name: ended neither hibernated nor done" >&2
		FINISHED[$mode]=1
	fi
	echo "# $name: $(grep -c 'S2H-BENCH: cycle ' "$VM_DIR/tap.log") cycles," \
		"$(grep -c 'S2H-BENCH: resumed' "$VM_DIR/tap.log") resumed, $(vm_since "$START") s" >&2
}

# Each VM boots the same tree, from a sparse copy (~200 MB, a second).
bench_disks()
{
	cp --sparse=always "$ROOTFS" "$VM_WORK/$1.root" || vm_die "cannot copy $ROOTFS"
	vm_disk_create "$VM_WORK/$1.swap"
	BOOTS[$1]=0
	FINISHED[$1]=0
}

# As in guest/s2h-bench-guest: the time it takes here, natively, in us;
# the quickest of 5, as the host is shared and only ever slows it down.
calibration_loop()
{
	local i n start best=

	for ((n = 0; n < 5; n++)); do
		start=$EPOCHREALTIME
		for ((i = 0; i < 200000; i++)); do
			:
		done
		i=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%d", (b - a) * 1e6 }')
		[ -n "$best" ] && [ "$best" -le "$i" ] || best=$i
	done
	echo "$best"
}

main()
{
	vm_init
	build
	vm_find_kernel
	VM_GUEST_INIT=$TOP/bench/guest/init
	# Debian builds ext4 as a module too; guest/init loads these in order.
	VM_VIRTIO_MODULES="$VM_VIRTIO_MODULES crc16 mbcache jbd2 crc32c_generic ext4"
	VM_GUEST_MODULES="$VM_WORK/s2h-old.ko"
	VM_GUEST_BINS="$TOP/tools/s2hctl/s2hctl.static $TOP/selftests/netlink/s2h-nltest
		$TOP/bench/guest/s2h-bench-guest $TOP/bench/guest/s2h-bench.service"
	# The guest's console quiet, as on a laptop: the kernel log is read
	# from the guest after the run, not from the slow serial line.
	VM_APPEND_EXTRA="loglevel=4 ${VM_APPEND_EXTRA:-}"
	VM_SMP=$BENCH_SMP
	vm_build_initramfs
	RUN_DIR=$VM_WORK/runs
	START=$EPOCHREALTIME
	bench_disks s2h
	bench_disks systemd
	bench_disks s2h-old
	# The three take turns, a boot each, so all see the same host load.
	while [ "${FINISHED[s2h]}" = 0 ] || [ "${FINISHED[systemd]}" = 0 ] ||
		[ "${FINISHED[s2h-old]}" = 0 ]; do
		[ "${FINISHED[s2h]}" = 1 ] || bench_boot s2h
		[ "${FINISHED[systemd]}" = 1 ] || bench_boot systemd
		[ "${FINISHED[s2h-old]}" = 1 ] || bench_boot s2h-old
	done
	mkdir -p "$RESULTS"
	python3 "$TOP/bench/report.py" --delay "$BENCH_DELAY" --kver "$KVER" --smp "$BENCH_SMP" \
		--ko "$S2H_KO" --old-ref "$BENCH_OLD_REF ($OLD_REV)" --host-calibration-us "$(calibration_loop)" \
		--out "$RESULTS" "$RUN_DIR" || { TAP_FAIL=1; exit 1; }
}

main "$@"
