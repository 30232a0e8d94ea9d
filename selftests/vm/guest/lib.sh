# SPDX-License-Identifier: GPL-2.0
#
# Guest-side helpers for the s2h VM tests (busybox sh), sourced by /init and
# every test.  TAP lines and host requests ("S2H-HOST: <verb> <args>", see
# vm.sh) go to fd 3, which /init opened on ttyS1; each is echoed to the
# console too, so a failing test's console log reads in order.  The host
# numbers the TAP lines.

S2H=/sys/power/s2h
S2H_KO=/lib/modules/s2h.ko
S2H_STATS="suspends alarm_wakes early_wakes aborted hibernations hibernate_failures resumes_from_hibernation resuspends not_armed dark_wakes battery_hibernations hibernate_retries other_wakes sleep_failures cancelled handoffs handoff_fallbacks drain_hibernations power_offs thermal_hibernations no_hw_sleep_hibernations hibernations_undone"

tap()
{
	printf '%s\n' "$*" >&3
	printf '%s\n' "$*"
}

ok()
{
	tap "ok - $*"
}

not_ok()
{
	tap "not ok - $*"
}

# skip DESC REASON
skip()
{
	tap "ok - $1 # SKIP $2"
}

diag()
{
	tap "# $*"
}

# Ask the host to act (verbs in vm.sh); it carries the requests out in
# order, so a test asks for everything before it suspends.
host()
{
	tap "S2H-HOST: $*"
}

# host_check VERB [ARGS]: a host check of the system as it is now.  We
# stay up a while, as the host polls our requests every 0.2 s.
host_check()
{
	host "$@"
	sleep 3
}

# The test ran to its end; the host fails a test that never says so.
done_testing()
{
	host "done"
}

# check DESC CMD...: pass when CMD succeeds; returns CMD's verdict.
check()
{
	local desc=$1

	shift
	if "$@"; then
		ok "$desc"
	else
		not_ok "$desc"
		return 1
	fi
}

# is ACTUAL EXPECTED DESC
is()
{
	if [ "$1" = "$2" ]; then
		ok "$3"
	else
		not_ok "$3 (got '$1', expected '$2')"
	fi
}

# is_file FILE EXPECTED DESC
is_file()
{
	is "$(cat "$1" 2>&1)" "$2" "$3"
}

# is_stat NAME EXPECTED: one of $S2H/stats/.
is_stat()
{
	is_file "$S2H/stats/$1" "$2" "stats/$1 is $2"
}

# s2huser, uid 1000: a user the kernel sees as non-root, for busybox su.
unprivileged_user()
{
	grep -q '^s2huser:' /etc/passwd 2>/dev/null && return
	printf '%s\n' 'root:x:0:0::/:/bin/sh' 's2huser:x:1000:1000::/tmp:/bin/sh' >/etc/passwd
	printf '%s\n' 'root:x:0:' 's2huser:x:1000:' >/etc/group
}

# The text busybox sh prints for an errno.
errno_text()
{
	case $1 in
	EINVAL)	echo "Invalid argument" ;;
	ERANGE)	echo "Numerical result out of range" ;;
	EACCES)	echo "Permission denied" ;;
	*)	echo "unknown errno $1" ;;
	esac
}

# s2huser, uid 1000: a user the kernel sees as non-root, for busybox su.
add_user()
{
	grep -q '^s2huser:' /etc/passwd 2>/dev/null && return
	printf '%s\n' 'root:x:0:0::/:/bin/sh' 's2huser:x:1000:1000::/tmp:/bin/sh' >/etc/passwd
	printf '%s\n' 'root:x:0:' 's2huser:x:1000:' >/etc/group
}

# write_as USER FILE VALUE: "echo VALUE > FILE", as root or as USER;
# prints the shell's error message, succeeds when the write did.
write_as()
{
	if [ "$1" = root ]; then
		( echo "$3" >"$2" ) 2>&1
	else
		su -s /bin/sh "$1" -c "echo '$3' >'$2'" 2>&1
	fi
}

# write_ok FILE VALUE EXPECTED: the write succeeds and reads back EXPECTED.
write_ok()
{
	local err

	if err=$(write_as root "$1" "$2"); then
		is_file "$1" "$3" "${1#$S2H/} accepts '$2', reads back '$3'"
	else
		not_ok "${1#$S2H/} accepts '$2' (write failed: $err)"
	fi
}

# write_refused ERRNO FILE VALUE [USER] [KEEP]: the write fails with ERRNO;
# with KEEP, the file reads the same after it (a setting kept its value).
write_refused()
{
	local errno=$1 file=$2 value=$3 user=${4:-root} keep=${5:-} before err after
	local desc="${file#$S2H/} rejects '$value' with $errno"

	[ "$user" = root ] || desc="$desc for user $user"
	before=$(cat "$file" 2>&1)
	if err=$(write_as "$user" "$file" "$value"); then
		not_ok "$desc (the write succeeded)"
		return
	fi
	case $err in
	*"$(errno_text "$errno")"*)
		;;
	*)
		not_ok "$desc (got: $err)"
		return ;;
	esac
	if [ -z "$keep" ]; then
		ok "$desc"
		return
	fi
	after=$(cat "$file" 2>&1)
	is "$after" "$before" "$desc, keeps '$before'"
}

# write_fails ERRNO FILE VALUE [USER]: the write fails with ERRNO and the
# setting keeps its value.
write_fails()
{
	write_refused "$1" "$2" "$3" "${4:-root}" keep
}

# wait_for FILE VALUE TIMEOUT DESC: poll FILE until it reads VALUE.
wait_for()
{
	local i=0 limit=$(($3 * 5))

	while [ "$(cat "$1" 2>&1)" != "$2" ]; do
		i=$((i + 1))
		if [ $i -gt $limit ]; then
			not_ok "$4 (still '$(cat "$1" 2>&1)' after $3 s)"
			return 1
		fi
		sleep 0.2
	done
	ok "$4"
}

# s2h's line of a wake of an armed suspend in the kernel log; the helpers
# below wait for it (10 s at most) rather than race the resume's end.
WAKE_LINE='s2h: [a-z]* wake after'

# log_has DESC PATTERN: pass when a line of the kernel log matches PATTERN.
log_has()
{
	local i=0

	until dmesg | grep -q "$2"; do
		i=$((i + 1))
		if [ $i -gt 50 ]; then
			not_ok "$1 (no line '$2' in the kernel log)"
			return 1
		fi
		sleep 0.2
	done
	ok "$1"
}

# wakes_logged: how many wake lines s2h wrote so far; for due_after.
wakes_logged()
{
	dmesg | grep -c "$WAKE_LINE"
}

# due_after N: the alarm's delay, in s, of the wake told by the line after
# the first N: what that suspend was armed for. Empty when none came.
due_after()
{
	local i=0 line

	while [ $i -le 50 ]; do
		line=$(dmesg | grep "$WAKE_LINE" | sed -n "$(($1 + 1))p")
		if [ -n "$line" ]; then
			echo "$line" | sed -n 's/.* alarm due at \([0-9]*\) s .*/\1/p'
			return
		fi
		i=$((i + 1))
		sleep 0.2
	done
}

# s2h_load [PARAM=VALUE...]: insmod s2h.ko, one TAP line.
s2h_load()
{
	check "insmod s2h.ko${*:+ $*}" insmod "$S2H_KO" "$@"
}

# The fake battery, mains and hibernation faults of selftests/fake-power.
FAKE=/sys/module/s2h_fake_power/parameters
fake_power_load()
{
	check "insmod s2h_fake_power.ko${*:+ $*}" insmod /lib/modules/s2h_fake_power.ko "$@"
}

# Wakeup events and a slow device at the points of a sleep (s2h_fake_fault).
FAULT=/sys/module/s2h_fake_fault/parameters
fault_load()
{
	check "insmod s2h_fake_fault.ko${*:+ $*}" insmod /lib/modules/s2h_fake_fault.ko "$@"
}

s2h_unload()
{
	check "rmmod s2h" rmmod s2h
}

# fs_load: the modules of ext2 the harness put in /lib/modules/fs/, in
# order; succeeds when the kernel then mounts ext2 (the debug kernel has
# no module and no ext2 built in).
fs_load()
{
	local ko

	for ko in /lib/modules/fs/*.ko; do
		[ -e "$ko" ] || continue
		insmod "$ko" || diag "insmod $ko failed"
	done
	grep -qw ext2 /proc/filesystems
}

# Swap on the virtio disk, hibernation powering off at the end.
swap_on()
{
	check "swap on /dev/vda" sh -c 'mkswap /dev/vda >/dev/null && swapon /dev/vda'
	# The resume device, as resume= sets it at boot: s2h arms only with one.
	cat /sys/block/vda/dev >/sys/power/resume
	echo shutdown >/sys/power/disk
}

# Enter S3; returns when the system runs again.
suspend_mem()
{
	diag "suspending"
	echo mem >/sys/power/state
}

# The ACPI button driver, for the power button's wake from s2idle: built in
# (the debug kernel) or button.ko, loaded by guest/init. A button.ko that
# did not load is a failure besides.
button_driver()
{
	[ -d /sys/bus/acpi/drivers/button ] && return
	[ ! -e /lib/modules/button.ko ] || not_ok "button.ko is loaded (guest/init)"
	return 1
}

# All counters on one comment line, for the log.
diag_stats()
{
	local s line=

	for s in $S2H_STATS; do
		line="$line $s=$(cat "$S2H/stats/$s" 2>&1)"
	done
	diag "state=$(cat $S2H/state) last_wake=$(cat $S2H/last_wake)$line"
}

# host_file NAME FILE: hand FILE to the host, one "S2H-FILE: NAME LINE" a
# line on the TAP channel (not echoed to the console); the host keeps it
# as NAME for a later request's checks (vm.sh: scrape-metrics, render-report).
host_file()
{
	local line

	while IFS= read -r line; do
		printf 'S2H-FILE: %s %s\n' "$1" "$line" >&3
	done <"$2"
}

# The record of the cycles (s2hctl agent), for the tests of it: REC is the
# file, in the S2H_STATEDIR the test exports.

# wait_lines N TIMEOUT DESC: until $REC has N lines.
wait_lines()
{
	local i=0

	until [ "$(cat "$REC" 2>/dev/null | wc -l)" -ge "$1" ]; do
		i=$((i + 1))
		if [ $i -gt $(($2 * 5)) ]; then
			not_ok "$3 ($REC has $(cat "$REC" 2>/dev/null | wc -l) lines after $2 s)"
			return 1
		fi
		sleep 0.2
	done
	ok "$3"
}

# agent_start: s2hctl agent as s2h-agent.service runs it, once it listens
# (its log, /tmp/agent.log, says so once per start).
agent_start()
{
	local i=0

	s2hctl agent >>/tmp/agent.log 2>&1 &
	agent=$!
	until [ "$(grep -c 'listening' /tmp/agent.log)" -gt "${agents:-0}" ] || [ $i -gt 50 ]; do
		i=$((i + 1))
		sleep 0.2
	done
	agents=$((${agents:-0} + 1))
}

agent_stop()
{
	kill $agent
	wait $agent 2>/dev/null
}
