#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# metrics-scrape.sh DIR - the host's half of the metrics VM test: the
# s2h.prom a guest wrote (s2hctl metrics DIR), as Prometheus gets it.
# promtool (Debian's prometheus) checks the file; Debian's
# prometheus-node-exporter, on 127.0.0.1 and a free port with only its
# textfile collector, reads DIR; its scrape must carry every sample of the
# file, with its value, and the series s2hctl(8) lists, and pass promtool
# too. A missing tool fails: nothing here is skipped. TAP, ending in
# "N passed, N failed, N skipped".
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/tap.sh"

dir=${1:?usage: metrics-scrape.sh DIR}
file=$dir/s2h.prom
work=$(mktemp -d)
exporter=
trap 'cleanup' EXIT
cleanup()
{
	[ -z "$exporter" ] || kill "$exporter" 2>/dev/null
	rm -rf "$work"
}

# The families every file has, whatever the machine (a last cycle's
# gauges depend on its battery and kernel: not required).
SERIES="s2h_enabled s2h_verified s2h_wake_verified s2h_hibernation_available s2h_check_failed
	s2h_suspends_total s2h_wakes_total s2h_aborted_suspends_total s2h_dark_wakes_total
	s2h_hibernations_total s2h_hibernate_failures_total s2h_resumes_from_hibernation_total
	s2h_last_cycle_start_timestamp_seconds
	s2h_suspend_to_hibernation_seconds_bucket s2h_suspend_to_hibernation_seconds_sum
	s2h_suspend_to_hibernation_seconds_count"

echo "TAP version 13"
for tool in promtool prometheus-node-exporter curl python3; do
	tap_setup "$tool is installed (scripts/install-deps.sh)" command -v "$tool"
done
tap_setup "$file exists" test -s "$file"

# What s2hctl(8), the README and the unit say: Debian's exporter reads s2h's directory.
debian_dir()
{
	prometheus-node-exporter --help 2>&1 |
		grep -A1 -e '--collector.textfile.directory=' | grep -q '"/var/lib/prometheus/node-exporter"'
}
tap_run "prometheus-node-exporter's textfile directory is /var/lib/prometheus/node-exporter" \
	debian_dir

# promtool prints its lint findings and exits 0 on some: both must be quiet.
promtool_clean()
{
	out=$(promtool check metrics <"$1" 2>&1) || { printf '%s\n' "$out"; return 1; }
	[ -z "$out" ] || { printf '%s\n' "$out"; return 1; }
}
tap_run "promtool check metrics: s2h.prom is clean" promtool_clean "$file"

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
prometheus-node-exporter --web.listen-address="127.0.0.1:$port" \
	--collector.disable-defaults --collector.textfile \
	--collector.textfile.directory="$dir" >"$work/exporter.log" 2>&1 &
exporter=$!

scrape()
{
	curl -sf "http://127.0.0.1:$port/metrics" >"$work/scrape"
}

# Up within 20 s.
scraped()
{
	i=0
	while [ $i -lt 100 ]; do
		scrape && return 0
		kill -0 "$exporter" 2>/dev/null || break
		sleep 0.2
		i=$((i + 1))
	done
	cat "$work/exporter.log"
	return 1
}
tap_setup "node_exporter on 127.0.0.1:$port answers a scrape" scraped
tap_run "node_exporter read the file without an error (node_textfile_scrape_error 0)" \
	grep -qx 'node_textfile_scrape_error 0' "$work/scrape"

# Every sample of the file, NAME{LABELS} VALUE, is in the scrape with the
# same value (node_exporter writes 1.7e+09 for 1700000000: numbers compared).
same_samples()
{
	grep -v '^#' "$file" >"$work/samples"
	awk 'NR == FNR { if ($0 !~ /^#/) got[$1] = $2; next }
		!($1 in got) { print "missing: " $0; bad = 1; next }
		got[$1] + 0 != $2 + 0 { print "differs: " $0 " scraped as " got[$1]; bad = 1 }
		END { exit bad }' "$work/scrape" "$work/samples"
}
tap_run "the scrape has every sample of the file, with its value" same_samples

has_series()
{
	missing=
	for s in $SERIES; do
		grep -qE "^$s(\{| )" "$work/scrape" || missing="$missing $s"
	done
	[ -z "$missing" ] || { echo "missing:$missing"; return 1; }
}
tap_run "the scrape has the s2h series of s2hctl(8)" has_series
tap_run "promtool check metrics: the whole scrape is clean" promtool_clean "$work/scrape"
tap_summary
