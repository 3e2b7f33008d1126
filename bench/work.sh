#!/usr/bin/env bash
# bench/work.sh -- what fend's own work on one POST /validate costs without HTTP (cJSON
# reading the body, the FEN and its status, the answer's tree, cJSON printing it), timed
# in a loop by bench/work.c against a built tree's libfen.a and libfenjson.a. Beside
# bench/http.sh's floor line (what the /validate target leaves for this work once
# libmicrohttpd has had its share) it shows whether the target can be reached.
#
#   bench/work.sh
#
#   FEND_BUILD_DIR    directory of a built fend (default: the repository root)
#   FEND_BENCH_DATA   fens.txt (default: ../shared/bench from the repository root)
#   FEND_BENCH_ITERATIONS  requests per round (default 200000; 3 rounds, the best kept)
#   CC                the compiler (default cc)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
data=${FEND_BENCH_DATA:-$root/../shared/bench}
iterations=${FEND_BENCH_ITERATIONS:-200000}

die() { echo "work.sh: ERROR: $*" >&2; exit 1; }
case $iterations in '' | *[!0-9]*) die "FEND_BENCH_ITERATIONS must be a positive integer" ;; esac
[ -f "$build/libfen.a" ] && [ -f "$build/libfenjson.a" ] && [ -f "$build/config.h" ] ||
	die "no built tree at $build (libfen.a, libfenjson.a, config.h): build fend, or set FEND_BUILD_DIR"
[ -r "$data/fens.txt" ] || die "no $data/fens.txt; set FEND_BENCH_DATA"
if grep -q '^FEND_CFLAGS = .*-fsanitize' "$build/Makefile" 2>/dev/null; then
	echo "WARNING: $build is a sanitizer build: its numbers mean little"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fend-work-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"${CC:-cc}" -std=c11 -D_DEFAULT_SOURCE -O2 -I"$build" -I"$root/src" -o "$tmp/work" "$here/work.c" \
	"$build/libfenjson.a" "$build/libfen.a" -lcjson -lpthread -lm ||
	die "cannot build bench/work.c"
echo "== fend's own work on POST /validate, without HTTP =="
echo "machine: $(uname -srm), nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
"$tmp/work" "$data/fens.txt" "$iterations"
