#!/usr/bin/env python3
"""bench/png-levels.py -- zlib levels (and PNG filters) on a board: reads a PNG fend
wrote (8-bit indexed or RGB, non-interlaced), takes its rows back out of the IDAT data,
and compresses them again at every zlib level, with filter None (as fend writes indexed
PNGs) and Sub, Up and Paeth on every row. Prints the IDAT bytes and the milliseconds of
one compression (the best of --repeat runs; Python's zlib is the zlib libpng uses).

    bench/png-levels.py board.png [--repeat N]
"""
import struct, sys, time, zlib


def chunks(data):
    pos = 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def unfilter(raw, width, height, bpp):
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        ftype, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return rows


def refilter(rows, bpp, ftype):
    out, prev = bytearray(), bytes(len(rows[0]))
    for line in rows:
        out.append(ftype)
        if ftype == 0:
            out += line
        else:
            for i in range(len(line)):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                if ftype == 1:
                    pred = a
                elif ftype == 2:
                    pred = b
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                out.append((line[i] - pred) & 255)
        prev = line
    return bytes(out)


def main():
    path, repeat = sys.argv[1], 5
    if "--repeat" in sys.argv:
        repeat = int(sys.argv[sys.argv.index("--repeat") + 1])
    data = open(path, "rb").read()
    idat, ihdr = b"", None
    for kind, body in chunks(data):
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    width, height, depth, ctype = ihdr[:4]
    bpp = {3: 1, 2: 3, 6: 4, 0: 1}[ctype]
    rows = unfilter(zlib.decompress(idat), width, height, bpp)
    print("%s: %dx%d, colour type %d, %d bytes (IDAT %d)" % (path, width, height, ctype, len(data), len(idat)))
    print("%-7s %6s %12s %10s" % ("filter", "level", "IDAT bytes", "ms"))
    for fname, ftype in (("none", 0), ("sub", 1), ("up", 2), ("paeth", 4)):
        raw = refilter(rows, bpp, ftype)
        for level in range(1, 10):
            best = None
            for _ in range(repeat):
                t = time.process_time()
                size = len(zlib.compress(raw, level))
                t = time.process_time() - t
                best = t if best is None or t < best else best
            print("%-7s %6d %12d %10.2f" % (fname, level, size, best * 1e3))


main()
