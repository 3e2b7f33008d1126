"""tests/attacks.py -- the costliest requests fend is known to get, by kind and size.

A catalogue shared by the budget test (tests/budget.py, which asserts their cost) and
bench/attack.py (which prints it): each kind is a function of a size that returns the
request (method, path, headers, body); the sizes given double from one to the next, so
that the growth of the cost with the input can be read off. Also the daemon used to
measure them (Fend), with fend's own CPU time and peak RSS read from /proc. Standard
library only.
"""
import http.client
import json
import os
import subprocess
import time
import urllib.parse

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


@kind("bulk_validate", "POST /validate NDJSON, N lines", [32000, 64000])
def _(n):
    return "POST", "/validate", {"Content-Type": "application/x-ndjson"}, (START + "\n").encode() * n


@kind("svg_marks", "GET /render?format=svg, N arrows, N circles and N filled squares", [32, 64])
def _(n):
    squares = [f + r for f in "abcdefgh" for r in "12345678"]
    return "GET", "/render?" + q({"fen": START, "format": "svg", "arrows": board_arrows(n),
                                  "circles": ",".join(squares[:n]),
                                  "squares": ",".join(s + ":#ff000080" for s in squares[:n])}), {}, None


@kind("gif_game_pgn_marks", "POST /render/game.gif, a PGN of N plies, each with 64 [%cal] arrows", [20, 40])
def _(n):
    cal = "[%cal " + ",".join("G" + a for a in ["a1h8", "h1a8", "a1a8", "h1h8"] * 16) + "]"
    text = " ".join(f"{m} {{{cal}}}" for m in moves(n)) + " *\n"
    return "POST", "/render/game.gif?" + q({"size": 512}), {"Content-Type": "application/x-chess-pgn"}, text.encode()


@kind("apply_san", "POST /apply-move, N moves in SAN", [5000, 10000])
def _(n):
    dance = ["Nf3", "Nf6", "Ng1", "Ng8"]
    return "POST", "/apply-move", {"Content-Type": "application/json"}, \
        json.dumps({"fen": START, "moves": [dance[i % 4] for i in range(n)]}).encode()


@kind("moves_many", "POST /validate NDJSON, N lines of a position with many legal moves", [16000, 32000])
def _(n):
    many = "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1"
    return "POST", "/validate", {"Content-Type": "application/x-ndjson"}, (json.dumps(many) + "\n").encode() * n


@kind("pgn_deep", "POST /pgn, N games of 32 nested variations", [2000, 4000])
def _(n):
    game = "1. e4 " + "(1. d4 " * 32 + ")" * 32 + " e5 *\n"
    return pgn(game * n)


@kind("pgn_many_tags", "POST /pgn, N games of 20 tags and 40 plies each", [1000, 2000])
def _(n):
    tags = "".join(f'[Tag{i} "value {i}"]\n' for i in range(20))
    game = tags + "\n" + " ".join(moves(40)) + " *\n\n"
    return pgn(game * n)


@kind("bulk_long_lines", "POST /validate NDJSON, N lines too long to read", [100, 200])
def _(n):
    return "POST", "/validate", {"Content-Type": "application/x-ndjson"}, (b"x" * 20000 + b"\n") * n


@kind("convert_descriptive", "POST /convert, N plies of descriptive notation", [200, 400])
def _(n):
    dance = ["N-KB3", "N-KB3", "N-N1", "N-N1"]
    text = " ".join(dance[i % 4] for i in range(n))
    return "POST", "/convert", {"Content-Type": "application/json"}, \
        json.dumps({"text": text, "from": "descriptive"}).encode()


@kind("convert_variations", "POST /convert, N plies of descriptive notation, then N - 1 variations of the last",
      [256, 512])
def _(n):
    # Each variation is read from the position before the last move: the most moves
    # played again to reach where variations start (the text's cap: 1,024 moves in all).
    dance = ["N-KB3", "N-KB3", "N-N1", "N-N1"]
    text = " ".join(dance[i % 4] for i in range(n)) + " (N-QB3)" * (n - 1)
    return "POST", "/convert", {"Content-Type": "application/json"}, \
        json.dumps({"text": text, "from": "descriptive"}).encode()




def task_cpu_ns(pid):
    """CPU time of every thread of pid, in nanoseconds (/proc/PID/task/*/schedstat)."""
    total = 0
    base = f"/proc/{pid}/task"
    for tid in os.listdir(base):
        try:
            with open(f"{base}/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


class Fend:
    """A fend on a free port, its stdout's first line read; stderr goes to a file."""

    def __init__(self, path, flags=(), log=None, env=None):
        self.log = log
        cmd = [path, "--listen", "127.0.0.1", "--port", "0", *(["--log", "off"] if log is None else []), *flags]
        self.stderr = open(log, "wb") if log else subprocess.DEVNULL
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.stderr, text=True,
                                     env=env)
        line = self.proc.stdout.readline()
        if "listening on" not in line:
            raise RuntimeError(f"fend did not start: {line!r}")
        self.port = int(line.rsplit(":", 1)[1])

    def cpu(self):
        """fend's CPU time so far, in seconds (every thread, nanosecond precision)."""
        return task_cpu_ns(self.proc.pid) / 1e9

    def reset_peak(self):
        with open(f"/proc/{self.proc.pid}/clear_refs", "w") as f:
            f.write("5")

    def status_kb(self, name):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
        return 0

    def request(self, method, path, headers, body, timeout=60):
        """(status, body); status is an exception's name when no answer came."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers)
            resp = conn.getresponse()
            return resp.status, resp.read()
        except (OSError, http.client.HTTPException) as exc:
            return type(exc).__name__, b""
        finally:
            conn.close()

    def settle(self, quiet=0.05):
        """Waits until fend's CPU time stops moving (work may go on after an answer):
        less than 1% of a CPU over quiet seconds (its watchdog wakes ten times a second,
        for microseconds)."""
        last = self.cpu()
        while True:
            time.sleep(quiet)
            now = self.cpu()
            if now - last < 0.01 * quiet:
                return now
            last = now

    def stop(self, timeout=20):
        """SIGTERM; the exit status (None when it had to be killed)."""
        self.proc.terminate()
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


def measure(fend, req, repeat=1, timeout=120):
    """Best-of-repeat CPU seconds, the peak RSS in KiB (the most of the repeats), the
    status and the answer of the last repeat."""
    best, peak, status, data = None, 0, None, b""
    for _ in range(repeat):
        # At rest first: the idle trim gives back what the request before freed.
        time.sleep(0.25)
        fend.reset_peak()
        before = fend.settle()
        status, data = fend.request(*req, timeout)
        cpu = fend.settle() - before
        peak = max(peak, fend.status_kb("VmHWM"))
        best = cpu if best is None else min(best, cpu)
    return best, peak, status, data


def reference_cpu(fend, count=100):
    """CPU seconds of the budget's unit: GET /render?format=png of the start position at
    the default size, the mean of count."""
    ref = ("GET", "/render?" + q({"fen": START, "format": "png"}), {}, None)
    fend.request(*ref)
    before = fend.settle()
    for _ in range(count):
        fend.request(*ref)
    return (fend.settle() - before) / count
