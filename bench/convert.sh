#!/usr/bin/env bash
# bench/convert.sh -- what reading a typed game costs fend: POST /convert of the
# Guevara-Filip game (52 plies) in Spanish descriptive notation and as SAN, against
# POST /apply-move of the same 52 moves in UCI (the reference), measured in one run.
#
# Builds nothing: build fend first (in-tree, or point FEND_BUILD_DIR at it). Needs python3.
#
#   FEND_BUILD_DIR        directory holding the built `fend` (default: the repository root)
#   FEND_BENCH_REQUESTS   requests of each kind (default 2000)
#
# fend runs with one thread and no log; one keep-alive connection sends the requests of
# each kind in turn. The figure is fend's CPU time per request (user + system, from
# /proc/PID/stat, steadier than wall time on a shared machine), with requests/s beside
# it, and each kind's CPU per request as a ratio to apply-move's.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
requests=${FEND_BENCH_REQUESTS:-2000}

out=$(mktemp)
"$build/fend" --port 0 --log off --threads 1 >"$out" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -f "$out"' EXIT
for _ in $(seq 50); do
	grep -q listening "$out" && break
	sleep 0.1
done
url=$(grep -o 'http://[^ ]*' "$out")

python3 - "$url" "$pid" "$requests" "$root/tests/data/guevara-1962.txt" <<'EOF'
import http.client, json, os, sys, time, urllib.parse

url, pid, n, game_file = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
parts = urllib.parse.urlsplit(url)
conn = http.client.HTTPConnection(parts.hostname, parts.port)
tick = os.sysconf("SC_CLK_TCK")

def post(path, body):
    conn.request("POST", path, body, {"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    if resp.status != 200:
        sys.exit(f"{path}: {resp.status} {data[:200]!r}")
    return json.loads(data)

def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick

text = open(game_file, encoding="utf-8").read().rstrip("\n")
read = post("/convert", json.dumps({"text": text, "from": "descriptive", "lang": "es"}))
san = " ".join(m["san"] for m in read["moves"])
uci = [m["uci"] for m in read["moves"]]
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kinds = [
    ("apply-move, UCI list", "/apply-move", json.dumps({"fen": start, "moves": uci})),
    ("convert, descriptive es", "/convert", json.dumps({"text": text, "from": "descriptive", "lang": "es"})),
    ("convert, SAN", "/convert", json.dumps({"text": san, "from": "san"})),
]
rows = []
for name, path, body in kinds:
    for _ in range(50):
        post(path, body)
    c0, t0 = cpu(), time.perf_counter()
    for _ in range(n):
        post(path, body)
    c1, t1 = cpu(), time.perf_counter()
    rows.append((name, (c1 - c0) / n * 1e6, n / (t1 - t0)))
ref = rows[0][1]
print(f"bench/convert.sh: {n} requests each, the Guevara game (52 plies), fend --threads 1")
print(f"{'request':26} {'CPU us/req':>11} {'req/s':>9} {'CPU ratio':>10}")
for name, us, rps in rows:
    print(f"{name:26} {us:11.1f} {rps:9.0f} {us / ref if ref else float('nan'):9.2f}x")
EOF
