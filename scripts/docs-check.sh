#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make docs: every reStructuredText file of Documentation/ must convert with
# docutils without a warning, and the cycle diagram must render (graphviz),
# into Documentation/output/. The man pages must pass mandoc's lint at
# warning level, s2hctl(8) must list as commands those of s2hctl --help,
# no more, and s2h.conf(5)'s example and drop-in example must pass apply
# --check. TAP, ending in "N passed, N failed, N skipped".
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/tap.sh"
docs_out=$top/Documentation/output
mkdir -p "$docs_out"

rst_clean()
{
	rst2html --halt=warning --report=warning --no-raw --no-file-insertion \
		"$1" "$docs_out/$(basename "$1" .rst).html"
}

# The commands a rendered page lists: the first words of its COMMANDS
# section's tags ("enable, disable [--save]" names two), in order.
man_commands()
{
	mandoc -T utf8 "$1" | col -b |
		sed -n '/^COMMANDS/,/^[A-Z]/p' |
		sed -n 's/^       \([a-z][a-z, ]*\).*/\1/p' | tr -s ', ' '\n\n' | grep .
}

help_commands()
{
	"$1" --help | sed -n 's/^  s2hctl \([a-z]*\).*/\1/p'
}

commands_match()
{
	s2hctl=$top/tools/s2hctl/s2hctl
	make -C "$top/tools/s2hctl" --no-print-directory s2hctl >/dev/null || return 1
	man=$(man_commands "$top/Documentation/s2hctl.8") || return 1
	help=$(help_commands "$s2hctl") || return 1
	[ "$man" = "$help" ] && return 0
	printf 'the man page lists:\n%s\ns2hctl --help:\n%s\n' "$man" "$help"
	return 1
}

# mandoc -T lint exits 0 on style notes, which -W warning leaves out.
man_lint()
{
	out=$(mandoc -T lint -W warning "$1" 2>&1)
	[ -z "$out" ] || { printf '%s\n' "$out"; return 1; }
}

conf_example_applies()
{
	example=$(mktemp)
	mandoc -T utf8 "$top/Documentation/s2h.conf.5" | col -b |
		sed -n '/^EXAMPLE/,/^[A-Z]/p' | sed '1d;$d' >"$example"
	"$top/tools/s2hctl/s2hctl" apply --check "$example"
	status=$?
	# policy battery never reads delay: an example with both misleads.
	if grep -Eiq '^[[:space:]]*policy[ =]+battery' "$example" &&
		grep -Eq '^[[:space:]]*delay[ =]' "$example"; then
		echo "the example sets delay under policy battery, which never reads it"
		status=1
	fi
	rm -f "$example"
	return $status
}

# The drop-in of s2h.conf(5)'s DROP-INS, in the .d of its EXAMPLE: the
# merged set passes apply --check, and the drop-in wins (set --save's
# warning names it) - the text is where apply reads a drop-in.
dropin_example_applies()
{
	dir=$(mktemp -d)
	mkdir "$dir/s2h.conf.d"
	mandoc -T utf8 "$top/Documentation/s2h.conf.5" | col -b >"$dir/page"
	sed -n '/^EXAMPLE/,/^[A-Z]/p' "$dir/page" | sed '1d;$d' >"$dir/s2h.conf"
	sed -n '/^DROP-INS/,/^[A-Z]/p' "$dir/page" | sed -n '/^ *#/,/^ *$/p' \
		>"$dir/s2h.conf.d/50-fleet.conf"
	status=0
	if ! grep -q '^ *delay = ' "$dir/s2h.conf.d/50-fleet.conf"; then
		echo "no drop-in example setting delay in DROP-INS"
		status=1
	fi
	"$top/tools/s2hctl/s2hctl" apply --check "$dir/s2h.conf" || status=1
	S2H_CONF=$dir/s2h.conf S2H_FAMILY=s2h-docs-absent "$top/tools/s2hctl/s2hctl" \
		set --save delay 5h 2>&1 | grep -q "warning: .*/50-fleet.conf:[0-9]* sets delay" ||
		{ echo "set --save does not warn of the example drop-in"; status=1; }
	rm -rf "$dir"
	return $status
}

echo "TAP version 13"
for f in "$top"/Documentation/*.[58]; do
	tap_run "mandoc: ${f#"$top"/} lints clean at warning level" man_lint "$f"
done
tap_run "s2hctl(8) lists the commands of s2hctl --help, in order" commands_match
tap_run "s2h.conf(5)'s example passes s2hctl apply --check, and sets what it uses" \
	conf_example_applies
tap_run "s2h.conf(5)'s drop-in example passes apply --check in FILE.d, and wins" \
	dropin_example_applies
tap_run "graphviz renders Documentation/s2h-cycle.dot" \
	dot -Tsvg -o "$docs_out/s2h-cycle.svg" "$top/Documentation/s2h-cycle.dot"
for f in "$top"/Documentation/*.rst; do
	tap_run "docutils: ${f#"$top"/} converts without a warning" rst_clean "$f"
done
tap_summary
