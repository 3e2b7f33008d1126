#!/usr/bin/env python3
"""bench/pgn-worst.py -- the worst PGN game for memory under the reader's caps per game
(src/core/pgn.h), and what one such game costs: its JSON's length, the peak RSS of
`fen pgn` on it, and that of a fresh fend answering POST /pgn with it.

    bench/pgn-worst.py [--build DIR] [--write DIR] [PART...]

PART is one of all, plies, tags, comments, nags, arrows, issues (default: every one),
each alone on 300 plies (plies: on PGN_GAME_MOVES_MAX plies) or all at their caps
together; each comes twice: with the plies on the mainline, and with every ply but the
first in variations of the first move (64 plies each). The plies are knights going out
and back from a start position with a long FEN; tag values and comments are quotes (two
bytes each in JSON), NAGs the one with the longest meaning, problems the longest easy
ones (64-byte tokens, 60-digit move numbers). --write keeps the games there (else they go in a temporary directory, removed at the end).

The figures are increments: fen's peak RSS over its peak on a one-move game, and
fend's VmHWM (reset through /proc/PID/clear_refs; run as root or as fend's user) over
its VmRSS at rest after three small games. Keep the caps below in step with pgn.h.
"""
import argparse
import http.client
import os
import shutil
import subprocess
import sys
import tempfile
import time

PLIES, TAGS, MOVE_NAGS, GAME_NAGS = 4096, 64, 8, 1024
COMMENT, GAME_COMMENTS, MARKS, GAME_MARKS, ISSUES = 16383, 128 * 1024, 64, 1024, 100
FEN = "rnbqkbnr/p1p1p1p1/1p1p1p1p/8/8/P1P1P1P1/1P1P1P1P/RNBQKBNR w KQkq - 0 1"
DANCE = ["Nf3", "Nc6", "Ng1", "Nb8"]
PARTS = ["all", "plies", "tags", "comments", "nags", "arrows", "issues"]


def game(part, variations):
    """The PGN of the worst game for part."""
    want = lambda p: part in ("all", p)
    out = ['[FEN "%s"]\n[SetUp "1"]\n' % FEN]
    if want("tags"):
        for i in range(TAGS - 2):
            out.append('[%s "%s"]\n' % (("T%d" % i).ljust(64, "x"), '\\"' * 1024))
    out.append("\n")
    plies = PLIES if want("plies") else 300
    nags, marks = (GAME_NAGS if want("nags") else 0), (GAME_MARKS if want("arrows") else 0)
    comments = GAME_COMMENTS + 2 * COMMENT if want("comments") else 0
    notes = []
    for _ in range(plies):
        note = []
        if nags > 0:
            note.append(" ".join(["$46"] * MOVE_NAGS))
            nags -= MOVE_NAGS
        if marks > 0:
            note.append("{[%cal " + ",".join(["Ga1h8"] * MARKS) + "]}")
            marks -= MARKS
        elif comments > 0:
            note.append("{" + '"' * COMMENT + "} {" + '"' * COMMENT + "}")
            comments -= 2 * COMMENT
        notes.append(" ".join(note))
    errors = " ".join("(%s)" % ("Q" * 64) for _ in range(ISSUES + 1)) if want("issues") else ""

    def line(first, count):
        words = []
        for j in range(count):
            if want("issues") and 1 <= first + j <= ISSUES + 1:
                words.append("9" * 60 + ("." if j % 2 == 0 else "..."))
            words.append(DANCE[j % 4])
            if notes[first + j]:
                words.append(notes[first + j])
        return " ".join(words)

    if variations:
        text, k = line(0, 1) + " " + errors, 1
        while k < plies:
            n = min(64, plies - k)
            text += " (" + line(k, n) + ")"
            k += n
    else:
        text = line(0, plies)
        cut = text.index(DANCE[0]) + len(DANCE[0])
        text = text[:cut] + " " + errors + text[cut:]
    return "".join(out) + text + " *\n"


def status_kb(pid, name):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(name + ":"):
                return int(line.split()[1])
    return 0


def post(port, body):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("POST", "/pgn", body=body, headers={"Content-Type": "application/x-chess-pgn"})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def fen_peak_kb(build, path):
    run = subprocess.run(["/usr/bin/time", "-f", "%M", os.path.join(build, "fen"), "pgn", path],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(run.stderr.strip().splitlines()[-1])


def fend_peak_kb(build, body):
    """fend's peak over its rest for one request, the status and the answer's length."""
    proc = subprocess.Popen([os.path.join(build, "fend"), "--port", "0", "--log", "off"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = proc.stdout.readline()
        if "listening on" not in line:
            raise SystemExit(f"fend did not start: {line!r}")
        port = int(line.rsplit(":", 1)[1])
        for _ in range(3):
            post(port, b'[Event "w"]\n1. e4 {c} $1 (1. d4) *\n')
        time.sleep(0.2)
        rest = status_kb(proc.pid, "VmRSS")
        with open(f"/proc/{proc.pid}/clear_refs", "w") as f:
            f.write("5")
        status, answer = post(port, body)
        time.sleep(0.1)
        return status_kb(proc.pid, "VmHWM") - rest, status, len(answer)
    finally:
        proc.terminate()
        proc.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.environ.get("FEND_BUILD_DIR", "."))
    ap.add_argument("--write", default=None)
    ap.add_argument("parts", nargs="*", default=PARTS)
    args = ap.parse_args()
    work = args.write or tempfile.mkdtemp(prefix="fend-pgn-worst.")
    os.makedirs(work, exist_ok=True)
    try:
        measure(args, work)
    finally:
        if not args.write:
            shutil.rmtree(work)


def measure(args, work):
    """Writes each game asked for into work and prints what it costs."""
    tiny = os.path.join(work, "tiny.pgn")
    with open(tiny, "w") as f:
        f.write("1. e4 *\n")
    base = fen_peak_kb(args.build, tiny)
    print(f"{'game':<16} {'PGN bytes':>10} {'JSON bytes':>11} {'fen pgn +KiB':>13} {'fend +KiB':>10}")
    for part in args.parts:
        for variations in (False, True):
            name = part + ("-var" if variations else "")
            path = os.path.join(work, name + ".pgn")
            body = game(part, variations)
            with open(path, "w") as f:
                f.write(body)
            fend_kb, status, length = fend_peak_kb(args.build, body.encode())
            if status != 200:
                raise SystemExit(f"{name}: status {status}")
            print(f"{name:<16} {len(body):>10} {length:>11} {fen_peak_kb(args.build, path) - base:>13} "
                  f"{fend_kb:>10}", flush=True)


if __name__ == "__main__":
    main()
