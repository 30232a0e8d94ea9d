#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Build the files the VM test netlink-ynl needs to run the kernel's ynl CLI
in the guest, whose busybox initramfs has no Python: a tree for
VM_GUEST_TREES, copied over the initramfs' root.

  ynl-guest.py OUTDIR TOOLS...

TOOLS are unpacked linux-source trees (scripts/ynl-tools.sh prints them).
OUTDIR gets:

  /usr/bin/python3 and the shared libraries it and its extension modules
      link (by ldd, under the names asked for), from this machine's Debian
      python3 (python3-yaml installed);
  the modules of its standard library and of PyYAML that the CLIs import:
      found by running each CLI here, under that interpreter, and listing
      what it loaded - against this machine's own nlctrl family (a dump and
      a do, JSON and pprint output) and against s2h, which is not loaded
      here and fails after every import;
  /ynl/SERIES/ (cli.py and lib/ of each TOOLS, e.g. /ynl/6.12, /ynl/7.2),
      /ynl/s2h.yaml, the spec, and /bin/ynl: "ynl SERIES ARGS..." runs that
      CLI on the spec, without schema validation (no jsonschema in the guest).
"""
import glob
import os
import shutil
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = os.path.join(TOP, "Documentation/netlink/specs/s2h.yaml")
PYTHON = "/usr/bin/python3"
DIST = "/usr/lib/python3/dist-packages"

# Run in the traced interpreter: the CLI at argv[1] with the arguments after
# it, then print every file the process has loaded, whatever the CLI did.
TRACE = r"""
import os, runpy, sys
cli = sys.argv[1]
sys.argv = sys.argv[1:]
sys.path.insert(0, os.path.dirname(cli))
try:
    runpy.run_path(cli, run_name="__main__")
except BaseException:
    pass
files = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
sys.stdout = sys.__stdout__
print("\n".join("S2H-TRACE " + f for f in sorted(f for f in files if f)))
"""

SCRIPT = """#!/bin/sh
# ynl SERIES ARGS...: the kernel's ynl CLI of linux-source SERIES on s2h's spec.
series=$1
shift
[ -r /ynl/$series/cli.py ] || { echo "ynl: no CLI of $series in /ynl" >&2; exit 2; }
PYTHONPATH=%s exec /usr/bin/python3 -S /ynl/$series/cli.py \\
	--spec /ynl/s2h.yaml --no-schema "$@"
""" % DIST


def cli_of(tools):
    for path in ("tools/net/ynl/pyynl/cli.py", "tools/net/ynl/cli.py"):
        if os.path.exists(os.path.join(tools, path)):
            return os.path.join(tools, path)
    sys.exit("ynl-guest.py: no ynl CLI in " + tools)


def series_of(tools):
    """linux-source-7.2-7.2.13-1 -> 7.2"""
    return os.path.basename(tools.rstrip("/")).split("-")[2]


def traced_files(cli, tools):
    nlctrl = os.path.join(tools, "Documentation/netlink/specs/nlctrl.yaml")
    runs = [["--spec", SPEC, "--no-schema", "--do", "get"],
            ["--spec", nlctrl, "--no-schema", "--dump", "getfamily", "--output-json"],
            ["--spec", nlctrl, "--no-schema", "--do", "getfamily",
             "--json", '{"family-name": "nlctrl"}']]
    files = set()
    for args in runs:
        res = subprocess.run([PYTHON, "-S", "-c", TRACE, cli] + args, capture_output=True,
                             text=True, env={"PYTHONPATH": DIST, "PATH": "/usr/bin:/bin"})
        found = [l[len("S2H-TRACE "):] for l in res.stdout.splitlines()
                 if l.startswith("S2H-TRACE ")]
        if not found:
            sys.exit("ynl-guest.py: tracing %s failed:\n%s" % (cli, res.stderr))
        files.update(found)
    # Not the CLI's own files: those are copied whole.
    return {f for f in files if not f.startswith(os.path.dirname(cli))}


def copy(path, out):
    """Copy @path to the same place under @out, through symlinks."""
    dest = os.path.join(out, path.lstrip("/"))
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    shutil.copy2(os.path.realpath(path), dest)


def linked(elf):
    """The libraries the dynamic linker loads for @elf, as it names them."""
    res = subprocess.run(["ldd", elf], capture_output=True, text=True, check=True)
    libs = set()
    for line in res.stdout.splitlines():
        words = line.split()
        if "=>" in words and words[words.index("=>") + 1].startswith("/"):
            libs.add(words[words.index("=>") + 1])
        elif words and words[0].startswith("/"):
            libs.add(words[0])
    return libs


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: ynl-guest.py OUTDIR TOOLS...")
    out, all_tools = sys.argv[1], sys.argv[2:]
    shutil.rmtree(out, ignore_errors=True)
    files = set()
    for tools in all_tools:
        cli = cli_of(tools)
        files |= traced_files(cli, tools)
        dest = os.path.join(out, "ynl", series_of(tools))
        shutil.copytree(os.path.join(os.path.dirname(cli), "lib"), os.path.join(dest, "lib"),
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.[ch]",
                                                      "Makefile", ".gitignore"))
        shutil.copy(cli, dest)
    lib = glob.glob("/usr/lib/python3.*/os.py")
    # getpath finds the standard library by os.py, the platform's by lib-dynload.
    files |= set(lib) | {PYTHON}
    for elf in [PYTHON] + [f for f in files if f.endswith(".so")]:
        files |= linked(elf)
    for path in sorted(files):
        if os.path.isfile(path):
            copy(path, out)
    os.makedirs(os.path.join(out, lib[0][1:-len("os.py")], "lib-dynload"), exist_ok=True)
    shutil.copy(SPEC, os.path.join(out, "ynl/s2h.yaml"))
    os.makedirs(os.path.join(out, "bin"))
    with open(os.path.join(out, "bin/ynl"), "w") as f:
        f.write(SCRIPT)
    os.chmod(os.path.join(out, "bin/ynl"), 0o755)
    return 0


if __name__ == "__main__":
    sys.exit(main())
