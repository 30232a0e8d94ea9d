#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print the directory of Debian's linux-source-6.1, unpacked once per package
# version under /var/cache/s2h: checkpatch.pl and the kselftest headers come
# from there, at build time, and are never copied into the repository.
set -eu

cache=${S2H_CACHE:-/var/cache/s2h}
version=$(dpkg-query -W -f '${Version}' linux-source-6.1)
dir=$cache/linux-source-$version

# make check unpacks it for lint and the debug kernel's build at once.
mkdir -p "$cache"
exec 8>"$cache/linux-source.lock"
flock 8
if [ ! -f "$dir/.unpacked" ]; then
	rm -rf "$dir"
	mkdir -p "$dir"
	tar -C "$dir" --strip-components=1 -xf /usr/src/linux-source-6.1.tar.xz
	touch "$dir/.unpacked"
fi
echo "$dir"
