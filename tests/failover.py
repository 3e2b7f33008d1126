#!/usr/bin/env python3
"""failover.py -- deploy/nginx/fend.conf in front of two real fends, with a real nginx.

nginx runs with its own temporary configuration: deploy/nginx/fend.conf as it is, with
only its upstream server lines, listen port and cache directory replaced (free loopback
ports, a temporary directory) and the harness's address (127.0.0.1) added to its list of
clients without limits, and is stopped by its PID. The fends run with --trust-proxy
127.0.0.1. Checked:
  0. `nginx -t` takes the file exactly as shipped, in a Debian layout (as root only: nginx
     creates its directories, such as the cache's, as Debian's does on its first start);
  1. answers through the proxy are the same (status, type, body) as straight from a fend;
  2. X-Request-Id round-trips (the client's, or nginx's own when it sent none), and fend's
     log names the client from X-Forwarded-For;
  3. a repeated GET /render is served from the proxy cache (X-Cache-Status, and the fends'
     own request counts in /metrics); nginx's own errors are problems like fend's (400,
     404, 405, 413, 414, 431, 501; 429 past the per-client limits), fend's own pass
     unchanged; the streamed uploads (bulk NDJSON /validate, /pgn) take more than 1 MiB;
  4. a bounded run (20,000 POST and GET requests from 16 concurrent clients), during which
     one fend is killed with SIGKILL: every request gets its exact answer, except the
     POSTs the killed fend had in flight, which get nginx's 502 problem (never resent);
  5. the other fend gets SIGTERM under load: requests in flight complete, then nginx
     answers a clean 502 problem at once; nothing hangs; the fend exits 0;
  6. with stand-ins for fend that break the connection once they have the request, or
     answer 503 busy or 500: which requests nginx sends to a second instance (only a cheap
     GET), that fend's answers pass unchanged, and that a refused connection goes on to
     the next instance (POSTs included);
  7. the fend working on an expensive request (a 5 s game GIF, POST then GET) is killed:
     the client gets nginx's 502 problem at once, the other fend never gets the request;
  8. a GIF of several seconds, sent on an upstream connection that has idled almost as
     long as the file lets one idle, is answered once. The fends run with --timeout 6 so
     that idle and working time add up past it; a fend whose watchdog counts them together
     (before its fix) cuts the request, and this check fails.

Environment (set by `make check`): FEND_BUILD_DIR, FEND_SOURCE_DIR; NGINX (default: nginx
from PATH, or /usr/sbin/nginx; ./bootstrap installs Debian's).
Exit status: 0 all passed, 1 some check failed, 99 the test itself could not run.
"""
import http.client
import http.server
import json
import os
import pwd
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from contract import Daemon, Failure  # noqa: E402  (the one fend spawner of the Python tests)

SOURCE_DIR = os.environ.get("FEND_SOURCE_DIR") or os.path.dirname(HERE)
BUILD_DIR = os.environ.get("FEND_BUILD_DIR") or os.getcwd()
FEND = os.path.join(BUILD_DIR, "fend")
CONF = os.path.join(SOURCE_DIR, "deploy", "nginx", "fend.conf")
FENS = os.path.join(SOURCE_DIR, "tests", "data", "fens-sample.txt")
TIMEOUT = 15
CLIENTS = 16
TOTAL = int(os.environ.get("FEND_FAILOVER_REQUESTS", "20000"))
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body

    def header(self, name):
        return self.headers.get(name.lower())

    def key(self):
        """What must be the same through the proxy as straight from fend."""
        return self.status, self.header("content-type"), self.body


def exchange(conn, method, target, body=None, headers=None):
    hdrs = dict(headers or {})
    if body is not None:
        hdrs.setdefault("Content-Type", "application/json")
    conn.request(method, target, body=body, headers=hdrs)
    r = conn.getresponse()
    data = r.read()
    return Answer(r.status, {k.lower(): v for k, v in r.getheaders()}, data)


def one(port, method, target, body=None, headers=None, source=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT,
                                      source_address=(source, 0) if source else None)
    try:
        return exchange(conn, method, target, body, headers)
    finally:
        conn.close()


# ---------------------------------------------------------------- nginx


CACHE_PATH = "/var/lib/nginx/fend-cache"   # the file's proxy_cache_path, as shipped
# The harness's own clients (127.0.0.1) are added to the file's list of unlimited
# addresses: the bounded runs send thousands of requests a second from one address. The
# checks of the limits send from other loopback addresses (127.0.0.3 and up).
UNLIMITED = "127.0.0.1"


class Nginx:
    def __init__(self, binary, upstreams, workers=2):
        self.binary = binary
        self.dir = tempfile.mkdtemp(prefix="fend-failover-")
        self.port = free_port()
        self.proc = None
        with open(CONF, encoding="utf-8") as f:
            text = f.read()
        # Only the deployer's edits are made: the instances, the port, the cache directory,
        # the addresses without limits.
        servers = re.findall(r"^( *)server 127\.0\.0\.1:\d+( [^;\n]*)?;$", text, re.M)
        if len(servers) < 2:
            raise Failure(f"{CONF}: no upstream server lines to replace")
        indent, params = servers[0]
        lines = "".join(f"{indent}server 127.0.0.1:{p}{params};\n" for p in upstreams)
        text, n = re.subn(r"(?:^ *server 127\.0\.0\.1:\d+(?: [^;\n]*)?;\n)+", lambda m: lines, text, count=1,
                          flags=re.M)
        text, n_listen = re.subn(r"^(\s*)listen 8080;$", rf"\1listen 127.0.0.1:{self.port};", text, flags=re.M)
        text, n_cache = re.subn(re.escape(CACHE_PATH) + r"\b", os.path.join(self.dir, "cache"), text)
        text, n_geo = re.subn(r"^(geo \$fend_unlimited \{\n(\s*)default 0;\n)", rf"\g<1>\g<2>{UNLIMITED} 1;\n", text,
                              flags=re.M)
        if (n, n_listen, n_cache, n_geo) != (1, 1, 1, 1):
            raise Failure(f"{CONF}: expected one upstream block, one 'listen 8080;', one cache path {CACHE_PATH} "
                          f"and one 'geo $fend_unlimited' block, found {n}, {n_listen}, {n_cache}, {n_geo}")
        with open(os.path.join(self.dir, "fend.conf"), "w", encoding="utf-8") as f:
            f.write(text)
        user = "user root root;" if os.geteuid() == 0 else ""
        # The access log is the harness's own: which instances each request went to.
        with open(os.path.join(self.dir, "nginx.conf"), "w", encoding="utf-8") as f:
            f.write(f"""worker_processes {workers};
daemon off;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log warn;
{user}
events {{ worker_connections 1024; }}
http {{
    log_format upstreams '$http_x_request_id $status "$upstream_addr" "$upstream_status" $request_time';
    access_log {self.dir}/access.log upstreams;
    client_body_temp_path {self.dir}/client_body;
    proxy_temp_path {self.dir}/proxy;
    fastcgi_temp_path {self.dir}/fastcgi;
    uwsgi_temp_path {self.dir}/uwsgi;
    scgi_temp_path {self.dir}/scgi;
    include {self.dir}/fend.conf;
}}
""")

    def start(self, probe=True):
        """Starts nginx and waits until it answers GET /health, or with probe False until
        it accepts connections (a request would go to an instance and change what nginx
        knows of it)."""
        args = [self.binary, "-p", self.dir + "/", "-c", os.path.join(self.dir, "nginx.conf"),
                "-e", os.path.join(self.dir, "error.log")]
        t = subprocess.run(args + ["-t", "-q"], capture_output=True, timeout=TIMEOUT)
        if t.returncode != 0:
            raise Failure(f"nginx -t refused the configuration: {t.stderr.decode(errors='replace')}")
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise Failure(f"nginx exited with {self.proc.returncode}: {self.error_log()[-800:]}")
            try:
                if not probe:
                    socket.create_connection(("127.0.0.1", self.port), timeout=TIMEOUT).close()
                    return
                if one(self.port, "GET", "/health").status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise Failure("nginx did not answer within 15 s")

    def error_log(self):
        try:
            with open(os.path.join(self.dir, "error.log"), encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def upstreams(self, request_id):
        """The instances (nginx's $upstream_addr) the request with this X-Request-Id was
        sent to, once nginx logged it; None when it did not."""
        for _ in range(100):
            try:
                with open(os.path.join(self.dir, "access.log"), encoding="utf-8", errors="replace") as f:
                    for line in f:
                        if line.startswith(request_id + " "):
                            addr = line.split('"')[1]
                            return [] if addr == "-" else addr.split(", ")
            except OSError:
                pass
            time.sleep(0.02)
        return None

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: workers finish, then exit
            try:
                self.proc.wait(timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


# ---------------------------------------------------------------- the checks


def requests_pool(fens):
    """A mix of POST and GET requests that fend answers without any cache in between."""
    pool = []
    for i, fen in enumerate(fens):
        q = urllib.parse.quote(fen)
        pool.append(("POST", "/validate", json.dumps({"fen": fen}).encode()))
        pool.append(("GET", f"/validate?mode=lenient&fen={q}", None))
        pool.append(("POST", "/moves", json.dumps({"fen": fen}).encode()))
        if i % 4 == 0:
            pool.append(("POST", "/render", json.dumps({"fen": fen, "format": "ascii"}).encode()))
    pool.append(("POST", "/apply-move", json.dumps({"fen": START, "moves": ["e2e4", "e7e5", "g1f3"]}).encode()))
    pool.append(("POST", "/apply-move", json.dumps({"fen": START, "move": "e2e5"}).encode()))  # 422
    pool.append(("POST", "/validate", b'{"fen": '))  # 400
    pool.append(("GET", "/nope", None))  # 404
    return pool


def check_same_bodies(proxy, direct, pool):
    extra = [("GET", "/render?format=unicode&fen=" + urllib.parse.quote(START), None),
             ("GET", "/moves?fen=" + urllib.parse.quote(START), None),
             ("GET", "/apply-move", None), ("HEAD", "/health", None), ("GET", "/version", None)]
    for method, target, body in pool + extra:
        a, b = one(direct, method, target, body), one(proxy, method, target, body)
        check(a.key() == b.key(), f"{method} {target[:60]}: through nginx {b.status} {b.body[:80]!r}, "
                                  f"straight from fend {a.status} {a.body[:80]!r}")


def log_line(daemons, request_id):
    for _ in range(100):
        for d in daemons:
            for line in d.stderr_text().splitlines():
                if line.endswith(f" id={request_id}"):
                    return line
        time.sleep(0.02)
    return None


def check_request_ids(proxy, daemons):
    r = one(proxy, "GET", "/health", headers={"X-Request-Id": "trace-42"}, source="127.0.0.2")
    check(r.header("x-request-id") == "trace-42", f"X-Request-Id trace-42 came back as {r.header('x-request-id')}")
    line = log_line(daemons, "trace-42")
    if check(line is not None, "no fend logged the request with id trace-42"):
        # the client connected from 127.0.0.2; nginx (127.0.0.1, trusted) forwarded it
        check(line.split(" ")[1] == "127.0.0.2", f"fend's log does not name the client from X-Forwarded-For: {line}")
    r = one(proxy, "GET", "/health")
    rid = r.header("x-request-id") or ""
    check(re.fullmatch(r"[0-9a-f]{32}", rid) is not None, f"without an id, nginx's $request_id is not used: {rid!r}")
    check(log_line(daemons, rid) is not None, f"no fend logged nginx's request id {rid}")


def render_count(daemons):
    """The fends' count of GET /render answers, once each has counted all it answered (a
    request is counted a moment after its answer left)."""
    total = 0.0
    for d in daemons:
        for _ in range(100):
            text = one(d.port, "GET", "/metrics").body.decode()
            if re.search(r"^fend_http_requests_in_flight 1$", text, re.M):
                break
            time.sleep(0.02)
        for m in re.finditer(r'^fend_http_requests_total\{endpoint="/render",method="GET",status="200"\} (\d+)$',
                             text, re.M):
            total += float(m.group(1))
    return total


def check_cache_and_errors(proxy, direct, daemons):
    target = "/render?format=json&fen=" + urllib.parse.quote("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    before = render_count(daemons)
    first = one(proxy, "GET", target, headers={"X-Request-Id": "render-1"})
    second = one(proxy, "GET", target, headers={"X-Request-Id": "render-2"})
    third = one(proxy, "HEAD", target)
    check(first.status == 200 and first.header("x-cache-status") == "MISS",
          f"first GET /render: {first.status}, X-Cache-Status {first.header('x-cache-status')}")
    check(second.status == 200 and second.header("x-cache-status") == "HIT",
          f"repeated GET /render: {second.status}, X-Cache-Status {second.header('x-cache-status')} (not HIT)")
    check(second.header("x-request-id") == "render-2", f"a cache hit carries X-Request-Id "
                                                       f"{second.header('x-request-id')}, not its own")
    check(third.header("x-cache-status") == "HIT", "HEAD of a cached /render is not a HIT")
    after = render_count(daemons)
    check(after - before == 1, f"the fends answered {after - before:g} GET /render for 3 requests, not 1")
    check(second.body == first.body == one(direct, "GET", target).body, "the cached /render differs from fend's")
    r = one(proxy, "POST", "/render", json.dumps({"fen": START}).encode())
    check(r.status == 200 and r.header("x-cache-status") in (None, "", "BYPASS"), "a POST /render was cached")
    big = b'{"fen": "' + b" " * (1024 * 1024) + b'"}'
    r = one(proxy, "POST", "/validate", big)
    check(r.status == 413 and r.header("content-type") == "application/problem+json"
          and json.loads(r.body)["code"] == "payload_too_large",
          f"a body over 1 MiB through nginx: {r.status} {r.body[:100]!r}")
    r = one(proxy, "GET", "/metrics")
    check(r.status == 404 and json.loads(r.body)["code"] == "not_found", "/metrics is reachable through nginx")


class Load:
    """CLIENTS threads, each on its own keep-alive connection to nginx, sending requests of
    the pool in turn until `total` are done (or until stopped, when total is None)."""

    def __init__(self, port, pool, expected, total, allow_502=False):
        self.port, self.pool, self.expected, self.total = port, pool, expected, total
        self.allow_502 = allow_502
        self.lock = threading.Lock()
        self.sent = 0
        self.done = 0
        self.ok = 0
        self.bad_gateway = []   # (method, sent_at, answered_at) of 502 problems
        self.ok_times = []      # answered_at of exact answers
        self.errors = []
        self.stop = threading.Event()
        self.slowest = 0.0

    def take(self):
        with self.lock:
            if self.stop.is_set() or (self.total is not None and self.sent >= self.total):
                return None
            self.sent += 1
            return self.sent - 1

    def client(self, n):
        conn = None
        while True:
            i = self.take()
            if i is None:
                break
            method, target, body = self.pool[(i * 7 + n) % len(self.pool)]
            t = time.monotonic()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
                a = exchange(conn, method, target, body)
                if a.header("connection") == "close":
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException) as exc:
                if conn:
                    conn.close()
                conn = None
                with self.lock:
                    self.errors.append(f"{method} {target[:50]}: no answer after {time.monotonic() - t:.2f} s: "
                                       f"{exc!r}")
                continue
            now = time.monotonic()
            with self.lock:
                self.done += 1
                if now - t > self.slowest:
                    self.slowest = now - t
                    self.slowest_what = f"{method} {target[:40]} -> {a.status}, sent at {t:.3f}"
                if a.key() == self.expected[(method, target, body)]:
                    self.ok += 1
                    self.ok_times.append(now)
                elif (self.allow_502 and a.status == 502 and a.header("content-type") == "application/problem+json"
                      and json.loads(a.body).get("code") == "bad_gateway"):
                    self.bad_gateway.append((method, t, now))
                elif len(self.errors) < 20:
                    self.errors.append(f"{method} {target[:50]}: {a.status} {a.body[:120]!r}")
        if conn:
            conn.close()

    def run(self, during=None):
        threads = [threading.Thread(target=self.client, args=(n,)) for n in range(CLIENTS)]
        t0 = time.monotonic()
        for t in threads:
            t.start()
        if during:
            during(self)
        for t in threads:
            t.join(TIMEOUT * 4)
            if t.is_alive():
                self.errors.append("a client thread hung")
        return time.monotonic() - t0


def wait_until(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return False


# ---------------------------------------------------------------- nginx's own answers, limits


def problem_of(a, status, code, request_id=None):
    """None when the answer is the problem `code` with `status` in fend's shape (and the
    X-Request-Id given, or some id), else what is wrong with it."""
    if a.status != status:
        return f"status {a.status}, not {status}: {a.body[:160]!r}"
    if a.header("content-type") != "application/problem+json":
        return f"Content-Type {a.header('content-type')!r}: {a.body[:160]!r}"
    try:
        p = json.loads(a.body)
    except ValueError:
        return f"not JSON: {a.body[:160]!r}"
    for name, value in (("type", f"urn:fend:problem:{code}"), ("status", status), ("code", code)):
        if p.get(name) != value:
            return f"{name} is {p.get(name)!r}, not {value!r}: {a.body[:160]!r}"
    for name in ("title", "detail"):
        if not isinstance(p.get(name), str) or not p[name]:
            return f"no {name}: {a.body[:160]!r}"
    rid = a.header("x-request-id")
    if request_id is not None and rid != request_id:
        return f"X-Request-Id {rid!r}, not {request_id!r}"
    if not rid:
        return "no X-Request-Id"
    return None


def raw_exchange(port, data, source=None):
    """Sends bytes as they are (requests http.client will not write) and reads the answer
    until nginx closes the connection."""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT,
                                  source_address=(source, 0) if source else None) as s:
        s.sendall(data)
        chunks = []
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", len(body)))
    return Answer(int(lines[0].split()[1]), headers, body[:length])


PGN_LIMIT = 2 * 1024 * 1024  # the first fends' --max-pgn-body: fend's own 413 within nginx's 64 MiB


def check_nginx_errors(proxy, direct):
    """nginx's own errors are problems like fend's; fend's own pass through unchanged; the
    streamed uploads are not held to the 1 MiB of JSON bodies."""
    big = b'{"fen": "' + b" " * (1024 * 1024) + b'", "move": "e2e4"}'
    r = one(proxy, "POST", "/apply-move", big, headers={"X-Request-Id": "big-apply"})
    why = problem_of(r, 413, "payload_too_large", "big-apply")
    if not why and json.loads(r.body).get("limit") != 1048576:
        why = f"limit {json.loads(r.body).get('limit')!r}, not 1048576"
    check(not why, f"a body over 1 MiB on /apply-move through nginx: {why}")
    # The request line is refused before its headers are read: nginx's own request id.
    r = one(proxy, "GET", "/moves?fen=" + "8" * 20000)
    check(not problem_of(r, 414, "uri_too_long"), f"a 20 KB URL through nginx: {problem_of(r, 414, 'uri_too_long')}")
    r = raw_exchange(proxy, b"NOT HTTP AT ALL\r\n\r\n")
    check(not problem_of(r, 400, "bad_request"),
          f"a request line nginx cannot read: {problem_of(r, 400, 'bad_request')}")
    r = raw_exchange(proxy, b"TRACE /health HTTP/1.1\r\nHost: fend\r\nX-Request-Id: trace-1\r\n"
                     b"Connection: close\r\n\r\n")
    check(not problem_of(r, 405, "method_not_allowed", "trace-1"), f"TRACE: {problem_of(r, 405, 'method_not_allowed')}")
    r = raw_exchange(proxy, b"GET /health HTTP/1.1\r\nHost: fend\r\nX-Request-Id: hdr-1\r\nX-Big: " + b"a" * 20000
                     + b"\r\nConnection: close\r\n\r\n")
    check(not problem_of(r, 431, "headers_too_large"), f"a 20 KB header line: {problem_of(r, 431, 'headers_too_large')}")
    r = raw_exchange(proxy, b"POST /moves HTTP/1.1\r\nHost: fend\r\nX-Request-Id: te-1\r\nTransfer-Encoding: gzip\r\n"
                     b"Connection: close\r\n\r\n")
    check(not problem_of(r, 501, "not_implemented", "te-1"),
          f"Transfer-Encoding: gzip: {problem_of(r, 501, 'not_implemented', 'te-1')}")
    # The strict cases of a request's head, through nginx: refused (by nginx, or by fend
    # where nginx passes them on), never read another way.
    for what, head in [("whitespace before a colon", b"Transfer-Encoding : chunked\r\n"),
                       ("a NUL in a value", b"X-Note: a\x00b\r\n"),
                       ("a control byte in a value", b"X-Note: a\x01b\r\n"),
                       ("two Host headers", b"Host: other\r\n")]:
        r = raw_exchange(proxy, b"POST /validate HTTP/1.1\r\nHost: fend\r\nContent-Type: application/json\r\n"
                         + head + b"Content-Length: 2\r\nConnection: close\r\n\r\n{}")
        check(r.status == 400 and r.header("content-type") == "application/problem+json",
              f"{what} through nginx: {r.status} {r.body[:160]!r}")
    r = raw_exchange(proxy, b"GET /health HTTP/1.1\r\nConnection: close\r\n\r\n")
    check(r.status == 400 and r.header("content-type") == "application/problem+json",
          f"no Host through nginx: {r.status} {r.body[:160]!r}")
    r = one(proxy, "GET", "/metrics", headers={"X-Request-Id": "metrics-1"})
    check(not problem_of(r, 404, "not_found", "metrics-1"), f"GET /metrics through nginx: "
                                                             f"{problem_of(r, 404, 'not_found', 'metrics-1')}")
    r = one(proxy, "GET", "/.fend/picture?format=png&fen=8/8/8/8/8/8/8/K6k")
    check(not problem_of(r, 404, "not_found"), f"an internal location by its name: {problem_of(r, 404, 'not_found')}")

    # The streamed uploads take more than 1 MiB: every byte reaches fend.
    far = 1200 * 1024
    bulk = b'"8/8/8/8/8/8/8/K6k w - - 0 1"\n' + b"\n" * far + b'"8/8/8/8/8/8/8/K6k b - - 0 1"\n'
    r = one(proxy, "POST", "/validate", bulk, headers={"Content-Type": "application/x-ndjson"})
    lines = [json.loads(line).get("line") for line in r.body.splitlines() if line.strip()] if r.status == 200 else []
    check(lines == [1, far + 2], f"a 1.2 MiB bulk NDJSON body through nginx: {r.status}, records of lines {lines[:4]} "
                                 f"{r.body[:120]!r}")
    pgn = b'[Event "far"]\n\n' + b"\n" * far + b"1. e4 e5 *\n"
    r = one(proxy, "POST", "/pgn", pgn, headers={"Content-Type": "application/x-chess-pgn"})
    games = json.loads(r.body).get("games") if r.status == 200 else None
    check(games is not None and len(games) == 1 and games[0]["tags"].get("Event") == "far",
          f"a 1.2 MiB PGN body through nginx: {r.status} {r.body[:120]!r}")
    # fend's own errors pass unchanged, 413 included (not replaced by nginx's): a chunked
    # /pgn body over the fends' --max-pgn-body but within nginx's limit, which fend reads
    # to its end before it answers. (A Content-Length over fend's limit is refused at once,
    # unread, and fend closes the connection while nginx is still sending the body: nginx
    # can only answer 502. So the file's limits must not exceed fend's.)
    over = b'[Event "over"]\n\n' + b"\n" * PGN_LIMIT + b"1. e4 e5 *\n"
    answers = []
    for port in (direct, proxy):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        try:
            conn.request("POST", "/pgn", body=(over[i:i + 65536] for i in range(0, len(over), 65536)),
                         headers={"Content-Type": "application/x-chess-pgn"}, encode_chunked=True)
            r = conn.getresponse()
            answers.append(Answer(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()))
        finally:
            conn.close()
    mine, theirs = answers
    check(mine.status == 413 and mine.key() == theirs.key(),
          f"fend's own 413 through nginx: {theirs.status} {theirs.body[:120]!r}, "
          f"straight {mine.status} {mine.body[:120]!r}")


def check_limits(proxy):
    """A client over the per-client limits gets 429 problems, with Retry-After; others are
    not affected. (127.0.0.1, the harness's address, is unlimited.)"""
    results = {}
    for source, target, count in (("127.0.0.3", "/render/game.gif?moves=e2e4", 40), ("127.0.0.4", "/health", 400)):
        conn = http.client.HTTPConnection("127.0.0.1", proxy, timeout=TIMEOUT, source_address=(source, 0))
        statuses, refused = [], None
        try:
            for i in range(count):
                a = exchange(conn, "GET", target, headers={"X-Request-Id": f"limit-{i}"})
                statuses.append(a.status)
                if a.status == 429 and refused is None:
                    refused = (a, f"limit-{i}")
        finally:
            conn.close()
        results[target] = statuses
        ok = statuses.count(200)
        check(refused is not None and ok + statuses.count(429) == count,
              f"{count} GET {target} at once from one client: statuses {sorted(set(statuses))}, no 429 or others")
        if refused:
            a, rid = refused
            why = problem_of(a, 429, "too_many_requests", rid) or (
                None if a.header("retry-after") == "1" else f"Retry-After {a.header('retry-after')!r}")
            check(not why, f"GET {target} over the limit: {why}")
        # The bursts the file allows go through first (20 expensive, 200 cheap).
        first = 20 if "game.gif" in target else 200
        check(statuses[:first] == [200] * first, f"GET {target}: the first {first} of a burst were not all 200: "
                                                 f"{statuses[:first]}")
    r = one(proxy, "GET", "/health", source="127.0.0.5")
    check(r.status == 200, f"another client was limited too: {r.status}")
    return {t: (s.count(200), s.count(429)) for t, s in results.items()}


# ---------------------------------------------------------------- nginx -t as shipped


def check_shipped_config(nginx_bin):
    """`nginx -t` takes deploy/nginx/fend.conf exactly as shipped, in a Debian layout: a
    Debian-like nginx.conf that includes conf.d/*.conf inside http {}, the binary's own
    compiled-in paths (Debian's: /var/lib/nginx/body, ...), user www-data. nginx -t creates
    the directories it lacks, as Debian's nginx does when it first starts: so the check
    needs root, and removes afterwards the (empty) directories it made."""
    if os.geteuid() != 0:
        print("failover: nginx -t of the file as shipped: SKIPPED (needs root, to create what "
              "Debian's nginx package creates)")
        return
    with open(CONF, encoding="utf-8") as f:
        m = re.search(r"^proxy_cache_path (\S+)", f.read(), re.M)
    if not check(m is not None and m.group(1) == CACHE_PATH, f"{CONF}: proxy_cache_path is not {CACHE_PATH}"):
        return
    parent = os.path.dirname(CACHE_PATH)
    made = [d for d in [parent] + [os.path.join(parent, n) for n in ("body", "proxy", "fastcgi", "uwsgi", "scgi")]
            + [CACHE_PATH] if not os.path.exists(d)]
    tmp = tempfile.mkdtemp(prefix="fend-nginx-t-")
    try:
        # What Debian's nginx-common creates: /var/lib/nginx, root's, 0755.
        os.makedirs(parent, mode=0o755, exist_ok=True)
        os.makedirs(os.path.join(tmp, "conf.d"))
        shutil.copyfile(CONF, os.path.join(tmp, "conf.d", "fend.conf"))
        try:
            pwd.getpwnam("www-data")
            user = "user www-data;"
        except KeyError:
            user = ""
        with open(os.path.join(tmp, "nginx.conf"), "w", encoding="utf-8") as f:
            f.write(f"""{user}
worker_processes auto;
pid {tmp}/nginx.pid;
events {{ worker_connections 768; }}
http {{
    sendfile on;
    tcp_nopush on;
    types_hash_max_size 2048;
    default_type application/octet-stream;
    access_log off;
    gzip on;
    include {tmp}/conf.d/*.conf;
}}
""")
        t = subprocess.run([nginx_bin, "-t", "-c", os.path.join(tmp, "nginx.conf"),
                            "-e", os.path.join(tmp, "error.log")], capture_output=True, timeout=TIMEOUT)
        out = t.stderr.decode(errors="replace")
        check(t.returncode == 0 and "test is successful" in out, f"nginx -t of the file as shipped: {out.strip()}")
        check(os.path.isdir(CACHE_PATH), f"nginx -t did not create the cache directory {CACHE_PATH}")
        print(f"failover: nginx -t of {os.path.relpath(CONF, SOURCE_DIR)} as shipped (Debian layout): "
              f"{'ok' if t.returncode == 0 else 'FAILED'}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        for d in reversed(made):
            try:
                os.rmdir(d)
            except OSError:
                pass


# ---------------------------------------------------------------- what is resent, what is not


class FakeFend:
    """A stand-in for a fend that answers as its request's `fake` query parameter says:
    reset (the connection is reset once the request is read: the instance died under it),
    busy (fend's 503 busy problem, Retry-After: 3), fail (a 500 of its own, text), else 200.
    It records every request it gets (method, path, X-Request-Id)."""

    BUSY = (b'{"type":"urn:fend:problem:busy","title":"Busy","status":503,'
            b'"detail":"fake: every heavy thread is busy","code":"busy"}')

    def __init__(self):
        self.requests = []
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def body(self):
                if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                    while True:
                        size = int(self.rfile.readline().split(b";")[0], 16)
                        self.rfile.read(size + 2)
                        if size == 0:
                            return
                n = int(self.headers.get("Content-Length") or 0)
                if n:
                    self.rfile.read(n)

            def answer(self):
                self.body()
                fake.requests.append((self.command, self.path, self.headers.get("X-Request-Id")))
                what = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query).get("fake", [""])[0]
                if what == "reset":
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    self.close_connection = True
                    return
                status, ctype, body, extra = {
                    "busy": (503, "application/problem+json", FakeFend.BUSY, [("Retry-After", "3")]),
                    "fail": (500, "text/plain", b"fake failure\n", []),
                }.get(what, (200, "application/json", b'{"fake":true}', []))
                self.send_response(status)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                for name, value in extra:
                    self.send_header(name, value)
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            do_GET = do_POST = do_HEAD = answer

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def count(self, request_id):
        return sum(1 for _, _, rid in self.requests if rid == request_id)

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def check_retry_rules(nginx_bin):
    """Which requests nginx sends to a second instance, with stand-ins for fend (each case
    with a fresh nginx, so that no instance is already marked failed): never one that an
    instance may have worked on, except a cheap GET; always one that no instance got (its
    connection refused); fend's own 503 and 500 pass unchanged, not resent."""
    fen = urllib.parse.quote(START)
    gif = json.dumps({"moves": ["e2e4"]}).encode()
    ndjson = {"Content-Type": "application/x-ndjson"}
    pgn = {"Content-Type": "application/x-chess-pgn"}
    # (method, target, body, headers, status and code the client gets, tries)
    broken = [
        ("POST", "/render/game.gif?fake=reset", gif, None, 502, 1),
        ("POST", "/render?fake=reset", json.dumps({"fen": START, "format": "png"}).encode(), None, 502, 1),
        ("POST", "/convert?fake=reset", b'{"text": "1. P-K4 P-K4"}', None, 502, 1),
        ("POST", "/pgn?fake=reset", b"1. e4 e5 *\n", pgn, 502, 1),
        ("POST", "/validate?fake=reset", b'"8/8/8/8/8/8/8/K6k w - - 0 1"\n', ndjson, 502, 1),
        ("POST", "/moves?fake=reset", json.dumps({"fen": START}).encode(), None, 502, 1),
        ("GET", "/render/game.gif?moves=e2e4&fake=reset", None, None, 502, 1),
        ("GET", f"/render?format=png&fen={fen}&fake=reset", None, None, 502, 1),
        ("GET", f"/render?fen={fen}&fake=reset", None, {"Accept": "image/gif"}, 502, 1),
        # A cheap GET is sent once more (then that instance breaks it too).
        ("GET", f"/moves?fen={fen}&fake=reset", None, None, 502, 2),
        ("GET", f"/render?format=svg&fen={fen}&fake=reset", None, None, 502, 2),
        # fend's own 503 (with its Retry-After) and 500: the client gets them as they are.
        ("POST", "/render/game.gif?fake=busy", gif, None, 503, 1),
        ("GET", f"/moves?fen={fen}&fake=busy", None, None, 503, 1),
        ("GET", "/render/game.gif?moves=e2e4&fake=busy", None, None, 503, 1),
        ("GET", "/health?fake=fail", None, None, 500, 1),
    ]
    f1, f2 = FakeFend(), FakeFend()
    dead = free_port()
    try:
        for n, (method, target, body, headers, status, tries) in enumerate(broken):
            rid = f"rule-{n}"
            nginx = Nginx(nginx_bin, [f1.port, f2.port])
            try:
                nginx.start()
                r = one(nginx.port, method, target, body, dict(headers or {}, **{"X-Request-Id": rid}))
                sent = f1.count(rid) + f2.count(rid)
            finally:
                nginx.stop()
            what = f"{method} {target[:50]}"
            if status == 502:
                why = problem_of(r, 502, "bad_gateway", rid)
            elif status == 503:
                why = None if (r.body == FakeFend.BUSY and r.header("retry-after") == "3"
                               and r.header("content-type") == "application/problem+json") else \
                    f"{r.status} {r.header('content-type')} Retry-After {r.header('retry-after')} {r.body[:100]!r}"
            else:
                why = None if (r.status, r.header("content-type"), r.body) == (500, "text/plain", b"fake failure\n") \
                    else f"{r.status} {r.header('content-type')} {r.body[:100]!r}"
            check(not why, f"{what}: the instance answered {status} or broke the connection; the client got: {why}")
            check(sent == tries, f"{what}: sent to {sent} instances, not {tries}")
        # A connection refused: nothing was sent, so the request goes on to the next
        # instance, POSTs included (the refusing instance is listed first: a fresh nginx
        # tries it first; it is not probed before, which would mark it failed).
        refused = [("POST", "/moves", json.dumps({"fen": START}).encode(), None),
                   ("POST", "/render/game.gif", gif, None),
                   ("POST", "/pgn", b"1. e4 e5 *\n", pgn),
                   ("GET", f"/moves?fen={fen}", None, None)]
        for n, (method, target, body, headers) in enumerate(refused):
            rid = f"refused-{n}"
            nginx = Nginx(nginx_bin, [dead, f1.port], workers=1)
            try:
                nginx.start(probe=False)
                r = one(nginx.port, method, target, body, dict(headers or {}, **{"X-Request-Id": rid}))
                tried = nginx.upstreams(rid)
            finally:
                nginx.stop()
            check(r.status == 200 and r.body == b'{"fake":true}' and f1.count(rid) == 1,
                  f"{method} {target[:40]} with the first instance down: {r.status} {r.body[:100]!r}, "
                  f"sent to the live one {f1.count(rid)} times")
            check(tried == [f"127.0.0.1:{dead}", f"127.0.0.1:{f1.port}"],
                  f"{method} {target[:40]} with the first instance down: nginx tried {tried}")
    finally:
        f1.stop()
        f2.stop()
    print(f"failover: resent only when no instance had it ({len(broken)} broken or refused answers, "
          f"{len(refused)} refused connections): {'ok' if not failures else 'FAILED'}")


# ---------------------------------------------------------------- real instances killed, idle


# The budget of the fends below: the expensive requests of these checks must be within it
# (with the limits fend's budget will have, a 16-frame 1024 px GIF with 64 arrows would be
# refused or cut short by the defaults).
BUDGET_FLAGS = ("--max-render-pixels", str(1 << 40), "--request-deadline", "30")


# About 3 s of a CPU: 400 frames of 1024 px, each drawn whole (its arrow differs from the
# frame before's, and crosses the board).
SLOW_GAME = {"pgn": " ".join(f"{m} {{[%cal G{'a1h8' if i % 2 else 'h1a8'}]}}"
                             for i, m in enumerate(["Nf3", "Nf6", "Ng1", "Ng8"] * 100)) + " *",
             "size": 1024}
# About 1.5 s: 1000 plies at 1024 px.
SLOW_GET = {"moves": ",".join(["g1f3", "g8f6", "f3g1", "f6g8"] * 250), "size": 1024}


def cpu_ticks(daemon):
    """The CPU time the daemon used so far, in clock ticks (user + system)."""
    with open(f"/proc/{daemon.proc.pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def in_flight(daemon):
    text = one(daemon.port, "GET", "/metrics").body.decode()
    m = re.search(r"^fend_http_requests_in_flight (\d+)$", text, re.M)
    return int(m.group(1)) if m else 0


def check_killed_not_followed(nginx_bin, method, target, body):
    """The instance working on an expensive request is killed (SIGKILL) while at it: the
    client gets nginx's 502 problem at once, and the other instance never gets the request."""
    flags = ("--threads", "2", "--log", "text", "--trust-proxy", "127.0.0.1") + BUDGET_FLAGS
    a, b = Daemon(FEND, *flags), Daemon(FEND, *flags)
    nginx = None
    what = f"{method} {target[:40]}"
    rid = f"kill-{method.lower()}"
    try:
        a.start()
        b.start()
        nginx = Nginx(nginx_bin, [a.port, b.port])
        nginx.start()
        result = {}
        ticks = {d: cpu_ticks(d) for d in (a, b)}

        def send():
            try:
                result["answer"] = one(nginx.port, method, target, body, {"X-Request-Id": rid})
            except (OSError, http.client.HTTPException) as exc:
                result["error"] = exc
            result["at"] = time.monotonic()

        sender = threading.Thread(target=send)
        sender.start()
        worker = None
        deadline = time.monotonic() + TIMEOUT
        # The one working on it: it took 50 ms of CPU (asking it would wait for it, when
        # the question lands on the thread that works).
        while worker is None and sender.is_alive() and time.monotonic() < deadline:
            worker = next((d for d in (a, b) if cpu_ticks(d) - ticks[d] >= os.sysconf("SC_CLK_TCK") // 20),
                          None)
            time.sleep(0.01)
        if worker is None:
            sender.join(TIMEOUT * 4)
            answer = result.get("answer")
            check(False, f"{what}: no fend was seen working on it; the answer: "
                         f"{(answer.status, answer.body[:160]) if answer else result.get('error')!r}")
            return
        other = b if worker is a else a
        killed = time.monotonic()
        worker.proc.send_signal(signal.SIGKILL)
        worker.proc.wait()
        sender.join(TIMEOUT * 4)
        answer = result.get("answer")
        why = problem_of(answer, 502, "bad_gateway", rid) if answer else f"no answer: {result.get('error')!r}"
        check(not why, f"{what}: the fend working on it was killed; the client got: {why}")
        took = result.get("at", killed) - killed
        check(took < 2, f"{what}: the answer came {took:.1f} s after the kill")
        tried = nginx.upstreams(rid)
        check(tried == [f"127.0.0.1:{worker.port}"], f"{what}: nginx sent it to {tried}, "
                                                     f"not to the killed instance alone")
        line = log_line([other], rid)
        check(line is None, f"{what}: the other fend got it after the first was killed: {line}")
        check(in_flight(other) == 1, f"{what}: the other fend is working on something")
        print(f"failover: {what} ({len(body or b'')} bytes), its fend killed while working on it: "
              f"{answer.status if answer else 'no answer'} after {took * 1000:.0f} ms, sent to {tried}")
    finally:
        if nginx:
            nginx.stop()
        a.kill()
        b.kill()


def upstream_connections(ports):
    """nginx's connections to these ports (its own port of each), from /proc/net/tcp."""
    found = set()
    with open("/proc/net/tcp", encoding="ascii") as f:
        for line in f.readlines()[1:]:
            fields = line.split()
            local, remote, state = fields[1], fields[2], fields[3]
            if state == "01" and int(remote.split(":")[1], 16) in ports:
                found.add(int(local.split(":")[1], 16))
    return found


SLOW_TIMEOUT = 6  # the fends' --timeout here: above the file's upstream keepalive_timeout


def check_slow_after_idle(nginx_bin):
    """A request of several seconds, sent on an upstream connection that idled almost
    as long as the file lets one idle, is answered (once). The fends' --timeout is cut to
    6 s (the file needs it above its keepalive_timeout), so that idle time and work add up
    past it in seconds: the incident was a 2.6 s GIF after 13 s idle, with fend's 15 s. A
    fend whose watchdog counts the idle time and the request's own time together (before
    its fix) cuts the request unanswered, and this check fails."""
    with open(CONF, encoding="utf-8") as f:
        m = re.search(r"^\s*keepalive_timeout (\d+)s;", f.read(), re.M)
    if not check(m is not None, f"{CONF}: no upstream keepalive_timeout in seconds"):
        return
    keepalive = int(m.group(1))
    if not check(keepalive < SLOW_TIMEOUT, f"the upstream keepalive_timeout ({keepalive} s) is not below the "
                                           f"fends' --timeout here ({SLOW_TIMEOUT} s)"):
        return
    flags = ("--threads", "2", "--log", "text", "--trust-proxy", "127.0.0.1", "--timeout", str(SLOW_TIMEOUT))
    # The GIF's ~3 s of CPU may take many times that on a loaded machine: a deadline under
    # the file's proxy_read_timeout (60 s) but well above 30 s.
    slow = (*BUDGET_FLAGS, "--request-deadline", "55")
    a, b = Daemon(FEND, *flags, *slow), Daemon(FEND, *flags, *slow)
    nginx = None
    try:
        a.start()
        b.start()
        # One worker, so that its cache of idle connections holds some to both fends.
        nginx = Nginx(nginx_bin, [a.port, b.port], workers=1)
        nginx.start()
        threads = [threading.Thread(target=lambda: [one(nginx.port, "GET", "/health") for _ in range(5)])
                   for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        idle_from = time.monotonic()
        before = upstream_connections({a.port, b.port})
        idle = keepalive - 0.5
        time.sleep(idle)
        t = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", nginx.port, timeout=60)
        try:
            r = exchange(conn, "POST", "/render/game.gif", json.dumps(SLOW_GAME).encode(), {"X-Request-Id": "slow-1"})
        except (OSError, http.client.HTTPException) as exc:
            r = Answer(0, {}, repr(exc).encode())
        finally:
            conn.close()
        took = time.monotonic() - t
        after = upstream_connections({a.port, b.port})
        answered = r.status == 200 and r.header("content-type") == "image/gif"
        check(answered, f"a GIF of several seconds sent after {t - idle_from:.1f} s idle: {r.status} "
                        f"after {took:.1f} s: {r.body[:160]!r} (a fend that counts idle and working time together "
                        f"against --timeout cuts it at {SLOW_TIMEOUT} s: that needs fend's watchdog fix)")
        lines = [line for d in (a, b) for line in d.stderr_text().splitlines() if line.endswith(" id=slow-1")]
        tried = nginx.upstreams("slow-1")
        check(tried is not None and len(tried) == 1 and (len(lines) == 1 if answered else len(lines) <= 1),
              f"the slow GIF was sent to {tried}; the fends logged it {len(lines)} times: {lines}")
        # The request went over a connection that was there before the idle time: nginx's
        # connections to the fends after it are some of those before (a connection cut by
        # fend is gone: only an answered request shows it).
        check(before and (not answered or (after and after <= before)),
              f"the slow GIF did not go over an idle kept-alive connection: nginx's connections to the fends "
              f"before {sorted(before)}, after {sorted(after)}")
        print(f"failover: a GIF of several seconds on an upstream connection idle {t - idle_from:.1f} s "
              f"(fend --timeout {SLOW_TIMEOUT}): {r.status} after {took:.1f} s, sent to {tried}")
    finally:
        if nginx:
            nginx.stop()
        a.kill()
        b.kill()


def stage(fn, *args):
    try:
        fn(*args)
    except (Failure, OSError, http.client.HTTPException, subprocess.TimeoutExpired, ValueError, KeyError) as exc:
        failures.append(f"{fn.__name__}: {type(exc).__name__}: {exc}")


def main():
    nginx_bin = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.access(nginx_bin, os.X_OK):
        print(f"failover: nginx not found ({nginx_bin}); ./bootstrap installs Debian's nginx")
        return 99
    with open(FENS, encoding="utf-8") as f:
        fens = [line.strip() for line in f if line.strip() and not line.startswith("#")][:60]
    stage(check_shipped_config, nginx_bin)
    flags = ("--threads", "2", "--log", "text", "--trust-proxy", "127.0.0.1", "--max-pgn-body", str(PGN_LIMIT))
    a, b = Daemon(FEND, *flags), Daemon(FEND, *flags)
    nginx = None
    try:
        a.start()
        b.start()
        nginx = Nginx(nginx_bin, [a.port, b.port])
        nginx.start()
        pool = requests_pool(fens)
        expected = {req: one(a.port, *req).key() for req in pool}
        check_same_bodies(nginx.port, a.port, pool)
        check_request_ids(nginx.port, [a, b])
        check_cache_and_errors(nginx.port, a.port, [a, b])
        print(f"failover: same answers, X-Request-Id, X-Forwarded-For, cache: "
              f"{'ok' if not failures else 'FAILED'}")
        check_nginx_errors(nginx.port, a.port)
        limits = check_limits(nginx.port)
        print(f"failover: nginx's own errors are problems (400 405 413 414 431 501 404), fend's pass unchanged, "
              f"streamed uploads over 1 MiB pass; one client's burst: "
              + ", ".join(f"GET {t.split('?')[0]} {ok} x 200 then {n} x 429" for t, (ok, n) in limits.items())
              + f": {'ok' if not failures else 'FAILED'}")

        # ---- SIGKILL of one fend in the middle of a bounded run. A GET that B had is sent
        # again to A; a POST that B had is not (the file never resends a POST once sent):
        # it gets nginx's 502 problem. Only a POST sent before B was gone, or at most half
        # a second after (nginx learns of B's death when it next uses a connection to it),
        # may get one; every other request gets its exact answer.
        def kill_b(load):
            if check(wait_until(lambda: load.done >= TOTAL // 4, 60), "the run did not reach a quarter"):
                b.proc.send_signal(signal.SIGKILL)
                b.proc.wait()
                load.killed_at = time.monotonic()
                load.killed_after = load.done

        load = Load(nginx.port, pool, expected, TOTAL, allow_502=True)
        took = load.run(kill_b)
        killed_at = getattr(load, "killed_at", 0)
        late = [(m, round(sent - killed_at, 3)) for m, sent, _ in load.bad_gateway
                if m != "POST" or sent > killed_at + 0.5]
        check(b.proc.returncode == -signal.SIGKILL, f"fend B ended with {b.proc.returncode}, not SIGKILL")
        check(load.done == TOTAL and load.ok + len(load.bad_gateway) == TOTAL and not load.errors,
              f"SIGKILL run: {load.ok} of {TOTAL} exact answers and {len(load.bad_gateway)} 502s "
              f"({load.done} answered); first problems: {load.errors[:5]}")
        check(not late and len(load.bad_gateway) <= CLIENTS * 2,
              f"SIGKILL run: {len(load.bad_gateway)} 502s; not POSTs in flight at the kill "
              f"(method, seconds after it): {late[:5]}")
        print(f"failover: {TOTAL} requests from {CLIENTS} clients in {took:.1f} s ({TOTAL / took:.0f}/s), "
              f"fend B killed with SIGKILL after {getattr(load, 'killed_after', '?')}: {load.ok} exact answers, "
              f"{len(load.bad_gateway)} POSTs B had in flight answered 502 (not resent), "
              f"slowest {load.slowest * 1000:.0f} ms")

        # ---- SIGTERM of the last fend under load
        big = ("POST", "/apply-move", json.dumps({"fen": START, "moves": ["g1f3", "g8f6", "f3g1", "f6g8"] * 2500})
               .encode())
        expected[big] = one(a.port, *big).key()
        pool_term = pool + [big] * 8

        def term_a(load):
            wait_until(lambda: load.done >= 500, 60)
            load.signal_at = time.monotonic()
            a.proc.send_signal(signal.SIGTERM)
            try:
                load.exit_status = a.proc.wait(timeout=TIMEOUT + 5)
                load.exit_at = time.monotonic()
            except subprocess.TimeoutExpired:
                load.exit_status = None
            # nginx's next answers: a clean 502 problem; then stop the clients
            wait_until(lambda: len(load.bad_gateway) >= 50, 10)
            load.stop.set()

        load = Load(nginx.port, pool_term, expected, None, allow_502=True)
        load.run(term_a)
        exit_status = getattr(load, "exit_status", None)
        check(exit_status == 0, f"fend A exited with {exit_status} after SIGTERM, not 0")
        check(not load.errors, f"SIGTERM run: {len(load.errors)} requests without a clean answer: {load.errors[:5]}")
        after_signal = sum(1 for t in load.ok_times if t > load.signal_at)
        check(after_signal > 0, "no request in flight at SIGTERM was completed")
        check(len(load.bad_gateway) >= 50, f"only {len(load.bad_gateway)} 502 problems once no fend was left")
        # A hang would end in the client's timeout (an error above); on a loaded machine an
        # answer may take seconds, but never nearly that long.
        check(load.slowest < TIMEOUT - 3, f"the slowest answer took {load.slowest:.2f} s")
        exit_after = getattr(load, "exit_at", load.signal_at) - load.signal_at
        print(f"failover: fend A got SIGTERM under load: {after_signal} answers completed after the signal, "
              f"exit {exit_status} after {exit_after * 1000:.0f} ms, then {len(load.bad_gateway)} clean 502s, "
              f"slowest answer {load.slowest * 1000:.0f} ms ({getattr(load, 'slowest_what', '')}; "
              f"SIGTERM at {load.signal_at:.3f})")
    except (Failure, OSError, http.client.HTTPException, subprocess.TimeoutExpired, ValueError, KeyError) as exc:
        failures.append(f"{type(exc).__name__}: {exc}")
    finally:
        if nginx:
            err = nginx.error_log()
            nginx.stop()
        else:
            err = ""
        a.kill()
        b.kill()
    main_failures = len(failures)
    stage(check_retry_rules, nginx_bin)
    stage(check_killed_not_followed, nginx_bin, "POST", "/render/game.gif", json.dumps(SLOW_GAME).encode())
    stage(check_killed_not_followed, nginx_bin, "GET", "/render/game.gif?" + urllib.parse.urlencode(SLOW_GET),
          None)
    stage(check_slow_after_idle, nginx_bin)
    for f in failures:
        print("  " + f)
    if main_failures and err:
        print("nginx's error log (last lines):\n" + err[-2000:])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
