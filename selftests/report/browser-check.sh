#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# browser-check.sh [RECORD] - s2hctl report's page as a browser shows it.
# RECORD (a directory or a file; default the sample record beside this
# script, whose nights test-report checks figure by figure) is rendered with
# s2hctl report -o, then opened in Debian's headless Chromium: its DOM
# (--dump-dom) must have a timeline a night with the bands the JSON counts,
# only the page's own elements - every wake source of the record as text -
# and its screenshot must show them (picture.py: the colours of the states
# in one band a night, the battery's line over them). The page must name
# no URL and load nothing (no src= but data:). A missing chromium fails:
# nothing here is skipped. In UTC, as the VM guests are. TAP, ending in
# "N passed, N failed, N skipped".
#
# Without RECORD, it also checks the README's picture. REPORT_SCREENSHOT=FILE
# keeps the screenshot (the README's picture is the VM test report's, cut
# with picture.py crop); S2HCTL names the s2hctl to run.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
. "$top/scripts/tap.sh"

record=${1:-$here/sample}
s2hctl=${S2HCTL:-$top/tools/s2hctl/s2hctl}
# the VM tests build the static one only
[ -n "${S2HCTL:-}" ] || [ -x "$s2hctl" ] || s2hctl=$s2hctl.static
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
TZ=UTC
export TZ

echo "TAP version 13"
tap_setup "chromium is installed (scripts/install-deps.sh)" command -v chromium
tap_setup "python3 is installed" command -v python3
tap_setup "$s2hctl is built" test -x "$s2hctl"
tap_setup "s2hctl report -j --record $record" \
	sh -c '"$1" report -j --record "$2" >"$3"' - "$s2hctl" "$record" "$work/report.json"

# figure EXPR: a Python expression on the report's JSON, r.
figure()
{
	python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print($1)" \
		"$work/report.json"
}
nights=$(figure 'len(r["nights"])')
hibernated=$(figure 'sum(n["hibernations"] for n in r["nights"])')
dark=$(figure 'sum(n["dark_wakes"] for n in r["nights"])')
echo "# $nights night(s), $hibernated hibernation(s), $dark dark wake(s)"
tap_result "$([ "$nights" -gt 0 ]; echo $?)" "the record has at least one night ($nights)"

tap_run "s2hctl report -o page.html" "$s2hctl" report --record "$record" -o "$work/page.html"

# No address of any kind, nothing loaded: it opens offline.
offline()
{
	! grep -Eno 'https?://|(src|href) *= *"?[a-z]+:|url\(|@import' "$1" &&
		! grep -Eo 'src *= *"?[^"> ]*' "$1" | grep -v '^src *= *"\?data:'
}
tap_run "the page names no URL and loads nothing (no src= but data:)" offline "$work/page.html"

# chromium ARGS...: the page in headless Chromium, with a profile of its
# own (nothing of a user's read), its chatter in chromium.log.
chromium_page()
{
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--no-first-run --force-device-scale-factor=1 --user-data-dir="$work/profile" \
		"$@" "file://$work/page.html" 2>>"$work/chromium.log"
}
dump_dom()
{
	chromium_page --dump-dom >"$work/dom.html" && [ -s "$work/dom.html" ]
}
tap_setup "chromium --dump-dom" dump_dom

# dom_has EXPECTED PATTERN: the DOM has EXPECTED matches of PATTERN (ERE).
dom_has()
{
	got=$(grep -Eo "$2" "$work/dom.html" | wc -l)
	[ "$got" -eq "$1" ] || { echo "$got times '$2', not $1"; return 1; }
}
tap_run "DOM: a timeline a night ($nights)" dom_has "$nights" '<svg class="timeline"'
tap_run "DOM: a hibernated band a hibernation ($hibernated)" \
	dom_has "$hibernated" '<rect class="hibernated"'
tap_run "DOM: a tick a dark wake ($dark)" dom_has "$dark" '<line class="dark-wake"'
tap_run "DOM: suspended bands and the battery's line" \
	sh -c 'grep -q "<rect class=\"suspended\"" "$1" && grep -q "<polyline class=\"battery\"" "$1"' \
	- "$work/dom.html"

# Only the page's own elements: a string of the record that broke out of
# its escaping would add one; and each wake source shows as its text.
own_elements()
{
	python3 - "$work/dom.html" "$work/report.json" <<'EOF'
import html, json, re, sys
dom = open(sys.argv[1]).read()
own = {'html', 'head', 'meta', 'title', 'style', 'body', 'h1', 'h2', 'h3', 'p', 'span', 'i',
       'svg', 'rect', 'line', 'polyline', 'g', 'text', 'section', 'ul', 'li', 'table',
       'tbody', 'tr', 'th', 'td', 'a'}
strange = set(re.findall(r'<([A-Za-z][A-Za-z0-9-]*)', dom)) - own
bare_i = len(re.findall(r'<i>', dom))
names = {s['name'] for n in json.load(open(sys.argv[2]))['nights'] for s in n['wake_sources']}
missing = [s for s in names if html.escape(s, quote=False) not in dom]
if strange or bare_i or missing:
    sys.exit(f'elements not the page\'s: {strange}, <i> without a style: {bare_i}, '
             f'wake sources not shown as text: {missing}')
EOF
}
tap_run "DOM: only the page's own elements; every wake source is text" own_elements

# Tall enough for every timeline: the heading and legend, each night's
# section, the table.
height=$((260 + nights * 190 + nights * 40))
[ "$height" -le 8000 ] || height=8000
screenshot()
{
	(cd "$work" && chromium_page --screenshot="$work/shot.png" --window-size="1000,$height" \
		>>"$work/chromium.log") && [ -s "$work/shot.png" ]
}
tap_setup "chromium --screenshot (1000x$height)" screenshot
[ -z "${REPORT_SCREENSHOT:-}" ] || cp "$work/shot.png" "$REPORT_SCREENSHOT"

# picture.py's checks, each a line here.
python3 "$here/picture.py" check "$work/shot.png" "$nights" "$hibernated" >"$work/picture" 2>&1
status=$?
while IFS= read -r line; do
	case $line in
	"ok - "*)	tap_result 0 "screenshot: ${line#ok - }" ;;
	"not ok - "*)	tap_result 1 "screenshot: ${line#not ok - }" ;;
	*)		echo "# $line" ;;
	esac
done <"$work/picture"
grep -q '^ok - ' "$work/picture" || tap_result 1 "picture.py ran (status $status)"

# The README's picture, a screenshot of the VM test's page: there, and
# showing a timeline with a hibernation, as it claims.
if [ $# -eq 0 ]; then
	picture=Documentation/images/s2hctl-report.png
	tap_run "the README shows $picture" grep -qF "]($picture)" "$top/README.md"
	tap_run "$picture: a night's timeline with a hibernation" \
		python3 "$here/picture.py" check "$top/$picture" 1 1
fi
tap_summary
