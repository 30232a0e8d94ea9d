#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The kernel's own YNL code generator, ynl-gen-c, on our netlink spec.

  scripts/ynl.py header   write include/uapi/linux/s2h.h, generated from
                          Documentation/netlink/specs/s2h.yaml by sid's (7.x)
                          ynl-gen-c
  scripts/ynl.py check    TAP: with the ynl-gen-c of trixie (6.12) and sid
                          (7.x), every mode (uapi, kernel, user) runs on the
                          spec; the uapi header it writes is the committed one;
                          the module's SET policy is the generated one; the
                          generated user code compiles against YNL's library

The tools come from Debian's linux-source of each suite, unpacked by
scripts/ynl-tools.sh into /var/cache/s2h (root: it uses the suites'
chroots); nothing of them enters this tree. ynl-gen-c wants a kernel tree:
it validates the spec against ../genetlink-c.yaml and names the spec's path
from the directory holding MAINTAINERS, so each run gets a scratch tree of
the spec and the suite's schema.
"""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

from uapi_check import TOP, Tap, static_asserts

SPEC = "Documentation/netlink/specs/s2h.yaml"
HEADER = os.path.join(TOP, "include/uapi/linux/s2h.h")
NETLINK_C = os.path.join(TOP, "module/netlink.c")
# The header is sid's: the newest generator, as the kernel tree would have it.
REFERENCE = "sid"
SUITES = ["trixie", "sid"]
# 6.12's generator does not write this line of 7.x's: the one difference.
REGEN_LINE = "/* To regenerate run: tools/net/ynl/ynl-regen.sh */\n"
# As tools/net/ynl/generated/Makefile builds the kernel's own families.
USER_CFLAGS = ["-std=gnu11", "-O2", "-W", "-Wall", "-Wextra", "-Wno-unused-parameter",
               "-Wshadow", "-Werror"]


def tools_dir(suite):
    res = subprocess.run([os.path.join(TOP, "scripts/ynl-tools.sh"), suite],
                         capture_output=True, text=True)
    if res.returncode:
        raise RuntimeError("scripts/ynl-tools.sh %s: %s" % (suite, res.stderr.strip()))
    return res.stdout.strip()


def generator(tools):
    for path in ("tools/net/ynl/pyynl/ynl_gen_c.py", "tools/net/ynl/ynl-gen-c.py"):
        if os.path.exists(os.path.join(tools, path)):
            return os.path.join(tools, path)
    raise RuntimeError("no ynl-gen-c in " + tools)


class Generator:
    """ynl-gen-c of one linux-source, on a scratch tree holding our spec."""

    def __init__(self, tools):
        self.tools = tools
        self.gen = generator(tools)
        self.tree = tempfile.mkdtemp(prefix="s2h-ynl.")
        open(os.path.join(self.tree, "MAINTAINERS"), "w").close()
        os.makedirs(os.path.join(self.tree, os.path.dirname(SPEC)))
        shutil.copy(os.path.join(tools, "Documentation/netlink/genetlink-c.yaml"),
                    os.path.join(self.tree, "Documentation/netlink"))
        shutil.copy(os.path.join(TOP, SPEC), os.path.join(self.tree, SPEC))

    def run(self, mode, kind, name):
        """Generate into the scratch tree; return (its path, errors or "")."""
        out = os.path.join(self.tree, name)
        res = subprocess.run([sys.executable, self.gen, "--mode", mode, "--" + kind,
                              "--spec", os.path.join(self.tree, SPEC), "-o", out],
                             capture_output=True, text=True, cwd=self.tree)
        err = (res.stdout + res.stderr).strip()
        if res.returncode or not os.path.exists(out):
            return None, err or "exit status %d" % res.returncode
        return out, ""

    def close(self):
        shutil.rmtree(self.tree)


def diff(a, b, a_name, b_name):
    return list(difflib.unified_diff(a, b, a_name, b_name, n=1))


# --------------------------------------------------------------------------
# The module's SET policy against the generated one

def c_ranges(text):
    """name -> (min, max) of every netlink_range_validation in @text."""
    return {m.group(1): (m.group(2).strip(), m.group(3).strip())
            for m in re.finditer(r"struct netlink_range_validation (\w+) = \{\s*"
                                 r"\.min\s*=\s*([^,]+),\s*\.max\s*=\s*([^,]+),\s*\};", text)}


def c_policy(text, array):
    """attribute -> (kind, type, bounds...) of the nla_policy array @array."""
    m = re.search(r"nla_policy %s\[[^\]]*\] = \{(.*?)\n\};" % array, text, re.S)
    if not m:
        return None
    ranges = c_ranges(text)
    out = {}
    for attr, rule in re.findall(r"\[(S2H_A_\w+)\]\s*=\s*(.*?),\n", m.group(1) + "\n"):
        full = re.fullmatch(r"NLA_POLICY_FULL_RANGE\((\w+), &(\w+)\)", rule)
        mx = re.fullmatch(r"NLA_POLICY_MAX\((\w+), (.+)\)", rule)
        if full and full.group(2) in ranges:
            out[attr] = ("range", full.group(1)) + ranges[full.group(2)]
        elif mx:
            out[attr] = ("max", mx.group(1), mx.group(2))
        else:
            out[attr] = ("other", rule)
    return out


def policy_mismatches(generated_c):
    """What the module's s2h_set_policy does other than the generated SET policy.

    The bounds are C expressions: the compiler, with the uapi header, says
    whether they are equal. The module refuses the other attributes with
    S2H_READ_ONLY() or S2H_REFUSED(), where the generated policy leaves
    them out."""
    gen = c_policy(open(generated_c).read(), "s2h_set_nl_policy")
    mod = c_policy(open(NETLINK_C).read(), "s2h_set_policy")
    if gen is None or mod is None:
        return ["no SET policy found (generated: %s, module: %s)" % (gen is not None,
                                                                     mod is not None)]
    bad, asserts = [], []
    for attr, rule in sorted(gen.items()):
        got = mod.get(attr)
        if not got or got[:2] != rule[:2] or len(got) != len(rule):
            bad.append("%s: module %s, spec %s" % (attr, got, rule))
            continue
        for want, have in zip(rule[2:], got[2:]):
            asserts.append('_Static_assert((%s) == (%s), "%s: %s is not %s");'
                           % (want, have, attr, have, want))
    for attr, rule in sorted(mod.items()):
        if attr not in gen and not rule[1].startswith(("S2H_READ_ONLY(", "S2H_REFUSED(")):
            bad.append("%s: the module takes it (%s), the spec's SET does not" % (attr, rule))
    return bad + static_asserts(asserts)[1]


def user_compile_errors(gen, tools):
    """The generated user code, compiled as the kernel builds its own."""
    inc = os.path.join(gen.tree, "include")
    os.makedirs(os.path.join(inc, "linux"))
    shutil.copy(HEADER, os.path.join(inc, "linux"))
    src = os.path.join(gen.tree, "s2h-user.c")
    res = subprocess.run(["cc", "-c", "-o", os.devnull] + USER_CFLAGS +
                         ["-I", os.path.join(tools, "tools/net/ynl/lib"), "-I", inc, src],
                         capture_output=True, text=True)
    return res.stderr.splitlines() if res.returncode else []


# --------------------------------------------------------------------------

def check_suite(tap, suite):
    try:
        tools = tools_dir(suite)
    except RuntimeError as e:
        tap.result(False, "%s: the kernel's YNL tools" % suite, [str(e)])
        return
    src = os.path.basename(tools)
    gen = Generator(tools)
    try:
        outs = {}
        for mode, kind, name in (("uapi", "header", "s2h.h"),
                                 ("kernel", "source", "netlink-gen.c"),
                                 ("kernel", "header", "netlink-gen.h"),
                                 ("user", "source", "s2h-user.c"),
                                 ("user", "header", "s2h-user.h")):
            outs[mode, kind], err = gen.run(mode, kind, name)
            tap.result(outs[mode, kind] is not None,
                       "%s: ynl-gen-c --mode %s --%s runs on the spec" % (src, mode, kind),
                       err.splitlines()[-15:])

        if outs["uapi", "header"]:
            mine = open(HEADER).readlines()
            theirs = open(outs["uapi", "header"]).readlines()
            what = "include/uapi/linux/s2h.h is the header it generates"
            if suite != REFERENCE:
                mine = [l for l in mine if l != REGEN_LINE]
                what += " (but for 7.x's line naming ynl-regen.sh)"
            tap.result(mine == theirs, "%s: %s" % (src, what),
                       diff(mine, theirs, "include/uapi/linux/s2h.h", "generated")[:60])
        if outs["kernel", "source"]:
            bad = policy_mismatches(outs["kernel", "source"])
            tap.result(not bad, "%s: module/netlink.c's SET policy is the generated one" % src,
                       bad)
        if outs["user", "source"] and outs["user", "header"]:
            errs = user_compile_errors(gen, tools)
            tap.result(not errs, "%s: the generated user code compiles against YNL's library"
                       % src, errs)
    finally:
        gen.close()


def check():
    tap = Tap()
    for suite in SUITES:
        check_suite(tap, suite)
    return 0 if tap.summary() else 1


def header():
    gen = Generator(tools_dir(REFERENCE))
    try:
        out, err = gen.run("uapi", "header", "s2h.h")
        if not out:
            sys.exit("ynl-gen-c failed:\n" + err)
        shutil.copy(out, HEADER)
    finally:
        gen.close()
    print("wrote include/uapi/linux/s2h.h")
    return 0


def main():
    cmds = {"check": check, "header": header}
    if len(sys.argv) != 2 or sys.argv[1] not in cmds:
        sys.exit("usage: scripts/ynl.py check|header")
    return cmds[sys.argv[1]]()


if __name__ == "__main__":
    sys.exit(main())
