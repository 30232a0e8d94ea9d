# SPDX-License-Identifier: GPL-2.0
#
# Documentation/ABI/testing/sysfs-power-s2h against the module it
# documents: every file it names exists with the mode its (RW) or (RO)
# says and reads its "Default:" right after a load without parameters; a
# word file reads one of its "Values:"; each setting takes the bounds of
# its "Range:" (or each of its words) and refuses one past them, keeping
# the old value. Every file of /sys/power/s2h is documented. The harness
# copies the ABI file to /lib/s2h/.
set -u
. /lib/s2h/lib.sh

ABI=/lib/s2h/sysfs-power-s2h

# One line per documented path: PATH|MODE|MIN MAX|WORDS|HAS_DEFAULT|DEFAULT,
# MODE RW or RO, fields empty when the entry has none; several What: lines
# share their entry's description.
abi_entries()
{
	awk '
	function flush(	i) {
		for (i = 1; i <= n; i++)
			printf "%s|%s|%s|%s|%d|%s\n", what[i], mode, range, words, hasdef, def
		n = 0; mode = ""; range = ""; words = ""; hasdef = 0; def = ""; desc = 0
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

# refuses FILE VALUE: the write fails and FILE reads as before.
refuses()
{
	local before err

	before=$(cat "$1")
	if err=$(write_as root "$1" "$2"); then
		not_ok "${1#$S2H/} refuses '$2' (the write succeeded)"
		return
	fi
	is "$(cat "$1")" "$before" "${1#$S2H/} refuses '$2' (${err##*: }), keeps '$before'"
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
	local path=$1 range=$2 words=$3 def=$4 name=${1#$S2H/} min max w

	if [ -n "$range" ]; then
		min=${range% *}
		max=${range#* }
		write_ok "$path" "$min" "$min"
		write_ok "$path" "$max" "$max"
		refuses "$path" $((min - 1))
		refuses "$path" $((max + 1))
	elif [ -n "$words" ]; then
		for w in $words; do
			write_ok "$path" "$w" "$w"
		done
		refuses "$path" "${w}x"
	else
		not_ok "$name: the setting documents neither Range nor Values"
	fi
	write_ok "$path" "$def" "$def"
}

s2h_load || exit 1
entries=$(abi_entries)
check "the ABI file documents at least one file" test -n "$entries"

while IFS='|' read -r path mode range words hasdef def; do
	check_entry "$path" "$mode" "$words" "$hasdef" "$def"
done <<EOF
$entries
EOF

while IFS='|' read -r path mode range words hasdef def; do
	[ "$mode" = RW ] && [ -f "$path" ] || continue
	check_setting "$path" "$range" "$words" "$def"
done <<EOF
$entries
EOF

documented=$(printf '%s\n' "$entries" | cut -d'|' -f1)
for f in $(find $S2H -type f | sort); do
	check "${f#$S2H/} is documented" in_list "$f" "$documented"
done
done_testing
