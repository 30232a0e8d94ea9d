# SPDX-License-Identifier: GPL-2.0
#
# The dry run (s2hctl check --verify, a hibernation that resumes): it
# fails clearly without swap and passes with it; require_verified keeps
# s2h from arming until one passed. Needs /bin/s2hctl (static).
set -u
. /lib/s2h/lib.sh

s2h_load delay_sec=8 require_verified=1 || exit 1
echo shutdown >/sys/power/disk
is_file $S2H/verified/result never "verified/result: never"
is_file $S2H/checks/verified failed "checks/verified: the dry run is missing"

out=$(s2hctl check 2>&1)
status=$?
diag "$out"
is "$status" 1 "s2hctl check exits 1 without swap"
check "s2hctl check says which checks failed" sh -c "echo '$out' | grep -q 'FAIL.*swap'"

out=$(s2hctl check --verify 2>&1)
status=$?
diag "$out"
is "$status" 1 "s2hctl check --verify fails without swap"
is_file $S2H/verified/result failed "verified/result: failed"
err=$(cat $S2H/verified/error)
check "verified/error: a negative errno (got '$err')" test "$err" -lt 0
when=$(cat $S2H/verified/time)
check "verified/time: when it ended (got '$when')" test "$when" -gt 0

swap_on
disk_before=$(cat /sys/power/disk)
# Before 6.4 the dry run is a real hibernation in "reboot" mode: QEMU stops
# (-no-reboot), boots again from the image, and this script goes on there.
kver=$(uname -r)
major=${kver%%.*}
minor=${kver#*.}
minor=${minor%%[!0-9]*}
if [ "$major" -lt 6 ] || { [ "$major" = 6 ] && [ "$minor" -lt 4 ]; }; then
	host expect-poweroff 120
fi
out=$(s2hctl check --verify 2>&1)
status=$?
diag "$out"
is "$status" 0 "s2hctl check --verify passes with a swap disk"
is_file $S2H/verified/result passed "verified/result: passed"
is_file $S2H/verified/error 0 "verified/error: 0"
check "verified/time: after the failed one" test "$(cat $S2H/verified/time)" -ge "$when"
ms=$(cat $S2H/verified/duration_ms)
check "verified/duration_ms: how long it took (got '$ms')" test "$ms" -gt 0
is_file $S2H/checks/verified ok "checks/verified: ok once verified"
is_file $S2H/available yes "available: yes once verified"
check "s2hctl check passes" s2hctl check
is "$(cat /sys/power/disk)" "$disk_before" "/sys/power/disk restored"
is_stat hibernations 0
done_testing
