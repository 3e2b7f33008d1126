#!/usr/bin/env bash
# bench/san.sh -- the cost of SAN: `fen apply` of real games written in SAN against the
# same games written in UCI, in the same run.
#
# Builds nothing: build fen first (in-tree, or out of tree and point FEND_BUILD_DIR at it).
#
#   FEND_BUILD_DIR   directory holding the built `fen` (default: the repository root)
#   FEND_BENCH_GAMES games taken from the corpus (default 500)
#   FEND_BENCH_RUNS  timed runs of each; the best is reported (default 3)
#   FEND_BENCH_DATA  the directory holding games.pgn (default: ../shared/bench from the repo root)
#   PYTHON3          Python 3 used as the harness (default: /usr/bin/python3)
#
# Every game is played from the start with `fen apply START MOVE...` (one process a game),
# once with its SAN moves (--notation san: read leniently, every ply written back as UCI,
# SAN, LAN and FEN, and the game as PGN) and once with the UCI moves the first pass
# answered (--notation uci: the same output, only the reading differs). The first pass
# also checks that the SAN fend writes back is the SAN it read, for every ply.
# Time is CPU time (user + system) of the fen processes, from getrusage(RUSAGE_CHILDREN),
# steadier than wall time on a shared machine. The figure is plies per CPU second; the
# ratio is SAN's plies/s over UCI's: what reading SAN costs over reading UCI.
# A broken run (a move not read back, a process failing) exits non-zero.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
fen="$build/fen"
pgn=${FEND_BENCH_DATA:-$root/../shared/bench}/games.pgn
games=${FEND_BENCH_GAMES:-500}
runs=${FEND_BENCH_RUNS:-3}
python=${PYTHON3:-/usr/bin/python3}

die() { echo "san.sh: $*" >&2; exit 1; }

[ -x "$fen" ] || die "no fen binary at $fen (build first; set FEND_BUILD_DIR to the build directory)"
[ -r "$pgn" ] || die "cannot read the corpus $pgn (set FEND_BENCH_DATA)"
case "$games" in '' | *[!0-9]* | 0) die "FEND_BENCH_GAMES must be a positive integer, got '$games'" ;; esac
case "$runs" in '' | *[!0-9]* | 0) die "FEND_BENCH_RUNS must be a positive integer, got '$runs'" ;; esac

exec "$python" - "$fen" "$pgn" "$games" "$runs" <<'PY'
import json, re, resource, subprocess, sys

fen, pgn, games, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

def corpus():
    """The SAN moves of each game: movetext without numbers, comments and results."""
    out, text = [], []
    def flush():
        moves = [t for t in " ".join(text).split()
                 if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
        if len(moves) > 1:  # `fen apply` lists the plies of two moves or more
            out.append(moves)
    for line in open(pgn, encoding="utf-8"):
        if line.startswith("["):
            if text:
                flush()
                text.clear()
            continue
        text.append(re.sub(r"\{[^}]*\}", " ", line))
    if text:
        flush()
    return out[:games]

def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime

def play(args):
    p = subprocess.run([fen, "apply", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit(f"san.sh: fen apply {' '.join(args[:4])}... exited {p.returncode}: {p.stdout[:300]!r}")
    return p.stdout

san_games = corpus()
if not san_games:
    sys.exit(f"san.sh: no games in {pgn}")
uci_games, plies = [], 0
for moves in san_games:
    result = json.loads(play(["--notation", "san", START, *moves]))
    got = [m["san"] for m in result["moves"]]
    if got != moves:
        bad = next(i for i, (a, b) in enumerate(zip(got, moves)) if a != b)
        sys.exit(f"san.sh: ply {bad + 1} read as {moves[bad]} is written back as {got[bad]}")
    uci_games.append([m["uci"] for m in result["moves"]])
    plies += len(moves)

def timed(notation, all_moves):
    best = None
    for _ in range(runs):
        before = cpu()
        for moves in all_moves:
            play(["--notation", notation, START, *moves])
        spent = cpu() - before
        best = spent if best is None else min(best, spent)
    return best

san_cpu = timed("san", san_games)
uci_cpu = timed("uci", uci_games)
startup = None
for _ in range(runs):
    before = cpu()
    for _ in range(len(san_games)):
        play([START, "e2e4"])
    spent = cpu() - before
    startup = spent if startup is None else min(startup, spent)
print(f"corpus: {len(san_games)} games, {plies} plies, from {pgn}; best of {runs} runs, CPU time")
print(f"{'reading':10} {'cpu s':>8} {'plies/s':>10}")
print(f"{'san':10} {san_cpu:8.3f} {plies / san_cpu:10.0f}")
print(f"{'uci':10} {uci_cpu:8.3f} {plies / uci_cpu:10.0f}")
print(f"process start-up and one ply, per game: {startup / len(san_games) * 1e3:.2f} ms CPU (in both figures)")
print(f"ratio san/uci plies/s: {(plies / san_cpu) / (plies / uci_cpu):.2f}")
net_san, net_uci = san_cpu - startup, uci_cpu - startup
if net_san > 0 and net_uci > 0:
    print(f"without start-up: san {plies / net_san:.0f} plies/s, uci {plies / net_uci:.0f} plies/s, "
          f"ratio {net_uci / net_san:.2f}")
PY
