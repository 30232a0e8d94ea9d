# SPDX-License-Identifier: GPL-2.0
#
# A key pressed just before s2h's alarm is due, in the window in which a
# wake with no other word is taken for the alarm's by its timing (from
# S2H_RTC_EARLY_MS, 2 s, before the due time): the user is back, and the
# system must not hibernate under them. QEMU wakes the guest from S3 on a
# key as the ACPI power button: with button.ko its input device names the
# wake; with the driver removed, the button's wakeup source is still
# signalled (acpi_pm_finish()), and s2h knows it by the button's ACPI id.
#
# Where the key lands: the RTC counts whole seconds, so the alarm rings
# between 2 and 1 s before it is due, and timekeeping advances boottime
# across S3 by the RTC's whole seconds. The guest suspends just after the
# RTC's second turns: then the RTC rings about 1 s before the due time,
# and a key in the second before that is measured 2 s before it plus the
# time to suspend and resume - in the window. The host presses it that
# long after QEMU entered S3 (key-at), and fails if the RTC woke the guest
# first; the wake's own line says it came in the window.
set -u
. /lib/s2h/lib.sh

DELAY=10
KEY_AT=8.3

# Suspend just after the RTC's second turns.
suspend_on_tick()
{
	local t0

	diag "suspending on the RTC's next second"
	t0=$(cat /sys/class/rtc/rtc0/since_epoch)
	while [ "$(cat /sys/class/rtc/rtc0/since_epoch)" = "$t0" ]; do :; done
	echo mem >/sys/power/state
}

# wake_line N: s2h's line of the wake after the first N.
wake_line()
{
	local i=0 line

	while [ $i -le 50 ]; do
		line=$(dmesg | grep "$WAKE_LINE" | sed -n "$(($1 + 1))p")
		[ -n "$line" ] && break
		i=$((i + 1))
		sleep 0.2
	done
	echo "$line"
}

# key_before_alarm DESC EARLY: a key KEY_AT s into S3, the alarm due at
# DELAY s; EARLY is early_wakes once it is told.
key_before_alarm()
{
	local seen line elapsed

	seen=$(wakes_logged)
	host key-at $KEY_AT
	suspend_on_tick
	line=$(wake_line "$seen")
	diag "$line"
	elapsed=$(echo "$line" | sed -n 's/.* wake after \([0-9]*\) ms.*/\1/p')
	check "$1: the key came in the alarm's window (${elapsed:-no} ms, due at $DELAY s)" \
		test "${elapsed:-0}" -ge $((DELAY * 1000 - 2000)) -a "${elapsed:-0}" -lt $((DELAY * 1000))
	wait_for $S2H/stats/early_wakes "$2" 10 "$1: the wake is early, the user's"
	is_file $S2H/last_wake early "$1: last_wake is early"
	is_file $S2H/last_cycle/wake_source LNXPWRBN:00 "$1: last_cycle names the power button"
	check "$1: s2hctl show names it" \
		sh -c "s2hctl show | grep -q 'woke at .*(early, by LNXPWRBN:00'"
}

check "button.ko is loaded (guest/init)" test -d /sys/module/button
s2h_load delay_sec=$DELAY || exit 1
swap_on

key_before_alarm "button.ko" 1
check "rmmod button" rmmod button
key_before_alarm "no button.ko" 2

is_stat hibernations 0
is_stat alarm_wakes 0
is_stat other_wakes 0
host_check expect-running
diag_stats
done_testing
