#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The module's shape, as TAP: no circle among module/*.c, no file of it
over 1000 lines, and every reach into another subsystem's files or kernfs
in the one room for it (module/sysiface.c).

Who calls whom is read from the objects of a build (nm): a file that uses
a symbol another defines depends on it. Usage: module-shape.py MODULE_DIR,
after a build in it.
"""
import os
import re
import subprocess
import sys

ROOM = 'sysiface.c'
MAX_LINES = 1000
# What only the room may do: open a file, read or write it, walk kernfs.
REACH = re.compile(r'\b(filp_open|kernel_read|kernel_write|kernfs_find_and_get\w*)\s*\(|'
                   r'\bkn->priv\b|->sysfs_ops->show\b')

checks = []


def tap(ok, desc, detail=()):
    checks.append(ok)
    print(f"{'ok' if ok else 'not ok'} {len(checks)} - {desc}")
    for line in detail:
        print(f'# {line}')


def sources(mod):
    return sorted(f for f in os.listdir(mod)
                  if f.endswith('.c') and not f.endswith('.mod.c'))


def graph(mod, files):
    defined, used = {}, {}
    for c in files:
        obj = os.path.join(mod, c[:-2] + '.o')
        out = subprocess.run(['nm', obj], capture_output=True, text=True, check=True).stdout
        used[c] = set()
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in 'TDBR':
                defined[f[2]] = c
            elif len(f) == 2 and f[0] == 'U':
                used[c].add(f[1])
    return {c: {defined[s] for s in used[c] if defined.get(s, c) != c} for c in files}


def circles(edges):
    """Tarjan's strongly connected components of more than one file."""
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def main():
    mod = sys.argv[1]
    files = sources(mod)
    missing = [c for c in files if not os.path.exists(os.path.join(mod, c[:-2] + '.o'))]
    print('TAP version 13')
    tap(not missing, 'every module/*.c built, to read who uses whom', missing)
    if not missing:
        found = circles(graph(mod, files))
        tap(not found, 'no circle among module/*.c',
            [' <-> '.join(comp) for comp in found])
    long = []
    reach = []
    for c in files + sorted(f for f in os.listdir(mod) if f.endswith('.h')):
        with open(os.path.join(mod, c)) as f:
            text = f.read()
        n = text.count('\n')
        if n > MAX_LINES:
            long.append(f'{c}: {n} lines')
        if c != ROOM:
            reach += [f'{c}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}'
                      for m in REACH.finditer(text)]
    tap(not long, f'no file of module/ over {MAX_LINES} lines', long)
    tap(not reach, f'files, kernfs and foreign show() methods only in {ROOM}', reach)
    print(f'1..{len(checks)}')
    failed = checks.count(False)
    print(f'{len(checks) - failed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
