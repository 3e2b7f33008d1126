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
import http.client
import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

CLK = os.sysconf("SC_CLK_TCK")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# Twelve plies that repeat (knights out and back), so any length stays legal.
KNIGHT_DANCE = ["g1f3", "g8f6", "f3g1", "f6g8"]


def board_arrows(n):
    """n arrows across the whole board, in the four colours."""
    corners = ["a1h8", "h1a8", "a8h1", "h8a1", "a1a8", "h1h8", "a1h1", "a8h8"]
    colours = "GRYB"
    return ",".join(colours[i % 4] + corners[i % 8] for i in range(n))


def moves(n):
    return [KNIGHT_DANCE[i % 4] for i in range(n)]


def q(params):
    return urllib.parse.urlencode(params)


# Each kind: name -> (description, sizes, function(size) -> (method, path, headers, body)).
KINDS = {}


def kind(name, description, sizes):
    def register(fn):
        KINDS[name] = (description, sizes, fn)
        return fn
    return register


@kind("gif_game_arrows", "GET /render/game.gif, size=1024, 64 board-wide arrows, N plies", [6, 12])
def _(n):
    return "GET", "/render/game.gif?" + q({"moves": ",".join(moves(n)), "size": 1024, "arrows": board_arrows(64)}), {}, None


@kind("gif_game_plies", "GET /render/game.gif, size=1024, N plies", [250, 500])
def _(n):
    return "GET", "/render/game.gif?" + q({"moves": ",".join(moves(n)), "size": 1024}), {}, None


@kind("png_arrows", "GET /render?format=png, size=1024, N board-wide arrows", [32, 64])
def _(n):
    return "GET", "/render?" + q({"fen": START, "format": "png", "size": 1024, "arrows": board_arrows(n)}), {}, None


@kind("gif_arrows", "GET /render?format=gif, size=1024, N board-wide arrows", [32, 64])
def _(n):
    return "GET", "/render?" + q({"fen": START, "format": "gif", "size": 1024, "arrows": board_arrows(n)}), {}, None


def pgn(body):
    return "POST", "/pgn", {"Content-Type": "application/x-chess-pgn"}, body.encode()


@kind("pgn_tags", "POST /pgn, one game with N tag pairs", [10000, 20000, 40000])
def _(n):
    return pgn("".join(f'[T{i} "v"]\n' for i in range(n)) + "\n1. e4 e5 *\n")


@kind("pgn_comments", "POST /pgn, N {a} comments on one move", [64000, 128000, 256000])
def _(n):
    return pgn("1. e4 " + "{a} " * n + "e5 *\n")


@kind("pgn_nags", "POST /pgn, N $1 NAGs before the first move", [40000, 80000, 160000])
def _(n):
    return pgn("$1 " * n + "1. e4 *\n")


@kind("pgn_move_nags", "POST /pgn, N $1 NAGs on one move", [40000, 80000, 160000])
def _(n):
    return pgn("1. e4 " + "$1 " * n + "*\n")


@kind("pgn_errors", "POST /pgn, N games of one illegal move", [16000, 32000])
def _(n):
    return pgn("1. Ke3 *\n" * n)


@kind("pgn_variations", "POST /pgn, one game, N one-move variations on its first move", [8000, 16000])
def _(n):
    return pgn("1. e4 " + "(1. d4) " * n + "*\n")


@kind("pgn_long_game", "POST /pgn, one game of N plies", [4000, 8000])
def _(n):
    return pgn(" ".join(moves(n)) + " *\n")


@kind("json_array", "POST /validate, a JSON array of N numbers as the body", [250000, 500000])
def _(n):
    return "POST", "/validate", {"Content-Type": "application/json"}, ("[" + ",".join(["1"] * n) + "]").encode()


@kind("json_wide", "POST /validate, an object whose member holds N numbers", [250000, 500000])
def _(n):
    return "POST", "/validate", {"Content-Type": "application/json"}, \
        ('{"fen":"' + START + '","x":[' + ",".join(["1"] * n) + "]}").encode()


@kind("apply_moves", "POST /apply-move, N moves", [5000, 10000])
def _(n):
    return "POST", "/apply-move", {"Content-Type": "application/json"}, \
        json.dumps({"fen": START, "moves": moves(n)}).encode()


@kind("bulk_validate", "POST /validate NDJSON, N lines", [8000, 16000])
def _(n):
    return "POST", "/validate", {"Content-Type": "application/x-ndjson"}, (START + "\n").encode() * n


@kind("convert_descriptive", "POST /convert, N plies of descriptive notation", [200, 400])
def _(n):
    dance = ["N-KB3", "N-KB3", "N-N1", "N-N1"]
    text = " ".join(dance[i % 4] for i in range(n))
    return "POST", "/convert", {"Content-Type": "application/json"}, \
        json.dumps({"text": text, "from": "descriptive"}).encode()


class Fend:
    def __init__(self, path, flags):
        self.proc = subprocess.Popen([path, "--port", "0", "--log", "off", *flags], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)
        line = self.proc.stdout.readline()
        if "listening on" not in line:
            raise SystemExit(f"fend did not start: {line!r}")
        self.port = int(line.rsplit(":", 1)[1])

    def cpu(self):
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK

    def reset_peak(self):
        with open(f"/proc/{self.proc.pid}/clear_refs", "w") as f:
            f.write("5")

    def status_kb(self, name):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
        return 0

    def request(self, method, path, headers, body, timeout):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, data
        except (OSError, http.client.HTTPException) as exc:
            return f"{type(exc).__name__}", b""
        finally:
            conn.close()

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def measure(fend, req, repeat, timeout):
    """Best-of-repeat CPU (seconds), the peak RSS (KiB), the status, the answer's length."""
    best = None
    peak = 0
    status = None
    length = 0
    for _ in range(repeat):
        fend.reset_peak()
        before = fend.cpu()
        status, data = fend.request(*req, timeout)
        # The work may go on after the answer (or after a timeout): wait until it stops.
        last = fend.cpu()
        while True:
            time.sleep(0.05)
            now = fend.cpu()
            if now == last:
                break
            last = now
        cpu = last - before
        peak = max(peak, fend.status_kb("VmHWM"))
        length = len(data)
        best = cpu if best is None else min(best, cpu)
    return best, peak, status, length


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
        ref_req = ("GET", "/render?" + q({"fen": START, "format": "png"}), {}, None)
        fend.request(*ref_req, 10)
        t0 = fend.cpu()
        n = 200
        for _ in range(n):
            fend.request(*ref_req, 10)
        ref = (fend.cpu() - t0) / n
        print(f"reference: GET /render?format=png (start position, 360 px): {ref * 1000:.2f} ms of CPU "
              f"(mean of {n}); budget 100x = {ref * 100 * 1000:.0f} ms")
        print(f"{'kind':<20} {'size':>8} {'status':<10} {'bytes':>10} {'CPU ms':>9} {'x ref':>8} "
              f"{'peak RSS MiB':>13} {'growth':>7}")
        only = set(filter(None, args.only.split(",")))
        for name, (desc, sizes, fn) in KINDS.items():
            if only and name not in only:
                continue
            prev = None
            for size in sizes:
                cpu, peak, status, length = measure(fend, fn(size), args.repeat, args.timeout)
                growth = f"{cpu / prev:.2f}" if prev and prev > 0.005 else "-"
                print(f"{name:<20} {size:>8} {str(status):<10} {length:>10} {cpu * 1000:>9.0f} "
                      f"{cpu / ref:>8.1f} {peak / 1024:>13.1f} {growth:>7}", flush=True)
                prev = cpu
    finally:
        fend.stop()


if __name__ == "__main__":
    main()
