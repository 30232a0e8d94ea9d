#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Run every test suite (or the quick subset) and close with one line
# "N passed, N failed" summing them all. Each suite prints TAP and its own
# summary, shown here as a comment.
#
# Usage: scripts/check.sh KVER full|quick
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
kver=$1
mode=$2
passed=0
failed=0
start=$(date +%s)

# run_suite NAME COMMAND...: show its output, add its summary to the totals.
run_suite()
{
	name=$1
	shift
	log=$(mktemp)
	echo "# suite $name"
	"$@" 2>&1 | tee "$log" | sed -E 's/^([0-9]+ passed, [0-9]+ failed)$/# '"$name"': \1/'
	summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	rm -f "$log"
	if [ -z "$summary" ]; then
		echo "not ok - suite $name ended without a summary"
		failed=$((failed + 1))
		return
	fi
	passed=$((passed + ${summary%% passed*}))
	summary=${summary#*passed, }
	failed=$((failed + ${summary%% failed*}))
}

build_module()
{
	make -C "$top" --no-print-directory module KVER="$kver" >/dev/null
}

if ! build_module; then
	echo "not ok - build s2h.ko for $kver"
	echo "0 passed, 1 failed"
	exit 1
fi

run_suite lint "$top/scripts/lint.sh" "$kver"
run_suite spec python3 "$top/scripts/spec-check.py"
if make -C "$top" --no-print-directory tools >/dev/null; then
	run_suite s2hctl-parse "$top/tools/s2hctl/test-parse"
	run_suite s2hctl-cli "$top/tools/s2hctl/test-cli.sh" "$top/tools/s2hctl/s2hctl"
else
	echo "not ok - build s2hctl"
	failed=$((failed + 1))
fi
if [ "$mode" = full ]; then
	run_suite dkms "$top/scripts/dkms-check.sh" "$kver"
	run_suite vm env KVER="$kver" S2H_KO="$top/module/s2h.ko" "$top/selftests/vm/run-tests.sh"
else
	run_suite vm env KVER="$kver" S2H_KO="$top/module/s2h.ko" \
		"$top/selftests/vm/run-tests.sh" sysfs early-wake
fi

echo "# make check-$mode took $(($(date +%s) - start)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
