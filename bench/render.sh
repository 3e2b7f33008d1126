#!/usr/bin/env bash
# bench/render.sh -- raster boards: fend's PNG against the pipeline people build today,
# fend's own SVG piped through rsvg-convert (as python-chess users do with cairosvg), and
# the animated GIF of a 100-ply game against one PNG. Everything is measured in this run.
#
# Builds nothing: build fend first (in-tree, or point FEND_BUILD_DIR at the build).
# Needs wrk, curl, rsvg-convert and python3 (apt-get install wrk curl librsvg2-bin python3).
#
#   FEND_BUILD_DIR       directory holding the built `fend` (default: the repository root)
#   FEND_BENCH_DATA      fens.txt and games.pgn (default: ../shared/bench from the repo root)
#   FEND_BENCH_SECONDS   length of each wrk run (default 5)
#   FEND_BENCH_BOARDS    boards the rsvg-convert pipeline draws (default 200)
#
# What runs, one board at a time on each side (wrk -t1 -c1 against a fend with --threads 1;
# the rsvg-convert loop is sequential too):
#   png        GET /render?fen=<fens.txt line>&format=png&last_move=... (360 px), cycling
#   svg+rsvg   the SVG of GET /render?format=svg for the same FENs (fetched before the
#              clock starts), each rasterized to a 360 px PNG by one rsvg-convert process
#   gif        GET /render/game.gif with the first 100 plies of the first game of games.pgn
#              that has them (SAN), drawn again on every request (no If-None-Match)
#   gif marks  POST /render/game.gif with that game as a PGN body, a comment with a
#              [%cal] arrow and a [%csl] circle after every ply (a different pair each
#              ply), against the plain gif: what the marks and the PGN body cost
# Targets of the issue: PNG boards/s >= 10x the rsvg-convert pipeline's; the 100-ply GIF
# in under 50x the time of one PNG. Each prints PASS or FAIL (a FAIL still exits 0); an
# error in a run (non-200, bad body) exits 1.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
data=${FEND_BENCH_DATA:-$root/../shared/bench}
secs=${FEND_BENCH_SECONDS:-5}
boards=${FEND_BENCH_BOARDS:-200}
fend="$build/fend"
PYTHON3=${PYTHON3:-python3}

die() { echo "render.sh: ERROR: $*" >&2; exit 1; }
case "$secs$boards" in *[!0-9]*) die "FEND_BENCH_SECONDS and FEND_BENCH_BOARDS must be whole numbers" ;; esac
[ -x "$fend" ] || die "no fend binary at $fend (build first; set FEND_BUILD_DIR)"
[ -r "$data/fens.txt" ] && [ -r "$data/games.pgn" ] || die "no fens.txt and games.pgn in $data; set FEND_BENCH_DATA"
for tool in wrk curl rsvg-convert "$PYTHON3"; do
	command -v "$tool" >/dev/null 2>&1 || die "$tool is missing (apt-get install wrk curl librsvg2-bin python3)"
done
data=$(cd "$data" && pwd)

tmp=$(mktemp -d)
fend_pid=""
cleanup() {
	[ -z "$fend_pid" ] || kill "$fend_pid" 2>/dev/null || true
	[ -z "$fend_pid" ] || wait "$fend_pid" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

"$fend" --port 0 --threads 1 --log off >"$tmp/fend.out" 2>"$tmp/fend.err" &
fend_pid=$!
for _ in $(seq 100); do
	grep -q 'listening on' "$tmp/fend.out" 2>/dev/null && break
	sleep 0.05
done
url=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$tmp/fend.out")
[ -n "$url" ] || { cat "$tmp/fend.err" >&2; die "fend did not start"; }

# CPU time (user + system) fend has used, in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$fend_pid/stat"; }
hz=$(getconf CLK_TCK)

# wrk -t1 -c1 with a script; prints its wrk-result JSON and the CPU microseconds fend spent
# per request: {"wrk": ..., "cpu_us": N}.
run_wrk() { # script seconds
	local before after line
	before=$(cpu_ticks)
	wrk -t1 -c1 -d "${2}s" --timeout 10s -s "$here/wrk/$1.lua" "$url" -- "$data" >"$tmp/wrk-$1.txt" 2>&1 ||
		{ cat "$tmp/wrk-$1.txt" >&2; die "wrk failed for $1"; }
	after=$(cpu_ticks)
	line=$(sed -n 's/^wrk-result //p' "$tmp/wrk-$1.txt" | tail -n1)
	[ -n "$line" ] || { cat "$tmp/wrk-$1.txt" >&2; die "no wrk-result from $1"; }
	"$PYTHON3" -c 'import json, sys
w = json.loads(sys.argv[1])
bad = w["non200"] + w["bad_body"] + sum(w["errors"].values())
if bad or not w["requests"]:
    sys.exit("%s: %d bad answers or errors in %d requests" % (sys.argv[4], bad, w["requests"]))
print(json.dumps({"wrk": w, "cpu_us": (int(sys.argv[3]) - int(sys.argv[2])) * 1e6 / int(sys.argv[5]) / w["requests"]}))' \
		"$line" "$before" "$after" "$1" "$hz" || die "the $1 run had errors"
}

# The first 100 plies (SAN) of the first game of games.pgn that has as many.
game=$("$PYTHON3" - "$data/games.pgn" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
for movetext in re.split(r"\n\s*\n(?=\[)", text):
    body = "\n".join(l for l in movetext.splitlines() if not l.startswith("["))
    body = re.sub(r"\{[^}]*\}|\([^)]*\)|\$\d+", " ", body)
    sans = [t for t in body.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
    sans = [re.sub(r"^\d+\.+", "", t) for t in sans]
    if len(sans) >= 100:
        print(",".join(sans[:100]))
        break
PY
)
[ -n "$game" ] || die "no game of 100 plies in games.pgn"
export FEND_BENCH_GAME_MOVES="$game"
# The same game as PGN, each ply followed by a comment with an arrow and a circle.
FEND_BENCH_GAME_PGN=$("$PYTHON3" - "$game" <<'PY'
import sys
sq = [f + r for r in "12345678" for f in "abcdefgh"]
out = []
for i, san in enumerate(sys.argv[1].split(",")):
    if i % 2 == 0:
        out.append("%d." % (i // 2 + 1))
    a, b = sq[(i * 7) % 64], sq[(i * 7 + 19) % 64]
    out.append("%s {[%%cal %s%s%s] [%%csl %s%s]}" % (san, "GRYB"[i % 4], a, b, "RGBY"[i % 4], sq[(i * 5 + 3) % 64]))
print("[Event \"bench\"]\n\n" + " ".join(out) + " *")
PY
)
export FEND_BENCH_GAME_PGN
code=$(curl -sS -o "$tmp/game-pgn.gif" -w '%{http_code}' -H 'Content-Type: application/x-chess-pgn' \
	--data-binary "$FEND_BENCH_GAME_PGN" "$url/render/game.gif")
[ "$code" = 200 ] || { head -c 600 "$tmp/game-pgn.gif" >&2; echo >&2; die "game.gif (PGN body) answered $code"; }
code=$(curl -sS -o "$tmp/game.gif" -w '%{http_code}' "$url/render/game.gif?moves=$game")
[ "$code" = 200 ] || { head -c 600 "$tmp/game.gif" >&2; echo >&2; die "game.gif answered $code"; }
frames=$("$PYTHON3" -c 'import sys; d = open(sys.argv[1], "rb").read(); print(d.count(b"\x21\xf9\x04"))' "$tmp/game.gif")

# The reference pipeline's input: fend's SVG of the first $boards FENs, fetched untimed.
"$PYTHON3" - "$data/fens.txt" "$boards" "$url" "$tmp" <<'PY' || die "could not fetch the SVG boards"
import sys, urllib.parse, urllib.request
fens = [l.strip() for l in open(sys.argv[1]) if l.strip()][: int(sys.argv[2])]
moves = ["e2e4", "g1f3", "d7d5", "b8c6", "f1c4", "e8g8"]
for i, fen in enumerate(fens):
    q = urllib.parse.urlencode({"fen": fen, "format": "svg", "last_move": moves[(i + 1) % len(moves)]})
    with urllib.request.urlopen(f"{sys.argv[3]}/render?{q}") as r, open(f"{sys.argv[4]}/b{i:05d}.svg", "wb") as f:
        f.write(r.read())
PY

echo "== fend raster benchmark =="
echo "machine:  $(uname -srm), nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "fend:     $("$fend" --version 2>&1 | head -n1) at $url, --threads 1; wrk -t1 -c1, ${secs} s a run"
echo "rsvg:     $(rsvg-convert --version), one process per board, $boards boards"
echo

png=$(run_wrk render-png "$secs")
start=$(date +%s.%N)
for f in "$tmp"/b*.svg; do
	rsvg-convert -f png -o "$tmp/out.png" "$f"
done
end=$(date +%s.%N)
file_size=$(wc -c <"$tmp/out.png")
gif=$(run_wrk render-gif "$secs")
gif_pgn=$(run_wrk render-gif-pgn "$secs")

"$PYTHON3" - "$png" "$gif" "$start" "$end" "$boards" "$frames" "$file_size" "$gif_pgn" <<'PY'
import json, sys
png, gif, gif_pgn = json.loads(sys.argv[1]), json.loads(sys.argv[2]), json.loads(sys.argv[8])
start, end, boards, frames = float(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
png_rate = png["wrk"]["rps"]
rsvg_rate = boards / (end - start)
gif_rate = gif["wrk"]["rps"]
print("%-34s %12s %14s %14s" % ("pipeline", "boards/s", "ms per board", "fend CPU us"))
print("-" * 78)
print("%-34s %12.1f %14.3f %14.0f" % ("fend GET /render?format=png 360px", png_rate, 1e3 / png_rate, png["cpu_us"]))
print("%-34s %12.1f %14.3f %14s" % ("fend SVG | rsvg-convert 360px", rsvg_rate, 1e3 / rsvg_rate, "-"))
print("%-34s %12.1f %14.3f %14.0f" % ("fend GET /render/game.gif 100 ply", gif_rate, 1e3 / gif_rate, gif["cpu_us"]))
pgn_rate = gif_pgn["wrk"]["rps"]
print("%-34s %12.1f %14.3f %14.0f" % ("fend POST PGN game.gif, marks/ply", pgn_rate, 1e3 / pgn_rate, gif_pgn["cpu_us"]))
print()
print("game.gif: %d frames (the start position and 100 plies)" % frames)
ratio = png_rate / rsvg_rate
print("target PNG boards/s >= 10x SVG|rsvg-convert:  %s  [%.1fx]" % ("PASS" if ratio >= 10 else "FAIL", ratio))
gif_ratio = png_rate / gif_rate
print("target 100-ply GIF < 50x the time of one PNG: %s  [%.1fx by wall time; %.1fx by fend CPU time]"
      % ("PASS" if gif_ratio < 50 else "FAIL", gif_ratio, gif["cpu_us"] / png["cpu_us"]))
print("PGN body with an arrow and a circle on every ply: %.2fx the plain GIF's time (%.2fx its fend CPU time)"
      % (gif_rate / pgn_rate, gif_pgn["cpu_us"] / gif["cpu_us"]))
PY
