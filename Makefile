# SPDX-License-Identifier: GPL-2.0
#
# make              build module/s2h.ko for the running kernel (KVER=, KDIR= for another)
#                   and tools/s2hctl/s2hctl
# make module       the module alone; make tools: s2hctl alone (libnl-genl-3)
# make install      install both (modules_install + depmod; s2hctl, its man page
#                   and bash completion under PREFIX=/usr/local)
# make check        every test: style, sparse, W=1, and the QEMU suite
# make check-quick  the static checks and the quick VM tests
# make demo         one real suspend -> alarm -> hibernate -> resume cycle in a VM
# make clean

KVER ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KVER)/build
SRC := $(CURDIR)

# The tests boot a Debian kernel in QEMU and build the module for it, whatever
# the host runs: the newest installed linux-image with its headers.
TEST_KVER ?= $(shell scripts/test-kernel.sh)

.PHONY: all module tools install clean check check-quick lint demo deps

all: module tools

module:
	@test -d $(KDIR) || { echo "no kernel headers in $(KDIR): install linux-headers-$(KVER) or pass KVER= or KDIR=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(SRC) modules

tools:
	$(MAKE) -C tools/s2hctl

install: module tools
	$(MAKE) -C $(KDIR) M=$(SRC) modules_install
	depmod -a $(KVER)
	$(MAKE) -C tools/s2hctl install

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

demo: deps
	$(MAKE) module KVER=$(TEST_KVER)
	selftests/vm/demo.sh
