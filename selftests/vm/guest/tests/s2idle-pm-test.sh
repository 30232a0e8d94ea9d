# SPDX-License-Identifier: GPL-2.0
#
# Suspend to idle, through the kernel's pm_test: the s2idle path run to the
# "platform" test point, where the kernel waits and resumes without
# sleeping. s2h arms and disarms around it and counts the suspend that
# never slept as aborted - neither timekeeping nor the suspend_resume
# tracepoint saw it sleep - and does not hibernate. Then the same for
# "devices", and in S3 with "freezer", the earliest level. (s2idle and
# s2idle-alarm: the suspends to idle that do sleep.)
# hpet=disable: with the HPET's emulation of its alarm, the RTC cannot end
# suspend to idle, and s2h arms nothing (rtc-s2idle).
# vm-append: hpet=disable
# Two vCPUs: a suspend that ends in the freezer takes its checks from
# their worker at PM_POST_SUSPEND.
# vm-smp: 2
set -u
. /lib/s2h/lib.sh

# pm_test_suspend LEVEL: one suspend stopped at LEVEL; returns when it is over.
pm_test_suspend()
{
	echo "$1" >/sys/power/pm_test
	diag "suspending to $(sed 's/.*\[\(.*\)\].*/\1/' /sys/power/mem_sleep), pm_test $1"
	echo mem >/sys/power/state
	echo none >/sys/power/pm_test
}

s2h_load delay_sec=8 || exit 1
swap_on
check "mem_sleep offers s2idle" sh -c 'echo s2idle >/sys/power/mem_sleep'
pm_test_suspend platform
check "the suspend was to idle" sh -c 'dmesg | grep -q "PM: suspend entry (s2idle)"'
is_stat aborted 1
is_file $S2H/last_wake aborted "last_wake is aborted"
pm_test_suspend devices
is_stat aborted 2
echo deep >/sys/power/mem_sleep
pm_test_suspend freezer
is_stat aborted 3
is_stat alarm_wakes 0
is_stat hibernations 0
is_file $S2H/state idle "state is idle"
diag_stats
done_testing
