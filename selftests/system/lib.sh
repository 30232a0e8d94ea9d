# SPDX-License-Identifier: GPL-2.0
#
# lib.sh - host side of the s2h system tests (bash, sourced).
#
# A Debian disk image (scripts/system-image.sh) boots the way a laptop
# does: UEFI firmware (Debian's OVMF) -> shim -> GRUB -> the kernel ->
# initramfs-tools -> systemd, on a q35 machine with S3, SMM (Secure Boot
# needs it), 1 GiB, one vCPU.  selftests/vm/vm.sh provides everything else
# as it is: bounded waits, one QMP connection per VM, serial logs stamped
# with the host's clock, TAP, and the guest's requests ("S2H-HOST: verb").
#
#	ttyS0 -> console.log	firmware, GRUB, kernel, initramfs, systemd;
#				the test types on it through console.sock
#	ttyS1 -> tap.log	the guest agent's TAP lines and requests
#
# Every VM of one test boots with the same devices in the same slots, so
# the boot entries grub-install wrote into the firmware's variables find
# their disk.

SYS_SELFDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SYS_TOP=$(cd "$SYS_SELFDIR/../.." && pwd)
. "$SYS_TOP/selftests/vm/vm.sh"

: "${SYS_MEM:=1024}"
OVMF_CODE=/usr/share/OVMF/OVMF_CODE_4M.fd
# The same firmware built with Secure Boot and SMM, and variables with the
# Microsoft keys enrolled and Secure Boot on: what a laptop ships with.
OVMF_CODE_SECURE=/usr/share/OVMF/OVMF_CODE_4M.secboot.fd
OVMF_VARS=/usr/share/OVMF/OVMF_VARS_4M.fd
OVMF_VARS_MS=/usr/share/OVMF/OVMF_VARS_4M.ms.fd

SYS_SECURE_BOOT=0	# 1: boot the Secure Boot firmware
SYS_TEST_DISK=		# a read-only disk for the guest agent (label S2HTEST)

# sys_start NAME DISK VARS [QEMU-ARGS...]: boot the image DISK (qcow2 or raw)
# with the firmware variables VARS (written by the firmware), logs in
# $VM_WORK/NAME/.  QEMU-ARGS are added (the image builder's -kernel).
sys_start()
{
	local name=$1 disk=$2 vars=$3 code=$OVMF_CODE format=raw

	shift 3
	case $disk in *.qcow2) format=qcow2 ;; esac
	vm_boot_dir "$name"
	if [ "$SYS_SECURE_BOOT" = 1 ]; then
		code=$OVMF_CODE_SECURE
		vm_note "firmware: Secure Boot"
	fi
	qemu-system-x86_64 -accel tcg -machine q35,smm=on -smp 1 -m "$SYS_MEM" -no-reboot \
		-display none -monitor none -nic none \
		-global ICH9-LPC.disable_s3=0 \
		-global driver=cfi.pflash01,property=secure,value=on \
		-drive "if=pflash,format=raw,unit=0,readonly=on,file=$code" \
		-drive "if=pflash,format=raw,unit=1,file=$vars" \
		-chardev "socket,id=con,path=$VM_DIR/console.sock,server=on,wait=off,logfile=$VM_DIR/console.log" \
		-serial chardev:con -serial "file:$VM_DIR/tap.log" \
		-drive "file=$disk,if=virtio,format=$format" \
		${SYS_TEST_DISK:+-drive "file=$SYS_TEST_DISK,if=virtio,format=raw,readonly=on"} \
		-qmp "unix:$VM_DIR/qmp.sock,server=on,wait=off" \
		"$@" </dev/null >"$VM_DIR/qemu.out" 2>&1 &
	VM_PID=$!
	vm_stamp "$VM_DIR/console.log" console &
	VM_HELPERS="$VM_HELPERS $!"
	vm_stamp "$VM_DIR/tap.log" tap &
	VM_HELPERS="$VM_HELPERS $!"
	if ! vm_qmp_connect || ! sys_console_connect; then
		vm_kill
		return 1
	fi
}

# The keyboard of the serial console: one connection for the life of the
# VM, fed through a FIFO held open on $SYS_CON_FD (a connection that closes
# loses what QEMU has not read yet).  What QEMU sends back is the console
# output, which its logfile has: dropped here.
SYS_CON_FD=
sys_console_connect()
{
	[ -z "$SYS_CON_FD" ] || exec {SYS_CON_FD}>&-
	mkfifo "$VM_DIR/console.in"
	exec {SYS_CON_FD}<>"$VM_DIR/console.in"
	socat -t 2 STDIO "UNIX-CONNECT:$VM_DIR/console.sock" <"$VM_DIR/console.in" \
		>/dev/null 2>>"$VM_DIR/socat.err" &
	VM_HELPERS="$VM_HELPERS $!"
}

# sys_type TEXT: type TEXT on the serial console (printf escapes: \r is
# Enter, \033[B the down arrow), as a user at the keyboard would.
sys_type()
{
	vm_note "typed on the console: $(printf '%q' "$1")"
	printf "$1" >&"$SYS_CON_FD"
}

# True once the console shows the ERE since byte OFFSET (a console.log size).
sys_console_after()
{
	tail -c "+$(($1 + 1))" "$VM_DIR/console.log" | tr -d '\r' | grep -qaE -- "$2"
}

sys_console_size()
{
	stat -c %s "$VM_DIR/console.log"
}

# sys_wait_console ERE TIMEOUT [OFFSET]: wait for the console to show ERE.
sys_wait_console()
{
	vm_wait_until "$2" "console: '$1'" sys_console_after "${3:-0}" "$1"
}

# How the last QEMU run ended: the reason of its SHUTDOWN event
# (guest-shutdown: powered off, guest-reset: rebooted, host-qmp-quit), or
# nothing when QEMU was killed.
sys_shutdown_reason()
{
	sed -n 's/.*"event": *"SHUTDOWN".*"reason": *"\([a-z-]*\)".*/\1/p' "$1/qmp.log" | tail -n 1
}
