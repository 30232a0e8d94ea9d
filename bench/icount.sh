#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# icount.sh - s2h's PM callbacks against older modules', counted in
# instructions (make bench-icount). One VM, QEMU TCG with -icount shift=0:
# the guest's clock advances one nanosecond an instruction, so a time the
# guest measures is the instructions it ran, whatever else the host is
# doing - where make bench's times under TCG move with the host's load
# from one run to the next. The guest (selftests/vm/guest/tests/
# bench-icount.sh) loads the modules in turns and times each suspend's
# callbacks through pm_test "core", and s2h-nltest's netlink round trips
# with each; icount-report.py writes
# bench/results/icount.md. It counts instructions, not cycles: a cache
# miss costs nothing here. About 5 minutes.
# Environment: ICOUNT_REFS (the git refs of the older modules, default
# BENCH_OLD_REF, else main), KVER (default: the newest installed Debian
# kernel).
set -u -o pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
refs=${ICOUNT_REFS:-${BENCH_OLD_REF:-main}}
[ -n "${KVER:-}" ] || KVER=$("$top/scripts/test-kernel.sh") || { echo "no Debian kernel with headers" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make -s -C "$top" module KVER="$KVER" >&2 || exit 1
make -s -C "$top/selftests/netlink" >&2 || exit 1
names=
for ref in $refs; do
	rev=$("$top/bench/old-module.sh" "$ref" "$KVER" "$work/old.ko") || exit 1
	mv "$work/old.ko" "$work/s2h-$rev.ko"
	names="$names $ref=$rev"
done
env KVER="$KVER" S2H_KO="$top/module/s2h.ko" VM_QEMU_EXTRA="-icount shift=0" \
	VM_GUEST_MODULES="$(echo "$work"/s2h-*.ko)" VM_TEST_TIMEOUT=1800 \
	VM_GUEST_BINS="$top/selftests/netlink/s2h-nltest" \
	"$top/selftests/vm/run-tests.sh" bench-icount | tee "$work/tap" || exit 1
mkdir -p "$top/bench/results"
python3 "$top/bench/icount-report.py" --kver "$KVER" --refs "$names" "$work/tap" \
	>"$top/bench/results/icount.md" || exit 1
cat "$top/bench/results/icount.md"
