# SPDX-License-Identifier: GPL-2.0
#
# Persistent settings: /etc/s2h.conf and the udev rule of dist/, installed
# in the initramfs as "make install-config" installs them, on the path the
# rule takes without systemd (eudev): there is no udev here, so the
# module's add event is simulated, the rule's RUN command run as udev would
# run it. The systemd path (s2h.service, under systemd-udevd) is tested in
# a Debian VM by make check-user (selftests/vm/user-path.sh).
set -u
. /lib/s2h/lib.sh

RULES=/lib/udev/rules.d/60-s2h.rules

# What udev would run for the add event of module $1.
udev_add_module()
{
	grep -v '^#' $RULES | grep 'ACTION=="add"' | grep 'SUBSYSTEM=="module"' |
		grep "KERNEL==\"$1\"" | sed -n 's/.*RUN+="\([^"]*\)".*/\1/p'
}

check "modules-load.d names s2h" grep -qx s2h /etc/modules-load.d/s2h.conf
run=$(udev_add_module s2h)
is "$run" "/bin/s2hctl apply /etc/s2h.conf" "the rule runs s2hctl apply on the module's add event"

# The shipped file: every line a comment, the defaults; uncommented, each applies.
s2h_load || exit 1
check "the shipped /etc/s2h.conf applies (all commented)" $run
sed 's/^#\([a-z_]* = \)/\1/' /etc/s2h.conf >/tmp/uncommented.conf
check "the shipped settings, uncommented, all apply" s2hctl apply /tmp/uncommented.conf
is_file $S2H/delay_sec 10800 "the shipped delay is the default"
s2h_unload

base=$(wc -l </etc/s2h.conf)
cat >>/etc/s2h.conf <<'CONF'
delay = 1h30m
policy=battery
retries 3   # a comment after the value
battery_threshold = 101
colour = blue
hibernate_mode = suspend
CONF
s2h_load || exit 1
$run >/tmp/apply.out 2>/tmp/apply.err
status=$?
is "$(cat /tmp/apply.out)" "s2hctl: /etc/s2h.conf applied, but for the lines above" \
	"apply says the file applied, but for the bad lines"
s2hctl apply --check /etc/s2h.conf 2>/tmp/check.err
is "$?" 1 "apply --check finds the same bad lines"
is "$(cat /tmp/check.err)" "$(cat /tmp/apply.err)" "... in the same words"
diag "$(cat /tmp/apply.err)"
is "$status" 1 "apply exits 1: two lines were bad"
check "the out-of-range line is named by file:line, with the range" \
	grep -q "s2h.conf:$((base + 4)): battery_threshold: '101' is out of range (0 .. 100)" \
	/tmp/apply.err
check "the unknown key is named by file:line" \
	grep -q "s2h.conf:$((base + 5)): unknown setting 'colour'" /tmp/apply.err
is_file $S2H/delay_sec 5400 "delay_sec from the file"
is_file $S2H/policy battery "policy from the file"
is_file $S2H/retries 3 "retries from the file, comment and all"
is_file $S2H/hibernate_mode suspend "the line after the bad ones still applied"
is_file $S2H/battery_threshold 5 "the refused value left the old one"
done_testing
