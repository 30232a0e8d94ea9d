#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-tests.sh [TEST...] - run the s2h VM tests, print one TAP stream.
#
# Each test is guest/tests/TEST.sh, run by /init in a fresh VM (booted a
# second time when it hibernates).  Without arguments runs every test,
# "harness" (the self-test of this harness, which needs no s2h.ko) first.
#
# Environment: S2H_KO (default module/s2h.ko), KVER (default: newest
# installed kernel), VM_KEEP=1 keeps the logs, VM_TEST_TIMEOUT (s),
# VM_EXCLUDE: tests the default set leaves to another run (make check's
# other lane).
set -u

. "$(dirname "$0")/vm.sh"

DEFAULT_TESTS="harness sysfs abi-doc alarm-cycle early-wake input-wake key-before-alarm other-wake disabled no-swap checks-now resume-unplug slow-suspend rmmod ac-sleep-again resleep resleep-fails user-race hybrid hybrid-power-cut retries hibernation-undone hibernation-rollback wakeup-stuck retry-suspend handoff handoff-suspend settle settle-battery driver-advice resume-suspend verify verify-wake verify-wake-s2idle verify-wake-rtc verify-wake-slow fake-power battery-low battery-policy battery-delay battery-watch battery-alarm drain-budget last-resort last-resort-hang thermal s2idle-pm-test s2idle s2idle-alarm rtc-s2idle hw-sleep fault-inject conf-apply conf-dropins history metrics energy energy-dark record record-hibernation report tracepoints"

# Refuse names with no guest script; say early that s2h.ko is missing.
check_tests()
{
	local t

	for t in "$@"; do
		[ -r "$VM_SELFDIR/guest/tests/$t.sh" ] || vm_die "no test '$t' in guest/tests/"
		[ "$t" = harness ] || [ -e "$S2H_KO" ] || vm_die "$S2H_KO not found (build it or set S2H_KO)"
	done
}

main()
{
	local t timing=

	if [ $# -eq 0 ]; then
		for t in $DEFAULT_TESTS; do
			case " $(echo ${VM_EXCLUDE:-}) " in
			*" $t "*) ;;
			*) set -- "$@" "$t" ;;
			esac
		done
	fi
	check_tests "$@"
	vm_init
	vm_find_kernel
	vm_build_initramfs
	tap_begin
	echo "# kernel $KVER, s2h.ko: $( [ -e "$S2H_KO" ] && echo "$S2H_KO" || echo none)"
	for t in "$@"; do
		vm_run_test "$t"
		timing="$timing $t=${T_SECONDS}s"
	done
	echo "# times:$timing"
	tap_end
}

main "$@"
