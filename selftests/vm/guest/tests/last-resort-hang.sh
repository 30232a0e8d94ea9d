# SPDX-License-Identifier: GPL-2.0
#
# The last resort when the init system's power-off hangs: a unit that never
# finishes its stop at 3 % would keep the machine up until the battery dies
# mid-shutdown. Here poweroff_cmd is a script that hangs forever; s2h asks
# for the kernel's hardware-protection power-off, which powers off without
# it S2H_POWEROFF_FORCE_MS (120 s) after it started. No swap, 6 % at the
# suspend losing 3 % a minute, checked after 60 s: at 3 % s2h powers off.
# The script tells the host when it starts, and the host wants QEMU gone
# within the deadline and a margin, with the kernel's word that it forced
# the power-off. With orderly_poweroff() alone QEMU never exits.
# Needs s2h_fake_power.ko.
set -u
. /lib/s2h/lib.sh

# decide.h's S2H_POWEROFF_FORCE_MS, and a margin for a slow VM.
deadline=120
margin=30

fake_power_load capacity=6 ac_online=0 || exit 1
s2h_load battery_check_sec=60 || exit 1
is_file $S2H/available no "hibernation is out: no swap"

cat >/tmp/s2h-poweroff-hang <<SCRIPT
#!/bin/sh
exec 3>/dev/ttyS1
. /lib/s2h/lib.sh
ok "poweroff_cmd ran"
is_stat power_offs 1
check "dmesg: the kernel's hardware-protection power-off, for s2h" \
	sh -c 'dmesg | grep -q "HARDWARE PROTECTION shutdown (s2h: battery critical"'
host expect-forced-shutdown $((deadline + margin))
done_testing
# A unit that never stops: only the kernel's deadline ends this.
while :; do sleep 3600; done
SCRIPT
chmod 755 /tmp/s2h-poweroff-hang
echo /tmp/s2h-poweroff-hang >/proc/sys/kernel/poweroff_cmd

echo 3 >$FAKE/drain_pct_per_min
suspend_mem

# The check's wake powers off; /tmp/s2h-poweroff-hang asks the host to
# watch. If s2h slept on instead, the host's test timeout fails it.
sleep 900
