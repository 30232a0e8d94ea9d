# SPDX-License-Identifier: GPL-2.0
# TAP helpers for the host-side checks, sourced.

tap_n=0
tap_failed=0
tap_skipped=0

# tap_result STATUS DESCRIPTION: one TAP line from a command's exit status.
tap_result()
{
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

# tap_skip DESCRIPTION REASON: a check not made; make check fails it
# unless selftests/expected-skips lists it.
tap_skip()
{
	tap_n=$((tap_n + 1))
	tap_skipped=$((tap_skipped + 1))
	echo "ok $tap_n - $1 # SKIP $2"
}

# tap_run DESCRIPTION COMMAND...: run it, show its output as comments on failure.
tap_run()
{
	desc=$1
	shift
	out=$("$@" 2>&1) && status=0 || status=$?
	tap_result $status "$desc"
	[ $status -eq 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
}

# tap_setup DESCRIPTION COMMAND...: a step the checks need, not a check:
# nothing when it works; when it fails, a "not ok", the summary, the end.
tap_setup()
{
	desc=$1
	shift
	out=$("$@" 2>&1) && return
	tap_result 1 "$desc"
	printf '%s\n' "$out" | sed 's/^/# /'
	echo "Bail out! $desc"
	tap_summary
	exit 1
}

# tap_summary: the closing line, and the exit status to go with it.
tap_summary()
{
	echo "1..$tap_n"
	echo "$((tap_n - tap_failed - tap_skipped)) passed, $tap_failed failed, $tap_skipped skipped"
	[ $tap_failed -eq 0 ]
}
