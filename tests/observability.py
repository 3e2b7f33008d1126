#!/usr/bin/env python3
"""observability.py -- what operators see of a real fend: GET /metrics (parsed by a strict
reader of the Prometheus text format 0.0.4, and its counters moving with the requests
sent), GET /ready and --drain-delay around SIGTERM, the access log's client address with
and without --trust-proxy, and `fend --health-check`.

Environment (set by `make check`): FEND_BUILD_DIR, FEND_SOURCE_DIR.
Exit status: 0 all passed, 1 some check failed, 99 the test itself could not run.
"""
import http.client
import json
import math
import os
import re
import signal
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from contract import Client, Daemon, Failure  # noqa: E402  (the one fend spawner of the Python tests)

BUILD_DIR = os.environ.get("FEND_BUILD_DIR") or os.getcwd()
FEND = os.path.join(BUILD_DIR, "fend")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
NO_KINGS = "8/8/8/8/8/8/8/8 w - - 0 1"
PROM_TYPE = "text/plain; version=0.0.4; charset=utf-8"

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


# ---------------------------------------------------------------- Prometheus text 0.0.4

NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
LABEL = r"[a-zA-Z_][a-zA-Z0-9_]*"
SAMPLE = re.compile(rf"({NAME})(?:\{{(.*)\}})? (\S+)(?: (-?\d+))?")
LABEL_PAIR = re.compile(rf'({LABEL})="((?:[^"\\\n]|\\[\\"n])*)"(,|$)')
VALUE = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]Inf|NaN")
TYPES = {"counter", "gauge", "histogram", "summary", "untyped"}


def parse_prometheus(text):
    """Reads the text format strictly: every line a HELP, TYPE or sample line; one TYPE per
    family, before its samples; a family's samples together; no series twice; counters
    and histogram parts >= 0; histogram buckets cumulative with an le="+Inf" bucket equal
    to _count, and a _sum. Returns {(name, frozenset(labels)): value}; raises ValueError."""
    if not text.endswith("\n"):
        raise ValueError("the text does not end with a newline")
    types, helps, samples, done = {}, set(), {}, set()
    current = None

    def family_of(name):
        for suffix in ("_bucket", "_sum", "_count"):
            base = name[: -len(suffix)]
            if name.endswith(suffix) and types.get(base) == "histogram":
                return base
        return name

    for number, line in enumerate(text[:-1].split("\n"), 1):
        where = f"line {number} {line[:80]!r}"
        if line.startswith("#"):
            m = re.fullmatch(rf"# (HELP|TYPE) ({NAME}) (.*)", line)
            if not m:
                if line.startswith("# HELP") or line.startswith("# TYPE"):
                    raise ValueError(f"{where}: a malformed HELP or TYPE line")
                continue
            kind, name, rest = m.groups()
            if kind == "TYPE":
                if rest not in TYPES:
                    raise ValueError(f"{where}: unknown type {rest!r}")
                if name in types:
                    raise ValueError(f"{where}: a second TYPE for {name}")
                if name in done or any(family_of(s[0]) == name for s in samples):
                    raise ValueError(f"{where}: TYPE after samples of {name}")
                types[name] = rest
            else:
                if name in helps:
                    raise ValueError(f"{where}: a second HELP for {name}")
                helps.add(name)
            continue
        if not line:
            raise ValueError(f"{where}: an empty line")
        m = SAMPLE.fullmatch(line)
        if not m:
            raise ValueError(f"{where}: not a sample line")
        name, labels_text, value_text, _ = m.groups()
        labels = {}
        if labels_text is not None:
            pos = 0
            while pos < len(labels_text):
                lm = LABEL_PAIR.match(labels_text, pos)
                if not lm:
                    raise ValueError(f"{where}: bad labels at {labels_text[pos:pos + 30]!r}")
                if lm.group(1) in labels:
                    raise ValueError(f"{where}: label {lm.group(1)} twice")
                labels[lm.group(1)] = lm.group(2)
                pos = lm.end()
                if lm.group(3) == "," and pos == len(labels_text):
                    raise ValueError(f"{where}: a trailing comma in the labels")
        if not VALUE.fullmatch(value_text):
            raise ValueError(f"{where}: {value_text!r} is not a number")
        value = float(value_text)
        family = family_of(name)
        if family not in types:
            raise ValueError(f"{where}: a sample of {family} without a TYPE line before it")
        if current != family:
            if family in done:
                raise ValueError(f"{where}: samples of {family} are not together")
            if current is not None:
                done.add(current)
            current = family
        key = (name, frozenset(labels.items()))
        if key in samples:
            raise ValueError(f"{where}: the same series twice")
        kind = types[family]
        if kind == "counter" and not (value >= 0 and math.isfinite(value)):
            raise ValueError(f"{where}: a counter that is negative or not finite")
        if kind == "histogram" and name.endswith("_bucket") and "le" not in labels:
            raise ValueError(f"{where}: a bucket without le")
        samples[key] = value
    # histograms: cumulative buckets, +Inf == _count, a _sum
    for family, kind in types.items():
        if kind != "histogram":
            continue
        series = {}
        for (name, labels), value in samples.items():
            if name == family + "_bucket":
                rest = frozenset((k, v) for k, v in labels if k != "le")
                series.setdefault(rest, []).append((float(dict(labels)["le"]), value))
        for rest, buckets in series.items():
            buckets.sort()
            counts = [v for _, v in buckets]
            if counts != sorted(counts):
                raise ValueError(f"{family}{dict(rest)}: buckets are not cumulative")
            if buckets[-1][0] != math.inf:
                raise ValueError(f"{family}{dict(rest)}: no le=\"+Inf\" bucket")
            if samples.get((family + "_count", rest)) != buckets[-1][1]:
                raise ValueError(f"{family}{dict(rest)}: _count differs from the +Inf bucket")
            if (family + "_sum", rest) not in samples:
                raise ValueError(f"{family}{dict(rest)}: no _sum")
    return samples


def self_test_parser():
    """The reader refuses what it must refuse (a reader that accepts anything tests nothing)."""
    good = "# HELP a_total x\n# TYPE a_total counter\na_total{k=\"v\"} 1\n"
    parse_prometheus(good)
    bad = {
        "no TYPE": "a_total 1\n",
        "no newline": "# TYPE a counter\na 1",
        "bad value": "# TYPE a counter\na one\n",
        "bad label": "# TYPE a counter\na{k=v} 1\n",
        "trailing comma": "# TYPE a counter\na{k=\"v\",} 1\n",
        "twice": "# TYPE a counter\na 1\na 2\n",
        "split family": "# TYPE a counter\n# TYPE b counter\na 1\nb 1\na{x=\"1\"} 1\n",
        "negative counter": "# TYPE a counter\na -1\n",
        "not cumulative": "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n",
        "count differs": "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 2\n",
        "empty line": "# TYPE a counter\n\na 1\n",
    }
    for what, text in bad.items():
        try:
            parse_prometheus(text)
        except ValueError:
            continue
        failures.append(f"the Prometheus reader accepted a text with {what}")


def scrape(client):
    r = client.request("GET", "/metrics")
    if r.status != 200:
        raise Failure(f"GET /metrics answered {r.status}")
    check(r.header("Content-Type") == PROM_TYPE, f"/metrics Content-Type is {r.header('Content-Type')!r}")
    try:
        return parse_prometheus(r.body.decode("utf-8"))
    except ValueError as exc:
        raise Failure(f"/metrics is not valid Prometheus text: {exc}") from None


def scrape_settled(client):
    """A scrape once every earlier request was counted: fend counts a request when its
    connection is done with it, a moment after the client has the answer."""
    for _ in range(100):
        samples = scrape(client)
        if value(samples, "fend_http_requests_in_flight") == 1:
            return samples
        time.sleep(0.02)
    raise Failure("fend_http_requests_in_flight never came back to 1 (the scrape itself)")


def value(samples, name, **labels):
    return samples.get((name, frozenset(labels.items())), 0.0)


def post(client, path, obj, headers=None):
    body = json.dumps(obj).encode()
    return body, client.request("POST", path, body=body, headers={"Content-Type": "application/json",
                                                                   **(headers or {})})


def test_metrics():
    d = Daemon(FEND, "--threads", "2")
    d.start()
    try:
        c = Client(d.port)
        before = scrape_settled(c)
        check(value(before, "fend_build_info", version=d.version) == 1, "no fend_build_info{version} 1")
        start = value(before, "process_start_time_seconds")
        check(time.time() - 120 < start <= time.time() + 1, f"process_start_time_seconds {start} is not now")
        check(value(before, "process_resident_memory_bytes") > 1 << 20, "process_resident_memory_bytes < 1 MiB")
        check(value(before, "fend_http_requests_in_flight") == 1, "in flight is not 1 (the scrape itself)")
        sent = received = 0
        for i in range(7):
            body, r = post(c, "/validate", {"fen": START})
            sent, received = sent + len(body), received + len(r.body)
        for i in range(3):
            body, r = post(c, "/validate", {"fen": NO_KINGS})
            sent, received = sent + len(body), received + len(r.body)
        _, r = post(c, "/apply-move", {"fen": START, "moves": ["e2e4", "e7e5", "g1f3"]})
        check(r.status == 200, f"apply-move answered {r.status}")
        _, r = post(c, "/apply-move", {"fen": START, "move": "e2e5"})
        check(r.status == 422, f"an illegal move answered {r.status}")
        c.request("GET", "/render?fen=" + START.replace(" ", "%20"))
        c.request("GET", "/no/such/path")
        c.request("HEAD", "/health")
        after = scrape_settled(c)

        def moved(name, expected, **labels):
            got = value(after, name, **labels) - value(before, name, **labels)
            check(got == expected, f"{name}{labels} moved by {got:g}, not {expected:g}")

        moved("fend_http_requests_total", 10, endpoint="/validate", method="POST", status="200")
        moved("fend_http_requests_total", 1, endpoint="/apply-move", method="POST", status="200")
        moved("fend_http_requests_total", 1, endpoint="/apply-move", method="POST", status="422")
        moved("fend_http_requests_total", 1, endpoint="/render", method="GET", status="200")
        moved("fend_http_requests_total", 1, endpoint="other", method="GET", status="404")
        moved("fend_http_requests_total", 1, endpoint="/health", method="HEAD", status="200")
        moved("fend_http_requests_total", 1, endpoint="/metrics", method="GET", status="200")
        moved("fend_http_request_duration_seconds_count", 10, endpoint="/validate")
        moved("fend_http_request_duration_seconds_bucket", 10, endpoint="/validate", le="+Inf")
        moved("fend_http_request_bytes_total", sent, endpoint="/validate")
        moved("fend_http_response_bytes_total", received, endpoint="/validate")
        moved("fend_http_response_bytes_total", 0, endpoint="/health")
        moved("fend_positions_validated_total", 7, valid="true")
        moved("fend_positions_validated_total", 3, valid="false")
        moved("fend_moves_applied_total", 3)
        took = (value(after, "fend_http_request_duration_seconds_sum", endpoint="/validate")
                - value(before, "fend_http_request_duration_seconds_sum", endpoint="/validate"))
        check(0 < took < 10, f"10 validations took {took} s by the histogram")
        check(value(after, "process_cpu_seconds_total") >= value(before, "process_cpu_seconds_total"),
              "process_cpu_seconds_total went back")
        # every endpoint has its histogram, and nothing is labelled with a raw path
        for (name, labels) in after:
            ep = dict(labels).get("endpoint")
            check(ep is None or ep == "other" or ep.startswith("/") and "/no/" not in ep,
                  f"an endpoint label {ep!r}")
        for ep in ("/validate", "/apply-move", "/moves", "/render", "/health", "/ready", "/metrics", "other"):
            check(("fend_http_request_duration_seconds_count", frozenset({("endpoint", ep)})) in after,
                  f"no duration histogram for {ep}")
        # in flight counts requests still being answered: a POST whose body is not all sent
        sock = socket.create_connection(("127.0.0.1", d.port), timeout=10)
        try:
            sock.sendall(b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n{\"fen\"")
            time.sleep(0.2)
            check(value(scrape(c), "fend_http_requests_in_flight") == 2,
                  "a request with its body half sent is not in flight")
        finally:
            sock.close()
        scrape_settled(c)
        failures.extend(f"metrics daemon: {p}" for p in d.stop())
    finally:
        d.kill()


def test_ready_and_drain_delay():
    d = Daemon(FEND, "--drain-delay", "2")
    d.start()
    try:
        c = Client(d.port)
        r = c.request("GET", "/ready")
        check(r.status == 200 and r.json() == {"status": "ready"}, f"/ready answered {r.status} {r.body[:80]!r}")
        d.proc.send_signal(signal.SIGTERM)
        t0 = time.monotonic()
        time.sleep(0.2)
        r = c.request("GET", "/ready")
        check(r.status == 503, f"/ready answered {r.status} after SIGTERM, not 503")
        if r.status == 503:
            p = r.json()
            check(r.media_type() == "application/problem+json" and p["code"] == "service_unavailable"
                  and p["status"] == 503 and p["type"] == "urn:fend:problem:service_unavailable",
                  f"/ready's 503 is not the service_unavailable problem: {p}")
            check(r.header("Connection") == "close", "a draining fend keeps the connection open")
        r = c.request("GET", "/health")
        check(r.status == 200, f"/health answered {r.status} during the drain delay")
        _, r = post(c, "/validate", {"fen": START})
        check(r.status == 200, f"/validate answered {r.status} during the drain delay")
        status = d.proc.wait(timeout=20)
        took = time.monotonic() - t0
        check(status == 0, f"exit status {status} after the drain delay")
        check(1.8 <= took <= 6, f"fend exited {took:.2f} s after SIGTERM with --drain-delay 2")
        try:
            c.request("GET", "/health")
            failures.append("fend still answered after it exited")
        except OSError:
            pass
    finally:
        d.kill()
    # a second signal cuts the delay short
    d = Daemon(FEND, "--drain-delay", "60")
    d.start()
    try:
        d.proc.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        check(Client(d.port).request("GET", "/ready").status == 503, "/ready is not 503 after SIGTERM")
        t0 = time.monotonic()
        d.proc.send_signal(signal.SIGINT)
        status = d.proc.wait(timeout=20)
        check(status == 0 and time.monotonic() - t0 < 5,
              f"a second signal did not end the drain delay (status {status})")
    finally:
        d.kill()
    # the default is no delay
    d = Daemon(FEND)
    d.start()
    try:
        t0 = time.monotonic()
        d.proc.send_signal(signal.SIGTERM)
        check(d.proc.wait(timeout=20) == 0 and time.monotonic() - t0 < 2, "without --drain-delay fend waited")
    finally:
        d.kill()


def log_clients(d, ids):
    """The client column of the access-log lines of the requests with these ids, in the
    order of ids (threads may write their lines in another order); waits for them."""
    # Up to 20 s: on a loaded machine the threads may write their lines late.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = {}
        for line in d.stderr_text().splitlines():
            m = re.fullmatch(r"\d{4}-\d\d-\d\dT\S+ (\S+) .* id=(\S+)", line)
            if m:
                found[m.group(2)] = m.group(1)
        if all(i in found for i in ids):
            return [found[i] for i in ids]
        time.sleep(0.02)
    raise Failure(f"access-log lines missing for {ids}: {d.stderr_text()[-500:]!r}")


def test_trust_proxy():
    forwarded = ["203.0.113.7", "198.51.100.1, 127.0.0.9", "2001:db8::1", "not an address", "10.9.8.7, 127.0.0.1"]

    def run(args, env=None):
        d = Daemon(FEND, "--log", "text", *args, env=env)
        d.start()
        try:
            c = Client(d.port)
            ids = [f"xff-{i}" for i in range(len(forwarded) + 1)]
            for xff, rid in zip(forwarded, ids):
                c.request("GET", "/health", headers={"X-Forwarded-For": xff, "X-Request-Id": rid})
            c.request("GET", "/health", headers={"X-Request-Id": ids[-1]})
            return log_clients(d, ids)
        finally:
            failures.extend(d.stop())
            d.kill()

    got = run([])
    check(got == ["127.0.0.1"] * 6, f"without --trust-proxy the log names {got}, not the peer 127.0.0.1")
    got = run(["--trust-proxy", "10.0.0.0/8,127.0.0.0/8"])
    check(got == ["203.0.113.7", "198.51.100.1", "2001:db8::1", "127.0.0.1", "10.9.8.7", "127.0.0.1"],
          f"with --trust-proxy 10.0.0.0/8,127.0.0.0/8 the log names {got}")
    got = run(["--trust-proxy", "::1, 192.168.0.0/16"])
    check(got == ["127.0.0.1"] * 6, f"a proxy not in --trust-proxy was believed: {got}")
    got = run([], env={"FEND_TRUST_PROXY": "127.0.0.1"})
    check(got[:2] == ["203.0.113.7", "127.0.0.9"], f"FEND_TRUST_PROXY=127.0.0.1: the log names {got}")
    for bad in ("300.1.1.1", "10.0.0.0/33", "10.0.0.0/", "10.0.0.0/8,", "fe80::/129", "localhost", ""):
        p = subprocess.run([FEND, "--port", "0", "--trust-proxy", bad], capture_output=True, timeout=10)
        check(p.returncode == 2 and b"--trust-proxy" in p.stderr,
              f"--trust-proxy {bad!r}: exit {p.returncode}, {p.stderr[:120]!r}")


def test_health_check():
    def hc(*args, env=None):
        e = {k: v for k, v in os.environ.items() if not k.startswith("FEND_")}
        e.update(env or {})
        p = subprocess.run([FEND, "--health-check", *args], capture_output=True, timeout=20, env=e)
        return p.returncode, p.stderr.decode("utf-8", "replace")

    d = Daemon(FEND)
    d.start()
    try:
        base = f"http://127.0.0.1:{d.port}"
        check(hc(base + "/health")[0] == 0, "--health-check of a live /health did not exit 0")
        check(hc(base + "/ready")[0] == 0, "--health-check of /ready did not exit 0")
        check(hc(f"http://localhost:{d.port}/health")[0] == 0, "--health-check by host name did not exit 0")
        check(hc(env={"FEND_PORT": str(d.port)})[0] == 0, "--health-check without a URL ignores FEND_PORT")
        check(hc(env={"FEND_PORT": str(d.port), "FEND_LISTEN": "0.0.0.0"})[0] == 0,
              "--health-check without a URL does not map 0.0.0.0 to 127.0.0.1")
        rc, err = hc(base + "/nope")
        check(rc == 1 and "404" in err, f"--health-check of a 404: exit {rc}, {err!r}")
        d.proc.send_signal(signal.SIGTERM)
        d.proc.wait(timeout=20)
        rc, err = hc(base + "/health")
        check(rc == 1 and "cannot connect" in err, f"--health-check of a stopped fend: exit {rc}, {err!r}")
    finally:
        d.kill()
    # a server that accepts and never answers: the check gives up (5 s) with 1
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    try:
        t0 = time.monotonic()
        rc, err = hc(f"http://127.0.0.1:{srv.getsockname()[1]}/health")
        check(rc == 1 and "no HTTP answer" in err and time.monotonic() - t0 < 10,
              f"--health-check of a silent server: exit {rc}, {err!r}")
    finally:
        srv.close()
    for bad in ("127.0.0.1:8080/health", "https://127.0.0.1/health", "http:///health", "http://[::1/x",
                "http://h:99999999/", "http://h/a b"):
        rc, err = hc(bad)
        check(rc == 2 and "--health-check" in err, f"--health-check {bad!r}: exit {rc}, {err!r}")
    rc, _ = hc("http://127.0.0.1:1/health", "extra")
    check(rc == 2, f"--health-check with two arguments exits {rc}, not 2")


def main():
    if not os.access(FEND, os.X_OK):
        print(f"observability: no fend at {FEND}")
        return 99
    self_test_parser()
    for test in (test_metrics, test_ready_and_drain_delay, test_trust_proxy, test_health_check):
        before = len(failures)
        try:
            test()
        except (Failure, OSError, http.client.HTTPException, subprocess.TimeoutExpired, ValueError) as exc:
            failures.append(f"{test.__name__}: {exc!r}")
        print(f"observability: {test.__name__}: {'ok' if len(failures) == before else 'FAILED'}")
    for f in failures:
        print("  " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
