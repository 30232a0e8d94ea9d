# SPDX-License-Identifier: GPL-2.0
#
# Not a test: bench/icount.sh's guest. s2h.ko and the modules of older
# refs (/lib/modules/s2h-REV.ko) loaded in turns, TURNS turns of BURST
# suspends each through pm_test "core", the order rotated each turn; each
# suspend's time in s2h's PM callbacks (debugfs overhead_ns, the work items
# off the path left out) as "# turn N MODULE NS", and in the first turns
# s2h-nltest's netlink round trips a second. QEMU runs with -icount:
# the guest's clock counts instructions, so these figures do not move with
# the host's load. One vCPU: the checks run in the notifier, in every
# module alike.
set -u
. /lib/s2h/lib.sh

TURNS=12
BURST=16
# s2h-nltest's rates in the first turns only: they repeat to 0.1 %.
NL_TURNS=3

callbacks_ns()
{
	awk '$1 !~ /^#/ && $1 != "checks" && $1 != "wake" { s += $3 } END { print s + 0 }' \
		/sys/kernel/debug/s2h/overhead_ns
}

# netlink_rates TURN MODULE: s2h-nltest's round trips a second, each as
# "# nl TURN MODULE WHAT RATE" (WHAT: GET, GET_without_ack, ...).
netlink_rates()
{
	s2h-nltest bench 300 | awk -v pre="nl $1 $2" '/round trips\/s/ {
		what = $0
		sub(/^# /, "", what)
		sub(/ round trips.*/, "", what)
		gsub(/ /, "_", what)
		print pre, what, $NF }' | while read -r line; do
		diag "$line"
	done
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
		[ $turn -lt $NL_TURNS ] && netlink_rates "$turn" "$ko"
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
