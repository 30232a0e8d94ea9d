#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build s2h with DKMS on each Debian suite's kernel and boot that kernel in
# the VM with the module DKMS built: the sysfs ABI, netlink show/set, one
# alarm cycle with hibernation and resume, and a hibernation the kernel
# rolls back in platform mode (6.8+; before, one it powers off regardless).
# TAP, then a table.
#
# Usage: scripts/matrix.sh [SUITE...]   (default: bookworm trixie sid)
# MATRIX_TESTS: the VM tests to run instead (e.g. "s2idle s2idle-alarm").
# MATRIX_IF_CACHED: the suites skipped, not built, when their chroot is not
# cached (make check: trixie).
#
# Each suite runs in an overlay of its cached chroot (scripts/chroot.sh),
# where `make dkms-module` (the module part of dkms-install: the chroots
# have no libnl headers for s2hctl) runs as a user runs it; the cache stays clean.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/tap.sh"
smoke_tests=${MATRIX_TESTS:-sysfs netlink alarm-cycle hibernation-rollback}
table=

work=$(mktemp -d "${TMPDIR:-/tmp}/s2h-matrix.XXXXXX")
# Overlays first, so that nothing is removed through them.
cleanup()
{
	for m in "$work"/*/root; do
		! mountpoint -q "$m" || umount -R "$m"
	done
	rm -rf --one-file-system "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# The guest runs the host's static s2hctl and s2h-nltest: the netlink ABI
# does not depend on the kernel.
build_guest_bins()
{
	make -C "$top/tools/s2hctl" --no-print-directory static >/dev/null 2>&1 &&
		make -C "$top/selftests/netlink" --no-print-directory >/dev/null
}

suite_kver()
{
	ls "$1/lib/modules" | sort -V | tail -n 1
}

# The module DKMS installed, uncompressed where the suite compresses modules.
installed_module()
{
	root=$1
	kver=$2
	for ko in "$root/lib/modules/$kver/updates/dkms/s2h.ko"*; do
		case $ko in
		*.ko)	cp "$ko" "$work/s2h.ko" ;;
		*.xz)	xz -dc "$ko" >"$work/s2h.ko" ;;
		*.zst)	zstd -qdc "$ko" >"$work/s2h.ko" ;;
		*)	return 1 ;;
		esac
		return
	done
	return 1
}

# run_smoke SUITE KVER ROOT: the VM tests, each of their TAP lines one of
# ours named after the suite; sets $tests for the table.
run_smoke()
{
	log=$work/vm.log
	env KVER="$2" VM_ROOT="$3" S2H_KO="$work/s2h.ko" \
		VM_GUEST_MODULES="$work/s2h_fake_power.ko $work/s2h_fake_thermal.ko $work/s2h_fake_fault.ko $work/s2h_fake_gpu.ko" \
		VM_GUEST_BINS="$top/tools/s2hctl/s2hctl.static $top/selftests/netlink/s2h-nltest" \
		"$top/selftests/vm/run-tests.sh" $smoke_tests >"$log" 2>&1
	vm_status=$?
	before_n=$tap_n
	before_failed=$tap_failed
	before_skipped=$tap_skipped
	plan=
	while IFS= read -r line; do
		case $line in
		"ok "*" # SKIP "*)
			desc=${line#* - }
			tap_skip "$1: ${desc% # SKIP *}" "${desc##* # SKIP }" ;;
		"ok "*)		tap_result 0 "$1: ${line#* - }" ;;
		"not ok "*)	tap_result 1 "$1: ${line#* - }" ;;
		1..*)		plan=${line#1..}; echo "#   $line" ;;
		*)		echo "#   $line" ;;
		esac
	done <"$log"
	ran=$((tap_n - before_n))
	tests="$((ran - tap_failed + before_failed - tap_skipped + before_skipped))/$ran"
	[ $ran -gt 0 ] || tap_result 1 "$1: the VM tests ran (see the log above)"
	[ "$plan" = "$ran" ] ||
		tap_result 1 "$1: the VM tests' plan (1..${plan:-none}) matches the $ran results"
	# a failure the TAP lines do not show (a crash, a summary that lies)
	[ $vm_status -eq 0 ] || [ $tap_failed -gt $before_failed ] ||
		tap_result 1 "$1: the VM tests exited with status $vm_status"
}

run_suite()
{
	suite=$1
	kver=-
	build=no
	tests=-
	case " ${MATRIX_IF_CACHED:-} " in
	*" $suite "*)
		if ! ls -d "${S2H_CACHE:-/var/cache/s2h}/chroot/$suite-"[0-9]* >/dev/null 2>&1; then
			tap_skip "$suite: its chroot" "not cached"
			table="$table
| $suite | - | not cached | - |"
			return
		fi ;;
	esac
	# the checks' setup: a line only when it fails
	root=$("$top/scripts/chroot.sh" overlay "$suite" "$work/$suite") ||
		tap_result 1 "$suite: an overlay of the cached chroot"
	if [ -n "$root" ]; then
		kver=$(suite_kver "$root")
		"$top/scripts/copy-checkout.sh" "$root/root/s2h"
		out=$("$top/scripts/chroot.sh" run "$root" make -C /root/s2h dkms-module KVER="$kver" 2>&1)
		status=$?
		tap_result $status "$suite: make dkms-module for $kver"
		[ $status -eq 0 ] || printf '%s\n' "$out" | tail -n 30 | sed 's/^/# /'
		if out=$("$top/scripts/chroot.sh" run "$root" make -C /root/s2h module KVER="$kver" W=1 2>&1); then
			warnings=$(printf '%s\n' "$out" | grep -E 'warning:|error:')
		else
			warnings=$out
		fi
		[ -z "$warnings" ]
		tap_result $? "$suite: W=1 build with the suite's compiler has no warnings"
		[ -z "$warnings" ] || printf '%s\n' "$warnings" | tail -n 30 | sed 's/^/# /'
		if [ $status -eq 0 ]; then
			installed_module "$root" "$kver"
			status=$?
			tap_result $status "$suite: s2h.ko installed in /lib/modules/$kver/updates/dkms"
		fi
		if [ $status -eq 0 ]; then
			# The fake battery and wakeup paths of the VM tests, as make check builds it.
			"$top/scripts/chroot.sh" run "$root" \
				make -C /root/s2h/selftests/fake-power KVER="$kver" >/dev/null 2>&1 &&
				cp "$root/root/s2h/selftests/fake-power/"s2h_fake_*.ko "$work/"
			status=$?
			tap_result $status "$suite: the fake modules built for $kver"
		fi
		if [ $status -eq 0 ]; then
			build=ok
			run_smoke "$suite" "$kver" "$root"
		fi
		umount "$root"
	fi
	table="$table
| $suite | $kver | $build | $tests |"
}

[ $# -gt 0 ] || set -- bookworm trixie sid
echo "TAP version 13"
if ! build_guest_bins; then
	tap_result 1 "build the static s2hctl and s2h-nltest"
	tap_summary
	exit
fi
for suite in "$@"; do
	run_suite "$suite"
done
echo "# | suite | kernel | dkms build | VM tests passed |"
echo "# |---|---|---|---|"
printf '%s\n' "$table" | sed '/^$/d; s/^/# /'
tap_summary
