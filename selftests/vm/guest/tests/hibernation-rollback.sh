# SPDX-License-Identifier: GPL-2.0
#
# The roll-back of Linux 6.8 and later: in platform mode (ACPI S4, the
# vm-qemu line) a wakeup event as the machine powers off, after the image
# was written (the fault module's s2h-fake-nic, in its .poweroff), makes
# the kernel undo the hibernation ("Wakeup event detected during
# hibernation, rolling back") and hibernate() return 0, the devices given
# .restore as after a resume. s2h sees its devices were thawed to write
# the image: undone, a failure, named; it backs off with its retry alarm,
# and the retry hibernates and resumes. Before 6.8 the kernel powers off
# regardless, the image written: that one resume is counted as such.
# vm-qemu: -global PIIX4_PM.disable_s4=0
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

fake_power_load || exit 1
fault_load || exit 1
s2h_load delay_sec=8 retries=1 || exit 1
swap_on
check "/sys/power/disk offers platform (ACPI S4), s2h's hibernation uses it" \
	sh -c 'echo platform >/sys/power/disk && grep -q "\[platform\]" /sys/power/disk' ||
	diag "$(cat /sys/power/disk)"

echo 1 >"$FAULT/wake_in_poweroff"
kver=$(uname -r | awk -F. '{ print $1 * 100 + $2 }')
if [ "$kver" -ge 608 ]; then
	host expect-resuspend 240
fi
host expect-poweroff 300
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 300 "resumed from an image" || diag_stats
wait_for $S2H/state idle 30 "state back to idle"
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact"
if [ "$kver" -ge 608 ]; then
	is_stat hibernations 2
	is_stat hibernate_failures 1
	is_stat hibernations_undone 1
	is_stat hibernate_retries 1
	is_file $S2H/last_cycle/undone_by s2h-fake-nic "last_cycle names what undid the first try"
	check "the kernel rolled back after writing the image" \
		sh -c 'dmesg | grep -q "Wakeup event detected during hibernation, rolling back"'
	check "s2h told it apart from a resume, and named the device" \
		sh -c 'dmesg | grep -q "hibernation undone after the image was written by the kernel, a wakeup event of s2h-fake-nic"'
	check "one 'resumed from hibernation' line, the retry's" \
		sh -c '[ "$(dmesg | grep -c "s2h: resumed from hibernation")" = 1 ]'
else
	is_stat hibernations 1
	is_stat hibernate_failures 0
	is_stat hibernations_undone 0
	is_file $S2H/last_cycle/undone_by "" "no hibernation undone: last_cycle/undone_by is empty"
fi
echo 0 >"$FAULT/wake_in_poweroff"
diag_stats
done_testing
