#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every test suite (or the quick subset) and close with one line
# "N passed, N failed, N skipped" summing them all. Each suite prints TAP
# and its own summary, shown here as a comment. A suite that exits non-zero
# fails whatever its summary says; a skip not in selftests/expected-skips
# is a failure.
#
# Usage: scripts/check.sh KVER full|quick|debug
# Every cache (kernels, chroots) lives under S2H_CACHE, default /var/cache/s2h.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
kver=$1
mode=$2
passed=0
failed=0
skipped=0
start=$(date +%s)
# The suites that never skip (test-parse, the Python checks) leave the
# skipped out.
summary_re='^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$'

# unexpected_skips LOG: the skipped TAP lines of LOG that
# selftests/expected-skips does not list, matched on their description
# with its "SUITE: " and "TEST: " prefixes taken off one by one.
unexpected_skips()
{
	sed -n 's/^ok [0-9]* - \(.*\) # SKIP .*/\1/p' "$1" |
		awk -F '\t' 'NR == FNR { if ($0 !~ /^#/ && NF) known[$1] = 1; next }
			{ d = $0
			  while (!(d in known) && (i = index(d, ": ")))
				d = substr(d, i + 2)
			  if (!(d in known)) print }' "$top/selftests/expected-skips" -
}

# run_suite NAME COMMAND...: show its output and its time, add its summary
# to the totals.
run_suite()
{
	name=$1
	shift
	log=$(mktemp)
	echo "# suite $name"
	suite_start=$(date +%s)
	{ "$@" 2>&1; echo "# exit status $?"; } | tee "$log" |
		sed -E "s/$summary_re/# $name: &/"
	echo "# suite $name took $(($(date +%s) - suite_start)) s"
	summary=$(grep -E "$summary_re" "$log" | tail -n 1)
	status=$(sed -n 's/^# exit status \([0-9]*\)$/\1/p' "$log" | tail -n 1)
	unexpected=$(unexpected_skips "$log")
	rm -f "$log"
	if [ -z "$summary" ]; then
		echo "not ok - suite $name ended without a summary"
		failed=$((failed + 1))
		return
	fi
	set -- $summary
	passed=$((passed + $1))
	failed=$((failed + $3))
	skipped=$((skipped + ${5:-0}))
	if [ "$status" != 0 ] && [ "$3" = 0 ]; then
		echo "not ok - suite $name exited with status $status, none of its checks failed"
		failed=$((failed + 1))
	fi
	[ -z "$unexpected" ] || while IFS= read -r desc; do
		echo "not ok - suite $name: a skip selftests/expected-skips does not list: $desc"
		failed=$((failed + 1))
	done <<-END
	$unexpected
	END
}

build_module()
{
	make -C "$top" --no-print-directory module KVER="$kver" >/dev/null &&
		make -C "$top/selftests/fake-power" --no-print-directory KVER="$kver" >/dev/null
}

if ! build_module; then
	echo "not ok - build s2h.ko and the fake modules for $kver"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi

# On a fresh machine the debug kernel (7 min alone on 2 cores), the Debian
# laptop's disk image (10 min) and the suites' chroots (a few minutes of
# debootstrap each) were built one after the other where first used, the
# kernel and the image in the lanes (make check took 65 min in CI on
# 2026-12-07). They are built at once in the background from the start
# instead, beside the suites before the lanes, whose compilers and
# debootstraps leave a core idle. Their users wait on the builds' locks; a
# build that failed is tried again, and fails, where it is used.
if [ "$mode" = full ]; then
	# apt first: one dpkg at a time.
	system_deps=ok
	"$top/scripts/install-deps.sh" system >/dev/null || system_deps=failed
	nice -n 10 "$top/scripts/debug-kernel.sh" >/dev/null 2>&1 &
	[ "$system_deps" != ok ] ||
		nice -n 10 "$top/scripts/system-image.sh" bookworm >/dev/null 2>&1 &
	# in the order the suites before the lanes ask: ynl, then deb
	for suite in trixie sid bookworm; do
		"$top/scripts/chroot.sh" path "$suite" || break
	done >/dev/null 2>&1 &
fi

run_suite lint "$top/scripts/lint.sh" "$kver"
run_suite spec python3 "$top/scripts/spec-check.py"
run_suite docs "$top/scripts/docs-check.sh"
run_suite vm-splats "$top/selftests/vm/splat-check.sh"
if make -C "$top" --no-print-directory tools >/dev/null; then
	run_suite s2hctl-parse "$top/tools/s2hctl/test-parse"
	run_suite s2hctl-metrics "$top/tools/s2hctl/test-metrics"
	run_suite s2hctl-report "$top/tools/s2hctl/test-report"
	run_suite s2hctl-cycles "$top/tools/s2hctl/test-cycles"
	run_suite s2hctl-boot "$top/tools/s2hctl/test-boot"
	run_suite s2hctl-waketest "$top/tools/s2hctl/test-waketest"
	run_suite s2hctl-cli "$top/tools/s2hctl/test-cli.sh" "$top/tools/s2hctl/s2hctl"
	# s2hctl report's page from the sample record, in headless Chromium
	run_suite report-browser "$top/selftests/report/browser-check.sh"
else
	echo "not ok - build s2hctl"
	failed=$((failed + 1))
fi

# The netlink tests run s2hctl and s2h-nltest in the guest, whose initramfs
# has no libc: both static, copied in by the harness from VM_GUEST_BINS.
guest_bins="$top/tools/s2hctl/s2hctl.static $top/selftests/netlink/s2h-nltest
	$top/selftests/s2h/s2h_abi $top/selftests/s2h/s2h_sysfs.sh"
build_guest_bins()
{
	make -C "$top/tools/s2hctl" --no-print-directory static >/dev/null 2>&1 &&
		make -C "$top/selftests/netlink" --no-print-directory >/dev/null &&
		make -C "$top/selftests/s2h" --no-print-directory >/dev/null
}

# The debug kernel (KASAN, UBSAN, lockdep, kmemleak) boots and hibernates
# several times slower than the stock kernel under TCG (a boot takes 25 s,
# an image of 240 MB 55 s each way): make check runs there the tests that
# reach every path of the module - a full cycle with hibernation and resume,
# the sysfs ABI, a dark wake that goes back to sleep, the netlink ABI
# (kselftest), 100 loads and unloads - and make check-debug all of them.
VM_DEBUG_TESTS="sysfs alarm-cycle ac-sleep-again kselftest insmod-loop"
VM_NETLINK_TESTS="netlink netlink-policy netlink-fuzz netlink-monitor kselftest"
VM_STRESS_TESTS="insmod-loop stress"
# The failure paths' tests - a hibernation undone, a suspend while s2h's
# action is pending or as it resumes, a stuck wakeup source, a slow device,
# a fast drain, the battery's own alarm, a hung power-off -
# run in lane b, whose other suites end sooner than lane a's: the two lanes
# end together (each prints its time).
VM_FAULT_TESTS="hibernation-undone wakeup-stuck retry-suspend handoff-suspend resume-suspend
	slow-suspend battery-watch battery-alarm fault-inject last-resort-hang"
# The proofs a user runs on the machine (the wake tests) and the settle
# that drivers need, 400 s: lane b too. Without them lane a took 2765 s
# and lane b 2093 s (2026-12-07); with them moved the two end together.
VM_PROOF_TESTS="verify-wake verify-wake-s2idle verify-wake-rtc verify-wake-slow settle settle-battery
	driver-advice"

# The oldest and the newest Debian kernel always (a fresh machine builds
# their chroots in about 6 minutes), trixie's when its chroot is cached
# (else a skip, listed in selftests/expected-skips): CI's hour holds the
# first two from nothing.
matrix_suites="bookworm trixie sid"

# run_vm SUITE TEST...: the VM tests named, or the harness' default set.
run_vm()
{
	suite=$1
	shift
	run_suite "$suite" env KVER="$kver" S2H_KO="$top/module/s2h.ko" \
		VM_GUEST_MODULES="$top/selftests/fake-power/s2h_fake_power.ko $top/selftests/fake-power/s2h_fake_thermal.ko $top/selftests/fake-power/s2h_fake_fault.ko $top/selftests/fake-power/s2h_fake_gpu.ko" \
		VM_GUEST_BINS="$guest_bins" VM_GUEST_TREES="${guest_trees:-}" \
		VM_EXCLUDE="${vm_exclude:-}" "$top/selftests/vm/run-tests.sh" "$@"
}

# The kernel's ynl CLIs of 6.12 and 7.x against the module, in a guest
# given Python by a tree over its initramfs (selftests/netlink/ynl-guest.py).
run_vm_ynl()
{
	guest_trees=$(mktemp -d)
	if python3 "$top/selftests/netlink/ynl-guest.py" "$guest_trees/root" \
		"$("$top/scripts/ynl-tools.sh" trixie)" "$("$top/scripts/ynl-tools.sh" sid)"; then
		guest_trees=$guest_trees/root
		run_vm vm-ynl netlink-ynl
		guest_trees=${guest_trees%/root}
	else
		echo "not ok - build the guest's tree for the ynl CLI"
		failed=$((failed + 1))
	fi
	rm -rf "$guest_trees"
	guest_trees=
}

if ! build_guest_bins; then
	echo "not ok - build the static s2hctl and s2h-nltest for the VM"
	failed=$((failed + 1))
fi
# run_debug SUITE [TEST...]: on the debug kernel; no TEST: the default set.
run_debug()
{
	suite=$1
	shift
	run_suite "$suite" env VM_GUEST_BINS="$guest_bins" VM_EXCLUDE="${vm_exclude:-}" \
		"$top/selftests/kernel/vm-debug.sh" "$@"
}

# Lane a: the VM suites on the test kernel, then the Debian laptop.
lane_a()
{
	# hibernation-rollback: make matrix runs it on each Debian kernel.
	vm_exclude="$VM_FAULT_TESTS $VM_PROOF_TESTS hibernation-rollback"
	run_vm vm
	vm_exclude=
	run_vm vm-netlink $VM_NETLINK_TESTS
	run_vm_ynl
	# Scenario 1 of make check-system: the .debs installed with apt on the
	# Debian laptop VM, a cycle through firmware, GRUB and initramfs-tools
	# (7 min with the disk image cached, 17 min without).
	if [ "$system_deps" = ok ]; then
		run_suite system "$top/selftests/system/run.sh" swap-partition
	else
		echo "not ok - install the packages of make check-system"
		failed=$((failed + 1))
	fi
}

# Lane b of make check: KUnit and the debug kernel, stress, the matrix.
lane_b()
{
	run_suite kunit "$top/selftests/kernel/kunit.sh"
	run_vm vm-stress $VM_STRESS_TESTS
	run_vm vm-faults $VM_FAULT_TESTS
	run_vm vm-proofs $VM_PROOF_TESTS
	run_debug vm-debug $VM_DEBUG_TESTS
	run_suite matrix env MATRIX_IF_CACHED=trixie "$top/scripts/matrix.sh" $matrix_suites
}

# The debug kernel's lanes: the failure paths, the proofs and suspend to
# idle in b, after KUnit; the policy's tests (battery, thermal, the conf
# files, history, metrics, energy), netlink and stress in c; the rest of
# the default set in a. A QEMU under TCG keeps a core busy only 60 % of
# the time on the debug kernel (S3, the tests' waits): a third lane uses
# the rest. Three took 5 372 s where two took over 2 h 15 min (2026-12-07).
VM_DEBUG_B_TESTS="$VM_FAULT_TESTS $VM_PROOF_TESTS s2idle s2idle-alarm rtc-s2idle hw-sleep s2idle-pm-test"
VM_DEBUG_C_TESTS="battery-low battery-policy battery-delay drain-budget last-resort thermal
	conf-apply conf-dropins history metrics energy energy-dark"
debug_lane_a()
{
	vm_exclude="$VM_DEBUG_B_TESTS $VM_DEBUG_C_TESTS"
	run_debug vm-debug
	vm_exclude=
}

debug_lane_b()
{
	run_suite kunit "$top/selftests/kernel/kunit.sh"
	run_debug vm-debug-b $VM_DEBUG_B_TESTS
}

debug_lane_c()
{
	run_debug vm-debug-c $VM_DEBUG_C_TESTS
	run_debug vm-debug-netlink $VM_NETLINK_TESTS
	run_debug vm-debug-stress $VM_STRESS_TESTS
}

# lane FUNCTION, in a subshell of its own: its totals as its last line,
# for lane_add.
lane()
{
	passed=0
	failed=0
	skipped=0
	"$1"
	echo "# lane: $passed $failed $skipped"
}

# lane_add FILE: a background lane's totals, from its last line, into these.
lane_add()
{
	set -- "$1" $(sed -n 's/^# lane: \([0-9]*\) \([0-9]*\) \([0-9]*\)$/\1 \2 \3/p' "$1")
	if [ $# -ne 4 ]; then
		echo "not ok - lane ${1##*/} ended without its totals"
		failed=$((failed + 1))
		return
	fi
	passed=$((passed + $2))
	failed=$((failed + $3))
	skipped=$((skipped + $4))
}

# lanes A B...: QEMU under TCG takes one CPU, so lanes at once, one a core,
# nearly divide the time: lane A here, the others in the background, their
# output shown once A's is over, their totals added to these.
lanes()
{
	lanes=$(mktemp -d)
	first=$1
	shift
	for l in "$@"; do
		lane "$l" >"$lanes/$l" 2>&1 &
	done
	"$first"
	wait
	for l in "$@"; do
		cat "$lanes/$l"
		lane_add "$lanes/$l"
	done
	rm -rf "$lanes"
}

case $mode in
full)
	# The kernel's ynl-gen-c of 6.12 and 7.x on the spec: the header is
	# what it generates (Debian's linux-source, from the suites' chroots).
	run_suite ynl python3 "$top/scripts/ynl.py" check
	run_suite dkms "$top/scripts/dkms-check.sh" "$kver"
	run_suite deb "$top/scripts/deb-check.sh"
	# The rest is QEMU, in two lanes that nearly halve the time.
	lanes lane_a lane_b
	;;
debug)
	lanes debug_lane_a debug_lane_b debug_lane_c
	;;
*)
	run_vm vm sysfs early-wake netlink
	;;
esac

echo "# make check-$mode took $(($(date +%s) - start)) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
