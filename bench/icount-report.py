#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""icount-report.py - bench/icount.sh's log into bench/results/icount.md.

The guest prints "# turn N MODULE NS" for each suspend: the time in s2h's
PM callbacks, which under -icount shift=0 is the instructions they ran;
and "# nl N MODULE WHAT RATE", s2h-nltest's round trips a (virtual) second.
"""

import argparse
import collections
import re
import statistics
import sys

TURN = re.compile(r'# turn (\d+) (s2h(?:-[0-9a-f]+)?) (\d+)$')
NL = re.compile(r'# nl \d+ (s2h(?:-[0-9a-f]+)?) (\S+) (\d+)$')


def read_log(path):
    """{module: {turn: [instructions, ...]}}, {(module, what): [rate, ...]}."""
    turns = collections.defaultdict(lambda: collections.defaultdict(list))
    rates = collections.defaultdict(list)
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = TURN.match(line.strip())
            if m:
                turns[m[2]][int(m[1])].append(int(m[3]))
            m = NL.match(line.strip())
            if m:
                rates[(m[1], m[2])].append(int(m[3]))
    return turns, rates


def netlink_rows(rates, modules):
    """Instructions a netlink round trip (1e9 / its rate), by module."""
    out = ['', '| netlink round trip, instructions (s2h-nltest bench) | '
           + ' | '.join(name for name, _ in modules) + ' |',
           '|---|' + '---|' * len(modules)]
    for what in ('GET', 'GET_without_ack', 'GET_with_checks', 'SET'):
        base = rates.get(('s2h', what))
        if not base:
            continue
        new = 1e9 / statistics.median(base)
        cells = []
        for _, mod in modules:
            r = rates.get((mod, what))
            if not r:
                cells.append('-')
                continue
            insn = 1e9 / statistics.median(r)
            cells.append(f'{insn:,.0f}' if mod == 's2h' else f'{insn:,.0f} (s2h / it {new / insn:.3f}x)')
        out.append(f'| {what.replace("_", " ")} | ' + ' | '.join(cells) + ' |')
    return out


def spread(values):
    return f'{statistics.median(values):,.0f} ({min(values):,} .. {max(values):,})'


def row(name, new, old):
    """One module's row; its difference from the work tree's, turn by turn."""
    every = [x for v in old.values() for x in v]
    medians = [statistics.median(v) for _, v in sorted(old.items())]
    if new is old:
        diff = '-'
    else:
        d = [statistics.median(new[t]) - statistics.median(old[t]) for t in old if t in new]
        new_all = statistics.median([x for v in new.values() for x in v])
        diff = (f'{statistics.median(d):+,.0f} ({min(d):+,.0f} .. {max(d):+,.0f}); '
                f'{new_all / statistics.median(every):.3f}x')
    return (f'| {name} | {spread(every)} | {min(medians):,.0f} .. {max(medians):,.0f} '
            f'| {diff} |')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--kver', required=True)
    ap.add_argument('--refs', required=True, help='"REF=REV ..." of the older modules')
    ap.add_argument('log')
    a = ap.parse_args()

    turns, rates = read_log(a.log)
    refs = [r.split('=', 1) for r in a.refs.split()]
    missing = [rev for _, rev in refs if f's2h-{rev}' not in turns]
    if 's2h' not in turns or missing:
        sys.exit(f'icount-report: no turns of {" ".join(missing) or "s2h"} in {a.log}')
    new = turns['s2h']
    n = len(new)
    burst = len(new[min(new)])
    print(f'The PM callbacks of s2h and of older modules, loaded in turns in one VM: '
          f'Debian kernel {a.kver}, QEMU TCG with `-icount shift=0` (one instruction a '
          f'virtual ns, so the figures are instructions and do not move with the '
          f"host's load), 1 vCPU, {n} turns of {burst} suspends each through pm_test "
          f'"core", the order rotated each turn (`make bench-icount`).\n')
    print('| module | instructions in the PM callbacks a suspend + resume, median '
          '(min .. max) | the turns\' medians | s2h minus it: median of the turns\' '
          'differences (min .. max); s2h / it |')
    print('|---|---|---|---|')
    print(row('s2h (this tree)', new, new))
    for ref, rev in refs:
        print(row(f's2h of {ref} ({rev})', new, turns[f's2h-{rev}']))
    if rates:
        modules = [('s2h', 's2h')] + [(f'{ref} ({rev})', f's2h-{rev}') for ref, rev in refs]
        print('\n'.join(netlink_rows(rates, modules)))


if __name__ == '__main__':
    main()
