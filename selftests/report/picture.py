#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""picture.py - what a screenshot of s2hctl report's page shows, as checks.

Usage: picture.py check PNG NIGHTS HIBERNATED
       picture.py crop PNG OUT HEIGHT

check: prints one line "ok|not ok - ..." a check and exits 1 when one
fails: the picture is not blank; it has timeline bands - rows where the
suspended, hibernated or awake colour of report-html.c spans much of the
plot - one band a night; the suspended colour, the hibernated colour when
HIBERNATED is not 0, and the battery's line over a band. crop: the top
HEIGHT rows of PNG into OUT (the README's picture).

A PNG decoder of its own (zlib and the five filters of 8-bit RGB or RGBA,
not interlaced): no PIL on the test machine.
"""
import struct
from collections import Counter
import sys
import zlib

# report-html.c's colours.
AWAKE = (0xE4, 0xE4, 0xE4)
SUSPENDED = (0x2F, 0x6F, 0xD6)
HIBERNATED = (0x6A, 0x3D, 0x9A)
BATTERY = (0xF0, 0x8C, 0x00)
# a row is a band's when its colours cover this much of the page's width
BAND_SHARE = 0.5
TOLERANCE = 3


def read_png(path):
    """Width, height and the rows, each a bytes of RGB triples."""
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    pos, idat, head = 8, b'', None
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            head = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = head
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f'PNG of depth {depth}, colour type {colour}: not decoded here')
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1:start + 1 + stride])
        unfilter(kind, line, prev, bpp)
        rows.append(bytes(line) if bpp == 3 else bytes(
            b for i in range(0, stride, 4) for b in line[i:i + 3]))
        prev = line
    return width, height, rows


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(kind, line, prev, bpp):
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + a) & 0xFF
        elif kind == 2:
            line[i] = (line[i] + b) & 0xFF
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 0xFF
        elif kind == 4:
            line[i] = (line[i] + paeth(a, b, c)) & 0xFF
        elif kind:
            raise ValueError(f'unknown PNG filter {kind}')


def near(colour):
    """The colours within TOLERANCE of colour."""
    span = range(-TOLERANCE, TOLERANCE + 1)
    return {(colour[0] + a, colour[1] + b, colour[2] + c) for a in span for b in span for c in span}


def histogram(row):
    return Counter(zip(row[0::3], row[1::3], row[2::3]))


def count(hist, colour):
    """Pixels of a row's histogram within TOLERANCE of colour."""
    return sum(hist.get(c, 0) for c in near(colour))


def bands(width, hists):
    """The runs of rows whose state colours - and the battery's line over
    them - cover BAND_SHARE of the width; a gap of a few rows (where the
    line runs blended into them) does not end a run."""
    runs, start, last = [], None, None
    for y, hist in enumerate(hists):
        covered = sum(count(hist, c) for c in (AWAKE, SUSPENDED, HIBERNATED, BATTERY))
        if covered < width * BAND_SHARE:
            continue
        if start is None or y - last > 4:
            if start is not None:
                runs.append((start, last + 1))
            start = y
        last = y
    if start is not None:
        runs.append((start, last + 1))
    return [r for r in runs if r[1] - r[0] >= 20]


def check(path, nights, hibernated):
    width, height, rows = read_png(path)
    results = []

    def result(ok, desc):
        results.append(ok)
        print(f"{'ok' if ok else 'not ok'} - {desc}")

    hists = [histogram(r) for r in rows]
    colours = set().union(*hists)
    result(len(colours) > 8, f'the screenshot ({width}x{height}) is not blank: '
           f'{len(colours)} colours')
    found = bands(width, hists)
    result(len(found) == nights, f'{nights} timeline band(s), one a night, at least 20 px '
           f'tall (rows {found})')
    inside = [hists[y] for a, b in found for y in range(a, b)]
    sus = sum(count(h, SUSPENDED) for h in inside)
    result(sus > 1000, f'the timelines have the suspended colour #2f6fd6 ({sus} px)')
    hib = sum(count(h, HIBERNATED) for h in inside)
    if hibernated:
        result(hib > 100, f'the timelines have the hibernated colour #6a3d9a ({hib} px)')
    else:
        result(hib == 0, f'no hibernated colour where none hibernated ({hib} px)')
    line = sum(count(h, BATTERY) for h in inside)
    result(line > 50, f'the battery\'s line #f08c00 is drawn over the timelines ({line} px)')
    return all(results)


def crop(path, out, height):
    width, full, rows = read_png(path)
    rows = rows[:min(height, full)]
    raw = b''.join(b'\x00' + r for r in rows)

    def chunk(kind, body):
        return (struct.pack('>I', len(body)) + kind + body +
                struct.pack('>I', zlib.crc32(kind + body) & 0xFFFFFFFF))
    with open(out, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n')
        f.write(chunk(b'IHDR', struct.pack('>IIBBBBB', width, len(rows), 8, 2, 0, 0, 0)))
        f.write(chunk(b'IDAT', zlib.compress(raw, 9)))
        f.write(chunk(b'IEND', b''))


def main(argv):
    if len(argv) == 5 and argv[1] == 'check':
        return 0 if check(argv[2], int(argv[3]), int(argv[4])) else 1
    if len(argv) == 5 and argv[1] == 'crop':
        crop(argv[2], argv[3], int(argv[4]))
        return 0
    print(__doc__.split('\n\n')[1], file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
