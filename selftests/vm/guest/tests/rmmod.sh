# SPDX-License-Identifier: GPL-2.0
#
# Unloading and loading again, idle and after a suspend cycle.
set -u
. /lib/s2h/lib.sh

# rmmod, and /sys/power/s2h must go away with it.
unload()
{
	s2h_unload
	check "/sys/power/s2h is gone after rmmod" test ! -e $S2H
}

load()
{
	s2h_load "$@"
	check "/sys/power/s2h exists after insmod" test -d $S2H
}

load delay_sec=60 || exit 1
unload
load delay_sec=60
swap_on

host wake-after 3
suspend_mem
wait_for $S2H/state idle 10 "state back to idle after an early wake"
is_stat early_wakes 1
unload

load
is_file $S2H/state idle "state is idle after reload"
is_stat suspends 0
unload
done_testing
