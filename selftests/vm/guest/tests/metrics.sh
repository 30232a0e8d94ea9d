# SPDX-License-Identifier: GPL-2.0
#
# s2hctl metrics over a real cycle, over two boots as alarm-cycle: before
# it every counter is 0; the alarm wakes the system, s2h hibernates it,
# the second boot resumes. After it the counters and the histogram of
# suspend-to-hibernation times moved, s2hctl agent --metrics (as
# s2h-agent.service runs it) rewrote its file after the cycle in a
# directory that appeared after its start, and the file goes to the host
# (host_file), whose node_exporter and promtool check it (scrape-metrics).
set -u
. /lib/s2h/lib.sh

DIR=/tmp/prom
AGENT_DIR=/tmp/agent-prom

# metric NAME FILE: the value of the sample NAME, labels included, in FILE.
metric()
{
	awk -v k="$1" '$1 == k { print $2 }' "$2"
}

# wait_metric FILE NAME VALUE TIMEOUT DESC: poll until FILE has NAME VALUE.
wait_metric()
{
	local i=0

	until [ "$(metric "$2" "$1" 2>/dev/null)" = "$3" ]; do
		i=$((i + 1))
		if [ $i -gt $(($4 * 5)) ]; then
			not_ok "$5 (got '$(metric "$2" "$1" 2>&1)' after $4 s)"
			return 1
		fi
		sleep 0.2
	done
	ok "$5"
}

# wait_line FILE TEXT TIMEOUT DESC: poll until a line of FILE has TEXT.
wait_line()
{
	local i=0

	until grep -qF -- "$2" "$1"; do
		i=$((i + 1))
		if [ $i -gt $(($3 * 5)) ]; then
			not_ok "$4 (no '$2' after $3 s)"
			return 1
		fi
		sleep 0.2
	done
	ok "$4"
}

s2h_load delay_sec=8 || exit 1
swap_on
mkdir -p $DIR

check "metrics $DIR before the cycle" s2hctl metrics $DIR
is "$(metric s2h_suspends_total $DIR/s2h.prom)" 0 "before: s2h_suspends_total 0"
is "$(metric s2h_hibernations_total $DIR/s2h.prom)" 0 "before: s2h_hibernations_total 0"
is "$(metric s2h_suspend_to_hibernation_seconds_count $DIR/s2h.prom)" 0 \
	"before: the histogram is empty"
is "$(metric s2h_hibernation_available $DIR/s2h.prom)" 1 \
	"s2h_hibernation_available 1: swap and resume device set"

# The agent as s2h-agent.service runs it, on a directory not there yet.
s2hctl agent --metrics $AGENT_DIR >/tmp/agent.log 2>&1 &
agent=$!
wait_line /tmp/agent.log "no directory $AGENT_DIR" 10 "agent: says that $AGENT_DIR is missing"
mkdir $AGENT_DIR

host expect-poweroff 90
suspend_mem

# Still boot 1 until the image is written; then boot 2, resumed.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
wait_for $S2H/state idle 30 "state back to idle"

wait_metric $AGENT_DIR/s2h.prom s2h_resumes_from_hibernation_total 1 30 \
	"agent: rewrote $AGENT_DIR/s2h.prom after the cycle, once the directory appeared"
is "$(metric s2h_hibernations_total $AGENT_DIR/s2h.prom)" 1 "agent's file: one hibernation"
is "$(grep -c 'no directory' /tmp/agent.log)" 1 "agent: the missing directory said once"
check "agent: still listening" kill -0 $agent
while read -r line; do diag "agent: $line"; done </tmp/agent.log

check "metrics $DIR after the cycle" s2hctl metrics $DIR
P=$DIR/s2h.prom
is "$(metric s2h_suspends_total $P)" 1 "after: s2h_suspends_total 1"
is "$(metric 's2h_wakes_total{kind="alarm"}' $P)" 1 "after: the alarm's wake counted"
is "$(metric 's2h_wakes_total{kind="early"}' $P)" 0 "after: no early wake"
is "$(metric s2h_hibernations_total $P)" 1 "after: s2h_hibernations_total 1"
is "$(metric s2h_resumes_from_hibernation_total $P)" 1 "after: one resume from hibernation"
is "$(metric s2h_hibernate_failures_total $P)" 0 "after: no failure"
is "$(metric s2h_last_cycle_start_timestamp_seconds $P)" "$(cat $S2H/last_cycle/suspended_at)" \
	"the last cycle's start is last_cycle/suspended_at"
is "$(metric 's2h_suspend_to_hibernation_seconds_bucket{le="+Inf"}' $P)" 1 \
	"the histogram holds the cycle"
is "$(metric s2h_suspend_to_hibernation_seconds_count $P)" 1 "the histogram's count is 1"
expect=$(($(cat $S2H/last_cycle/woke_at) - $(cat $S2H/last_cycle/suspended_at)))
is "$(metric s2h_suspend_to_hibernation_seconds_sum $P)" "$expect" \
	"its sum is woke_at - suspended_at ($expect s, delay_sec 8)"
check "8 s asleep, so at least that ($expect s)" test "$expect" -ge 7
is "$(metric 's2h_suspend_to_hibernation_seconds_bucket{le="1800"}' $P)" 1 \
	"under half an hour: counted in le=1800"
is "$(ls $DIR)" s2h.prom "no temporary file left in $DIR"
check "metrics on stdout is the file's text" sh -c "s2hctl metrics | cmp -s - $P"
diag "$(grep -v '^#' $P | tr '\n' ' ')"

host_file s2h.prom $P
host scrape-metrics
kill $agent
done_testing
