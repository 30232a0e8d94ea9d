#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# old-module.sh REF KVER OUT - build s2h.ko as it was at git REF, for the
# installed kernel KVER, into OUT; print REF's short hash. From REF's own
# Kbuild, module/ and include/, in a scratch tree: the benchmarks load it
# beside the module of the work tree.
set -eu

ref=$1 kver=$2 out=$3
top=$(cd "$(dirname "$0")/.." && pwd)
rev=$(git -C "$top" rev-parse --short "$ref^{commit}")
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT

git -C "$top" archive "$rev" Kbuild VERSION module include | tar -x -C "$tree"
make -s -C "/lib/modules/$kver/build" M="$tree" modules >&2
cp "$tree/module/s2h.ko" "$out"
echo "$rev"
