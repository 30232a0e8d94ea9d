# SPDX-License-Identifier: GPL-2.0
#
# make              build module/s2h.ko for the running kernel (KVER=, KDIR= for another)
#                   and tools/s2hctl/s2hctl
# make module       the module alone; make tools: s2hctl alone (libnl-genl-3)
# make install      install both (modules_install + depmod; s2hctl, its man pages,
#                   completions and docs under PREFIX=/usr/local), the udev rule and
#                   s2h.service that apply /etc/s2h.conf at every load, modules-load.d
# make dkms-install the module through DKMS, for every kernel (dkms-uninstall), and
#                   the rest as make install does (make tools as yourself first)
# make check-user   the README's user path in a Debian 12 VM with systemd, from the
#                   built .debs (make deb first; about 20 min)
# make deb          s2h-dkms_*.deb and s2hctl_*.deb here, built in a copy of the tree
# make check        every test: style, sparse, W=1, and the QEMU suite
# make check-quick  the static checks and the quick VM tests
# make check-debug  KUnit and the whole VM suite on the debug kernel (KASAN, lockdep, ...;
#                   90 min on 2 cores in three lanes, 7 more to build that kernel once:
#                   beyond CI's hour, make check runs five of its tests)
# make check-system s2h on a Debian 12 laptop in QEMU, installed from the .debs: UEFI,
#                   Secure Boot, initramfs-tools resume from a swap partition, file, LUKS;
#                   systemd's sleep hooks; the boot path and other suspend-then-hibernates;
#                   trixie (SCENARIOS= for some; selftests/system/)
# make demo         one real suspend -> alarm -> hibernate -> resume cycle in a VM
# make matrix      DKMS build and VM smoke tests on the kernels of Debian 12, 13 and sid
#                   (SUITES="bookworm sid" for some), in cached debootstrap chroots
# make docs         check Documentation/*.rst and render the cycle diagram (Documentation/output/)
# make bench        s2h against systemd's suspend-then-hibernate in the same VM (bench/results/)
# make bench-icount s2h's PM callbacks against older modules' in instructions, which the
#                   host's load does not move (ICOUNT_REFS="REF ..."; bench/results/icount.md)
# make clean

KVER ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KVER)/build
SRC := $(CURDIR)

# The tests boot a Debian kernel in QEMU and build the module for it, whatever
# the host runs: the newest installed linux-image with its headers.
TEST_KVER ?= $(shell scripts/test-kernel.sh)

.PHONY: all module tools install install-tools install-config install-service \
	install-modules-load dkms-install dkms-module dkms-uninstall clean check check-quick \
	check-debug check-user check-system lint docs demo deps matrix dkms-src deb bench \
	bench-icount

all: module tools

module:
	@test -d $(KDIR) || { echo "no kernel headers in $(KDIR): install linux-headers-$(KVER) or pass KVER= or KDIR=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(SRC) modules

tools:
	$(MAKE) -C tools/s2hctl

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
UDEVDIR ?= /etc/udev/rules.d
SYSTEMDUNITDIR ?= /etc/systemd/system
MODLOADDIR ?= /etc/modules-load.d

install: module install-tools install-config
	$(MAKE) -C $(KDIR) M=$(SRC) modules_install
	depmod -a $(KVER)

install-tools: tools
	$(MAKE) -C tools/s2hctl install PREFIX=$(PREFIX) BINDIR=$(BINDIR)

install-config: install-service install-modules-load

# Settings applied at every load: the udev rule starts s2h.service on the
# module's add event. An existing /etc/s2h.conf is kept; /etc/s2h.conf.d,
# for the drop-ins configuration management pushes, is made empty.
install-service:
	install -d $(DESTDIR)$(UDEVDIR) $(DESTDIR)$(SYSTEMDUNITDIR) $(DESTDIR)/etc \
		$(DESTDIR)/etc/s2h.conf.d
	sed 's|@BINDIR@|$(BINDIR)|' dist/60-s2h.rules.in >$(DESTDIR)$(UDEVDIR)/60-s2h.rules
	sed 's|@BINDIR@|$(BINDIR)|' dist/s2h.service.in >$(DESTDIR)$(SYSTEMDUNITDIR)/s2h.service
	sed 's|@BINDIR@|$(BINDIR)|' dist/s2h-agent.service.in \
		>$(DESTDIR)$(SYSTEMDUNITDIR)/s2h-agent.service
	chmod 0644 $(DESTDIR)$(UDEVDIR)/60-s2h.rules $(DESTDIR)$(SYSTEMDUNITDIR)/s2h.service \
		$(DESTDIR)$(SYSTEMDUNITDIR)/s2h-agent.service
	test -e $(DESTDIR)/etc/s2h.conf || install -m 0644 dist/s2h.conf $(DESTDIR)/etc/s2h.conf

# The module loaded at boot.
install-modules-load:
	install -d $(DESTDIR)$(MODLOADDIR)
	install -m 0644 dist/modules-load.conf $(DESTDIR)$(MODLOADDIR)/s2h.conf

# A source install through DKMS: rebuilt for every kernel installed later.
DKMS_VERSION := $(shell cat VERSION)
DKMS_SRC := $(DESTDIR)/usr/src/s2h-$(DKMS_VERSION)
# $(call sources,GLOB): the files matching GLOB but the build's *.mod.c
sources = $(filter-out %.mod.c,$(wildcard $(1)))

# The module's sources alone, without build products, where DKMS wants them
# (the Debian package installs them too).
dkms-src:
	rm -rf $(DKMS_SRC)
	install -d $(DKMS_SRC)/module/tests $(DKMS_SRC)/include/uapi/linux
	install -m 0644 Kbuild Makefile dkms.conf VERSION $(DKMS_SRC)/
	install -m 0644 module/Kbuild $(call sources,module/*.[ch]) $(DKMS_SRC)/module/
	install -m 0644 module/tests/Kbuild $(call sources,module/tests/*.c) $(DKMS_SRC)/module/tests/
	install -m 0644 include/uapi/linux/s2h.h $(DKMS_SRC)/include/uapi/linux/

# The module alone, through DKMS (make matrix's chroots have no libnl headers).
dkms-module: dkms-src
	dkms add -m s2h -v $(DKMS_VERSION)
	dkms build -m s2h -v $(DKMS_VERSION) -k $(KVER)
	dkms install -m s2h -v $(DKMS_VERSION) -k $(KVER)

# The whole product: the module through DKMS, s2hctl and the boot integration.
dkms-install: dkms-module install-tools install-config
	@echo "s2h installed: sudo modprobe s2h (it loads at every boot), then: s2hctl check"

dkms-uninstall:
	-dkms remove -m s2h -v $(DKMS_VERSION) --all
	rm -rf /usr/src/s2h-$(DKMS_VERSION)

clean:
	$(MAKE) -C $(KDIR) M=$(SRC) clean 2>/dev/null || \
		rm -f module/*.o module/*.ko module/*.mod* module/.*.cmd Module.symvers modules.order
	rm -rf .tmp_versions
	$(MAKE) -C tools/s2hctl clean

deps:
	scripts/install-deps.sh

lint: deps
	scripts/lint.sh $(TEST_KVER)

check: deps
	scripts/check.sh $(TEST_KVER) full

check-quick: deps
	scripts/check.sh $(TEST_KVER) quick

check-debug: deps
	scripts/check.sh $(TEST_KVER) debug

check-system: deps
	scripts/install-deps.sh system
	selftests/system/run.sh $(SCENARIOS)

matrix: deps
	scripts/matrix.sh $(SUITES)

deb:
	scripts/deb-build.sh $(CURDIR)

docs: deps
	scripts/docs-check.sh

demo: deps
	$(MAKE) module KVER=$(TEST_KVER)
	selftests/vm/demo.sh

bench: deps
	KVER=$(TEST_KVER) bench/bench.sh

bench-icount: deps
	KVER=$(TEST_KVER) bench/icount.sh

check-user: deps
	selftests/vm/user-path.sh
