#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build (once) the debug kernel the sanitizer and KUnit runs boot: Debian's
# linux-source-6.1 on allnoconfig plus selftests/kernel/debug.config. Cached
# under /var/cache/s2h keyed by the source version and the fragment's hash;
# prints the build directory (bzImage in arch/x86/boot/, usable as KDIR).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${S2H_CACHE:-/var/cache/s2h}
fragment=$top/selftests/kernel/debug.config
version=$(dpkg-query -W -f '${Version}' linux-source-6.1)
hash=$(sha256sum "$fragment" | cut -c1-12)
out=$cache/debug-kernel-$version-$hash

# Kconfig drops an option whose dependencies are missing without a word.
check_fragment()
{
	grep -E '^CONFIG_[A-Z0-9_]+=[ym]$' "$fragment" | while read -r want; do
		grep -qx "$want" "$out/.config" || { echo "debug.config: $want did not stick" >&2; exit 1; }
	done
}

# make check-debug and a make check in another clone may ask at once: one
# builds, the other waits for it.
mkdir -p "$cache"
exec 9>"$cache/debug-kernel.lock"
flock 9
if [ ! -f "$out/.built" ]; then
	src=$("$top/scripts/kernel-source.sh")
	rm -rf "$out"
	mkdir -p "$out"
	make -s -C "$src" O="$out" allnoconfig >&2
	"$src/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" "$fragment" >/dev/null
	make -s -C "$src" O="$out" olddefconfig >&2
	check_fragment
	make -s -C "$src" O="$out" -j"$(nproc)" bzImage modules >&2
	touch "$out/.built"
fi
echo "$out"
