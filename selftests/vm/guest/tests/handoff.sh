# SPDX-License-Identifier: GPL-2.0
#
# handoff_sec: the hibernation the alarm asks for goes to userspace, as
# s2h-agent.service hands it to systemd. Three cycles, three boots:
# 1. nobody answers: s2h hibernates in the kernel once handoff_sec is over;
# 2. the agent's hibernation fails (the fake module fails it after s2h saw
#    it start): s2h goes back to sleep with its retry alarm, as after a
#    failure of its own, and at that alarm asks again;
# 3. the agent's hibernation comes back from its image: s2h counts it as
#    its own, resumed.
# s2h is loaded before the fake module, so that its PM notifier sees the
# agent's hibernation start before the fake one fails it.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker

s2h_load delay_sec=8 handoff_sec=6 retries=1 || exit 1
fake_power_load || exit 1
swap_on
s2hctl monitor >/tmp/events 2>&1 &
# The state, as the agent reads it before acting: each change, one line.
(prev=; while :; do
	s=$(cat $S2H/state)
	[ "$s" = "$prev" ] || echo "$s" >>/tmp/states
	prev=$s
	sleep 0.2
done) &
# Both listen before the suspend freezes them.
sleep 1

# 1: no agent.
host expect-poweroff 120
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 1 180 "1: resumed from the kernel's hibernation" ||
	diag_stats
wait_for $S2H/state idle 30 "1: state back to idle"
is_stat handoff_fallbacks 1
is_stat handoffs 0
check "1: the log says userspace did not answer in 6 s" \
	sh -c 'dmesg | grep -q "userspace did not hibernate within 6 s: hibernating in the kernel"'
check "1: the handoff event came before hibernate_start" \
	sh -c 'grep -A1 "^handoff hibernate_mode=shutdown handoff=6s$" /tmp/events |
		grep -qx hibernate_start' || diag "$(cat /tmp/events)"
check "1: the state was handoff while s2h waited" grep -qx handoff /tmp/states

# 2 and 3: the agent, as s2h-agent.service runs it, with the hibernation a
# test guest can do without systemd; the first one fails.
s2hctl agent sh -c 'echo disk >/sys/power/state' >/tmp/agent 2>&1 &
sleep 1
echo 1 >"$FAKE/fail_hibernations"
host expect-resuspend 120
host expect-poweroff 180
suspend_mem
wait_for $S2H/stats/resumes_from_hibernation 2 300 "3: resumed from the agent's hibernation" ||
	diag_stats
wait_for $S2H/state idle 30 "3: state back to idle"
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact after three hibernations"
is_stat handoffs 2
is_stat handoff_fallbacks 1
is_stat hibernations 3
is_stat hibernate_failures 1
is_stat hibernate_retries 1
is_stat resuspends 1
is_stat alarm_wakes 3
is_file $S2H/last_cycle/result 0 "3: the last hibernation's result is 0"
check "2: the agent's failed hibernation was told as such" \
	sh -c 'dmesg | grep -q "the hibernation userspace started did not write an image"'
check "2: its result event carried EIO" grep -qx "hibernate_result error=EIO" /tmp/events
check "3: the agent ran its command for both requests" \
	sh -c '[ "$(grep -c "s2h asks for a hibernation within 6 s: running sh -c" /tmp/agent)" = 2 ]'
diag "$(cat /tmp/agent)"
diag_stats
done_testing
