#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh - make check-system: s2h on a Debian laptop in a VM.
#
# Usage: selftests/system/run.sh [SCENARIO...]	(default: all, in order)
#
# The Debian 12 image of scripts/system-image.sh boots through UEFI (OVMF),
# shim, GRUB and initramfs-tools.  The "install" step installs the .debs of
# this tree with apt inside it (DKMS builds the module there) into a copy
# of the image; each scenario boots its own copy of that installed disk
# (qcow2 overlays) and runs guest/scenarios/NAME.sh through guest/agent,
# booting again as often as the scenario reboots or hibernates.  TAP, then
# one line "N passed, N failed, N skipped".
#
# Environment: SYS_DEBS, a directory with s2h-dkms_*.deb and s2hctl_*.deb
# (default: built here by scripts/deb-build.sh); VM_TEST_TIMEOUT, seconds
# for one scenario, all its boots (default 2400); VM_KEEP=1 keeps the logs.
set -u

# Before vm.sh, whose default is for the small test guests.
: "${VM_TEST_TIMEOUT:=2400}"
. "$(dirname "$0")/lib.sh"

SCENARIOS="swap-partition swap-file luks secure-boot sleep-hooks boot-path trixie"
SYS_MAX_BOOTS=12

# The guest's extra requests; the others are vm.sh's.  Each is a host
# check, or an action at the next boots before the agent runs (the
# firmware's and the initramfs' prompts).
eval "vm_verb_common()$(declare -f vm_verb | tail -n +2)"
vm_verb()
{
	case $1 in
	expect-reboot)
		tap_check "host: the guest rebooted within ${2}s" sys_expect_reboot "$2" ;;
	unlock-every-boot)
		SYS_EVERY_BOOT="sys_unlock $2" ;;
	mok-enroll-next-boot)
		SYS_NEXT_BOOT="sys_mok_enroll $2" ;;
	*)
		vm_verb_common "$@" ;;
	esac
}

# expect-reboot TIMEOUT: the guest resets (QEMU exits, -no-reboot) within
# TIMEOUT; the test boots the same disk again.
sys_expect_reboot()
{
	vm_wait_exit "$1" || return 1
	if [ "$(sys_shutdown_reason "$VM_DIR")" != guest-reset ]; then
		VM_ERROR="QEMU ended by '$(sys_shutdown_reason "$VM_DIR")', not a reset"
		return 1
	fi
	T_REBOOT=1
}

# The initramfs asks for the LUKS passphrase on the console: type it there.
sys_unlock()
{
	tap_check "host: typed the passphrase at the initramfs' prompt" sys_answer_prompt \
		"Please unlock disk" "$1\r" 900
}

# sys_answer_prompt ERE TEXT TIMEOUT: once the console shows ERE, after
# what it showed when the last answer was typed, type TEXT.
sys_answer_prompt()
{
	sys_wait_console "$1" "$3" "$SYS_TYPED_AT" || return 1
	sleep 1
	SYS_TYPED_AT=$(sys_console_size)
	sys_type "$2"
}

# MokManager, which shim starts when mokutil --import left a key to enrol:
# the keys a user presses, each once the screen asks for it.  Ends with
# MokManager's reset (QEMU exits): the next boot is the enrolled one.
sys_mok_enroll()
{
	local down='\033[B'

	tap_check "host: MokManager: a key pressed at 'Press any key to perform MOK management'" \
		sys_answer_prompt "Press any key to perform MOK management" ' ' 900 &&
		tap_check "host: MokManager: 'Enroll MOK' chosen" \
			sys_answer_prompt "Enroll key from disk" "$down\r" 60 &&
		tap_check "host: MokManager: 'Continue' after 'View key 0'" \
			sys_answer_prompt "View key 0" "$down\r" 60 &&
		tap_check "host: MokManager: 'Yes' to 'Enroll the key(s)?'" \
			sys_answer_prompt "Enroll the key" "$down\r" 60 &&
		tap_check "host: MokManager: the password of mokutil --import typed" \
			sys_answer_prompt "Password" "$1\r" 60 &&
		tap_check "host: MokManager: 'Reboot'" \
			sys_answer_prompt "Reboot" "\r" 60 &&
		tap_check "host: MokManager reset the machine" sys_expect_reboot 120
}

# sys_test_disk SCENARIO FILE: the agent's read-only disk for SCENARIO.
sys_test_disk()
{
	local dir=$VM_WORK/testdisk.$1

	rm -rf "$dir"
	mkdir -p "$dir/scenarios" "$dir/debs"
	cp "$SYS_SELFDIR/guest/agent" "$SYS_SELFDIR/guest/syslib.sh" "$dir/"
	cp "$SYS_TOP/selftests/vm/guest/lib.sh" "$dir/lib.sh"
	cp "$SYS_SELFDIR"/guest/scenarios/*.sh "$dir/scenarios/"
	cp "$SYS_DEBS"/s2h-dkms_*.deb "$SYS_DEBS"/s2hctl_*.deb "$dir/debs/"
	echo "$1" >"$dir/scenario"
	rm -f "$2"
	mkfs.ext4 -q -L S2HTEST -d "$dir" "$2" 32M >/dev/null
}

# sys_run_test NAME SCENARIO DISK VARS: run SCENARIO on DISK as test NAME,
# booting again while it asks for it.  A reset before the agent says anything (the
# firmware's own, shim's fallback writing a boot entry) boots again too.
# Sets T_DIRS, T_SECONDS as vm_run_test does.
sys_run_test()
{
	local name=$1 scenario=$2 disk=$3 vars=$4 start=$EPOCHREALTIME boot=1 dirs=''

	T_NAME=$name
	T_FAILED=0
	T_DONE=0
	T_END=$((SECONDS + VM_TEST_TIMEOUT))
	SYS_NEXT_BOOT=
	SYS_EVERY_BOOT=
	SYS_TEST_DISK=$VM_WORK/$name.testdisk
	sys_test_disk "$scenario" "$SYS_TEST_DISK" || vm_die "cannot make the test disk of $name"
	while :; do
		T_REBOOT=0
		if ! sys_start "$name.boot$boot" "$disk" "$vars"; then
			tap_result not-ok "host: boot $boot: ${VM_ERROR:-QEMU did not start}"
			break
		fi
		dirs="$dirs $VM_DIR"
		SYS_TYPED_AT=0
		if [ -n "$SYS_NEXT_BOOT" ]; then
			$SYS_NEXT_BOOT
			SYS_NEXT_BOOT=
		fi
		[ -z "$SYS_EVERY_BOOT" ] || ! vm_alive || $SYS_EVERY_BOOT
		vm_serve
		if [ "$T_REBOOT" = 0 ] && [ ! -s "$VM_DIR/tap.log" ] &&
			[ "$(sys_shutdown_reason "$VM_DIR")" = guest-reset ]; then
			echo "# $name: boot $boot: reset before the agent ran (firmware), booting again"
			T_REBOOT=1
		fi
		[ "$T_REBOOT" = 1 ] && [ "$SECONDS" -lt "$T_END" ] || break
		boot=$((boot + 1))
		if [ $boot -gt $SYS_MAX_BOOTS ]; then
			tap_result not-ok "host: more than $SYS_MAX_BOOTS boots"
			break
		fi
	done
	[ "$T_DONE" = 1 ] || tap_result not-ok "host: the guest scenario did not run to its end"
	vm_check_splats $dirs
	if [ "$T_FAILED" = 1 ]; then
		for VM_DIR in $dirs; do
			echo "# ---- console of ${VM_DIR##*/} ----"
			tr -d '\r' <"$VM_DIR/console.log" | tail -n 150 | sed 's/^/# /'
		done
	fi
	T_SECONDS=$(vm_since "$start")
	echo "# $name: $T_SECONDS s, $boot boots"
	T_DIRS=$dirs
}

# sys_image SUITE: the image, cached (its build time when built now).
sys_image()
{
	local start=$EPOCHREALTIME

	SYS_IMAGE=$("$SYS_TOP/scripts/system-image.sh" "$1") || vm_die "no $1 image"
	echo "# $1 image: $SYS_IMAGE ($(vm_since "$start") s)"
}

sys_debs()
{
	if [ -z "${SYS_DEBS:-}" ]; then
		SYS_DEBS=$VM_WORK/debs
		mkdir -p "$SYS_DEBS"
		"$SYS_TOP/scripts/deb-build.sh" "$SYS_DEBS" >"$VM_WORK/deb-build.log" 2>&1 ||
			vm_die "the .debs did not build: see $VM_WORK/deb-build.log"
	fi
	ls "$SYS_DEBS"/s2h-dkms_*.deb "$SYS_DEBS"/s2hctl_*.deb >/dev/null ||
		vm_die "no s2h-dkms_*.deb and s2hctl_*.deb in $SYS_DEBS"
	echo "# the .debs: $(cd "$SYS_DEBS" && echo s2h-dkms_*.deb s2hctl_*.deb)"
}

# sys_installed SUITE: the .debs installed with apt into an overlay of
# SUITE's image (test install-SUITE), once; the scenarios start from it.
# Fails when the install did.
declare -A SYS_INSTALLED
sys_installed()
{
	local suite=$1 disk=$VM_WORK/installed-$1.qcow2

	if [ -z "${SYS_INSTALLED[$suite]:-}" ]; then
		sys_image "$suite"
		qemu-img create -q -f qcow2 -b "$SYS_IMAGE/disk.qcow2" -F qcow2 "$disk" ||
			vm_die "qemu-img create failed"
		cp "$SYS_IMAGE/vars.fd" "$disk.vars"
		SYS_SECURE_BOOT=0
		sys_run_test "install-$suite" install "$disk" "$disk.vars"
		SYS_INSTALLED[$suite]=ok
		[ "$T_FAILED" = 0 ] || SYS_INSTALLED[$suite]=failed
	fi
	[ "${SYS_INSTALLED[$suite]}" = ok ]
}

# A scenario on its own overlay of the installed disk of its suite.  The
# Secure Boot one boots the Secure Boot firmware with fresh variables (the
# Microsoft keys, Secure Boot on, no boot entry: the removable path).
sys_scenario()
{
	local name=$1 suite=bookworm disk=$VM_WORK/$1.qcow2 vars=$VM_WORK/$1.vars

	[ "$name" = trixie ] && suite=trixie
	if ! sys_installed "$suite"; then
		T_NAME=$name
		tap_result not-ok "not run: the install on $suite failed"
		return
	fi
	qemu-img create -q -f qcow2 -b "$VM_WORK/installed-$suite.qcow2" -F qcow2 "$disk" ||
		vm_die "qemu-img create failed"
	SYS_SECURE_BOOT=0
	cp "$VM_WORK/installed-$suite.qcow2.vars" "$vars"
	if [ "$name" = secure-boot ]; then
		SYS_SECURE_BOOT=1
		cp "$OVMF_VARS_MS" "$vars"
	fi
	sys_run_test "$name" "$name" "$disk" "$vars"
	case $name in
	swap-partition)	"$SYS_SELFDIR/timeline.sh" $T_DIRS ;;
	esac
}

main()
{
	local s

	[ "$(id -u)" = 0 ] || vm_die "needs root (debootstrap, chroot)"
	vm_init
	tap_begin
	sys_debs
	for s in ${*:-$SCENARIOS}; do
		[ -e "$SYS_SELFDIR/guest/scenarios/$s.sh" ] || vm_die "no scenario '$s'"
		sys_scenario "$s"
	done
	tap_end
}

main "$@"
