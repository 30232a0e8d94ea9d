# SPDX-License-Identifier: GPL-2.0
#
# vm.sh - host-side library for the s2h QEMU selftests (bash, sourced).
#
# Boots the installed Debian kernel in QEMU (TCG, one vCPU, so a host core
# stays free) with a busybox initramfs that holds the virtio modules, s2h.ko
# and the guest scripts of guest/.  The guest talks to us over two serial
# ports, which QEMU writes to files (a pipe stalls QEMU):
#
#	ttyS0 -> console.log	kernel console, guest stdout and stderr
#	ttyS1 -> tap.log	guest TAP lines and "S2H-HOST: <verb> <args>"
#
# and we talk to QEMU over QMP through one socat connection that lives as
# long as the VM, so asynchronous events (SUSPEND, WAKEUP, SHUTDOWN) are
# never missed.  Each serial line is copied to stamped.log with the host
# wall-clock time it appeared at: the guest clock stands still in S3.
#
# Every wait is bounded.  vm_init installs an EXIT trap that kills what
# this library started, by pid, so no QEMU is ever left behind.
#
# VM_KERNEL_IMAGE (with KVER, its release) boots a kernel built here, such
# as the debug kernel, instead of /boot/vmlinuz-$KVER; VM_TIME_SCALE
# stretches the host's timeouts for it.
# VM_ROOT boots the kernel installed in another root (a chroot of a newer
# Debian suite, by make matrix): its /boot and /lib/modules.
# VM_SMP is the guest's number of vCPUs (default 1; make bench boots 2).
# For experiments: VM_QEMU_EXTRA (QEMU options) and VM_APPEND_EXTRA (kernel
# command line) are added to every boot; VM_GUEST_MODULES are extra .ko
# files the tests insmod from /lib/modules/; VM_GUEST_TREES are directories
# copied over the initramfs' root (netlink-ynl's Python); VM_GUEST_INIT replaces
# guest/init as the initramfs' /init (bench/ boots a Debian root with it).
# A guest test's line "# vm-append: PARAMS" adds PARAMS to its boots,
# "# vm-smp: N" boots it with N vCPUs, and "# vm-qemu: ARGS" adds QEMU
# options to its boots (-global PIIX4_PM.disable_s4=0: ACPI S4, which
# /sys/power/disk offers as "platform").

VM_SELFDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
: "${S2H_KO:=$VM_SELFDIR/../../module/s2h.ko}"
: "${VM_CACHE:=${S2H_CACHE:-/var/cache/s2h}/vm}"
: "${VM_MEM:=512}"
: "${VM_SMP:=1}"
: "${VM_TEST_TIMEOUT:=420}"	# seconds for one test group, all boots
VM_VIRTIO_MODULES="virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_blk"
# The filesystem a test may put on the disk (ext2, through ext4), with the
# modules it needs before it, for guest/lib.sh's fs_load: ext4 asks the
# crypto API for crc32c up to 6.13 (a request_module() that the initramfs,
# without modprobe, cannot answer), the library since.
VM_FS_MODULES="crc32c_generic ext4"
# no_timer_check: the kernel's early check that the IO-APIC timer ticks
# panics a guest whose vCPU the host starved during it ("IO-APIC + timer
# doesn't work!"), which a TCG guest on a busy host is (seen in make check
# beside other builds); the check is for broken hardware, not QEMU's.
VM_APPEND="console=ttyS0 loglevel=7 panic=-1 no_console_suspend no_timer_check"
# BUG: covers KASAN's reports, WARNING: lockdep's; kmemleak's come from
# guest/init, which lists the leaks whose allocation involves s2h.
VM_SPLATS='BUG:|WARNING:|Oops|general protection|INFO: task .* blocked|Call Trace|Kernel panic|UBSAN:|sleeping function called from invalid context|unreferenced object'

VM_PID=
VM_DISK=		# the disk image of the running test, for host checks
VM_HELPERS=		# pids of socat and the stampers of the running VM
VM_QMP_FD=
VM_ERROR=		# why the last vm_* call failed, for a TAP line

# ---------------------------------------------------------------------------
# Setup and teardown

vm_die()
{
	echo "vm.sh: $*" >&2
	exit 1
}

# Create the work dir and make sure nothing outlives the script, however it
# ends: INT and TERM go through exit so the EXIT trap runs once.
vm_init()
{
	VM_WORK=$(mktemp -d "${TMPDIR:-/tmp}/s2h-vm.XXXXXX") || vm_die "mktemp failed"
	trap vm_cleanup EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
}

vm_cleanup()
{
	[ -n "$VM_PID" ] && vm_kill
	if [ "${VM_KEEP:-0}" = 1 ] || [ "$TAP_FAIL" != 0 ]; then
		echo "# logs kept in $VM_WORK" >&2
	else
		rm -rf "$VM_WORK"
	fi
}

# Pick the kernel: $KVER, else the newest /boot/vmlinuz-* with modules.  The
# image is copied to a cache because Debian rewrites /boot under our feet
# whenever a package with a trigger installs.
vm_find_kernel()
{
	local v cache image

	# A kernel built here (the debug kernel): its image, virtio built in.
	if [ -n "${VM_KERNEL_IMAGE:-}" ]; then
		[ -n "${KVER:-}" ] || vm_die "VM_KERNEL_IMAGE needs KVER, its release"
		[ -r "$VM_KERNEL_IMAGE" ] || vm_die "no $VM_KERNEL_IMAGE"
		VM_KERNEL=$VM_KERNEL_IMAGE
		VM_VIRTIO_MODULES=
		return
	fi

	if [ -z "${KVER:-}" ]; then
		for v in $(ls "${VM_ROOT:-}"/boot/vmlinuz-* 2>/dev/null | sed 's|^.*/boot/vmlinuz-||' | sort -rV); do
			if [ -d "${VM_ROOT:-}/lib/modules/$v" ]; then
				KVER=$v
				break
			fi
		done
	fi
	[ -n "${KVER:-}" ] || vm_die "no /boot/vmlinuz-* with /lib/modules/VERSION"
	[ -d "${VM_ROOT:-}/lib/modules/$KVER" ] || vm_die "no ${VM_ROOT:-}/lib/modules/$KVER"

	cache=$VM_CACHE/$KVER
	mkdir -p "$cache" || vm_die "cannot create $cache"
	image=${VM_ROOT:-}/boot/vmlinuz-$KVER
	# Debian's 7.x packages ship it beside the modules, for linux-base to copy.
	[ -r "$image" ] || image=${VM_ROOT:-}/lib/modules/$KVER/vmlinuz
	if [ -r "$image" ] && ! cmp -s "$image" "$cache/vmlinuz"; then
		cp "$image" "$cache/vmlinuz.tmp" || vm_die "cannot copy $image"
		mv "$cache/vmlinuz.tmp" "$cache/vmlinuz" || vm_die "cannot write $cache/vmlinuz"
	fi
	[ -r "$cache/vmlinuz" ] || vm_die "no kernel image for $KVER"
	VM_KERNEL=$cache/vmlinuz
}

# Copy a kernel module, uncompressed: busybox insmod reads plain ELF only.
vm_copy_module()
{
	case $1 in
	*.ko)		cp "$1" "$2" ;;
	*.ko.xz)	xz -dc "$1" >"$2" ;;
	*.ko.zst)	zstd -qdc "$1" >"$2" ;;
	*.ko.gz)	gzip -dc "$1" >"$2" ;;
	*)		vm_die "unknown module format: $1" ;;
	esac
}

# s2h.ko is optional (the harness self-test runs without it), but a module
# built for another kernel must not silently fail every test.
vm_check_s2h_ko()
{
	local magic

	[ -e "$S2H_KO" ] || return 1
	magic=$(modinfo -F vermagic "$S2H_KO" 2>/dev/null) || vm_die "$S2H_KO: not a module"
	[ "${magic%% *}" = "$KVER" ] || vm_die "$S2H_KO is built for '${magic%% *}', the VM runs $KVER"
}

# Build the initramfs (a gzip'd newc cpio) at $VM_INITRD.  busybox installs
# its applet links at boot, from /init.
vm_build_initramfs()
{
	local root=$VM_WORK/initramfs i=0 m path

	mkdir -p "$root"/bin "$root"/dev "$root"/proc "$root"/sys "$root"/tmp \
		"$root"/etc "$root"/lib/s2h "$root"/lib/modules/virtio "$root"/tests
	cp /bin/busybox "$root"/bin/busybox || vm_die "no /bin/busybox (busybox-static)"
	cp "${VM_GUEST_INIT:-$VM_SELFDIR/guest/init}" "$root"/init
	cp "$VM_SELFDIR"/guest/lib.sh "$root"/lib/s2h/lib.sh
	# The sysfs ABI as documented, which tests/abi-doc.sh holds the module to.
	cp "$VM_SELFDIR"/../../Documentation/ABI/testing/sysfs-power-s2h "$root"/lib/s2h/
	cp "$VM_SELFDIR"/guest/tests/*.sh "$root"/tests/
	chmod 755 "$root"/init
	for m in $VM_VIRTIO_MODULES; do
		path=$(modinfo ${VM_ROOT:+-b "$VM_ROOT"} -k "$KVER" -n "$m") || vm_die "module $m not found for $KVER"
		# Newer Debian kernels build some of them in.
		[ "$path" != "(builtin)" ] || continue
		i=$((i + 1))
		vm_copy_module "$path" "$root/lib/modules/virtio/$(printf %02d $i)-$m.ko"
	done
	if vm_check_s2h_ko; then
		cp "$S2H_KO" "$root"/lib/modules/s2h.ko
	fi
	# The boot integration of dist/, installed as "make install-config" does.
	mkdir -p "$root"/lib/udev/rules.d "$root"/etc/modules-load.d
	sed 's|@BINDIR@|/bin|' "$VM_SELFDIR"/../../dist/60-s2h.rules.in >"$root"/lib/udev/rules.d/60-s2h.rules
	cp "$VM_SELFDIR"/../../dist/s2h.conf "$root"/etc/s2h.conf
	cp "$VM_SELFDIR"/../../dist/modules-load.conf "$root"/etc/modules-load.d/s2h.conf
	# The ACPI power button driver, loaded by guest/init as udev would: its
	# fixed event is how QEMU's wakes reach the guest, and the one wake from
	# s2idle QEMU offers (the RTC alarm is not: QEMU sets the ACPI RTC
	# status only when it wakes a guest from S3).
	path=$(modinfo ${VM_ROOT:+-b "$VM_ROOT"} -k "$KVER" -n button 2>/dev/null) &&
		case $path in *.ko*) vm_copy_module "$path" "$root/lib/modules/button.ko" ;; esac
	# The filesystem's modules, numbered in load order; the debug kernel,
	# without modules, has none.
	i=0
	mkdir -p "$root"/lib/modules/fs
	for m in $(for f in $VM_FS_MODULES; do vm_module_deps "$f"; done | awk '!seen[$0]++'); do
		i=$((i + 1))
		path=$(modinfo ${VM_ROOT:+-b "$VM_ROOT"} -k "$KVER" -n "$m")
		vm_copy_module "$path" "$root/lib/modules/fs/$(printf %02d $i)-$m.ko"
	done
	# Test-only modules (selftests/fake-power), loaded by the tests that need them.
	for m in ${VM_GUEST_MODULES:-}; do
		cp "$m" "$root/lib/modules/" || vm_die "cannot copy $m"
	done
	# Static userspace tools the tests run (s2hctl, s2h-nltest).
	for m in ${VM_GUEST_BINS:-}; do
		cp "$m" "$root/bin/$(basename "$m" .static)" || vm_die "cannot copy $m"
	done
	for m in ${VM_GUEST_TREES:-}; do
		cp -a "$m/." "$root/" || vm_die "cannot copy $m"
	done
	VM_INITRD=$VM_WORK/initrd.gz
	(cd "$root" && find . | cpio -o -H newc -R 0:0 --quiet) | gzip -1 >"$VM_INITRD" ||
		vm_die "cannot build the initramfs"
}

# vm_module_deps MODULE: MODULE's modules and those they need, needed
# ones first, once each; none when they are built in or missing.
vm_module_deps()
{
	local dep path

	path=$(modinfo ${VM_ROOT:+-b "$VM_ROOT"} -k "$KVER" -n "$1" 2>/dev/null) || return 0
	[ "$path" != "(builtin)" ] || return 0
	for dep in $(modinfo ${VM_ROOT:+-b "$VM_ROOT"} -k "$KVER" -F depends "$1" | tr , ' '); do
		vm_module_deps "$dep"
	done
	echo "$1"
}

# A sparse 512 MiB raw disk: the guest mkswaps it when a test wants swap.
vm_disk_create()
{
	rm -f "$1"
	truncate -s 512M "$1"
}

# ---------------------------------------------------------------------------
# Waiting, bounded

# Run CMD every 0.2 s until it succeeds; give up after TIMEOUT seconds with
# VM_ERROR saying what we waited for.
vm_wait_until()
{
	local timeout=$1 what=$2 end=$((SECONDS + $1))

	shift 2
	until "$@"; do
		if [ "$SECONDS" -ge "$end" ]; then
			VM_ERROR="timed out after ${timeout}s waiting for $what"
			return 1
		fi
		sleep 0.2
	done
}

# Wait up to TIMEOUT seconds for PID (a child of ours) to end; then TERM,
# then KILL.  Never hangs.
vm_reap()
{
	local pid=$1 timeout=$2

	vm_wait_until "$timeout" "pid $pid" vm_pid_gone "$pid" ||
		{ kill "$pid" 2>/dev/null; vm_wait_until 5 "pid $pid" vm_pid_gone "$pid"; } ||
		kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
}

vm_pid_gone()
{
	! kill -0 "$1" 2>/dev/null
}

# Seconds since host time START (an $EPOCHREALTIME), one decimal.
vm_since()
{
	awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}

vm_alive()
{
	[ -n "$VM_PID" ] && ! vm_pid_gone "$VM_PID"
}

# ---------------------------------------------------------------------------
# Serial logs

# Copy serial log FILE to $VM_DIR/stamped.log as "EPOCH TAG line" while the
# VM runs, then drain what is left and stop.  Partial lines are held until
# their newline arrives, so the stamp is when the line was complete.
vm_stamp()
{
	local file=$1 tag=$2 line part='' last=0

	while :; do
		if IFS= read -r line; then
			line=$part$line
			part=
			printf '%s %s %s\n' "$EPOCHREALTIME" "$tag" "${line%$'\r'}"
			continue
		fi
		part=$part$line
		[ $last = 1 ] && break
		vm_alive || last=1
		[ $last = 1 ] || sleep 0.1
	done <"$file" >>"$VM_DIR/stamped.log"
	[ -z "$part" ] || printf '%s %s %s\n' "$EPOCHREALTIME" "$tag" "${part%$'\r'}" >>"$VM_DIR/stamped.log"
}

# A host event in the timeline of this boot.
vm_note()
{
	printf '%s host %s\n' "$EPOCHREALTIME" "$*" >>"$VM_DIR/stamped.log"
}

# Number of complete lines in a log of this boot.
vm_lines()
{
	wc -l <"$VM_DIR/$1"
}

# True once the guest has asked for a host action matching the ERE.
vm_marker_seen()
{
	grep -qE "^S2H-HOST: $1" "$VM_DIR/tap.log"
}

vm_wait_marker()
{
	vm_wait_until "$2" "guest marker '$1'" vm_marker_seen "$1"
}

# ---------------------------------------------------------------------------
# QMP

vm_qmp_log_has()
{
	grep -q -- "$1" "$VM_DIR/qmp.log"
}

# Connect socat to the QMP socket for the life of the VM.  Commands go in
# through a FIFO held open on $VM_QMP_FD; replies and events are appended
# to qmp.log, one JSON object a line.
vm_qmp_connect()
{
	local sock=$VM_DIR/qmp.sock

	vm_wait_until 20 "QMP socket" test -S "$sock" || return 1
	mkfifo "$VM_DIR/qmp.in"
	exec {VM_QMP_FD}<>"$VM_DIR/qmp.in"
	socat -t 2 STDIO "UNIX-CONNECT:$sock" <"$VM_DIR/qmp.in" >>"$VM_DIR/qmp.log" 2>"$VM_DIR/socat.err" &
	VM_HELPERS="$VM_HELPERS $!"
	vm_wait_until 20 "QMP greeting" vm_qmp_log_has '"QMP"' || return 1
	vm_qmp qmp_capabilities >/dev/null
}

# vm_qmp COMMAND [ARGUMENTS-JSON]: send a command, print its reply line.
# Fails on an error reply or no reply within 20 s.
vm_qmp()
{
	# unique even when called in $(...), where a counter would not stick
	local id="s2h-$BASHPID-${EPOCHREALTIME/./}" reply

	if [ -z "$VM_QMP_FD" ]; then
		VM_ERROR="QMP $1: QEMU is not running"
		return 1
	fi
	if [ $# -gt 1 ]; then
		printf '{"execute": "%s", "arguments": %s, "id": "%s"}\n' "$1" "$2" "$id" >&"$VM_QMP_FD"
	else
		printf '{"execute": "%s", "id": "%s"}\n' "$1" "$id" >&"$VM_QMP_FD"
	fi
	vm_wait_until 20 "QMP reply to $1" vm_qmp_log_has "\"$id\"" || return 1
	reply=$(grep -- "\"$id\"" "$VM_DIR/qmp.log" | tr -d '\r')
	printf '%s\n' "$reply"
	case $reply in
	*'"error"'*)
		VM_ERROR="QMP $1 failed: $reply"
		return 1 ;;
	esac
}

# The run state: running, suspended, shutdown, ...
vm_status()
{
	vm_qmp query-status | sed -n 's/.*"status": *"\([a-z-]*\)".*/\1/p'
}

vm_status_is()
{
	[ "$(vm_status)" = "$1" ]
}

vm_wait_status()
{
	vm_wait_until "$2" "QMP status '$1'" vm_status_is "$1"
}

# How many QMP events NAME (SUSPEND, WAKEUP, ...) QEMU has sent so far.
vm_events()
{
	grep -c "\"event\": *\"$1\"" "$VM_DIR/qmp.log"
}

vm_events_above()
{
	[ "$(vm_events "$1")" -gt "$2" ]
}

# ---------------------------------------------------------------------------
# The VM

# vm_start NAME DISK APPEND...: boot a VM whose logs go to $VM_WORK/NAME/.
# vm_boot_dir NAME: a fresh VM_DIR for one boot, its logs empty; notes "qemu start".
vm_boot_dir()
{
	VM_DIR=$VM_WORK/$1
	rm -rf "$VM_DIR"
	mkdir -p "$VM_DIR"
	: >"$VM_DIR/console.log"
	: >"$VM_DIR/tap.log"
	: >"$VM_DIR/qmp.log"
	: >"$VM_DIR/stamped.log"
	VM_HELPERS=
	VM_ERROR=
	vm_note "qemu start"
}

vm_start()
{
	local name=$1 disk=$2

	shift 2
	vm_boot_dir "$name"
	qemu-system-x86_64 -accel tcg -smp "$VM_SMP" -m "$VM_MEM" -no-reboot \
		-display none -monitor none -nic none \
		-serial "file:$VM_DIR/console.log" -serial "file:$VM_DIR/tap.log" \
		-global PIIX4_PM.disable_s3=0 \
		-drive "file=$disk,if=virtio,format=raw" \
		-qmp "unix:$VM_DIR/qmp.sock,server=on,wait=off" \
		-kernel "$VM_KERNEL" -initrd "$VM_INITRD" \
		${VM_QEMU_EXTRA:-} ${VM_QEMU_TEST:-} -append "$VM_APPEND ${VM_APPEND_EXTRA:-} $*" \
		</dev/null >"$VM_DIR/qemu.out" 2>&1 &
	VM_PID=$!
	vm_stamp "$VM_DIR/console.log" console &
	VM_HELPERS="$VM_HELPERS $!"
	vm_stamp "$VM_DIR/tap.log" tap &
	VM_HELPERS="$VM_HELPERS $!"
	if ! vm_qmp_connect; then
		vm_kill
		return 1
	fi
}

# After QEMU is gone: let socat and the stampers drain and end.
vm_stop_helpers()
{
	local pid

	for pid in $VM_HELPERS; do
		vm_reap "$pid" 5
	done
	VM_HELPERS=
	if [ -n "$VM_QMP_FD" ]; then
		exec {VM_QMP_FD}>&-
		VM_QMP_FD=
	fi
}

# QEMU has exited: collect its status and the helpers.
vm_stopped()
{
	local status=0

	wait "$VM_PID" 2>/dev/null || status=$?
	VM_PID=
	vm_note "qemu exited (status $status)"
	vm_stop_helpers
}

# Wait up to TIMEOUT seconds for QEMU to exit by itself; kill it if not.
vm_wait_exit()
{
	[ -n "$VM_PID" ] || return 0
	if vm_wait_until "$1" "QEMU to exit" vm_pid_gone "$VM_PID"; then
		vm_stopped
		return 0
	fi
	vm_kill
	return 1
}

vm_kill()
{
	[ -n "$VM_PID" ] || return 0
	vm_note "killing qemu"
	kill "$VM_PID" 2>/dev/null
	vm_wait_until 10 "QEMU to die" vm_pid_gone "$VM_PID" || kill -9 "$VM_PID" 2>/dev/null
	vm_stopped
}

# ---------------------------------------------------------------------------
# TAP on the host: one flat stream, numbered here.  Guest lines arrive as
# "ok - DESC" or "not ok - DESC" and are renumbered and prefixed with the
# test name, so every line says where it came from.

TAP_N=0
TAP_PASS=0
TAP_FAIL=0
TAP_SKIP=0

tap_begin()
{
	echo "TAP version 13"
}

# tap_result ok|not-ok DESC
tap_result()
{
	TAP_N=$((TAP_N + 1))
	if [ "$1" = ok ]; then
		# the guest's skip(): checked nothing, counted apart
		case $2 in
		*" # SKIP "*)	TAP_SKIP=$((TAP_SKIP + 1)) ;;
		*)		TAP_PASS=$((TAP_PASS + 1)) ;;
		esac
		echo "ok $TAP_N - $T_NAME: $2"
	else
		TAP_FAIL=$((TAP_FAIL + 1))
		T_FAILED=1
		echo "not ok $TAP_N - $T_NAME: $2"
	fi
}

# tap_check DESC CMD...: a host check, passing when CMD succeeds.
tap_check()
{
	local desc=$1

	shift
	if "$@"; then
		tap_result ok "$desc"
	else
		tap_result not-ok "$desc${VM_ERROR:+ ($VM_ERROR)}"
		return 1
	fi
}

# Print the trailing plan and the one summary line; status for exit.
tap_end()
{
	echo "1..$TAP_N"
	echo "$TAP_PASS passed, $TAP_FAIL failed, $TAP_SKIP skipped"
	[ "$TAP_FAIL" = 0 ]
}

# A console log as TAP comments, from /init on when the kernel got that
# far: the boot messages before it are the same every time.
tap_comment_console()
{
	if grep -q 'Run /init as init process' "$1"; then
		echo "# (kernel boot messages before /init left out)"
		tr -d '\r' <"$1" | sed -n '/Run \/init as init process/,$p' | sed 's/^/# /'
	else
		tr -d '\r' <"$1" | sed 's/^/# /'
	fi
}

# ---------------------------------------------------------------------------
# Host side of the guest protocol.  A guest test asks for what it needs
# before it suspends, one "S2H-HOST: <verb> <args>" line each; we carry
# them out in order.  Each verb below is one host check (a TAP line).

# wake-after SECONDS: once the guest is in S3, wake it by QMP after SECONDS
# (it must still be suspended by then).  The WAKEUP event proves it woke:
# the status may already be past "running", as the guest can finish and
# power off between two polls.
verb_wake_after()
{
	local wakes

	vm_wait_status suspended 60 || return 1
	sleep "$1"
	vm_wait_status suspended 0 || return 1
	wakes=$(vm_events WAKEUP)
	vm_note "qmp system_wakeup"
	vm_qmp system_wakeup >/dev/null &&
		vm_wait_until 20 "a WAKEUP event" vm_events_above WAKEUP "$wakes"
}

# key-after SECONDS: once the guest is in S3, a key press on the PS/2
# keyboard after SECONDS (QMP send-key) wakes it, as a user's would.
verb_key_after()
{
	local wakes

	vm_wait_status suspended 60 || return 1
	sleep "$1"
	vm_wait_status suspended 0 || return 1
	wakes=$(vm_events WAKEUP)
	vm_note "qmp send-key"
	vm_qmp send-key '{"keys": [{"type": "qcode", "data": "shift"}]}' >/dev/null &&
		vm_wait_until 20 "a WAKEUP event" vm_events_above WAKEUP "$wakes"
}

# SECONDS, with up to 6 decimals, in microseconds.
vm_usec()
{
	local int=${1%%.*} frac=

	case $1 in *.*) frac=${1#*.} ;; esac
	frac=${frac}000000
	echo $((int * 1000000 + 10#${frac:0:6}))
}

# The host time, in microseconds, of the last QMP event NAME.
vm_event_usec()
{
	grep "\"event\": *\"$1\"" "$VM_DIR/qmp.log" | tail -n 1 |
		sed -n 's/.*"seconds": *\([0-9]*\), *"microseconds": *\([0-9]*\).*/\1 \2/p' |
		{ read -r sec usec && echo $((sec * 1000000 + usec)); }
}

# The host's stamp, in microseconds, of the N-th guest request "S2H-HOST:
# VERB" of this boot (stamped.log, its tap channel).
vm_request_usec()
{
	grep " tap S2H-HOST: $1\( \|\$\)" "$VM_DIR/stamped.log" | sed -n "$2{s/ .*//p;q}" |
		{ IFS=. read -r sec usec && echo $((sec * 1000000 + 10#$usec)); }
}

# key-at-tick SECONDS: a key press SECONDS (to the microsecond) after the
# guest asked for it, by the request's stamp. The guest asks as its RTC's
# second turns, just before it suspends, so the key lands at a known point
# of the RTC's seconds, on which an alarm rings, whatever the suspend took
# (0.05 s on Debian's kernel, 0.9 s and more under KASAN). It must be what
# wakes the guest: a WAKEUP event before it fails the check (the RTC rang
# first).
verb_key_at_tick()
{
	local n wakes start due now woke

	n=$(grep -c '^S2H-HOST: key-at-tick ' "$VM_DIR/tap.log")
	vm_wait_status suspended 60 || return 1
	wakes=$(vm_events WAKEUP)
	vm_wait_until 5 "the stamp of request $n" vm_request_usec key-at-tick "$n" >/dev/null || return 1
	start=$(vm_request_usec key-at-tick "$n")
	due=$((start + $(vm_usec "$1")))
	now=${EPOCHREALTIME/./}
	[ "$due" -gt "$now" ] && sleep "$(printf '%d.%06d' $(((due - now) / 1000000)) \
		$(((due - now) % 1000000)))"
	now=${EPOCHREALTIME/./}
	vm_note "qmp send-key, $(((now - start) / 1000)) ms after the request, $(((now - $(vm_event_usec SUSPEND)) / 1000)) ms after SUSPEND"
	vm_qmp send-key '{"keys": [{"type": "qcode", "data": "shift"}]}' >/dev/null &&
		vm_wait_until 20 "a WAKEUP event" vm_events_above WAKEUP "$wakes" || return 1
	woke=$(vm_event_usec WAKEUP)
	if [ "$woke" -lt "$now" ]; then
		VM_ERROR="woken $(((now - woke) / 1000)) ms before the key, $(((woke - start) / 1000)) ms after the request"
		return 1
	fi
}

# key-now: a key press on the PS/2 keyboard of the running guest (QMP
# send-key), as a user's at the keyboard: an input event, no wake.
verb_key_now()
{
	vm_status_is running || { VM_ERROR="status '$(vm_status)', not running"; return 1; }
	vm_note "qmp send-key"
	vm_qmp send-key '{"keys": [{"type": "qcode", "data": "shift"}]}' >/dev/null
}

# stay-suspended SECONDS: once the guest is in S3, it stays there for
# SECONDS with no wake-up at all.
verb_stay_suspended()
{
	local wakes

	vm_wait_status suspended 60 || return 1
	wakes=$(vm_events WAKEUP)
	sleep "$1"
	if ! vm_status_is suspended || vm_events_above WAKEUP "$wakes"; then
		VM_ERROR="guest woke up (status $(vm_status), $(vm_events WAKEUP) WAKEUP events)"
		return 1
	fi
}

# expect-resuspend TIMEOUT: once the guest is in S3, something (the s2h
# alarm) wakes it and it goes back to S3 by itself, within TIMEOUT.
verb_expect_resuspend()
{
	local wakes sleeps

	vm_wait_status suspended 60 || return 1
	wakes=$(vm_events WAKEUP)
	sleeps=$(vm_events SUSPEND)
	vm_wait_until "$1" "a WAKEUP event" vm_events_above WAKEUP "$wakes" &&
		vm_wait_until "$1" "a new SUSPEND event" vm_events_above SUSPEND "$sleeps" &&
		vm_wait_status suspended 10
}

# expect-image-suspended TIMEOUT: something (the s2h alarm) wakes the
# guest, it writes a hibernation image and goes back to S3 instead of
# powering off (hibernate_mode=suspend), within TIMEOUT.
verb_expect_image_suspended()
{
	verb_expect_resuspend "$1" || return 1
	if ! grep -q 'PM: Image saving done' "$VM_DIR/console.log"; then
		VM_ERROR="back in S3, but the console shows no hibernation image written"
		return 1
	fi
}

# power-cut: the guest loses power where it is (QMP quit, as a battery
# running flat); the test boots a second time, from the disk.
verb_power_cut()
{
	vm_note "qmp quit"
	vm_qmp quit >/dev/null
	vm_wait_exit 20 || return 1
	T_REBOOT=1
}

# expect-running: the guest runs and QEMU has not shut down.  The guest
# gives us time to look (host_check in guest/lib.sh).
verb_expect_running()
{
	if ! vm_alive || ! vm_status_is running || [ "$(vm_events SHUTDOWN)" != 0 ]; then
		VM_ERROR="status '$(vm_status)', $(vm_events SHUTDOWN) SHUTDOWN events"
		return 1
	fi
}

# expect-poweroff TIMEOUT: QEMU exits by itself within TIMEOUT, having
# written a hibernation image; then the test boots a second time.
verb_expect_poweroff()
{
	vm_wait_exit "$1" || return 1
	if ! grep -q 'PM: Image saving done' "$VM_DIR/console.log"; then
		VM_ERROR="QEMU exited but the console shows no hibernation image written"
		return 1
	fi
	T_REBOOT=1
}

# expect-shutdown TIMEOUT: QEMU exits by itself within TIMEOUT, powered off
# with no hibernation image written (s2h's last resort).
verb_expect_shutdown()
{
	vm_wait_exit "$1" || return 1
	if grep -q 'PM: Image saving done' "$VM_DIR/console.log"; then
		VM_ERROR="QEMU exited, but after writing a hibernation image"
		return 1
	fi
}

# expect-forced-shutdown TIMEOUT: as expect-shutdown, and the kernel
# forced the power-off after the deadline of a hardware-protection one
# (the guest's poweroff_cmd hung).
verb_expect_forced_shutdown()
{
	verb_expect_shutdown "$1" || return 1
	if ! grep -q 'Hardware protection timed-out' "$VM_DIR/console.log"; then
		VM_ERROR="QEMU exited, but the kernel did not force a hardware-protection power-off"
		return 1
	fi
}

# expect-clean-shutdown TIMEOUT: as expect-shutdown, and the ext2
# filesystem on the disk was unmounted cleanly: what the next boot's fsck
# finds, checked here without booting (state "clean", e2fsck -n passes).
verb_expect_clean_shutdown()
{
	verb_expect_shutdown "$1" || return 1
	if ! dumpe2fs -h "$VM_DISK" 2>/dev/null | grep -q '^Filesystem state: *clean$'; then
		VM_ERROR="the disk's filesystem is not clean: $(dumpe2fs -h "$VM_DISK" 2>&1 |
			grep -i 'state')"
		return 1
	fi
	if ! e2fsck -fn "$VM_DISK" >"$VM_DIR/e2fsck.log" 2>&1; then
		VM_ERROR="e2fsck -fn found errors: $(tail -n 3 "$VM_DIR/e2fsck.log" | tr '\n' ' ')"
		return 1
	fi
}

# expect-reboot TIMEOUT: the guest restarts (reboot, which -no-reboot
# turns into QEMU's exit) within TIMEOUT; then the test boots again.
verb_expect_reboot()
{
	vm_wait_exit "$1" || return 1
	T_REBOOT=1
}

# power-button-after SECONDS: press the ACPI power button (QMP
# system_powerdown) after SECONDS: a fixed-event SCI, a wake from s2idle.
verb_power_button_after()
{
	sleep "$1"
	vm_note "qmp system_powerdown"
	vm_qmp system_powerdown >/dev/null
}

# console-has ERE: a kernel line on the console of this test's boots so far
# matches ERE (what a guest cannot read itself: the log of a boot that
# powered off after its hibernation image was written). Only the kernel's
# lines, "[seconds] ...": the guest's own, this request among them, are
# echoed there too.
verb_console_has()
{
	if ! cat "$VM_WORK/$T_NAME".boot*/console.log | tr -d '\r' |
		grep -E '^\[ *[0-9]+\.[0-9]+\] ' | grep -qE -- "$1"; then
		VM_ERROR="no kernel line on the console matches '$1'"
		return 1
	fi
}

# A line of a file the guest hands over (lib.sh's host_file): "NAME LINE",
# appended to $VM_WORK/TEST.files/NAME.
vm_file_line()
{
	local name=${1%% *} dir=$VM_WORK/$T_NAME.files

	case $name in
	""|*[!A-Za-z0-9._-]*|.*)
		tap_result not-ok "host: a file line with a bad name: '$name'"
		return 1 ;;
	esac
	mkdir -p "$dir" && printf '%s\n' "${1#"$name" }" >>"$dir/$name"
}

# vm_host_suite NAME SCRIPT ARG...: a host-side script's TAP checks, each
# a TAP line of this test; it fails if the script fails with no failed
# check.
vm_host_suite()
{
	local name=$1 script=$2 line out=$VM_WORK/$T_NAME.$1 status=0 failed=0

	shift 2
	"$script" "$@" >"$out" 2>&1 || status=$?
	while IFS= read -r line; do
		case $line in
		"ok "*)		tap_result ok "host: ${line#ok * - }" ;;
		"not ok "*)	tap_result not-ok "host: ${line#not ok * - }"; failed=1 ;;
		"#"*)		echo "$line" ;;
		"Bail out!"*)	echo "# $line" ;;
		esac
	done <"$out"
	if [ "$status" != 0 ] && [ "$failed" = 0 ]; then
		tap_result not-ok "host: $(basename "$script") exited with status $status"
		sed 's/^/# /' "$out"
	fi
}

# scrape-metrics: the s2h.prom the guest handed over (host_file), through
# Debian's node_exporter and promtool: metrics-scrape.sh's checks.
verb_scrape_metrics()
{
	vm_host_suite scrape "$VM_SELFDIR/metrics-scrape.sh" "$VM_WORK/$T_NAME.files"
}

# render-report: the record of cycles the guest handed over (host_file,
# as cycles.jsonl), rendered by s2hctl report and shown in headless
# Chromium: selftests/report/browser-check.sh's checks. REPORT_SCREENSHOT,
# when set, keeps the screenshot.
verb_render_report()
{
	vm_host_suite report "$VM_SELFDIR/../report/browser-check.sh" \
		"$VM_WORK/$T_NAME.files/cycles.jsonl"
}

# Carry out one "S2H-HOST:" request: a verb and its argument, the rest of
# the line (words split and joined by one space; no glob characters).
vm_do_verb()
{
	local verb=$1 arg

	shift
	arg=$*

	VM_ERROR=
	if [ -z "$VM_PID" ] && [ "$verb" != "done" ]; then
		tap_result not-ok "host: request '$verb${arg:+ $arg}' came after QEMU stopped"
		return 1
	fi
	# a failed host step leaves the guest in an unknown state: stop it
	vm_verb "$verb" "$arg" || vm_kill
}

vm_verb()
{
	local verb=$1 arg=$2

	# A timeout stretches on a slow kernel (KASAN): VM_TIME_SCALE times.
	case $verb in
	expect-*)	arg=$((arg * ${VM_TIME_SCALE:-1})) ;;
	esac

	case $verb in
	wake-after)
		tap_check "host: guest suspended, woken by QMP after ${arg}s" verb_wake_after "$arg" ;;
	key-after)
		tap_check "host: guest suspended, woken by a key press after ${arg}s" \
			verb_key_after "$arg" ;;
	key-at-tick)
		tap_check "host: guest suspended, woken by a key press ${arg}s after its RTC's second turned" \
			verb_key_at_tick "$arg" ;;
	key-now)
		tap_check "host: a key pressed on the running guest" verb_key_now ;;
	stay-suspended)
		tap_check "host: guest stayed suspended for ${arg}s" verb_stay_suspended "$arg" ;;
	expect-resuspend)
		tap_check "host: guest woken by its alarm went back to S3 within ${arg}s" \
			verb_expect_resuspend "$arg" ;;
	expect-running)
		tap_check "host: guest is running, QEMU did not shut down" verb_expect_running ;;
	expect-image-suspended)
		tap_check "host: guest woke, wrote an image and went back to S3 within ${arg}s" \
			verb_expect_image_suspended "$arg" ;;
	power-cut)
		tap_check "host: guest powered off from outside" verb_power_cut ;;
	expect-poweroff)
		tap_check "host: QEMU powered off by itself after hibernation within ${arg}s" \
			verb_expect_poweroff "$arg" ;;
	expect-reboot)
		tap_check "host: the guest restarted within ${arg}s" verb_expect_reboot "$arg" ;;
	expect-shutdown)
		tap_check "host: QEMU powered off by itself, no image written, within ${arg}s" \
			verb_expect_shutdown "$arg" ;;
	expect-forced-shutdown)
		tap_check "host: the kernel forced the power-off, no image written, within ${arg}s" \
			verb_expect_forced_shutdown "$arg" ;;
	expect-clean-shutdown)
		tap_check "host: QEMU powered off by itself within ${arg}s, the disk's filesystem clean" \
			verb_expect_clean_shutdown "$arg" ;;
	power-button-after)
		# a press asserts nothing: the guest checks the wake it makes
		verb_power_button_after "$arg" ||
			! tap_result not-ok "host: ACPI power button press after ${arg}s${VM_ERROR:+ ($VM_ERROR)}" ;;
	scrape-metrics)
		# its own TAP lines; the guest runs on either way
		verb_scrape_metrics ;;
	render-report)
		# its own TAP lines; the guest runs on either way
		verb_render_report ;;
	console-has)
		# only looks: the guest runs on either way
		tap_check "host: the console shows '$arg'" verb_console_has "$arg" || true ;;
	done)
		T_DONE=1 ;;
	*)
		tap_result not-ok "host: unknown guest request '$verb $arg'"
		return 1 ;;
	esac
}

# Relay one line of tap.log.
vm_handle_line()
{
	local line=${1%$'\r'}

	case $line in
	"S2H-HOST: "*)
		vm_do_verb ${line#S2H-HOST: } ;;
	"S2H-FILE: "*)
		vm_file_line "${line#S2H-FILE: }" ;;
	"ok - "*)
		tap_result ok "${line#ok - }" ;;
	"not ok - "*)
		tap_result not-ok "${line#not ok - }" ;;
	"#"*)
		echo "$line" ;;
	esac
}

# Relay the guest's TAP lines and requests until QEMU exits.  A request
# can take a while, so the log is read once more after QEMU is seen gone.
vm_serve()
{
	local seen=0 total alive line

	while :; do
		vm_alive && alive=1 || alive=0
		total=$(vm_lines tap.log)
		if [ "$total" -gt "$seen" ]; then
			while IFS= read -r line; do
				vm_handle_line "$line"
			done < <(sed -n "$((seen + 1)),${total}p" "$VM_DIR/tap.log")
			seen=$total
		fi
		# gone before we read: every line is in
		[ $alive = 1 ] || break
		if [ "$SECONDS" -ge "$T_END" ]; then
			tap_result not-ok "host: test timed out after ${VM_TEST_TIMEOUT}s"
			break
		fi
		sleep 0.2
	done
	# QEMU exited by itself (poweroff) or is killed now (timeout)
	vm_wait_exit 10 || true
}

# A console without the splats of one known bug of Debian 12's kernel, not
# s2h's: in its first 2 minutes of uptime, 6.1's crng_has_old_seed() calls
# ktime_get_seconds(), which warns while timekeeping is suspended, as it is
# when an allocation in syscore_resume() (irqrouter_resume()) takes a random
# number for a new slab. A test suspends seconds after its boot; a laptop
# does not. Only a splat whose trace has crng_make_state and no function
# of s2h's ("[s2h]") is left out: the same warning from s2h's code fails.
vm_console_splats()
{
	tr -d '\r' <"$1" | awk '
		/-----------\[ cut here \]-----------/ { inblock = 1; block = "" }
		inblock { block = block $0 "\n" }
		!inblock { print }
		inblock && /---\[ end trace/ {
			inblock = 0
			if (block ~ /ktime_get_seconds/ && block ~ /crng_make_state/ && block !~ /\[s2h\]/)
				print "# known kernel warning left out: ktime_get_seconds from crng_make_state"
			else
				printf "%s", block
		}
		END { if (inblock) printf "%s", block }'
}

# Fail the test if a boot's console shows a kernel splat.
vm_check_splats()
{
	local dir found=

	for dir in "$@"; do
		found=$found$(vm_console_splats "$dir/console.log" | grep -E "$VM_SPLATS")
	done
	if [ -z "$found" ]; then
		tap_result ok "host: no kernel splat on the console"
		return
	fi
	tap_result not-ok "host: kernel splat on the console"
	printf '%s\n' "$found" | head -n 20 | sed 's/^/# /'
}

# vm_run_test NAME: run guest test NAME, booting again as long as it
# hibernates (expect-poweroff).  Sets T_FAILED, T_SECONDS and T_DIRS (the
# log dirs of its boots, for demo.sh).
vm_run_test()
{
	local start=$EPOCHREALTIME boot=1 dirs='' disk=$VM_WORK/$1.disk append smp
	local VM_SMP=$VM_SMP VM_QEMU_TEST

	# A test's own kernel parameters: its "# vm-append: ..." line; its
	# vCPUs: its "# vm-smp: N" line; its QEMU options: "# vm-qemu: ...".
	append=$(sed -n 's/^# vm-append: //p' "$VM_SELFDIR/guest/tests/$1.sh")
	VM_QEMU_TEST=$(sed -n 's/^# vm-qemu: //p' "$VM_SELFDIR/guest/tests/$1.sh")
	smp=$(sed -n 's/^# vm-smp: \([0-9]*\)$/\1/p' "$VM_SELFDIR/guest/tests/$1.sh")
	VM_SMP=${smp:-$VM_SMP}

	T_NAME=$1
	T_FAILED=0
	T_DONE=0
	T_END=$((SECONDS + VM_TEST_TIMEOUT))
	vm_disk_create "$disk"
	VM_DISK=$disk
	while :; do
		T_REBOOT=0
		if ! vm_start "$1.boot$boot" "$disk" $append "s2h.test=$1" "s2h.boot=$boot"; then
			tap_result not-ok "host: boot $boot: ${VM_ERROR:-QEMU did not start}"
			break
		fi
		dirs="$dirs $VM_DIR"
		vm_serve
		[ "$T_REBOOT" = 1 ] || break
		boot=$((boot + 1))
	done
	[ "$T_DONE" = 1 ] || tap_result not-ok "host: the guest test did not run to its end"
	vm_check_splats $dirs
	if [ "$T_FAILED" = 1 ]; then
		for VM_DIR in $dirs; do
			echo "# ---- console of ${VM_DIR##*/} ----"
			tap_comment_console "$VM_DIR/console.log"
		done
	fi
	T_SECONDS=$(vm_since "$start")
	echo "# $1: $T_SECONDS s"
	T_DIRS=$dirs
}
