#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn the logs of bench.sh's runs into bench/results/: bench.md (the
table), timeline.svg (one cycle of each on one time axis), runs.json (every
run's figures).  Fails when a run did not hibernate and resume.

Clocks: the host's QMP event stamps give the time in S3 (the guest's clock
stands still there); the guest's kernel log, sent after the resume, gives
what happens between the wake and the hibernation, to the microsecond."""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys

DMESG = re.compile(r'^S2H-DMESG: \[\s*(\d+\.\d+)\] (.*)$')
DMESG_LINE = re.compile(r'^\[\s*(\d+\.\d+)\] (.*)$')
EVENT = re.compile(r'"seconds": (\d+), "microseconds": (\d+)\}, "event": "([A-Z_]+)"')
WAKE_LINE = 'ACPI: PM: Low-level resume complete'


class RunError(Exception):
    pass


def read_lines(path):
    try:
        with open(path, errors='replace') as f:
            return [line.rstrip('\r\n') for line in f]
    except FileNotFoundError:
        return []


def qmp_events(boot_dir):
    out = []
    for line in read_lines(os.path.join(boot_dir, 'qmp.log')):
        m = EVENT.search(line)
        if m:
            out.append((int(m.group(1)) + int(m.group(2)) / 1e6, m.group(3)))
    return out


def tap_lines(boot_dir):
    """The guest's ttyS1 lines, each with the host time it arrived."""
    out = []
    for line in read_lines(os.path.join(boot_dir, 'stamped.log')):
        stamp, tag, text = (line.split(' ', 2) + ['', ''])[:3]
        if tag == 'tap':
            out.append((float(stamp), text))
    return out


def last_before(log, text, t_end):
    found = [t for t, msg in log if text in msg and t <= t_end]
    return found[-1] if found else None


def first(log, text):
    found = [t for t, msg in log if text in msg]
    return found[0] if found else None


def split_cycles(run_dir, mode):
    """MODE's boots, in order, cut into cycles at the guest's "cycle N"
    lines: each with the QMP events of the boot it started in, from its
    start to the next cycle's, and every guest line up to the next cycle,
    whichever boot sent it (a hibernated cycle is told after the resume).
    Also the lines before the first cycle (the control path, footprint)."""
    boots = sorted((d for d in os.listdir(run_dir) if d.startswith(mode + '.boot')),
                   key=lambda d: int(d.rsplit('boot', 1)[1]))
    cycles, preamble = [], []
    for k, boot in enumerate(boots):
        d = os.path.join(run_dir, boot)
        events = qmp_events(d)
        if k and not any(e == 'SUSPEND_DISK' for cyc in cycles[-1:] for _, e in cyc['events']):
            raise RunError(f'{mode} {boot}: the boot before it did not hibernate')
        for t, text in tap_lines(d):
            if k and text.startswith('S2H-BENCH: booted'):
                raise RunError(f'{mode} {boot}: booted afresh, the image was not resumed')
            if text.startswith('S2H-BENCH: cycle '):
                if cycles and cycles[-1]['boot'] == boot:
                    cycles[-1]['events'] = [e for e in cycles[-1]['events'] if e[0] < t]
                cycles.append({'n': int(text.split()[2]), 'boot': boot, 'lines': [],
                               'events': [e for e in events if e[0] >= t]})
            elif cycles:
                cycles[-1]['lines'].append(text)
            else:
                preamble.append(text)
    return cycles, preamble


def reports_of(lines):
    out = []
    for line in lines:
        if line.startswith('S2H-BENCH: '):
            key, _, rest = line[len('S2H-BENCH: '):].partition(' ')
            out.append((key, rest))
    return out


def dmesg_of(lines):
    return [(float(m.group(1)), m.group(2)) for m in map(DMESG.match, lines) if m]


def parse_cycle(cyc, mode, delay):
    ev, log, reports = cyc['events'], dmesg_of(cyc['lines']), reports_of(cyc['lines'])
    name = f'{mode} cycle {cyc["n"]}'
    suspends = [t for t, e in ev if e == 'SUSPEND']
    wakes = [t for t, e in ev if e == 'WAKEUP']
    if not suspends or not wakes:
        raise RunError(f'{name}: no SUSPEND and WAKEUP events from QEMU')
    r = {
        'mode': mode, 'run': cyc['n'], 'boot': cyc['boot'],
        'suspend_rounds': len(suspends),
        # host clock: the first suspend to the wake that led to hibernation
        'slept_s': wakes[-1] - suspends[0],
        'alarm_error_s': wakes[-1] - suspends[0] - delay,
    }
    if any(key == 'stayed_awake' for key, _ in reports):
        if mode != 'systemd':
            raise RunError(f'{name}: woken, it did not hibernate')
        r.update(hibernated=False, journal=[v for k, v in reports if k == 'journal'])
        return r
    t_entry = first(log, 'PM: hibernation: hibernation entry')
    if t_entry is None or not any(e == 'SUSPEND_DISK' for _, e in ev):
        raise RunError(f'{name}: did not hibernate (no hibernation entry in the '
                       f'kernel log, or no SUSPEND_DISK from QEMU)')
    if first(log, 'PM: hibernation: hibernation exit') is None:
        raise RunError(f'{name}: hibernated but did not resume')
    off = next(t for t, e in ev if e == 'SUSPEND_DISK')
    t_wake = last_before(log, WAKE_LINE, t_entry)
    t_exit = last_before(log, 'PM: suspend exit', t_entry)
    t_sus = first(log, 'PM: suspend entry')
    t_sus_exit = first(log, 'PM: suspend exit')
    t_lowlevel = first(log, WAKE_LINE)
    r.update({
        'hibernated': True,
        # guest clock: from the wake to hibernation entry
        'wake_to_entry_ms': (t_entry - t_wake) * 1e3,
        'exit_to_entry_ms': (t_entry - t_exit) * 1e3,
        # the first suspend and resume, in the kernel: its clock stops in S3
        'suspend_ms': None, 'resume_ms': None,
        'timeline': {
            'suspend': 0.0,
            'wakes': [w - suspends[0] for w in wakes],
            'suspends': [s - suspends[0] for s in suspends],
            'entry': wakes[-1] - suspends[0] + (t_entry - t_wake),
            'off': off - suspends[0],
        },
    })
    if t_sus is not None and t_lowlevel is not None and t_sus_exit is not None:
        prep = last_before(log, 'ACPI: PM: Preparing to enter system sleep state', t_lowlevel)
        if prep is not None:
            r['suspend_ms'] = (prep - t_sus) * 1e3
        r['resume_ms'] = (t_sus_exit - t_lowlevel) * 1e3
    over = {}
    for key, rest in reports:
        if key == 'overhead' and not rest.startswith('#'):
            f = rest.split()
            over[f[0]] = {'count': int(f[1]), 'last_ns': int(f[2]), 'max_ns': int(f[3])}
    if over:
        r['overhead'] = over
    return r


def size_of(ko):
    out = subprocess.run(['size', ko], capture_output=True, text=True, check=True).stdout
    text, data, bss = out.splitlines()[1].split()[:3]
    return int(text), int(data), int(bss)


def med(xs):
    return statistics.median(xs) if xs else float('nan')


def span(xs, fmt):
    if not xs:
        return 'n/a'
    return f'{fmt.format(med(xs))} ({fmt.format(min(xs))} .. {fmt.format(max(xs))})'


# overhead_ns's lines on the suspend's path; "checks" runs beside the
# freezer, "wake" after the resume, and the module of main has no
# device_prepare.
PATH_POINTS = ('suspend_prepare', 'device_prepare', 'post_suspend')


def burst_figures(reports):
    """The pm_test burst: s2h's callbacks over the burst from its debugfs
    counters (after - before), the kernel's own suspend+resume from each
    "PM: suspend entry" -> "PM: suspend exit" of its log."""
    def counters(key):
        out = {}
        for k, v in reports:
            f = v.split()
            if k == key and f and not f[0].startswith('#'):
                out[f[0]] = [int(x) for x in f[1:]]
        return out
    before, after = counters('burst_before'), counters('burst_after')
    if not all(p in before and p in after for p in ('suspend_prepare', 'post_suspend')):
        return {}
    points = [p for p in PATH_POINTS if p in before and p in after]
    count = after['suspend_prepare'][0] - before['suspend_prepare'][0]
    total_ns = sum(after[p][3] - before[p][3] for p in points)
    kernel, entry = [], None
    for k, v in reports:
        m = DMESG_LINE.match(v) if k == 'burst_log' else None
        if not m:
            continue
        if 'suspend entry' in m.group(2):
            entry = float(m.group(1))
        elif entry is not None:
            kernel.append((float(m.group(1)) - entry) * 1e3)
            entry = None
    ones = [v.split() for k, v in reports if k == 'burst_one']
    each = [int(f[0]) / 1e3 for f in ones if len(f) == 3]
    checks = [int(f[1]) / 1e3 for f in ones if len(f) == 3 and int(f[1])]
    wake = [int(f[2]) / 1e3 for f in ones if len(f) == 3 and int(f[2])]
    if not count or not kernel or len(each) != len(kernel):
        return {}
    return {
        'count': count,
        'callbacks_us': med(each),
        'mean_us': total_ns / count / 1e3,
        'phase_us': {p: (after[p][3] - before[p][3]) / count / 1e3 for p in points},
        'max_us': max(after[p][2] for p in points) / 1e3,
        'kernel_ms': med(kernel),
        'checks_us': med(checks),
        'wake_us': med(wake),
        # each suspend's callbacks over its own suspend+resume, the median
        'share': med([us / 1e3 / ms for us, ms in zip(each, kernel)]),
    }


def turns_figures(reports):
    """The two modules loaded in turns in the new module's VM: for each,
    the median callbacks, kernel time and share of single suspends."""
    out, show = {}, {}
    for k, v in reports:
        f = v.split()
        if k == 'turn' and len(f) == 3 and int(f[2]) > 0:
            out.setdefault(f[0], []).append((int(f[1]) / 1e3, int(f[2]) / 1e6))
        elif k == 'turn_show' and len(f) == 2:
            show.setdefault(f[0], []).append(int(f[1]) / 1e3)
    return {ko: {'count': len(v), 'callbacks_us': med([c for c, _ in v]),
                 'kernel_ms': med([k for _, k in v]),
                 'share': med([c / 1e3 / k for c, k in v]),
                 'show_ms': med(show.get(ko, [])), 'show_turns': len(show.get(ko, []))}
            for ko, v in out.items()}


def control_figures(reports):
    """What an s2h VM measured before its first cycle."""
    rep = dict((k, v) for k, v in reports if k != 'nltest')
    nl = [v for k, v in reports if k == 'nltest']
    if 'show_us' not in rep:
        return {}

    def rate(label):
        for line in nl:
            if label in line:
                return float(line.split(':')[1].split()[0])
        return float('nan')
    fp = rep.get('footprint', '').split()
    return {
        'calibration_us': int(rep.get('calibration_us') or 0),
        'show_ms': int(rep['show_us']) / 1e3,
        'show_json_ms': int(rep['show_json_us']) / 1e3,
        'sysfs_all_ms': (int(rep['sysfs_cat_us']) / 1e3
                         if rep.get('sysfs_cat_us') else float('nan')),
        'get_per_s': rate('GET round trips'),
        'get_reply_per_s': rate('GET without ack'),
        'get_checks_per_s': rate('GET with checks round trips'),
        'set_per_s': rate('SET round trips'),
        'sysfs12_per_s': rate('all 12 files'),
        'sysfs2_per_s': rate('enabled + delay_sec'),
        'footprint': dict(zip(fp[0::2], fp[1::2])),
        'burst': burst_figures(reports),
        'turns': turns_figures(reports),
    }


def phases(burst):
    """The burst's mean by callback, '-' for one the module lacks."""
    ph = burst.get('phase_us', {})
    return ' / '.join(f'{ph[p]:.0f}' if p in ph else '-' for p in PATH_POINTS)


def ratio_text(new, old, fmt='{:.1f}'):
    if not new or not old or new != new or old != old:
        return 'n/a'
    return (fmt + 'x').format(old / new)


def callback_rows(c, old, slowdown, slowdown_old, old_ref):
    """The PM callbacks and the control path, new next to old."""
    b, bo = c.get('burst', {}), old.get('burst', {})
    nan = float('nan')

    def host(fig, sd):
        return fig / sd if fig and sd == sd and sd else nan
    us, us_old = b.get('callbacks_us', nan), bo.get('callbacks_us', nan)
    hs, hs_old = host(us, slowdown), host(us_old, slowdown_old)
    turns = c.get('turns', {})
    t_new, t_old = turns.get('s2h', {}), turns.get('s2h-old', {})
    get, get_old = c.get('get_per_s', nan), old.get('get_per_s', nan)
    set_, set_old = c.get('set_per_s', nan), old.get('set_per_s', nan)
    return [
        f'| s2h PM callbacks per suspend+resume, us under TCG: median of '
        f'{b.get("count", 0)} suspends through pm_test "core" '
        f'| {us:.0f} | {us_old:.0f} | - | old / new = **{ratio_text(us, us_old)}**; '
        f'mean {b.get("mean_us", nan):.0f} us (old {bo.get("mean_us", nan):.0f}), '
        f'longest callback {b.get("max_us", nan):.0f} us (old {bo.get("max_us", nan):.0f}): '
        f'the host\'s scheduler holds some up |',
        f'| ... by callback, us, mean of the burst: {" / ".join(PATH_POINTS)} '
        f'| {phases(b)} | {phases(bo)} | - | where the two modules differ |',
        f'| ... as a share of the kernel\'s own suspend+resume, suspend by suspend, median '
        f'("PM: suspend entry" -> "PM: suspend exit", median {b.get("kernel_ms", nan):.0f} ms, '
        f'old VM {bo.get("kernel_ms", nan):.0f} ms) '
        f'| {100 * b.get("share", nan):.3f} % | {100 * bo.get("share", nan):.3f} % | - '
        f'| old / new = **{ratio_text(b.get("share"), bo.get("share"))}**; '
        f'two VMs: each kernel\'s own time moves with the host\'s load |',
        f'| ... the two modules loaded in turns in one VM, {t_new.get("count", 0)} suspends '
        f'each: callbacks, us; share of the kernel\'s suspend+resume (median '
        f'{t_new.get("kernel_ms", nan):.0f} ms, old {t_old.get("kernel_ms", nan):.0f} ms) '
        f'| {t_new.get("callbacks_us", nan):.0f}; {100 * t_new.get("share", nan):.3f} % '
        f'| {t_old.get("callbacks_us", nan):.0f}; {100 * t_old.get("share", nan):.3f} % | - '
        f'| old / new = **{ratio_text(t_new.get("share"), t_old.get("share"))}**: '
        f'both meet the same kernel and host load, which the two VMs above do not |',
        f'| ... at host speed, us (TCG ran a bash loop {slowdown:.0f}x slower than the host, '
        f'old VM {slowdown_old:.0f}x; quickest of 3 in the guest, 5 on the host) '
        f'| {hs:.1f} | {hs_old:.0f} | - | an estimate: TCG does not slow all code alike |',
        f'| ... the pre-flight checks, the battery and the arming, in their worker beside '
        f'the freezer, us under TCG, median | {b.get("checks_us", nan):.0f} '
        f'| in its callbacks | - '
        f'| off the path: what the devices\' phase waits for them is in the callbacks above |',
        f'| ... the wake\'s work after the resume (the alarm cancelled, the decision, its '
        f'log line and events), us under TCG, median | {b.get("wake_us", nan):.0f} '
        f'| in its callbacks | - | off the path: the resume is over |',
        f'| `s2hctl show` wall time, ms (mean of 20) | {c.get("show_ms", nan):.1f} '
        f'| {old.get("show_ms", nan):.1f} | - '
        f'| two VMs: all /sys/power/s2h files by grep: {c.get("sysfs_all_ms", nan):.1f} ms '
        f'(old {old.get("sysfs_all_ms", nan):.1f} ms) |',
        f'| ... the two modules loaded in turns in one VM, ms, median of '
        f'{t_new.get("show_turns", 0)} turns\' means | {t_new.get("show_ms", nan):.1f} '
        f'| {t_old.get("show_ms", nan):.1f} | - '
        f'| old / new = **{ratio_text(t_new.get("show_ms"), t_old.get("show_ms"))}**: '
        f'the same s2hctl, kernel and host load |',
        f'| netlink round trips per s: GET (reply, then the ack the request asks for) / '
        f'GET without ack / GET with checks / SET (ack) | {get:.0f} / '
        f'{c.get("get_reply_per_s", nan):.0f} / {c.get("get_checks_per_s", nan):.0f} / '
        f'{set_:.0f} | {get_old:.0f} / {old.get("get_reply_per_s", nan):.0f} / '
        f'{old.get("get_checks_per_s", nan):.0f} / {set_old:.0f} '
        f'| - | GET / SET = {get / set_:.2f} (old {get_old / set_old:.2f}), without ack '
        f'{c.get("get_reply_per_s", nan) / set_:.2f}, with checks '
        f'{c.get("get_checks_per_s", nan) / set_:.2f}; GET new / old = '
        f'{ratio_text(get_old, get)}, with checks '
        f'{ratio_text(old.get("get_checks_per_s"), c.get("get_checks_per_s"))}; '
        f'quickest of 10 blocks each, taking turns; '
        f'the 12 sysfs files a GET holds: {c.get("sysfs12_per_s", 0):.0f}/s |',
    ]


def table(s2h, s2h_old, sysd, awake, preamble, old_pre, delay, kver, smp, ko, host_calib_us,
          old_ref):
    lat = [r['wake_to_entry_ms'] for r in s2h]
    lat_old = [r['wake_to_entry_ms'] for r in s2h_old]
    lat_sd = [r['wake_to_entry_ms'] for r in sysd]
    ex = [r['exit_to_entry_ms'] for r in s2h]
    ex_old = [r['exit_to_entry_ms'] for r in s2h_old]
    ex_sd = [r['exit_to_entry_ms'] for r in sysd]
    err = [r['alarm_error_s'] for r in s2h]
    err_sd = [r['alarm_error_s'] for r in sysd]
    aw = [r['alarm_error_s'] for r in awake]
    extra = sum(r['suspend_rounds'] > 1 for r in s2h)
    extra_sd = sum(r['suspend_rounds'] > 1 for r in sysd)
    def callbacks(runs):
        return [sum(o[p]['last_ns'] for p in PATH_POINTS if p in o) / 1e3
                for o in (r.get('overhead') for r in runs) if o]
    cyc, cyc_old = callbacks(s2h), callbacks(s2h_old)
    def whole(runs):
        return [r['suspend_ms'] + r['resume_ms'] for r in runs
                if r['suspend_ms'] is not None and r['resume_ms'] is not None]
    sr, sr_sd = whole(s2h), whole(sysd)
    c, old = control_figures(preamble), control_figures(old_pre)

    def slowdown(fig):
        return fig.get('calibration_us', 0) / host_calib_us if host_calib_us else float('nan')
    sd_new, sd_old = slowdown(c), slowdown(old)
    text, data, bss = size_of(ko)
    fp = c.get('footprint', {})
    n, n_sd = len(s2h), len(sysd)
    ratio = med(lat_sd) / med(lat) if lat and med(lat) > 0 else float('nan')
    ratio_ex = med(ex_sd) / med(ex) if ex and med(ex) > 0 else float('nan')
    rows = [
        f'| figure | s2h | s2h of {old_ref} | systemd 252 | |',
        '|---|---|---|---|---|',
        f'| "PM: suspend exit" -> "hibernation entry", ms, median (min .. max) '
        f'| {span(ex, "{:.1f}")} | {span(ex_old, "{:.1f}")} | {span(ex_sd, "{:.1f}")} '
        f'| systemd / s2h = **{ratio_ex:.0f}x**; old / new = '
        f'{ratio_text(med(ex), med(ex_old))} |',
        f'| RTC wake ("Low-level resume complete") -> "hibernation entry", ms '
        f'| {span(lat, "{:.1f}")} | {span(lat_old, "{:.1f}")} | {span(lat_sd, "{:.1f}")} '
        f'| systemd / s2h = {ratio:.1f}x, old / new = {ratio_text(med(lat), med(lat_old))}: '
        f'the kernel\'s device resume, the same for all, comes first |',
        f'| suspended before hibernating - {delay} s, s (QMP SUSPEND -> WAKEUP) '
        f'| {span(err, "{:+.2f}")} | - | {span(err_sd, "{:+.2f}")} | error, median (min .. max) |',
        f'| alarm wakes that hibernated | {n} of {n} | {len(s2h_old)} of {len(s2h_old)} '
        f'| {n_sd} of {n_sd + len(awake)} '
        f'| systemd stayed awake after {len(awake)}: woken {span(aw, "{:+.2f}")} s '
        f'from the delay, before its timer was due |',
        f'| cycles that needed an extra suspend round | {extra} of {n} | - | {extra_sd} of {n_sd} '
        f'| woken by the alarm, slept again |',
        f'| s2h notifier callbacks of the hibernating cycles (the user\'s suspend, '
        f'the alarm\'s wake), us under TCG | {span(cyc, "{:.0f}")} | {span(cyc_old, "{:.0f}")} '
        f'| - '
        f'| one each per cycle, in a QEMU just started to resume the image: TCG translates every code path anew; the pm_test rows are the steady figure |',
        f'| whole suspend + resume in the kernel, ms ("suspend entry" -> "Preparing to enter", '
        f'"Low-level resume complete" -> "suspend exit") | {span(sr, "{:.0f}")} | - '
        f'| {span(sr_sd, "{:.0f}")} | s2h callbacks: {100 * med(cyc) / 1e3 / med(sr):.2f} % '
        f'of it |' if sr and cyc else
        '| whole suspend + resume in the kernel, ms | n/a | - | n/a | |',
    ] + callback_rows(c, old, sd_new, sd_old, old_ref) + [
        f'| s2h.ko text / data / bss, bytes (size) | {text} / {data} / {bss} | - | - '
        f'| loaded: {fp.get("coresize", "?")} B, slab +{fp.get("slab_kb", "?")} kB at load |',
    ]
    head = (f'{n} hibernating cycles of each, three VMs taking turns - s2h, s2h.ko of '
            f'{old_ref}, systemd - in one `make bench`: Debian kernel {kver}, QEMU TCG, '
            f'{smp} vCPUs, S3, delay {delay} s.')
    return head, rows


def svg_bar(out, x, y, a, b, color):
    out.append(f'<rect x="{x(a):.1f}" y="{y}" width="{max(x(b) - x(a), 1):.1f}" '
               f'height="22" fill="{color}"/>')


def svg_axis(out, x, y, ticks, unit):
    out.append(f'<line x1="{x(ticks[0])}" y1="{y}" x2="{x(ticks[-1])}" y2="{y}" stroke="black"/>')
    for t in ticks:
        out.append(f'<line x1="{x(t):.1f}" y1="{y}" x2="{x(t):.1f}" y2="{y + 4}" stroke="black"/>')
        out.append(f'<text x="{x(t):.1f}" y="{y + 16}" font-size="10" '
                   f'text-anchor="middle">{t} {unit}</text>')


COLORS = {'awake': '#9ecae1', 's3': '#31a354', 'resume': '#756bb1', 'decide': '#de2d26',
          'image': '#fd8d3c', 'off': '#bdbdbd'}


def typical(runs):
    """The cycle whose wake -> hibernation entry is the median one."""
    m = med([r['wake_to_entry_ms'] for r in runs])
    return min(runs, key=lambda r: abs(r['wake_to_entry_ms'] - m))


def svg_timeline(s2h, sysd, delay):
    """One cycle of each: the whole cycle on a seconds axis, t=0 at the
    suspend; below, from the RTC wake to hibernation entry in ms."""
    runs = [('s2h', typical(s2h)), ('systemd 252', typical(sysd))]
    left, width = 110, 700
    t_max = max(r['timeline']['off'] for _, r in runs) + 2
    x = lambda t: left + (t + 2) / (t_max + 2) * width
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 190}" height="330" '
           f'font-family="sans-serif" font-size="12">',
           f'<text x="{left}" y="16">One cycle of each (its median one), delay {delay} s, '
           f'same VM; t = 0 at the suspend (QEMU SUSPEND event)</text>']
    for i, (label, r) in enumerate(runs):
        tl, y = r['timeline'], 28 + i * 32
        out.append(f'<text x="4" y="{y + 15}">{label}</text>')
        svg_bar(out, x, y, -2, 0, COLORS['awake'])
        for j, s_at in enumerate(tl['suspends']):
            w = next((w for w in tl['wakes'] if w >= s_at), tl['off'])
            svg_bar(out, x, y, s_at, w, COLORS['s3'])
            last = j + 1 == len(tl['suspends'])
            svg_bar(out, x, y, w, tl['entry'] if last else tl['suspends'][j + 1],
                    COLORS['decide' if last else 'awake'])
        svg_bar(out, x, y, tl['entry'], tl['off'], COLORS['image'])
        svg_bar(out, x, y, tl['off'], t_max, COLORS['off'])
    svg_axis(out, x, 94, list(range(0, int(t_max) + 1, 5)), 's')

    # The wake, magnified: the kernel's resume, then the way to hibernation.
    ms_max = max(r['wake_to_entry_ms'] for _, r in runs) * 1.05
    xm = lambda t: left + t / ms_max * width
    out.append(f'<text x="{left}" y="140">The alarm wake, magnified: t = 0 at the first '
               f'kernel line after the RTC wake ("Low-level resume complete")</text>')
    for i, (label, r) in enumerate(runs):
        y = 152 + i * 32
        resume = r['wake_to_entry_ms'] - r['exit_to_entry_ms']
        out.append(f'<text x="4" y="{y + 15}">{label}</text>')
        svg_bar(out, xm, y, 0, resume, COLORS['resume'])
        svg_bar(out, xm, y, resume, r['wake_to_entry_ms'], COLORS['decide'])
        out.append(f'<text x="{xm(r["wake_to_entry_ms"]) + 4:.1f}" y="{y + 15}" font-size="10">'
                   f'{r["exit_to_entry_ms"]:.1f} ms after "suspend exit"</text>')
    step = 20 if ms_max > 60 else 10
    svg_axis(out, xm, 218, list(range(0, int(ms_max) + 1, step)), 'ms')

    lx, ly = 4, 262
    for kind, name in (('awake', 'running'), ('s3', 'suspended (S3)'),
                       ('resume', 'kernel resume, to "suspend exit"'),
                       ('decide', 'woken: to "hibernation entry"'),
                       ('image', 'hibernating, to power-off'), ('off', 'off')):
        out.append(f'<rect x="{lx}" y="{ly}" width="12" height="12" fill="{COLORS[kind]}"/>')
        out.append(f'<text x="{lx + 16}" y="{ly + 10}">{name}</text>')
        lx += 16 + 7 * len(name) + 20
        if lx > left + width - 150:
            lx, ly = 4, ly + 22
    out.append('</svg>')
    return '\n'.join(out) + '\n'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--delay', type=int, required=True)
    ap.add_argument('--kver', required=True)
    ap.add_argument('--smp', type=int, default=1)
    ap.add_argument('--ko', required=True)
    ap.add_argument('--old-ref', default='the old ref')
    ap.add_argument('--host-calibration-us', type=float, default=0)
    ap.add_argument('--out', required=True)
    ap.add_argument('run_dir')
    a = ap.parse_args()

    runs, failed, pres = [], [], {}
    for mode in ('s2h', 'systemd', 's2h-old'):
        try:
            cycles, pre = split_cycles(a.run_dir, mode)
            pres[mode] = reports_of(pre)
            for cyc in cycles:
                runs.append(parse_cycle(cyc, mode, a.delay))
            if not cycles or not any(l == 'S2H-BENCH: done' for l in cycles[-1]['lines']):
                raise RunError(f'{mode}: the VM neither hibernated nor finished')
        except RunError as e:
            failed.append(str(e))
    s2h = [r for r in runs if r['mode'] == 's2h']
    s2h_old = [r for r in runs if r['mode'] == 's2h-old']
    sysd = [r for r in runs if r['mode'] == 'systemd' and r['hibernated']]
    awake = [r for r in runs if r['mode'] == 'systemd' and not r['hibernated']]
    with open(os.path.join(a.out, 'runs.json'), 'w') as f:
        json.dump({'delay_s': a.delay, 'kernel': a.kver,
                   'host_calibration_us': a.host_calibration_us,
                   'runs': runs, 'failed': failed}, f, indent=1)
    for msg in failed:
        print(f'bench: FAILED: {msg}', file=sys.stderr)
    if failed:
        print('bench: FAILED: not every cycle hibernated and resumed; no table written',
              file=sys.stderr)
        return 1
    if not s2h or not sysd:
        print(f'bench: FAILED: no hibernation to measure: s2h {len(s2h)}, '
              f'systemd {len(sysd)} of {len(sysd) + len(awake)} runs', file=sys.stderr)
        return 1
    head, rows = table(s2h, s2h_old, sysd, awake, pres['s2h'], pres['s2h-old'], a.delay, a.kver,
                       a.smp, a.ko, a.host_calibration_us, a.old_ref)
    with open(os.path.join(a.out, 'bench.md'), 'w') as f:
        f.write(head + '\n\n' + '\n'.join(rows) + '\n')
    with open(os.path.join(a.out, 'timeline.svg'), 'w') as f:
        f.write(svg_timeline(s2h, sysd, a.delay))
    print(head + '\n\n' + '\n'.join(rows))
    return 0


if __name__ == '__main__':
    sys.exit(main())
