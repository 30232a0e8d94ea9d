# SPDX-License-Identifier: GPL-2.0
#
# Every setting of the policy work through s2hctl: "set KEY VALUE" lands in
# /sys/power/s2h/FILE, a sysfs write shows in "show -j", and a bad value is
# refused by s2hctl itself (exit 2, the setting named, nothing sent, the
# file unchanged). The kernel's own refusals are s2h-nltest's (netlink-fuzz).
# No suspend here. Needs /bin/s2hctl (static) in the initramfs.
set -u
. /lib/s2h/lib.sh

# show -j's value for KEY: a number, true/false, or a word without quotes.
json()
{
	s2hctl show -j | sed -n "s/.*\"$1\":\"\{0,1\}\([a-z0-9_]*\).*/\1/p"
}

# KEY VALUE FILE CONTENT: "s2hctl set KEY VALUE" makes FILE read CONTENT.
good_values()
{
	cat <<'TABLE'
hibernate_on_ac no hibernate_on_ac 0
hibernate_on_ac on hibernate_on_ac 1
battery_threshold 0 battery_threshold 0
battery_threshold 100 battery_threshold 100
battery_threshold 7 battery_threshold 7
battery_threshold 6% battery_threshold 6
policy battery policy battery
policy delay policy delay
policy BATTERY policy battery
policy Delay policy delay
battery_check 1m battery_check_sec 60
battery_check 30d battery_check_sec 2592000
battery_check_sec 1h30m battery_check_sec 5400
retries 0 retries 0
retries 10 retries 10
retries 2 retries 2
hibernate_mode suspend hibernate_mode suspend
hibernate_mode shutdown hibernate_mode shutdown
require_verified yes require_verified hibernation
require_verified 0 require_verified no
require_verified True require_verified hibernation
require_verified n require_verified no
require_verified wake require_verified wake
require_verified Both require_verified both
require_verified hibernation require_verified hibernation
thermal_limit 90 thermal_limit 90000
thermal_limit 85C thermal_limit 85000
thermal_limit 0 thermal_limit 0
hibernate_no_hw_sleep on hibernate_no_hw_sleep 1
hibernate_no_hw_sleep no hibernate_no_hw_sleep 0
settle 20s settle_sec 20
settle 10m settle_sec 600
settle_sec 0 settle_sec 0
delay 5s delay_sec 5
delay 30d delay_sec 2592000
delay 3h delay_sec 10800
delay_low 1h delay_low_sec 3600
delay_low_sec 3h delay_low_sec 10800
battery_high 50 battery_high 50
battery_high 0 battery_high 0
ac_delay 1d ac_delay_sec 86400
ac_delay 0 ac_delay_sec 0
drain_budget 10 drain_budget 10
drain_budget 0 drain_budget 0
battery_critical 5 battery_critical 5
battery_critical 3 battery_critical 3
TABLE
}

# KEY VALUE FILE WORDS: "s2hctl set KEY VALUE" exits 2, stderr holds WORDS.
bad_values()
{
	cat <<'TABLE'
hibernate_on_ac sometimes hibernate_on_ac hibernate_on_ac: 'sometimes'
battery_threshold 101 battery_threshold battery_threshold: '101' is out of range (0 .. 100)
battery_threshold 5%% battery_threshold battery_threshold: '5%%'
policy Batteries policy policy: 'Batteries' is not one of delay|battery
battery_check 59s battery_check_sec battery_check: '59s' is out of range (1m .. 30d)
battery_check 31d battery_check_sec battery_check: '31d' is out of range
retries 11 retries retries: '11' is out of range (0 .. 10)
retries -1 retries retries: '-1'
hibernate_mode platform hibernate_mode hibernate_mode: 'platform' is not one of shutdown|suspend
require_verified 2 require_verified require_verified: '2'
thermal_limit 151 thermal_limit thermal_limit: '151' is out of range (0 .. 150): degrees Celsius
thermal_limit 90000 thermal_limit thermal_limit: '90000' is out of range (0 .. 150): degrees Celsius, not the millidegrees
thermal_limit 5% thermal_limit thermal_limit: '5%' is not whole degrees Celsius
hibernate_no_hw_sleep 2 hibernate_no_hw_sleep hibernate_no_hw_sleep: '2'
settle 601 settle_sec settle: '601' is out of range (0s .. 10m)
settle soon settle_sec settle: 'soon' is not a duration
delay 4 delay_sec delay: '4' is out of range (5s .. 30d)
delay_low 4s delay_low_sec delay_low: '4s' is out of range (5s .. 30d)
battery_high 101 battery_high battery_high: '101' is out of range (0 .. 100)
ac_delay never ac_delay_sec ac_delay: 'never' is not a duration
ac_delay 31d ac_delay_sec ac_delay: '31d' is out of range (0s .. 30d)
drain_budget 101 drain_budget drain_budget: '101' is out of range (0 .. 100)
battery_critical 101 battery_critical battery_critical: '101' is out of range (0 .. 100)
TABLE
}

test_good()
{
	local key value file want

	while read -r key value file want; do
		if s2hctl set "$key" "$value"; then
			is_file "$S2H/$file" "$want" "set $key $value: $file reads $want"
		else
			not_ok "set $key $value: refused"
		fi
	done <<EOF
$(good_values)
EOF
}

test_bad()
{
	local key value file words before err status

	while read -r key value file words; do
		before=$(cat "$S2H/$file")
		err=$(s2hctl set "$key" "$value" 2>&1 >/dev/null)
		status=$?
		case "$status:$err" in
		"2:"*"$words"*)
			is_file "$S2H/$file" "$before" "set $key $value: exit 2, '$err', $file kept" ;;
		*)
			not_ok "set $key $value: exit 2 naming '$words' (exit $status: $err)" ;;
		esac
	done <<EOF
$(bad_values)
EOF
}

# One message for all: a bad value anywhere in it and nothing changes.
test_all_or_nothing()
{
	local before err

	before=$(cat "$S2H/policy" "$S2H/retries")
	err=$(s2hctl set policy battery retries 3 battery_threshold 200 2>&1)
	is "$?" 2 "set policy battery retries 3 battery_threshold 200: exit 2 ($err)"
	is "$(cat "$S2H/policy" "$S2H/retries")" "$before" "policy and retries unchanged"
	check "set policy battery retries 3 hibernate_on_ac no in one message" \
		s2hctl set policy battery retries 3 hibernate_on_ac no
	is "$(json policy) $(json retries) $(json hibernate_on_ac)" "battery 3 false" \
		"show -j: policy battery, retries 3, hibernate_on_ac false"
}

# FILE VALUE KEY JSON: writing VALUE to sysfs FILE shows as JSON in show -j.
test_sysfs_to_show()
{
	local file value key want

	while read -r file value key want; do
		echo "$value" >"$S2H/$file"
		is "$(json "$key")" "$want" "sysfs $file=$value seen by show -j as $want"
	done <<'EOF'
hibernate_on_ac 0 hibernate_on_ac false
battery_threshold 42 battery_threshold 42
policy battery policy battery
battery_check_sec 900 battery_check_sec 900
retries 4 retries 4
hibernate_mode suspend hibernate_mode suspend
require_verified 1 require_verified hibernation
thermal_limit 85000 thermal_limit 85000
hibernate_no_hw_sleep 1 hibernate_no_hw_sleep true
settle_sec 45 settle_sec 45
EOF
}

test_defaults()
{
	is "$(json hibernate_on_ac) $(json battery_threshold) $(json policy)" "true 5 delay" \
		"defaults: hibernate_on_ac true, battery_threshold 5, policy delay"
	is "$(json battery_check_sec) $(json retries) $(json hibernate_mode)" "3600 1 shutdown" \
		"defaults: battery_check_sec 3600, retries 1, hibernate_mode shutdown"
	is "$(json require_verified)" no "defaults: require_verified no"
	is "$(json thermal_limit)" 0 "defaults: thermal_limit 0"
	is "$(json hibernate_no_hw_sleep)" false "defaults: hibernate_no_hw_sleep false"
	is "$(json settle_sec)" 0 "defaults: settle_sec 0"
}

restore_defaults()
{
	check "set every setting back to its default" s2hctl set enabled yes delay 3h \
		hibernate_on_ac yes battery_threshold 5 policy delay battery_check 1h \
		retries 1 hibernate_mode shutdown require_verified no thermal_limit 0 \
		hibernate_no_hw_sleep no settle 0
}

check "s2hctl is in the initramfs" test -x /bin/s2hctl || { done_testing; exit 1; }
s2h_load || exit 1
test_defaults
test_good
test_bad
test_all_or_nothing
test_sysfs_to_show
restore_defaults
test_defaults
done_testing
