#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make docs: every reStructuredText file of Documentation/ must convert with
# docutils without a warning, and the cycle diagram must render (graphviz),
# into Documentation/output/. TAP, ending in "N passed, N failed, N skipped".
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

echo "TAP version 13"
tap_run "graphviz renders Documentation/s2h-cycle.dot" \
	dot -Tsvg -o "$docs_out/s2h-cycle.svg" "$top/Documentation/s2h-cycle.dot"
for f in "$top"/Documentation/*.rst; do
	tap_run "docutils: ${f#"$top"/} converts without a warning" rst_clean "$f"
done
tap_summary
