# SPDX-License-Identifier: GPL-2.0
#
# A suspend of the user's that starts while s2h is "resuming": back from
# its image, the resume not yet finished by s2h's worker - as logind
# suspends again at once a laptop that resumes with its lid closed. The
# fault module's thread takes the system transition lock the moment the
# hibernation lets go of it and suspends (suspend_after_hibernation);
# under hibernate_mode suspend, s2h's worker then waits for that lock to
# set /sys/power/disk back, so the suspend finds s2h resuming, each time.
# The power is cut while the hybrid hibernation sleeps in S3: the next
# boot resumes the image. The suspend takes the resume's place: a cycle of
# its own, armed for the delay, whose alarm hibernates again; nobody takes
# the handoff (10 s), whose wait gives this script the time to ask the
# host to expect the second hibernation's power-off.
set -u
. /lib/s2h/lib.sh

fault_load suspend_after_hibernation=1 || exit 1
s2h_load delay_sec=15 handoff_sec=10 hibernate_mode=suspend || exit 1
swap_on
host expect-image-suspended 120
host power-cut
suspend_mem

# Boot 2, resumed from the image.
wait_for $S2H/stats/resumes_from_hibernation 1 300 "1: resumed from hibernation" || diag_stats
# At once: the handoff's 10 s may have begun while this script was frozen.
echo shutdown >$S2H/hibernate_mode
log_has "the fault module's suspend started as the hibernation let go" \
	"s2h_fake_fault: suspending after the hibernation"
log_has "it found s2h still resuming, and took its place" \
	"a suspend or hibernation of the user.s before s2h.s own: it takes its place"
wait_for $S2H/state handoff 60 "2: the suspend's alarm asked userspace to hibernate"
check "... armed for the delay, 15 s" \
	sh -c "dmesg | grep '$WAKE_LINE' | sed -n 2p | grep -q 'alarm due at 15 s '"
host expect-poweroff 240

# Boot 3.
wait_for $S2H/stats/resumes_from_hibernation 2 300 \
	"2: the suspend that started in 'resuming' hibernated, resumed" || diag_stats
is_stat alarm_wakes 2
is_stat hibernations 2
is_stat hibernate_failures 0
is_stat handoff_fallbacks 2
wait_for $S2H/state idle 30 "state back to idle"
diag_stats
done_testing
