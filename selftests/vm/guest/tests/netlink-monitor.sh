# SPDX-License-Identifier: GPL-2.0
#
# s2hctl monitor through a whole cycle, over two boots: two config events
# (one by sysfs, one by netlink), then armed, alarm_wake, hibernate_start;
# QEMU powers off with the monitors frozen in the image; the second boot
# resumes it and they print hibernate_result (error 0) and resumed.
set -u
. /lib/s2h/lib.sh

EXPECTED="config config armed alarm_wake hibernate_start hibernate_result resumed"

# The first word of each line of FILE, or the "event" of each JSON object.
event_words()
{
	sed -e 's/^{"event":"\([a-z_]*\)".*/\1/' -e 's/ .*//' "$1" | tr '\n' ' ' | sed 's/ $//'
}

check "s2hctl is in the initramfs" test -x /bin/s2hctl || { done_testing; exit 1; }
s2h_load delay_sec=30 || exit 1
swap_on
s2hctl monitor >/tmp/events.txt 2>/tmp/monitor.err &
text_pid=$!
s2hctl monitor -t >/tmp/events.stamped 2>>/tmp/monitor.err &
stamped_pid=$!
s2hctl monitor -j >/tmp/events.json 2>>/tmp/monitor.err &
json_pid=$!
sleep 1
echo 9 >$S2H/delay_sec
s2hctl set delay 8s
host expect-poweroff 90
suspend_mem

# Still boot 1 until the image is written; then boot 2, resumed.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
sleep 2
is "$(event_words /tmp/events.txt)" "$EXPECTED" "monitor: the events of the cycle, in order"
is "$(event_words /tmp/events.json)" "$EXPECTED" "monitor -j: the same events, in order"
is "$(grep -c . /tmp/events.txt)" 7 "monitor: no other event"
REST="hibernate_on_ac=yes battery_threshold=5 policy=delay battery_check=1h retries=1 hibernate_mode=shutdown require_verified=no handoff=0s delay_low=3h battery_high=0 ac_delay=0s drain_budget=0 battery_critical=3 thermal_limit=0 hibernate_no_hw_sleep=no settle=0s"
is "$(sed -n 1p /tmp/events.txt)" "config enabled=yes delay=9s $REST" "config by sysfs, as sent"
is "$(sed -n 2p /tmp/events.txt)" "config enabled=yes delay=8s $REST" "config by netlink, as sent"
is "$(sed -n 3p /tmp/events.txt)" "armed delay=8s" "armed carries the delay"
is "$(sed -n 6p /tmp/events.txt)" "hibernate_result error=0" "hibernate_result carries error 0"
check "text: every word after the event is KEY=VALUE, no value with a space" \
	sh -c '! sed "s/^[a-z_]*//" /tmp/events.txt | tr " " "\n" | grep -v "^$" | grep -qv "^[a-z_]*=[^ ]*$"'
check "-t: every line starts with the local time, ISO 8601" \
	sh -c '[ "$(grep -c "^20[0-9-]*T[0-9:]*[+-][0-9]* [a-z_]" /tmp/events.stamped)" = 7 ]'
is "$(sed -n 6p /tmp/events.json)" '{"event":"hibernate_result","error":0}' "JSON hibernate_result"
is "$(sed -n 3p /tmp/events.json)" '{"event":"armed","delay_sec":8}' "JSON armed: the key and value of show -j"
is "$(cat /tmp/monitor.err)" "" "the monitors printed no error"
while IFS= read -r line; do diag "monitor: $line"; done </tmp/events.txt
kill $text_pid $stamped_pid $json_pid
diag_stats
done_testing
