# SPDX-License-Identifier: GPL-2.0
#
# Hibernation fails at every try (the fake module fails it from a PM
# notifier, as a driver that refuses to freeze would). With retries=2, s2h
# goes back to sleep with its alarm armed twice, each time for longer, then
# with the last resort's hourly battery check (battery_critical, on by
# default, the fake battery at 50 % on mains: nothing to do), and the
# machine sleeps on until the host wakes it: never left running, never
# another hibernation.
set -u
. /lib/s2h/lib.sh

fake_power_load fail_hibernations=3 || exit 1
s2h_load delay_sec=8 retries=2 || exit 1
swap_on
host expect-resuspend 60
host expect-resuspend 60
host expect-resuspend 60
host stay-suspended 20
host wake-after 0
suspend_mem

wait_for $S2H/state idle 10 "state is idle"
is_stat hibernations 3
is_stat hibernate_failures 3
is_stat hibernate_retries 2
is_stat resuspends 3
is_stat alarm_wakes 3
is_stat early_wakes 1
is_stat power_offs 0
is_stat suspends 4
check "the second retry waited 16 s" sh -c 'dmesg | grep -q "next try in 16 s"'
check "the last failure left the last resort's check" \
	sh -c 'dmesg | grep -q "going back to sleep, watching the battery every 3600 s for the last resort"'
s2hctl show >/tmp/show.txt 2>&1
diag "$(grep -A1 decision /tmp/show.txt)"
check "show says the last hibernation failed, with the error's name" \
	grep -q "^  decision         hibernate, failed: .* (E[A-Z0-9]*)$" /tmp/show.txt
check "... EIO, as the fake module failed it" grep -q "failed: .* (EIO)$" /tmp/show.txt
check "... and a hint for EIO: the kernel's log" \
	grep -q "^  hint             writing the image to swap failed: journalctl" /tmp/show.txt
diag_stats
done_testing
