#!/usr/bin/env bash
# bench/svg.sh -- CPU per SVG /render request of fend against nginx serving a fixed body
# of the same size, measured in the same run.
#
#   bench/svg.sh
#   FEND_BENCH_ROUNDS=5 bench/svg.sh
#
# fend runs as `fend --port 0 --log off --threads 2`; nginx (2 workers, a private
# configuration written to a mktemp directory, no access log) serves one SVG board that
# fend drew (the first position of fens.txt, 9-10 KB) as a static file, with
# open_file_cache and sendfile: the cheapest way nginx has to send a fixed body of that
# size (its `return` takes no text that long). For each round, wrk (1 thread,
# FEND_BENCH_CONNECTIONS keep-alive connections, bench/wrk/render-svg.lua: the 10,000
# positions of fens.txt as GET /render?format=svg with a last move, every answer checked
# to be an SVG) drives fend, then nginx, for FEND_BENCH_SECONDS each; CPU per request =
# the server's user+system time (/proc/PID/stat; nginx's master and workers) over the run
# / requests. The ratio nginx/fend is the target's: at least 0.5 (fend at most twice
# nginx's CPU per request).
#
#   FEND_BUILD_DIR          directory holding the `fend` under test (default: the repository root)
#   FEND_BENCH_DATA         fens.txt (default: ../shared/bench from the repo root)
#   FEND_BENCH_SECONDS      length of each wrk run (default 4)
#   FEND_BENCH_ROUNDS       rounds (default 3)
#   FEND_BENCH_CONNECTIONS  wrk connections (default 16)
#   NGINX, WRK              the binaries (default: from PATH, /usr/sbin/nginx)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
data=${FEND_BENCH_DATA:-$root/../shared/bench}
secs=${FEND_BENCH_SECONDS:-4}
rounds=${FEND_BENCH_ROUNDS:-3}
conns=${FEND_BENCH_CONNECTIONS:-16}
NGINX=${NGINX:-$(command -v nginx 2>/dev/null || echo /usr/sbin/nginx)}
WRK=${WRK:-$(command -v wrk 2>/dev/null || true)}

die() { echo "svg.sh: ERROR: $*" >&2; exit 1; }
[ -x "$build/fend" ] || die "no fend at $build/fend (build first, or set FEND_BUILD_DIR)"
[ -x "$NGINX" ] || die "nginx not found (apt-get install nginx, or set NGINX)"
[ -n "$WRK" ] || die "wrk not found (apt-get install wrk)"
[ -r "$data/fens.txt" ] || die "no fens.txt in $data; set FEND_BENCH_DATA"
data=$(cd "$data" && pwd)
ticks=$(getconf CLK_TCK)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fend-svg.XXXXXX")
chmod 755 "$tmp"
fend_pid="" nginx_pid=""
cleanup() {
	for p in $fend_pid $nginx_pid; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT

cpu_ticks() { # pids: the sum of their utime + stime
	local s=0 p
	for p in "$@"; do s=$((s + $(sed 's/^.*) //' "/proc/$p/stat" | awk '{ print $12 + $13 }'))); done
	echo "$s"
}

"$build/fend" --port 0 --log off --threads 2 >"$tmp/fend.out" 2>"$tmp/fend.err" &
fend_pid=$!
for _ in $(seq 1 200); do
	line=$(head -n1 "$tmp/fend.out" 2>/dev/null || true)
	[ -n "$line" ] && break
	sleep 0.05
done
[ -n "${line:-}" ] || die "fend printed no start-up line"
fend_port=${line##*:}

# nginx's body: fend's SVG of the first position, with a last move as wrk asks.
mkdir -p "$tmp/nginx/html"
fen=$(head -n1 "$data/fens.txt")
curl -sS --fail -G --data-urlencode "fen=$fen" --data "format=svg&last_move=e2e4" \
	"http://127.0.0.1:$fend_port/render" -o "$tmp/nginx/html/board.svg" || die "no SVG from fend"
size=$(stat -c %s "$tmp/nginx/html/board.svg")
user_line=""
[ "$(id -u)" = 0 ] && user_line="user root;"
for port in $(shuf -i 20000-60000 -n 20); do
	cat >"$tmp/nginx/nginx.conf" <<-EOF
		worker_processes 2;
		daemon off;
		pid $tmp/nginx/nginx.pid;
		error_log $tmp/nginx/error.log warn;
		$user_line
		events { worker_connections 1024; }
		http {
		    access_log off;
		    keepalive_requests 1000000;
		    keepalive_timeout 75s;
		    sendfile on;
		    open_file_cache max=16 inactive=600s;
		    open_file_cache_valid 600s;
		    client_body_temp_path $tmp/nginx/client_body;
		    proxy_temp_path $tmp/nginx/proxy;
		    fastcgi_temp_path $tmp/nginx/fastcgi;
		    uwsgi_temp_path $tmp/nginx/uwsgi;
		    scgi_temp_path $tmp/nginx/scgi;
		    server {
		        listen 127.0.0.1:$port;
		        location / { root $tmp/nginx/html; default_type image/svg+xml; try_files /board.svg =404; }
		    }
		}
	EOF
	"$NGINX" -p "$tmp/nginx/" -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx/error.log" >"$tmp/nginx/stdout" 2>&1 &
	nginx_pid=$!
	for _ in $(seq 1 40); do
		curl -sf -o /dev/null "http://127.0.0.1:$port/render" && break 2
		kill -0 "$nginx_pid" 2>/dev/null || break
		sleep 0.05
	done
	kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
	nginx_pid=""
done
[ -n "$nginx_pid" ] || { cat "$tmp/nginx/error.log" >&2 2>/dev/null || true; die "nginx did not start"; }
nginx_port=$port
# nginx's workers are the master's children.
nginx_pids() { echo "$nginx_pid" $(pgrep -P "$nginx_pid"); }

echo "fend:   $build/fend (pid $fend_pid)"
echo "nginx:  $NGINX (pid $nginx_pid), a fixed body of $size bytes (fend's SVG of the first position)"
echo "runs:   $rounds rounds of wrk -t1 -c$conns -d${secs}s each; load $(cut -d' ' -f1 /proc/loadavg)"
echo

results=$tmp/results
: >"$results"
for round in $(seq 1 "$rounds"); do
	for who in fend nginx; do
		if [ "$who" = fend ]; then port=$fend_port; pids=$fend_pid; else port=$nginx_port; pids=$(nginx_pids); fi
		# shellcheck disable=SC2086
		before=$(cpu_ticks $pids)
		"$WRK" -t1 -c"$conns" -d"${secs}s" -s "$here/wrk/render-svg.lua" "http://127.0.0.1:$port" -- "$data" \
			>"$tmp/wrk.out" 2>&1 || { cat "$tmp/wrk.out" >&2; die "wrk failed ($who)"; }
		# shellcheck disable=SC2086
		after=$(cpu_ticks $pids)
		line=$(sed -n 's/^wrk-result //p' "$tmp/wrk.out" | tail -n1)
		[ -n "$line" ] || { cat "$tmp/wrk.out" >&2; die "no wrk-result line ($who)"; }
		python3 - "$line" "$who" "$((after - before))" "$ticks" "$round" >>"$results" <<-'EOF'
			import json, sys
			r = json.loads(sys.argv[1])
			bad = r["non200"] + r["bad_body"] + sum(r["errors"].values())
			if bad:
			    sys.exit(f"{sys.argv[2]}: {bad} bad answers or errors")
			us = int(sys.argv[3]) / int(sys.argv[4]) * 1e6 / r["requests"]
			print(json.dumps({"who": sys.argv[2], "round": int(sys.argv[5]), "us": us, "rps": r["rps"]}))
		EOF
	done
done

python3 - "$results" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
f = {r["round"]: r["us"] for r in rows if r["who"] == "fend"}
n = {r["round"]: r["us"] for r in rows if r["who"] == "nginx"}
print(f"{'round':<7}{'fend us/req':>12}{'nginx us/req':>13}{'nginx/fend':>11}")
for k in sorted(f):
    print(f"{k:<7}{f[k]:>12.2f}{n[k]:>13.2f}{n[k] / f[k]:>11.2f}")
mf, mn = statistics.median(f.values()), statistics.median(n.values())
print(f"{'median':<7}{mf:>12.2f}{mn:>13.2f}{mn / mf:>11.2f}")
print(f"SVG /render CPU per request, nginx/fend: {mn / mf:.2f}x (target >= 0.5): {'PASS' if mn / mf >= 0.5 else 'FAIL'}")
EOF
