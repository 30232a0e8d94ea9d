# SPDX-License-Identifier: GPL-2.0
#
# A key pressed just before s2h's alarm is due, in the window in which a
# wake with no other word is taken for the alarm's by its timing (from
# S2H_RTC_EARLY_MS, 2 s, before the due time): the user is back, and the
# system must not hibernate under them. QEMU wakes the guest from S3 on a
# key as the ACPI power button: with its driver its input device names the
# wake; with the driver unbound, the button's wakeup source is still
# signalled (acpi_pm_finish()), and s2h knows it by the button's ACPI id;
# with no wakeup source for it at all, an RTC seen to count its wakes says
# by its silence that it did not ring.
#
# Where the key lands: the RTC counts whole seconds, so the alarm rings
# between 2 and 1 s before it is due; the guest arms just after the RTC's
# second turns, and then it rings 1 s before the due time, as the RTC's
# ninth second turns (due at 10 s). Timekeeping measures S3 by the RTC's
# whole seconds too, minus the system clock's offset from the RTC (6.1's
# timekeeping_suspend() keeps that offset constant, and a boot sets it at
# random): with the clock set 0.9 s behind the RTC, a wake whose resume
# reads the RTC in its eighth second is measured 1.1 s before the due time,
# less the time from the tick to the arming (0.2 to 0.5 s under TCG), plus
# the resume's: in the window, which opens 2 s before. So the key lands
# early in that second, and the resume reads the RTC before it turns: the
# guest asks for the key as the second turns, just before it suspends, and
# the host presses it KEY_AT s after that request (key-at-tick), whatever
# the suspend took (0.05 s on Debian's kernel, 0.9 s under KASAN, where a
# key timed from QEMU's entry to S3 came with the alarm). The host fails
# the check if the RTC woke the guest first; the wake's own line says
# s2h took it in the window.
set -u
. /lib/s2h/lib.sh

DELAY=10
KEY_AT=8.3

# wait_tick: wait until the RTC's second turns; prints the new second. The
# shell's own read, no cat per look: with hundreds of forks just before
# the suspend, 6.1 twice warned in its resume (a new slab's random
# freelist in syscore_resume: ktime_get_seconds() while timekeeping is
# suspended, in the first 120 s of uptime; the kernel's, not s2h's).
wait_tick()
{
	local t0 t

	read -r t0 </sys/class/rtc/rtc0/since_epoch
	t=$t0
	while [ "$t" = "$t0" ]; do
		read -r t </sys/class/rtc/rtc0/since_epoch
	done
	echo "$t"
}

# The system clock 0.9 s behind the RTC.
clock_behind_rtc()
{
	local t

	t=$(wait_tick)
	sleep 0.9
	date -s "@$t" >/dev/null
}

# suspend_on_tick KEY_AT: suspend just after the RTC's second turns, the
# clock 0.9 s behind it (each resume leaves it behind by the phase of the
# wake), a key due KEY_AT s after that turn.
suspend_on_tick()
{
	diag "suspending on the RTC's next second"
	clock_behind_rtc
	wait_tick >/dev/null
	host key-at-tick "$1"
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

# key_before_alarm DESC DUE AT WAKE N: a key AT s into S3, the alarm due
# at DUE s; the wake is WAKE, the N-th of its kind.
key_before_alarm()
{
	local seen line elapsed

	seen=$(wakes_logged)
	suspend_on_tick "$3"
	line=$(wake_line "$seen")
	diag "$line"
	elapsed=$(echo "$line" | sed -n 's/.* wake after \([0-9]*\) ms.*/\1/p')
	# The host's check says the key came before the alarm rang; elapsed
	# counts the suspend and the resume around S3 too (1.3 s under KASAN),
	# which can take it past the due time.
	check "$1: s2h took the wake in the alarm's window (${elapsed:-no} ms, due at $2 s)" \
		test "${elapsed:-0}" -ge $(($2 * 1000 - 2000))
	check "$1: the alarm was due at $2 s" sh -c 'echo "$1" | grep -q " alarm due at $2 s "' - \
		"$line" "$2"
	wait_for "$S2H/stats/$4_wakes" "$5" 10 "$1: the wake is $4"
	is_file $S2H/last_wake "$4" "$1: last_wake is $4"
}

# key_by_button DESC N: the N-th key before the alarm, named by the power button.
key_by_button()
{
	key_before_alarm "$1" $DELAY $KEY_AT early "$2"
	is_file $S2H/last_cycle/wake_source LNXPWRBN:00 "$1: last_cycle names the power button"
	check "$1: s2hctl show names it" \
		sh -c "s2hctl show | grep -q 'woke at .*(early, by LNXPWRBN:00'"
}

check "the ACPI button driver (button.ko, or built in)" button_driver || exit 1
s2h_load delay_sec=$DELAY || exit 1
swap_on

key_by_button "button driver" 1
# Unbound rather than unloaded: the debug kernel builds the driver in.
check "the button driver unbound" \
	sh -c 'echo LNXPWRBN:00 >/sys/bus/acpi/drivers/button/unbind'
key_by_button "no button driver" 2

# No wakeup source for the button at all, as where no driver ever made
# one: nothing names the key, but the RTC's silence does, once the RTC was
# seen to count a wake from S3 - here another RTC alarm's (wakealarm), an
# other wake, after which s2h keeps the deadline: the next alarm comes
# after the floor's 30 s (S2H_ALARM_FLOOR_SEC).
echo disabled >/sys/devices/LNXSYSTM:00/LNXPWRBN:00/power/wakeup
is_file /sys/devices/LNXSYSTM:00/LNXPWRBN:00/power/wakeup_count "" \
	"the power button has no wakeup source left"
echo 0 >/sys/class/rtc/rtc0/wakealarm
echo +5 >/sys/class/rtc/rtc0/wakealarm
host stay-suspended 2
suspend_mem
wait_for $S2H/stats/other_wakes 1 10 "another RTC alarm: an other wake, the RTC counted it"
key_before_alarm "no wakeup source" 30 28.3 other 2
check "no wakeup source: the RTC that counts was silent" \
	sh -c 'dmesg | grep "$1" | tail -n 1 | grep -q "rtc silent (it counts)"' - "$WAKE_LINE"
is_file $S2H/last_cycle/wake_source "" "no wakeup source: none named"

is_stat hibernations 0
is_stat alarm_wakes 0
is_stat early_wakes 2
host_check expect-running
diag_stats
done_testing
