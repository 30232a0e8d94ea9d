# SPDX-License-Identifier: GPL-2.0
#
# The wake test (s2hctl check --verify-wake) from S3: s2h's alarm ends a
# suspend of 20 s, and the test passes; it hibernates nothing, counts no
# cycle and changes no setting. require_verified = wake waits for it. The
# result is kept in /var/lib/s2h/verified-wake and handed back by s2hctl
# apply at the next load, for the same machine, kernel, RTC and mem_sleep
# only; a record cut short is refused, saying why. Then a key pressed before
# the alarm fails a second test, which names the key's wakeup source and
# says to run it again without touching the machine (its alarm set by
# --wake-after). Needs /bin/s2hctl (static).
set -u
. /lib/s2h/lib.sh

check "button.ko is loaded (guest/init)" test -d /sys/module/button
s2h_load delay_sec=8 require_verified=wake || exit 1
mkdir -p /var/lib

# Refused, with the reason, on a machine whose pre-flight fails: no swap.
out=$(s2hctl check --verify-wake --yes 2>&1)
is "$?" 1 "check --verify-wake without swap: refused, exit 1"
check "... the kernel says a pre-flight check failed" \
	sh -c 'printf "%s\n" "$1" | grep -q "kernel rejected a pre-flight check failed: s2hctl check says which"' - "$out"
check "... and check says which, with its fix" \
	sh -c 'printf "%s\n" "$1" | grep -q "^FAIL swap: "' - "$out"
is_file $S2H/wake_test/result never "... and nothing started"
check "... no suspend in the log" sh -c '! dmesg | grep -q "PM: suspend entry"'
swap_on
is_file $S2H/require_verified wake "require_verified: wake, from the module parameter"
is_file $S2H/wake_test/result never "wake_test/result: never"
is_file $S2H/checks/verified failed "checks/verified: failed, the wake test is missing"

# Everything but the state: what must not change.
settings()
{
	s2hctl show -j | sed 's/,"state".*//'
}

before=$(settings)
out=$(s2hctl check --verify-wake </dev/null 2>&1)
is "$?" 2 "check --verify-wake without a terminal and without --yes: a usage error"
check "... which says that it suspends, and asks for --yes" \
	sh -c 'printf "%s\n" "$1" | grep -q "suspends this machine.*--yes"' - "$out"
is_file $S2H/wake_test/result never "... and nothing started"

s2hctl monitor >/tmp/events.txt 2>&1 &
mon=$!
s2hctl monitor -j >/tmp/events.json 2>&1 &
monj=$!
out=$(s2hctl check --verify-wake --yes 2>&1)
status=$?
sleep 1
kill $mon $monj
printf '%s\n' "$out" | while IFS= read -r line; do diag "check: $line"; done
is "$status" 0 "s2hctl check --verify-wake passes in S3"
check "it said what the test does first" \
	sh -c 'printf "%s\n" "$1" | grep -q "do not touch\|Do not touch"' - "$out"
check "it says that the alarm woke the machine from deep" \
	sh -c 'printf "%s\n" "$1" | grep -q "^wake test passed: s2h.s alarm woke this machine from deep"' - "$out"
is_file $S2H/wake_test/result passed "wake_test/result: passed"
is_file $S2H/wake_test/reason none "wake_test/reason: none"
is_file $S2H/wake_test/mem_sleep deep "wake_test/mem_sleep: deep"
is_file $S2H/wake_test/alarm_sec 20 "wake_test/alarm_sec: 20"
is_file $S2H/wake_test/restored 0 "wake_test/restored: 0"
is_file $S2H/wake_test/hw_sleep_us -1 "wake_test/hw_sleep_us: -1, no suspend to idle"
off=$(cat $S2H/wake_test/offset_ms)
check "wake_test/offset_ms in s2h's window, -2000 .. 60000 (got '$off')" \
	test "$off" -ge -2000 -a "$off" -le 60000
check "the alarm ended it: no wakeup source but the RTC's ($(cat $S2H/wake_test/wake_source))" \
	sh -c "grep -qv . $S2H/wake_test/wake_source || grep -q '^rtc\|alarmtimer\|00:0' $S2H/wake_test/wake_source"
log_has "the kernel log says the test suspended to deep" \
	"s2h: wake test: suspending to deep, s2h's alarm due in 20 s"
log_has "the kernel log has its verdict" "s2h: wake test passed (none)"
is_file $S2H/checks/verified ok "checks/verified: ok once the wake test passed"
is_file $S2H/available yes "available: yes"
is_stat suspends 0
is_stat alarm_wakes 0
is_stat hibernations 0
is_file $S2H/last_cycle/seq 0 "no cycle counted"
is_file $S2H/last_wake none "last_wake: none"
is_file $S2H/state idle "state: idle"
is "$(settings)" "$before" "no setting changed"
check "the result is kept, with the machine it holds for" \
	grep -qx "mem_sleep = deep" /var/lib/s2h/verified-wake
check "... its kernel" grep -qx "kernel = $(uname -r)" /var/lib/s2h/verified-wake
check "... its RTC's driver" grep -q "^rtc = rtc_cmos" /var/lib/s2h/verified-wake
check "check says it passed" \
	sh -c 's2hctl check | grep -q "^ok   wake test: s2h.s alarm woke this machine from deep on "'
check "show -j carries it" sh -c "s2hctl show -j | grep -q '\"wake_test\":{\"result\":\"passed\",\"reason\":\"none\"'"
check "show says it" sh -c "s2hctl show | grep -q '^wake_test: *passed .*(deep, woke'"
check "monitor: a wake_test_result event, passed" \
	grep -q "^wake_test_result result=passed reason=none offset_ms=$off mem_sleep=deep " /tmp/events.txt
check "monitor -j: the same event, as show -j's nest" \
	grep -q '^{"event":"wake_test_result","wake_test":{"result":"passed","reason":"none"' /tmp/events.json
check "monitor: no event of a cycle (armed, alarm_wake, hibernate_start)" \
	sh -c '! grep -q "^armed\|^alarm_wake\|^hibernate" /tmp/events.txt'

# A new load forgets it; apply restores it.
s2h_unload
s2h_load require_verified=wake || exit 1
is_file $S2H/wake_test/result never "a new load starts with no wake test"
: >/tmp/empty.conf
out=$(s2hctl apply /tmp/empty.conf 2>&1)
is "$?" 0 "apply restores the kept wake test ($out)"
is_file $S2H/wake_test/result passed "wake_test/result: passed, after the restore"
is_file $S2H/wake_test/restored 1 "wake_test/restored: 1"
is_file $S2H/wake_test/offset_ms "$off" "wake_test/offset_ms: the kept one"
is_file $S2H/available yes "available: yes, with require_verified wake, after the restore"
check "check says it passed in an earlier boot" \
	sh -c 's2hctl check | grep -q "^ok   wake test: .*(an earlier boot of this machine and kernel)"'

# Another mem_sleep, or another machine: not restored.
s2h_unload
s2h_load require_verified=wake || exit 1
cp /var/lib/s2h/verified-wake /tmp/verified-wake
sed -i "s/^mem_sleep = .*/mem_sleep = s2idle/" /var/lib/s2h/verified-wake
s2hctl apply /tmp/empty.conf >/tmp/apply.out 2>&1
is "$?" 0 "apply with a record of another mem_sleep exits 0"
diag "$(cat /tmp/apply.out)"
check "... and says why it did not restore it" \
	grep -q "wake test of .* not restored: mem_sleep was 's2idle', is 'deep'" /tmp/apply.out
is_file $S2H/wake_test/result never "... wake_test stays never"
# A record that lost its end (a disk's damage): refused, saying why.
head -c $(($(wc -c </tmp/verified-wake) - 3)) /tmp/verified-wake >/var/lib/s2h/verified-wake
s2hctl apply /tmp/empty.conf >/tmp/apply.out 2>&1
is "$?" 1 "apply with a record cut short exits 1"
diag "$(cat /tmp/apply.out)"
check "... and says it is damaged, cut short, and what to do" grep -q \
	"verified-wake is damaged (it is cut short: .*): run s2hctl check --verify-wake again" \
	/tmp/apply.out
is_file $S2H/wake_test/result never "... wake_test stays never"
sed -i "s/^vendor = .*/vendor = Other Laptops Inc./" /tmp/verified-wake
cp /tmp/verified-wake /var/lib/s2h/verified-wake
s2hctl apply /tmp/empty.conf >/tmp/apply.out 2>&1
check "another DMI vendor: not restored either" grep -q "not restored: vendor was 'Other Laptops" /tmp/apply.out
is_file $S2H/wake_test/result never "... wake_test stays never"
check "check says the truth: not verified" sh -c "s2hctl check | grep -q '^FAIL verified'"

# A key pressed 5 s into the test, before the alarm: it fails, naming the
# key. Its alarm is --wake-after's, as a machine slow to suspend asks.
echo deep >/sys/power/mem_sleep
before=$(settings)
host key-after 5
out=$(s2hctl check --verify-wake --wake-after 1m --yes 2>&1)
status=$?
printf '%s\n' "$out" | while IFS= read -r line; do diag "check: $line"; done
is "$status" 1 "a key pressed during the test: check --verify-wake exits 1"
is_file $S2H/wake_test/alarm_sec 60 "--wake-after 1m: wake_test/alarm_sec: 60"
log_has "... and the kernel log says so" "s2h: wake test: suspending to deep, s2h's alarm due in 60 s"
is_file $S2H/wake_test/result failed "wake_test/result: failed"
is_file $S2H/wake_test/reason input "wake_test/reason: input"
is_file $S2H/wake_test/wake_source LNXPWRBN:00 "wake_test/wake_source: the key's wake (QEMU's power button)"
check "it says a key woke it, and names the wake" \
	sh -c 'printf "%s\n" "$1" | grep -q "^wake test FAILED: an input device, LNXPWRBN:00, woke the machine .* before the alarm was due"' - "$out"
check "it says to run it again and not touch the machine" \
	sh -c 'printf "%s\n" "$1" | grep -q "run it again$"' - "$out"
check "... do not touch" sh -c 'printf "%s\n" "$1" | grep -q "do not touch the machine until it wakes by itself"' - "$out"
check "check fails on it" sh -c 's2hctl check | grep -q "^FAIL wake test: .*an input device, LNXPWRBN:00"'
is_stat suspends 0
is_stat hibernations 0
is_file $S2H/last_cycle/seq 0 "no cycle counted"
is "$(settings)" "$before" "no setting changed"
check "a key press leaves the kept record alone" test -e /var/lib/s2h/verified-wake
host_check expect-running
done_testing
