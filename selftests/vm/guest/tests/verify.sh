# SPDX-License-Identifier: GPL-2.0
#
# The dry run (s2hctl check --verify, a hibernation that resumes): it
# fails clearly without swap and passes with it; require_verified keeps
# s2h from arming until one passed. One that passed is kept in
# /var/lib/s2h/verified, and s2hctl apply hands it back to the module at
# its next load, for the same kernel and resume device only. Needs
# /bin/s2hctl (static).
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

mkdir -p /var/lib
out=$(s2hctl check --verify </dev/null 2>&1)
is "$?" 2 "check --verify without a terminal and without --yes: a usage error"
check "... which says that it hibernates, and asks for --yes" \
	sh -c "echo '$out' | grep -q 'hibernates this machine.*--yes'"
is_file $S2H/verified/result never "... and nothing started"
out=$(s2hctl check --verify --yes 2>&1)
status=$?
diag "$out"
is "$status" 1 "s2hctl check --verify fails without swap"
check "it said what the dry run does first" sh -c "echo '$out' | grep -q 'save your work'"
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
out=$(s2hctl check --verify --yes 2>&1)
status=$?
diag "$out"
is "$status" 0 "s2hctl check --verify passes with a swap disk"
is_file $S2H/verified/result passed "verified/result: passed"
is_file $S2H/verified/error 0 "verified/error: 0"
is_file $S2H/verified/restored 0 "verified/restored: 0, it passed in this load"
check "verified/time: after the failed one" test "$(cat $S2H/verified/time)" -ge "$when"
ms=$(cat $S2H/verified/duration_ms)
check "verified/duration_ms: how long it took (got '$ms')" test "$ms" -gt 0
is_file $S2H/checks/verified ok "checks/verified: ok once verified"
is_file $S2H/available yes "available: yes once verified"
check "s2hctl check passes" s2hctl check
is "$(cat /sys/power/disk)" "$disk_before" "/sys/power/disk restored"
is_stat hibernations 0
check "the dry run that passed is kept" grep -qx "kernel = $(uname -r)" /var/lib/s2h/verified
check "... with the resume device" grep -qx "resume = $(cat /sys/power/resume)" /var/lib/s2h/verified
check "check says it passed in this boot" sh -c "s2hctl check | grep -q '^ok   verified: a dry run passed on [0-9-]* [0-9:]*$'"

# A new load forgets it; apply restores it.
s2h_unload
s2h_load require_verified=1 || exit 1
is_file $S2H/verified/result never "a new load starts with no dry run"
: >/tmp/empty.conf
add_user
out=$(su -s /bin/sh s2huser -c 's2hctl apply /tmp/empty.conf' 2>&1)
is "$?" 1 "uid 1000: apply cannot restore the dry run ($out)"
is_file $S2H/verified/result never "... and nothing was restored"
out=$(s2hctl apply /tmp/empty.conf 2>&1)
is "$?" 0 "apply restores the kept dry run ($out)"
is_file $S2H/verified/result passed "verified/result: passed, after the restore"
is_file $S2H/verified/restored 1 "verified/restored: 1"
is_file $S2H/available yes "available: yes, with require_verified, after the restore"
check "check says it passed in an earlier boot" \
	sh -c "s2hctl check | grep -q '^ok   verified: .*in an earlier boot of this kernel'"
s2hctl show -j | grep -q '"restored":true'
is "$?" 0 "show -j: verified.restored is true"
out=$(s2hctl apply /tmp/empty.conf 2>&1)
is "$?" 0 "a second apply leaves the restored one alone ($out)"

# Another kernel, or another resume device: not restored.
s2h_unload
s2h_load require_verified=1 || exit 1
sed -i "s/^resume = .*/resume = 8:99/" /var/lib/s2h/verified
s2hctl apply /tmp/empty.conf >/tmp/apply.out 2>&1
is "$?" 0 "apply with a record of another resume device exits 0"
diag "$(cat /tmp/apply.out)"
check "... and says why it did not restore it" grep -q "not restored: resume was '8:99'" /tmp/apply.out
is_file $S2H/verified/result never "... verified stays never"
check "check says the truth: not verified" sh -c "s2hctl check | grep -q '^FAIL verified'"
done_testing
