#!/usr/bin/env bash
# bench/soak.sh -- a long run over a mix of every endpoint, to show that fend loses
# nothing and does not grow: zero unexpected statuses, zero connection errors, and its
# RSS after the run within 2 MiB of its RSS after the warm-up.
#
#   bench/soak.sh                       # 1,000,000 requests, the first 100,000 a warm-up
#   FEND_SOAK_REQUESTS=100000 FEND_SOAK_WARM=10000 bench/soak.sh   # the CI version
#
#   FEND_BUILD_DIR      directory holding the built `fend` (default: the repository root)
#   FEND_SOAK_REQUESTS  requests in all (default 1000000)
#   FEND_SOAK_WARM      the first part, after which the reference RSS is taken (default 100000)
#   FEND_SOAK_CONNECTIONS  wrk connections (default 64); FEND_SOAK_THREADS fend --threads (2)
#   WRK                 the wrk binary (default: from PATH)
#
# The mix (bench/wrk/soak.lua cycles through it; every request says which status it must
# get): for each position of tests/data/san-sample.txt, POST and GET /validate, an invalid
# FEN, POST /apply-move in UCI and in SAN, with a PGN, GET /moves, /render as json, ascii
# and unicode (and for every tenth position svg, png and gif, which cost a hundred times
# more); then bulk NDJSON /validate, /render/game.gif,
# /health, /version, /ready, /metrics, the web page, a 404, a 405, a 400 (malformed JSON),
# a 422 (illegal move); and POST /pgn when the daemon has it. fend runs with a heavy queue
# as long as the connections (--heavy-queue), so that no request is refused busy. RSS (VmRSS of
# /proc/PID/status) is sampled every second into the log printed at the end.
#
# The two RSS figures compared are read at rest, a second after each phase: fend gives
# freed heap back to the system once a burst is over (its watchdog trims the heap after
# a tenth of a second with no request and no connection closing, src/http/server.c).
# Read while the phase's connections are still closing, RSS is the high-water mark of
# whichever phase happened to have the most large buffers live at once, which made the
# 100,000-request version swing by more than 2 MiB either way with no leak at all.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
total=${FEND_SOAK_REQUESTS:-1000000}
warm=${FEND_SOAK_WARM:-100000}
conns=${FEND_SOAK_CONNECTIONS:-64}
fend_threads=${FEND_SOAK_THREADS:-2}
wrk_threads=2
WRK=${WRK:-$(command -v wrk 2>/dev/null || true)}
PYTHON3=${PYTHON3:-$(command -v python3 || true)}
data=$root/tests/data/san-sample.txt

die() { echo "soak.sh: ERROR: $*" >&2; exit 1; }
[ -x "$build/fend" ] || die "no fend at $build/fend (build first, or set FEND_BUILD_DIR)"
[ -n "$WRK" ] || die "wrk not found (apt-get install wrk)"
[ -n "$PYTHON3" ] || die "python3 not found"
command -v curl >/dev/null || die "curl not found"
[ "$warm" -lt "$total" ] || die "FEND_SOAK_WARM ($warm) must be less than FEND_SOAK_REQUESTS ($total)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fend-soak.XXXXXX")
fend_pid="" sampler_pid=""
cleanup() {
	[ -z "$sampler_pid" ] || kill "$sampler_pid" 2>/dev/null || true
	if [ -n "$fend_pid" ]; then kill "$fend_pid" 2>/dev/null && wait "$fend_pid" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

# Every connection may wait for the heavy pool (pictures, PGN, bulk): a queue as long as
# the connections, so that the mix is answered in full rather than with 503 busy.
"$build/fend" --port 0 --log off --threads "$fend_threads" --max-connections 1024 --heavy-queue "$conns" \
	>"$tmp/fend.out" 2>"$tmp/fend.err" &
fend_pid=$!
url=""
for _ in $(seq 100); do
	url=$(sed -n 's|^fend [^ ]* listening on \(http://[^ ]*\)$|\1|p' "$tmp/fend.out" | head -n1)
	[ -n "$url" ] && break
	kill -0 "$fend_pid" 2>/dev/null || { cat "$tmp/fend.err" >&2; die "fend exited at start-up"; }
	sleep 0.1
done
[ -n "$url" ] || die "fend printed no start-up line"

# The request mix, one request a line (see bench/wrk/soak.lua); a request whose status
# the daemon does not give now (an endpoint it lacks) is left out, and said so.
"$PYTHON3" - "$data" "$tmp/mix.tsv" "$url" <<'PY'
import json, sys, urllib.parse, urllib.request
data, out, url = sys.argv[1], sys.argv[2], sys.argv[3]
rows = []
def add(status, method, path, ctype="", body=""):
    rows.append((status, method, path, ctype, body))
J = "application/json"
q = lambda **kw: urllib.parse.urlencode(kw, quote_via=urllib.parse.quote)
lines = [l.rstrip("\n").split(";") for l in open(data) if l.strip() and not l.startswith("#")]
for i, (fen, uci, san) in enumerate(lines):
    add(200, "POST", "/validate", J, json.dumps({"fen": fen}))
    add(200, "GET", "/validate?" + q(fen=fen, mode="lenient"))
    add(200, "POST", "/validate", J, json.dumps({"fen": fen.replace("/", "/9", 1)}))
    add(200, "POST", "/apply-move", J, json.dumps({"fen": fen, "move": uci}))
    # lang given: a lone "Rc8" is a rook in English and a king in Italian, which without
    # a lang is the 422 ambiguous_language the mix does not expect here
    add(200, "POST", "/apply-move", J, json.dumps({"fen": fen, "moves": [san], "notation": "san", "lang": "en",
                                                   "tags": {"Event": "soak"}}))
    add(200, "GET", "/moves?" + q(fen=fen))
    for fmt in ("json", "ascii", "unicode") + (("svg", "png", "gif") if i % 10 == 0 else ()):
        add(200, "GET", "/render?" + q(fen=fen, format=fmt))
ndjson = "\\n".join(json.dumps(l[0]) for l in lines[:20]) + "\\n"
for _ in range(10):
    add(200, "POST", "/validate", "application/x-ndjson", ndjson)
    add(200, "GET", "/render/game.gif?" + q(fen=lines[0][0], moves=lines[0][1]))
    add(200, "GET", "/health")
    add(200, "GET", "/version")
    add(200, "GET", "/ready")
    add(200, "GET", "/metrics")
    add(200, "GET", "/")
    add(404, "GET", "/nowhere")
    add(405, "DELETE", "/validate")
    add(400, "POST", "/validate", J, '{"fen": ')
    add(422, "POST", "/apply-move", J, json.dumps({"fen": lines[0][0], "move": "a1a1"}))
    add(200, "POST", "/pgn", "application/x-chess-pgn",
        '[Event "soak"]\\n\\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\\n\\n[Event "soak 2"]\\n\\n1. d4 d5 2. c4 *\\n')
# Keep only what the daemon answers as the mix says (one probe per distinct kind).
seen, kept, dropped = {}, [], set()
for row in rows:
    status, method, path, ctype, body = row
    kind = (status, method, path.split("?")[0], ctype)
    if kind not in seen:
        req = urllib.request.Request(url + path, data=body.replace("\\n", "\n").encode() if body else None,
                                     method=method, headers={"Content-Type": ctype} if ctype else {})
        try:
            got = urllib.request.urlopen(req, timeout=20).status
        except urllib.error.HTTPError as e:
            got = e.code
        seen[kind] = got == status
        if got != status:
            dropped.add("%s %s (%d, not %d)" % (method, path.split("?")[0], got, status))
    if seen[kind]:
        kept.append(row)
with open(out, "w") as f:
    for row in kept:
        f.write("%d\t%s\t%s\t%s\t%s\n" % row)
print("mix:      %d requests (%d positions), cycled" % (len(kept), len(lines)))
for d in sorted(dropped):
    print("left out: " + d)
missing = {"/validate", "/apply-move", "/moves", "/render"} - {r[2].split("?")[0] for r in kept}
if missing:
    sys.exit("soak.sh: the daemon does not answer " + ", ".join(sorted(missing)) + " as expected")
PY

rss_kb() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$fend_pid/status"; }
(
	while kill -0 "$fend_pid" 2>/dev/null; do
		echo "$(date +%s) $(rss_kb)"
		sleep 1
	done
) >"$tmp/rss.log" &
sampler_pid=$!

# One phase: wrk until n requests are answered: each thread stops at its share and
# leaves a marker file; then SIGINT makes wrk print its summary and exit.
phase() { # name requests
	local per=$(( ($2 + wrk_threads - 1) / wrk_threads )) wrk_pid done
	rm -f "$tmp/done-$1".*
	"$WRK" -t "$wrk_threads" -c "$conns" -d 3600s --timeout 10s -s "$here/wrk/soak.lua" "$url" \
		-- "$tmp/mix.tsv" "$per" "$tmp/done-$1" >"$tmp/wrk-$1.txt" 2>&1 &
	wrk_pid=$!
	while kill -0 "$wrk_pid" 2>/dev/null; do
		done=$(find "$tmp" -maxdepth 1 -name "done-$1.*" | wc -l)
		[ "$done" -lt "$wrk_threads" ] || { kill -INT "$wrk_pid"; break; }
		sleep 0.2
	done
	wait "$wrk_pid" || { cat "$tmp/wrk-$1.txt" >&2; die "wrk failed ($1)"; }
	kill -0 "$fend_pid" 2>/dev/null || { cat "$tmp/fend.err" >&2; fend_pid=""; die "fend died during the $1 phase"; }
	sed -n 's/^soak-result //p' "$tmp/wrk-$1.txt" | tail -n1
}

echo "fend:     $url (pid $fend_pid), --threads $fend_threads; wrk -t$wrk_threads -c$conns"
echo "phases:   $warm requests (warm-up), then $((total - warm)); RSS sampled every second"
warm_json=$(phase warm "$warm")
sleep 1
rss_warm=$(rss_kb)
rest_json=$(phase rest "$((total - warm))")
sleep 1
rss_end=$(rss_kb)
hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$fend_pid/status")
sleep 1

"$PYTHON3" - "$warm_json" "$rest_json" "$rss_warm" "$rss_end" "$hwm" "$tmp/rss.log" <<'PY'
import json, sys
warm, rest = json.loads(sys.argv[1]), json.loads(sys.argv[2])
rss_warm, rss_end, hwm = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
samples = [l.split() for l in open(sys.argv[6]) if len(l.split()) == 2]
problems = []
for name, r in (("warm-up", warm), ("rest", rest)):
    e = r["errors"]
    secs = r["duration_us"] / 1e6
    print("%-8s  %8d requests in %6.1f s (%6.0f req/s), p99 %.1f ms, unexpected statuses %d, "
          "errors: connect %d read %d write %d timeout %d"
          % (name, r["requests"], secs, r["requests"] / secs, r["p99_us"] / 1e3, r["unexpected"],
             e["connect"], e["read"], e["write"], e["timeout"]))
    if r["unexpected"]:
        problems.append("%s: %d unexpected statuses (first: %s)" % (name, r["unexpected"], r["first_unexpected"]))
    errs = e["connect"] + e["read"] + e["write"] + e["timeout"]
    if errs:
        problems.append("%s: %d connection errors" % (name, errs))
total = warm["requests"] + rest["requests"]
print("requests: %d in all" % total)
print("RSS:      %.2f MiB after the warm-up, %.2f MiB after the run (%+.2f MiB); peak %.2f MiB; "
      "%d samples, min %.2f max %.2f MiB"
      % (rss_warm / 1024, rss_end / 1024, (rss_end - rss_warm) / 1024, hwm / 1024, len(samples),
         min(int(s[1]) for s in samples) / 1024, max(int(s[1]) for s in samples) / 1024))
ok = abs(rss_end - rss_warm) <= 2048
print("target RSS after within 2 MiB of RSS after the warm-up: %s" % ("PASS" if ok else "FAIL"))
print("target zero unexpected statuses, zero connection errors: %s" % ("FAIL" if problems else "PASS"))
if not ok:
    problems.append("RSS grew by %.2f MiB" % ((rss_end - rss_warm) / 1024))
for p in problems:
    print("SOAK FAILED: " + p, file=sys.stderr)
sys.exit(1 if problems else 0)
PY
