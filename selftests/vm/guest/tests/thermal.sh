# SPDX-License-Identifier: GPL-2.0
#
# thermal_limit, over two boots. On mains power with hibernate_on_ac=0 the
# alarm's wake is a dark one: with the fake thermal zone below the limit,
# s2h goes back to sleep (the host then wakes it, as a user). With the zone
# at the limit, the next alarm's wake hibernates at once, mains power or
# not (QEMU powers off); the second boot resumes.
set -u
. /lib/s2h/lib.sh

marker=$(cat /proc/sys/kernel/random/uuid)
echo "$marker" >/tmp/marker
THERMAL=/sys/module/s2h_fake_thermal/parameters
fake_power_load ac_online=1 || exit 1
check "insmod s2h_fake_thermal.ko temp=89999" \
	insmod /lib/modules/s2h_fake_thermal.ko temp=89999 || exit 1
zone=$(grep -l '^s2h_fake$' /sys/class/thermal/thermal_zone*/type)
is "$(cat "${zone%type}temp" 2>&1)" 89999 "the fake zone reads 89999"
s2h_load delay_sec=8 hibernate_on_ac=0 thermal_limit=90000 || exit 1
swap_on

host expect-resuspend 60
host wake-after 2
suspend_mem
wait_for $S2H/state idle 10 "state is idle"
is_stat dark_wakes 1
is_stat thermal_hibernations 0
is_stat hibernations 0

echo 90000 >$THERMAL/temp
is "$(cat "${zone%type}temp" 2>&1)" 90000 "the fake zone reads 90000"
host expect-poweroff 90
suspend_mem

# Boot 2, resumed from the image written at the hot alarm's wake.
wait_for $S2H/stats/resumes_from_hibernation 1 180 "resumed from hibernation" || diag_stats
is "$(cat /tmp/marker)" "$marker" "tmpfs marker intact after resume"
wait_for $S2H/state idle 30 "state back to idle"
is_stat thermal_hibernations 1
is_stat hibernations 1
is_stat dark_wakes 1
is_file $S2H/last_cycle/on_ac 1 "last_cycle: on AC, hibernated all the same"
check "the log names the zone and the limit" \
	sh -c 'dmesg | grep -q "s2h: too hot: s2h_fake at 90000 millidegrees C, thermal_limit 90000"'
diag_stats
done_testing
