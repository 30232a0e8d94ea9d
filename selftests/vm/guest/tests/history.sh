# SPDX-License-Identifier: GPL-2.0
#
# 40 cycles in one boot; the module keeps the 32 newest, which s2hctl log
# (a netlink dump) reads oldest first: seq 9 to 40, in order. Most cycles
# end at once (an early QMP wake); cycle 38 has a dark wake before the
# user's (hibernate_on_ac=0), cycle 39 an alarm whose hibernation fails
# (s2h_fake_power), so that their records say what happened in each.
# Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

CYCLES=40
DARK=38
FAILED=39

fake_power_load capacity=50 ac_online=1 || exit 1
# battery_critical=0: no last resort, a failed hibernation sleeps on without an alarm
s2h_load delay_sec=5 retries=0 battery_critical=0 || exit 1
swap_on

suspends=0
for i in $(seq 1 $CYCLES); do
	case $i in
	$DARK)
		echo 0 >$S2H/hibernate_on_ac
		host expect-resuspend 60
		host wake-after 1
		suspends=$((suspends + 2))
		;;
	$FAILED)
		echo 1 >$S2H/hibernate_on_ac
		echo 1 >$FAKE/fail_hibernations
		host expect-resuspend 60
		host wake-after 0
		suspends=$((suspends + 2))
		;;
	*)
		host wake-after 1
		suspends=$((suspends + 1))
		;;
	esac
	echo mem >/sys/power/state
	wait_for $S2H/stats/suspends $suspends 60 "cycle $i: every suspend seen" || break
	wait_for $S2H/state idle 30 "cycle $i: back to idle" || break
	sleep 0.5
done

is_file $S2H/last_cycle/seq $CYCLES "last_cycle/seq: the cycles since the load"
check "s2hctl log -j" sh -c 's2hctl log -j >/tmp/log.json'
check "s2hctl log" sh -c 's2hctl log >/tmp/log.txt'
diag "$(head -c 600 /tmp/log.json)"
head -n 1 /tmp/log.txt >/tmp/log.tail
tail -n 3 /tmp/log.txt >>/tmp/log.tail
while read -r line; do diag "$line"; done </tmp/log.tail

# One object per cycle: its fields, one line a cycle.
tr -d '\n' </tmp/log.json | sed 's/},{/}\n{/g' >/tmp/cycles
seqs=$(echo $(sed -n 's/.*"seq":\([0-9]*\),.*/\1/p' /tmp/cycles))
is "$seqs" "$(echo $(seq $((CYCLES - 31)) $CYCLES))" "log -j: the 32 newest cycles, oldest first"
is "$(echo $(awk 'NR > 1 { print $1 }' /tmp/log.txt))" "$seqs" \
	"log: the same cycles, one line each after the header"
is "$(head -n 1 /tmp/log.txt | awk '{ print $1, $2 }')" "SEQ SUSPENDED" "log: a header line"

# field SEQ KEY: the value of KEY in cycle SEQ.
field()
{
	sed -n "s/.*\"seq\":$1,.*\"$2\":\([^,}]*\).*/\1/p" /tmp/cycles
}

is "$(field 37 wake)" '"early"' "cycle 37 (early): wake"
is "$(field 37 decision)" '"none"' "cycle 37: no decision"
is "$(field 37 wakes)" 1 "cycle 37: one wake"
is "$(field 37 battery_start)" 50 "cycle 37: battery at the start"
is "$(sed -n 's/.*"seq":37,.*"battery_wakes":\[\([^]]*\)\].*/\1/p' /tmp/cycles)" "-1" \
	"cycle 37: the user's wake does not read the battery"
is "$(field $DARK dark_wakes)" 1 "cycle $DARK (dark wake, then the user): one dark wake"
is "$(field $DARK wakes)" 2 "cycle $DARK: two wakes"
is "$(sed -n "s/.*\"seq\":$DARK,.*\"battery_wakes\":\[\([^]]*\)\].*/\1/p" /tmp/cycles)" "50,-1" \
	"cycle $DARK: the battery at the alarm's wake, not at the user's"
is "$(field $DARK wake)" '"early"' "cycle $DARK: ended by the user"
armed=$(field $DARK armed_ms)
check "cycle $DARK: armed for the alarm's 5 s at least ($armed ms)" test "${armed:-0}" -ge 4000
idle=$(field $DARK idle_ms)
check "cycle $DARK: awake between its two suspends counted ($idle ms)" test "${idle:-0}" -gt 0
is "$(field 37 idle_ms)" 0 "cycle 37: the time after its only wake is not the cycle's"
is "$(field $FAILED wake)" '"alarm"' "cycle $FAILED (failed hibernation): the alarm's wake"
is "$(field $FAILED decision)" '"hibernate"' "cycle $FAILED: decided to hibernate"
is "$(field $FAILED result)" -5 "cycle $FAILED: EIO, as the fake module failed it"
is "$(field $FAILED battery_wake)" 50 "cycle $FAILED: battery at the alarm's wake"
hib=$(field $FAILED hibernating_ms)
check "cycle $FAILED: time hibernating counted ($hib ms)" test "${hib:-0}" -gt 0
is "$(field $DARK hibernating_ms)" 0 "cycle $DARK: no time hibernating"
check "show: the last cycle's time in each state, as log has it" \
	sh -c 's2hctl show | grep -Eq "^  time +armed [0-9]+(s|m[0-9]{2}s), awake between its suspends [0-9]+(s|m[0-9]{2}s), hibernating [0-9]+(s|m[0-9]{2}s), resuming [0-9]+(s|m[0-9]{2}s)$"'
check "log: cycle $FAILED's line says hibernate, EIO" \
	grep -Eq "^ +$FAILED .* alarm +hibernate +EIO " /tmp/log.txt
check "log: cycle $DARK's line has the battery at each wake" \
	grep -Eq "^ +$DARK .* 50 > 50,-$" /tmp/log.txt
unprivileged_user
check "the history reads as an unprivileged user too" \
	su -s /bin/sh s2huser -c 's2hctl log -j >/dev/null'
diag_stats
done_testing
