# SPDX-License-Identifier: GPL-2.0
#
# Scenario 5: systemd's sleep hooks.  A script in
# /usr/lib/systemd/system-sleep/ and three units of the shape of
# nvidia-suspend.service, nvidia-hibernate.service and
# nvidia-resume.service (WantedBy= systemd-suspend.service or
# systemd-hibernate.service, Before= or After= it) log each run.  Shown:
# s2hctl check names the hooks a hibernation that s2h starts in the
# kernel bypasses; such a hibernation runs the suspend's hooks and none of
# the hibernation's; with handoff set, s2h-agent.service hands the
# hibernation to systemctl hibernate and every hook runs, in order; with
# the agent hung (SIGSTOP), s2h hibernates in the kernel once handoff is
# over, and the agent, continued after the resume, leaves the stale
# request alone.

LOG=/var/log/s2h-test-hooks.log
# The same lines, each after the count of resumes from hibernation when it
# ran: whether a suspend's "post" hook ran before s2h's hibernation or
# after the resume.
WHEN=/var/log/s2h-test-hooks.when

install_hooks()
{
	cat >/usr/lib/systemd/system-sleep/s2h-test-hook <<-EOF
	#!/bin/sh
	echo "hook \$1 \$2" >>$LOG
	echo "\$(cat $S2H/stats/resumes_from_hibernation) hook \$1 \$2" >>$WHEN
	EOF
	chmod 755 /usr/lib/systemd/system-sleep/s2h-test-hook
	hook_unit s2h-test-suspend systemd-suspend.service Before suspend
	hook_unit s2h-test-hibernate systemd-hibernate.service Before hibernate
	hook_unit s2h-test-resume systemd-hibernate.service After resume
	systemctl daemon-reload
	check "systemctl enable the three units" \
		systemctl enable s2h-test-suspend.service s2h-test-hibernate.service s2h-test-resume.service
}

# hook_unit NAME SERVICE Before|After WORD
hook_unit()
{
	cat >"/etc/systemd/system/$1.service" <<-EOF
	[Unit]
	Description=s2h test: logs "unit $4" ($3 $2)
	$3=$2

	[Service]
	Type=oneshot
	ExecStart=/bin/sh -c 'echo "unit $4" >>$LOG; echo "\$\$(cat $S2H/stats/resumes_from_hibernation) unit $4" >>$WHEN'

	[Install]
	WantedBy=$2
	EOF
}

wait_log()
{
	grep -qx "$1" "$LOG"
}

# The lines of the hibernation's hooks and units, in the order they ran.
hibernate_hooks()
{
	grep -E 'hibernate|resume' "$LOG" | tr '\n' ','
}

step_start()
{
	local i

	install_hooks
	check_has "^WARN hooks: .*s2h-test-hook" \
		"s2hctl check names the system-sleep hook a kernel hibernation bypasses" s2hctl check
	check_has "^WARN hooks: .*s2h-test-hibernate.service, s2h-test-resume.service" \
		"s2hctl check names the units systemd-hibernate.service wants" s2hctl check
	check_has "set --save handoff 1m - s2h-agent.service then hibernates" \
		"s2hctl check: the fix is handoff" s2hctl check
	: >"$LOG"
	: >"$WHEN"
	s2h_cycle 20 1
	sleep 5
	diag "resumes from hibernation, then the hook or unit that ran:"
	run_diag cat "$WHEN"
	check "suspend: the hook saw 'pre suspend'" grep -qx "hook pre suspend" "$LOG"
	check "suspend: the hook saw 'post suspend'" grep -qx "hook post suspend" "$LOG"
	check "suspend: the unit WantedBy=systemd-suspend.service ran" grep -qx "unit suspend" "$LOG"
	check "s2h's hibernation in the kernel ran no hibernate hook (it bypasses systemd-sleep)" \
		sh -c "! grep -q hibernate $LOG"
	check "s2h's hibernation in the kernel ran neither hibernate unit" \
		sh -c "! grep -qE 'unit (hibernate|resume)' $LOG"

	# Handed to systemd: every hook runs.
	check "s2h-agent.service runs (the udev rule started it with the module)" \
		systemctl is-active -q s2h-agent.service
	check "s2hctl set handoff 1m" s2hctl set handoff 1m
	check_has "^ok   hooks: hibernation goes through systemd" "s2hctl check: the hooks run now" \
		s2hctl check
	: >"$LOG"
	s2h_cycle 20 2
	for i in $(seq 120); do
		wait_log "unit resume" && break
		sleep 1
	done
	run_diag cat "$LOG"
	is "$(hibernate_hooks)" "unit hibernate,hook pre hibernate,hook post hibernate,unit resume," \
		"handoff: the unit before, the hook pre and post, the unit after, as systemctl hibernate runs them"
	is_stat handoffs 1
	is_stat handoff_fallbacks 0
	check_has "s2h asks for a hibernation within 60 s: running systemctl hibernate" \
		"the agent's journal: the request, systemctl hibernate run" \
		journalctl -b -u s2h-agent.service

	# The agent hangs: s2h hibernates in the kernel once handoff is over.
	check "the agent stopped (SIGSTOP), as a hung userspace" \
		systemctl kill -s STOP s2h-agent.service
	: >"$LOG"
	s2h_cycle 20 3
	is_stat handoffs 1
	is_stat handoff_fallbacks 1
	check "the hung agent's cycle ran no hibernate hook" sh -c "! grep -q hibernate $LOG"
	check "the log: userspace did not hibernate within 60 s" \
		sh -c 'dmesg | grep -q "userspace did not hibernate within 60 s"'
	check "the agent continued" systemctl kill -s CONT s2h-agent.service
	sleep 10
	check_has "no longer waits for .*ignored" "the agent leaves the stale request alone" \
		journalctl -b -u s2h-agent.service
	is_stat hibernations 3
	is_file "$S2H/state" idle "state idle: nothing hibernated again"
	finish
}
