# SPDX-License-Identifier: GPL-2.0
#
# s2hctl report over real cycles, across two boots as alarm-cycle: a dark
# wake on mains then the user's wake, a user's wake, then on battery -
# draining - an alarm that hibernates; the second boot resumes. The record
# of those cycles, written by s2hctl agent as s2h-agent.service runs it (on
# tmpfs, which the image keeps; the battery gives its energy, as a
# laptop's), is read by s2hctl report in the guest (text, JSON, the
# page; without the module too; a torn line), then handed to the host
# (host_file), which renders it in headless Chromium and checks the
# picture (render-report: selftests/report/browser-check.sh).
# Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

export S2H_STATEDIR=/tmp/s2h
REC=$S2H_STATEDIR/cycles.jsonl

fake_power_load capacity=90 ac_online=1 energy=1 || exit 1
s2h_load delay_sec=6 retries=0 || exit 1
swap_on
agent_start

# A dark wake: the alarm on mains sleeps on, then the user.
echo 0 >$S2H/hibernate_on_ac
host expect-resuspend 60
host wake-after 2
echo mem >/sys/power/state
wait_for $S2H/stats/suspends 2 60 "cycle 1: the alarm's dark wake and the suspend after it"
wait_for $S2H/state idle 30 "cycle 1: back to idle"
sleep 2

# The user, before the alarm.
host wake-after 3
echo mem >/sys/power/state
wait_for $S2H/stats/suspends 3 60 "cycle 2: the user's wake"
wait_for $S2H/state idle 30 "cycle 2: back to idle"
sleep 2

# On battery, draining: the alarm hibernates; boot 2 resumes.
echo 1 >$S2H/hibernate_on_ac
echo 0 >$FAKE/ac_online
echo 30 >$FAKE/drain_pct_per_min
host expect-poweroff 90
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 180 "cycle 3: resumed from hibernation" ||
	diag_stats
wait_for $S2H/state idle 30 "cycle 3: back to idle"

wait_lines 3 30 "the agent recorded the 3 cycles, across the hibernation"
while read -r line; do diag "$line"; done <$REC

check "report: exit 0" sh -c "s2hctl report --record $S2H_STATEDIR >/tmp/report.txt 2>/tmp/report.err"
while read -r line; do diag "$line"; done </tmp/report.txt
is "$(grep -c '^20[0-9-]* ' /tmp/report.txt)" 1 "report: one night, one line"
is "$(awk '/^20[0-9-]* / { print $2 }' /tmp/report.txt)" 3 "report: its 3 cycles"
is "$(cat /tmp/report.err)" "" "report: nothing on stderr"

check "report -j: exit 0" sh -c "s2hctl report -j --record $S2H_STATEDIR >/tmp/report.json"
diag "$(cat /tmp/report.json)"
# json KEY: KEY's value in the night of report -j.
json()
{
	sed -nE "s/.*\"$1\":([^,}]*).*/\1/p" /tmp/report.json
}
is "$(json cycles)" 3 "report -j: 3 cycles"
is "$(json hibernations)" 1 "report -j: one hibernation"
is "$(json hibernate_failures)" 0 "report -j: no failure"
is "$(json dark_wakes)" 1 "report -j: one dark wake"
drain=$(json drain_suspended_pct_h)
check "report -j: on battery, a drain while suspended (${drain:-none} %/h)" \
	awk -v d="${drain:-0}" 'BEGIN { exit !(d > 0) }'
check "report -j: the hibernation's time counted ($(json hibernated_s) s)" \
	test "$(json hibernated_s)" -gt 0

check "report -o: the page" s2hctl report --record $S2H_STATEDIR -o /tmp/report.html
check "report -o: a timeline in it" grep -q '<svg class="timeline"' /tmp/report.html
unprivileged_user
check "report: an unprivileged user reads the record too" \
	su -s /bin/sh s2huser -c "s2hctl report --record $S2H_STATEDIR >/dev/null"

# A power cut while the agent wrote: a line cut short, said and skipped.
cp $REC /tmp/torn.jsonl
head -n 1 $REC | cut -c 1-30 | tr -d '\n' >>/tmp/torn.jsonl
s2hctl report --record /tmp/torn.jsonl >/tmp/torn.txt 2>/tmp/torn.err
is "$?" 0 "report of a record with a torn last line: exit 0"
is "$(grep -c 'torn.jsonl:4: not a whole cycle' /tmp/torn.err)" 1 \
	"report: the torn line said once"
is "$(awk '/^20[0-9-]* / { print $2 }' /tmp/torn.txt)" 3 "report: the 3 whole cycles still counted"

agent_stop
s2h_unload
check "report works without the module" s2hctl report --record $S2H_STATEDIR -o /tmp/report2.html

host_file cycles.jsonl $REC
host render-report
done_testing
