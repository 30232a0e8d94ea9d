#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check that Documentation/netlink/specs/s2h.yaml and the UAPI header
include/uapi/linux/s2h.h describe the same family, and that the words the
module and s2hctl print for each value are the spec's, and the files of
/sys/power/s2h/stats/, last_cycle/, verified/ and wake_test/ its attributes. TAP on stdout.

The header is generated from the spec by the kernel's ynl-gen-c, which
scripts/ynl.py check runs (it needs root and Debian's linux-source); this
check needs neither: every name and value the spec implies becomes a
static assertion in a C file built against the header.
"""
import os
import re
import sys

import yaml

from uapi_check import Tap, static_asserts

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPEC = os.path.join(TOP, "Documentation/netlink/specs/s2h.yaml")
HEADER = os.path.join(TOP, "include/uapi/linux/s2h.h")
NAME_TABLES = ["module/config.c", "tools/s2hctl/names.c", "tools/s2hctl/parse.c"]


def c_name(*parts):
    return "".join(parts).upper().replace("-", "_")


def numbered(items, start):
    """(item, value): counting from @start, or from an item's own value on."""
    val = start
    for item in items:
        val = item.get("value", val)
        yield item, val
        val += 1


def expected(spec):
    """Every (C name, value) the spec implies; strings quoted."""
    fam = spec["name"]
    out = [(c_name(spec["c-family-name"]), '"%s"' % fam),
           (c_name(spec["c-version-name"]), "1")]
    for d in spec["definitions"]:
        if d["type"] == "const":
            out.append((c_name(fam, "-", d["name"]), str(d["value"])))
        elif d["type"] == "enum":
            for i, e in enumerate(d["entries"]):
                out.append((c_name(d["name-prefix"], e["name"]), str(i)))
    for aset in spec["attribute-sets"]:
        for a, val in numbered(aset["attributes"], 1):
            out.append((c_name(aset["name-prefix"], a["name"]), str(val)))
    ops = spec["operations"]
    for op, val in numbered(ops["list"], 1):
        out.append((c_name(ops["name-prefix"], op["name"]), str(val)))
    for grp in spec["mcast-groups"]["list"]:
        name = grp.get("c-define-name", "%s-mcgrp-%s" % (fam, grp["name"]))
        out.append((c_name(name), '"%s"' % grp["name"]))
    return out


def header_names():
    """Names the header defines, but for the __*_MAX and *_MAX bounds."""
    text = open(HEADER).read()
    names = set(re.findall(r"^#define\s+(S2H_[A-Z0-9_]+)", text, re.M))
    names |= set(re.findall(r"^\s+(S2H_[A-Z0-9_]+),", text, re.M))
    return {n for n in names
            if not n.endswith("_MAX") and not n.endswith("_UNSPEC")
            and not n.startswith("_")}


def compile_asserts(pairs):
    lines = []
    for name, value in pairs:
        if value.startswith('"'):
            lines.append('_Static_assert(sizeof(%s) == sizeof(%s), "%s");'
                         % (name, value, name))
            lines.append('static const char s_%s[] = %s; /* %s */'
                         % (name, name, value))
        else:
            lines.append('_Static_assert(%s == %s, "%s is not %s");'
                         % (name, value, name, value))
    return static_asserts(lines)


def strings_agree(pairs):
    """String constants: the same text, not only the same length."""
    text = open(HEADER).read()
    bad = []
    for name, value in pairs:
        if value.startswith('"'):
            m = re.search(r"#define\s+%s\s+(\"[^\"]*\")" % name, text)
            if not m or m.group(1) != value:
                bad.append("%s is not %s" % (name, value))
    return bad


def word_tables(spec):
    """C name -> word, for every enum entry and attribute."""
    words = {}
    for d in spec["definitions"]:
        if d["type"] == "enum":
            for e in d["entries"]:
                words[c_name(d["name-prefix"], e["name"])] = e["name"].replace("-", "_")
    for aset in spec["attribute-sets"]:
        for a in aset["attributes"]:
            if a["type"] not in ("pad", "unused"):
                words[c_name(aset["name-prefix"], a["name"])] = a["name"].replace("-", "_")
    return words


def check_words(path, words):
    """The entries of every *_names[] and *_words[] table in @path; other
    tables indexed by the same enums (the prose of a failed check) are not."""
    text = open(os.path.join(TOP, path)).read()
    found = []
    for body in re.findall(r"\w+_(?:names|words)\s*\[[^\]]*\]\s*=\s*\{(.*?)\};", text, re.S):
        found += re.findall(r"\[(S2H_[A-Z0-9_]+)\]\s*=\s*\"([^\"]*)\"", body)
    bad = ["%s is \"%s\", the spec says \"%s\"" % (n, w, words.get(n))
           for n, w in found if words.get(n) != w]
    return found, bad


def main():
    tap = Tap()
    spec = yaml.safe_load(open(SPEC))
    pairs = expected(spec)

    ok, err = compile_asserts(pairs)
    tap.result(ok, "every name and value of the spec is the header's (%d)" % len(pairs),
               err[:20])
    bad = strings_agree(pairs)
    tap.result(not bad, "family and group names agree", bad)
    extra = sorted(header_names() - {n for n, _ in pairs})
    tap.result(not extra, "the header defines nothing the spec leaves out", extra)

    words = word_tables(spec)
    for path in NAME_TABLES:
        found, bad = check_words(path, words)
        tap.result(found and not bad, "%s: %d words are the spec's" % (path, len(found)), bad)

    sysfs = open(os.path.join(TOP, "module/sysfs.c")).read()
    files = re.findall(r"^S2H_STAT_ATTR\((\w+),", sysfs, re.M)
    stats = [w for n, w in words.items() if n.startswith("S2H_STATS_A_")]
    tap.result(files == stats, "stats/ files in sysfs.c are the spec's counters, in order",
               ["sysfs: %s" % files, "spec:  %s" % stats] if files != stats else [])
    for macro, prefix, folder in (("S2H_LAST_ATTR", "S2H_LAST_A_", "last_cycle"),
                                  ("S2H_VERIFY_ATTR", "S2H_VERIFY_A_", "verified"),
                                  ("S2H_WAKE_TEST_ATTR", "S2H_WAKE_TEST_A_", "wake_test")):
        files = re.findall(r"^%s\((\w+), (\w+)\);" % macro, sysfs, re.M)
        attrs = [(w, n) for n, w in words.items() if n.startswith(prefix)]
        tap.result([(f, a) for f, a in files] == attrs,
                   "%s/ files in sysfs.c are the spec's attributes of its nest, in order" % folder,
                   ["sysfs: %s" % files, "spec:  %s" % attrs] if files != attrs else [])
    return 0 if tap.summary() else 1


if __name__ == "__main__":
    sys.exit(main())
