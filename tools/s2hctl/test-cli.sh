#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The command line of s2hctl, table-driven: each row is the exit status, the
# words stderr must contain (empty for none) and the arguments, split by
# '|'. s2hctl finds usage errors before it opens a netlink socket; rows
# with exit status 3 get as far as asking for a family that is not there,
# which proves their words were accepted. stdin is not a terminal. TAP,
# ending in "N passed, N failed, N skipped".
#
# s2hctl asks for the netlink family S2H_FAMILY names, one that never
# exists, instead of s2h's: a package build on a machine running s2h
# neither changes the module's settings nor waits for its events (monitor),
# and rows of exit status 3 hold whether the module is loaded or not.
#
# Usage: test-cli.sh PATH-TO-S2HCTL
set -u

s2hctl=$1
S2H_FAMILY=s2h-test-absent
export S2H_FAMILY
tally=$(mktemp)
trap 'rm -f "$tally"' EXIT

cases()
{
	cat <<'TABLE'
0||--help
0||-h
0||--version
0||-V
0||help
0||help set
0||help monitor
0||show --help
0||set -h
0||check --help
0||monitor --help
0||apply --help
3|'s2h-test-absent'|
3|'s2h-test-absent'|-j
3|'s2h-test-absent'|show
3|'s2h-test-absent'|show -j
3|'s2h-test-absent'|--json show
3|'s2h-test-absent'|check
3|'s2h-test-absent'|monitor -t -j
3|'s2h-test-absent'|log
3|'s2h-test-absent'|log -j
3|'s2h-test-absent'|-j log
0||help metrics
0||metrics --help
3|'s2h-test-absent'|metrics
3|'s2h-test-absent'|metrics /tmp
3|'s2h-test-absent'|metrics -
3|'s2h-test-absent'|metrics -o -
3|'s2h-test-absent'|metrics -o /nonexistent/s2h.prom
1|/nonexistent/dir: no such directory|metrics /nonexistent/dir
2|'b'|metrics /tmp b
2|-o needs a FILE|metrics -o
2|a directory; give it without -o|metrics -o /tmp
2|unknown option '--save'|metrics --save
2|unknown option '-j'|-j metrics
2|--metrics needs a DIR|agent --metrics
3|'s2h-test-absent'|agent --metrics /nonexistent/dir
0||log --help
0||help log
2|'extra'|log extra
2|unknown option '-t'|log -t
2|unknown option '--save'|log --save
3|'s2h-test-absent'|set Delay 3H policy BATTERY enabled TRUE hibernate_mode Suspend
3|'s2h-test-absent'|set hibernate_on_ac n require_verified Y retries 2
3|'s2h-test-absent'|enable
2|unknown option '-j'|-j set delay 3h
2|unknown option '--save'|show --save
2|unknown option '-t'|show -t
2|unknown option '--yes'|apply --yes /etc/s2h.conf
2|--yes|check --verify
2|add --yes|check --verify
2|goes with --verify|check --yes
2|--wake-after goes with --verify-wake|check --wake-after 1m
2|--wake-after goes with --verify-wake|check --verify --wake-after 1m --yes
2|check --wake-after: '9' is out of range (10s .. 5m)|check --verify-wake --wake-after 9
2|check --wake-after: '5m1s' is out of range (10s .. 5m)|check --verify-wake --wake-after 5m1s
2|check --wake-after: '1x' is not a duration|check --verify-wake --wake-after 1x
2|--wake-after needs a value|check --verify-wake --wake-after
2|suspends this machine for 90 s|check --verify-wake --wake-after 90
2|suspends this machine for 20 s|check --verify-wake
2|'now'|check --verify --yes now
0||apply --check /dev/null
1|cannot read /dev/zero: not a regular file|apply --check /dev/zero
1|cannot read /dev/zero: not a regular file|report --record /dev/zero
1|cannot read /nonexistent/s2h.conf|apply --check /nonexistent/s2h.conf
1|/ is a directory: give a settings file|apply --check /
2|'frobnicate'|frobnicate
2|'--bogus'|--bogus
2|'-x'|-x
2|'frobnicate'|help frobnicate
2|'extra'|help set extra
2|'extra'|show extra
2|'-x'|show -x
2|'--jsonx'|show --jsonx
2|no setting|set
2|'delay'|set delay
2|'enabled'|set delay 3h enabled
2|'color'|set color blue
2|'Delays'|set Delays 3h
2|'maybe'|set enabled maybe
2|'5x'|set delay 5x
2|'-5'|set delay -5
2|'1h30'|set delay 1h30
2|'99999999999'|set delay 99999999999
2|twice|set delay 3h delay 2h
2|twice|set enabled yes enabled no
2|'now'|enable now
2|'now'|disable now
2|'-x'|monitor -x
2|'all'|monitor -j all
0||help check
2|'sometimes'|set policy sometimes
2|'platform'|set hibernate_mode platform
3|'s2h-test-absent'|set battery_threshold 5% drain_budget 10% thermal_limit 90C
3|'s2h-test-absent'|set thermal_limit 90 battery_high 50%
2|thermal_limit: '90000' is out of range (0 .. 150): degrees Celsius|set thermal_limit 90000
2|thermal_limit: '90F' is not whole degrees Celsius|set thermal_limit 90F
2|'two'|set retries two
2|'perhaps'|set require_verified perhaps
2|'1x'|set battery_check 1x
2|twice|set retries 1 retries 2
2|'--bogus'|check --bogus
2|'now'|check --verify now
2|'-5'|set delay -5 --save
0||help apply
2|one FILE|apply
2|one FILE|apply a b
3|'s2h-test-absent'|apply /nonexistent/s2h.conf
3|'s2h-test-absent'|show --origin
3|'s2h-test-absent'|-j show --origin
3|'s2h-test-absent'|show -j --origin
2|unknown option '--origin'|log --origin
2|unknown option '--origin'|check --origin
2|delay: '4' is out of range (5s .. 30d)|set delay 4
2|delay_sec: '30d1s' is out of range|set delay_sec 30d1s
2|hibernate_on_ac: 'sometimes'|set hibernate_on_ac sometimes
2|battery_threshold: '101' is out of range (0 .. 100)|set battery_threshold 101
2|battery_check: '59s' is out of range (1m .. 30d)|set battery_check 59s
2|battery_check_sec: '31d'|set battery_check_sec 31d
2|retries: '11' is out of range (0 .. 10)|set retries 11
2|hibernate_mode: 'hybrid' is not one of shutdown|set hibernate_mode hybrid
2|policy: 'Delays' is not one of delay|set policy Delays
2|'retries'|set policy battery retries
2|retries: '99'|set policy battery hibernate_mode suspend retries 99
0||help report
0||report --help
2|--days takes a whole number of days from 1 to 366, not '0'|report --days 0
2|not '367'|report --days 367
2|not 'x'|report --days x
2|not '-1'|report --days -1
2|not '7x'|report --days 7x
2|not '-o'|report --days -o /tmp/x
2|--days needs a value|report --days
2|--record needs a value|report -j --record
2|-o needs a FILE (- for standard output)|report -o
2|-o /tmp: a directory; give a FILE in it|report -o /tmp
2|'extra'|report extra
2|'b'|report -o a b
2|unknown option '--save'|report --save
2|unknown option '-t'|report -t
1|no record of cycles in /nonexistent (s2h-agent.service writes cycles.jsonl|report --record /nonexistent
1|cannot read /dev/null/x: Not a directory|report --days 3 --record /dev/null/x
TABLE
}

# check WANT WORD ARGS...: prints "ok" or why not
check()
{
	want=$1
	word=$2
	shift 2
	err=$("$s2hctl" "$@" 2>&1 >/dev/null </dev/null)
	status=$?
	if [ "$status" != "$want" ]; then
		echo "exit $status: $err"
	elif [ -n "$word" ] && ! printf '%s' "$err" | grep -qF -- "$word"; then
		echo "stderr: $err"
	elif [ "$want" = 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" != 1 ]; then
		echo "not one line: $err"
	else
		echo ok
	fi
}

echo "TAP version 13"
n=0
failed=0
cases | while IFS='|' read -r want word args; do
	n=$((n + 1))
	# shellcheck disable=SC2086 # the table's words are split on purpose
	verdict=$(check "$want" "$word" $args)
	desc="s2hctl $args: exit $want${word:+, stderr names $word}"
	if [ "$verdict" = ok ]; then
		echo "ok $n - $desc"
	else
		failed=$((failed + 1))
		echo "not ok $n - $desc ($verdict)"
	fi
	echo "$n $failed" >"$tally"
done
read -r n failed <"$tally"

n=$((n + 1))
version=$("$s2hctl" --version)
if [ "$version" = "s2hctl $(cat "$(dirname "$0")/../../VERSION")" ]; then
	echo "ok $n - --version prints the VERSION file: $version"
else
	failed=$((failed + 1))
	echo "not ok $n - --version prints the VERSION file (got: $version)"
fi
# The bash completion reads the keys and their values from "help set".
complete_words()
{
	bash -c 's2hctl() { "$S2HCTL" "$@"; }
		complete() { :; }
		. "$1"
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		_s2hctl
		echo "${COMPREPLY[*]}"' - "$(dirname "$0")/s2hctl.bash-completion" "$@"
}

completion_case()
{
	want=$1
	shift
	n=$((n + 1))
	got=$(S2HCTL=$s2hctl complete_words "$@")
	if [ "$got" = "$want" ]; then
		echo "ok $n - completion of '$*': $want"
	else
		failed=$((failed + 1))
		echo "not ok $n - completion of '$*': $want (got: $got)"
	fi
}

# tap_ok DESC CMD...: one TAP line from a command's status.
tap_ok()
{
	desc=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $desc"
	else
		failed=$((failed + 1))
		echo "not ok $n - $desc"
	fi
}

# has_lines FILE LINE...: FILE has each LINE, whole. One command, so that
# every line is inside tap_ok's check: "tap_ok ... grep A && grep B" would
# leave grep B outside it, its result lost.
has_lines()
{
	file=$1
	shift
	for line; do
		grep -qxF -- "$line" "$file" || return 1
	done
}

# set --save without the module: the file gets the values, comments kept.
conf=$(mktemp)
trap 'rm -f "$tally" "$conf"' EXIT
cp "$(dirname "$0")/../../dist/s2h.conf" "$conf"
err=$(S2H_CONF=$conf "$s2hctl" set --save delay 2h policy battery 2>&1)
tap_ok "set --save without the module: exit 3, saved but not applied, then why" \
	sh -c '[ $1 = 3 ] && printf "%s\n" "$2" | head -n 1 | grep -q "saved in .*not applied now" &&
		printf "%s" "$2" | grep -q "S2H_FAMILY"' - $? "$err"
tap_ok "set --save wrote delay = 2h and policy = battery" \
	has_lines "$conf" 'delay = 2h' 'policy = battery'
tap_ok "set --save kept every line of the shipped file" \
	sh -c 'grep -vx -e "delay = 2h" -e "policy = battery" "$1" | cmp -s - "$2"' - \
	"$conf" "$(dirname "$0")/../../dist/s2h.conf"
tap_ok "apply --check reads the saved file back without an error" \
	"$s2hctl" apply --check "$conf"
S2H_CONF=$conf "$s2hctl" set --save delay 1h30m >/dev/null 2>&1
tap_ok "set --save again replaces the line it wrote" \
	sh -c '[ "$(grep -c "^delay" "$1")" = 1 ] && grep -qx "delay = 1h30m" "$1"' - "$conf"
S2H_CONF=$conf "$s2hctl" set --save delay 4 >/dev/null 2>&1
tap_ok "set --save of a bad value: exit 2, the file untouched" \
	sh -c '[ $1 = 2 ] && grep -qx "delay = 1h30m" "$2"' - $? "$conf"
S2H_CONF=$conf "$s2hctl" set --save thermal_limit 90 >/dev/null 2>&1
tap_ok "set --save thermal_limit 90: the file has degrees, and reads back" \
	sh -c 'grep -qx "thermal_limit = 90" "$2" && "$1" apply --check "$2"' - "$s2hctl" "$conf"
tap_ok "help set: thermal_limit in degrees Celsius, the percents in percent" \
	sh -c '"$1" help set | grep -q "^ *thermal_limit *N °C (0 \.\. 150)\$" &&
		"$1" help set | grep -q "^ *battery_threshold *N % (0 \.\. 100)\$"' - "$s2hctl"
tap_ok "exit status 2 of check --verify without a terminal: --help and s2hctl(8) say it" \
	sh -c '"$1" --help | grep -q "check --verify without a terminal" &&
		grep -A5 "^\.B 2\$" "$2" | grep -q "check \\\\-\\\\-verify"' - \
	"$s2hctl" "$(dirname "$0")/../../Documentation/s2hctl.8"
tap_ok "a usage error points once, at the command's help" \
	sh -c 'err=$("$1" set color blue 2>&1); [ "$(printf "%s" "$err" | grep -o "(see:" | wc -l)" = 1 ] &&
		printf "%s" "$err" | grep -q "(see: s2hctl help set)\$"' - "$s2hctl"
tap_ok "s2hctl -h show: the help of show, as show -h" \
	sh -c '[ "$("$1" -h show)" = "$("$1" show -h)" ] && "$1" -h show | grep -q "^  s2hctl show"' \
	- "$s2hctl"
tap_ok "a BOOL's words: the same list in help and in errors" \
	sh -c 'w=$("$1" set enabled maybe 2>&1 | sed -n "s/.*is not one of \([^ ]*\).*/\1/p");
		[ -n "$w" ] && "$1" help set | grep -qF "BOOL: $w;"' - "$s2hctl"
printf 'delay = 3x\nfoo = bar\nretries 2 # fine\n' >"$conf"
err=$("$s2hctl" apply --check "$conf" 2>&1)
tap_ok "apply --check: exit 1, each bad line named as FILE:LINE" \
	sh -c '[ $1 = 1 ] && printf "%s" "$2" | grep -q ":1: delay" &&
		printf "%s" "$2" | grep -q ":2: unknown setting" &&
		! printf "%s" "$2" | grep -q ":3:"' - $? "$err"
printf 'delay = 3h\nretries 2\nDelay_sec 2h\n' >"$conf"
err=$("$s2hctl" apply --check "$conf" 2>&1)
tap_ok "apply --check: a setting given twice: exit 1, its second line named" \
	sh -c '[ $1 = 1 ] && printf "%s" "$2" |
		grep -q ":3: .delay. given twice (first on line 1)"' - $? "$err"

# Drop-ins: FILE.d/*.conf after FILE, in the byte order of their names
# (9-late.conf after 10-early.conf), a later file winning; other names,
# hidden files and directories are not read.
ddir=$(mktemp -d)
trap 'rm -f "$tally" "$conf"; rm -rf "$ddir"' EXIT
mkdir "$ddir/s2h.conf.d" "$ddir/s2h.conf.d/sub.conf"
printf 'delay = 3h\nretries = 2\n' >"$ddir/s2h.conf"
printf 'policy = battery\ndelay = 2h\nbattery_high = 150\n' >"$ddir/s2h.conf.d/9-late.conf"
printf '# the fleet\ndelay = 1h\nretries = 3\nretries = 4\n' >"$ddir/s2h.conf.d/10-early.conf"
for f in .hidden.conf 50-fleet.conf.dpkg-old README .conf; do
	echo "colour = blue" >"$ddir/s2h.conf.d/$f"
done
err=$("$s2hctl" apply --check "$ddir/s2h.conf" 2>&1)
tap_ok "apply --check with drop-ins: exit 1, each bad drop-in line named as FILE:LINE" \
	sh -c '[ $1 = 1 ] && printf "%s\n" "$2" | grep -q "s2h.conf.d/10-early.conf:4: .retries. given twice (first on line 3)" &&
		printf "%s\n" "$2" | grep -q "s2h.conf.d/9-late.conf:3: battery_high: .150. is out of range"' \
	- $? "$err"
tap_ok "apply --check with drop-ins: only those two lines, in the order the files are read" \
	sh -c '[ "$(printf "%s\n" "$1" | sed -n "s|^s2hctl: .*/\(s2h.conf[^ ]*\): .*|\1|p" |
		tr "\n" " ")" = "s2h.conf.d/10-early.conf:4 s2h.conf.d/9-late.conf:3 " ]' - "$err"
tap_ok "apply --check: hidden files, other names and directories of s2h.conf.d are not read" \
	sh -c '! printf "%s" "$1" | grep -q -e colour -e sub.conf' - "$err"
printf 'battery_high = 50\n' >"$ddir/s2h.conf.d/9-late.conf"
sed -i '$d' "$ddir/s2h.conf.d/10-early.conf"
tap_ok "apply --check with good drop-ins: exit 0, nothing said" \
	sh -c '[ -z "$("$1" apply --check "$2" 2>&1)" ]' - "$s2hctl" "$ddir/s2h.conf"
tap_ok "apply --check: no FILE.d at all is fine" \
	sh -c 'rm -r "$2.d" && [ -z "$("$1" apply --check "$2" 2>&1)" ]' - "$s2hctl" "$ddir/s2h.conf"
mkdir "$ddir/s2h.conf.d"
printf 'delay = 1h\n' >"$ddir/s2h.conf.d/10-early.conf"
printf 'delay = 2h\nretries = 5\n' >"$ddir/s2h.conf.d/9-late.conf"
printf 'delay = 30m\n' >"$ddir/s2h.conf.d/50-fleet.conf.disabled"
err=$(S2H_CONF=$ddir/s2h.conf "$s2hctl" set --save delay 4h policy battery retries 5 2>&1)
tap_ok "set --save under a drop-in: saved in FILE, and a warning names the line that wins" \
	sh -c '[ $1 = 3 ] && grep -qx "delay = 4h" "$3" &&
		printf "%s\n" "$2" | grep -q "^s2hctl: warning: .*/s2h.conf.d/9-late.conf:1 sets delay = 2h, which wins over .*/s2h.conf at the next load\$"' \
	- $? "$err" "$ddir/s2h.conf"
tap_ok "set --save: no warning for a key no drop-in sets, nor one a drop-in sets alike" \
	sh -c '[ "$(printf "%s\n" "$1" | grep -c warning)" = 1 ]' - "$err"
err=$(S2H_CONF=$ddir/s2h.conf "$s2hctl" set --save delay 2h 2>&1)
tap_ok "set --save of the value the drop-in has: no warning" \
	sh -c '! printf "%s" "$1" | grep -q warning' - "$err"

completion_case "enabled delay hibernate_on_ac battery_threshold policy battery_check retries \
hibernate_mode require_verified handoff delay_low battery_high ac_delay drain_budget \
battery_critical thermal_limit hibernate_no_hw_sleep settle" s2hctl set ""
completion_case "0 30s 1m 5m" s2hctl set handoff ""
completion_case "0 10s 20s 1m" s2hctl set settle ""
completion_case "0 10s 20s 1m" s2hctl set settle_sec ""
completion_case "30m 1h 3h 1d" s2hctl set ac_delay ""
completion_case "delay battery" s2hctl set policy ""
completion_case "shutdown suspend" s2hctl set enabled no hibernate_mode ""
completion_case "no hibernation wake both" s2hctl set require_verified ""
completion_case "30m 1h 3h 1d" s2hctl set battery_check_sec ""
completion_case "--verify-wake --wake-after --verify --yes" s2hctl check ""
completion_case "20s 1m 2m 5m" s2hctl check --verify-wake --wake-after ""
completion_case "--save" s2hctl set -
completion_case "--check" s2hctl apply -
completion_case "-j --json --origin" s2hctl show -
completion_case "-j --json -t --timestamps" s2hctl monitor -
completion_case "-o --output" s2hctl metrics -
completion_case "--metrics" s2hctl agent -
completion_case "--days -o --output -j --json --record" s2hctl report -
completion_case "1 7 30" s2hctl report --days ""

# report, from the sample record the browser test renders, without the
# module (S2H_FAMILY names one that is not there): it reads files only.
sample=$(dirname "$0")/../../selftests/report/sample
rout=$(mktemp -d)
TZ=UTC "$s2hctl" report --record "$sample" >"$rout/text" 2>"$rout/err"
tap_ok "report without the module: exit 0, a line a night, the verdicts" \
	sh -c '[ $1 = 0 ] && grep -q "^4 nights from 2026-12-01 to 2026-12-04" "$2" &&
		[ "$(grep -c "^2026-12-0[1-4] " "$2")" = 4 ] &&
		grep -qF "2026-12-02: s2idle drained 3.9 %/h" "$2"' - $? "$rout/text"
tap_ok "report: the torn last line said once on stderr, naming FILE:LINE" \
	sh -c '[ "$(wc -l <"$1")" = 1 ] && grep -q "cycles.jsonl:7: not a whole cycle" "$1"' - \
	"$rout/err"
TZ=UTC "$s2hctl" -j report --record "$sample" --days 2 >"$rout/json" 2>/dev/null
tap_ok "-j report --days 2: JSON of the newest 2 nights" \
	sh -c '[ $1 = 0 ] && [ "$(grep -o "\"night\":\"[0-9-]*\"" "$2" | tr "\n" " ")" = \
		"\"night\":\"2026-12-03\" \"night\":\"2026-12-04\" " ]' - $? "$rout/json"
TZ=UTC "$s2hctl" report -o "$rout/r.html" --record "$sample" 2>/dev/null
tap_ok "report -o FILE: an HTML page in FILE, nothing on stdout" \
	sh -c '[ $1 = 0 ] && head -n 1 "$2" | grep -qx "<!DOCTYPE html>" &&
		grep -q "<svg class=\"timeline\"" "$2"' - $? "$rout/r.html"
err=$("$s2hctl" report --record "$sample" -o /nonexistent/r.html 2>&1 >/dev/null)
tap_ok "report -o an unwritable FILE: exit 1, why, and what to do" \
	sh -c '[ $1 = 1 ] && printf "%s" "$2" | grep -q "cannot write /nonexistent/r.html: No such file or directory (give -o a writable FILE)"' \
	- $? "$err"
rm -rf "$rout"

completion_case "-a --all -j --json" s2hctl log -

# log --all reads the record without the module: none yet, then one record
# and a torn last line (a power cut as it was written): one warning, exit 0.
rdir=$(mktemp -d)
out=$(S2H_STATEDIR=$rdir "$s2hctl" log --all 2>&1)
tap_ok "log --all, no record yet: exit 0, says so" \
	sh -c '[ $1 = 0 ] && printf "%s" "$2" | grep -q "no cycle recorded in $3/cycles.jsonl"' - \
	$? "$out" "$rdir"
printf '%s\n%s' '{"v":1,"boot":"b","seq":3,"suspended_at":1765000000,"woke_at":1765000060,"wake":"early","decision":"none","result":0,"dark_wakes":0,"wakes":[{}],"state_ms":{"idle":0,"armed":60000,"hibernating":0,"resuming":0}}' \
	'{"v":1,"boot":"b","seq":4,"susp' >"$rdir/cycles.jsonl"
S2H_STATEDIR=$rdir "$s2hctl" log --all >"$rdir/out" 2>"$rdir/err"
tap_ok "log --all, a torn last line: exit 0, the record shown, one warning" \
	sh -c '[ $1 = 0 ] && grep -q "^   3  .* early " "$2/out" && [ "$(wc -l <"$2/err")" = 1 ] &&
		grep -q "torn" "$2/err"' - $? "$rdir"
S2H_STATEDIR=$rdir "$s2hctl" log --all -j >"$rdir/out" 2>/dev/null
tap_ok "log --all -j: the records, as they are, in an array" \
	sh -c 'head -c 26 "$1" | grep -qF "[{\"v\":1,\"boot\":\"b\",\"seq\":3"' - "$rdir/out"
# The older file a link to /dev/zero (no record of s2h's): not read, said, the
# current one still shown - where it used to read without end.
ln -s /dev/zero "$rdir/cycles.jsonl.1"
S2H_STATEDIR=$rdir timeout 10 "$s2hctl" log --all >"$rdir/out" 2>"$rdir/err"
tap_ok "log --all, the older file a link to /dev/zero: not read, said; the rest shown" \
	sh -c '[ $1 = 0 ] && grep -q "^   3  .* early " "$2/out" &&
		grep -q "cycles.jsonl.1: not a regular file: not read" "$2/err"' - $? "$rdir"
rm -rf "$rdir"

# metrics DIR without the module: exit 3 and nothing written, not even a
# temporary file - the kernel is asked before the file is made.
mdir=$(mktemp -d)
"$s2hctl" metrics "$mdir" >/dev/null 2>&1
tap_ok "metrics DIR without the module: exit 3, DIR left empty" \
	sh -c '[ $1 = 3 ] && [ -z "$(ls -A "$2")" ]' - $? "$mdir"
rmdir "$mdir"
tap_ok "s2h-agent.service keeps s2h.prom in the directory metrics names as Debian's" \
	sh -c 'd=$("$1" help metrics | tr -s " \n" "  " | sed -n "s/.*on Debian \([^)]*\)).*/\1/p");
		[ -n "$d" ] && grep -qx "ExecStart=@BINDIR@/s2hctl agent --metrics $d" "$2"' - \
	"$s2hctl" "$(dirname "$0")/../../dist/s2h-agent.service.in"

# zsh and fish: the scripts parse, and fish offers the same words. Both
# shells are test dependencies (scripts/install-deps.sh): a missing one
# fails, as a skip would pass untested completions.
dir=$(dirname "$0")
if command -v zsh >/dev/null; then
	tap_ok "zsh completion parses" zsh -n "$dir/s2hctl.zsh-completion"
else
	tap_ok "zsh completion parses (no zsh: scripts/install-deps.sh installs it)" false
fi
if command -v fish >/dev/null; then
	tap_ok "fish completion parses" fish --no-execute "$dir/s2hctl.fish"
	fish_words()
	{
		PATH=$(dirname "$s2hctl"):$PATH fish --no-config -c \
			"source $dir/s2hctl.fish; complete -C '$1'" | cut -f1 | tr '\n' ' '
	}
	tap_ok "fish offers the commands" \
		sh -c 'for w in show set check apply monitor metrics agent report; do
			printf "%s" "$1" | grep -qw $w || exit 1; done' - "$(fish_words 's2hctl ')"
	tap_ok "fish offers the keys of set" \
		sh -c 'printf "%s" "$1" | grep -qw require_verified' - "$(fish_words 's2hctl set ')"
	# fish sorts what it offers
	tap_ok "fish offers the words of policy" \
		sh -c '[ "$1" = "battery delay " ]' - "$(fish_words 's2hctl set policy ')"
	tap_ok "fish offers check --verify-wake" \
		sh -c 'printf "%s" "$1" | grep -qw -- --verify-wake' - "$(fish_words 's2hctl check --')"
	tap_ok "fish offers the durations of check --wake-after" \
		sh -c '[ "$(printf "%s\n" $1 | sort | tr "\n" " ")" = "1m 20s 2m 5m " ]' - \
		"$(fish_words 's2hctl check --verify-wake --wake-after ')"
	tap_ok "fish offers the durations of settle" \
		sh -c '[ "$1" = "0 1m 10s 20s " ]' - "$(fish_words 's2hctl set settle ')"
else
	tap_ok "fish completion (no fish: scripts/install-deps.sh installs it)" false
fi

echo "1..$n"
echo "$((n - failed)) passed, $failed failed, 0 skipped"
[ "$failed" = 0 ]
