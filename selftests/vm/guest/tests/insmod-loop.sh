# SPDX-License-Identifier: GPL-2.0
#
# 100 loads and unloads: every tenth while "s2hctl monitor" listens on the
# events group, every tenth (another one) right after a suspend it armed
# returns. Nothing may be left behind: no /sys/power/s2h, no splat, and the
# last load starts from scratch.
set -u
. /lib/s2h/lib.sh

LOOPS=100
failed=0
suspends=0
monitors=0

swap_on
for i in $(seq 1 $LOOPS); do
	insmod "$S2H_KO" delay_sec=60 || failed=$((failed + 1))
	pid=
	if [ $((i % 10)) = 0 ]; then
		s2hctl monitor >/dev/null 2>&1 &
		pid=$!
		monitors=$((monitors + 1))
		sleep 0.2
	fi
	if [ $((i % 10)) = 5 ]; then
		host wake-after 0
		echo mem >/sys/power/state
		suspends=$((suspends + 1))
	fi
	rmmod s2h || failed=$((failed + 1))
	[ ! -e $S2H ] || failed=$((failed + 1))
	[ -z "$pid" ] || kill "$pid" 2>/dev/null
done
diag "figures: $LOOPS loads and unloads, $suspends of them right after a suspend, $monitors with a monitor listening, $failed failures"
is "$failed" 0 "$LOOPS insmod/rmmod loops without a failure"
s2h_load || exit 1
is_file $S2H/state idle "the last load starts idle"
is_stat suspends 0
done_testing
