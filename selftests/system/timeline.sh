#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# timeline.sh - the timeline of one s2h cycle on the Debian laptop VM, from
# the logs of its boots (selftests/system/run.sh: DIR... of the boots, in
# order): suspend -> alarm -> image written -> power off -> firmware ->
# GRUB -> kernel -> initramfs -> resumed.  Host wall-clock seconds: when
# each console line reached the host, QEMU's own stamp of each QMP event;
# t=0 is the first SUSPEND.  Printed as TAP comments.
set -u

# Console lines worth a place in the timeline.
CONSOLE='s2h: |PM: suspend (entry|exit)|hibernation (entry|exit)|Image saving done|reboot: Power down|BdsDxe: (loading|starting)|Welcome to GRUB|Loading Linux|Loading initial ramdisk|Linux version|Loading, please wait|local-premount|Image loading done|PM: Image signature found|Please unlock|cryptsetup: .* set up successfully|Reached target.*Sleep|systemd-sleep'

# events DIR BOOT: "EPOCH<TAB>boot N<TAB>SOURCE<TAB>TEXT" for one boot.
events()
{
	local dir=$1 boot=$2

	grep -aE "^[0-9.]+ (host |tap (# systemctl|ok |not ok)|console .*($CONSOLE))" "$dir/stamped.log" |
		grep -av ' launch\[' |
		sed -E "s/^([0-9.]+) ([a-z]+) (.*)/\\1\\tboot $boot\\t\\2\\t\\3/" | tr -d '\033'
	sed -nE 's/.*"seconds": ([0-9]+), "microseconds": ([0-9]+)}, "event": "([A-Z_]+)".*/\1 \2 \3/p' "$dir/qmp.log" |
		grep -v RTC_CHANGE |
		awk -v b="boot $boot" '{ printf "%d.%06d\t%s\tqmp\t%s\n", $1, $2, b, $3 }'
}

all_events()
{
	local dir boot=0

	for dir in "$@"; do
		boot=$((boot + 1))
		events "$dir" $boot
	done | sort -n -k1,1
}

# The boot that resumed is the one after the power-off that followed the
# hibernation: the milestones after it are taken in that boot only.
timeline()
{
	awk -F '\t' '
	{ n++; when[n] = $1; src[n] = $2 " " $3; text[n] = substr($4, 1, 110) }
	!t0 && $3 == "qmp" && $4 == "SUSPEND" { t0 = $1 }
	function first(key, cond) { if (!(key in at) && cond) at[key] = $1 }
	{
		first("suspend", $3 == "qmp" && $4 == "SUSPEND")
		first("wake", ("suspend" in at) && $3 == "qmp" && $4 == "WAKEUP")
		first("hib", ("wake" in at) && $4 ~ /hibernation entry/)
		first("saved", ("hib" in at) && $4 ~ /Image saving done/)
		first("off", ("saved" in at) && $3 == "host" && $4 ~ /qemu exited/)
		if (("off" in at) && !resumed_boot && $3 == "host" && $4 ~ /qemu start/)
			resumed_boot = $2
		r = resumed_boot && $2 == resumed_boot
		first("start", r && $3 == "host" && $4 ~ /qemu start/)
		first("firmware", r && $4 ~ /BdsDxe: starting/)
		first("grub", r && $4 ~ /Loading Linux/)
		first("kernel", r && $4 ~ /Linux version/)
		first("initramfs", r && $4 ~ /Loading, please wait/)
		first("loaded", r && $4 ~ /Image loading done/)
		first("resumed", r && $4 ~ /hibernation exit/)
		first("user", r && $3 == "tap")
	}
	END {
		printf "# %9s  %-13s %s\n", "t (s)", "source", "event"
		for (i = 1; i <= n; i++)
			printf "# %9.2f  %-13s %s\n", when[i] - t0, src[i], text[i]
		print "#"
		print "# measured (host clock):"
		span("suspend -> alarm wake (QMP SUSPEND -> WAKEUP)", "suspend", "wake")
		span("alarm wake -> hibernation entry", "wake", "hib")
		span("hibernation entry -> image written", "hib", "saved")
		span("image written -> QEMU powered off", "saved", "off")
		span("QEMU start -> firmware starts the boot entry", "start", "firmware")
		span("firmware -> GRUB loads Linux", "firmware", "grub")
		span("GRUB -> kernel", "grub", "kernel")
		span("kernel -> initramfs", "kernel", "initramfs")
		span("initramfs -> image loaded", "initramfs", "loaded")
		span("image loaded -> hibernation exit", "loaded", "resumed")
		span("QEMU start -> resumed (hibernation exit)", "start", "resumed")
		span("resumed -> the session reports", "resumed", "user")
		span("suspend -> the session reports after resume", "suspend", "user")
	}
	function span(what, a, b) {
		if ((a in at) && (b in at))
			printf "#   %-48s %8.2f s\n", what, at[b] - at[a]
		else
			printf "#   %-48s %8s\n", what, "n/a"
	}'
}

all_events "$@" | timeline
