# SPDX-License-Identifier: GPL-2.0
#
# Drop-ins: /etc/s2h.conf.d/*.conf, read after /etc/s2h.conf in the byte
# order of their names, a later file winning, applied by the command the
# udev rule runs (as conf-apply.sh runs it: no udev here). A bad drop-in
# line is named as FILE:LINE and the rest still applies; show --origin
# says which file and line set each value, and what no file set; set
# --save warns of the drop-in that will win at the next load.
set -u
. /lib/s2h/lib.sh

RULES=/lib/udev/rules.d/60-s2h.rules
D=/etc/s2h.conf.d

run=$(grep -v '^#' $RULES | grep 'ACTION=="add"' | grep 'KERNEL=="s2h"' |
	sed -n 's/.*RUN+="\([^"]*\)".*/\1/p')
is "$run" "/bin/s2hctl apply /etc/s2h.conf" "the rule applies /etc/s2h.conf"

# origin_of KEY: the origin column of show --origin for KEY: after the
# value, past two spaces or more (a value has single spaces only).
origin_of()
{
	s2hctl show --origin 2>/dev/null | sed -n "s/^$1:.*[^ ]   *\([^ ].*\)\$/\1/p"
}

base=$(wc -l </etc/s2h.conf)
cat >>/etc/s2h.conf <<'CONF'
delay = 3h
retries = 2
battery_threshold = 7
CONF
mkdir -p $D
printf 'delay = 1h\npolicy = battery\n' >$D/10-site.conf
cat >$D/50-fleet.conf <<'CONF'
delay = 2h
battery_threshold = 101
retries = 4
colour = blue
hibernate_mode = suspend
CONF
# "9-late" sorts after "50-fleet": byte order, as systemd's, not numbers.
printf 'delay = 45m\n' >$D/9-late.conf
printf 'enabled = no\n' >$D/.hidden.conf
printf 'enabled = no\n' >$D/60-off.conf.dpkg-new
printf 'enabled = no\n' >$D/README

s2h_load || exit 1
$run >/tmp/apply.out 2>/tmp/apply.err
status=$?
diag "$(cat /tmp/apply.err)"
is "$status" 1 "apply exits 1: two drop-in lines were bad"
is "$(cat /tmp/apply.out)" \
	"s2hctl: /etc/s2h.conf, $D/10-site.conf, $D/50-fleet.conf, $D/9-late.conf applied, but for the lines above" \
	"apply names the files it read, in order"
check "the bad value is named by drop-in file:line, with the range" \
	grep -q "^s2hctl: $D/50-fleet.conf:2: battery_threshold: '101' is out of range (0 .. 100)" \
	/tmp/apply.err
check "the unknown key is named by drop-in file:line" \
	grep -q "^s2hctl: $D/50-fleet.conf:4: unknown setting 'colour'" /tmp/apply.err
is "$(wc -l </tmp/apply.err)" 2 "... and nothing else is refused"
s2hctl apply --check /etc/s2h.conf 2>/tmp/check.err
is "$?" 1 "apply --check finds the same bad lines"
is "$(cat /tmp/check.err)" "$(cat /tmp/apply.err)" "... in the same words"

is_file $S2H/delay_sec 2700 "delay: the last drop-in (9-late.conf) wins over the others and s2h.conf"
is_file $S2H/policy battery "policy: from the only drop-in that sets it"
is_file $S2H/retries 4 "retries: a drop-in wins over s2h.conf"
is_file $S2H/battery_threshold 7 "battery_threshold: the bad drop-in line refused, s2h.conf's applies"
is_file $S2H/hibernate_mode suspend "the drop-in line after the bad ones still applied"
is_file $S2H/enabled 1 "hidden files and other names than *.conf are not read"

s2hctl show --origin >/tmp/origin.out 2>/tmp/origin.err
is "$?" 0 "show --origin exits 0"
diag "$(cat /tmp/origin.out)"
check "show --origin: the module's values, with the file:line of each" \
	grep -q "^delay: *45m (2700 s) *$D/9-late.conf:1\$" /tmp/origin.out
is "$(origin_of battery_threshold)" "/etc/s2h.conf:$((base + 3))" \
	"show --origin: the line of s2h.conf that applied, not the bad drop-in's"
is "$(origin_of retries)" "$D/50-fleet.conf:3" "show --origin: retries from the drop-in"
is "$(origin_of enabled)" "default" "show --origin: a setting no file gives is the default"
check "show --origin: the files' bad lines said on stderr" \
	grep -q "apply --check /etc/s2h.conf names them" /tmp/origin.err
check "show --origin: no runtime note while the module has what the files say" \
	sh -c '! grep -q "^runtime:" /tmp/origin.out'

# Changed without --save: the module no longer has what the files say.
s2hctl set retries 6 handoff 30s
is "$(origin_of retries)" "runtime ($D/50-fleet.conf:3 says 4)" \
	"show --origin: set without --save is runtime, and what the file says"
is "$(origin_of handoff)" "runtime (loaded with 0s)" \
	"show --origin: runtime for a setting no file gives, with the load's value"
check "show --origin: a note says what runtime means" \
	sh -c 's2hctl show --origin 2>/dev/null | grep -q "^runtime: "'
check "show -j --origin: value, origin, file and line" \
	sh -c 's2hctl show -j --origin | grep -qF "\"delay_sec\":{\"value\":2700,\"origin\":\"file\",\"file\":\"/etc/s2h.conf.d/9-late.conf\",\"line\":1}"'
check "show -j --origin: runtime, with the line the module differs from" \
	sh -c 's2hctl show -j --origin | grep -qF "\"retries\":{\"value\":6,\"origin\":\"runtime\",\"file\":\"/etc/s2h.conf.d/50-fleet.conf\",\"line\":3}"'

# set --save writes /etc/s2h.conf; a drop-in that sets the key still wins.
s2hctl set --save delay 5h battery_check 2h 2>/tmp/save.err
is "$?" 0 "set --save under a drop-in: exit 0"
diag "$(cat /tmp/save.err)"
is "$(cat /tmp/save.err)" \
	"s2hctl: warning: $D/9-late.conf:1 sets delay = 45m, which wins over /etc/s2h.conf at the next load" \
	"set --save warns of the drop-in line that wins over the saved delay (and of nothing else)"
is_file $S2H/delay_sec 18000 "set --save applied the value now"
check "set --save wrote /etc/s2h.conf" grep -qx "delay = 5h" /etc/s2h.conf
s2h_unload
s2h_load || exit 1
$run >/dev/null 2>&1
is_file $S2H/delay_sec 2700 "at the next load, the drop-in wins, as warned"
is_file $S2H/battery_check_sec 7200 "... and the saved key no drop-in sets is s2h.conf's"

# No drop-in directory at all: s2h.conf alone, as before.
rm -r $D
$run >/tmp/apply.out 2>&1
is "$(cat /tmp/apply.out)" "s2hctl: /etc/s2h.conf applied" "without /etc/s2h.conf.d, s2h.conf alone applies"
is_file $S2H/delay_sec 18000 "... its saved delay"
s2h_unload

# Loaded with a parameter, the files not applied (yet): the parameter is
# the default, and the files' lines are not what the module has.
s2h_load battery_critical=4 || exit 1
is "$(origin_of battery_critical)" "default" "show --origin: a module parameter is the default"
line=$(grep -n '^delay = 5h$' /etc/s2h.conf | cut -d: -f1)
is "$(origin_of delay)" "runtime (/etc/s2h.conf:$line says 5h)" \
	"show --origin: files not applied since the load are not what the module has"
s2h_unload
done_testing
