# SPDX-License-Identifier: GPL-2.0
#
# Scenario: what s2hctl check says beside its own checks, on the
# installer's layout (swap partition, RESUME=UUID= in conf.d/resume).
# Other suspend-then-hibernates, planted as a user or admin sets them:
# logind's HandleLidSwitch= in logind.conf.d (logind itself reads it so),
# systemd-sleep's HibernateDelaySec= in sleep.conf.d and KDE Plasma's
# "Standby, then hibernate" in a user's powerdevilrc - each named with its
# file, line and remedy, and none once the remedies are applied. The wake
# test: s2h's alarm ends a real suspend of this machine (S3 through OVMF),
# kept and restored at the next load. Then the boot path: a dry run (a real resume through the initramfs on 6.1)
# records it; conf.d/resume pointed at another device without
# update-initramfs -u is named by check and keeps apply from restoring the
# dry run; after update-initramfs -u the dry run is stale, apply says so at
# the module's next load, and a new dry run passes with check clean.

LOGIND_DROPIN=/etc/systemd/logind.conf.d/50-lid.conf
SLEEP_DROPIN=/etc/systemd/sleep.conf.d/50-delay.conf
USER_RC=/home/s2huser/.config/powerdevilrc
RESUME_CONF=/etc/initramfs-tools/conf.d/resume

# The lines of check, as comments, and whether one matches ERE $1.
check_says()
{
	check_has "$1" "$2" s2hctl check
}

# The dry run: on 6.1 a hibernation in reboot mode, resumed through the
# firmware, GRUB and the initramfs; this function goes on after it.
dry_run()
{
	local out status=0

	host expect-poweroff 1200
	diag "s2hctl check --verify --yes"
	out=$(s2hctl check --verify --yes 2>&1) || status=$?
	printf '%s\n' "$out" | while IFS= read -r line; do diag "  $line"; done
	is "$status" 0 "$1"
	check_has "^dry run passed" "... it says so" echo "$out"
}

# check --verify-wake, the admin guide's first step after check.
wake_test()
{
	local out status=0

	diag "s2hctl check --verify-wake --yes"
	out=$(s2hctl check --verify-wake --yes 2>&1) || status=$?
	printf '%s\n' "$out" | while IFS= read -r line; do diag "  $line"; done
	is "$status" 0 "the wake test passes: s2h's alarm ended a real suspend of the laptop"
	check_has "^wake test passed: s2h's alarm woke this machine from deep" "... from S3, it says" \
		echo "$out"
	check "... kept in /var/lib/s2h/verified-wake, with the machine's DMI" \
		grep -q "^vendor = ." /var/lib/s2h/verified-wake
	is_file "$S2H/stats/hibernations" 0 "... and nothing hibernated"
}

plant_others()
{
	mkdir -p "${LOGIND_DROPIN%/*}" "${SLEEP_DROPIN%/*}"
	printf '[Login]\nHandleLidSwitch=suspend-then-hibernate\n' >"$LOGIND_DROPIN"
	printf '[Sleep]\nHibernateDelaySec=20min\n' >"$SLEEP_DROPIN"
	id s2huser >/dev/null 2>&1 || useradd -m -s /bin/bash s2huser
	mkdir -p "${USER_RC%/*}"
	printf '[AC][SuspendAndShutdown]\nSleepMode=1\n\n[Battery][SuspendAndShutdown]\nSleepMode=3\n' \
		>"$USER_RC"
	chown -R s2huser: /home/s2huser/.config
}

# logind's own reading of the drop-in: the property check's reading must match.
logind_lid()
{
	busctl get-property org.freedesktop.login1 /org/freedesktop/login1 \
		org.freedesktop.login1.Manager HandleLidSwitch
}

step_start()
{
	local swap

	swap=$(blkid -t TYPE=swap -o device | head -n 1)
	SWAP_DEV=$(dev_number "$swap")
	SWAP_UUID=$(blkid -s UUID -o value "$swap")
	is "$(cat $RESUME_CONF)" "RESUME=UUID=$SWAP_UUID" "conf.d/resume names the swap by UUID"
	check_says "^ok   boot path: the initramfs resumes from $SWAP_DEV \(RESUME=UUID=$SWAP_UUID in $RESUME_CONF\), as s2h checks" \
		"check: the boot path resumes from the swap s2h checks, and says where that is set"
	check_says "^ok   suspend-then-hibernate: no other configured beside s2h" \
		"check: no other suspend-then-hibernate on a fresh install"

	plant_others
	check "systemctl restart systemd-logind" systemctl restart systemd-logind
	is "$(logind_lid)" 's "suspend-then-hibernate"' \
		"logind itself reads HandleLidSwitch=suspend-then-hibernate from the drop-in"
	s2h_check_is 0 "s2hctl check still exits 0: another suspend-then-hibernate is a warning"
	check_says "^WARN suspend-then-hibernate: $LOGIND_DROPIN:2: HandleLidSwitch=suspend-then-hibernate: logind's own" \
		"check names logind's HandleLidSwitch with its file and line"
	check_says "fix: HandleLidSwitch=suspend there" "... and what to set"
	check_says "^WARN suspend-then-hibernate: $SLEEP_DROPIN:2: HibernateDelaySec=20min: systemd-sleep's" \
		"check names systemd-sleep's HibernateDelaySec with its file and line"
	check_says "fix: remove the line; or turn systemd's off: AllowSuspendThenHibernate=no" \
		"... and how to turn it off"
	check_says "^WARN suspend-then-hibernate: $USER_RC:5: \[Battery\]SleepMode=3: KDE Plasma's \"Standby, then hibernate\"" \
		"check names the user's KDE Standby, then hibernate (Battery profile), not the AC one"
	check_says "Power Management > Battery: \"When sleeping, enter: Standby\"" "... and where to change it"

	# The remedies, as check says them.
	sed -i 's/^HandleLidSwitch=suspend-then-hibernate$/HandleLidSwitch=suspend/' "$LOGIND_DROPIN"
	printf '[Sleep]\nAllowSuspendThenHibernate=no\n' >/etc/systemd/sleep.conf.d/s2h.conf
	sed -i 's/^SleepMode=3$/SleepMode=1/' "$USER_RC"
	check "systemctl restart systemd-logind" systemctl restart systemd-logind
	is "$(logind_lid)" 's "suspend"' "logind reads HandleLidSwitch=suspend after the remedy"
	check_says "^ok   suspend-then-hibernate: no other configured beside s2h" \
		"check: none left once the remedies are applied"
	rm -f "$LOGIND_DROPIN" "$SLEEP_DROPIN" /etc/systemd/sleep.conf.d/s2h.conf
	check "systemctl restart systemd-logind" systemctl restart systemd-logind

	wake_test
	echo "$SWAP_DEV $SWAP_UUID" >/var/lib/s2h-test/swap
	next_step verified
	dry_run "the first dry run passes (a real resume through the initramfs on 6.1)"
	step_verified
}

step_verified()
{
	local root_dev root_uuid initrd

	read -r SWAP_DEV SWAP_UUID </var/lib/s2h-test/swap
	initrd=/boot/initrd.img-$(uname -r)
	root_dev=$(dev_number "$(findmnt -no SOURCE /)")
	root_uuid=$(findmnt -no UUID /)
	check "the record holds the boot path's device" grep -qx "boot_resume = $SWAP_DEV" \
		/var/lib/s2h/verified
	check "... and the initrd, by path, size and time" grep -qx \
		"initrd = $initrd $(stat -c '%s %Y' "$initrd")" /var/lib/s2h/verified
	run_diag cat /var/lib/s2h/verified
	s2h_check_is 0 "s2hctl check passes after the dry run"

	# A record of an older s2hctl, without the boot path.
	cp /var/lib/s2h/verified /var/lib/s2h-test/verified
	sed -i '/^boot_\|^initrd/d' /var/lib/s2h/verified
	check_says "^FAIL boot path: the dry run of .* kept in /var/lib/s2h/verified: it predates s2hctl's record of the boot path" \
		"check: a record without the boot path predates it: a new dry run"
	cp /var/lib/s2h-test/verified /var/lib/s2h/verified

	# The resume device changed, without update-initramfs -u.
	echo "RESUME=UUID=$root_uuid" >$RESUME_CONF
	s2h_check_is 1 "s2hctl check fails once conf.d/resume names another device"
	check_says "^FAIL boot path: the initramfs resumes from $root_dev \(RESUME=UUID=$root_uuid in $RESUME_CONF\), s2h checks $SWAP_DEV \(/sys/power/resume\)" \
		"check: the initramfs resumes from X, s2h checks Y"
	check_says "^FAIL boot path: $RESUME_CONF changed after the initramfs was built \($initrd\)" \
		"check: conf.d/resume changed after the initramfs was built"
	check_says "fix: sudo update-initramfs -u, then a new dry run" "... fix: update-initramfs -u"
	check_has "not restored: the initramfs resumes from '$root_dev'" \
		"apply does not restore the dry run for require_verified, and says why" \
		s2hctl apply /etc/s2h.conf

	# Back to the swap, and the initramfs rebuilt: the dry run is stale.
	echo "RESUME=UUID=$SWAP_UUID" >$RESUME_CONF
	check_says "^FAIL boot path: $RESUME_CONF changed after the initramfs was built" \
		"check: the same device again, but the initramfs is older than the file"
	check "update-initramfs -u" run_diag update-initramfs -u
	check_says "^ok   boot path: the initramfs resumes from $SWAP_DEV" \
		"check: the rebuilt initramfs resumes from the swap s2h checks"
	check_says "^FAIL boot path: the dry run of .*: stale: the initramfs changed since the dry run \($initrd " \
		"check: stale: the initramfs changed since the dry run"
	unload_s2h
	: >/var/lib/s2h-test/since
	check "modprobe s2h" modprobe s2h
	check "s2h.service, at the load, said the dry run is stale" wait_journal \
		"not restored: stale: the initramfs changed since the dry run"
	is_file "$S2H/verified/result" never "... and did not restore it: verified/result never"

	next_step reverified
	dry_run "a new dry run passes"
	step_reverified
}

# The module unloaded, and systemd done with its remove event: a load that
# follows at once can find s2h.service's stop (BindsTo= the module's
# device) still queued, and its start from the add event then never runs.
unload_s2h()
{
	check "modprobe -r s2h" modprobe -r s2h
	udevadm settle
	wait_inactive s2h.service
}

wait_inactive()
{
	local i

	for i in $(seq 30); do
		systemctl is-active -q "$1" || return 0
		sleep 1
	done
}

# wait_journal TEXT: s2h.service logs TEXT within 60 s of the module's load.
wait_journal()
{
	local i

	for i in $(seq 60); do
		journalctl -b -u s2h.service --since "@$(stat -c %Y /var/lib/s2h-test/since)" |
			grep -qF -- "$1" && return 0
		sleep 1
	done
	run_diag journalctl -b -u s2h.service -n 20
	return 1
}

step_reverified()
{
	read -r SWAP_DEV SWAP_UUID </var/lib/s2h-test/swap
	s2h_check_is 0 "s2hctl check passes after the new dry run"
	check_says "^ok   boot path: the initramfs resumes from $SWAP_DEV" "check: the boot path is ok"
	unload_s2h
	check "modprobe s2h" modprobe s2h
	wait_for "$S2H/verified/restored" 1 60 "at the next load, apply restores the new dry run"
	check_says "^ok   verified: a dry run passed on .*, in an earlier boot of this kernel" \
		"check: the restored dry run holds"
	wait_for "$S2H/wake_test/restored" 1 60 "... and the wake test, restored at the same load"
	check_says "^ok   wake test: s2h's alarm woke this machine from deep on .* \(an earlier boot of this machine and kernel\)" \
		"check: the restored wake test holds"
	finish
}
