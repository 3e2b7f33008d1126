#!/usr/bin/env python3
"""bench/attack.py -- what the costliest requests cost fend: CPU, peak RSS and growth.

Starts a fend (FEND, default ./fend), measures the CPU of the reference request
(GET /render?format=png of the start position at the default size, the budget's unit),
then sends each request kind of the attack table at two or more sizes, one at a time,
and prints for each: the status, fend's CPU for it (utime + stime from /proc, the
daemon's whole process), the peak RSS while it ran (VmHWM after resetting it through
/proc/PID/clear_refs), its CPU as a multiple of the reference, and how its CPU grew
from the size before (the input doubles from one size to the next).

    bench/attack.py [--fend PATH] [--only NAME,...] [--repeat N] [-- FEND_FLAGS...]

Run as root or as fend's own user (clear_refs needs it). One request at a time; the
figures are fend's own (the client's work is not counted).
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
from attacks import KINDS, Fend, measure, reference_cpu  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fend", default=os.environ.get("FEND", "./fend"))
    ap.add_argument("--only", default="")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("flags", nargs="*")
    args = ap.parse_args()
    fend = Fend(args.fend, args.flags)
    try:
        ref = reference_cpu(fend, 200)
        print(f"reference: GET /render?format=png (start position, 360 px): {ref * 1000:.2f} ms of CPU "
              f"(mean of 200); budget 100x = {ref * 100 * 1000:.0f} ms")
        print(f"{'kind':<20} {'size':>8} {'status':<10} {'bytes':>10} {'CPU ms':>9} {'x ref':>8} "
              f"{'peak RSS MiB':>13} {'growth':>7}")
        only = set(filter(None, args.only.split(",")))
        for name, (desc, sizes, fn) in KINDS.items():
            if only and name not in only:
                continue
            prev = None
            for size in sizes:
                cpu, peak, status, data = measure(fend, fn(size), args.repeat, args.timeout)
                length = len(data)
                growth = f"{cpu / prev:.2f}" if prev and prev > 0.005 else "-"
                print(f"{name:<20} {size:>8} {str(status):<10} {length:>10} {cpu * 1000:>9.0f} "
                      f"{cpu / ref:>8.1f} {peak / 1024:>13.1f} {growth:>7}", flush=True)
                prev = cpu
    finally:
        fend.stop()


if __name__ == "__main__":
    main()
