#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh - s2h against systemd's suspend-then-hibernate, in the same VM
# (make bench).  Each run boots the same Debian 12 root (systemd 252, see
# rootfs.sh) on the same Debian kernel in QEMU (TCG, S3, CMOS RTC, virtio
# swap disk), suspends it once and lets it hibernate after BENCH_DELAY
# seconds: by systemd (HibernateDelaySec=, systemctl suspend-then-hibernate)
# or by s2h (loaded with delay_sec=, systemctl suspend).  The runs of the
# two alternate, so both see the same host load; a systemd run that did
# not hibernate is counted and tried again, up to 3 x BENCH_RUNS times.  A second boot resumes
# the image and sends back the kernel log; report.py turns the QMP events
# and the logs into bench/results/ (a Markdown table, a timeline SVG) and
# fails when any run did not hibernate.
#
# Environment: BENCH_RUNS (runs of each, default 5), BENCH_DELAY (default
# 20 s), KVER (default: the newest installed Debian kernel).
set -u

TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/selftests/vm/vm.sh"

: "${BENCH_RUNS:=5}"
: "${BENCH_DELAY:=20}"
RESULTS=$TOP/bench/results
# Boot and settle, the delay, hibernation; the resume boot.  TCG on a
# shared host: generous.
BOOT1_TIMEOUT=$((BENCH_DELAY * 3 + 300))
BOOT2_TIMEOUT=300

build()
{
	[ -n "${KVER:-}" ] || KVER=$("$TOP/scripts/test-kernel.sh") || vm_die "no Debian kernel with headers"
	make -s -C "$TOP" module KVER="$KVER" >&2 || vm_die "cannot build s2h.ko for $KVER"
	make -s -C "$TOP/tools/s2hctl" static >&2 || vm_die "cannot build s2hctl.static"
	make -s -C "$TOP/selftests/netlink" >&2 || vm_die "cannot build s2h-nltest"
	ROOTFS=$("$TOP/bench/rootfs.sh") || vm_die "no root filesystem"
}

# bench_boot NAME TIMEOUT ARGS...: one boot, until QEMU powers off.
bench_boot()
{
	local name=$1 timeout=$2

	shift 2
	vm_start "$name" "$BENCH_SWAP" "$@" || vm_die "$name: ${VM_ERROR:-QEMU did not start}"
	vm_wait_exit "$timeout" || echo "# $name: no power-off within ${timeout}s, killed" >&2
	cp "$VM_DIR/qmp.log" "$VM_DIR/tap.log" "$VM_DIR/stamped.log" "$RUN_DIR/$name/" 2>/dev/null
}

# bench_run MODE N [ARGS...]: suspend; when it hibernated, resume.  The
# logs go to $RUN_DIR.  Fails when QEMU did not hibernate (the guest
# stayed awake, or never got that far).
bench_run()
{
	local mode=$1 n=$2 root=$VM_WORK/root.ext4 name=$1-$2 start=$EPOCHREALTIME status=0

	shift 2
	BENCH_SWAP=$VM_WORK/swap.disk
	vm_disk_create "$BENCH_SWAP"
	# Each run boots the same tree: a sparse copy (~200 MB) takes a second.
	cp --sparse=always "$ROOTFS" "$root" || vm_die "cannot copy $ROOTFS"
	VM_QEMU_EXTRA="-drive file=$root,if=virtio,format=raw"
	set -- "s2hbench.mode=$mode" "s2hbench.delay=$BENCH_DELAY" "$@"
	mkdir -p "$RUN_DIR/$name.boot1"
	bench_boot "$name.boot1" "$BOOT1_TIMEOUT" "$@"
	if grep -q '"SUSPEND_DISK"' "$RUN_DIR/$name.boot1/qmp.log"; then
		mkdir -p "$RUN_DIR/$name.boot2"
		bench_boot "$name.boot2" "$BOOT2_TIMEOUT" "$@"
	else
		status=1
	fi
	echo "# $name: $(vm_since "$start") s$([ $status = 0 ] || echo ", did not hibernate")" >&2
	return $status
}

# systemd 252 does not hibernate when the RTC woke it before its timer was
# due (see README): try again, and count.
bench_systemd()
{
	while [ "$SYSTEMD_TRIES" -lt $((BENCH_RUNS * 3)) ]; do
		SYSTEMD_TRIES=$((SYSTEMD_TRIES + 1))
		bench_run systemd "$SYSTEMD_TRIES" && return 0
	done
	return 1
}

# As in guest/s2h-bench-guest: the time it takes here, natively, in us.
calibration_loop()
{
	local i start=$EPOCHREALTIME

	for ((i = 0; i < 200000; i++)); do
		:
	done
	awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%d", (b - a) * 1e6 }'
}

main()
{
	local n

	vm_init
	build
	vm_find_kernel
	VM_GUEST_INIT=$TOP/bench/guest/init
	# Debian builds ext4 as a module too; guest/init loads these in order.
	VM_VIRTIO_MODULES="$VM_VIRTIO_MODULES crc16 mbcache jbd2 crc32c_generic ext4"
	VM_GUEST_BINS="$TOP/tools/s2hctl/s2hctl.static $TOP/selftests/netlink/s2h-nltest
		$TOP/bench/guest/s2h-bench-guest $TOP/bench/guest/s2h-bench.service"
	# The guest's console quiet, as on a laptop: the kernel log is read
	# from the guest after the run, not from the slow serial line.
	VM_APPEND_EXTRA="loglevel=4 ${VM_APPEND_EXTRA:-}"
	vm_build_initramfs
	RUN_DIR=$VM_WORK/runs
	SYSTEMD_TRIES=0
	for n in $(seq "$BENCH_RUNS"); do
		bench_run s2h "$n" "s2hbench.control=$([ "$n" = 1 ] && echo 1 || echo 0)"
		bench_systemd
	done
	mkdir -p "$RESULTS"
	python3 "$TOP/bench/report.py" --delay "$BENCH_DELAY" --kver "$KVER" \
		--ko "$S2H_KO" --host-calibration-us "$(calibration_loop)" \
		--out "$RESULTS" "$RUN_DIR" || { TAP_FAIL=1; exit 1; }
}

main "$@"
