# SPDX-License-Identifier: GPL-2.0
#
# syslib.sh - guest helpers of the system tests (bash), sourced by the
# agent after selftests/vm/guest/lib.sh (ok, is, check, wait_for, host, ...).

# The step of this scenario's next boot (the scenarios start from the
# disk the install step left).
STEP_FILE=/var/lib/s2h-test/$SCENARIO.step
mkdir -p /var/lib/s2h-test

next_step()
{
	mkdir -p "${STEP_FILE%/*}"
	echo "$1" >"$STEP_FILE"
	sync
}

# reboot_into STEP: reboot as a user does, STEP runs at the next boot.
reboot_into()
{
	next_step "$1"
	host expect-reboot 900
	diag "systemctl reboot"
	systemctl reboot
	sleep infinity
}

# The scenario is over: tell the host and power off.
finish()
{
	next_step finished
	done_testing
	sleep 1
	systemctl poweroff
	sleep infinity
}

step_finished()
{
	not_ok "a boot after the scenario had finished"
	finish
}

# run_diag CMD...: run CMD, its output as TAP comments; CMD's status.
run_diag()
{
	local out status=0

	out=$("$@" 2>&1) || status=$?
	printf '%s\n' "$out" | while IFS= read -r line; do diag "  $line"; done
	return $status
}

# s2h_check_is STATUS DESC: "s2hctl check" exits with STATUS (0: every
# check passes); its lines as comments.
s2h_check_is()
{
	local status=0

	run_diag s2hctl check || status=$?
	is "$status" "$1" "$2"
}

# check_has TEXT DESC CMD...: CMD's output holds TEXT (a grep ERE).
check_has()
{
	local text=$1 desc=$2 out

	shift 2
	out=$("$@" 2>&1)
	if printf '%s\n' "$out" | grep -qE -- "$text"; then
		ok "$desc"
	else
		not_ok "$desc"
		printf '%s\n' "$out" | while IFS= read -r line; do diag "  $line"; done
		return 1
	fi
}

# MAJ:MIN of a block device node.
dev_number()
{
	local dev

	dev=$(readlink -f "$1") || return 1
	printf '%d:%d\n' "0x$(stat -c %t "$dev")" "0x$(stat -c %T "$dev")"
}

# The session that must survive: a process with a value in its memory
# only (it writes it out on SIGUSR1) and a file in tmpfs.  A fresh boot
# has neither.
session_start()
{
	SESSION_VALUE=$(cat /proc/sys/kernel/random/uuid)
	SESSION_BOOT_ID=$(cat /proc/sys/kernel/random/boot_id)
	echo "$SESSION_VALUE" >/dev/shm/s2h-session
	rm -f /dev/shm/s2h-answer
	S2H_VALUE=$SESSION_VALUE setsid bash -c 'v=$S2H_VALUE
		unset S2H_VALUE
		trap "echo \$v >/dev/shm/s2h-answer" USR1
		while :; do sleep 1 & wait $!; done' </dev/null >/dev/null 2>&1 &
	SESSION_PID=$!
	diag "session: pid $SESSION_PID holds $SESSION_VALUE, boot_id $SESSION_BOOT_ID"
}

session_answer()
{
	[ -s /dev/shm/s2h-answer ]
}

session_check()
{
	local i

	is "$(cat /proc/sys/kernel/random/boot_id)" "$SESSION_BOOT_ID" \
		"same boot_id: this session resumed, no fresh boot"
	check "the process started before the suspend still runs" kill -0 "$SESSION_PID" || return 1
	kill -USR1 "$SESSION_PID"
	for i in $(seq 50); do
		session_answer && break
		sleep 0.1
	done
	is "$(cat /dev/shm/s2h-answer 2>&1)" "$SESSION_VALUE" "the value in its memory is intact"
	is "$(cat /dev/shm/s2h-session 2>&1)" "$SESSION_VALUE" "the tmpfs file is intact"
}

# s2h_cycle DELAY [N]: the whole cycle of a user's laptop, over two boots:
# systemctl suspend, s2h's alarm wakes the machine after DELAY seconds,
# s2h hibernates it, it powers off; the host boots it again (firmware,
# shim, GRUB, kernel, initramfs-tools resumes the image) and this
# function goes on in the resumed session.  N: the how-manyth cycle of
# this boot (default 1), for the counters.
s2h_cycle()
{
	local delay=$1 n=${2:-1}

	check "s2hctl set delay ${delay}s" s2hctl set delay "${delay}s"
	s2h_check_is 0 "s2hctl check: every check passes before the suspend"
	session_start
	host expect-poweroff 1200
	diag "systemctl suspend"
	check "systemctl suspend" systemctl suspend
	# Boot 1 until the image is written; the host boots the machine again.
	wait_for "$S2H/stats/resumes_from_hibernation" "$n" 900 "resumed from hibernation" || {
		diag_stats
		return 1
	}
	session_check
	is_stat alarm_wakes "$n"
	is_stat hibernations "$n"
	is_stat hibernate_failures 0
	is_file "$S2H/last_wake" alarm "last_wake is alarm"
	check_has "decision +hibernate, ok" "s2hctl show reports the cycle: alarm wake, hibernated" s2hctl show
	check_has "woke at .*\(alarm[,)]" "s2hctl show: woke by the alarm" s2hctl show
	run_diag s2hctl show
	check_has "System Suspend" "the suspend went through systemd (systemd-suspend.service)" \
		journalctl -b -u systemd-suspend.service
	run_diag sh -c 'dmesg | grep -E "s2h|PM: suspend|hibernation (entry|exit)|Image"'
}
