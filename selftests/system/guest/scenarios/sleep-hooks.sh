# SPDX-License-Identifier: GPL-2.0
#
# Scenario 5: systemd's sleep hooks.  A script in
# /usr/lib/systemd/system-sleep/ and three units of the shape of
# nvidia-suspend.service, nvidia-hibernate.service and
# nvidia-resume.service (WantedBy= systemd-suspend.service or
# systemd-hibernate.service, Before= or After= it) log each run.  Shown:
# which of them a hibernation that s2h starts in the kernel runs (the
# suspend's, before and after; none of the hibernation's: it never goes
# through systemd-hibernate.service), how to list the hooks it bypasses,
# and that systemctl hibernate runs all of them.

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

# What a kernel-started hibernation bypasses, found as pre-flight would.
list_bypassed()
{
	ls /etc/systemd/system-sleep /usr/lib/systemd/system-sleep 2>/dev/null
	systemctl show -p Wants -p Requires systemd-hibernate.service
}

wait_log()
{
	grep -qx "$1" "$LOG"
}

step_start()
{
	local i

	install_hooks
	check_has "s2h-test-hook" "the system-sleep hook is listed" list_bypassed
	check_has "Wants=.*s2h-test-hibernate.service" \
		"systemctl show -p Wants systemd-hibernate.service lists the hibernate unit" list_bypassed
	: >"$LOG"
	: >"$WHEN"
	s2h_cycle 20
	sleep 5
	diag "resumes from hibernation, then the hook or unit that ran:"
	run_diag cat "$WHEN"
	check "suspend: the hook saw 'pre suspend'" grep -qx "hook pre suspend" "$LOG"
	check "suspend: the hook saw 'post suspend'" grep -qx "hook post suspend" "$LOG"
	check "suspend: the unit WantedBy=systemd-suspend.service ran" grep -qx "unit suspend" "$LOG"
	check "s2h's hibernation ran no hibernate hook (it bypasses systemd-sleep)" \
		sh -c "! grep -q hibernate $LOG"
	check "s2h's hibernation ran neither hibernate unit" sh -c "! grep -qE 'unit (hibernate|resume)' $LOG"

	# The same hooks, for a hibernation through systemd.
	: >"$LOG"
	host expect-poweroff 1200
	diag "systemctl hibernate"
	check "systemctl hibernate" systemctl hibernate
	for i in $(seq 900); do
		wait_log "hook post hibernate" && wait_log "unit resume" && break
		sleep 1
	done
	run_diag cat "$LOG"
	is "$(tr '\n' ',' <"$LOG")" "unit hibernate,hook pre hibernate,hook post hibernate,unit resume," \
		"systemctl hibernate: the unit before, the hook pre and post, the unit after"
	is_stat hibernations 1
	finish
}
