# SPDX-License-Identifier: GPL-2.0
#
# Install s2h as a user does: the project's .debs with apt, DKMS builds
# the module against the installed headers and signs it with its own key
# (the MOK a Secure Boot machine enrols, see secure-boot.sh).  Offline:
# every dependency is in the image.

step_start()
{
	local kver

	kver=$(uname -r)
	check "apt install ./s2h-dkms_*.deb ./s2hctl_*.deb" run_diag \
		env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		"$(ls /run/s2htest/debs/s2h-dkms_*.deb)" "$(ls /run/s2htest/debs/s2hctl_*.deb)"
	check_has "s2h/.*, ${kver//+/\\+}, x86_64: installed" "dkms status: s2h installed for $kver" dkms status
	check_has "DKMS module signing key" "DKMS signed s2h.ko with its key" \
		modinfo -F signer s2h
	check "/var/lib/dkms/mok.pub: the key to enrol under Secure Boot" test -s /var/lib/dkms/mok.pub
	check "modprobe s2h" modprobe s2h
	check "/sys/power/s2h is there" test -d /sys/power/s2h
	check "the package loads it at boot (modules-load.d)" grep -qx s2h /lib/modules-load.d/s2h.conf
	s2h_check_is 0 "s2hctl check: every check passes (the installer's swap partition, resume by UUID)"
	finish
}
