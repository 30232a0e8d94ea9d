#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# README's user section, line by line, on a fresh Debian 12 with systemd
# 252 and systemd-udevd, as "user" (who may sudo) with a normal user's
# PATH: install the built .debs (DKMS builds s2h here), load it, check,
# the dry run (6.1: the machine restarts and resumes), set --save; then a
# cold reboot, after which the settings and the dry run must be back,
# applied by s2h.service on the module's add event; then a fleet's drop-in
# in /etc/s2h.conf.d, applied by systemctl restart s2h; then a bad line in
# /etc/s2h.conf, which systemctl status s2h must show. Run by systemd
# (s2h-user-test.service) at every boot; the stage file says where it is.
set -u
exec 3>/dev/ttyS1
. /usr/local/lib/s2h-test/lib.sh

STAGE=/var/lib/s2h-test/stage

# as_user CMD: a login shell of "user", with the PATH Debian gives users.
as_user()
{
	su - user -c "$1"
}

# wait_service STATE SECONDS: s2h.service gets to active or failed.
wait_service()
{
	local i

	for ((i = 0; i < $2 * 5; i++)); do
		[ "$(systemctl is-active s2h.service)" = "$1" ] && return 0
		sleep 0.2
	done
	return 1
}

# has FILE WORDS DESC: FILE (output kept by the test) contains WORDS.
has()
{
	if grep -qF -- "$2" "$1"; then
		ok "$3"
	else
		not_ok "$3"
		sed 's/^/# /' "$1" | head -n 30 >&3
	fi
}

install_and_verify()
{
	local start=$SECONDS comments

	check "a fresh system: no s2hctl" sh -c '! command -v s2hctl'
	check "the user's PATH has no sbin" sh -c "! su - user -c 'echo \$PATH' | grep -q sbin"
	# README: sudo apt install ./s2h-dkms_*.deb ./s2hctl_*.deb
	as_user 'cd ~/debs && sudo apt install -y ./s2h-dkms_*.deb ./s2hctl_*.deb' \
		>/tmp/apt.log 2>&1
	is "$?" 0 "sudo apt install ./s2h-dkms_*.deb ./s2hctl_*.deb ($((SECONDS - start)) s, DKMS included)"
	check "DKMS built s2h for the running kernel" \
		sh -c "dkms status s2h -k $(uname -r) | grep -q installed"
	# README: sudo modprobe s2h
	check "sudo modprobe s2h" as_user 'sudo modprobe s2h'
	check "s2h.service ran on the module's add event (systemd-udevd)" wait_service active 60
	journalctl -u s2h -b >/tmp/journal.log 2>&1
	has /tmp/journal.log "/etc/s2h.conf applied" "its journal says /etc/s2h.conf applied"
	# README: s2hctl check
	as_user 's2hctl check' >/tmp/check.log 2>&1
	is "$?" 0 "s2hctl check as user: every check passes"
	has /tmp/check.log "--   verified: no dry run yet" "check says no dry run ran yet"
	# README: sudo s2hctl check --verify, on a terminal, answered y
	host expect-poweroff 600
	as_user "printf 'y\n' | script -qec 'sudo s2hctl check --verify' /dev/null" \
		>/tmp/verify.log 2>&1
	diag "$(tr -d '\r' </tmp/verify.log)"
	has /tmp/verify.log "restarts it to resume from the image" "the dry run said first that the machine restarts"
	has /tmp/verify.log "save your work first" "... and to save your work"
	has /tmp/verify.log "Start the dry run? [y/N]" "... and asked"
	has /tmp/verify.log "dry run passed" "the dry run passed, after the restart"
	check "it is kept for this kernel" grep -qx "kernel = $(uname -r)" /var/lib/s2h/verified
	# README: sudo s2hctl set --save ...; s2hctl show
	comments=$(grep -c '^#' /etc/s2h.conf)
	check "sudo s2hctl set --save delay 3h" as_user 'sudo s2hctl set --save delay 3h'
	check "sudo s2hctl set --save policy battery" as_user 'sudo s2hctl set --save policy battery'
	# admin guide, Dry run: arm only with a dry run that passed
	check "sudo s2hctl set --save require_verified yes" \
		as_user 'sudo s2hctl set --save require_verified yes'
	is "$(grep -c '^#' /etc/s2h.conf)" "$comments" "/etc/s2h.conf kept its comments"
	as_user 's2hctl show' >/tmp/show.log 2>&1
	has /tmp/show.log "3h (10800 s)" "s2hctl show as user: delay 3h"
	echo rebooted >$STAGE
	sync
	host expect-reboot 300
	systemctl reboot
}

after_reboot()
{
	local n

	check "after a cold boot, s2h.service applied /etc/s2h.conf" wait_service active 120
	as_user 's2hctl show' >/tmp/show.log 2>&1
	has /tmp/show.log "3h (10800 s)" "the saved delay is back"
	has /tmp/show.log "battery" "the saved policy is back"
	as_user 's2hctl check' >/tmp/check.log 2>&1
	is "$?" 0 "s2hctl check passes, with require_verified"
	has /tmp/check.log "in an earlier boot of this kernel" "check says the dry run was restored"
	is "$(cat /sys/power/s2h/available)" yes "available: yes, so s2h arms"
	journalctl -u s2h -b >/tmp/journal.log 2>&1
	has /tmp/journal.log "restored the dry run" "the journal says the dry run was restored"

	# admin guide, For administrators of many laptops: a fleet's drop-in
	check "/etc/s2h.conf.d is the s2hctl package's" \
		sh -c 'dpkg -S /etc/s2h.conf.d | grep -q "^s2hctl: /etc/s2h.conf.d\$"'
	printf 'delay = 2h\n' >/etc/s2h.conf.d/50-fleet.conf
	as_user 's2hctl apply --check /etc/s2h.conf' >/tmp/apply.log 2>&1
	is "$?" 0 "s2hctl apply --check /etc/s2h.conf with the drop-in: good"
	check "sudo systemctl restart s2h" as_user 'sudo systemctl restart s2h'
	as_user 's2hctl show --origin' >/tmp/origin.log 2>&1
	has /tmp/origin.log "/etc/s2h.conf.d/50-fleet.conf:1" \
		"the drop-in applied: s2hctl show --origin names it"
	has /tmp/origin.log "2h (7200 s)" "... with its delay"
	journalctl -u s2h -b >/tmp/journal.log 2>&1
	has /tmp/journal.log "/etc/s2h.conf, /etc/s2h.conf.d/50-fleet.conf applied" \
		"the journal names both files"

	echo 'delay = 3x' >>/etc/s2h.conf
	n=$(wc -l </etc/s2h.conf)
	as_user 's2hctl apply --check /etc/s2h.conf' >/tmp/apply.log 2>&1
	is "$?" 1 "s2hctl apply --check finds the bad line without the module"
	has /tmp/apply.log "/etc/s2h.conf:$n: delay: '3x'" "... and names it as FILE:LINE"
	check "sudo rmmod s2h" as_user 'sudo rmmod s2h'
	check "s2h.service stops with the module" wait_service inactive 30
	as_user 's2hctl show' >/tmp/absent.log 2>&1
	is "$?" 3 "without the module, s2hctl show exits 3"
	has /tmp/absent.log "sudo modprobe s2h" "... and says to load it"
	check "... and did not load it" sh -c '! grep -q "^s2h " /proc/modules'
	check "sudo modprobe s2h" as_user 'sudo modprobe s2h'
	check "s2h.service failed on the bad line" wait_service failed 60
	systemctl status s2h >/tmp/status.log 2>&1
	has /tmp/status.log "s2h.conf:$n: delay: '3x' is not a duration" \
		"systemctl status s2h shows the bad line"
	as_user 's2hctl show' >/tmp/show.log 2>&1
	has /tmp/show.log "battery" "the other lines still applied"
	echo done >$STAGE
	done_testing
	# The busybox tests' init powers off; here systemd does, for QEMU to exit.
	sleep 3
	systemctl poweroff
}

mkdir -p "${STAGE%/*}"
case $(cat $STAGE 2>/dev/null) in
rebooted)	after_reboot ;;
done)		;;
*)		echo install >$STAGE; install_and_verify ;;
esac
