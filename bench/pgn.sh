#!/usr/bin/env bash
# bench/pgn.sh -- PGN to the FEN after every ply: `fen pgn --format fen` and POST /pgn
# (NDJSON) against pgn-extract --fencomments, measured in the same run, plus the peak
# memory of `fen pgn` on a file ten times the size.
#
#   bench/pgn.sh [GAMES.pgn]      (default: ../shared/bench/games.pgn from the repo root)
#
# Every figure is CPU time (user + system): the machine is shared, and CPU time does not
# depend on how much of it other processes leave. Each converter runs FEND_BENCH_ROUNDS
# times (default 3) and its best run counts. The FENs of `fen pgn` are first checked to be
# exactly pgn-extract's, ply for ply. For POST /pgn the CPU time is the daemon's (from
# /proc/PID/stat, the whole request: upload, spool, reading, JSON, sending) for one
# request carrying the whole file with Accept: application/x-ndjson.
#
#   FEND_BUILD_DIR      directory holding `fen` and `fend` (default: the repository root)
#   PGN_EXTRACT         the pgn-extract binary (default: from PATH, else /usr/games)
#   FEND_BENCH_ROUNDS   runs per converter (default 3)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
games=${1:-$root/../shared/bench/games.pgn}
# A git worktree under wt/ sits one level deeper than the main checkout.
[ $# -ge 1 ] || [ -r "$games" ] || games=$root/../../shared/bench/games.pgn
rounds=${FEND_BENCH_ROUNDS:-3}
PGN_EXTRACT=${PGN_EXTRACT:-$(command -v pgn-extract 2>/dev/null || echo /usr/games/pgn-extract)}

die() { echo "pgn.sh: ERROR: $*" >&2; exit 1; }
[ -x "$build/fen" ] && [ -x "$build/fend" ] || die "no fen/fend in $build (build first, or set FEND_BUILD_DIR)"
[ -r "$games" ] || die "cannot read $games"
[ -x "$PGN_EXTRACT" ] || die "pgn-extract not found (apt-get install pgn-extract)"
[ -x /usr/bin/time ] || die "/usr/bin/time not found (apt-get install time)"
command -v curl >/dev/null || die "curl not found"

work=$(mktemp -d "${TMPDIR:-/tmp}/fend-pgn-bench.XXXXXX")
pid=
cleanup() {
	[ -z "$pid" ] || kill "$pid" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

# cpu CMD... -- runs CMD (stdout to $work/out) and prints "cpu_seconds peak_rss_kb".
cpu() {
	/usr/bin/time -f '%U %S %M' -o "$work/time" "$@" > "$work/out" 2> "$work/err" ||
		die "$* failed: $(head -c 300 "$work/err")"
	awk '{ printf "%.3f %d\n", $1 + $2, $3 }' "$work/time"
}

# best CMD... -- the least CPU time of $rounds runs.
best() {
	local b= t
	for _ in $(seq "$rounds"); do
		t=$(cpu "$@" | cut -d' ' -f1)
		if [ -z "$b" ] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b=$t; fi
	done
	echo "$b"
}

# ---- the same FENs as pgn-extract, ply for ply
"$build/fen" pgn --format fen "$games" | grep -v '^$' > "$work/fen.fens" || true
"$PGN_EXTRACT" --fencomments -s -w 100000 "$games" 2> /dev/null |
	grep -o '{ [^}]* }' | sed 's/^{ //; s/ }$//' > "$work/extract.fens"
plies=$(wc -l < "$work/fen.fens")
ngames=$("$build/fen" pgn --format uci "$games" | awk 'BEGIN { n = 1 } /^$/ { n++ } END { print n }')
if cmp -s "$work/fen.fens" "$work/extract.fens"; then
	same="identical"
else
	same="DIFFERENT ($(wc -l < "$work/extract.fens") FENs from pgn-extract)"
fi

# ---- CPU time of each converter
t_extract=$(best "$PGN_EXTRACT" --fencomments -s -o /dev/null "$games")
t_fen=$(best "$build/fen" pgn --format fen "$games")
t_json=$(best "$build/fen" pgn "$games")

# ---- POST /pgn, NDJSON, one request with the whole file
"$build/fend" --port 0 --log off --threads 2 --max-pgn-body 0 > "$work/fend.out" 2> "$work/fend.err" &
pid=$!
for _ in $(seq 100); do
	grep -q listening "$work/fend.out" 2> /dev/null && break
	sleep 0.05
done
port=$(grep -o '[0-9]*$' "$work/fend.out") || die "fend did not start: $(cat "$work/fend.err")"
clk=$(getconf CLK_TCK)
t_http=
for _ in $(seq "$rounds"); do
	before=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
	curl -sf -H 'Content-Type: application/x-chess-pgn' -H 'Accept: application/x-ndjson' \
		--data-binary "@$games" "http://127.0.0.1:$port/pgn" > "$work/http.ndjson" || die "POST /pgn failed"
	after=$(awk '{ print $14 + $15 }' "/proc/$pid/stat")
	t=$(awk -v a="$after" -v b="$before" -v c="$clk" 'BEGIN { printf "%.3f", (a - b) / c }')
	if [ -z "$t_http" ] || awk -v t="$t" -v b="$t_http" 'BEGIN { exit !(t < b) }'; then t_http=$t; fi
done
http_games=$(wc -l < "$work/http.ndjson")
kill "$pid"
wait "$pid" 2> /dev/null || true
pid=

# ---- peak memory on ten times the file
for _ in $(seq 10); do cat "$games"; done > "$work/ten.pgn"
read -r t_ten rss_ten < <(cpu "$build/fen" pgn --format fen "$work/ten.pgn")
read -r _ rss_json < <(cpu "$build/fen" pgn "$work/ten.pgn")
read -r _ rss_extract < <(cpu "$PGN_EXTRACT" --fencomments -s -o /dev/null "$games")

rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%12.0f", (t > 0 ? n / t : 0) }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }'; }

echo "pgn.sh: $games: $ngames games, $plies plies; fen pgn's FENs vs pgn-extract's: $same"
printf '%-36s %9s %12s %12s %9s\n' "converter (CPU time, best of $rounds)" "seconds" "games/s" "plies/s" "vs p-e"
printf '%-36s %9s %s %s %9s\n' "pgn-extract --fencomments" "$t_extract" "$(rate "$ngames" "$t_extract")" \
	"$(rate "$plies" "$t_extract")" "1.00x"
printf '%-36s %9s %s %s %9s\n' "fen pgn --format fen" "$t_fen" "$(rate "$ngames" "$t_fen")" \
	"$(rate "$plies" "$t_fen")" "$(ratio "$t_extract" "$t_fen")"
printf '%-36s %9s %s %s %9s\n' "fen pgn (JSON lines)" "$t_json" "$(rate "$ngames" "$t_json")" \
	"$(rate "$plies" "$t_json")" "$(ratio "$t_extract" "$t_json")"
printf '%-36s %9s %s %s %9s\n' "POST /pgn, NDJSON (daemon CPU)" "$t_http" "$(rate "$ngames" "$t_http")" \
	"$(rate "$plies" "$t_http")" "$(ratio "$t_extract" "$t_http")"
echo "POST /pgn answered $http_games games"
echo "peak RSS on a file 10x the size ($(du -h "$work/ten.pgn" | cut -f1)): fen pgn --format fen $((rss_ten / 1024)) MiB" \
	"($t_ten s CPU), fen pgn (JSON) $((rss_json / 1024)) MiB; pgn-extract on the 1x file $((rss_extract / 1024)) MiB"
echo "targets: fen pgn >= 2x pgn-extract (aim 3x), POST /pgn >= 1x, peak RSS < 16 MiB"
