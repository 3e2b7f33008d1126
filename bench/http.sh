#!/usr/bin/env bash
# bench/http.sh -- HTTP throughput and latency of fend, with nginx as the yardstick.
#
# Builds nothing: build fend first (in-tree, or out of tree and point FEND_BUILD_DIR at it).
# Needs wrk, nginx, curl and python3 (apt-get install wrk nginx curl python3).
#
#   FEND_BUILD_DIR          directory holding the built `fend` (default: the repository root)
#   FEND_BENCH_DATA         fens.txt and moves_uci.txt (default: ../shared/bench from the repo root)
#   FEND_BENCH_SECONDS      length of each wrk run (default 10; 1 or 2 for a smoke run)
#   FEND_BENCH_CONNECTIONS  connection counts (default "16 64 256")
#   FEND_BENCH_WRK_THREADS  wrk threads (default 2)
#   FEND_BENCH_THREADS      fend --threads (default 2); nginx runs worker_processes 2
#   FEND_BENCH_WARMUP       seconds of warm-up against each server before measuring (default 2)
#   FEND_BENCH_REPEAT       rounds of the whole series (default 1); with more, each row shows
#                           the round with the most requests/s (on a busy machine, the least
#                           disturbed one); every round must be free of errors
#   FEND_BENCH_TIMEOUT      wrk --timeout in seconds (default 5): a slower answer is left out
#                           of the latency statistics and counted as a timeout, which breaks
#                           the run
#   FEND_BENCH_STALL_MS     at 4/5 of each run, the server's sockets are read with `ss -i`; a
#                           connection whose request has waited unread this long (default
#                           3000) is a stall and breaks the run (wrk itself never notices a
#                           request that gets no answer at all)
#   FEND_BENCH_ENDPOINTS    the series to run (default "nginx floor validate apply-move render
#                           moves render-svg render-png"; keep nginx for the ratios, and floor
#                           for the floor line)
#   FEND_BENCH_CHECK        1 (default): wrk's response() hook checks every status and body;
#                           0: only wrk's own count of statuses > 399 (less client CPU)
#   FEND_BENCH_BULK_SECONDS length of the bulk NDJSON run (default: FEND_BENCH_SECONDS)
#   FEND_BENCH_BULK_CONNECTIONS  connections of the bulk run (default 2)
#   NGINX, WRK              the binaries (default: from PATH, /usr/sbin/nginx)
#   CC                      the compiler for bench/mhd-floor.c (default cc; needs
#                           libmicrohttpd-dev, which building fend needs anyway)
#
# What runs: fend (`fend --port 0 --log off --threads 2`, its URL read from its start-up
# line) and an nginx with a private configuration from bench/nginx.conf.in (prefix in a
# mktemp directory, 2 workers, no access log, a free loopback port) that answers every
# request with 200 {"status":"ok"}. For each connection count, wrk runs
#   nginx       the validate requests, against nginx's fixed answer (the baseline)
#   floor       the validate requests, against bench/mhd-floor.c: libmicrohttpd alone, with
#               fend's daemon settings and response headers, answering with the bytes of
#               fend's /validate answer for the first position (bench/wrk/floor.lua)
#   validate    POST /validate {"fen": ...}               (bench/wrk/validate.lua)
#   apply-move  POST /apply-move {"fen": ..., "move": ...} (bench/wrk/apply-move.lua)
#   render      GET /render?fen=...&format=json            (bench/wrk/render.lua)
#   render-svg  GET /render?fen=...&format=svg&last_move=  (bench/wrk/render-svg.lua)
#   render-png  GET /render?fen=...&format=png&last_move=  (bench/wrk/render-png.lua, 360 px)
#   moves       GET /moves?fen=...                         (bench/wrk/moves.lua)
# each cycling through the 10,000 positions of fens.txt, so nothing can be cached.
#
# CPU time per request: the server's user+system time (/proc/PID/stat; for nginx its
# master and workers) over each run, divided by the requests answered. It is far steadier
# than requests/s on a shared machine. The floor's CPU per request is what libmicrohttpd
# costs for the exchange of a /validate before fend does anything; the line under the CPU
# table says what that leaves of the /validate target for fend's own work. Then bulk validation: wrk (bench/wrk/bulk.lua, 2
# threads, FEND_BENCH_BULK_CONNECTIONS connections, default 2: one per fend thread) POSTs
# all of fens.txt as one NDJSON body (application/x-ndjson) to /validate on each
# connection, again and again for FEND_BENCH_BULK_SECONDS, FEND_BENCH_REPEAT rounds (the
# best is kept: see the comment at the run); every answer must be the size of the
# probe's, whose every line was checked. FENs/s and CPU per FEN against single
# /validate requests. (Until 2026-12-01 the bulk clients were a loop of curl processes,
# whose start-up per body, on the cores fend shares, was most of the bulk run's time.)
#
# Any non-200 answer, unexpected body, socket error, timeout or stalled connection, from
# fend or nginx, makes the run broken: the table is printed, then the script exits 1. The
# targets of the issue (/validate at 64 connections >= 0.7x nginx's requests/s and
# p99 < 5 ms; fend's peak RSS < 32 MiB) print PASS or FAIL; a FAIL of a target still
# exits 0.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
data=${FEND_BENCH_DATA:-$root/../shared/bench}
secs=${FEND_BENCH_SECONDS:-10}
conns=${FEND_BENCH_CONNECTIONS:-16 64 256}
wrk_threads=${FEND_BENCH_WRK_THREADS:-2}
fend_threads=${FEND_BENCH_THREADS:-2}
warmup=${FEND_BENCH_WARMUP:-2}
check=${FEND_BENCH_CHECK:-1}
repeat=${FEND_BENCH_REPEAT:-1}
wrk_timeout=${FEND_BENCH_TIMEOUT:-5}
stall_ms=${FEND_BENCH_STALL_MS:-3000}
fend="$build/fend"
endpoints=${FEND_BENCH_ENDPOINTS:-nginx floor validate apply-move render moves render-svg render-png}
bulk_secs=${FEND_BENCH_BULK_SECONDS:-$secs}
bulk_conns=${FEND_BENCH_BULK_CONNECTIONS:-2}
ticks_per_s=$(getconf CLK_TCK)

die() { echo "http.sh: ERROR: $*" >&2; exit 1; }

is_uint() { case "$1" in '' | *[!0-9]*) return 1 ;; *) return 0 ;; esac; }
is_uint "$secs" && [ "$secs" -gt 0 ] || die "FEND_BENCH_SECONDS must be a positive integer, got '$secs'"
is_uint "$repeat" && [ "$repeat" -gt 0 ] || die "FEND_BENCH_REPEAT must be a positive integer, got '$repeat'"
is_uint "$wrk_timeout" && [ "$wrk_timeout" -gt 0 ] || die "FEND_BENCH_TIMEOUT must be a positive integer, got '$wrk_timeout'"
is_uint "$stall_ms" && [ "$stall_ms" -gt 0 ] || die "FEND_BENCH_STALL_MS must be a positive integer, got '$stall_ms'"
is_uint "$warmup" || die "FEND_BENCH_WARMUP must be a non-negative integer, got '$warmup'"
is_uint "$wrk_threads" && [ "$wrk_threads" -gt 0 ] || die "FEND_BENCH_WRK_THREADS must be a positive integer"
for c in $conns; do
	is_uint "$c" && [ "$c" -ge "$wrk_threads" ] ||
		die "FEND_BENCH_CONNECTIONS: '$c' is not a number >= the wrk threads ($wrk_threads)"
done

[ -x "$fend" ] || die "no fend binary at $fend (build first; set FEND_BUILD_DIR to the build directory)"
[ -r "$data/fens.txt" ] && [ -r "$data/moves_uci.txt" ] ||
	die "no benchmark data in $data (fens.txt, moves_uci.txt); set FEND_BENCH_DATA"
data=$(cd "$data" && pwd)
NGINX=${NGINX:-$(command -v nginx 2>/dev/null || echo /usr/sbin/nginx)}
WRK=${WRK:-$(command -v wrk 2>/dev/null || true)}
[ -x "$NGINX" ] || die "nginx not found (apt-get install nginx, or set NGINX)"
[ -n "$WRK" ] && [ -x "$WRK" ] || die "wrk not found (apt-get install wrk, or set WRK)"
command -v curl >/dev/null || die "curl not found (apt-get install curl)"
have_ss=0
if command -v ss >/dev/null 2>&1; then have_ss=1; else echo "http.sh: no ss (iproute2): stalled connections go undetected" >&2; fi
if [ -z "${PYTHON3:-}" ]; then
	if [ -x /usr/bin/python3 ]; then PYTHON3=/usr/bin/python3; else PYTHON3=$(command -v python3 || true); fi
fi
[ -n "$PYTHON3" ] || die "python3 not found"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fend-http-bench.XXXXXX")
fend_pid=""
nginx_pid=""
floor_pid=""

stop_pid() { # pid name: TERM, then KILL after 5 s
	local pid=$1
	[ -n "$pid" ] || return 0
	kill -TERM "$pid" 2>/dev/null || return 0
	for _ in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$pid" 2>/dev/null; then
		echo "http.sh: $2 (pid $pid) did not stop on SIGTERM; killing it" >&2
		kill -KILL "$pid" 2>/dev/null || true
	fi
	wait "$pid" 2>/dev/null || true
}
cleanup() {
	local rc=$?
	trap - EXIT INT TERM
	stop_pid "$nginx_pid" nginx
	stop_pid "$floor_pid" mhd-floor
	stop_pid "$fend_pid" fend
	rm -rf "$tmp"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- fend ----
"$fend" --port 0 --log off --threads "$fend_threads" >"$tmp/fend.out" 2>"$tmp/fend.err" &
fend_pid=$!
fend_url=""
for _ in $(seq 100); do
	fend_url=$(sed -n 's|^fend [^ ]* listening on \(http://[^ ]*\)$|\1|p' "$tmp/fend.out" | head -n1)
	[ -n "$fend_url" ] && break
	if ! kill -0 "$fend_pid" 2>/dev/null; then
		cat "$tmp/fend.out" "$tmp/fend.err" >&2
		fend_pid=""
		die "fend exited at start-up"
	fi
	sleep 0.1
done
[ -n "$fend_url" ] || { cat "$tmp/fend.out" "$tmp/fend.err" >&2; die "fend printed no 'listening on' line within 10 s"; }
fend_url=${fend_url%/}

# ---- nginx ----
mkdir -p "$tmp/nginx"
user_line=""
[ "$(id -u)" = 0 ] && user_line="user $(id -un) $(id -gn);"
nginx_url=""
for _ in 1 2 3; do # a free port can be taken between choosing and binding it: retry
	port=$("$PYTHON3" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	sed -e "s|@PREFIX@|$tmp/nginx|g" -e "s|@PORT@|$port|g" -e "s|@USER@|$user_line|g" \
		"$here/nginx.conf.in" >"$tmp/nginx/nginx.conf"
	"$NGINX" -q -t -p "$tmp/nginx/" -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx/error.log" ||
		die "nginx rejected the generated configuration $tmp/nginx/nginx.conf"
	"$NGINX" -p "$tmp/nginx/" -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx/error.log" \
		>"$tmp/nginx/stdout" 2>&1 &
	nginx_pid=$!
	for _ in $(seq 50); do
		if curl -fsS -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null; then
			nginx_url="http://127.0.0.1:$port"
			break
		fi
		kill -0 "$nginx_pid" 2>/dev/null || break
		sleep 0.1
	done
	[ -n "$nginx_url" ] && break
	stop_pid "$nginx_pid" nginx
	nginx_pid=""
	cat "$tmp/nginx/error.log" "$tmp/nginx/stdout" >&2 2>/dev/null || true
done
[ -n "$nginx_url" ] || die "nginx did not start"

# ---- is every endpoint answering 200 with the expected body? ----
fen1=$(head -n1 "$data/fens.txt")
mv1=$(head -n1 "$data/moves_uci.txt")
[ "$mv1" != none ] || mv1=""
probe() { # name expected-substring curl-args...
	local name=$1 want=$2 code
	shift 2
	code=$(curl -sS -o "$tmp/probe.body" -w '%{http_code}' "$@") || die "$name: curl failed"
	if [ "$code" != 200 ] || ! grep -qF -- "$want" "$tmp/probe.body"; then
		echo "--- $name answered $code:" >&2
		head -c 2000 "$tmp/probe.body" >&2
		echo >&2
		die "$name: expected 200 with $want; the benchmark would measure errors"
	fi
}
json_str() { "$PYTHON3" -c 'import json, sys; print(json.dumps(sys.argv[1]))' "$1"; }
urlenc() { "$PYTHON3" -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$1"; }
probe "nginx" '{"status":"ok"}' -X POST -H 'Content-Type: application/json' \
	--data-binary "{\"fen\":$(json_str "$fen1")}" "$nginx_url/validate"
probe "fend GET /health" '"status"' "$fend_url/health"
probe "fend POST /validate" '"valid":true' -H 'Content-Type: application/json' \
	--data-binary "{\"fen\":$(json_str "$fen1")}" "$fend_url/validate"
if [ -n "$mv1" ]; then
	probe "fend POST /apply-move" '"fen":' -H 'Content-Type: application/json' \
		--data-binary "{\"fen\":$(json_str "$fen1"),\"move\":$(json_str "$mv1")}" "$fend_url/apply-move"
fi
probe "fend GET /render" '"board":' "$fend_url/render?fen=$(urlenc "$fen1")&format=json"
probe "fend GET /render svg" '</svg>' "$fend_url/render?fen=$(urlenc "$fen1")&format=svg"
probe "fend GET /render png" 'PNG' "$fend_url/render?fen=$(urlenc "$fen1")&format=png"

# ---- the libmicrohttpd floor, serving fend's /validate answer for the first position ----
floor_url=""
case " $endpoints " in
*" floor "*)
	probe "fend POST /validate (the floor's body)" '"valid":true' -H 'Content-Type: application/json' \
		--data-binary "{\"fen\":$(json_str "$fen1")}" "$fend_url/validate"
	cp "$tmp/probe.body" "$tmp/floor.body"
	# shellcheck disable=SC2046 # pkg-config's flags are words
	"${CC:-cc}" -std=c11 -D_DEFAULT_SOURCE -O2 -o "$tmp/mhd-floor" "$here/mhd-floor.c" \
		$(pkg-config --cflags --libs libmicrohttpd 2>/dev/null || echo -lmicrohttpd) ||
		die "cannot build bench/mhd-floor.c (apt-get install libmicrohttpd-dev; or leave floor out of FEND_BENCH_ENDPOINTS)"
	"$tmp/mhd-floor" "$tmp/floor.body" "$fend_threads" >"$tmp/floor.out" 2>"$tmp/floor.err" &
	floor_pid=$!
	for _ in $(seq 50); do
		floor_url=$(sed -n 's|^mhd-floor listening on \(http://[^ ]*\)$|\1|p' "$tmp/floor.out" | head -n1)
		[ -n "$floor_url" ] && break
		kill -0 "$floor_pid" 2>/dev/null || break
		sleep 0.1
	done
	[ -n "$floor_url" ] || { cat "$tmp/floor.out" "$tmp/floor.err" >&2; die "mhd-floor did not start"; }
	probe "mhd-floor" '"valid":true' -X POST -H 'Content-Type: application/json' \
		--data-binary "{\"fen\":$(json_str "$fen1")}" "$floor_url/validate"
	cmp -s "$tmp/probe.body" "$tmp/floor.body" || die "mhd-floor: its answer is not fend's"
	;;
esac

# ---- the runs ----
cpu=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -n1)
[ -n "$cpu" ] || cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo | head -n1)
echo "== fend HTTP benchmark =="
echo "machine:  $(uname -srm), nproc $(nproc), CPU: ${cpu:-unknown}"
load1=$(cut -d' ' -f1 /proc/loadavg)
echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min, before the runs)"
if "$PYTHON3" -c 'import sys; sys.exit(0 if float(sys.argv[1]) > 0.5 else 1)' "$load1"; then
	echo "warning:  the machine is busy (load $load1): other processes take CPU from the runs"
fi
echo "fend:     $("$fend" --version 2>&1 | head -n1) at $fend_url (pid $fend_pid), --threads $fend_threads --log off"
if grep -q '^FEND_CFLAGS = .*-fsanitize' "$build/Makefile" 2>/dev/null; then
	echo "WARNING:  fend is a sanitizer build (--enable-sanitizers): its numbers mean little"
fi
echo "nginx:    $("$NGINX" -v 2>&1 | sed 's/^nginx version: //') at $nginx_url, worker_processes 2, fixed 200 {\"status\":\"ok\"}"
[ -z "$floor_url" ] ||
	echo "floor:    bench/mhd-floor.c at $floor_url (libmicrohttpd $(pkg-config --modversion libmicrohttpd 2>/dev/null || echo '?'), $fend_threads threads), fixed 200 with fend's /validate answer ($(wc -c <"$tmp/floor.body") bytes) and headers"
echo "wrk:      $("$WRK" -v 2>&1 | head -n1 | cut -d' ' -f1-2), $wrk_threads threads, ${secs} s per run, --timeout ${wrk_timeout}s, connections: $conns"
echo "data:     $data ($(wc -l <"$data/fens.txt") positions, cycled; requests built in advance per wrk thread)"
echo "note:     wrk, fend and nginx share the same $(nproc) cores -- the client takes CPU from the"
echo "          server under test; that is the same for fend and for nginx (only one server is"
echo "          loaded at a time; the other is idle)."
echo

results="$tmp/results.jsonl"
: >"$results"
check_arg=""
[ "$check" = 1 ] || check_arg=nocheck

# Connections of the server on port $1 whose request has waited unread for >= $stall_ms:
# Recv-Q > 0 and lastrcv (ms since data last arrived) >= the limit, from ss -i.
stalled_connections() { # port
	ss -tniH state established "( sport = :$1 )" 2>/dev/null | awk -v limit="$stall_ms" '
		/^[0-9]/ { recvq = $1; next }
		{
			if (recvq > 0 && match($0, /lastrcv:[0-9]+/) &&
			    substr($0, RSTART + 8, RLENGTH - 8) + 0 >= limit) n++
			recvq = 0
		}
		END { print n + 0 }'
}

# utime + stime of a process (fields 14 and 15, counted after the command name).
proc_ticks() { # pid
	sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | awk '{ print $12 + $13 }'
}
# The CPU ticks of the server of an endpoint: fend, mhd-floor, or nginx's master and its
# workers.
server_ticks() { # endpoint
	local total=0 p t
	if [ "$1" = floor ]; then
		proc_ticks "$floor_pid"
		return
	fi
	if [ "$1" != nginx ]; then
		proc_ticks "$fend_pid"
		return
	fi
	for p in "$nginx_pid" $(ps -o pid= --ppid "$nginx_pid"); do
		t=$(proc_ticks "$p")
		total=$((total + ${t:-0}))
	done
	echo "$total"
}

# Runs wrk; prints {"stalled": N, "wrk": <the wrk-result JSON>}. wrk 4.1 only counts an
# answer that came too late as a timeout -- a connection that never gets an answer goes
# unnoticed -- so the server's sockets are looked at once, at 4/5 of the run.
run_wrk() { # endpoint connections seconds
	local ep=$1 c=$2 s=$3 url out wrk_pid stalled=0 at line ticks0 ticks1
	case $ep in
	nginx) url=$nginx_url ;;
	floor) url=$floor_url ;;
	*) url=$fend_url ;;
	esac
	ticks0=$(server_ticks "$ep")
	out="$tmp/wrk-$ep-$c.txt"
	"$WRK" -t "$wrk_threads" -c "$c" -d "${s}s" --timeout "${wrk_timeout}s" -s "$here/wrk/$ep.lua" "$url" \
		-- "$data" $check_arg >"$out" 2>&1 &
	wrk_pid=$!
	at=$((s * 4 / 5))
	if [ "$at" -ge 1 ] && [ "$have_ss" = 1 ]; then
		sleep "$at"
		stalled=$(stalled_connections "${url##*:}")
	fi
	if ! wait "$wrk_pid"; then
		cat "$out" >&2
		die "wrk failed for $ep at $c connections"
	fi
	ticks1=$(server_ticks "$ep")
	if [ "$ep" = floor ] && ! kill -0 "$floor_pid" 2>/dev/null; then
		cat "$out" "$tmp/floor.err" >&2
		floor_pid=""
		die "mhd-floor died during its run at $c connections"
	fi
	if [ "$ep" != nginx ] && [ "$ep" != floor ] && ! kill -0 "$fend_pid" 2>/dev/null; then
		cat "$out" "$tmp/fend.err" >&2
		fend_pid=""
		die "fend died during the $ep run at $c connections"
	fi
	line=$(sed -n 's/^wrk-result //p' "$out" | tail -n1)
	[ -n "$line" ] || { cat "$out" >&2; die "no wrk-result line from $ep"; }
	printf '{"stalled":%d,"cpu_us":%d,"wrk":%s}\n' "$stalled" "$(((ticks1 - ticks0) * 1000000 / ticks_per_s))" "$line"
}

if [ "$warmup" -gt 0 ]; then
	echo "warm-up: ${warmup} s per server ..."
	run_wrk nginx 64 "$warmup" >/dev/null
	run_wrk validate 64 "$warmup" >/dev/null
fi

broken=0
for round in $(seq "$repeat"); do
	for c in $conns; do
		for ep in $endpoints; do
			line=$(run_wrk "$ep" "$c" "$secs")
			printf '{"endpoint":"%s","connections":%d,"round":%d,"run":%s}\n' "$ep" "$c" "$round" "$line" >>"$results"
			printf '  %-10s c=%-4s %s\n' "$ep" "$c" "$line"
		done
	done
done
echo

# ---- bulk validation: all of fens.txt as one NDJSON body, two clients at a time ----
bulk_body="$tmp/bulk.ndjson"
"$PYTHON3" -c '
import json, sys
with open(sys.argv[1]) as f, open(sys.argv[2], "w") as out:
    for line in f:
        line = line.rstrip("\r\n")
        if line:
            out.write(json.dumps(line) + "\n")' "$data/fens.txt" "$bulk_body"
bulk_lines=$(wc -l <"$bulk_body")
probe "fend POST /validate NDJSON" '"valid":true' -H 'Content-Type: application/x-ndjson' \
	--data-binary @"$bulk_body" "$fend_url/validate"
[ "$(grep -c '"valid":true' "$tmp/probe.body")" = "$bulk_lines" ] ||
	die "bulk /validate: expected $bulk_lines valid records, got $(grep -c '"valid":true' "$tmp/probe.body")"
# Every answer is the probe's, byte for byte (the same body each time, checked line by line
# above): wrk's bulk.lua counts an answer of another size as a bad body.
bulk_size=$(wc -c <"$tmp/probe.body")
# Connections that arrive together may all be accepted by the same fend thread
# (libmicrohttpd's pool shares one listening socket, and the thread that wakes first takes
# what is waiting), which leaves the other idle; so the bulk run is repeated
# FEND_BENCH_REPEAT times like the rest, each round printed, and the table keeps the
# round with the most FENs/s. Each round's fend threads' CPU shows how the work was shared.
echo "bulk:     wrk -c $bulk_conns x POST /validate with $bulk_lines NDJSON lines, ${bulk_secs} s, $repeat round(s) ..."
: >"$tmp/bulk.json"
thread_ticks() { for t in /proc/"$fend_pid"/task/*; do awk '{printf "%d ", $14 + $15}' "$t/stat"; done; }
for round in $(seq "$repeat"); do
	bulk_ticks0=$(proc_ticks "$fend_pid")
	threads0=$(thread_ticks)
	"$WRK" -t 2 -c "$bulk_conns" -d "${bulk_secs}s" --timeout "${wrk_timeout}s" -s "$here/wrk/bulk.lua" \
		"$fend_url" -- "$data" check "$bulk_size" >"$tmp/wrk-bulk.txt" 2>&1 ||
		{ cat "$tmp/wrk-bulk.txt" >&2; die "wrk failed for bulk"; }
	bulk_ticks1=$(proc_ticks "$fend_pid")
	threads1=$(thread_ticks)
	bulk_line=$(sed -n 's/^wrk-result //p' "$tmp/wrk-bulk.txt" | tail -n1)
	[ -n "$bulk_line" ] || { cat "$tmp/wrk-bulk.txt" >&2; die "no wrk-result line from bulk"; }
	# CPU seconds of each fend thread over the round, the busy ones only.
	shares=$(paste -d' ' <(echo "$threads0" | tr ' ' '\n') <(echo "$threads1" | tr ' ' '\n') |
		awk -v hz="$ticks_per_s" 'NF == 2 && $2 > $1 { printf "%s%.2f", n++ ? " " : "", ($2 - $1) / hz }')
	printf '{"bulk":{"lines":%d,"connections":%d,"round":%d,"threads_cpu_s":"%s","cpu_us":%d,"wrk":%s}}\n' \
		"$bulk_lines" "$bulk_conns" "$round" "$shares" "$(((bulk_ticks1 - bulk_ticks0) * 1000000 / ticks_per_s))" \
		"$bulk_line" >>"$tmp/bulk.json"
	echo "  bulk round $round: $(sed -n 's/.*"requests":\([0-9]*\).*/\1/p' <<<"$bulk_line") answers; fend threads' CPU s: $shares"
done
echo

echo "load:     $(cut -d' ' -f1-3 /proc/loadavg) (1/5/15 min, after the runs)"
echo

# Peak RSS of fend over the whole run (it has been running since the start).
vmhwm_kb=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$fend_pid/status")
vmrss_kb=$(sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$fend_pid/status")
[ -n "$vmhwm_kb" ] || die "could not read VmHWM of fend (pid $fend_pid)"

"$PYTHON3" - "$results" "$vmhwm_kb" "$vmrss_kb" "$check" "$stall_ms" "$tmp/bulk.json" <<'PY' || broken=1
import json, sys

path, hwm_kb, rss_kb, check, stall_ms = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
runs = []
for l in open(path):
    if l.strip():
        r = json.loads(l)
        r["wrk"], r["stalled"] = r["run"]["wrk"], r["run"]["stalled"]
        runs.append(r)
# Every run is checked for errors; the table shows, per endpoint and connection count, the
# round with the most requests/s (FEND_BENCH_REPEAT > 1).
best = {}
for r in runs:
    k = (r["endpoint"], r["connections"])
    if k not in best or r["wrk"]["rps"] > best[k]["wrk"]["rps"]:
        best[k] = r
rows = [best[k] for k in dict.fromkeys((r["endpoint"], r["connections"]) for r in runs)]
rounds = max(r["round"] for r in runs)
base = {r["connections"]: r["wrk"]["rps"] for r in rows if r["endpoint"] == "nginx"}
broken = []
print("%-10s %11s %12s %10s %10s %16s" % ("endpoint", "connections", "requests/s", "p50 ms", "p99 ms", "fend/nginx req/s"))
print("-" * 74)
for r in rows:
    w, c, ep = r["wrk"], r["connections"], r["endpoint"]
    ratio = "-" if ep == "nginx" else "%.2f" % (w["rps"] / base[c])
    print("%-10s %11d %12.0f %10.3f %10.3f %16s" % (ep, c, w["rps"], w["p50_us"] / 1e3, w["p99_us"] / 1e3, ratio))
if rounds > 1:
    print("(best of %d rounds by requests/s; p50/p99 are that round's)" % rounds)
print()

# CPU time per request: the steadier figure. Per endpoint and connection count, the
# median over the rounds; the ratio is nginx's CPU per request over fend's (higher is
# better for fend, like the requests/s ratio).
def cpu_us(r):
    return r["run"]["cpu_us"] / r["wrk"]["requests"] if r["wrk"]["requests"] else float("nan")
def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
cpu = {}
for r in runs:
    cpu.setdefault((r["endpoint"], r["connections"]), []).append(cpu_us(r))
cpu = {k: median(v) for k, v in cpu.items()}
print("%-10s %11s %16s %18s" % ("endpoint", "connections", "CPU us/request", "nginx/fend CPU"))
print("-" * 58)
for ep, c in dict.fromkeys((r["endpoint"], r["connections"]) for r in runs):
    ratio = "-" if ep == "nginx" else "%.2f" % (cpu[("nginx", c)] / cpu[(ep, c)])
    print("%-10s %11d %16.2f %18s" % (ep, c, cpu[(ep, c)], ratio))
if rounds > 1:
    print("(median of %d rounds)" % rounds)
# The floor: what libmicrohttpd costs for a /validate exchange with fend's settings and
# headers, before fend does anything; and what the 0.7x target leaves for fend's own work.
for c in dict.fromkeys(r["connections"] for r in runs):
    if ("floor", c) in cpu and ("nginx", c) in cpu and ("validate", c) in cpu:
        fl, ng, va = cpu[("floor", c)], cpu[("nginx", c)], cpu[("validate", c)]
        print("floor @%d: libmicrohttpd alone costs %.2f us/request (%.2fx nginx's CPU per request); "
              "fend's own work on /validate costs %.2f us above it, and the 0.7x target (%.2f us) leaves %.2f us for it"
              % (c, fl, ng / fl, va - fl, ng / 0.7, ng / 0.7 - fl))
print()

# Bulk NDJSON validation against single requests of the same run (validate at 64
# connections, else the first connection count).
bulk_runs = [json.loads(l)["bulk"] for l in open(sys.argv[6]) if l.strip()]
for b in bulk_runs:
    bw = b["wrk"]
    if sum(bw["errors"].values()) + bw["non200"] + bw["bad_body"] or bw["requests"] == 0:
        broken.append("bulk /validate round %d: %d answers, %d not 200, %d of another size, errors %s"
                      % (b["round"], bw["requests"], bw["non200"], bw["bad_body"], bw["errors"]))
bulk = max(bulk_runs, key=lambda b: b["wrk"]["requests"] / b["wrk"]["duration_us"])
bulk_fens = bulk["wrk"]["requests"] * bulk["lines"]
bulk_rate = bulk_fens / (bulk["wrk"]["duration_us"] / 1e6)
bulk_cpu = bulk["cpu_us"] / bulk_fens if bulk_fens else float("nan")
single_c = 64 if ("validate", 64) in cpu else min(c for ep, c in cpu if ep == "validate")
single = best[("validate", single_c)]["wrk"]["rps"]
print("bulk /validate (NDJSON, %d connections%s): %.0f FENs/s, %.2f us CPU/FEN (fend threads' CPU s: %s); "
      "single /validate @%d: %.0f req/s, %.2f us CPU/request -> bulk/single %.1fx FENs/s"
      % (bulk["connections"], ", best of %d rounds" % len(bulk_runs) if len(bulk_runs) > 1 else "", bulk_rate,
         bulk_cpu, bulk["threads_cpu_s"], single_c, single, cpu[("validate", single_c)], bulk_rate / single))
for r in rows:
    # (render-png is expected far below nginx: a PNG costs about 1.6 ms of CPU)
    if r["endpoint"] not in ("nginx", "render-png") and r["wrk"]["rps"] < 0.1 * base[r["connections"]]:
        print("WARNING: %s at %d connections: %.2fx nginx -- fend stalled (connections left "
              "waiting with unread requests?)" % (r["endpoint"], r["connections"], r["wrk"]["rps"] / base[r["connections"]]))
for r in runs:
    w, c, ep = r["wrk"], r["connections"], r["endpoint"]
    e = w["errors"]
    problems = []
    if w["requests"] == 0:
        problems.append("no requests completed")
    if w["non200"]:
        problems.append("%d non-200 answers" % w["non200"])
    if e["status"]:
        problems.append("%d answers with status > 399 (wrk's count)" % e["status"])
    if w["bad_body"]:
        problems.append("%d answers with an unexpected body" % w["bad_body"])
    if r["stalled"]:
        problems.append("%d connections held a request unread for >= %s ms (the server stalled)"
                        % (r["stalled"], stall_ms))
    for k in ("connect", "read", "write", "timeout"):
        if e[k]:
            problems.append("%d %s errors" % (e[k], k))
    if check == "1" and w["checked"] < w["requests"]:
        problems.append("only %d of %d responses checked" % (w["checked"], w["requests"]))
    if problems:
        broken.append("%s at %d connections (round %d): %s" % (ep, c, r["round"], "; ".join(problems)))
print()
print("fend peak RSS (VmHWM): %.1f MiB (current VmRSS %.1f MiB)" % (hwm_kb / 1024, rss_kb / 1024))
if check == "1":
    print("every response was checked: status 200 and the expected body (FEND_BENCH_CHECK=1)")
else:
    print("responses were not inspected; only wrk's count of statuses > 399 (FEND_BENCH_CHECK=0)")
print()

def verdict(ok):
    return "PASS" if ok else "FAIL"
v64 = [r for r in rows if r["endpoint"] == "validate" and r["connections"] == 64]
if v64 and 64 in base:
    w = v64[0]["wrk"]
    ratio = w["rps"] / base[64]
    print("target /validate @64 requests/s >= 0.70x nginx: %s  [%.2fx: %.0f vs %.0f]" % (verdict(ratio >= 0.70), ratio, w["rps"], base[64]))
    nginx64 = [r for r in rows if r["endpoint"] == "nginx" and r["connections"] == 64][0]["wrk"]
    print("target /validate @64 p99 < 5 ms:               %s  [%.3f ms; nginx's p99 in the same conditions: %.3f ms]"
          % (verdict(w["p99_us"] < 5000), w["p99_us"] / 1e3, nginx64["p99_us"] / 1e3))
else:
    print("target /validate @64: n/a (64 is not in FEND_BENCH_CONNECTIONS)")
s64 = [r for r in rows if r["endpoint"] == "render-svg" and r["connections"] == 64]
if s64 and 64 in base:
    ratio = s64[0]["wrk"]["rps"] / base[64]
    print("target /render svg @64 requests/s >= 0.50x nginx: %s  [%.2fx: %.0f vs %.0f]"
          % (verdict(ratio >= 0.50), ratio, s64[0]["wrk"]["rps"], base[64]))
print("target fend peak RSS < 32 MiB:                 %s  [%.1f MiB]" % (verdict(hwm_kb < 32 * 1024), hwm_kb / 1024))
c64 = 64 if ("validate", 64) in cpu else single_c
for ep in ("validate", "apply-move"):
    if (ep, c64) in cpu:
        ratio = cpu[("nginx", c64)] / cpu[(ep, c64)]
        print("target /%s @%d CPU/request >= 0.70x nginx's: %s  [%.2fx: %.2f us vs %.2f us]"
              % (ep, c64, verdict(ratio >= 0.70), ratio, cpu[(ep, c64)], cpu[("nginx", c64)]))
if ("moves", c64) in cpu:
    ratio = cpu[("moves", c64)] / cpu[("validate", c64)]
    print("target /moves @%d CPU/request < 2x /validate's: %s  [%.2fx: %.2f us vs %.2f us]"
          % (c64, verdict(ratio < 2), ratio, cpu[("moves", c64)], cpu[("validate", c64)]))
print("target bulk NDJSON FENs/s >= 5x single /validate req/s: %s  [%.1fx]" % (verdict(bulk_rate >= 5 * single), bulk_rate / single))
if broken:
    print()
    for b in broken:
        print("BROKEN RUN: " + b, file=sys.stderr)
    sys.exit(1)
PY

if [ "$broken" != 0 ]; then
	die "the benchmark measured errors (see above); its numbers are worthless"
fi
