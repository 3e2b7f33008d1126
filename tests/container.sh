#!/usr/bin/env bash
# tests/container.sh -- builds the Dockerfile for real and runs the image: run by .ci/run
# (as root, minutes long), not by make check.
#
# No image can be pulled here and no Docker engine is needed: Debian's podman (its builder
# is buildah) builds and runs the image, and the base image is made on the spot:
#   1. debootstrap --variant=minbase bookworm from Debian's mirror, slimmed the way the
#      official debian:bookworm-slim is (no docs, man pages or locales; apt caches
#      cleaned), imported with `podman import` as docker.io/library/debian:bookworm-slim,
#      so that the Dockerfile's FROM resolves locally (podman build --pull=never). An image
#      of that name already in podman's store is used as it is (FEND_CONTAINER_NEW_BASE=1
#      makes it again);
#   2. podman build --no-cache --format docker (the OCI format has no HEALTHCHECK: podman would drop
#      it) --isolation chroot --network host (the build stage's ./bootstrap apt-installs
#      what the build and make check need), then checks the image: size under 20 MB,
#      its files (the binaries, their libraries, a few of /etc; no shell, no packages),
#      OCI labels, non-root user, exposed port, stop signal, health check;
#   3. runs it read-only with every capability dropped, waits until `podman healthcheck
#      run` passes (and checks that it fails for a fend not listening on FEND_PORT), sends /validate and /render to it, checks that the process runs as
#      UID 10001, then stops it (SIGTERM, the image's STOPSIGNAL) and checks it exited 0
#      within the stop timeout.
# Each step prints its duration. Exit status 0 when all passed, 1 otherwise.
#
#   FEND_DEBIAN_MIRROR       the mirror for debootstrap (default: http://deb.debian.org/debian)
#   FEND_CONTAINER_NEW_BASE  1: make the base image again even when one exists
#   FEND_CONTAINER_KEEP      1: keep the fend image (localhost/fend:test-PID) afterwards
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/.." && pwd)
mirror=${FEND_DEBIAN_MIRROR:-http://deb.debian.org/debian}
base=docker.io/library/debian:bookworm-slim
image=localhost/fend:test-$$   # its own tag: another run may build at the same time
name=fend-container-test-$$
max_bytes=$((20 * 1000 * 1000))
uid=10001
stop_timeout=10

# This machine's kernel settings refuse crun (podman's default runtime here) and the
# default ulimits; runc with explicit limits works. Host networking: no CNI or slirp needed.
run_flags=(--ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --network host)
podman=(podman --runtime runc)

work=$(mktemp -d "${TMPDIR:-/tmp}/fend-container.XXXXXX")
cleanup() {
	"${podman[@]}" rm -f -t 0 "$name" >/dev/null 2>&1 || true
	"${podman[@]}" rm -f -t 0 "$name-elsewhere" >/dev/null 2>&1 || true
	[ "${FEND_CONTAINER_KEEP:-0}" = 1 ] || podman rmi -f "$image" >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

failed=0
fail() { echo "container: FAIL: $*" >&2; failed=1; }
die() { echo "container: ERROR: $*" >&2; exit 1; }
t0=$(date +%s)
step_start=$t0
step() {
	local now
	now=$(date +%s)
	printf 'container: [%4ds, +%3ds] %s\n' "$((now - t0))" "$((now - step_start))" "$*"
	step_start=$now
}

for tool in podman runc debootstrap curl python3; do
	command -v "$tool" >/dev/null 2>&1 || die "$tool is missing (.ci/run installs podman runc debootstrap curl)"
done
[ "$(id -u)" = 0 ] || die "run this as root (debootstrap, and podman's root store)"

# ---- 1. the base image ----
if [ "${FEND_CONTAINER_NEW_BASE:-0}" != 1 ] && podman image exists "$base"; then
	step "base image $base already in podman's store: using it"
else
	step "debootstrap --variant=minbase bookworm ($mirror)"
	rootfs=$work/rootfs
	debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
		{ tail -n 30 "$work/debootstrap.log"; die "debootstrap failed"; }
	# What makes debian:bookworm-slim slim (debuerreotype's slimify): dpkg leaves out
	# documentation, man pages and translations, and apt keeps no caches.
	cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<-'EOF'
		path-exclude /usr/share/doc/*
		path-include /usr/share/doc/*/copyright
		path-exclude /usr/share/groff/*
		path-exclude /usr/share/info/*
		path-exclude /usr/share/lintian/*
		path-exclude /usr/share/linda/*
		path-exclude /usr/share/locale/*
		path-exclude /usr/share/man/*
	EOF
	cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<-'EOF'
		DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
		APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
		Dir::Cache::pkgcache "";
		Dir::Cache::srcpkgcache "";
	EOF
	echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
	echo 'APT::Install-Recommends "false";' >"$rootfs/etc/apt/apt.conf.d/docker-no-recommends"
	find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
	find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
	rm -rf "$rootfs"/usr/share/{man,info,groff,lintian,linda}/* "$rootfs"/usr/share/locale/* \
		"$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/lib/apt/lists/* \
		"$rootfs"/var/log/* "$rootfs"/tmp/* "$rootfs"/var/tmp/*
	step "podman import as $base ($(du -sm "$rootfs" | cut -f1) MB)"
	tar -C "$rootfs" --numeric-owner -cf - . |
		podman import --quiet --change 'CMD ["bash"]' - "$base" >/dev/null
	rm -rf "$rootfs"
fi
base_bytes=$(podman image inspect --format '{{.Size}}' "$base")

# ---- 2. the image ----
version=$(sed -n 's/^AC_INIT(\[fend\], \[\([^]]*\)\].*/\1/p' "$src/configure.ac")
[ -n "$version" ] || die "no version in configure.ac's AC_INIT"
# The repository the image is built from: its remote, or this clone when it has none.
source=$(git -C "$src" remote get-url origin 2>/dev/null || echo "file://$src")
step "podman build (version $version): bootstrap, make, make check, install; the runtime stage"
# nofile: the build stage's make check opens over 1,100 connections at once (tests/budget.py);
# podman's builds get 1024 here.
if ! podman build --pull=never --no-cache --format docker --isolation chroot --network host \
	--ulimit nofile=8192:8192 \
	--build-arg FEND_VERSION="$version" --build-arg FEND_SOURCE="$source" \
	-t "$image" -f "$src/Dockerfile" "$src" >"$work/build.log" 2>&1; then
	tail -n 80 "$work/build.log"
	die "podman build failed"
fi
grep -E '^# (TOTAL|PASS|FAIL|SKIP|ERROR):' "$work/build.log" | sed 's/^/container:   make check in the build: /' || true
grep -qE '^# FAIL: +0$' "$work/build.log" || fail "the build stage's make check printed no '# FAIL: 0'"

step "inspect the image"
inspect() { podman image inspect --format "$1" "$image"; }
bytes=$(inspect '{{.Size}}')
echo "container: image size: $bytes bytes ($((bytes / 1000000)) MB; the base image is $((base_bytes / 1000000)) MB)"
[ "$bytes" -lt "$max_bytes" ] || fail "the image is $bytes bytes, not under $max_bytes"
label() { inspect "{{index .Labels \"org.opencontainers.image.$1\"}}"; }
[ "$(label title)" = fend ] || fail "label title is '$(label title)'"
[ "$(label version)" = "$version" ] || fail "label version is '$(label version)', not $version"
[ "$(label licenses)" = MIT ] || fail "label licenses is '$(label licenses)'"
[ "$(label source)" = "$source" ] || fail "label source is '$(label source)', not $source"
[ "$(inspect '{{.Config.User}}')" = "$uid:$uid" ] || fail "the image's user is '$(inspect '{{.Config.User}}')'"
inspect '{{json .Config.ExposedPorts}}' | grep -q '"8080/tcp"' || fail "8080/tcp is not exposed"
[ "$(inspect '{{.Config.StopSignal}}')" = SIGTERM ] || fail "stop signal is '$(inspect '{{.Config.StopSignal}}')'"
inspect '{{json .HealthCheck}}' | grep -q 'health-check' || fail "no HEALTHCHECK (was the image built as OCI?)"
# Only what fend needs: its two binaries, their shared libraries and the dynamic loader,
# five small files of /etc, /tmp and the licence. No shell, no package manager.
mount=$(podman image mount "$image")
(cd "$mount" && find . -mindepth 1 | sort) >"$work/files"
podman image unmount "$image" >/dev/null
echo "container: the runtime's files ($(wc -l <"$work/files") entries):"
sed 's/^/container:   /' "$work/files"
for absent in ./bin/sh ./usr/bin/apt ./usr/bin/dpkg ./usr/bin/gcc ./usr/bin/curl ./usr/include ./src; do
	! grep -qx "$absent" "$work/files" || fail "the runtime image has $absent"
done
unexpected=$(grep -vE '^\./(usr/local/bin/(fend|fen)|usr/share/doc/fend(/LICENSE)?|usr/(local/bin|local|share/doc|share)|usr|etc(/(passwd|group|nsswitch\.conf|hosts))?|tmp|lib64(/ld-linux-x86-64\.so\.2)?|(usr/)?lib(/x86_64-linux-gnu(/[^/]+\.so[.0-9]*)?)?)$' \
	"$work/files" || true)
[ -z "$unexpected" ] || fail "the runtime image holds files fend does not use: $(tr '\n' ' ' <<<"$unexpected")"

# ---- 3. run it ----
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
step "podman run --read-only --cap-drop ALL (FEND_PORT=$port, host network)"
"${podman[@]}" run -d --name "$name" --read-only --cap-drop ALL --security-opt no-new-privileges \
	--read-only-tmpfs=false --tmpfs /tmp:rw,size=64m,mode=1777 \
	"${run_flags[@]}" -e FEND_PORT="$port" -e FEND_LOG=json "$image" >/dev/null ||
	die "podman run failed"
healthy=0
for _ in $(seq 1 60); do
	if "${podman[@]}" healthcheck run "$name" >/dev/null 2>&1; then
		healthy=1
		break
	fi
	sleep 0.5
done
[ "$healthy" = 1 ] || { "${podman[@]}" logs "$name" | tail -n 20; die "podman healthcheck run never passed"; }
step "healthy: $(podman inspect --format '{{.State.Health.Status}}' "$name" 2>/dev/null || echo '?')"
# The health check is the image's exec form (no shell in the image): it fails when fend
# does not answer where the environment says it listens. A second container whose fend
# listens elsewhere (--port, a flag the check does not see) than FEND_PORT says.
other_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"${podman[@]}" run -d --name "$name-elsewhere" --read-only --cap-drop ALL "${run_flags[@]}" \
	-e FEND_PORT="$other_port" "$image" --port 0 >/dev/null || die "podman run (second container) failed"
sleep 1
if "${podman[@]}" healthcheck run "$name-elsewhere" >/dev/null 2>&1; then
	fail "podman healthcheck run passed for a fend that does not listen on FEND_PORT"
else
	echo "container: the health check fails for a fend not listening on FEND_PORT, as it should"
fi
"${podman[@]}" rm -f -t 0 "$name-elsewhere" >/dev/null 2>&1 || true
# (grep reads a file: grep -q on a pipe would end podman logs early, a failure under pipefail)
"${podman[@]}" logs "$name" >"$work/logs" 2>&1
grep -q "^fend $version listening on http://0.0.0.0:$port$" "$work/logs" ||
	fail "no start-up line 'fend $version listening on http://0.0.0.0:$port'"

base_url=http://127.0.0.1:$port
out=$(curl -sS --max-time 10 "$base_url/validate" -H 'Content-Type: application/json' \
	-d '{"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}')
python3 -c 'import json, sys; d = json.loads(sys.argv[1]); sys.exit(0 if d["valid"] is True and d["status"]["legal_moves"] == 20 else 1)' "$out" ||
	fail "POST /validate in the container answered $out"
out=$(curl -sS --max-time 10 "$base_url/render?format=unicode&fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20e3%200%201")
grep -q '^4 · · · · ♙ · · ·$' <<<"$out" || fail "GET /render in the container answered: $out"
# Bulk validation spools its body to /tmp, the one writable place (a tmpfs).
out=$(printf '"%s"\n"%s"\n' 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' '8/8/8/8/8/8/8/8 w - - 0 1' |
	curl -sS --max-time 10 "$base_url/validate" -H 'Content-Type: application/x-ndjson' --data-binary @-)
[ "$(grep -c '"valid":true' <<<"$out")" = 1 ] && [ "$(grep -c '"valid":false' <<<"$out")" = 1 ] ||
	fail "bulk POST /validate in the container answered: ${out:0:300}"
out=$(curl -sS --max-time 10 -o "$work/board.png" -w '%{http_code} %{content_type}' \
	"$base_url/render?format=png&fen=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR%20b%20KQkq%20e3%200%201")
[ "$out" = "200 image/png" ] && [ "$(head -c 8 "$work/board.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] ||
	fail "GET /render?format=png in the container answered $out"
out=$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' "$base_url/validate" -H 'Content-Type: application/json' -d '{"fen": 1}')
[ "$out" = 400 ] || fail "a bad request to the container answered $out, not 400"
pid=$(podman inspect --format '{{.State.Pid}}' "$name")
proc_uid=$(awk '/^Uid:/ { print $2 }' "/proc/$pid/status")
[ "$proc_uid" = "$uid" ] || fail "fend runs as UID $proc_uid, not $uid"
grep -q '^CapEff:[[:space:]]*0*$' "/proc/$pid/status" || fail "fend has capabilities: $(grep CapEff "/proc/$pid/status")"
[ "$(podman inspect --format '{{.HostConfig.ReadonlyRootfs}}' "$name")" = true ] || fail "the root filesystem is writable"
echo "container: process $pid runs as UID $proc_uid with no capabilities on a read-only root"

step "podman stop (SIGTERM, timeout ${stop_timeout}s)"
stop_start=$(date +%s%N)
"${podman[@]}" stop -t "$stop_timeout" "$name" >/dev/null
stop_ms=$((($(date +%s%N) - stop_start) / 1000000))
code=$(podman inspect --format '{{.State.ExitCode}}' "$name")
echo "container: stopped in $stop_ms ms, exit status $code"
[ "$code" = 0 ] || fail "fend exited $code after SIGTERM, not 0"
[ "$stop_ms" -lt $((stop_timeout * 1000)) ] || fail "fend took $stop_ms ms to stop (SIGKILL at ${stop_timeout}s)"
"${podman[@]}" logs "$name" >"$work/logs" 2>&1
grep -q '"method":"POST","path":"/validate","status":200' "$work/logs" || fail "no JSON access-log line for /validate"

step "done"
if [ "$failed" != 0 ]; then
	echo "container: FAILED"
	exit 1
fi
echo "container: image $((bytes / 1000000)) MB, all checks passed in $(($(date +%s) - t0)) s"
