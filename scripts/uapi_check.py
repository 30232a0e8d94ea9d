# SPDX-License-Identifier: GPL-2.0
"""What scripts/spec-check.py and scripts/ynl.py share: TAP output, and C
static assertions compiled against include/uapi/linux/s2h.h, so that the
compiler evaluates the header's expressions."""
import os
import subprocess

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Tap:
    def __init__(self):
        self.n = self.failed = 0
        print("TAP version 13")

    def result(self, ok, desc, why=()):
        self.n += 1
        print("%sok %d - %s" % ("" if ok else "not ", self.n, desc))
        for line in why:
            print("# " + line.rstrip("\n"))
        self.failed += not ok

    def summary(self):
        print("1..%d" % self.n)
        print("%d passed, %d failed" % (self.n - self.failed, self.failed))
        return self.failed == 0


def static_asserts(lines):
    """Compile @lines of C after #include <linux/s2h.h>: (ok, the errors)."""
    src = "\n".join(["#include <string.h>", "#include <linux/s2h.h>"] + lines) + "\n"
    res = subprocess.run(["cc", "-fsyntax-only", "-x", "c", "-I",
                          os.path.join(TOP, "include/uapi"), "-"],
                         input=src, capture_output=True, text=True)
    return res.returncode == 0, [l for l in res.stderr.splitlines() if "error" in l]
