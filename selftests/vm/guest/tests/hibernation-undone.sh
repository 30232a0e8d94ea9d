# SPDX-License-Identifier: GPL-2.0
#
# A hibernation the kernel undoes for a wakeup event: a device that is no
# input device (the fault module's "s2h-fake-nic", as a NIC's or an EC's
# wake IRQ) signals one in the syscore phase of the snapshot. On 6.1
# hibernate() then returns 0 with no image written and the devices get
# .restore, as after a resume; s2h used to count it as one and leave the
# machine up in the bag. Now it is the failure it is, named:
# 1. once: s2h backs off - asleep with its retry alarm - and the retry
#    hibernates and resumes;
# 2. on every try (a device that always fires): the retry is undone too,
#    then s2h sleeps on with the last resort watching the battery (the
#    fake battery, on mains: nothing to do) - no loop of image writes.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

fake_power_load || exit 1
fault_load || exit 1
s2h_load delay_sec=8 retries=1 || exit 1
swap_on

# 1: the first try undone, the retry goes through.
echo 1 >"$FAULT/wake_in_syscore"
host expect-resuspend 120
host expect-poweroff 240
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 300 "1: the retry resumed from its image" ||
	diag_stats
wait_for $S2H/state idle 30 "1: state back to idle"
is "$(cat /tmp/marker)" "$marker" "1: tmpfs marker intact"
is_file "$FAULT/fired" 1 "1: the fault fired once"
is_stat hibernations 2
is_stat hibernate_failures 1
is_stat hibernations_undone 1
is_stat hibernate_retries 1
is_stat resuspends 1
is_file $S2H/last_cycle/undone_by s2h-fake-nic "1: last_cycle names what undid the first try"
is_file $S2H/last_cycle/result 0 "1: ... and the retry's result is 0"
check "1: the log says it was undone before any image, by s2h-fake-nic" \
	sh -c 'dmesg | grep -q "hibernation undone before the image was made by the kernel, a wakeup event of s2h-fake-nic"'
check "1: ... counted as a failure: back to sleep for a retry" \
	sh -c 'dmesg | grep -Eq "hibernation failed \((-EBUSY|-16)\): going back to sleep, next try in"'
check "1: not a resume: one 'resumed from hibernation' line, the retry's" \
	sh -c '[ "$(dmesg | grep -c "s2h: resumed from hibernation")" = 1 ]'
s2hctl show >/tmp/show.txt 2>&1
check "1: show names it as an earlier try" \
	grep -q "^  earlier try      undone by a wakeup event of s2h-fake-nic$" /tmp/show.txt ||
	diag "$(cat /tmp/show.txt)"

# 2: a device that fires on every try.
echo -1 >"$FAULT/wake_in_syscore"
dmesg -c >/dev/null
host expect-resuspend 120
host expect-resuspend 120
host stay-suspended 20
host wake-after 0
suspend_mem
wait_for $S2H/state idle 30 "2: state is idle"
is_file "$FAULT/fired" 3 "2: the fault fired at both tries"
is_stat hibernations 4
is_stat hibernate_failures 3
is_stat hibernations_undone 3
is_stat resumes_from_hibernation 1
is_stat power_offs 0
check "2: the last failure left the last resort's check, no third try" \
	sh -c 'dmesg | grep -q "going back to sleep, watching the battery every 3600 s for the last resort"'
check "2: no image written in these tries" sh -c '! dmesg | grep -q "PM: Image saving"'
s2hctl show >/tmp/show.txt 2>&1
check "2: show says the hibernation was undone, by whom, and what to do" \
	sh -c 'grep -q "^  undone by        a wakeup event of s2h-fake-nic$" /tmp/show.txt &&
		grep -q "turn its wakeup off" /tmp/show.txt' || diag "$(cat /tmp/show.txt)"
s2hctl log >/tmp/log.txt 2>&1
check "2: log names it too" grep -q "hibernation undone by a wakeup event of s2h-fake-nic" /tmp/log.txt
echo 0 >"$FAULT/wake_in_syscore"
diag_stats
done_testing
