#!/usr/bin/env bash
# bench/bulk.sh -- bulk validation: fend's CPU per FEN of one large NDJSON body against
# its CPU per single POST /validate, measured in the same run, and the FENs/s of one
# body with one heavy worker against two.
#
#   bench/bulk.sh
#   FEND_BENCH_ROUNDS=5 bench/bulk.sh
#
# Two daemons run at once, each idle while the other is measured:
#   w1   fend --port 0 --log off --threads 2 --heavy-threads 1
#   w2   fend --port 0 --log off --threads 2 --heavy-threads 2
# The body: FEND_BENCH_LINES lines (default 200,000), the FENs of fens.txt cycled, each
# as a JSON string (application/x-ndjson). Its answer is probed once on each daemon and
# checked: one line per FEN, in order ("line": 1, 2, ...), each with a "result"; both
# daemons' answers must be the same bytes. Then, for each round:
#   single  wrk (1 thread, FEND_BENCH_CONNECTIONS keep-alive connections, bench/wrk/
#           validate.lua, every answer checked) drives POST /validate {"fen": ...} on w1
#           for FEND_BENCH_SECONDS; CPU per request = the daemon's utime+stime
#           (/proc/PID/stat) over the run / requests answered
#   bulk    curl POSTs the body to w1, then to w2; CPU per FEN = the daemon's
#           utime+stime over the request / lines; FENs/s = lines / wall time; every
#           answer must have the probe's size
# The table shows the median of the rounds; ratio = single CPU per request / bulk CPU per
# FEN (on w1), speed-up = w2's FENs/s / w1's. Wall time (FENs/s) depends on what else
# runs on the machine: the load average is printed with the figures.
#
#   FEND_BUILD_DIR          directory holding the `fend` under test (default: the repository root)
#   FEND_BENCH_DATA         fens.txt (default: ../shared/bench from the repo root)
#   FEND_BENCH_LINES        lines of the bulk body (default 200000)
#   FEND_BENCH_SECONDS      length of each single-request wrk run (default 5)
#   FEND_BENCH_ROUNDS       rounds (default 3)
#   FEND_BENCH_CONNECTIONS  wrk connections of the single requests (default 16)
#   WRK                     the wrk binary (default: from PATH)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
data=${FEND_BENCH_DATA:-$root/../shared/bench}
lines=${FEND_BENCH_LINES:-200000}
secs=${FEND_BENCH_SECONDS:-5}
rounds=${FEND_BENCH_ROUNDS:-3}
conns=${FEND_BENCH_CONNECTIONS:-16}
WRK=${WRK:-$(command -v wrk 2>/dev/null || true)}

die() { echo "bulk.sh: ERROR: $*" >&2; exit 1; }
[ -x "$build/fend" ] || die "no fend at $build/fend (build first, or set FEND_BUILD_DIR)"
[ -n "$WRK" ] || die "wrk not found (apt-get install wrk)"
command -v curl >/dev/null || die "curl not found"
[ -r "$data/fens.txt" ] || die "no fens.txt in $data; set FEND_BENCH_DATA"
data=$(cd "$data" && pwd)
ticks=$(getconf CLK_TCK)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fend-bulk.XXXXXX")
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT

# The body: fens.txt cycled to $lines lines, each a JSON string.
python3 - "$data/fens.txt" "$lines" "$tmp/body.ndjson" <<'EOF'
import json, sys
fens = [l.rstrip("\r\n") for l in open(sys.argv[1]) if l.strip()]
n = int(sys.argv[2])
with open(sys.argv[3], "w") as out:
    for i in range(n):
        out.write(json.dumps(fens[i % len(fens)]) + "\n")
EOF

# Starts a fend with extra flags; prints "PID PORT".
start() { # name flags...
	local name=$1 out=$tmp/$1.out line="" pid
	shift
	"$build/fend" --port 0 --log off --threads 2 "$@" >"$out" 2>"$tmp/$name.err" &
	pid=$!
	for _ in $(seq 1 200); do
		line=$(head -n1 "$out" 2>/dev/null || true)
		[ -n "$line" ] && break
		sleep 0.05
	done
	[ -n "$line" ] || die "fend printed no start-up line"
	echo "$pid ${line##*:}"
}

cpu_ticks() { # pid: utime + stime, fields 14 and 15 after the command name
	sed 's/^.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'
}

post_bulk() { # port output: prints "bytes seconds"
	curl -sS --fail -o "$2" -w '%{size_download} %{time_total}\n' -H 'Content-Type: application/x-ndjson' \
		--data-binary @"$tmp/body.ndjson" "http://127.0.0.1:$1/validate"
}

read -r w1_pid w1_port < <(start w1 --heavy-threads 1)
pids+=("$w1_pid")
read -r w2_pid w2_port < <(start w2 --heavy-threads 2)
pids+=("$w2_pid")

# The probes: every line checked, and the same bytes from both daemons.
post_bulk "$w1_port" "$tmp/answer1" >/dev/null || die "the bulk request to w1 failed"
post_bulk "$w2_port" "$tmp/answer2" >/dev/null || die "the bulk request to w2 failed"
python3 - "$tmp/answer1" "$lines" <<'EOF' || die "the bulk answer is wrong"
import json, sys
n = 0
for n, text in enumerate(open(sys.argv[1], "rb"), 1):
    rec = json.loads(text)
    if rec.get("line") != n or "result" not in rec:
        sys.exit(f"line {n} of the answer: {text[:200]!r}")
if n != int(sys.argv[2]):
    sys.exit(f"{n} answer lines for {sys.argv[2]} FENs")
EOF
cmp -s "$tmp/answer1" "$tmp/answer2" || die "the answers of 1 and 2 workers differ"
size=$(stat -c %s "$tmp/answer1")
rm -f "$tmp/answer1" "$tmp/answer2"

echo "fend:   $build/fend (w1 pid $w1_pid: --heavy-threads 1; w2 pid $w2_pid: --heavy-threads 2)"
echo "body:   $lines lines, $(stat -c %s "$tmp/body.ndjson") bytes; answer $size bytes"
echo "runs:   $rounds rounds of wrk -t1 -c$conns -d${secs}s (single) and one body per daemon (bulk); load $(cut -d' ' -f1 /proc/loadavg)"
echo

results=$tmp/results
: >"$results"
for round in $(seq 1 "$rounds"); do
	before=$(cpu_ticks "$w1_pid")
	"$WRK" -t1 -c"$conns" -d"${secs}s" -s "$here/wrk/validate.lua" "http://127.0.0.1:$w1_port" -- "$data" \
		>"$tmp/wrk.out" 2>&1 || { cat "$tmp/wrk.out" >&2; die "wrk failed"; }
	after=$(cpu_ticks "$w1_pid")
	line=$(sed -n 's/^wrk-result //p' "$tmp/wrk.out" | tail -n1)
	[ -n "$line" ] || { cat "$tmp/wrk.out" >&2; die "no wrk-result line"; }
	single="$line $((after - before))"
	for who in w1 w2; do
		if [ "$who" = w1 ]; then pid=$w1_pid port=$w1_port; else pid=$w2_pid port=$w2_port; fi
		before=$(cpu_ticks "$pid")
		read -r bytes secs_taken < <(post_bulk "$port" /dev/null) || die "the bulk request to $who failed"
		after=$(cpu_ticks "$pid")
		[ "$bytes" = "$size" ] || die "a bulk answer of $bytes bytes, not $size ($who)"
		eval "${who}_bulk=\"$((after - before)) $secs_taken\""
	done
	python3 - "$single" "$w1_bulk" "$w2_bulk" "$lines" "$ticks" "$(cut -d' ' -f1 /proc/loadavg)" >>"$results" <<-'EOF'
		import json, sys
		wrk_json, single_ticks = sys.argv[1].rsplit(" ", 1)
		r = json.loads(wrk_json)
		bad = r["non200"] + r["bad_body"] + sum(r["errors"].values())
		if bad:
		    sys.exit(f"single: {bad} bad answers or errors")
		lines, hz = int(sys.argv[4]), int(sys.argv[5])
		t1, s1 = sys.argv[2].split()
		t2, s2 = sys.argv[3].split()
		print(json.dumps({
		    "single_us": int(single_ticks) / hz * 1e6 / r["requests"],
		    "bulk1_us": int(t1) / hz * 1e6 / lines, "bulk2_us": int(t2) / hz * 1e6 / lines,
		    "fps1": lines / float(s1), "fps2": lines / float(s2), "load": float(sys.argv[6])}))
	EOF
done

python3 - "$results" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
med = lambda k: statistics.median(r[k] for r in rows)
print(f"{'round':<7}{'single us/req':>14}{'bulk us/FEN':>12}{'ratio':>7}{'w2 us/FEN':>10}"
      f"{'w1 FEN/s':>10}{'w2 FEN/s':>10}{'w2/w1':>7}{'load':>6}")
for i, r in enumerate(rows, 1):
    print(f"{i:<7}{r['single_us']:>14.2f}{r['bulk1_us']:>12.2f}{r['single_us'] / r['bulk1_us']:>7.2f}"
          f"{r['bulk2_us']:>10.2f}{r['fps1']:>10.0f}{r['fps2']:>10.0f}{r['fps2'] / r['fps1']:>7.2f}{r['load']:>6.2f}")
print(f"{'median':<7}{med('single_us'):>14.2f}{med('bulk1_us'):>12.2f}{med('single_us') / med('bulk1_us'):>7.2f}"
      f"{med('bulk2_us'):>10.2f}{med('fps1'):>10.0f}{med('fps2'):>10.0f}{med('fps2') / med('fps1'):>7.2f}")
ratio = med("single_us") / med("bulk1_us")
speed = med("fps2") / med("fps1")
print(f"CPU per FEN, bulk vs single: {ratio:.2f}x (target >= 5): {'PASS' if ratio >= 5 else 'FAIL'}")
print(f"FENs/s of one body, 2 workers vs 1: {speed:.2f}x (target >= 1.7): {'PASS' if speed >= 1.7 else 'FAIL'}")
EOF
