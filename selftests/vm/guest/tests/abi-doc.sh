# SPDX-License-Identifier: GPL-2.0
#
# Documentation/ABI/testing/sysfs-power-s2h against the module it
# documents: every file it names exists with the mode its (RW) or (RO)
# says and reads its "Default:" right after a load without parameters; a
# word file reads one of its "Values:"; each setting takes the bounds of
# its "Range:" (or each of its words) and refuses one past them, a
# number too large for 32 bits and a malformed value, each with the errno
# its "Errors:" line gives, keeping the old value. Every file of
# /sys/power/s2h is documented. The harness copies the ABI file to
# /lib/s2h/.
set -u
. /lib/s2h/lib.sh

ABI=/lib/s2h/sysfs-power-s2h

# One line per documented path: PATH|MODE|MIN MAX|WORDS|HAS_DEFAULT|DEFAULT|ERRORS,
# MODE RW or RO, fields empty when the entry has none; several What: lines
# share their entry's description.
abi_entries()
{
	awk '
	function flush(	i) {
		for (i = 1; i <= n; i++)
			printf "%s|%s|%s|%s|%d|%s|%s\n", what[i], mode, range, words, hasdef, def,
				errors
		n = 0; mode = ""; range = ""; words = ""; hasdef = 0; def = ""; errors = ""
		desc = 0
	}
	/^What:/ {
		if (desc)
			flush()
		sub(/^What:[ \t]*/, "")
		what[++n] = $0
		next
	}
	/^Description:/ { desc = 1; next }
	desc && mode == "" && /^[ \t]*\(RW\)/ { mode = "RW" }
	desc && mode == "" && /^[ \t]*\(RO\)/ { mode = "RO" }
	/^[ \t]*Range:/ { sub(/^[ \t]*Range:[ \t]*/, ""); range = $1 " " $3 }
	/^[ \t]*Values:/ { sub(/^[ \t]*Values:[ \t]*/, ""); gsub(/,/, ""); words = $0 }
	/^[ \t]*Errors:/ { sub(/^[ \t]*Errors:[ \t]*/, ""); errors = $0 }
	/^[ \t]*Default:/ {
		sub(/^[ \t]*Default:[ \t]*/, "")
		def = $1
		sub(/[,.]$/, "", def)
		if (def == "\"\"")
			def = ""
		hasdef = 1
	}
	END { flush() }
	' "$ABI"
}

# in_list WORD LIST: WORD is one of the words of LIST.
in_list()
{
	local w

	for w in $2; do
		[ "$w" = "$1" ] && return 0
	done
	return 1
}

# errno_for CASE ERRORS: the errno an "Errors:" line gives for CASE
# ("malformed", "out of range"): "EINVAL malformed, ERANGE out of range";
# an errno without a case is that of every refused write.
errno_for()
{
	printf '%s\n' "$2" | tr ',' '\n' | awk -v c="$1" '
		{ sub(/^[ \t]+/, ""); e = $1; sub(/^[^ \t]+[ \t]*/, "") }
		$0 == c || $0 == "" { print e; exit }'
}

# What every entry promises without a write: run right after the load.
check_entry()
{
	local path=$1 mode=$2 words=$3 hasdef=$4 def=$5 name=${1#$S2H/} want got

	case $path in
	*/)
		check "${name:-$path} is a directory" test -d "$path"
		return ;;
	esac
	check "$name exists" test -f "$path" || return
	case $mode in
	RW)	want=644 ;;
	RO)	want=444 ;;
	*)	not_ok "$name: its entry says neither (RW) nor (RO)"
		return ;;
	esac
	is "$(stat -c %a "$path")" "$want" "$name has mode $want ($mode)"
	if [ "$hasdef" = 1 ]; then
		is_file "$path" "$def" "$name reads its default '$def' after the load"
	elif [ "$mode" = RW ]; then
		not_ok "$name: the setting documents no Default"
	fi
	if [ -n "$words" ]; then
		got=$(cat "$path")
		check "$name reads one of its Values: '$got' in '$words'" in_list "$got" "$words"
	fi
}

# What a setting promises to writes; it gets its default back after.
check_setting()
{
	local path=$1 range=$2 words=$3 def=$4 errors=$5 name=${1#$S2H/} min max w bad far

	bad=$(errno_for malformed "$errors")
	far=$(errno_for "out of range" "$errors")
	if [ -z "$bad" ] || [ -z "$far" ]; then
		not_ok "$name: its Errors: line ('$errors') gives no errno for malformed or out of range"
	elif [ -n "$range" ]; then
		min=${range% *}
		max=${range#* }
		write_ok "$path" "$min" "$min"
		write_ok "$path" "$max" "$max"
		# Below 0 is no unsigned number at all: malformed.
		if [ "$min" -gt 0 ]; then
			write_fails "$far" "$path" $((min - 1))
		else
			write_fails "$bad" "$path" -1
		fi
		write_fails "$far" "$path" $((max + 1))
		write_fails "$far" "$path" 4294967296
		write_fails "$bad" "$path" "${max}x"
	elif [ -n "$words" ]; then
		for w in $words; do
			write_ok "$path" "$w" "$w"
		done
		write_fails "$bad" "$path" "${w}x"
	else
		not_ok "$name: the setting documents neither Range nor Values"
	fi
	write_ok "$path" "$def" "$def"
}

s2h_load || exit 1
entries=$(abi_entries)
check "the ABI file documents at least one file" test -n "$entries"

while IFS='|' read -r path mode range words hasdef def errors; do
	check_entry "$path" "$mode" "$words" "$hasdef" "$def"
done <<EOF
$entries
EOF

while IFS='|' read -r path mode range words hasdef def errors; do
	[ "$mode" = RW ] && [ -f "$path" ] || continue
	check_setting "$path" "$range" "$words" "$def" "$errors"
done <<EOF
$entries
EOF

documented=$(printf '%s\n' "$entries" | cut -d'|' -f1)
for f in $(find $S2H -type f | sort); do
	check "${f#$S2H/} is documented" in_list "$f" "$documented"
done
done_testing
