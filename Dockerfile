# Dockerfile -- fend's container image, in two stages:
#   build:   on Debian 12, the README's build (./bootstrap, make), the fast tests (make
#            check without the browser test: units, HTTP, contract, limits, nginx), make
#            install, then the runtime's root file system: the two binaries, the shared
#            libraries they load and nothing else;
#   runtime: that root alone (FROM scratch), run as a non-root user: no shell, no package
#            manager, no file fend does not use.
#
#   docker build -t fend . && docker run --rm -p 8080:8080 fend
#   podman build --format docker -t fend . && podman run --rm -p 8080:8080 fend
#
# ./bootstrap apt-installs the build and test dependencies, so the build stage needs the
# network (Debian's mirror); the browser test, which would need Node.js and Chromium, is
# left to CI (--disable-browser-test). The runtime image works with a read-only root file
# system: its log goes to stderr, and the only file fend writes is the spool of streamed
# bodies (bulk /validate, /pgn) in /tmp (--spool-dir): docker run --read-only --tmpfs /tmp.
# Security updates of the libraries come with a rebuild, as for any image.

FROM debian:bookworm-slim AS build
ENV DEBIAN_FRONTEND=noninteractive
WORKDIR /src
COPY . .
# The slim image's dpkg leaves out groff's files (/etc/dpkg/dpkg.cfg.d/docker), without
# which man cannot format a page: the test of the manual page and of the unit's
# Documentation= needs them, so groff is let in before bootstrap installs man-db.
RUN f=/etc/dpkg/dpkg.cfg.d/docker; [ ! -f "$f" ] || sed -i '\|/usr/share/groff/|d' "$f"
# The tests start daemons on free loopback ports and, as make check does everywhere, fail
# rather than skip when something is missing; a failure prints the failed tests' logs.
RUN ./bootstrap --disable-browser-test --prefix=/usr/local \
 && make -j"$(nproc)" \
 && { make check || { cat test-suite.log; exit 1; }; } \
 && make install-strip DESTDIR=/out \
 && rm -rf /var/lib/apt/lists/*
# The runtime's root: the binaries; every shared library they load (as ldd lists them,
# the dynamic loader among them; not ldd's "FILE:" line heading each binary's list); the user fend runs as (10001) and nobody, for tools that
# look a UID up; name resolution from /etc/hosts (fend --health-check URL may name a
# host); /tmp for the spool; the licence.
RUN set -eu; root=/rootfs; \
    install -d -m 0755 "$root/usr/local/bin" "$root/etc" "$root/usr/share/doc/fend"; \
    install -d -m 1777 "$root/tmp"; \
    cp /out/usr/local/bin/fend /out/usr/local/bin/fen "$root/usr/local/bin/"; \
    for lib in $(ldd /out/usr/local/bin/fend /out/usr/local/bin/fen | awk 'NF > 1 && $1 ~ /^\// { print $1 } $3 ~ /^\// { print $3 }' | sort -u); do \
      cp --parents -L "$lib" "$root/"; \
    done; \
    printf 'root:x:0:0:root:/nonexistent:/usr/sbin/nologin\nfend:x:10001:10001:fend:/nonexistent:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n' > "$root/etc/passwd"; \
    printf 'root:x:0:\nfend:x:10001:\nnogroup:x:65534:\n' > "$root/etc/group"; \
    printf 'hosts: files dns\n' > "$root/etc/nsswitch.conf"; \
    printf '127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n' > "$root/etc/hosts"; \
    cp /src/LICENSE "$root/usr/share/doc/fend/LICENSE"; \
    du -sh "$root"

FROM scratch
ARG FEND_VERSION=0.1.0
# Where the sources come from (the label org.opencontainers.image.source): the project has
# no canonical public URL, so the builder names its repository, e.g.
#   --build-arg FEND_SOURCE="$(git remote get-url origin)"   (tests/container.sh does)
ARG FEND_SOURCE=
COPY --from=build /rootfs/ /

USER 10001:10001
# Every address of the container, port 8080; FEND_LISTEN and FEND_PORT (or the flags)
# change them, and the health check follows FEND_LISTEN and FEND_PORT.
ENV FEND_LISTEN=0.0.0.0 \
    FEND_PORT=8080 \
    PATH=/usr/local/bin
EXPOSE 8080
# SIGTERM: fend stops accepting, finishes the requests in flight and exits 0.
STOPSIGNAL SIGTERM
# The binary checks itself (GET http://127.0.0.1:$FEND_PORT/health, exit 0 or 1): no curl,
# no shell (the exec form).
HEALTHCHECK --interval=10s --timeout=3s --start-period=3s --retries=3 CMD ["fend", "--health-check"]

LABEL org.opencontainers.image.title="fend" \
      org.opencontainers.image.description="An HTTP microservice for chess positions in FEN: validate, list and play moves, render" \
      org.opencontainers.image.version="${FEND_VERSION}" \
      org.opencontainers.image.source="${FEND_SOURCE}" \
      org.opencontainers.image.licenses="MIT"

ENTRYPOINT ["fend"]
