# SPDX-License-Identifier: GPL-2.0
#
# make              build module/s2h.ko for the running kernel (KVER=, KDIR= for another)
# make install      install it (modules_install + depmod)
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

.PHONY: all module install clean check check-quick lint demo deps

all: module

module:
	@test -d $(KDIR) || { echo "no kernel headers in $(KDIR): install linux-headers-$(KVER) or pass KVER= or KDIR=" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(SRC) modules

install: module
	$(MAKE) -C $(KDIR) M=$(SRC) modules_install
	depmod -a $(KVER)

clean:
	$(MAKE) -C $(KDIR) M=$(SRC) clean 2>/dev/null || \
		rm -f module/*.o module/*.ko module/*.mod* module/.*.cmd Module.symvers modules.order
	rm -rf .tmp_versions

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
