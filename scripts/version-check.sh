#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The VERSION file is the version of s2h: the module (MODULE_VERSION) and
# s2hctl --version read it at build time; dkms.conf and debian/changelog
# must carry it too. Names each file that does not, and fails.
#
# Usage: scripts/version-check.sh [dkms|changelog]... (default: both)
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
version=$(cat "$top/VERSION")

check_dkms()
{
	found=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"$/\1/p' "$top/dkms.conf")
	[ "$found" = "$version" ] && return
	echo "dkms.conf: PACKAGE_VERSION is \"$found\", VERSION is $version" >&2
	return 1
}

# The upstream part of the Debian version: no epoch, no -revision.
check_changelog()
{
	found=$(dpkg-parsechangelog -l "$top/debian/changelog" -S Version) || return 1
	found=${found#*:}
	found=${found%-*}
	[ "$found" = "$version" ] && return
	echo "debian/changelog: upstream version is $found, VERSION is $version" >&2
	return 1
}

[ $# -gt 0 ] || set -- dkms changelog
status=0
for what in "$@"; do
	case $what in
	dkms)		check_dkms ;;
	changelog)	check_changelog ;;
	*)		echo "usage: version-check.sh [dkms|changelog]..." >&2; exit 2 ;;
	esac || status=1
done
exit $status
