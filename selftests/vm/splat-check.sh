#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The host's splat check (vm.sh, vm_check_splats()) against consoles made
# up for it: every kind of report a VM test must fail on fails it, and the
# one known warning of Debian 12's kernel that it leaves out passes, unless
# s2h's code is in its trace or the console ends inside it. No VM: make
# check runs it with the static suites. TAP, ending in one summary line.
set -u

. "$(dirname "$0")/vm.sh"

T_NAME=splats
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

CUT='------------[ cut here ]------------\n'
END='---[ end trace 0000000000000000 ]---\n'
CLEAN='[    1.000000] s2h: loaded\n[    2.000000] PM: suspend entry (deep)\n'
# 6.1's crng_has_old_seed() -> ktime_get_seconds() while timekeeping is suspended
CRNG_WARN='WARNING: CPU: 0 PID: 9 at kernel/time/timekeeping.c:1 ktime_get_seconds+0x5/0x10\n'
CRNG_TRACE='Call Trace:\n crng_make_state+0x1/0x2\n get_random_u32+0x1/0x2\n'
CRNG=$CUT$CRNG_WARN$CRNG_TRACE$END

# boots CONSOLE...: one boot directory a console, as vm_run_test leaves them.
boots()
{
	local i=0 c

	rm -rf "$work"/boot*
	for c in "$@"; do
		i=$((i + 1))
		mkdir "$work/boot$i"
		printf '%b' "$c" >"$work/boot$i/console.log"
	done
}

# expect ok|not DESC CONSOLE...: what vm_check_splats says of those boots.
# Its own TAP line goes to a subshell's counters, not this script's.
expect()
{
	local want=$1 desc=$2 got

	shift 2
	boots "$@"
	got=$( (TAP_N=0 TAP_PASS=0 TAP_FAIL=0; vm_check_splats "$work"/boot*) | head -n 1 |
	      cut -d' ' -f1)
	if [ "$got" = "$want" ]; then
		tap_result ok "$desc"
	else
		tap_result not-ok "$desc: vm_check_splats said '$got', not '$want'"
	fi
}

tap_begin
expect ok "a console without a report passes" "$CLEAN"
expect not "a WARNING in s2h fails" \
	"$CLEAN${CUT}WARNING: CPU: 0 PID: 1 at cycle.c:10 s2h_arm+0x1/0x2 [s2h]\nCall Trace:\n s2h_arm+0x1/0x2 [s2h]\n$END"
expect not "a report outside s2h fails too" \
	"${CUT}WARNING: CPU: 1 PID: 3 at mm/slub.c:1 kfree+0x1/0x2\nCall Trace:\n kfree+0x1/0x2\n$END"
expect ok "6.1's crng warning from ktime_get_seconds is left out" "$CLEAN$CRNG$CLEAN"
expect not "the crng warning with s2h in its trace fails" \
	"$CUT$CRNG_WARN$CRNG_TRACE s2h_resume+0x1/0x2 [s2h]\n$END"
expect not "another warning from crng_make_state fails" \
	"${CUT}WARNING: CPU: 0 PID: 9 at lib/foo.c:1 foo+0x1/0x2\n$CRNG_TRACE$END"
expect not "a console that ends inside the crng warning fails" "$CLEAN$CUT$CRNG_WARN$CRNG_TRACE"
expect not "a real warning after the crng one fails" \
	"$CRNG${CUT}WARNING: CPU: 0 PID: 1 at x.c:1 s2h_x+0x1/0x2 [s2h]\n$END"
expect not "lockdep fails" \
	"$CLEAN\nWARNING: possible circular locking dependency detected\n6.1.0 #1 Not tainted\n"
expect not "KASAN fails" "BUG: KASAN: slab-out-of-bounds in s2h_log+0x1/0x2 [s2h]\n"
expect not "UBSAN fails" "UBSAN: shift-out-of-bounds in module/decide.c:1:2\n"
expect not "kmemleak fails" "unreferenced object 0xffff888003e4c000 (size 64):\n"
expect not "a hung task fails" "INFO: task rmmod:123 blocked for more than 120 seconds.\n"
expect not "sleeping in atomic context fails" \
	"BUG: sleeping function called from invalid context at kernel/locking/mutex.c:1\n"
expect not "a general protection fault fails" "general protection fault, probably for non-canonical address\n"
expect not "a panic fails" "Kernel panic - not syncing: Fatal exception\n"
expect not "a report on the second boot of a test fails" "$CLEAN" "${CLEAN}BUG: unable to handle page fault\n"

boots "$CLEAN$CRNG$CLEAN"
tap_check "the crng warning left out says so in one line" \
	test "$(vm_console_splats "$work/boot1/console.log" | grep -c 'known kernel warning left out')" = 1
tap_end
