#!/usr/bin/env python3
"""failover.py -- deploy/nginx/fend.conf in front of two real fends, with a real nginx.

nginx runs with its own temporary configuration: deploy/nginx/fend.conf as it is, with
only its upstream server lines, listen port and cache directory replaced (free loopback
ports, a temporary directory), and is stopped by its PID. The fends run with
--trust-proxy 127.0.0.1. Checked:
  1. answers through the proxy are the same (status, type, body) as straight from a fend;
  2. X-Request-Id round-trips (the client's, or nginx's own when it sent none), and fend's
     log names the client from X-Forwarded-For;
  3. a repeated GET /render is served from the proxy cache (X-Cache-Status, and the fends'
     own request counts in /metrics); nginx's own errors are problems like fend's;
  4. a bounded run (20,000 POST and GET requests from 16 concurrent clients), during which
     one fend is killed with SIGKILL: every request still gets its exact answer;
  5. the other fend gets SIGTERM under load: requests in flight complete, then nginx
     answers a clean 502 problem at once; nothing hangs; the fend exits 0.

Environment (set by `make check`): FEND_BUILD_DIR, FEND_SOURCE_DIR; NGINX (default: nginx
from PATH, or /usr/sbin/nginx; ./bootstrap installs Debian's).
Exit status: 0 all passed, 1 some check failed, 99 the test itself could not run.
"""
import http.client
import json
import os
import re
import shutil
import signal
import socket
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


class Nginx:
    def __init__(self, binary, upstreams):
        self.binary = binary
        self.dir = tempfile.mkdtemp(prefix="fend-failover-")
        self.port = free_port()
        self.proc = None
        with open(CONF, encoding="utf-8") as f:
            text = f.read()
        # Only the deployer's edits are made: the instances, the port, the cache directory.
        servers = re.findall(r"^( *)server 127\.0\.0\.1:\d+( [^;\n]*)?;$", text, re.M)
        if len(servers) < 2:
            raise Failure(f"{CONF}: no upstream server lines to replace")
        indent, params = servers[0]
        lines = "".join(f"{indent}server 127.0.0.1:{p}{params};\n" for p in upstreams)
        text, n = re.subn(r"(?:^ *server 127\.0\.0\.1:\d+(?: [^;\n]*)?;\n)+", lambda m: lines, text, count=1,
                          flags=re.M)
        text, n_listen = re.subn(r"^(\s*)listen 8080;$", rf"\1listen 127.0.0.1:{self.port};", text, flags=re.M)
        text, n_cache = re.subn(r"/var/cache/nginx/fend", os.path.join(self.dir, "cache"), text)
        if (n, n_listen, n_cache) != (1, 1, 1):
            raise Failure(f"{CONF}: expected one upstream block, one 'listen 8080;' and one cache path, "
                          f"found {n}, {n_listen}, {n_cache}")
        with open(os.path.join(self.dir, "fend.conf"), "w", encoding="utf-8") as f:
            f.write(text)
        user = "user root root;" if os.geteuid() == 0 else ""
        with open(os.path.join(self.dir, "nginx.conf"), "w", encoding="utf-8") as f:
            f.write(f"""worker_processes 2;
daemon off;
pid {self.dir}/nginx.pid;
error_log {self.dir}/error.log warn;
{user}
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {self.dir}/client_body;
    proxy_temp_path {self.dir}/proxy;
    fastcgi_temp_path {self.dir}/fastcgi;
    uwsgi_temp_path {self.dir}/uwsgi;
    scgi_temp_path {self.dir}/scgi;
    include {self.dir}/fend.conf;
}}
""")

    def start(self):
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
                if one(self.port, "GET", "/health").status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise Failure("nginx did not answer /health within 15 s")

    def error_log(self):
        try:
            with open(os.path.join(self.dir, "error.log"), encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return ""

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
        self.bad_gateway = []   # (sent_at, answered_at) of 502 problems
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
                    self.bad_gateway.append((t, now))
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


def main():
    nginx_bin = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.access(nginx_bin, os.X_OK):
        print(f"failover: nginx not found ({nginx_bin}); ./bootstrap installs Debian's nginx")
        return 99
    with open(FENS, encoding="utf-8") as f:
        fens = [line.strip() for line in f if line.strip() and not line.startswith("#")][:60]
    a = Daemon(FEND, "--threads", "2", "--log", "text", "--trust-proxy", "127.0.0.1")
    b = Daemon(FEND, "--threads", "2", "--log", "text", "--trust-proxy", "127.0.0.1")
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

        # ---- SIGKILL of one fend in the middle of a bounded run
        def kill_b(load):
            if check(wait_until(lambda: load.done >= TOTAL // 4, 60), "the run did not reach a quarter"):
                b.proc.send_signal(signal.SIGKILL)
                b.proc.wait()
                load.killed_at = load.done

        load = Load(nginx.port, pool, expected, TOTAL)
        took = load.run(kill_b)
        check(b.proc.returncode == -signal.SIGKILL, f"fend B ended with {b.proc.returncode}, not SIGKILL")
        check(load.done == TOTAL and load.ok == TOTAL and not load.errors,
              f"SIGKILL run: {load.ok} of {TOTAL} exact answers ({load.done} answered); "
              f"first problems: {load.errors[:5]}")
        print(f"failover: {TOTAL} requests from {CLIENTS} clients in {took:.1f} s ({TOTAL / took:.0f}/s), "
              f"fend B killed with SIGKILL after {getattr(load, 'killed_at', '?')}: {load.ok} exact answers, "
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
    for f in failures:
        print("  " + f)
    if failures and err:
        print("nginx's error log (last lines):\n" + err[-2000:])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
