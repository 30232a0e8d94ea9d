# SPDX-License-Identifier: GPL-2.0
#
# selftests/s2h, the kselftest layout's ABI tests, run in the guest as
# kselftest's runner runs them: each program's KTAP "ok"/"not ok" lines
# become this test's. Needs /bin/s2h_abi and /bin/s2h_sysfs.sh.
set -u
. /lib/s2h/lib.sh

# relay PROG: its results as ours, a program that skips as a whole ("1..0 #
# SKIP") a skip; its other lines as comments.
relay()
{
	local out status

	out=$("$1" 2>&1)
	status=$?
	printf '%s\n' "$out" | while IFS= read -r line; do
		case $line in
		"ok "*)		ok "$1: ${line#ok }" ;;
		"not ok "*)	not_ok "$1: ${line#not ok }" ;;
		"1..0 # SKIP "*)	skip "$1" "${line#1..0 # SKIP }" ;;
		*)		diag "$line" ;;
		esac
	done
	is "$status" 0 "$1 exits 0"
}

s2h_load || exit 1
relay s2h_abi
relay s2h_sysfs.sh
done_testing
