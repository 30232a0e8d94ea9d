#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The module's files exist and the defaults read back, in KTAP.
S2H=/sys/power/s2h
ksft_skip=4

if [ ! -d $S2H ]; then
	echo "1..0 # SKIP s2h is not loaded"
	exit $ksft_skip
fi
echo "TAP version 13"
echo "1..3"
n=0
failed=0
result()
{
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=1; fi
}
test -r $S2H/available; result $? "available is readable"
grep -qx "delay\|battery" $S2H/policy; result $? "policy is a known word"
test "$(ls $S2H/stats | wc -l)" = 12; result $? "stats has 12 counters"
exit $failed
