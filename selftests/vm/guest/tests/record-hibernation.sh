# SPDX-License-Identifier: GPL-2.0
#
# The record of the cycles across a hibernation: s2hctl agent records a
# cycle the user ended (early wake), then the alarm's cycle hibernates the
# guest; once it resumes from the image the agent records that cycle too -
# its energy at the suspend, the alarm and the resume, its drains - and
# the first one is still there, once. The record is on tmpfs, which the
# image keeps.
set -u
. /lib/s2h/lib.sh

export S2H_STATEDIR=/tmp/s2h
REC=$S2H_STATEDIR/cycles.jsonl

fake_power_load capacity=60 energy=1 || exit 1
echo 10 >$FAKE/drain_mpct_per_min
s2h_load delay_sec=8 || exit 1
swap_on
agent_start

host wake-after 2
suspend_mem
wait_for $S2H/last_wake early 60 "the host's wake is early"
wait_lines 1 30 "the agent recorded the user's cycle before the hibernation"
first=$(sed -n 1p $REC)

host expect-poweroff 90
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
wait_lines 2 30 "after the resume, the agent recorded the hibernated cycle"
sleep 2
is "$(wc -l <$REC)" 2 "two records: none written twice"
is "$(sed -n 1p $REC)" "$first" "the first record is still there, unchanged"
is "$(grep -c '"seq":1,' $REC)" 1 "cycle 1 recorded once"
second=$(sed -n 2p $REC)
diag "$second"
check "cycle 2: the alarm's, hibernated" \
	sh -c "sed -n 2p $REC | grep -q '\"seq\":2,.*\"wake\":\"alarm\",\"decision\":\"hibernate\",\"result\":0'"
check "cycle 2: the energy at the suspend, the alarm and the resume, and full" \
	sh -c "sed -n 2p $REC | grep -Eq '\"energy_start_uwh\":[0-9]+,\"energy_wake_uwh\":[0-9]+,\"energy_resume_uwh\":[0-9]+,\"energy_full_uwh\":50000000'"
check "cycle 2: the drains while suspended and hibernated, in mW and %/h" \
	sh -c "sed -n 2p $REC | grep -Eq '\"drain_suspended_mw\":[0-9.]+,\"drain_suspended_pct_h\":0\.[0-9]+,\"drain_hibernated_mw\":-?[0-9.]+,\"drain_hibernated_pct_h\":-?[0-9.]+}$'"
check "cycle 2: the image's times are not known: left out" sh -c "! grep -q image_ $REC"
s2hctl log --all >/tmp/log 2>/tmp/log.err
is "$(grep -c ' hibernate ' /tmp/log)" 1 "log --all: the hibernated cycle"
is "$(grep -c ' early ' /tmp/log)" 1 "log --all: the user's cycle"
check "log --all: its drain, from energy" grep -q "drain suspended [0-9.]* mW, 0\.[0-9]* %/h" /tmp/log
is "$(wc -c </tmp/log.err)" 0 "log --all: no warning"
while read -r line; do diag "log: $line"; done </tmp/log
while read -r line; do diag "agent: $line"; done </tmp/agent.log
agent_stop
done_testing
