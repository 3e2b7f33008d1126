#!/usr/bin/env bash
# bench/perft.sh -- move generation speed: `fen perft` against Stockfish's `go perft`.
#
# Builds nothing: build fen first (in-tree, or out of tree and point FEND_BUILD_DIR at it).
#
#   FEND_BUILD_DIR   directory holding the built `fen` (default: the repository root)
#   FEND_BENCH_RUNS  timed runs per position and program; the best is reported (default 3)
#   STOCKFISH        the Stockfish binary (default: stockfish on PATH, else /usr/games/stockfish)
#   PYTHON3          Python 3 used as the timing harness (default: /usr/bin/python3)
#
# Positions: the start position at depth 6 (119,060,324 nodes) and Kiwipete at depth 5
# (193,690,690 nodes). A wrong node count from either program is an error (exit 1).
#
# Timing (monotonic clock, time.perf_counter_ns):
#   fen        the whole process, `fen perft FEN DEPTH`, from spawn to exit -- its start-up
#              is included (measured separately and printed, it is a few milliseconds).
#   stockfish  one long-lived process per run set; the clock runs from writing
#              `go perft DEPTH` to reading `Nodes searched: N`, so its start-up (NNUE
#              load, hash allocation) is excluded. Stockfish prints no time of its own for
#              perft. This favours Stockfish slightly, never fen.
# `setoption name Threads value 1` is sent, though Stockfish's perft is single-threaded
# anyway (it runs on the main search thread only); fen's perft is single-threaded too.
#
# Target (from the issue): ratio = fen nodes/s / Stockfish nodes/s >= 0.33 (aim 0.5).
# A missed target prints FAIL but the script still exits 0; a broken run exits non-zero.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
runs=${FEND_BENCH_RUNS:-3}
fen="$build/fen"

die() { echo "perft.sh: $*" >&2; exit 1; }

[ -x "$fen" ] || die "no fen binary at $fen (build first; set FEND_BUILD_DIR to the build directory)"
case "$runs" in '' | *[!0-9]* | 0) die "FEND_BENCH_RUNS must be a positive integer, got '$runs'" ;; esac

if [ -z "${STOCKFISH:-}" ]; then
	STOCKFISH=$(command -v stockfish 2>/dev/null || true)
	[ -n "$STOCKFISH" ] || STOCKFISH=/usr/games/stockfish
fi
[ -x "$STOCKFISH" ] || die "Stockfish not found at $STOCKFISH (apt-get install stockfish, or set STOCKFISH)"

if [ -z "${PYTHON3:-}" ]; then
	if [ -x /usr/bin/python3 ]; then PYTHON3=/usr/bin/python3; else PYTHON3=$(command -v python3 || true); fi
fi
[ -n "$PYTHON3" ] || die "python3 is needed for the timing harness"

cpu=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -n1)
[ -n "$cpu" ] || cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -n1)
governor=$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null || echo "n/a")

echo "== fend perft benchmark =="
echo "machine:    $(uname -srm), nproc $(nproc), CPU: ${cpu:-unknown}, governor: $governor"
echo "fen:        $("$fen" --version 2>&1 | head -n1)  ($fen)"
if [ -x "$build/config.status" ]; then
	# How fen was configured and compiled (the core library adds -O3 on top of CFLAGS).
	opts=$("$build/config.status" --config 2>/dev/null || true)
	echo "            configure options: ${opts:-(none)}"
	echo "            CFLAGS: $(sed -n 's/^CFLAGS = //p' "$build/Makefile" 2>/dev/null | head -n1)  FEND_CFLAGS: $(sed -n 's/^FEND_CFLAGS = //p' "$build/Makefile" 2>/dev/null | head -n1)"
fi
if grep -q '^FEND_CFLAGS = .*-fsanitize' "$build/Makefile" 2>/dev/null; then
	echo "WARNING:    this is a sanitizer build (--enable-sanitizers): its times mean little"
fi
echo "compiler:   $(${CC:-gcc} --version 2>/dev/null | head -n1 || echo unknown)"
echo "stockfish:  $(echo quit | "$STOCKFISH" 2>/dev/null | head -n1)  ($STOCKFISH)"
# Distribution builds are often generic x86-64 (Debian 12: "64bit SSE2", no POPCNT/BMI2),
# slower than an upstream -bmi2 build; say which one this is.
sf_settings=$(printf 'compiler\nquit\n' | "$STOCKFISH" 2>/dev/null | sed -n 's/^Compilation settings include:[[:space:]]*//p' | head -n1)
echo "            compilation settings: ${sf_settings:-unknown}"
echo "load:       $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min; other work on the machine skews the times)"
echo "runs:       best of $runs (FEND_BENCH_RUNS); both programs single-threaded"
echo

exec "$PYTHON3" - "$fen" "$STOCKFISH" "$runs" <<'PY'
import subprocess, sys, time

fen_bin, sf_bin, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
POSITIONS = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119060324),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193690690),
]
TARGET, AIM = 0.33, 0.5
broken = False

def fail(msg):
    print("perft.sh: ERROR: " + msg, file=sys.stderr)
    sys.exit(1)

def run_fen(fen, depth):
    t0 = time.perf_counter_ns()
    p = subprocess.run([fen_bin, "perft", fen, str(depth)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    t1 = time.perf_counter_ns()
    if p.returncode != 0:
        fail("fen perft exited with %d: %s" % (p.returncode, p.stderr.strip()))
    lines = p.stdout.strip().splitlines()
    try:
        nodes = int(lines[-1].strip())
    except (IndexError, ValueError):
        fail("fen perft printed no node count on its last line: %r" % p.stdout[-200:])
    return nodes, (t1 - t0) / 1e9

class Stockfish:
    def __init__(self):
        self.p = subprocess.Popen([sf_bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci"); self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("isready"); self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n"); self.p.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                fail("Stockfish exited unexpectedly (waiting for %r)" % prefix)
            if line.startswith(prefix):
                return line

    def perft(self, fen, depth):
        self.send("position fen " + fen)
        self.send("isready"); self.wait_for("readyok")
        t0 = time.perf_counter_ns()
        self.send("go perft %d" % depth)
        line = self.wait_for("Nodes searched:")
        t1 = time.perf_counter_ns()
        return int(line.split(":")[1]), (t1 - t0) / 1e9

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()

# fen's process start-up (exec, magic tables): a depth-1 perft, best of the runs.
startup = min(run_fen(POSITIONS[0][1], 1)[1] for _ in range(max(runs, 3)))

sf = Stockfish()
rows = []
for name, fen, depth, expected in POSITIONS:
    fen_best = sf_best = None
    for _ in range(runs):
        n, t = run_fen(fen, depth)
        if n != expected:
            fail("fen perft %s depth %d: %d nodes, expected %d" % (name, depth, n, expected))
        fen_best = t if fen_best is None else min(fen_best, t)
        n, t = sf.perft(fen, depth)
        if n != expected:
            fail("stockfish perft %s depth %d: %d nodes, expected %d" % (name, depth, n, expected))
        sf_best = t if sf_best is None else min(sf_best, t)
    rows.append((name, depth, expected, fen_best, expected / fen_best, sf_best,
                 expected / sf_best, (expected / fen_best) / (expected / sf_best)))
sf.close()

hdr = ("position", "depth", "nodes", "fen s", "fen nodes/s", "stockfish s",
       "stockfish nodes/s", "ratio fen/sf")
fmt = "%-9s %5s %11s %8s %13s %11s %17s %12s"
print(fmt % hdr)
print("-" * 93)
for r in rows:
    print(fmt % (r[0], r[1], "{:,}".format(r[2]), "%.3f" % r[3], "{:,.0f}".format(r[4]),
                 "%.3f" % r[5], "{:,.0f}".format(r[6]), "%.2f" % r[7]))
print()
print("fen process start-up (depth-1 perft, included in fen s): %.1f ms" % (startup * 1e3))
print("ratio = fen nodes/s / stockfish nodes/s (= stockfish s / fen s)")
total_ratio = sum(r[2] for r in rows) / sum(r[3] for r in rows) / (sum(r[2] for r in rows) / sum(r[5] for r in rows))
for r in rows:
    verdict = "PASS" if r[7] >= TARGET else "FAIL"
    aim = " (aim %.2f %s)" % (AIM, "met" if r[7] >= AIM else "not met")
    print("target %-9s ratio >= %.2f: %s  [%.2f]%s" % (r[0], TARGET, verdict, r[7], aim))
print("overall (all nodes / all time) ratio: %.2f" % total_ratio)
PY
