#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# demo.sh - show one s2h cycle in a VM, with measured times.
#
# Runs the alarm-cycle test (delay_sec=8: suspend, the s2h alarm wakes the
# VM, s2h hibernates it, QEMU powers off, a second boot resumes the image),
# then prints a timeline merged from both consoles and the QMP events.
# Times are host wall-clock: when each console line appeared on the host,
# and QEMU's own timestamp for each QMP event; t=0 is QEMU's SUSPEND event.
# The guest's kernel timestamps, in [brackets], stand still while in S3.
set -u

. "$(dirname "$0")/vm.sh"

# Console lines worth a place in the timeline.
DEMO_CONSOLE='s2h: |PM: suspend (entry|exit)|hibernation (entry|exit)|Image created|Image saving done|Wrote [0-9]+ kbytes|reboot: Power down|resume from hibernation|Image loading done|Read [0-9]+ kbytes'

# demo_events DIR BOOT: "EPOCH<TAB>boot N<TAB>SOURCE<TAB>TEXT" for one boot.
demo_events()
{
	local dir=$1 boot=$2

	grep -E "^[0-9.]+ (host |tap (# |ok |not ok)|console .*($DEMO_CONSOLE))" "$dir/stamped.log" |
		sed -E "s/^([0-9.]+) ([a-z]+) (.*)/\\1\\tboot $boot\\t\\2\\t\\3/"
	sed -nE 's/.*"seconds": ([0-9]+), "microseconds": ([0-9]+)}, "event": "([A-Z_]+)".*/\1 \2 \3/p' "$dir/qmp.log" |
		awk -v b="boot $boot" '{ printf "%d.%06d\t%s\tqmp\t%s\n", $1, $2, b, $3 }'
}

# All boots' events, oldest first.
demo_all_events()
{
	local dir boot=0

	for dir in $T_DIRS; do
		boot=$((boot + 1))
		demo_events "$dir" $boot
	done | sort -n -k1,1
}

# Print the timeline relative to the first SUSPEND, then the durations
# that matter, each measured between two of its lines.
demo_timeline()
{
	awk -F '\t' '
	!t0 && $3 == "qmp" && $4 == "SUSPEND" { t0 = $1 }
	{ line[NR] = $0; when[NR] = $1; src[NR] = $2 " " $3; text[NR] = $4 }
	# first time something matching each milestone happened
	function first(key, cond) { if (!(key in at) && cond) at[key] = $1 }
	{
		first("suspend", $3 == "qmp" && $4 == "SUSPEND")
		first("wake", $3 == "qmp" && $4 == "WAKEUP")
		first("hib", $4 ~ /hibernation entry/)
		first("saved", $4 ~ /Image saving done/)
		first("off", $3 == "host" && $4 ~ /qemu exited/)
		first("boot2", $2 == "boot 2" && $3 == "host" && $4 ~ /qemu start/)
		first("loaded", $2 == "boot 2" && $4 ~ /Image loading done/)
		first("resumed", $2 == "boot 2" && $4 ~ /hibernation exit/)
		first("user", $2 == "boot 2" && $3 == "tap")
	}
	END {
		printf "%9s  %-13s %s\n", "t (s)", "source", "event"
		for (i = 1; i <= NR; i++)
			printf "%9.2f  %-13s %s\n", when[i] - t0, src[i], text[i]
		print ""
		print "measured (host clock):"
		span("suspend -> alarm wake (QMP SUSPEND -> WAKEUP)", "suspend", "wake")
		span("alarm wake -> hibernation entry", "wake", "hib")
		span("hibernation entry -> image written", "hib", "saved")
		span("alarm wake -> QEMU powered off", "wake", "off")
		span("second QEMU start -> image loaded", "boot2", "loaded")
		span("second QEMU start -> hibernation exit (resumed)", "boot2", "resumed")
		span("suspend -> resumed userspace reports", "suspend", "user")
	}
	function span(what, a, b) {
		if ((a in at) && (b in at))
			printf "  %-50s %7.2f s\n", what, at[b] - at[a]
		else
			printf "  %-50s %7s\n", what, "n/a"
	}'
}

main()
{
	local status=0

	vm_init
	vm_find_kernel
	[ -e "$S2H_KO" ] || vm_die "$S2H_KO not found (build it or set S2H_KO)"
	vm_build_initramfs
	tap_begin
	vm_run_test alarm-cycle
	tap_end || status=1
	echo
	demo_all_events | demo_timeline
	return $status
}

main "$@"
