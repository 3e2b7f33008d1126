#!/usr/bin/env python3
"""nginx.py -- deploy/nginx/fend.conf installed the way an operator installs it, into the
two nginx layouts it is documented for, and run for real in front of two fends.

Each layout is laid out in a temporary directory standing for the root file system (every
absolute path of the configuration, /etc/nginx, /var/..., /run, moved under it):
  - Debian 12 (nginx from Debian): the real /etc/nginx/nginx.conf as Debian's nginx-common
    ships it (checked against dpkg's checksum of the conffile), its mime.types, the
    default site in sites-enabled, /var/lib/nginx, and the binary's compiled-in temporary
    directories (/var/lib/nginx/body, ...);
  - nginx.org's packages (and the nginx Docker image): their nginx.conf and
    conf.d/default.conf, /var/cache/nginx, and their compiled-in temporary directories
    (/var/cache/nginx/client_temp, ...). No /var/lib/nginx.
Into each, deploy/nginx/fend.conf is copied to conf.d/ exactly as its header says, with
only the edits it documents: the upstream's server lines (the two fends' ports) and the
listen port (a free one; the default sites listen on another free port instead of 80).
Then `nginx -t`, and nginx for real (the binary installed, `-p` the temporary root, as
root like a packaged nginx: its workers run as the layout's user), and through it:
  1. POST /validate (one FEN) and GET /render (SVG) answer 200; a second GET /render is a
     cache hit (the cache directory was created where the file says, writable by the
     workers);
  2. bulk NDJSON POST /validate of 256 MiB less 1000 bytes (fend's and the file's limit)
     is streamed to fend and answered 200, a record a line; 256 MiB + 1 (Content-Length)
     gets the 413 problem naming the limit, and so does a chunked body past 256 MiB;
  3. POST /pgn of 64 MiB less 1000 bytes: 200 with both games; 64 MiB + 1 (Content-Length,
     or chunked): 413;
  4. POST and GET /render/game.gif: 200 image/gif;
  5. a JSON body over the generic 1 MiB limit (POST /validate, POST /convert): 413 naming
     1048576;
  6. while the uploads run, nginx's client_body_temp directory and its proxy_temp
     directory stay empty (polled), and its error log never says a body was buffered to
     a temporary file: the streamed uploads and answers never touch nginx's disk.

Environment (make check): FEND_BUILD_DIR, FEND_SOURCE_DIR; NGINX (default: nginx from PATH
or /usr/sbin/nginx; ./bootstrap installs Debian's). Runs as root (like a packaged nginx; CI
and the image's build are root); as another user the `user` lines are ignored by nginx.
Exit status: 0 all passed, 1 a check failed, 99 the test could not run.
"""
import hashlib
import http.client
import json
import os
import pwd
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
DEBIAN_ETC = "/etc/nginx"
TIMEOUT = 120
MIB = 1024 * 1024
BULK_LIMIT = 256 * MIB     # fend's --max-bulk-body and the file's /validate limit
PGN_LIMIT = 64 * MIB       # fend's --max-pgn-body and the file's /pgn limit
JSON_LIMIT = 1 * MIB       # fend's --max-body and the file's generic limit
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
GAME = (b'[Event "Scholar"]\n[Result "1-0"]\n\n'
        b'1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n')

# nginx.org's packages (nginx.org/packages, and the official nginx Docker image built from
# them): /etc/nginx/nginx.conf and /etc/nginx/conf.d/default.conf as they ship them.
NGINX_ORG_CONF = r"""
user  nginx;
worker_processes  auto;

error_log  /var/log/nginx/error.log notice;
pid        /var/run/nginx.pid;


events {
    worker_connections  1024;
}


http {
    include       /etc/nginx/mime.types;
    default_type  application/octet-stream;

    log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
                      '$status $body_bytes_sent "$http_referer" '
                      '"$http_user_agent" "$http_x_forwarded_for"';

    access_log  /var/log/nginx/access.log  main;

    sendfile        on;
    #tcp_nopush     on;

    keepalive_timeout  65;

    #gzip  on;

    include /etc/nginx/conf.d/*.conf;
}
""".lstrip("\n")
NGINX_ORG_DEFAULT = r"""
server {
    listen       80;
    listen  [::]:80;
    server_name  localhost;

    #access_log  /var/log/nginx/host.access.log  main;

    location / {
        root   /usr/share/nginx/html;
        index  index.html index.htm;
    }

    #error_page  404              /404.html;

    # redirect server error pages to the static page /50x.html
    #
    error_page   500 502 503 504  /50x.html;
    location = /50x.html {
        root   /usr/share/nginx/html;
    }
}
""".lstrip("\n")

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", flush=True)
    return condition


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def md5(path):
    with open(path, "rb") as f:
        return hashlib.md5(f.read()).hexdigest()


# ---------------------------------------------------------------- the layouts


class Layout:
    """One nginx installation under a temporary root: `name`, the nginx.conf text, the
    directories the package creates, the compiled-in temporary paths of its binary, the
    worker user, the default site(s) to copy."""

    def __init__(self, name, conf, dirs, temps, user, sites, prefix):
        self.name, self.conf, self.dirs, self.temps, self.user, self.sites = name, conf, dirs, temps, user, sites
        self.prefix = prefix   # the binary's --prefix: where relative paths start
        self.root = None

    def path(self, p):
        """An absolute path of the layout, under the temporary root."""
        return self.root + p

    def relocate(self, text):
        """Every absolute path of nginx's own (configuration, logs, pid, temporary
        files, caches, web roots) moved under the temporary root. load_module paths (the
        installed modules) stay."""
        return re.sub(r"(?<![\w/.$])(/(?:etc|var|run|usr/share/nginx)/)", lambda m: self.root + m.group(1), text)


def debian_layout():
    conf_path = os.path.join(DEBIAN_ETC, "nginx.conf")
    if not os.path.exists(conf_path):
        raise Failure(f"{conf_path} is missing: ./bootstrap installs Debian's nginx")
    # The conffile as Debian ships it, not as this machine may have edited it.
    out = subprocess.run(["dpkg-query", "-W", "-f=${Conffiles}\n", "nginx-common"], capture_output=True,
                         text=True).stdout
    m = re.search(r"^ /etc/nginx/nginx\.conf ([0-9a-f]{32})", out, re.M)
    if not m:
        raise Failure("dpkg does not list /etc/nginx/nginx.conf among nginx-common's conffiles")
    if md5(conf_path) != m.group(1):
        raise Failure(f"{conf_path} was edited on this machine (its MD5 is not the one Debian shipped): "
                      f"restore it with apt-get install --reinstall -o Dpkg::Options::=--force-confask nginx-common")
    with open(conf_path, encoding="utf-8") as f:
        conf = f.read()
    sites = {}
    default = os.path.join(DEBIAN_ETC, "sites-available", "default")
    with open(default, encoding="utf-8") as f:
        sites["/etc/nginx/sites-available/default"] = f.read()
    return Layout("Debian 12", conf,
                  # nginx-common: /etc/nginx/{conf.d,modules-enabled,sites-*}, /var/lib/nginx
                  # (root's, 0755), /var/log/nginx; the FHS: /run, /var/cache, /var/www/html.
                  dirs=["/etc/nginx/conf.d", "/etc/nginx/modules-enabled", "/etc/nginx/sites-available",
                        "/etc/nginx/sites-enabled", "/var/lib/nginx", "/var/log/nginx", "/run", "/var/cache",
                        "/var/www/html", "/usr/share/nginx/html"],
                  temps={"client_body": "/var/lib/nginx/body", "proxy": "/var/lib/nginx/proxy",
                         "fastcgi": "/var/lib/nginx/fastcgi", "uwsgi": "/var/lib/nginx/uwsgi",
                         "scgi": "/var/lib/nginx/scgi"},
                  user="www-data", sites=sites, prefix="/usr/share/nginx")


def nginx_org_layout():
    return Layout("nginx.org", NGINX_ORG_CONF,
                  # nginx.org's package: /etc/nginx/conf.d, /var/cache/nginx, /var/log/nginx,
                  # /usr/share/nginx/html; the FHS: /var/run, /var/cache.
                  dirs=["/etc/nginx/conf.d", "/var/cache/nginx", "/var/log/nginx", "/var/run",
                        "/usr/share/nginx/html"],
                  temps={"client_body": "/var/cache/nginx/client_temp", "proxy": "/var/cache/nginx/proxy_temp",
                         "fastcgi": "/var/cache/nginx/fastcgi_temp", "uwsgi": "/var/cache/nginx/uwsgi_temp",
                         "scgi": "/var/cache/nginx/scgi_temp"},
                  user="nginx", sites={"/etc/nginx/conf.d/default.conf": NGINX_ORG_DEFAULT}, prefix="/etc/nginx")


def operator_edits(text, upstreams, port):
    """The edits deploy/nginx/fend.conf's header asks for: the upstream's server lines
    and the listen port. Nothing else."""
    servers = re.findall(r"^( *)server 127\.0\.0\.1:\d+( [^;\n]*)?;$", text, re.M)
    if len(servers) < 2:
        raise Failure(f"{CONF}: no upstream server lines to replace")
    indent, params = servers[0]
    lines = "".join(f"{indent}server 127.0.0.1:{p}{params};\n" for p in upstreams)
    text, n = re.subn(r"(?:^ *server 127\.0\.0\.1:\d+(?: [^;\n]*)?;\n)+", lambda m: lines, text, count=1, flags=re.M)
    text, n_listen = re.subn(r"^(\s*)listen 8080;$", rf"\1listen 127.0.0.1:{port};", text, flags=re.M)
    if (n, n_listen) != (1, 1):
        raise Failure(f"{CONF}: expected one upstream block and one 'listen 8080;', found {n} and {n_listen}")
    return text


def install(layout, upstreams, port, site_port):
    """Lays the layout out under a new temporary root and installs fend.conf into it as
    the operator does. Returns the nginx.conf path."""
    layout.root = tempfile.mkdtemp(prefix="fend-nginx-")
    os.chmod(layout.root, 0o755)   # the workers (www-data, ...) must reach their directories
    for d in layout.dirs:
        os.makedirs(layout.path(d), mode=0o755, exist_ok=True)
    # The binary's compiled-in temporary paths, under the temporary root: nginx.conf does
    # not name them, the binary does (nginx -V).
    temp_lines = "".join(f"    {k}_temp_path {layout.path(v)};\n" for k, v in layout.temps.items())
    conf = layout.relocate(layout.conf)
    conf, n_http = re.subn(r"^http \{\n", lambda m: m.group(0) + temp_lines, conf, count=1, flags=re.M)
    if n_http != 1:
        raise Failure(f"{layout.name}: no 'http {{' line in its nginx.conf")
    user = layout.user
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(user)
        except KeyError:
            # nginx.org's package creates the user nginx; this machine's Debian nginx did not.
            # An unprivileged user that exists instead.
            conf, _ = re.subn(rf"^user\s+{user};", "user nobody nogroup;", conf, flags=re.M)
            user = "nobody"
    # As another user than root, nginx ignores `user` (with a warning): its workers run as
    # that user.
    layout.worker_user = user if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
    conf_path = layout.path("/etc/nginx/nginx.conf")
    with open(conf_path, "w", encoding="utf-8") as f:
        f.write(conf)
    shutil.copyfile(os.path.join(DEBIAN_ETC, "mime.types"), layout.path("/etc/nginx/mime.types"))
    # The default site: on its own free port instead of 80.
    for path, text in layout.sites.items():
        text = re.sub(r"listen\s+80\b", f"listen 127.0.0.1:{site_port}", text)
        text = re.sub(r"listen\s+\[::\]:80\b", f"listen [::1]:{site_port}", text)
        with open(layout.path(path), "w", encoding="utf-8") as f:
            f.write(layout.relocate(text))
    if "/etc/nginx/sites-available/default" in layout.sites:
        os.symlink(layout.path("/etc/nginx/sites-available/default"), layout.path("/etc/nginx/sites-enabled/default"))
    # The operator's step: cp fend.conf /etc/nginx/conf.d/, then edit the upstream and the port.
    with open(CONF, encoding="utf-8") as f:
        text = f.read()
    with open(layout.path("/etc/nginx/conf.d/fend.conf"), "w", encoding="utf-8") as f:
        f.write(layout.relocate(operator_edits(text, upstreams, port)))
    return conf_path


# ---------------------------------------------------------------- nginx


class Nginx:
    def __init__(self, binary, layout, conf_path, port):
        self.binary, self.layout, self.conf_path, self.port = binary, layout, conf_path, port
        self.proc = None
        self.error_log = layout.path("/var/log/nginx/error.log")
        self.args = [binary, "-p", layout.path(layout.prefix) + "/", "-c", conf_path, "-e", self.error_log]

    def test(self):
        t = subprocess.run(self.args + ["-t"], capture_output=True, text=True, timeout=30)
        return t.returncode, t.stderr.strip()

    def start(self):
        self.proc = subprocess.Popen(self.args + ["-g", "daemon off;"], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise Failure(f"nginx exited with {self.proc.returncode}: {self.proc.stderr.read()[-800:]!r} "
                              f"{self.log()[-800:]}")
            try:
                if request(self.port, "GET", "/health")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise Failure("nginx did not answer GET /health within 15 s")

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)   # graceful shutdown
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def log(self):
        try:
            with open(self.error_log, encoding="utf-8", errors="replace") as f:
                return f.read()
        except OSError:
            return ""


def request(port, method, target, body=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        conn.request(method, target, body=body, headers=headers or {})
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def upload(port, target, content_type, length, chunks):
    """POST with Content-Length `length`, the body sent from `chunks` as it is made; the
    status, headers and body of the answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        conn.putrequest("POST", target)
        conn.putheader("Content-Type", content_type)
        conn.putheader("Content-Length", str(length))
        conn.endheaders()
        sent = 0
        for chunk in chunks:
            conn.send(chunk)
            sent += len(chunk)
        if sent != length:
            raise Failure(f"the test sent {sent} bytes, not {length}")
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def announce_only(port, target, content_type, length):
    """A request whose Content-Length is over the limit: its head, then the answer nginx
    sends before reading any of the body (as curl does with Expect-less uploads that get an
    early answer)."""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as s:
        s.sendall(f"POST {target} HTTP/1.1\r\nHost: fend\r\nContent-Type: {content_type}\r\n"
                  f"Content-Length: {length}\r\n\r\n".encode())
        s.sendall(b"x" * 65536)   # the start of the body, as a client sends it
        conn = http.client.HTTPResponse(s)
        conn.begin()
        return conn.status, {k.lower(): v for k, v in conn.getheaders()}, conn.read()


BULK_HEAD = f'"{START}"\n"8/8/8/8/8/8/8/8 w - - 0 1"\n'.encode()
BULK_LINE = b'"' + b"x" * 8190 + b'"\n'


def chunked_over(port, target, content_type, limit):
    """A chunked upload (no Content-Length: nginx learns its size only as it passes it on
    to fend) of `limit` + 64 KiB: the status, headers and body of the answer, read once
    the whole body is sent."""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as s:
        s.sendall(f"POST {target} HTTP/1.1\r\nHost: fend\r\nContent-Type: {content_type}\r\n"
                  f"Transfer-Encoding: chunked\r\n\r\n".encode())
        piece = BULK_LINE * 8
        sent = 0
        try:
            while sent <= limit + 65536:
                s.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
                sent += len(piece)
            s.sendall(b"0\r\n\r\n")
        except OSError:
            pass   # nginx answered and closed: its answer is still there to read
        r = http.client.HTTPResponse(s)
        r.begin()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()


def bulk_lines(length):
    """The long lines of bulk_body(length)."""
    return (length - len(BULK_HEAD)) // len(BULK_LINE)


def bulk_body(length):
    """NDJSON of `length` bytes: two FENs (one valid, one not), then lines longer than
    fend's 4 KiB line limit (each answered with a line_too_long record: the body's size
    is what is tested, not fend's speed), then blank lines (skipped) to the last byte."""
    yield BULK_HEAD
    sent = len(BULK_HEAD)
    for _ in range(bulk_lines(length)):
        yield BULK_LINE
        sent += len(BULK_LINE)
    yield b"\n" * (length - sent)


def pgn_body(length):
    """A PGN of `length` bytes: a game, blank lines, the game again."""
    yield GAME
    sent = len(GAME)
    pad = length - 2 * len(GAME)
    block = b"\n" * 65536
    while pad >= len(block):
        yield block
        pad -= len(block)
    yield b"\n" * pad
    yield GAME


class TempWatch:
    """Polls, while the uploads run, nginx's client_body_temp and proxy_temp directories
    and the open files of nginx's processes: nginx unlinks a temporary file as soon as it
    has made it, so that it is seen only among the files a worker holds open. The paths
    of every temporary file seen."""

    def __init__(self, dirs, master_pid):
        self.dirs = dirs
        self.master = master_pid
        self.seen = set()
        self.polls = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def pids(self):
        pids = [self.master]
        try:
            with open(f"/proc/{self.master}/task/{self.master}/children", encoding="ascii") as f:
                pids += [int(p) for p in f.read().split()]
        except OSError:
            pass
        return pids

    def run(self):
        while not self.stop.is_set():
            for d in self.dirs:
                for top, _, files in os.walk(d):
                    self.seen.update(os.path.join(top, f) for f in files)
            for pid in self.pids():
                fds = f"/proc/{pid}/fd"
                try:
                    names = os.listdir(fds)
                except OSError:
                    continue
                for fd in names:
                    try:
                        target = os.readlink(os.path.join(fds, fd))
                    except OSError:
                        continue
                    if any(target.startswith(d + "/") for d in self.dirs):
                        self.seen.add(target)
            self.polls += 1
            time.sleep(0.005)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


def problem(body):
    try:
        return json.loads(body)
    except ValueError:
        return {}


# ---------------------------------------------------------------- the checks


def through(nginx, layout):
    port = nginx.port
    tag = f"{layout.name}:"

    st, h, body = request(port, "POST", "/validate", json.dumps({"fen": START}).encode(),
                          {"Content-Type": "application/json"})
    check(st == 200 and problem(body).get("valid") is True, f"{tag} POST /validate answered {st} {body[:200]!r}")

    target = "/render?" + urllib.parse.urlencode({"fen": START, "format": "svg"})
    st, h, body = request(port, "GET", target)
    check(st == 200 and h.get("content-type", "").startswith("image/svg+xml") and b"<svg" in body,
          f"{tag} GET /render as SVG answered {st} {h.get('content-type')}")
    st2, h2, _ = request(port, "GET", target)
    check(st2 == 200 and h2.get("x-cache-status") == "HIT",
          f"{tag} a second GET /render is not a cache hit: {st2} X-Cache-Status {h2.get('x-cache-status')}")

    temps = [layout.path(layout.temps["client_body"]), layout.path(layout.temps["proxy"])]
    with TempWatch(temps, nginx.proc.pid) as watch:
        # Bulk /validate just under its limit.
        length = BULK_LIMIT - 1000
        t0 = time.monotonic()
        st, h, body = upload(port, "/validate", "application/x-ndjson", length, bulk_body(length))
        took = time.monotonic() - t0
        records = [json.loads(line) for line in body.splitlines()]
        first = records[0].get("result", {}) if records else {}
        second = records[1].get("result", {}) if len(records) > 1 else {}
        too_long = sum(1 for r in records if r.get("error", {}).get("code") == "line_too_long")
        check(st == 200 and first.get("valid") is True and second.get("valid", True) is False
              and too_long == bulk_lines(length) and len(records) == 2 + too_long,
              f"{tag} bulk /validate of {length} bytes: {st}, {len(records)} records ({too_long} line_too_long), "
              f"first {records[:2]!r:.300}")
        print(f"nginx: {tag} bulk POST /validate of {length} bytes: {st}, {len(records)} records, "
              f"{took:.1f} s ({length / took / MIB:.0f} MiB/s)", flush=True)

        # /pgn just under its limit.
        length = PGN_LIMIT - 1000
        t0 = time.monotonic()
        st, h, body = upload(port, "/pgn", "application/vnd.chess-pgn", length, pgn_body(length))
        took = time.monotonic() - t0
        games = problem(body).get("games", [])
        check(st == 200 and len(games) == 2 and all(g.get("status", {}).get("checkmate") for g in games),
              f"{tag} POST /pgn of {length} bytes: {st}, {len(games)} games, {body[:200]!r}")
        print(f"nginx: {tag} POST /pgn of {length} bytes: {st}, {len(games)} games, {took:.1f} s", flush=True)
    check(watch.polls > 10 and not watch.seen,
          f"{tag} nginx wrote streamed bodies or answers to its temporary files "
          f"({watch.polls} looks): {sorted(watch.seen)[:5]}")
    print(f"nginx: {tag} {watch.polls} looks at nginx's temporary files during the uploads: "
          f"{len(watch.seen)} seen", flush=True)
    check("buffered to a temporary file" not in nginx.log(),
          f"{tag} nginx's error log says it buffered to a temporary file")

    # Over the limits: nginx's 413 problem, naming the limit, before it reads the body.
    for target, ctype, limit in (("/validate", "application/x-ndjson", BULK_LIMIT),
                                 ("/pgn", "application/vnd.chess-pgn", PGN_LIMIT),
                                 ("/validate", "application/json", JSON_LIMIT),
                                 ("/convert", "application/json", JSON_LIMIT),
                                 ("/render/game.gif", "application/vnd.chess-pgn", JSON_LIMIT)):
        st, h, body = announce_only(port, target, ctype, limit + 1)
        p = problem(body)
        check(st == 413 and h.get("content-type") == "application/problem+json"
              and p.get("code") == "payload_too_large" and p.get("limit") == limit,
              f"{tag} POST {target} ({ctype}) of {limit + 1} bytes answered {st} {body[:300]!r}, "
              f"not 413 naming {limit}")
    # The streamed uploads chunked past their limits: nginx has passed most of the body on
    # to fend when it counts past the limit; its 413 still reaches the client.
    for target, ctype, limit in (("/validate", "application/x-ndjson", BULK_LIMIT),
                                 ("/pgn", "application/vnd.chess-pgn", PGN_LIMIT)):
        st, h, body = chunked_over(port, target, ctype, limit)
        p = problem(body)
        check(st == 413 and p.get("code") == "payload_too_large" and p.get("limit") == limit,
              f"{tag} chunked POST {target} past {limit} bytes answered {st} {body[:300]!r}, not 413 naming {limit}")
    # A JSON body over 1 MiB really sent (not only announced): the same 413.
    big = json.dumps({"fen": START, "pad": "x" * JSON_LIMIT}).encode()
    st, h, body = request(port, "POST", "/validate", big, {"Content-Type": "application/json"})
    check(st == 413 and problem(body).get("limit") == JSON_LIMIT,
          f"{tag} POST /validate with a {len(big)}-byte JSON body answered {st} {body[:200]!r}")

    # The game GIF, POST (a PGN) and GET.
    st, h, body = request(port, "POST", "/render/game.gif", GAME, {"Content-Type": "application/vnd.chess-pgn"})
    check(st == 200 and h.get("content-type") == "image/gif" and body[:6] == b"GIF89a",
          f"{tag} POST /render/game.gif answered {st} {h.get('content-type')} {body[:60]!r}")
    st, h, body = request(port, "GET", "/render/game.gif?" + urllib.parse.urlencode({"moves": "e2e4,e7e5,g1f3"}))
    check(st == 200 and h.get("content-type") == "image/gif" and body[:6] == b"GIF89a",
          f"{tag} GET /render/game.gif answered {st} {h.get('content-type')} {body[:120]!r}")

    cache = [os.path.join(t, f) for t, _, fs in os.walk(layout.path("/var/cache")) for f in fs
             if "fend" in t]
    check(cache, f"{tag} the /render cache holds no file under /var/cache")


def run_layout(nginx_bin, layout_fn, fends):
    try:
        layout = layout_fn()
    except Failure as exc:
        check(False, str(exc))
        return
    port, site_port = free_port(), free_port()
    nginx = None
    try:
        conf_path = install(layout, [f.port for f in fends], port, site_port)
        nginx = Nginx(nginx_bin, layout, conf_path, port)
        rc, out = nginx.test()
        ok = check(rc == 0 and "test is successful" in out, f"{layout.name}: nginx -t: {out}")
        print(f"nginx: {layout.name}: nginx -t: {'ok' if ok else 'FAILED'} (workers as {layout.worker_user})",
              flush=True)
        if not ok:
            return
        nginx.start()
        through(nginx, layout)
        # The default site still answers on its own port.
        st, _, _ = request(site_port, "GET", "/")
        check(st in (200, 403, 404), f"{layout.name}: the default site answered {st}")
    except (Failure, OSError, http.client.HTTPException, subprocess.TimeoutExpired, ValueError) as exc:
        check(False, f"{layout.name}: {type(exc).__name__}: {exc}")
    finally:
        if nginx:
            nginx.stop()
            if failures:
                print(f"nginx's error log ({layout.name}, last lines):\n{nginx.log()[-1500:]}")
        if layout.root:
            shutil.rmtree(layout.root, ignore_errors=True)


def main():
    nginx_bin = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not os.access(nginx_bin, os.X_OK):
        print(f"nginx: nginx not found ({nginx_bin}); ./bootstrap installs Debian's nginx")
        return 99
    if not os.access(FEND, os.X_OK):
        print(f"nginx: {FEND} is not built")
        return 99
    spool = tempfile.mkdtemp(prefix="fend-nginx-spool-")
    # The fends as an operator runs them: their default limits, nginx named as the proxy.
    fends = [Daemon(FEND, "--threads", "2", "--trust-proxy", "127.0.0.1", "--spool-dir", spool) for _ in range(2)]
    try:
        for f in fends:
            f.start()
        for layout_fn in (debian_layout, nginx_org_layout):
            run_layout(nginx_bin, layout_fn, fends)
        for f in fends:
            for p in f.stop():
                check(False, p)
    except Failure as exc:
        check(False, str(exc))
    finally:
        for f in fends:
            f.kill()
        shutil.rmtree(spool, ignore_errors=True)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
