# SPDX-License-Identifier: GPL-2.0
#
# The handoff nobody takes while the lid closes again: the alarm asks
# userspace to hibernate within handoff_sec (120 s), no agent answers, and
# the suspend comes again, as logind suspends a closed lid after its
# hold-off. That suspend used to sleep with no alarm (state was handoff)
# and the handoff's wait counted jiffies that stop in suspend: the machine
# slept until the battery died. Now the suspend takes the handoff's place,
# armed for 30 s; its alarm's wake hibernates in the kernel, without
# asking userspace again in the cycle.
# 1. no agent; 2. the agent answers, but its command fails (as systemctl
# hibernate refused by logind, polkit or an inhibitor) and it retries.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

s2h_load delay_sec=8 handoff_sec=120 retries=1 || exit 1
swap_on
s2hctl monitor >/tmp/events 2>&1 &
sleep 1
suspend_mem
wait_for $S2H/state handoff 30 "1: the alarm's wake asked userspace to hibernate"

host expect-poweroff 240
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 300 "resumed from the kernel's hibernation" ||
	diag_stats
wait_for $S2H/state idle 30 "1: state back to idle"
is "$(cat /tmp/marker)" "$marker" "1: tmpfs marker intact"
is_stat handoffs 0
is_stat handoff_fallbacks 1
is_stat hibernations 1
is_stat hibernate_failures 0
is_stat alarm_wakes 2
is_stat suspends 2
check "the second suspend was armed, for 30 s" \
	sh -c '[ "$(grep -c "^armed delay=" /tmp/events)" = 2 ] && grep -qx "armed delay=30s" /tmp/events' ||
	diag "$(cat /tmp/events)"
check "the log says userspace suspended instead" \
	sh -c 'dmesg | grep -q "userspace suspended instead of hibernating"'
check "userspace was asked once in the cycle" \
	sh -c '[ "$(grep -c "^handoff " /tmp/events)" = 1 ]'
check "the second alarm's wake hibernated in the kernel" \
	sh -c 'grep -A1 "^alarm_wake$" /tmp/events | tail -n 1 | grep -qx hibernate_start' ||
	diag "$(cat /tmp/events)"

# 2: the agent's command fails, the lid closes again.
s2hctl agent sh -c 'exit 1' >/tmp/agent 2>&1 &
sleep 1
suspend_mem
wait_for $S2H/state handoff 30 "2: the alarm's wake asked userspace to hibernate"
check "2: the agent's command failed, and it tries again" sh -c '
	for i in $(seq 50); do
		grep -q "sh -c failed (status 1): trying again" /tmp/agent && exit 0
		sleep 0.2
	done
	exit 1' || diag "$(cat /tmp/agent)"
host expect-poweroff 240
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 2 300 "2: resumed from the kernel's hibernation" ||
	diag_stats
wait_for $S2H/state idle 30 "2: state back to idle"
is_stat handoffs 0
is_stat handoff_fallbacks 2
is_stat hibernations 2
# Its next try comes after its 2 s pause, which the hibernation cut short or not.
check "2: the agent stopped once s2h no longer asked" sh -c '
	for i in $(seq 50); do
		grep -q "sh -c failed (status 1), and s2h no longer waits" /tmp/agent && exit 0
		sleep 0.2
	done
	exit 1' || diag "$(cat /tmp/agent)"
diag_stats
done_testing
