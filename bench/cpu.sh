#!/usr/bin/env bash
# bench/cpu.sh -- CPU time per request of fend against a reference fend, measured in the
# same run: what a change to the request path costs, in a figure steadier than requests/s
# on a shared machine (CPU time a request takes does not depend on how much of the
# machine other processes leave).
#
#   FEND_BENCH_REFERENCE=/path/to/old/fend bench/cpu.sh
#   bench/cpu.sh                 # without a reference: fend's own figures only
#
# Both daemons run at once (`--port 0 --log off --threads 2`), each idle while the other
# is measured. For each round, each endpoint and each daemon in turn, wrk (1 thread, the
# bench/wrk/*.lua scripts of bench/http.sh, answers checked) drives it for a few seconds;
# the daemon's user+system CPU time (/proc/PID/stat) over the run divided by the answered
# requests is its CPU time per request. Each row shows the median over the rounds, and
# the ratio fend/reference.
#
#   FEND_BUILD_DIR          directory holding the `fend` under test (default: the repository root)
#   FEND_BENCH_REFERENCE    the reference fend binary, e.g. one built from main (optional)
#   FEND_BENCH_DATA         fens.txt and moves_uci.txt (default: ../shared/bench from the repo root)
#   FEND_BENCH_SECONDS      length of each wrk run (default 5)
#   FEND_BENCH_ROUNDS       rounds (default 3)
#   FEND_BENCH_CONNECTIONS  wrk connections (default 16)
#   FEND_BENCH_ENDPOINTS    default "validate apply-move render"; with "moves position", also
#                           the ratio of /position's CPU time to /moves's on the tested fend
#   WRK                     the wrk binary (default: from PATH)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
data=${FEND_BENCH_DATA:-$root/../shared/bench}
secs=${FEND_BENCH_SECONDS:-5}
rounds=${FEND_BENCH_ROUNDS:-3}
conns=${FEND_BENCH_CONNECTIONS:-16}
endpoints=${FEND_BENCH_ENDPOINTS:-validate apply-move render}
reference=${FEND_BENCH_REFERENCE:-}
WRK=${WRK:-$(command -v wrk 2>/dev/null || true)}

die() { echo "cpu.sh: ERROR: $*" >&2; exit 1; }
[ -x "$build/fend" ] || die "no fend at $build/fend (build first, or set FEND_BUILD_DIR)"
[ -z "$reference" ] || [ -x "$reference" ] || die "FEND_BENCH_REFERENCE=$reference is not an executable fend"
[ -n "$WRK" ] || die "wrk not found (apt-get install wrk)"
[ -r "$data/fens.txt" ] && [ -r "$data/moves_uci.txt" ] || die "no benchmark data in $data; set FEND_BENCH_DATA"
data=$(cd "$data" && pwd)
ticks=$(getconf CLK_TCK)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fend-cpu.XXXXXX")
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT

# Starts a fend; prints "PID PORT".
start() { # binary name
	local out=$tmp/$2.out line=""
	"$1" --port 0 --log off --threads 2 >"$out" 2>"$tmp/$2.err" &
	local pid=$!
	for _ in $(seq 1 200); do
		line=$(head -n1 "$out" 2>/dev/null || true)
		[ -n "$line" ] && break
		sleep 0.05
	done
	[ -n "$line" ] || die "$1 printed no start-up line"
	echo "$pid ${line##*:}"
}

cpu_ticks() { # pid: utime + stime, fields 14 and 15 after the command name
	sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

read -r test_pid test_port < <(start "$build/fend" test)
pids+=("$test_pid")
daemons="test"
if [ -n "$reference" ]; then
	read -r ref_pid ref_port < <(start "$reference" reference)
	pids+=("$ref_pid")
	daemons="test ref"
fi

echo "fend:      $build/fend (pid $test_pid)"
[ -z "$reference" ] || echo "reference: $reference (pid $ref_pid)"
echo "runs:      $rounds rounds x wrk -t1 -c$conns -d${secs}s per endpoint and daemon; load $(cut -d' ' -f1 /proc/loadavg)"
echo

results=$tmp/results
: >"$results"
for round in $(seq 1 "$rounds"); do
	for ep in $endpoints; do
		for who in $daemons; do
			if [ "$who" = test ]; then pid=$test_pid port=$test_port; else pid=$ref_pid port=$ref_port; fi
			before=$(cpu_ticks "$pid")
			"$WRK" -t1 -c"$conns" -d"${secs}s" -s "$here/wrk/$ep.lua" "http://127.0.0.1:$port" -- "$data" \
				>"$tmp/wrk.out" 2>&1 || { cat "$tmp/wrk.out" >&2; die "wrk failed ($ep, $who)"; }
			after=$(cpu_ticks "$pid")
			line=$(sed -n 's/^wrk-result //p' "$tmp/wrk.out" | tail -n1)
			[ -n "$line" ] || { cat "$tmp/wrk.out" >&2; die "no wrk-result line ($ep, $who)"; }
			python3 - "$line" "$ep" "$who" "$((after - before))" "$ticks" >>"$results" <<-'EOF'
				import json, sys
				r = json.loads(sys.argv[1])
				bad = r["non200"] + r["bad_body"] + sum(r["errors"].values())
				if bad:
				    sys.exit(f"{sys.argv[2]}: {bad} bad answers or errors")
				us = int(sys.argv[4]) / int(sys.argv[5]) * 1e6 / r["requests"]
				print(json.dumps({"ep": sys.argv[2], "who": sys.argv[3], "us": us, "rps": r["rps"]}))
			EOF
		done
	done
done

python3 - "$results" "$endpoints" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
with_ref = any(r["who"] == "ref" for r in rows)
if with_ref:
    print(f"{'endpoint':<12}{'fend us/req':>12}{'ref us/req':>12}{'fend/ref':>10}   per round (fend/ref)")
else:
    print(f"{'endpoint':<12}{'fend us/req':>12}   per round")
for ep in sys.argv[2].split():
    t = [r["us"] for r in rows if r["ep"] == ep and r["who"] == "test"]
    f = [r["us"] for r in rows if r["ep"] == ep and r["who"] == "ref"]
    if not with_ref:
        print(f"{ep:<12}{statistics.median(t):>12.2f}   " + " ".join(f"{x:.2f}" for x in t))
        continue
    mt, mf = statistics.median(t), statistics.median(f)
    per = " ".join(f"{a / b:.3f}" for a, b in zip(t, f))
    print(f"{ep:<12}{mt:>12.2f}{mf:>12.2f}{mt / mf:>10.3f}   {per}")
# /position against /moves on the same daemon: the price of a board's whole state over
# its legal moves alone (the same positions, round by round).
eps = sys.argv[2].split()
if "position" in eps and "moves" in eps:
    p = [r["us"] for r in rows if r["ep"] == "position" and r["who"] == "test"]
    m = [r["us"] for r in rows if r["ep"] == "moves" and r["who"] == "test"]
    per = " ".join(f"{a / b:.3f}" for a, b in zip(p, m))
    print(f"\nposition/moves (fend): {statistics.median(p) / statistics.median(m):.3f}   per round {per}")
EOF
