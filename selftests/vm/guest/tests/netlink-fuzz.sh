# SPDX-License-Identifier: GPL-2.0
#
# Malformed and randomly mutated netlink messages (s2h-nltest fuzz: GET,
# SET, and the dump of a history of three cycles): each is
# refused and leaves the settings as they were, or was valid and applied as
# sent, and a GET after each has the settings sysfs has; the module answers
# afterwards and the host finds no splat. Then
# s2h-nltest bench: GET and SET round trips per second next to sysfs reads.
# Needs /bin/s2h-nltest (static) in the initramfs. The fuzzing's seed is
# printed first; VM_APPEND_EXTRA=S2H_FUZZ_SEED=N (the kernel hands it to
# /init's environment) replays that run.
set -u
. /lib/s2h/lib.sh

# nltest ARGS...: run s2h-nltest, relaying its "ok - "/"not ok - "/"# "
# lines as TAP as they come; its exit status comes last, down the same
# pipe. A run that ends non-zero with no "not ok" of its own (a crash, a
# kill) is one.
nltest()
{
	{ s2h-nltest "$@"; echo "exit status $?"; } | {
		failed=0
		while IFS= read -r line; do
			case $line in
			"exit status 0") ;;
			"exit status "*)
				[ $failed = 1 ] ||
					not_ok "s2h-nltest $* exited with status ${line#exit status }" ;;
			"not ok - "*)
				failed=1
				tap "$line" ;;
			*)
				tap "$line" ;;
			esac
		done
	}
}

check "s2h-nltest is in the initramfs" test -x /bin/s2h-nltest || { done_testing; exit 1; }
s2h_load delay_sec=600 || exit 1
# Cycles in the history, for the mutated dumps to send.
swap_on
echo core >/sys/power/pm_test
for i in 1 2 3; do
	echo mem >/sys/power/state
done
echo none >/sys/power/pm_test
is_file $S2H/last_cycle/seq 3 "three cycles in the history"
before="$(cat $S2H/enabled) $(cat $S2H/delay_sec)"
nltest fuzz "${S2H_FUZZ_ROUNDS:-3000}" ${S2H_FUZZ_SEED:-}
is "$(cat $S2H/enabled) $(cat $S2H/delay_sec)" "$before" "settings after the fuzzing as before"
is_file $S2H/state idle "state still idle"
nltest bench "${S2H_BENCH_ROUNDS:-2000}"
s2h_unload
s2h_load
done_testing
