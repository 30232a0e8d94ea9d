# SPDX-License-Identifier: GPL-2.0
#
# The test double itself: s2h_fake_fault.ko's faults must do what they
# claim on this kernel, or the verdicts of the tests that use them mean
# nothing. Without s2h.ko: this tests the tool.
# 1. wake_in_syscore=1: the wakeup event in the syscore suspend of
#    create_image() cancels the snapshot: "echo disk" returns success, no
#    image written, and the guest runs on.
# 2. suspend_ms=4000: the device suspend of a suspend to RAM takes 4 s or
#    more, by the kernel's own measure (pm_debug_messages); wake_in_syscore
#    armed for every hibernation leaves that suspend alone.
# 3. wake_in_poweroff=1 in platform mode (ACPI S4, the vm-qemu line): the
#    event fires in .poweroff, after the image is written. Before Linux 6.8
#    the kernel aborts the platform's power-down, powers off all the same,
#    and the image resumes: the restored system knows nothing of the event
#    (its memory is the image's), so the host reads it on the console of
#    the boot that powered off. From 6.8 the kernel rolls back instead.
# vm-qemu: -global PIIX4_PM.disable_s4=0
set -u
. /lib/s2h/lib.sh

NIC=/sys/devices/platform/s2h-fake-nic
SYSCORE_LINE="s2h_fake_fault: wakeup event of s2h-fake-nic in syscore_suspend of a hibernation"
POWEROFF_LINE="s2h_fake_fault: wakeup event of s2h-fake-nic in .poweroff of a hibernation"

# The wakeup events the kernel counted for the device.
nic_events()
{
	cat $NIC/wakeup/wakeup*/event_count 2>&1
}

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker
check "s2h.ko is not loaded" sh -c '! grep -q "^s2h " /proc/modules'

fault_load || exit 1
check "the device is bound to its driver" test -e $NIC/driver
is_file $NIC/power/wakeup enabled "the device may wake the system"
is_file $FAULT/fired 0 "fired is 0 at load"
for p in wake_in_syscore wake_in_poweroff suspend_ms; do
	is_file $FAULT/$p 0 "$p is 0 at load"
	write_fails EINVAL $FAULT/$p -2
	write_fails EINVAL $FAULT/$p x
done
write_ok $FAULT/wake_in_poweroff -1 -1
write_ok $FAULT/wake_in_poweroff 0 0
write_fails EINVAL $FAULT/suspend_ms -1
write_fails ERANGE $FAULT/suspend_ms 60001
write_fails EACCES $FAULT/fired 5
if grep -qw pm_report_hw_sleep_time /proc/kallsyms; then
	is_file $FAULT/hw_sleep_us -1 "hw_sleep_us is -1 at load: the kernel takes hardware sleep reports"
	write_fails EINVAL $FAULT/hw_sleep_us -2
else
	check "no hw_sleep_us: the kernel takes no hardware sleep reports" test ! -e $FAULT/hw_sleep_us
fi

# 1: the snapshot cancelled by the event in syscore suspend.
swap_on
echo 1 >$FAULT/wake_in_syscore
events=$(nic_events)
check "1: echo disk returns success" sh -c 'echo disk >/sys/power/state'
host_check expect-running
is_file $FAULT/fired 1 "1: fired is 1"
is_file $FAULT/wake_in_syscore 0 "1: wake_in_syscore is used up"
check "1: the kernel log names the event" sh -c "dmesg | grep -qF '$SYSCORE_LINE'"
is "$(nic_events)" "$((events + 1))" "1: the kernel counted one wakeup event of the device"
check "1: the hibernation ran to its end" sh -c 'dmesg | grep -q "PM: hibernation: hibernation exit"'
check "1: no image written" sh -c '! dmesg | grep -q "Image saving"'
is "$(cat /tmp/marker)" "$marker" "1: tmpfs marker intact"

# 2: a slow device suspend, in a suspend to RAM the host wakes.
echo 4000 >$FAULT/suspend_ms
echo -1 >$FAULT/wake_in_syscore
echo 1 >/sys/power/pm_debug_messages
host wake-after 2
suspend_mem
echo 0 >/sys/power/pm_debug_messages
echo 0 >$FAULT/wake_in_syscore
echo 0 >$FAULT/suspend_ms
ms=$(dmesg | sed -n 's/.*PM: suspend of devices complete after \([0-9]*\)\.[0-9]* msecs.*/\1/p' |
	tail -n 1)
diag "2: the kernel's device suspend took ${ms:-?} ms"
check "2: the device suspend took 4000 ms or more" test "${ms:-0}" -ge 4000
is_file $FAULT/fired 1 "2: the suspend to RAM got no syscore event: fired still 1"

# 3: the event in .poweroff, in platform mode.
check "3: /sys/power/disk offers platform (ACPI S4)" sh -c 'echo platform >/sys/power/disk'
echo 1 >$FAULT/wake_in_poweroff
kver=$(uname -r | awk -F. '{ print $1 * 100 + $2 }')
if [ "$kver" -ge 608 ]; then
	check "3: echo disk returns success" sh -c 'echo disk >/sys/power/state'
	host_check expect-running
	is_file $FAULT/fired 2 "3: fired is 2"
	check "3: the kernel log names the event" sh -c "dmesg | grep -qF '$POWEROFF_LINE'"
	check "3: the kernel rolled back" \
		sh -c 'dmesg | grep -q "Wakeup event detected during hibernation, rolling back"'
else
	# The platform's power-down the event aborts: its debug line on the console.
	echo 1 >/sys/power/pm_debug_messages
	dmesg -n 8
	host expect-poweroff 180
	echo disk >/sys/power/state
	dmesg -n 7
	echo 0 >/sys/power/pm_debug_messages
	# Only the image's resume runs this, in boot 2.
	is "$(cat /tmp/marker)" "$marker" "3: resumed from the image, tmpfs marker intact"
	diag "3: as in the image: fired=$(cat $FAULT/fired) wake_in_poweroff=$(cat $FAULT/wake_in_poweroff)"
	host_check console-has "$POWEROFF_LINE"
	host_check console-has "hibernate of devices aborted after"
fi
echo 0 >$FAULT/wake_in_poweroff
done_testing
