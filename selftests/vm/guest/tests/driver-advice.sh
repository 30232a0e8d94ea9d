# SPDX-License-Identifier: GPL-2.0
#
# Pre-flight's advice on the loaded GPU drivers: with a PCI driver named
# nvidia registered (s2h_fake_gpu, no device bound), advice says
# nvidia_handoff and s2hctl check warns with the fix, until handoff is set;
# the exit status of check does not change. amdgpu with hibernate_mode
# suspend is advised on only on 6.17 before 6.17.5: on this kernel, no
# advice. s2h arms all the while.
set -u
. /lib/s2h/lib.sh

GPU=/lib/modules/s2h_fake_gpu.ko

s2h_load || exit 1
swap_on
is_file $S2H/advice none "no advice without the drivers"
s2hctl check >/tmp/check0 2>&1
rc0=$?
check "check: ok drivers, without the drivers" grep -q "^ok   drivers: " /tmp/check0 ||
	diag "$(cat /tmp/check0)"

check "insmod s2h_fake_gpu.ko drivers=nvidia" insmod $GPU drivers=nvidia
check "a PCI driver named nvidia is registered" test -d /sys/bus/pci/drivers/nvidia
is_file $S2H/advice nvidia_handoff "advice: nvidia_handoff while handoff_sec is 0"
s2hctl check >/tmp/check1 2>&1
rc1=$?
is "$rc1" "$rc0" "check's exit status is the same with the advice ($rc1)"
check "check: WARN drivers names nvidia" \
	grep -q "^WARN drivers: nvidia is loaded and s2h hibernates in the kernel" /tmp/check1 ||
	diag "$(cat /tmp/check1)"
check "check: the fix sets handoff" \
	grep -q "^     fix: sudo s2hctl set --save handoff 1m" /tmp/check1
check "check: the guide's section" \
	grep -q "see: .*\"Hibernating from suspend hangs my machine\"" /tmp/check1
check "show -j: advice nvidia_handoff" \
	sh -c 's2hctl show -j | grep -q "\"advice\":\[\"nvidia_handoff\"\]"'

echo 60 >$S2H/handoff_sec
is_file $S2H/advice none "no advice once handoff_sec is set"
check "check: ok drivers once handoff is set" sh -c 's2hctl check | grep -q "^ok   drivers: "'
echo 0 >$S2H/handoff_sec
check "rmmod s2h_fake_gpu" rmmod s2h_fake_gpu

check "insmod s2h_fake_gpu.ko drivers=amdgpu" insmod $GPU drivers=amdgpu
echo suspend >$S2H/hibernate_mode
is_file $S2H/advice none "amdgpu, hibernate_mode suspend, Linux $(uname -r): no advice before 6.17"
check "rmmod s2h_fake_gpu" rmmod s2h_fake_gpu
echo shutdown >$S2H/hibernate_mode

check "insmod s2h_fake_gpu.ko drivers=nvidia,amdgpu" insmod $GPU drivers=nvidia,amdgpu
is_file $S2H/advice nvidia_handoff "both drivers: nvidia_handoff only, on this kernel"
host key-after 2
suspend_mem
wait_for $S2H/last_wake early 10 "a suspend with the advice standing was armed (early wake)"
is_stat not_armed 0
check "rmmod s2h_fake_gpu" rmmod s2h_fake_gpu
done_testing
