# SPDX-License-Identifier: GPL-2.0
#
# Not a test: bench/icount.sh's guest. s2h.ko and the modules of older
# refs (/lib/modules/s2h-REV.ko) loaded in turns, TURNS turns of BURST
# suspends each through pm_test "core", the order rotated each turn; each
# suspend's time in s2h's PM callbacks (debugfs overhead_ns, the work items
# off the path left out) as "# turn N MODULE NS". QEMU runs with -icount:
# the guest's clock counts instructions, so these figures do not move with
# the host's load. One vCPU: the checks run in the notifier, in every
# module alike.
set -u
. /lib/s2h/lib.sh

TURNS=12
BURST=16

callbacks_ns()
{
	awk '$1 !~ /^#/ && $1 != "checks" && $1 != "wake" { s += $3 } END { print s + 0 }' \
		/sys/kernel/debug/s2h/overhead_ns
}

swap_on
check "debugfs mounted" grep -q " /sys/kernel/debug debugfs " /proc/mounts
echo 0 >/sys/module/suspend/parameters/pm_test_delay
check "pm_test core" sh -c 'echo core >/sys/power/pm_test'
modules="s2h $(cd /lib/modules && ls s2h-*.ko | sed 's/\.ko$//')"
turn=0
while [ $turn -lt $TURNS ]; do
	for ko in $modules; do
		insmod "/lib/modules/$ko.ko" delay_sec=60 || { not_ok "turn $turn: insmod $ko"; break 2; }
		# Not counted: the first suspend after a load (the resume device's lookup).
		echo mem >/sys/power/state
		i=0
		while [ $i -lt $BURST ]; do
			echo mem >/sys/power/state
			diag "turn $turn $ko $(callbacks_ns)"
			i=$((i + 1))
		done
		rmmod s2h
	done
	# the first module goes last in the next turn
	case $modules in
	*" "*) modules="${modules#* } ${modules%% *}" ;;
	esac
	turn=$((turn + 1))
done
echo none >/sys/power/pm_test
is "$turn" "$TURNS" "all $TURNS turns ran"
done_testing
