#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Copy the checkout as a user's clone has it (tracked files, and untracked
# ones git does not ignore: no build products) into DEST, created if need be.
#
# Usage: scripts/copy-checkout.sh DEST
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
git -C "$top" ls-files -z --cached --others --exclude-standard |
	(cd "$top" && xargs -0 cp --parents -t "$1")
