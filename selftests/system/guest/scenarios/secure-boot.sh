# SPDX-License-Identifier: GPL-2.0
#
# Scenario 4: Secure Boot on (OVMF with the Microsoft keys enrolled), the
# machine the installed disk boots on.  shim -> GRUB -> the kernel all
# signed, the kernel locked down (integrity): no module without a trusted
# signature, no hibernation.  What a user meets: DKMS signed s2h.ko with
# its own key, which the firmware does not trust until it is enrolled as
# a MOK (mokutil --import, then MokManager at the next boot, which the host
# drives over the serial console).  Then s2h loads, s2hctl check says
# "locked down", and a suspend stays a suspend: s2h never arms.

MOK_PASSWORD=s2hmok12

step_start()
{
	check_has "SecureBoot enabled" "mokutil --sb-state: Secure Boot is on" mokutil --sb-state
	check_has "\[integrity\]|\[confidentiality\]" "the kernel is locked down" \
		cat /sys/kernel/security/lockdown
	check "s2h did not load at boot: its key is not trusted yet" test ! -d /sys/power/s2h
	check_has "Key was rejected|Required key not available" \
		"modprobe s2h: the signature is refused" modprobe s2h
	check_has "is not enrolled" "mokutil --test-key: the DKMS key is not enrolled" \
		mokutil --test-key /var/lib/dkms/mok.pub
	check "mokutil --import /var/lib/dkms/mok.pub (a one-time password, twice)" \
		sh -c "printf '%s\n%s\n' $MOK_PASSWORD $MOK_PASSWORD | mokutil --import /var/lib/dkms/mok.pub"
	check_has "DKMS module signing key" "mokutil --list-new: the key waits for MokManager" \
		mokutil --list-new
	host mok-enroll-next-boot "$MOK_PASSWORD"
	reboot_into enrolled
}

step_enrolled()
{
	check_has "is already enrolled" "mokutil --test-key: the DKMS key is enrolled" \
		mokutil --test-key /var/lib/dkms/mok.pub
	check_has "SecureBoot enabled" "Secure Boot still on" mokutil --sb-state
	check "s2h loaded at boot, its signature trusted" test -d /sys/power/s2h
	run_diag sh -c 'dmesg | grep -iE "DKMS module signing key|lockdown"'
	s2h_check_is 1 "s2hctl check fails"
	check_has "FAIL lockdown" "s2hctl check: hibernation locked down" s2hctl check
	is "$(cat "$S2H/available")" no "available: no"
	is "$(cat "$S2H/checks/lockdown")" failed "checks/lockdown: failed"
	check "the kernel offers no hibernation (no 'disk' in /sys/power/state)" \
		sh -c '! grep -qw disk /sys/power/state'
	check_has "not supported|not allowed|locked" "systemctl hibernate is refused too" \
		systemctl hibernate
	check "s2hctl set delay 10s" s2hctl set delay 10s
	# No alarm: the machine sleeps until the user wakes it.
	host stay-suspended 60
	host wake-after 1
	diag "systemctl suspend"
	check "systemctl suspend" systemctl suspend
	wait_for "$S2H/stats/not_armed" 1 600 "s2h did not arm the suspend (stats/not_armed 1)"
	is_stat alarm_wakes 0
	is_stat hibernations 0
	is_stat hibernate_failures 0
	check "no hibernation was started" sh -c '! dmesg | grep -q "hibernation entry"'
	run_diag s2hctl show
	finish
}
