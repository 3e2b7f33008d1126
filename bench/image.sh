#!/usr/bin/env bash
# bench/image.sh -- raster sizes and CPU, fend against a reference fend in the same run:
# the animated GIF of the first 93 plies of the first game of games.pgn at 720 px, and
# the PNG of the start position at 720 px. Prints bytes, fend CPU per request (the fend
# process's utime + stime from /proc over many requests, not wall time) and the ratios.
#
#   FEND_BUILD_DIR   directory holding the built `fend` (default: the repository root)
#   FEND_REF         the reference fend binary; when unset, commit FEND_REF_COMMIT
#                    (default a6c8829) is built in a temporary git worktree first
#   FEND_BENCH_DATA  games.pgn (default: ../shared/bench from the repo root)
#   FEND_BENCH_PNG   PNG requests per side (default 300)
#   FEND_BENCH_GIF   GIF requests per side (default 30)
#
# Needs curl and python3. Targets: the GIF <= 350 KiB, its CPU <= 4x one PNG's; the PNG
# <= 0.5x the reference's bytes. Each prints PASS or FAIL; an error exits 1.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
build=${FEND_BUILD_DIR:-$root}
data=${FEND_BENCH_DATA:-$root/../shared/bench}
npng=${FEND_BENCH_PNG:-300}
ngif=${FEND_BENCH_GIF:-30}
PYTHON3=${PYTHON3:-python3}

die() { echo "image.sh: ERROR: $*" >&2; exit 1; }
[ -x "$build/fend" ] || die "no fend binary at $build/fend (build first; set FEND_BUILD_DIR)"
[ -r "$data/games.pgn" ] || die "no games.pgn in $data; set FEND_BENCH_DATA"

tmp=$(mktemp -d)
pids=()
worktree=""
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
	[ -z "$worktree" ] || git -C "$root" worktree remove --force "$worktree" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

ref=${FEND_REF:-}
if [ -z "$ref" ]; then
	commit=${FEND_REF_COMMIT:-a6c8829}
	worktree="$tmp/ref"
	echo "building the reference ($commit) in a temporary worktree..."
	git -C "$root" worktree add --detach "$worktree" "$commit" >/dev/null 2>&1 || die "git worktree add failed"
	(cd "$worktree" && autoreconf -fi && ./configure && make -j2 fend) >"$tmp/ref-build.log" 2>&1 ||
		{ tail -20 "$tmp/ref-build.log" >&2; die "the reference did not build"; }
	ref="$worktree/fend"
fi
[ -x "$ref" ] || die "no reference binary at $ref"

start_fend() { # binary name: sets url and pid
	"$1" --port 0 --threads 1 --log off >"$tmp/$2.out" 2>"$tmp/$2.err" &
	pid=$!
	pids+=("$pid")
	for _ in $(seq 200); do
		grep -q 'listening on' "$tmp/$2.out" 2>/dev/null && break
		sleep 0.05
	done
	url=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' "$tmp/$2.out")
}

# The first 93 plies (SAN) of the first game of games.pgn.
game=$("$PYTHON3" - "$data/games.pgn" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
movetext = re.split(r"\n\s*\n(?=\[)", text)[0]
body = "\n".join(l for l in movetext.splitlines() if not l.startswith("["))
body = re.sub(r"\{[^}]*\}|\([^)]*\)|\$\d+", " ", body)
sans = [t for t in body.split() if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t)]
sans = [re.sub(r"^\d+\.+", "", t) for t in sans]
print(",".join(sans[:93]))
PY
)
plies=$(echo "$game" | tr ',' '\n' | grep -c .)
[ "$plies" = 93 ] || die "the first game has $plies plies, not 93"

# CPU microseconds per request of the fend at pid over n GETs of url (one connection).
cpu_per_request() { # pid url n
	local before after hz
	hz=$(getconf CLK_TCK)
	: >"$tmp/curl.cfg"
	for _ in $(seq "$3"); do printf 'url = "%s"\noutput = "/dev/null"\n' "$2" >>"$tmp/curl.cfg"; done
	before=$(awk '{ print $14 + $15 }' "/proc/$1/stat")
	curl -sS --fail -K "$tmp/curl.cfg" || die "a request to $2 failed"
	after=$(awk '{ print $14 + $15 }' "/proc/$1/stat")
	echo $(((after - before) * 1000000 / hz / $3))
}

declare -A bytes cpu
for side in ref new; do
	bin=$ref
	[ "$side" = new ] && bin="$build/fend"
	start_fend "$bin" "$side"
	[ -n "$url" ] || die "$side fend did not start"
	gif_url="$url/render/game.gif?moves=$game&size=720"
	png_url="$url/render?fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20w%20KQkq%20-%200%201&format=png&size=720"
	curl -sS --fail -o "$tmp/$side.gif" "$gif_url" || die "$side: game.gif failed"
	curl -sS --fail -o "$tmp/$side.png" "$png_url" || die "$side: png failed"
	bytes[$side.gif]=$(wc -c <"$tmp/$side.gif")
	bytes[$side.png]=$(wc -c <"$tmp/$side.png")
	cpu[$side.png]=$(cpu_per_request "$pid" "$png_url" "$npng")
	cpu[$side.gif]=$(cpu_per_request "$pid" "$gif_url" "$ngif")
done

echo "== raster sizes and CPU: 93-ply game.gif and start-position PNG at 720 px =="
echo "machine: $(uname -srm), nproc $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "requests: $npng PNG and $ngif GIF a side, one connection, fend --threads 1"
"$PYTHON3" - <<PY
b = {"ref.gif": ${bytes[ref.gif]}, "ref.png": ${bytes[ref.png]}, "new.gif": ${bytes[new.gif]}, "new.png": ${bytes[new.png]}}
c = {"ref.gif": ${cpu[ref.gif]}, "ref.png": ${cpu[ref.png]}, "new.gif": ${cpu[new.gif]}, "new.png": ${cpu[new.png]}}
print("%-26s %12s %12s %12s %12s" % ("", "ref bytes", "new bytes", "ref CPU us", "new CPU us"))
for k, name in (("gif", "game.gif 93 plies 720px"), ("png", "PNG start 720px")):
    print("%-26s %12d %12d %12d %12d" % (name, b["ref." + k], b["new." + k], c["ref." + k], c["new." + k]))
print()
g, r = b["new.gif"] / 1024, c["new.gif"] / max(c["new.png"], 1)
print("GIF size <= 350 KiB:               %s  [%.1f KiB; ref %.1f KiB]" % ("PASS" if g <= 350 else "FAIL", g, b["ref.gif"] / 1024))
print("GIF CPU <= 4x one PNG's:           %s  [%.2fx; ref %.2fx]" % ("PASS" if r <= 4 else "FAIL", r, c["ref.gif"] / max(c["ref.png"], 1)))
p = b["new.png"] / b["ref.png"]
print("PNG bytes <= 0.5x the reference's: %s  [%.3fx]" % ("PASS" if p <= 0.5 else "FAIL", p))
print("CPU new/ref: GIF %.2fx, PNG %.2fx" % (c["new.gif"] / max(c["ref.gif"], 1), c["new.png"] / max(c["ref.png"], 1)))
PY
