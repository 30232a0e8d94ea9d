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
echo "1..5"
n=0
failed=0
result()
{
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=1; fi
}
grep -qx "yes\|no" $S2H/available; result $? "available is yes or no"
grep -qx "delay\|battery" $S2H/policy; result $? "policy is a known word"
test "$(ls $S2H/stats | wc -l)" = 22; result $? "stats has 22 counters"
test "$(ls $S2H/last_cycle | wc -l)" = 29; result $? "last_cycle has 29 files"
checks=$(ls $S2H/checks | wc -l)
test "$checks" -gt 0 && test "$(grep -lx "ok\|failed" $S2H/checks/* | wc -l)" = "$checks"
result $? "every file of checks/ is ok or failed"
exit $failed
