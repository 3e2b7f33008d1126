#!/usr/bin/env python3
"""contract.py -- the API contract test: real answers of a running fend, checked against
api/openapi.yaml.

Starts $FEND_BUILD_DIR/fend on a free port, sends a broad set of requests (every path and
method of the document, happy paths, lenient input, every error class) and checks each
answer's status, headers, Content-Type and body against what the document declares for
that path, method and status, with the document's own JSON Schemas ($refs resolved
against the whole document, Draft 2020-12, no format checking: the schemas say what they
mean with patterns). Then checks that every operation of the document was exercised and
that every status it documents was seen (500 and 503 cannot be provoked), that the
document's examples satisfy its schemas, that /openapi.yaml serves this very file, and
that the daemon answers like the `fen` CLI where both print the same JSON. Stops the
daemon with SIGTERM and expects exit status 0.

Environment (set by `make check`, see AM_TESTS_ENVIRONMENT): FEND_BUILD_DIR (where fend
and fen are built), FEND_SOURCE_DIR (where api/openapi.yaml is; never written to).
Needs only the standard library, jsonschema (4.10 or later) and yaml.
Exit status: 0 all passed, 1 some check failed, 99 the test itself could not run.
"""
import http.client
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

try:
    import jsonschema
    import yaml
except ImportError as exc:  # pragma: no cover
    print(f"contract: {exc}; install python3-jsonschema and python3-yaml (run ./bootstrap)")
    sys.exit(99)

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.environ.get("FEND_SOURCE_DIR") or os.path.dirname(HERE)
BUILD_DIR = os.environ.get("FEND_BUILD_DIR") or os.getcwd()
DOC_PATH = os.path.join(SOURCE_DIR, "api", "openapi.yaml")
FEND = os.path.join(BUILD_DIR, "fend")
FEN_CLI = os.path.join(BUILD_DIR, "fen")
DOC_URI = "urn:fend:openapi"
TIMEOUT = 15
# Statuses a well-behaved daemon cannot be made to send from outside.
UNPROVOKABLE = {"500", "503"}
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# Response headers a page may read without Access-Control-Expose-Headers (the CORS-
# safelisted ones), and those it has no use for (framing, security policy for the browser).
CORS_READABLE = {"cache-control", "content-language", "content-length", "content-type", "expires",
                 "last-modified", "pragma", "connection", "transfer-encoding", "date", "vary",
                 "x-content-type-options", "content-security-policy", "referrer-policy", "x-frame-options"}

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
CHESS960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
CHESS960_CASTLE = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"
CASTLES = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
PROMOTION = "2k5/P7/8/8/8/8/8/K7 w - - 0 1"
EN_PASSANT = "k7/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
# Kings and rooks: R is a rook's move in English, the king's in Italian, Spanish, French.
ROOKS = "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1"
# The seed's game (shared/seeds/003): its English original, and in Italian piece letters.
SEED_EN = "1. c4 c6 2. Nf3 d5 3. g3 Bg4 4. Ne5 Bf5 5. Qb3 Qb6 6. cxd5 Qxb3 7. axb3 Be4 8. dxc6 Bxh1 9. Rxa7 1-0"
SEED_IT = "1. c4 c6 2. Cf3 d5 3. g3 Ag4 4. Ce5 Af5 5. Db3 Db6 6. cxd5 Dxb3 7. axb3 Ae4 8. dxc6 Axh1 9. Txa7 1-0"
SEED_IT_MOVES = [t for t in SEED_IT.split() if not t.endswith(".") and t != "1-0"]
SEED_EN_MOVES = [t for t in SEED_EN.split() if not t.endswith(".") and t != "1-0"]
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
CHECK = "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"
STALEMATE = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
BARE_KINGS = "8/8/8/8/8/8/8/K6k w - - 0 1"
SEVENTY_FIVE = "k7/8/8/8/8/8/8/K6R b - - 150 80"
CHECKMATED = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
NO_KINGS = "8/8/8/8/8/8/8/8 w - - 0 1"
OPPONENT_IN_CHECK = "R6k/8/8/8/8/8/8/K7 w - - 0 1"
BAD_DIGIT = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MANY_ERRORS = "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 0"
BOARD_ONLY = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
SLOPPY = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W kqKQ - 0 1"
UNDERSCORES = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR_w_KQkq_-_0_1"
SEED_TWO_FIELDS = "r1bq1rk1/pp3ppp/3n4/2p1N3/2B5/7P/PPP2PP1/R1BQR1K1 w"
CHESS960_TWO_FIELDS = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w"


class Failure(Exception):
    pass


# ---------------------------------------------------------------- the document


def strict_json(text):
    """json.loads that refuses duplicate keys and NaN/Infinity."""

    def pairs(items):
        obj = {}
        for key, value in items:
            if key in obj:
                raise ValueError(f"duplicate key {key!r}")
            obj[key] = value
        return obj

    def constant(name):
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, object_pairs_hook=pairs, parse_constant=constant)


class Document:
    """The OpenAPI document, with JSON Schema validation against its components."""

    def __init__(self, path):
        with open(path, "rb") as f:
            self.raw = f.read()
        self.doc = yaml.safe_load(self.raw.decode("utf-8"))
        self.validator_class = jsonschema.Draft202012Validator
        self._registry = None
        self._resolver = None
        try:  # jsonschema >= 4.18
            import referencing
            import referencing.jsonschema

            resource = referencing.Resource.from_contents(
                self.doc, default_specification=referencing.jsonschema.DRAFT202012)
            self._registry = referencing.Registry().with_resource(DOC_URI, resource)
        except ImportError:  # jsonschema 4.10 (Debian 12)
            self._resolver = jsonschema.RefResolver(DOC_URI, self.doc)
        self._validators = {}

    def pointer(self, ref):
        if not ref.startswith("#/"):
            raise Failure(f"the document uses a $ref that is not local: {ref}")
        node = self.doc
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    def deref(self, node):
        """Follows $ref of a Response, Header, Parameter or Example object."""
        seen = 0
        while isinstance(node, dict) and "$ref" in node:
            node = self.pointer(node["$ref"])
            seen += 1
            if seen > 20:
                raise Failure("a $ref loop in the document")
        return node

    def validator(self, schema_path):
        """A validator for the schema at a JSON pointer of the document (so that relative
        $refs inside resolve against the whole document)."""
        if schema_path not in self._validators:
            wrapper = {"$ref": DOC_URI + schema_path}
            if self._registry is not None:
                v = self.validator_class(wrapper, registry=self._registry)
            else:
                v = self.validator_class(wrapper, resolver=self._resolver)
            self._validators[schema_path] = v
        return self._validators[schema_path]

    def errors(self, schema_path, instance):
        v = self.validator(schema_path)
        out = []
        for e in sorted(v.iter_errors(instance), key=lambda e: list(e.absolute_path)):
            where = "/" + "/".join(str(p) for p in e.absolute_path)
            out.append(f"at {where}: {e.message[:300]}")
            # Say which branch of a oneOf/anyOf came closest, which is what one needs.
            for sub in sorted(e.context or [], key=lambda s: len(list(s.relative_path)))[:6]:
                sub_where = "/".join(str(p) for p in sub.absolute_path)
                out.append(f"    ({'/'.join(str(p) for p in sub.relative_schema_path)}) at /{sub_where}: "
                           f"{sub.message[:200]}")
        return out

    def templated(self, path):
        """The document's path for a request path: itself, or the templated path
        ("/{module}.js") it matches with each value one of its parameter's enum; else itself."""
        if path in self.doc.get("paths", {}):
            return path
        for name, item in self.doc.get("paths", {}).items():
            if "{" not in name:
                continue
            enums = {p["name"]: p.get("schema", {}).get("enum") for p in item.get("parameters", [])
                     if p.get("in") == "path"}
            pattern = re.sub(r"\\\{(\w+)\\\}", lambda m: f"(?P<{m.group(1)}>[^/]+)", re.escape(name))
            m = re.fullmatch(pattern, path)
            if m and all(enums.get(k) is None or v in enums[k] for k, v in m.groupdict().items()):
                return name
        return path

    def concrete(self, path):
        """A request path for a document's path: each {name} replaced by its example."""
        params = {p["name"]: p for p in self.doc["paths"][path].get("parameters", []) if p.get("in") == "path"}
        return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]["example"]), path)

    def operations(self):
        for path, item in self.doc.get("paths", {}).items():
            for method in HTTP_METHODS:
                if method in item:
                    yield path, method, item[method]


def pointer_escape(text):
    return text.replace("~", "~0").replace("/", "~1")


# ---------------------------------------------------------------- the daemon


class Daemon:
    KNOWN_ENV = ("FEND_LISTEN", "FEND_PORT", "FEND_THREADS", "FEND_MAX_BODY", "FEND_TIMEOUT",
                 "FEND_MAX_CONNECTIONS", "FEND_CORS_ORIGIN", "FEND_LOG",
                 "FEND_DRAIN_DELAY", "FEND_TRUST_PROXY")

    def __init__(self, binary, *args, env=None):
        self.binary = binary
        self.args = list(args)
        self.env = env or {}  # FEND_* settings for this daemon (the caller's are dropped)
        self.proc = None
        self.stderr = tempfile.TemporaryFile()
        self.port = None
        self.banner = None

    def start(self):
        env = {k: v for k, v in os.environ.items() if k not in self.KNOWN_ENV}
        env.update(self.env)
        self.proc = subprocess.Popen(
            [self.binary, "--listen", "127.0.0.1", "--port", "0", "--log", "off", *self.args],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.stderr, env=env)
        ready, _, _ = select.select([self.proc.stdout], [], [], TIMEOUT)
        if not ready:
            raise Failure(f"fend printed nothing on stdout within {TIMEOUT}s")
        line = self.proc.stdout.readline().decode("utf-8", "replace")
        self.banner = line.rstrip("\n")
        m = re.fullmatch(r"fend (\S+) listening on http://127\.0\.0\.1:(\d+)\n", line)
        if not m:
            raise Failure(f"fend's first stdout line is {line!r}, not 'fend VERSION listening on "
                          f"http://127.0.0.1:PORT'")
        self.version, self.port = m.group(1), int(m.group(2))
        if not 0 < self.port < 65536:
            raise Failure(f"fend says it listens on port {self.port}")

    def stop(self):
        """SIGTERM, then the exit status; returns a list of problems."""
        problems = []
        if not self.proc:
            return problems
        self.proc.send_signal(signal.SIGTERM)
        try:
            status = self.proc.wait(timeout=TIMEOUT + 5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return [f"fend did not exit within {TIMEOUT + 5}s of SIGTERM"]
        if status != 0:
            problems.append(f"fend exited with status {status} after SIGTERM, not 0")
        rest = self.proc.stdout.read()
        if rest:
            problems.append(f"fend printed more than its one line on stdout: {rest[:200]!r}")
        return problems

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stderr_text(self):
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")


# ---------------------------------------------------------------- exchanges


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # list of (name, value)
        self.body = body

    def header(self, name):
        values = [v for k, v in self.headers if k.lower() == name.lower()]
        return values[0] if values else None

    def header_count(self, name):
        return sum(1 for k, _ in self.headers if k.lower() == name.lower())

    def media_type(self):
        ct = self.header("Content-Type")
        return ct.split(";")[0].strip().lower() if ct else None

    def json(self):
        return strict_json(self.body.decode("utf-8"))


def read_response(conn_or_sock, method):
    if isinstance(conn_or_sock, http.client.HTTPConnection):
        r = conn_or_sock.getresponse()
    else:
        r = http.client.HTTPResponse(conn_or_sock, method=method)
        r.begin()
    body = r.read()
    return Response(r.status, r.getheaders(), body)


class Client:
    def __init__(self, port):
        self.port = port

    def request(self, method, target, body=None, headers=None, conn=None):
        own = conn is None
        if own:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            conn.request(method, target, body=body, headers=headers or {})
            return read_response(conn, method)
        finally:
            if own:
                conn.close()

    def raw(self, method, target, headers, chunks=None, chunked=False):
        """Headers sent by hand, then optional chunks (sent with chunked encoding when
        chunked); the daemon may answer and close before it read them all."""
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=TIMEOUT)
        try:
            head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            for name, value in headers:
                head += f"{name}: {value}\r\n"
            sock.sendall((head + "\r\n").encode("latin-1"))
            try:
                for chunk in chunks or []:
                    if chunked:
                        sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    else:
                        sock.sendall(chunk)
                if chunked:
                    sock.sendall(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass  # the daemon refused the rest, as it may
            return read_response(sock, method)
        finally:
            sock.close()


# ---------------------------------------------------------------- the checker


class Checker:
    def __init__(self, document, client, daemon):
        self.d = document
        self.client = client
        self.daemon = daemon
        self.failures = []
        self.count = 0
        self.seen_ops = set()      # (path, method)
        self.seen_status = set()   # (path, method, status)
        self.seen_components = set()
        self.generated_ids = set()
        self.failed_requests = 0
        self.known = []            # failures of checks marked known_issue (reported bugs)
        self.fixed = []
        self.known_requests = 0
        self.origin = "*"          # the daemon's --cors-origin
        self.gets = []             # (name, target, headers, response) of every GET sent

    def fail(self, name, message):
        self.failures.append(f"{name}: {message}")

    # -- which response object of the document applies

    def documented(self, path, method):
        """(pointer to the response map, operation path, method) the document declares for
        a request, or the component answers for an unknown path or method."""
        paths = self.d.doc["paths"]
        if path not in paths:
            return None, "NotFound"
        item = paths[path]
        m = "get" if method == "head" and "head" not in item else method
        if m not in item:
            return None, "MethodNotAllowed"
        return f"#/paths/{pointer_escape(path)}/{m}/responses", None

    def check(self, name, method, target, body=None, headers=None, expect=None, code=None,
              field=None, then=None, conn=None, raw=None, known_issue=None):
        """Sends one request and checks its answer against the document. expect is the
        status the test means to provoke; code/field the problem it means to provoke; then
        a function(response, parsed body) for checks of meaning. known_issue names a
        reported bug: its failures are listed apart and not counted."""
        method_l = method.lower()
        path = self.d.templated(urllib.parse.urlsplit(target).path)
        hdrs = dict(headers or {})
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode("utf-8")
            hdrs.setdefault("Content-Type", "application/json")
        elif isinstance(body, str):
            body = body.encode("utf-8")
        self.count += 1
        before = len(self.failures)
        try:
            if raw is not None:
                resp = raw()
            else:
                resp = self.client.request(method, target, body=body, headers=hdrs, conn=conn)
        except (OSError, http.client.HTTPException) as exc:
            self.fail(name, f"{method} {target[:100]}: no answer: {exc!r}")
            self._settle(before, known_issue, name)
            return None, None
        label = f"{method} {target[:100]} -> {resp.status}"
        if method == "GET" and raw is None and conn is None:
            self.gets.append((name, target, hdrs, resp))
        parsed = self._check_response(name, label, method_l, path, resp, hdrs)
        if expect is not None and resp.status != expect:
            self.fail(name, f"{label}: expected status {expect}")
        if code is not None and isinstance(parsed, dict):
            if parsed.get("code") != code:
                self.fail(name, f"{label}: expected problem code {code!r}, got {parsed.get('code')!r}")
            if field is not None and parsed.get("field") != field:
                self.fail(name, f"{label}: expected field {field!r}, got {parsed.get('field')!r}")
        if then is not None and len(self.failures) == before:
            try:
                then(resp, parsed)
            except Failure as exc:
                self.fail(name, f"{label}: {exc}")
            except (KeyError, TypeError, IndexError, ValueError) as exc:
                self.fail(name, f"{label}: unexpected body ({exc!r})")
        if len(self.failures) > before:
            self.failures.append(f"    request headers: {hdrs}; body: {(body or b'')[:200]!r}")
            self.failures.append(f"    response headers: {resp.headers}")
            self.failures.append(f"    response body: {resp.body[:600]!r}")
        self._settle(before, known_issue, name)
        return resp, parsed

    def _settle(self, before, known_issue, name):
        if known_issue is None:
            if len(self.failures) > before:
                self.failed_requests += 1
            return
        if len(self.failures) > before:
            self.known_requests += 1
            self.known.append(f"{name} [{known_issue}]")
            self.known.extend(self.failures[before:])
            del self.failures[before:]
        else:
            self.fixed.append(f"{name} [{known_issue}] passes now: drop known_issue from its check")

    def _check_response(self, name, label, method, path, resp, req_headers):
        responses_ptr, component = self.documented(path, method)
        status = str(resp.status)
        # The head of a request is checked before any route: these answers are the same
        # for every path.
        if status in ("414", "431"):
            component = {"414": "UriTooLong", "431": "HeadersTooLarge"}[status]
        if component:
            self.seen_components.add(component)
            response_ptr = f"#/components/responses/{component}"
            expected_status = {"NotFound": "404", "MethodNotAllowed": "405", "UriTooLong": "414",
                               "HeadersTooLarge": "431"}[component]
            if status != expected_status:
                self.fail(name, f"{label}: the document says {expected_status} for this "
                                f"{'path' if component == 'NotFound' else 'method'}")
                return None
        else:
            op_method = responses_ptr.split("/")[-2]
            self.seen_ops.add((path, op_method))
            self.seen_status.add((path, op_method, status))
            responses = self.d.pointer(responses_ptr)
            key = status if status in responses else (status[0] + "XX" if status[0] + "XX" in responses
                                                      else "default" if "default" in responses else None)
            if key is None:
                self.fail(name, f"{label}: status {status} is not documented for {op_method.upper()} "
                                f"{path} (documented: {', '.join(sorted(responses))})")
                return None
            response_ptr = f"{responses_ptr}/{key}"
        response = self.d.pointer(response_ptr)
        if "$ref" in response:
            response_ptr = response["$ref"]
            response = self.d.deref(response)

        # headers every answer carries
        rid = resp.header("X-Request-Id")
        sent = req_headers.get("X-Request-Id")
        if rid is None:
            self.fail(name, f"{label}: no X-Request-Id")
        elif sent is not None and re.fullmatch(r"[!-~]{1,128}", sent):
            if rid != sent:
                self.fail(name, f"{label}: X-Request-Id {rid!r} is not the client's {sent!r}")
        elif not re.fullmatch(r"[0-9a-f]{16}", rid):
            self.fail(name, f"{label}: generated X-Request-Id {rid!r} is not 16 hex digits")
        elif rid in self.generated_ids:
            self.fail(name, f"{label}: generated X-Request-Id {rid!r} was already used")
        else:
            self.generated_ids.add(rid)
        if resp.header_count("X-Request-Id") > 1:
            self.fail(name, f"{label}: more than one X-Request-Id")
        if resp.header("Access-Control-Allow-Origin") != self.origin:
            self.fail(name, f"{label}: Access-Control-Allow-Origin is "
                            f"{resp.header('Access-Control-Allow-Origin')!r}, not {self.origin!r}")
        if self.origin != "*":
            vary = [v.strip().lower() for k, v in resp.headers if k.lower() == "vary" for v in v.split(",")]
            if "origin" not in vary:
                self.fail(name, f"{label}: no Vary: Origin with --cors-origin {self.origin}")
        if resp.header("X-Content-Type-Options") != "nosniff":
            self.fail(name, f"{label}: X-Content-Type-Options is {resp.header('X-Content-Type-Options')!r}, "
                            "not 'nosniff'")
        expose = resp.header("Access-Control-Expose-Headers") or ""
        exposed = {h.strip().lower() for h in expose.split(",")}
        if "x-request-id" not in exposed:
            self.fail(name, f"{label}: Access-Control-Expose-Headers {expose!r} does not name X-Request-Id")
        # a page reads any header fend sends: CORS-safelisted, or exposed
        for hname in {k.lower() for k, _ in resp.headers} - exposed - CORS_READABLE:
            if not hname.startswith("access-control-"):
                self.fail(name, f"{label}: header {hname} is sent but not in Access-Control-Expose-Headers")

        # the headers this response declares
        for hname, hdef in (response.get("headers") or {}).items():
            hdef_ptr = hdef.get("$ref") if isinstance(hdef, dict) else None
            hdef = self.d.deref(hdef)
            if hname.lower() == "content-type":
                continue
            value = resp.header(hname)
            if value is None:
                if hdef.get("required"):
                    self.fail(name, f"{label}: no {hname} header, which the document requires")
                continue
            schema_ptr = (hdef_ptr + "/schema") if hdef_ptr else None
            instance = value
            schema = hdef.get("schema", {})
            if schema.get("type") == "integer" and re.fullmatch(r"-?[0-9]+", value):
                instance = int(value)
            if schema_ptr:
                errs = self.d.errors(schema_ptr, instance)
            else:
                errs = [e.message for e in self.d.validator_class(schema).iter_errors(instance)]
            for e in errs:
                self.fail(name, f"{label}: header {hname}: {value!r}: {e}")

        # the body
        content = response.get("content")
        mt = resp.media_type()
        if not content:
            if resp.body:
                self.fail(name, f"{label}: a body where the document declares none")
            return None
        if mt is None:
            self.fail(name, f"{label}: no Content-Type (documented: {', '.join(content)})")
            return None
        if mt not in content:
            self.fail(name, f"{label}: Content-Type {resp.header('Content-Type')!r} is not one of "
                            f"{', '.join(content)}")
            return None
        ctype = resp.header("Content-Type").lower().replace(" ", "")
        if mt in ("application/json", "text/plain") and "charset=utf-8" not in ctype:
            self.fail(name, f"{label}: Content-Type {resp.header('Content-Type')!r} lacks charset=utf-8")
        clen = resp.header("Content-Length")
        if method == "head":
            if resp.body:
                self.fail(name, f"{label}: HEAD answered with a body")
            return None
        if clen is not None and int(clen) != len(resp.body):
            self.fail(name, f"{label}: Content-Length {clen} but {len(resp.body)} bytes")
        schema_ptr = f"{response_ptr}/content/{pointer_escape(mt)}/schema"
        magic = {"image/png": b"\x89PNG\r\n\x1a\n", "image/gif": b"GIF89a"}
        if mt in magic:
            # Binary pictures: the signature says what they are; the unit tests decode them.
            if not resp.body.startswith(magic[mt]):
                self.fail(name, f"{label}: a {mt} body that does not start with its signature")
            return None
        try:
            text = resp.body.decode("utf-8")
        except UnicodeDecodeError as exc:
            self.fail(name, f"{label}: the body is not UTF-8 ({exc})")
            return None
        if mt == "application/x-ndjson":
            # one JSON text a line; itemSchema is that of one line, schema that of the text
            for e in self.d.errors(schema_ptr, text):
                self.fail(name, f"{label}: body {e}")
            schema_ptr = f"{response_ptr}/content/{pointer_escape(mt)}/itemSchema"
            records = []
            for number, line in enumerate(text.split("\n")[:-1] if text else [], 1):
                try:
                    record = strict_json(line)
                except ValueError as exc:
                    self.fail(name, f"{label}: line {number} of the NDJSON body is not JSON ({exc})")
                    return None
                if json.dumps(record, ensure_ascii=False, separators=(",", ":")) != line:
                    self.fail(name, f"{label}: line {number}: the JSON is not printed compactly")
                for e in self.d.errors(schema_ptr, record):
                    self.fail(name, f"{label}: line {number}: {e}")
                records.append(record)
            if text and not text.endswith("\n"):
                self.fail(name, f"{label}: the NDJSON body does not end with a newline")
            return records
        if mt.endswith("json"):
            try:
                instance = strict_json(text)
            except ValueError as exc:
                self.fail(name, f"{label}: the body is not JSON ({exc})")
                return None
            compact = json.dumps(instance, ensure_ascii=False, separators=(",", ":"))
            if compact != text:
                self.fail(name, f"{label}: the JSON is not printed compactly (cJSON_PrintUnformatted)")
        else:
            instance = text
        for e in self.d.errors(schema_ptr, instance):
            self.fail(name, f"{label}: body {e}")
        if isinstance(instance, dict) and mt == "application/problem+json":
            if instance.get("status") != resp.status:
                self.fail(name, f"{label}: problem status {instance.get('status')} is not the HTTP status")
        return instance


# ---------------------------------------------------------------- checks of meaning


def want(condition, message):
    if not condition:
        raise Failure(message)


def query(**params):
    return urllib.parse.urlencode(params, quote_via=urllib.parse.quote)


def cli(*args):
    """The fen CLI's JSON for the same request, or None when the CLI is not built."""
    if not os.access(FEN_CLI, os.X_OK):
        return None
    out = subprocess.run([FEN_CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    return strict_json(out.stdout.decode("utf-8"))


def same_as_cli(*args, problem=False):
    def check(resp, body):
        expected = cli(*args)
        if expected is None:
            return
        got = body
        if problem:  # the CLI prints the extension members only; type/title/status come from reply.c
            got = {k: v for k, v in body.items() if k not in ("type", "title", "status")}
        want(got == expected, f"differs from `fen {' '.join(args)}`: {json.dumps(expected)[:400]}")
    return check


def all_of(*checks):
    def check(resp, body):
        for c in checks:
            c(resp, body)
    return check


def run_checks(c, d):
    ok = 200
    # ---- /health, /version, /openapi.yaml
    c.check("health", "GET", "/health", expect=ok,
            then=lambda r, b: want(b == {"status": "ok"}, "not {\"status\":\"ok\"}"))
    c.check("health HEAD", "HEAD", "/health", expect=ok)
    c.check("version", "GET", "/version", expect=ok,
            then=lambda r, b: (want(b["version"] == d.doc["info"]["version"],
                                    f"version {b['version']} but the document is {d.doc['info']['version']}"),
                               want(b["version"] == c.daemon.version,
                                    f"version {b['version']} but the banner says {c.daemon.version}")))
    c.check("version HEAD", "HEAD", "/version", expect=ok)
    c.check("ready", "GET", "/ready", expect=ok,
            then=lambda r, b: want(b == {"status": "ready"}, "not {\"status\":\"ready\"}"))
    c.check("ready HEAD", "HEAD", "/ready", expect=ok)
    c.check("metrics", "GET", "/metrics", expect=ok,
            then=lambda r, b: (want(r.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8",
                                    f"Content-Type {r.header('Content-Type')!r} is not Prometheus text 0.0.4"),
                               want(f'fend_build_info{{version="{c.daemon.version}"}} 1\n'.encode() in r.body,
                                    "no fend_build_info line with the banner's version")))
    c.check("metrics HEAD", "HEAD", "/metrics", expect=ok)
    c.check("openapi.yaml", "GET", "/openapi.yaml", expect=ok,
            then=lambda r, b: want(r.body == d.raw, "the daemon serves another document than "
                                   f"{DOC_PATH} ({len(r.body)} bytes, the file has {len(d.raw)}): rebuild fend"))
    c.check("openapi.yaml HEAD", "HEAD", "/openapi.yaml", expect=ok)
    c.check("request id echoed", "GET", "/health", headers={"X-Request-Id": "req-42"}, expect=ok,
            then=lambda r, b: want(r.header("X-Request-Id") == "req-42", "X-Request-Id not echoed"))
    long_id = "x" * 128
    c.check("request id of 128 bytes echoed", "GET", "/version", headers={"X-Request-Id": long_id}, expect=ok)
    c.check("request id with a space replaced", "GET", "/health", headers={"X-Request-Id": "a b"}, expect=ok)
    c.check("request id of 129 bytes replaced", "GET", "/health", headers={"X-Request-Id": "y" * 129},
            expect=ok)

    # ---- the web page: GET / and its files, byte for byte what web/ holds
    web_modules = ("common.js", "board.js", "fenbox.js", "tabs.js", "play.js", "editor.js", "viewer.js",
                   "descriptive.js", "challenge.js")
    for target, name in [("/", "index.html"), ("/fend.js", "fend.js"), ("/app.js", "app.js"),
                         ("/style.css", "style.css"), ("/favicon.svg", "favicon.svg"), ("/i18n.js", "i18n.js")] + \
            [(f"/{n}", n) for n in web_modules]:
        with open(os.path.join(SOURCE_DIR, "web", name), "rb") as f:
            expected = f.read()
        c.check(f"web {target}", "GET", target, expect=ok,
                then=lambda r, b, expected=expected, name=name: (
                    want(r.body == expected, f"the daemon serves another web/{name} ({len(r.body)} bytes, "
                                             f"the file has {len(expected)}): rebuild fend"),
                    want(r.header("Cache-Control") == "no-cache", "no Cache-Control: no-cache")))
        c.check(f"web {target} HEAD", "HEAD", target, expect=ok)
    # fend's pieces, printed at build time from the renderer's source (tools/sprite-sheet)
    c.check("web /pieces.svg", "GET", "/pieces.svg", expect=ok,
            then=lambda r, b: (want(r.header("Content-Type") == "image/svg+xml", "not image/svg+xml"),
                               want(all(f'id="fend-{p}"' in r.body.decode() for p in "kqrbnp"), "a piece missing")))
    c.check("web page loads only its own files", "GET", "/", expect=ok,
            then=lambda r, b: want(not re.search(r"(src|href)=\"(https?:)?//", b), "a resource from another host"))

    # ---- keep-alive: several requests on one connection
    conn = http.client.HTTPConnection("127.0.0.1", c.client.port, timeout=TIMEOUT)
    try:
        c.check("keep-alive 1", "GET", "/health", expect=ok, conn=conn)
        c.check("keep-alive 2", "POST", "/validate", body={"fen": START}, expect=ok, conn=conn)
        c.check("keep-alive 3", "GET", "/moves?" + query(fen=START), expect=ok, conn=conn)
    finally:
        conn.close()

    # ---- /validate
    valid = lambda r, b: want(b["valid"] is True and not b["errors"], "expected a valid FEN")
    invalid = lambda r, b: want(b["valid"] is False and b["errors"], "expected an invalid FEN")
    c.check("validate POST", "POST", "/validate", body={"fen": E4}, expect=ok,
            then=all_of(valid, same_as_cli("validate", E4)))
    c.check("validate GET", "GET", "/validate?" + query(fen=E4), expect=ok,
            then=all_of(valid, same_as_cli("validate", E4)))
    c.check("validate GET, + for spaces", "GET", "/validate?" + urllib.parse.urlencode({"fen": START}),
            expect=ok, then=all_of(valid, lambda r, b: want(b["fen"] == START, "fen differs")))
    c.check("validate HEAD", "HEAD", "/validate?" + query(fen=E4), expect=ok)
    for name, fen, opts, args in [
        ("start", START, {}, []),
        ("checkmated", CHECKMATED, {}, []),
        ("stalemate", STALEMATE, {}, []),
        ("insufficient material", BARE_KINGS, {}, []),
        ("seventy-five moves", SEVENTY_FIVE, {}, []),
        ("check", CHECK, {}, []),
        ("chess960", CHESS960, {"chess960": True}, ["--chess960"]),
        ("chess960 shredder", CHESS960_CASTLE, {"chess960": True, "castling": "shredder"},
         ["--chess960", "--castling", "shredder"]),
        ("ep legal", E4, {"ep": "legal"}, ["--ep", "legal"]),
        ("ep xfen", EN_PASSANT, {"ep": "xfen"}, ["--ep", "xfen"]),
        ("illegal: no kings", NO_KINGS, {}, []),
        ("illegal: opponent in check", OPPONENT_IN_CHECK, {}, []),
        ("malformed: bad digit", BAD_DIGIT, {}, []),
        ("malformed: empty", "", {}, []),
        ("malformed: too long", START + " " * 300, {}, []),
        ("malformed: 64 bad letters, a full error list", "/".join(["xxxxxxxx"] * 8) + " w - - 0 1", {}, []),
        ("strict: board only", BOARD_ONLY, {}, []),
        ("lenient: board only", BOARD_ONLY, {"mode": "lenient"}, ["--lenient"]),
        ("lenient: sloppy", SLOPPY, {"mode": "lenient"}, ["--lenient"]),
        ("lenient: underscores", UNDERSCORES, {"mode": "lenient"}, ["--lenient"]),
        ("lenient: infer castling", BOARD_ONLY + " w", {"mode": "lenient", "infer_castling": True},
         ["--lenient", "--infer-castling"]),
        ("lenient: fullmove 0", START[:-1] + "0", {"mode": "lenient"}, ["--lenient"]),
        ("strict: explicit", START, {"mode": "strict", "chess960": False, "infer_castling": False,
                                     "ep": "fen", "castling": "standard"}, []),
        ("hint: chess960", CHESS960, {}, []),
        ("hint: chess960, X-FEN", CHESS960_CASTLE.replace("HAha", "KQkq"), {}, []),
        ("hints: chess960 and lenient", CHESS960_TWO_FIELDS + " HFhf", {}, []),
        ("hint: lenient, the seed's two fields", SEED_TWO_FIELDS, {}, []),
        ("hint: lenient, a trailing newline", START + "\n", {}, []),
        ("hint: lenient, not legal", "8/8/8/8/8/8/8/8", {}, []),
        ("hint: none in lenient mode", "8/8/8/8/8/8/8/8", {"mode": "lenient"}, ["--lenient"]),
    ]:
        c.check(f"validate POST {name}", "POST", "/validate", body={"fen": fen, **opts}, expect=ok,
                then=same_as_cli("validate", *args, fen))
    c.check("validate lenient has warnings", "POST", "/validate", body={"fen": SLOPPY, "mode": "lenient"},
            expect=ok, then=lambda r, b: want(b["valid"] and len(b["warnings"]) == 2, "expected 2 warnings"))
    c.check("validate GET lenient", "GET", "/validate?" + query(fen=BOARD_ONLY, mode="lenient",
                                                                 infer_castling="true"),
            expect=ok, then=all_of(valid, lambda r, b: want(b["fields"]["castling"] == "KQkq",
                                                            "castling not inferred")))
    c.check("validate GET chess960=1", "GET", "/validate?" + query(fen=CHESS960, chess960="1",
                                                                    castling="shredder"),
            expect=ok, then=all_of(valid, lambda r, b: want(b["chess960"] is True, "chess960 not set")))
    c.check("validate GET chess960=0", "GET", "/validate?" + query(fen=START, chess960="0", ep="xfen"),
            expect=ok, then=valid)
    c.check("validate GET invalid FEN is 200", "GET", "/validate?" + query(fen=NO_KINGS), expect=ok,
            then=invalid)

    def hints(*expected):
        """The response's hints are exactly these (code, valid) pairs, each naming its option."""
        options = {"chess960": ("chess960", True), "lenient": ("mode", "lenient")}
        def check(r, b):
            got = b.get("hints", [])
            want([(h["code"], h["valid"]) for h in got] == list(expected),
                 f"hints {[(h['code'], h['valid']) for h in got]}, expected {list(expected)}")
            for h in got:
                want((h["option"], h["value"]) == options[h["code"]], f"hint {h['code']} names {h['option']}")
        return check
    c.check("validate: a Chess960 FEN without chess960", "POST", "/validate", body={"fen": CHESS960}, expect=ok,
            then=all_of(invalid, hints(("chess960", True)),
                        lambda r, b: want([e["code"] for e in b["errors"]] == ["castling_needs_chess960"],
                                          "not one castling_needs_chess960 error")))
    c.check("validate: the hint's option reads it", "POST", "/validate", body={"fen": CHESS960, "chess960": True},
            expect=ok, then=all_of(valid, lambda r, b: want("hints" not in b, "a valid FEN with hints")))
    c.check("validate: Shredder-FEN of a standard position, no hint", "POST", "/validate",
            body={"fen": START.replace("KQkq", "HAha")}, expect=ok, then=all_of(valid, hints()))
    c.check("validate: the seed's two fields", "GET", "/validate?" + query(fen=SEED_TWO_FIELDS), expect=ok,
            then=all_of(invalid, hints(("lenient", True))))
    c.check("validate: lenient reads the seed", "GET", "/validate?" + query(fen=SEED_TWO_FIELDS, mode="lenient"),
            expect=ok, then=all_of(valid, hints()))
    c.check("validate: both hints", "POST", "/validate", body={"fen": CHESS960_TWO_FIELDS + " HFhf"}, expect=ok,
            then=hints(("chess960", False), ("lenient", True)))
    c.check("validate: a trailing newline is bad_whitespace", "POST", "/validate", body={"fen": START + "\n"},
            expect=ok, then=all_of(hints(("lenient", True)), lambda r, b: want(
                [(e["code"], e["offset"], e["length"]) for e in b["errors"]] == [("bad_whitespace", 56, 1)],
                "not one bad_whitespace at 56")))
    c.check("validate: nothing reads hello", "POST", "/validate", body={"fen": "hello"}, expect=ok,
            then=all_of(invalid, hints()))
    # expected: the FEN compared with the one it should be, field by field, square by square
    def compared(equal, fields, squares, ranks=()):
        def check(r, b):
            cmp = b.get("comparison")
            want(cmp is not None, "no comparison")
            want(cmp["equal"] is equal, f"equal is {cmp['equal']}")
            want(cmp["fields"] == list(fields), f"fields {cmp['fields']}, expected {list(fields)}")
            got = [(s["square"], s["expected"], s["given"]) for s in cmp["squares"]]
            want(got == list(squares), f"squares {got}, expected {list(squares)}")
            want(cmp["unreadable_ranks"] == list(ranks), f"unreadable_ranks {cmp['unreadable_ranks']}")
        return check
    c.check("validate with expected: the same FEN", "POST", "/validate", body={"fen": E4, "expected": E4},
            expect=ok, then=all_of(valid, compared(True, [], [])))
    c.check("validate with expected: a pawn on e3, not e4, and no en-passant square", "POST", "/validate",
            body={"fen": "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "expected": E4}, expect=ok,
            then=compared(False, ["board", "en_passant"], [("e4", "P", None), ("e3", None, "P")]))
    c.check("validate with expected: a rank of seven squares, two fields missing", "POST", "/validate",
            body={"fen": "rnbqkbnr/ppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3", "expected": E4}, expect=ok,
            then=all_of(invalid, compared(False, ["board", "halfmove", "fullmove"], [], [7])))
    c.check("validate with expected: expected must be valid", "POST", "/validate",
            body={"fen": E4, "expected": "hello"}, expect=400, code="invalid_field", field="expected")
    c.check("validate: a Unicode character quoted whole", "POST", "/validate",
            body={"fen": START.replace(" KQkq ", " \u2013 ")}, expect=ok,
            then=lambda r, b: want(b["errors"][0]["message"].startswith("'\u2013' (U+2013) is not '-'"),
                                   f"message {b['errors'][0]['message']!r}"))
    # ---- bulk /validate: NDJSON in, NDJSON out, streamed
    ndjson = {"Content-Type": "application/x-ndjson"}
    bulk_lines = [json.dumps(E4), "not json", "", json.dumps({"fen": BOARD_ONLY, "mode": "lenient"}),
                  json.dumps({"fen": 1}), json.dumps(NO_KINGS)]
    bulk_body = "\n".join(bulk_lines) + "\n"

    def bulk_same_as_cli(*args):
        def check(r, b):
            if not os.access(FEN_CLI, os.X_OK):
                return
            out = subprocess.run([FEN_CLI, "validate", *args, "--ndjson", "-"], input=bulk_body.encode(),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
            want(r.body == out.stdout, f"differs from `fen validate {' '.join(args)} --ndjson -`: "
                                       f"{out.stdout[:300]!r}")
        return check

    def bulk_records(r, b):
        want([rec["line"] for rec in b] == [1, 2, 4, 5, 6], f"lines {[rec['line'] for rec in b]}")
        want(b[0]["result"]["valid"] and b[0]["result"]["fen"] == E4, "line 1 is not E4, valid")
        want(b[1]["error"]["code"] == "malformed_json", "line 2 is not malformed_json")
        want(b[3]["error"]["code"] == "invalid_field" and b[3]["error"]["field"] == "fen",
             "line 5 is not invalid_field fen")
        want(b[4]["result"]["valid"] is False, "line 6 is valid")
        want(r.header("Transfer-Encoding") == "chunked", "not chunked")
    c.check("validate bulk NDJSON", "POST", "/validate", body=bulk_body, headers=ndjson, expect=ok,
            then=all_of(bulk_records, bulk_same_as_cli()))
    c.check("validate bulk, query defaults", "POST", "/validate?" + query(mode="lenient", ep="legal"),
            body=bulk_body, headers={"Content-Type": "application/jsonl"}, expect=ok,
            then=all_of(lambda r, b: want(b[2]["result"]["valid"], "lenient default not applied"),
                        bulk_same_as_cli("--lenient", "--ep", "legal")))
    c.check("validate bulk, bad query option", "POST", "/validate?" + query(castling="weird"), body=bulk_body,
            headers=ndjson, expect=400, code="invalid_field", field="castling")
    c.check("validate bulk, empty body", "POST", "/validate", body=b"", headers=ndjson, expect=ok,
            then=lambda r, b: want(r.body == b"", "an empty body gets records"))
    c.check("validate bulk, chunked upload", "POST", "/validate",
            raw=lambda: c.client.raw("POST", "/validate", [("Content-Type", "application/x-ndjson"),
                                                           ("Transfer-Encoding", "chunked")],
                                     [bulk_body[:17].encode(), bulk_body[17:].encode()], chunked=True),
            expect=ok, then=bulk_records)
    # ---- framing fend refuses itself (libmicrohttpd would let these through)
    for name, hdrs in [("two Content-Length", [("Content-Length", "66"), ("Content-Length", "66")]),
                       ("Content-Length and chunked", [("Content-Length", "5"), ("Transfer-Encoding", "chunked")]),
                       ("Transfer-Encoding gzip", [("Transfer-Encoding", "gzip")]),
                       ("whitespace before a colon", [("Transfer-Encoding ", "chunked")]),
                       ("a control byte in a value", [("X-Note", "a\x01b")]),
                       ("two Host headers", [("Host", "other")])]:
        c.check(f"framing: {name}", "POST", "/validate",
                raw=lambda hdrs=hdrs: c.client.raw("POST", "/validate",
                                                   [("Content-Type", "application/json")] + hdrs,
                                                   [json.dumps({"fen": START}).encode()]),
                expect=400, code="invalid_framing",
                then=lambda r, b: want(r.header("Connection") == "close", "the connection is not closed"))
    # ---- the head's limits, the same on every path
    c.check("a target over 8 KiB", "GET", "/validate?" + urllib.parse.urlencode({"fen": "x" * 9000}),
            expect=414, code="uri_too_long",
            then=lambda r, b: want(b["limit"] == 8192 and r.header("Connection") == "close", "no limit or close"))
    c.check("header fields over 16 KiB", "GET", "/health", headers={f"X-Pad-{i}": "p" * 1000 for i in range(17)},
            expect=431, code="headers_too_large", then=lambda r, b: want(b["limit"] == 16384, "no limit"))
    c.check("validate unknown member refused", "POST", "/validate",
            body={"fen": START, "colour": "blue", "extra": {"a": [1, 2]}}, expect=400, code="unknown_parameter",
            then=lambda r, b: want(b["parameter"] == "colour" and b["in"] == "body", "not the member colour"))
    c.check("validate member of another case", "POST", "/validate", body={"FEN": START}, expect=400,
            code="unknown_parameter",
            then=lambda r, b: want(b["detail"].endswith("did you mean `fen`?"), f"no suggestion: {b['detail']}"))
    c.check("validate members below the top are not checked", "POST", "/validate",
            body={"fen": START, "mode": "strict"}, expect=ok, then=valid)
    c.check("validate without Content-Type", "POST", "/validate", body=json.dumps({"fen": START}).encode(),
            headers={}, expect=ok, then=valid)
    c.check("validate application/*+json", "POST", "/validate", body=json.dumps({"fen": START}).encode(),
            headers={"Content-Type": "application/vnd.fend+json"}, expect=ok, then=valid)
    c.check("validate Content-Type case and params", "POST", "/validate",
            body=json.dumps({"fen": START}).encode(),
            headers={"Content-Type": "Application/JSON; Charset=UTF-8"}, expect=ok, then=valid)
    c.check("validate chunked body", "POST", "/validate",
            raw=lambda: c.client.raw("POST", "/validate",
                                     [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
                                     [b'{"fen":', json.dumps(START).encode(), b"}"], chunked=True),
            expect=ok, then=valid)
    # 400
    c.check("malformed JSON", "POST", "/validate", body=b'{"fen": ',
            headers={"Content-Type": "application/json"}, expect=400, code="malformed_json")
    c.check("malformed JSON offset", "POST", "/validate", body=b'{"fen": "x",,}',
            headers={"Content-Type": "application/json"}, expect=400, code="malformed_json",
            then=lambda r, b: want(0 <= b["offset"] <= 14, f"offset {b['offset']} is outside the body"))
    c.check("empty body", "POST", "/validate", body=b"", headers={"Content-Type": "application/json"},
            expect=400, code="malformed_json")
    c.check("body is an array", "POST", "/validate", body=[START], expect=400, code="malformed_json")
    c.check("body is a string", "POST", "/validate", body=json.dumps(START).encode(),
            headers={"Content-Type": "application/json"}, expect=400, code="malformed_json")
    c.check("missing fen", "POST", "/validate", body={"mode": "strict"}, expect=400, code="missing_field",
            field="fen")
    c.check("fen not a string", "POST", "/validate", body={"fen": 42}, expect=400, code="invalid_field",
            field="fen")
    c.check("bad mode", "POST", "/validate", body={"fen": START, "mode": "loose"}, expect=400,
            code="invalid_field", field="mode")
    c.check("chess960 not a bool", "POST", "/validate", body={"fen": START, "chess960": "yes"}, expect=400,
            code="invalid_field", field="chess960")
    c.check("infer_castling not a bool", "POST", "/validate", body={"fen": START, "infer_castling": 1},
            expect=400, code="invalid_field", field="infer_castling")
    c.check("bad ep", "POST", "/validate", body={"fen": START, "ep": "always"}, expect=400,
            code="invalid_field", field="ep")
    c.check("bad castling", "POST", "/validate", body={"fen": START, "castling": "xfen"}, expect=400,
            code="invalid_field", field="castling")
    c.check("GET missing fen", "GET", "/validate", expect=400, code="missing_field", field="fen")
    c.check("GET bad mode", "GET", "/validate?" + query(fen=START, mode="loose"), expect=400,
            code="invalid_field", field="mode")
    c.check("GET bad chess960", "GET", "/validate?" + query(fen=START, chess960="maybe"), expect=400,
            code="invalid_field", field="chess960")
    c.check("GET bad ep", "GET", "/validate?" + query(fen=START, ep="x"), expect=400, code="invalid_field",
            field="ep")
    c.check("HEAD missing fen", "HEAD", "/validate", expect=400)
    # 413, 415
    c.check("too large by Content-Length", "POST", "/validate",
            raw=lambda: c.client.raw("POST", "/validate", [("Content-Type", "application/json"),
                                                           ("Content-Length", str(1048577))]),
            expect=413, code="payload_too_large",
            then=lambda r, b: want(b["limit"] == 1048576, f"limit {b['limit']}, not the default 1048576"))
    big = b'{"fen":"' + b" " * (1 << 16)
    c.check("too large, chunked", "POST", "/validate",
            raw=lambda: c.client.raw("POST", "/validate",
                                     [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
                                     [big] * 17, chunked=True),
            expect=413, code="payload_too_large")
    c.check("text/plain body", "POST", "/validate", body=START.encode(), headers={"Content-Type": "text/plain"},
            expect=415, code="unsupported_media_type")
    c.check("form body", "POST", "/validate", body=query(fen=START).encode(),
            headers={"Content-Type": "application/x-www-form-urlencoded"}, expect=415,
            code="unsupported_media_type")

    # ---- /apply-move: the language of SAN, when no lang is given
    seed_en = {}
    c.check("apply the seed's English game", "POST", "/apply-move", body={"fen": START, "moves": SEED_EN_MOVES},
            expect=ok, then=lambda r, b: (seed_en.update(b), want("lang_detected" not in b, "English said")))
    c.check("apply the seed's Italian game, no lang", "POST", "/apply-move", body={"fen": START, "moves": SEED_IT_MOVES},
            expect=ok,
            then=all_of(lambda r, b: want(b["lang_detected"] == "it" and
                                          [(m["san"], m["fen"]) for m in b["moves"]] ==
                                          [(m["san"], m["fen"]) for m in seed_en["moves"]] and
                                          b["moves"][2]["warnings"][0]["code"] == "lang_detected",
                                          "not the English original's moves, said Italian"),
                        same_as_cli("apply", START, *SEED_IT_MOVES)))
    c.check("apply the seed's Italian game, lang it", "POST", "/apply-move",
            body={"fen": START, "moves": SEED_IT_MOVES, "lang": "it"}, expect=ok,
            then=lambda r, b: want("lang_detected" not in b and b["moves"][2]["san"] == "Cf3" and
                                   [m["fen"] for m in b["moves"]] == [m["fen"] for m in seed_en["moves"]],
                                   "lang it: the same FENs, Italian SAN"))
    c.check("apply Cc3 is a knight", "POST", "/apply-move", body={"fen": START, "moves": ["d4", "d5", "Cc3", "Cc6"]},
            expect=ok, then=lambda r, b: want(b["uci"] == "b8c6" and b["moves"][2]["uci"] == "b1c3", "knights"))
    c.check("apply one Italian move", "POST", "/apply-move", body={"fen": START, "move": "Cf3"}, expect=ok,
            then=lambda r, b: want(b["lang_detected"] == "it" and b["warnings"][0]["code"] == "lang_detected",
                                   "one move: the warning at the top"))
    c.check("apply two languages, two games", "POST", "/apply-move", body={"fen": ROOKS, "moves": ["Rf1", "Rf8"]},
            expect=422, code="ambiguous_language", field="moves",
            then=all_of(lambda r, b: want(b["index"] == 0 and len(b["readings"]) == 2, "where they part"),
                        same_as_cli("apply", ROOKS, "Rf1", "Rf8", problem=True)))
    c.check("apply no language reads it, the hint", "POST", "/apply-move",
            body={"fen": START, "moves": ["e4", "e5", "Cf3", "Cc6", "Ac4", "Zz9"]}, expect=422, code="illegal_move",
            field="moves", then=lambda r, b: want(b["lang_hint"] == {"lang": "it", "langs": ["it", "es"], "plies": 5},
                                                  f"lang_hint {b.get('lang_hint')}"))
    c.check("apply ambiguous move read in Italian, the hint", "POST", "/apply-move",
            body={"fen": "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "move": "Cd2"}, expect=422, code="ambiguous_move",
            then=lambda r, b: want(b["lang_hint"]["lang"] == "it", "no lang_hint"))

    # ---- /apply-move
    c.check("apply one move", "POST", "/apply-move", body={"fen": START, "move": "e2e4"}, expect=ok,
            then=all_of(same_as_cli("apply", START, "e2e4"),
                        lambda r, b: want("moves" not in b, "moves listed for a single move")))
    c.check("apply several moves", "POST", "/apply-move",
            body={"fen": START, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}, expect=ok,
            then=all_of(same_as_cli("apply", START, "f2f3", "e7e5", "g2g4", "d8h4"),
                        lambda r, b: want(b["status"]["checkmate"] and len(b["moves"]) == 4, "not fool's mate")))
    c.check("apply descriptive, with notes", "POST", "/apply-move",
            body={"fen": START, "notation": "descriptive", "moves": ["P-K4", "P-K4", "N-KB3", "N-QB3", "B-N5"]},
            expect=ok, then=lambda r, b: want(b["san"] == "Bb5" and [n["code"] for n in b["notes"]] == ["side_inferred"]
                                              and b["notes"][0]["field"] == "moves", "B-N5 noted as side_inferred"))
    c.check("apply one-element list", "POST", "/apply-move", body={"fen": START, "moves": ["g1f3"]}, expect=ok,
            then=lambda r, b: want(len(b["moves"]) == 1 and b["uci"] == "g1f3", "one ply expected"))
    c.check("apply empty list", "POST", "/apply-move", body={"fen": START, "moves": []}, expect=ok,
            then=lambda r, b: want(b["uci"] is None and b["moves"] == [] and b["fen"] == START,
                                   "an empty list changes nothing"))
    c.check("apply castling", "POST", "/apply-move", body={"fen": CASTLES, "moves": ["e1g1", "e8c8"]},
            expect=ok, then=same_as_cli("apply", CASTLES, "e1g1", "e8c8"))
    c.check("apply promotion, upper-case letter", "POST", "/apply-move", body={"fen": PROMOTION, "move": "a7a8Q"},
            expect=ok, then=lambda r, b: want(b["uci"] == "a7a8q" and b["status"]["check"], "promotion"))
    c.check("apply en passant", "POST", "/apply-move", body={"fen": EN_PASSANT, "move": "e5d6", "ep": "legal"},
            expect=ok, then=same_as_cli("apply", "--ep", "legal", EN_PASSANT, "e5d6"))
    c.check("apply chess960 castling", "POST", "/apply-move",
            body={"fen": CHESS960_CASTLE, "chess960": True, "move": "b1h1", "castling": "shredder"}, expect=ok,
            then=same_as_cli("apply", "--chess960", "--castling", "shredder", CHESS960_CASTLE, "b1h1"))
    c.check("apply chess960 king step b1c1", "POST", "/apply-move",
            body={"fen": CHESS960_CASTLE, "chess960": True, "move": "b1c1"}, expect=ok)
    c.check("apply lenient", "POST", "/apply-move", body={"fen": BOARD_ONLY, "mode": "lenient", "move": "d2d4"},
            expect=ok, then=same_as_cli("apply", "--lenient", BOARD_ONLY, "d2d4"))
    c.check("apply to stalemate", "POST", "/apply-move", body={"fen": "7k/8/4Q3/6K1/8/8/8/8 w - - 0 1",
                                                               "move": "e6f7"},
            expect=ok, then=lambda r, b: want(b["status"]["outcome"] == "stalemate", "not stalemate"))
    c.check("apply: 10000 moves accepted", "POST", "/apply-move",
            body={"fen": START, "moves": ["g1f3", "g8f6", "f3g1", "f6g8"] * 2500}, expect=ok,
            then=lambda r, b: want(len(b["moves"]) == 10000, "not 10000 plies"))
    # 400
    c.check("apply: neither move nor moves", "POST", "/apply-move", body={"fen": START}, expect=400,
            code="missing_field", field="move")
    c.check("apply: both move and moves", "POST", "/apply-move", body={"fen": START, "move": "e2e4",
                                                                       "moves": ["e2e4"]},
            expect=400, code="invalid_field", field="moves")
    c.check("apply: missing fen", "POST", "/apply-move", body={"move": "e2e4"}, expect=400,
            code="missing_field", field="fen")
    c.check("apply: moves not an array", "POST", "/apply-move", body={"fen": START, "moves": "e2e4"},
            expect=400, code="invalid_field", field="moves")
    c.check("apply: moves of numbers", "POST", "/apply-move", body={"fen": START, "moves": [1, 2]},
            expect=400, code="invalid_field", field="moves")
    c.check("apply: move not a string", "POST", "/apply-move", body={"fen": START, "move": 5}, expect=400,
            code="invalid_field", field="move")
    c.check("apply: 10001 moves", "POST", "/apply-move", body={"fen": START, "moves": ["e2e4"] * 10001},
            expect=400, code="invalid_field", field="moves")
    c.check("apply: malformed JSON", "POST", "/apply-move", body=b"{", headers={"Content-Type": "application/json"},
            expect=400, code="malformed_json")
    c.check("apply: bad castling style", "POST", "/apply-move",
            body={"fen": START, "move": "e2e4", "castling": "x"}, expect=400, code="invalid_field", field="castling")
    # 413, 415
    c.check("apply: too large", "POST", "/apply-move",
            raw=lambda: c.client.raw("POST", "/apply-move", [("Content-Type", "application/json"),
                                                             ("Content-Length", str(1 << 21))]),
            expect=413, code="payload_too_large")
    c.check("apply: text/plain", "POST", "/apply-move", body=b"e2e4", headers={"Content-Type": "text/plain"},
            expect=415, code="unsupported_media_type")
    # 422
    c.check("apply: invalid FEN", "POST", "/apply-move", body={"fen": NO_KINGS, "move": "e2e4"}, expect=422,
            code="invalid_fen", then=same_as_cli("apply", NO_KINGS, "e2e4", problem=True))
    c.check("apply: malformed FEN", "POST", "/apply-move", body={"fen": BAD_DIGIT, "moves": ["e2e4"]},
            expect=422, code="invalid_fen",
            then=lambda r, b: want(b["detail"] == b["errors"][0]["message"], "detail is not the first error"))
    c.check("apply: FEN valid only when lenient", "POST", "/apply-move", body={"fen": BOARD_ONLY, "move": "e2e4"},
            expect=422, code="invalid_fen")
    c.check("apply: illegal move", "POST", "/apply-move", body={"fen": START, "move": "e2e5"}, expect=422,
            code="illegal_move",
            then=all_of(same_as_cli("apply", START, "e2e5", problem=True),
                        lambda r, b: want(b["reason"] == "not_legal" and b["index"] == 0, "reason/index")))
    c.check("apply: malformed move in a list", "POST", "/apply-move", body={"fen": START, "moves": ["e2e4", "xyz"]},
            expect=422, code="illegal_move",
            then=all_of(same_as_cli("apply", START, "e2e4", "xyz", problem=True),
                        lambda r, b: want(b["reason"] == "malformed" and b["index"] == 1, "reason/index")))
    c.check("apply: illegal third move", "POST", "/apply-move",
            body={"fen": START, "moves": ["e2e4", "e7e5", "e1e3"]}, expect=422, code="illegal_move",
            then=lambda r, b: want(b["index"] == 2 and b["fen"] ==
                                   "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", "index/fen"))
    c.check("apply: promotion letter missing", "POST", "/apply-move", body={"fen": PROMOTION, "move": "a7a8"},
            expect=422, code="illegal_move")
    c.check("apply: long move cut to 64 bytes", "POST", "/apply-move", body={"fen": START, "move": "e" * 100},
            expect=422, code="illegal_move",
            then=lambda r, b: want(b["move"] == "e" * 64 and b["reason"] == "malformed", "move not cut to 64"))
    c.check("apply: multi-byte move is cut inside a character", "POST", "/apply-move",
            body={"fen": START, "move": "\u20ac" * 30}, expect=422, code="illegal_move")
    c.check("apply: move of invalid UTF-8", "POST", "/apply-move",
            body=b'{"fen":"' + START.encode() + b'","move":"\xff\xfe"}',
            headers={"Content-Type": "application/json"}, expect=400, code="malformed_json")
    c.check("validate: a \\u0000 escape would cut the FEN short", "POST", "/validate",
            body=b'{"fen":"' + START.encode() + b'\\u0000 junk"}',
            headers={"Content-Type": "application/json"}, expect=400, code="malformed_json",
            then=lambda r, b: want(b["offset"] == len('{"fen":"' + START), "offset of the escape"))
    c.check("apply: move after mate", "POST", "/apply-move", body={"fen": CHECKMATED, "move": "e1f2"},
            expect=422, code="illegal_move",
            then=lambda r, b: want(b["legal_moves"] == [], "a mated side has no legal moves"))

    # ---- /convert
    with open(os.path.join(SOURCE_DIR, "tests", "data", "guevara-1962.txt"), encoding="utf-8") as f:
        guevara = f.read().rstrip("\n")

    def guevara_read(r, b):
        want(len(b["moves"]) == 52, f"{len(b['moves'])} plies, not 52")
        want(b["final_fen"] == "2r5/p5kp/6p1/2pn1p2/8/4PN1P/P4PP1/2R3K1 w - - 2 27", "final FEN")
        want("26. Rc1 Rc8 1/2-1/2" in b["pgn"].replace("\n", " "), "PGN movetext ends 26. Rc1 Rc8 1/2-1/2")
        want(b["moves"][28]["given"] == "AxP" and b["moves"][29]["given"] == "C3A", "15-AxP;C3A")
        want(any(n["code"] == "text_ignored" for n in b["notes"]), "the closing sentence is noted")
    c.check("convert the Guevara game", "POST", "/convert",
            body={"text": guevara, "from": "descriptive", "lang": "es", "tags": {"Result": "1/2-1/2"}}, expect=ok,
            then=guevara_read)
    c.check("convert English descriptive", "POST", "/convert",
            body={"text": "1. P-K4 P-K4 2. N-KB3 N-QB3 3. B-N5 P-QR3", "from": "descriptive"}, expect=ok,
            then=lambda r, b: want([m["san"] for m in b["moves"]] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], "SAN"))
    c.check("convert from a position", "POST", "/convert",
            body={"text": "12... PxP e.p.", "from": "descriptive", "fen": "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 12",
                  "ep": "legal"}, expect=ok,
            then=lambda r, b: want(b["moves"][0]["uci"] == "e4d3", "en passant"))
    c.check("convert SAN in Italian", "POST", "/convert",
            body={"text": "1. e4 e5 2. Cf3 Cc6 1-0", "from": "san", "lang": "it"}, expect=ok,
            then=lambda r, b: want(b["pgn"].endswith("2. Nf3 Nc6 1-0\n"), "PGN in English SAN"))
    c.check("convert UCI", "POST", "/convert", body={"text": "e2e4 e7e5", "from": "uci"}, expect=ok)
    c.check("convert the seed's Italian game, no lang", "POST", "/convert", body={"text": SEED_IT, "from": "san"},
            expect=ok, then=lambda r, b: want(b["lang_detected"] == "it" and
                                              b["pgn"].replace("\n", " ").endswith("8. dxc6 Bxh1 9. Rxa7 1-0 ") and
                                              b["notes"][0]["code"] == "lang_detected", "read as Italian"))
    c.check("convert two languages, two games", "POST", "/convert",
            body={"text": "1. Rf1 Rf8", "from": "san", "fen": ROOKS}, expect=422, code="ambiguous_language")
    c.check("convert no language reads it, the hint", "POST", "/convert",
            body={"text": "1. e4 e5 2. Cf3 Cc6 3. Ac4 Zz9", "from": "san"}, expect=422, code="illegal_move",
            then=lambda r, b: want(b["lang_hint"]["plies"] == 5, "no lang_hint"))
    c.check("convert to German SAN", "POST", "/convert",
            body={"text": "1. P-K4 P-K4 2. N-KB3", "from": "descriptive", "san_lang": "de"}, expect=ok,
            then=lambda r, b: want([m["san"] for m in b["moves"]] == ["e4", "e5", "Sf3"] and
                                   b["pgn"].endswith("2. Nf3 *\n"), "German SAN in moves, English in the PGN"))
    # annotations: comments, NAGs and glyphs, variations, prose between the moves, in the
    # moves and the PGN; /pgn reads that PGN back into the same FENs, comments and NAGs
    annotated = ("1 P-K4 P-K4 2 N-KB3 {attacking the pawn} N-QB3 3 B-N5 \u00b1 P-QR3 "
                 "(3 ... N-B3 4 O-O NxP) 4 B-R4 the classical retreat 4 ... N-B3 5 O-O B-K2 $10")

    def plies_of(moves):
        return [(m["fen"], m["comment"], [n["nag"] for n in m["nags"]], [plies_of(v) for v in m["variations"]])
                for m in moves]

    def annotated_read(r, b):
        m = b["moves"]
        want(len(m) == 10 and m[2]["comment"] == "attacking the pawn", "the comment of 2. N-KB3")
        want(m[4]["nag"] == 16 and m[4]["nags"] == [{"nag": 16, "glyph": "\u00b1",
                                                      "meaning": "White has a moderate advantage"}], "3. B-N5 \u00b1")
        want([x["san"] for x in m[5]["variations"][0]] == ["Nf6", "O-O", "Nxe4"], "the variation, from its position")
        want(m[6]["comment"] == "the classical retreat", "prose between the moves as a comment")
        want(any(n["code"] == "text_as_comment" and n["ply"] == 6 for n in b["notes"]), "text_as_comment noted")
        want("3. Bb5 $16 3... a6 (3... Nf6 4. O-O Nxe4) 4. Ba4 {the classical retreat}" in b["pgn"].replace("\n", " "),
             "the PGN holds the annotations")
        _, back = c.check("convert annotated: /pgn reads its PGN back", "POST", "/pgn",
                          body={"pgn": b["pgn"]}, expect=ok)
        if isinstance(back, dict):
            want(plies_of(back["games"][0]["moves"]) == plies_of(m), "/pgn reads back another game")
    c.check("convert annotated English descriptive", "POST", "/convert",
            body={"text": annotated, "from": "descriptive"}, expect=ok, then=annotated_read)
    c.check("convert annotated Spanish descriptive", "POST", "/convert",
            body={"text": "{La Habana} 1-CR3A,P4D,2-P4AD {el gambito},P3AD (2...P3R 3-C3AD) 3-P4D!?,C3A",
                  "from": "descriptive", "lang": "es"}, expect=ok,
            then=lambda r, b: want(b["comment"] == "La Habana" and b["moves"][2]["comment"] == "el gambito" and
                                   [x["san"] for x in b["moves"][3]["variations"][0]] == ["e6", "Nc3"] and
                                   b["moves"][4]["nag"] == 5, "the Spanish game's annotations"))
    c.check("convert annotated SAN", "POST", "/convert",
            body={"text": "1.e4 e5 2.Nf3 ; the usual\nNc6 (2...d6 {Philidor} 3.d4) 3.Bb5 a6!? 1-0", "from": "san"},
            expect=ok,
            then=lambda r, b: want(b["moves"][2]["comment"] == "the usual" and
                                   b["moves"][3]["variations"][0][0]["comment"] == "Philidor" and
                                   b["moves"][5]["nags"][0]["nag"] == 5, "the SAN game's annotations"))
    c.check("convert: a variation's move not legal there", "POST", "/convert",
            body={"text": "1. P-K4 P-K4 2. N-KB3 (2. P-KB4 P-K5) N-QB3", "from": "descriptive"},
            expect=422, code="illegal_move",
            then=lambda r, b: want(b["token"] == "P-K5" and b["index"] == 3 and b["depth"] == 1, "where, in the variation"))
    c.check("convert: a comment never closed", "POST", "/convert",
            body={"text": "1. P-K4 {the best P-K4", "from": "descriptive"}, expect=422, code="unreadable_game",
            then=lambda r, b: want(b["reason"] == "unbalanced_braces" and b["offset"] == 8, "the brace"))
    c.check("convert: parentheses that do not balance", "POST", "/convert",
            body={"text": "1. e4 e5) 2. Nf3", "from": "san"}, expect=422, code="unreadable_game",
            then=lambda r, b: want(b["reason"] == "unbalanced_parentheses" and b["offset"] == 8, "the parenthesis"))
    c.check("convert: bad san_lang", "POST", "/convert",
            body={"text": "1. e4", "from": "san", "san_lang": "klingon"}, expect=400, code="invalid_field",
            field="san_lang")
    c.check("convert: ambiguous noted", "POST", "/convert", body={"text": "1. N-B3", "from": "descriptive"},
            expect=ok, then=lambda r, b: want(b["notes"][0]["code"] == "still_ambiguous", "still_ambiguous"))
    c.check("convert: ambiguous, strict", "POST", "/convert",
            body={"text": "1. N-B3", "from": "descriptive", "strict": True}, expect=422, code="ambiguous_move")
    c.check("convert: SAN ambiguous", "POST", "/convert",
            body={"text": "1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Nb5", "from": "san"}, expect=422, code="ambiguous_move")
    c.check("convert: not legal", "POST", "/convert", body={"text": "1. P-K4 P-K5", "from": "descriptive"},
            expect=422, code="illegal_move",
            then=lambda r, b: want(b["token"] == "P-K5" and b["offset"] == 8 and b["reason"] == "not_legal", "token"))
    c.check("convert: not notation", "POST", "/convert", body={"text": "1-CR3A,P9D", "from": "descriptive",
                                                                "lang": "es"},
            expect=422, code="illegal_move", then=lambda r, b: want(b["reason"] == "malformed", "malformed"))
    c.check("convert: no moves", "POST", "/convert", body={"text": "", "from": "descriptive"}, expect=422,
            code="unreadable_game")
    c.check("convert: invalid FEN", "POST", "/convert", body={"text": "P-K4", "from": "descriptive",
                                                              "fen": NO_KINGS}, expect=422, code="invalid_fen")
    c.check("convert: missing text", "POST", "/convert", body={"from": "descriptive"}, expect=400,
            code="missing_field", field="text")
    c.check("convert: bad from", "POST", "/convert", body={"text": "P-K4", "from": "fen"}, expect=400,
            code="invalid_field", field="from")
    c.check("convert: bad tags", "POST", "/convert", body={"text": "P-K4", "from": "descriptive", "tags": {"a b": "x"}},
            expect=400, code="invalid_field", field="tags")
    c.check("convert: malformed JSON", "POST", "/convert", body=b"{", headers={"Content-Type": "application/json"},
            expect=400, code="malformed_json")
    c.check("convert: too large", "POST", "/convert",
            raw=lambda: c.client.raw("POST", "/convert", [("Content-Type", "application/json"),
                                                          ("Content-Length", str(1048577))]),
            expect=413, code="payload_too_large")
    c.check("convert: text/plain", "POST", "/convert", body=b"P-K4", headers={"Content-Type": "text/plain"},
            expect=415, code="unsupported_media_type")
    # /apply-move with SAN: every form, the languages, strict reading, history and PGN
    c.check("apply SAN, lenient forms warned", "POST", "/apply-move", body={"fen": START, "move": "Ng1-f3!"},
            expect=ok, then=all_of(same_as_cli("apply", START, "Ng1-f3!"),
                                   lambda r, b: want(b["san"] == "Nf3" and b["uci"] == "g1f3" and b["nag"] == 1 and
                                                     [w["code"] for w in b["warnings"]] ==
                                                     ["coordinate_move", "annotation"], "SAN warnings")))
    c.check("apply SAN game with tags", "POST", "/apply-move",
            body={"fen": START, "moves": ["e4", "e5", "Nf3", "Nc6", "Bb5"], "tags": {"White": "Morphy"}}, expect=ok,
            then=lambda r, b: want(b["san"] == "Bb5" and "[White \"Morphy\"]" in b["pgn"] and
                                   b["pgn"].endswith("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n") and
                                   [m["lan"] for m in b["moves"]][-1] == "Bf1-b5", "SAN game / PGN"))
    c.check("apply SAN in Italian", "POST", "/apply-move",
            body={"fen": START, "moves": ["e4", "e5", "Cf3"], "lang": "it"}, expect=ok,
            then=same_as_cli("apply", "--lang", "it", START, "e4", "e5", "Cf3"))
    c.check("apply SAN figurines from black", "POST", "/apply-move",
            body={"fen": E4, "move": "\u265ef6", "lang": "figurine"}, expect=ok,
            then=lambda r, b: want(b["san"] == "\u265ef6" and b["uci"] == "g8f6", "figurine"))
    c.check("apply notation san takes coordinates", "POST", "/apply-move",
            body={"fen": START, "move": "e2e4", "notation": "san"}, expect=ok,
            then=lambda r, b: want(b["warnings"][0]["code"] == "coordinate_move", "coordinate warning"))
    c.check("apply history, threefold", "POST", "/apply-move",
            body={"fen": "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1", "history": ["Nf3"],
                  "moves": ["Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]}, expect=ok,
            then=lambda r, b: want(b["status"]["repetitions"] == 3 and b["status"]["threefold_repetition"] and
                                   b["pgn"].count("Nf3") == 2, "threefold"))
    c.check("apply fivefold repetition", "POST", "/apply-move",
            body={"fen": START, "moves": ["Nf3", "Nf6", "Ng1", "Ng8"] * 4}, expect=ok,
            then=lambda r, b: want(b["status"]["outcome"] == "fivefold_repetition" and
                                   b["status"]["result"] == "1/2-1/2" and "1/2-1/2\n" in b["pgn"], "fivefold"))
    c.check("apply: history not leading to fen", "POST", "/apply-move",
            body={"fen": START, "history": ["e4"], "move": "e5"}, expect=400, code="invalid_field", field="history")
    c.check("apply: bad notation", "POST", "/apply-move", body={"fen": START, "move": "e4", "notation": "x"},
            expect=400, code="invalid_field", field="notation")
    c.check("apply: bad lang", "POST", "/apply-move", body={"fen": START, "move": "e4", "lang": "tlh"},
            expect=400, code="invalid_field", field="lang")
    c.check("apply: bad tags", "POST", "/apply-move", body={"fen": START, "moves": ["e4"], "tags": {"a b": "x"}},
            expect=400, code="invalid_field", field="tags")
    c.check("apply: ambiguous SAN", "POST", "/apply-move",
            body={"fen": "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "move": "Nd2"}, expect=422, code="ambiguous_move",
            then=all_of(same_as_cli("apply", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", problem=True),
                        lambda r, b: want(len(b["candidates"]) == 2, "two candidates")))
    c.check("apply: strict SAN", "POST", "/apply-move", body={"fen": START, "move": "Nxf3", "strict_san": True},
            expect=422, code="non_standard_san",
            then=all_of(same_as_cli("apply", "--strict-san", START, "Nxf3", problem=True),
                        lambda r, b: want(b["rule"] == "false_capture" and b["became"] == "Nf3", "rule")))
    c.check("apply: pinned piece", "POST", "/apply-move",
            body={"fen": "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "move": "Bd3"}, expect=422, code="illegal_move",
            then=lambda r, b: want(b["cause"] == "pinned_piece" and b["reason"] == "not_legal", "pinned"))
    c.check("apply: castling through check", "POST", "/apply-move",
            body={"fen": "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "move": "O-O"}, expect=422, code="illegal_move",
            then=lambda r, b: want(b["cause"] == "castling_through_check", "through check"))
    c.check("apply descriptive, read as a whole", "POST", "/apply-move",
            body={"fen": START, "notation": "descriptive", "moves": ["P-QB4", "P-K4", "N-B3", "N-KB3", "N-Q5"]},
            expect=ok, then=lambda r, b: want(b["moves"][2]["uci"] == "b1c3" and b["san"] == "Nd5", "2. N-B3 is Nc3"))
    c.check("apply descriptive in Spanish", "POST", "/apply-move",
            body={"fen": START, "notation": "descriptive", "lang": "es", "move": "CR3A"}, expect=ok,
            then=lambda r, b: want(b["uci"] == "g1f3", "CR3A is Nf3"))
    c.check("apply descriptive: ambiguous", "POST", "/apply-move",
            body={"fen": START, "notation": "descriptive", "move": "N-B3"}, expect=422, code="ambiguous_move")
    c.check("apply descriptive: not legal", "POST", "/apply-move",
            body={"fen": START, "notation": "descriptive", "moves": ["P-K4", "P-K5"]}, expect=422, code="illegal_move",
            then=lambda r, b: want(b["index"] == 1 and b["reason"] == "not_legal", "index"))
    c.check("apply descriptive: a language it is not written in", "POST", "/apply-move",
            body={"fen": START, "notation": "descriptive", "lang": "de", "move": "P-K4"}, expect=400,
            code="invalid_field", field="lang")
    c.check("apply: null move", "POST", "/apply-move", body={"fen": START, "moves": ["e4", "--", "d4", "Z0"]},
            expect=ok, then=lambda r, b: want(b["moves"][1]["uci"] == "0000" and b["moves"][1]["san"] == "--" and
                                              b["uci"] == "0000" and b["san"] == "--" and
                                              b["pgn"].endswith("\n1. e4 -- 2. d4 -- *\n") and
                                              [w["code"] for w in b["moves"][1]["warnings"]] == ["null_move"],
                                              "null moves played"))
    c.check("apply: null move in check", "POST", "/apply-move", body={"fen": CHECK, "move": "--"}, expect=422,
            code="illegal_move", then=lambda r, b: want(b["reason"] == "null_move" and
                                                        b["cause"] == "null_move_in_check", "null move in check"))
    c.check("apply: null move, strict", "POST", "/apply-move", body={"fen": START, "move": "0000",
                                                                      "notation": "uci", "strict_san": True},
            expect=422, code="non_standard_san", then=lambda r, b: want(b["rule"] == "null_move", "strict null"))
    c.check("apply: glyphs glued, blanks, Cyrillic files", "POST", "/apply-move",
            body={"fen": START, "moves": ["e4\u00b1", " e5", "B\u04414"]}, expect=ok,
            then=lambda r, b: want(b["moves"][0]["nag"] == 16 and
                                   [w["code"] for w in b["moves"][0]["warnings"]] == ["glyph_attached"] and
                                   [w["code"] for w in b["moves"][1]["warnings"]] == ["surrounding_whitespace"] and
                                   [w["code"] for w in b["moves"][2]["warnings"]] == ["cyrillic_file_letter"] and
                                   b["san"] == "Bc4" and "1. e4 $16 1... e5 2. Bc4 *" in b["pgn"],
                                   "typed moves"))

    # ---- /moves
    for name, fen, opts, args in [
        ("start", START, {}, []),
        ("castles", CASTLES, {}, []),
        ("promotion", PROMOTION, {}, []),
        ("en passant", EN_PASSANT, {}, []),
        ("mate in one", MATE_IN_ONE, {}, []),
        ("check", CHECK, {}, []),
        ("checkmated", CHECKMATED, {}, []),
        ("chess960", CHESS960, {"chess960": True}, ["--chess960"]),
        ("chess960 castling", CHESS960_CASTLE, {"chess960": True, "castling": "shredder"},
         ["--chess960", "--castling", "shredder"]),
        ("lenient", SLOPPY, {"mode": "lenient"}, ["--lenient"]),
    ]:
        c.check(f"moves POST {name}", "POST", "/moves", body={"fen": fen, **opts}, expect=ok,
                then=all_of(same_as_cli("moves", *args, fen),
                            lambda r, b: want(b["count"] == len(b["moves"]), "count is not len(moves)")))
    every_flag = set()
    collected = []

    def collect_flags(r, b):
        collected.append(b["fen"])
        for m in b["moves"]:
            every_flag.update(m["flags"])

    for fen, q in [(CASTLES, {}), (PROMOTION, {}), (EN_PASSANT, {}), (MATE_IN_ONE, {}),
                   (CHESS960_CASTLE, {"chess960": "true"})]:
        c.check(f"moves GET {fen}", "GET", "/moves?" + query(fen=fen, **q), expect=ok, then=collect_flags)
    flags_enum = set(d.pointer("#/components/schemas/MoveFlag")["enum"])
    if len(collected) == 5 and every_flag != flags_enum:
        c.failed_requests += 1
        c.fail("move flags", f"flags seen {sorted(every_flag)}, the document lists {sorted(flags_enum)}")
    c.check("moves GET lang figurine", "GET", "/moves?" + query(fen=START, lang="figurine"), expect=ok,
            then=all_of(same_as_cli("moves", "--lang", "figurine", START),
                        lambda r, b: want("\u2658f3" in [m["san"] for m in b["moves"]], "no figurine Nf3")))
    c.check("moves POST lang de", "POST", "/moves", body={"fen": START, "lang": "de"}, expect=ok,
            then=same_as_cli("moves", "--lang", "de", START))
    c.check("moves GET bad lang", "GET", "/moves?" + query(fen=START, lang="xx"), expect=400,
            code="invalid_field", field="lang")
    c.check("moves HEAD", "HEAD", "/moves?" + query(fen=START), expect=ok)
    c.check("moves: stalemate has none", "GET", "/moves?" + query(fen=STALEMATE), expect=ok,
            then=lambda r, b: want(b["count"] == 0 and b["moves"] == [], "expected no moves"))
    c.check("moves GET missing fen", "GET", "/moves", expect=400, code="missing_field", field="fen")
    c.check("moves GET bad castling", "GET", "/moves?" + query(fen=START, castling="fischer"), expect=400,
            code="invalid_field", field="castling")
    c.check("moves POST bad ep type", "POST", "/moves", body={"fen": START, "ep": 1}, expect=400,
            code="invalid_field", field="ep")
    c.check("moves POST malformed JSON", "POST", "/moves", body=b"nope",
            headers={"Content-Type": "application/json"}, expect=400, code="malformed_json")
    c.check("moves POST too large", "POST", "/moves",
            raw=lambda: c.client.raw("POST", "/moves", [("Content-Type", "application/json"),
                                                        ("Content-Length", str(5 << 20))]),
            expect=413, code="payload_too_large")
    c.check("moves POST text/plain", "POST", "/moves", body=b"{}", headers={"Content-Type": "text/plain"},
            expect=415, code="unsupported_media_type")
    c.check("moves GET invalid FEN", "GET", "/moves?" + query(fen=OPPONENT_IN_CHECK), expect=422,
            code="invalid_fen", then=same_as_cli("moves", OPPONENT_IN_CHECK, problem=True))
    c.check("moves POST malformed FEN", "POST", "/moves", body={"fen": "hello"}, expect=422, code="invalid_fen",
            then=same_as_cli("moves", "hello", problem=True))
    c.check("moves GET invalid FEN with hints", "GET", "/moves?" + query(fen=CHESS960_TWO_FIELDS + " HFhf"),
            expect=422, code="invalid_fen", then=all_of(
                same_as_cli("moves", CHESS960_TWO_FIELDS + " HFhf", problem=True),
                lambda r, b: want([h["code"] for h in b.get("hints", [])] == ["chess960", "lenient"],
                                  "not the chess960 and lenient hints")))

    # ---- /position
    for name, fen, opts in [
        ("start", START, {}),
        ("castles", CASTLES, {}),
        ("castles king_to_rook", CASTLES, {"castling_dests": "king_to_rook"}),
        ("promotion", PROMOTION, {}),
        ("check", CHECK, {}),
        ("checkmated", CHECKMATED, {}),
        ("chess960", CHESS960_CASTLE, {"chess960": True}),
        ("moves", START, {"moves": ["e4", "c5"], "lang": "de"}),
    ]:
        c.check(f"position POST {name}", "POST", "/position", body={"fen": fen, **opts}, expect=ok,
                then=lambda r, b: want(len(b["legal_moves"]) == b["status"]["legal_moves"],
                                       "legal_moves is not status.legal_moves"))
    c.check("position GET moves", "GET", "/position?" + query(fen=START, moves="e2e4 c7c5"), expect=ok,
            then=lambda r, b: want(b["last_move"] == {"uci": "c7c5", "san": "c5", "from": "c7", "to": "c5"}
                                   and b["opening"]["eco"] == "B20", "not the Sicilian after e4 c5"))
    c.check("position GET chess960 dests", "GET", "/position?" + query(fen=CHESS960_CASTLE, chess960="true"),
            expect=ok, then=lambda r, b: want("a1" in b["dests"]["b1"] and "h1" in b["dests"]["b1"]
                                              and "g1" not in b["dests"]["b1"], "castling dests are not the rooks'"))
    c.check("position GET check", "GET", "/position?" + query(fen=CHECK), expect=ok,
            then=lambda r, b: want(b["check"] == "e8", "check is not e8"))
    c.check("position HEAD", "HEAD", "/position?" + query(fen=START), expect=ok)
    c.check("position GET missing fen", "GET", "/position", expect=400, code="missing_field", field="fen")
    c.check("position GET bad castling_dests", "GET", "/position?" + query(fen=START, castling_dests="rook"),
            expect=400, code="invalid_field", field="castling_dests")
    c.check("position POST bad moves", "POST", "/position", body={"fen": START, "moves": [1]}, expect=400,
            code="invalid_field", field="moves")
    c.check("position POST malformed JSON", "POST", "/position", body=b"nope",
            headers={"Content-Type": "application/json"}, expect=400, code="malformed_json")
    c.check("position POST too large", "POST", "/position",
            raw=lambda: c.client.raw("POST", "/position", [("Content-Type", "application/json"),
                                                           ("Content-Length", str(5 << 20))]),
            expect=413, code="payload_too_large")
    c.check("position POST text/plain", "POST", "/position", body=b"{}", headers={"Content-Type": "text/plain"},
            expect=415, code="unsupported_media_type")
    c.check("position GET invalid FEN", "GET", "/position?" + query(fen=OPPONENT_IN_CHECK), expect=422,
            code="invalid_fen", then=same_as_cli("moves", OPPONENT_IN_CHECK, problem=True))
    c.check("position POST illegal move", "POST", "/position", body={"fen": START, "moves": ["e4", "e5", "Ke3"]},
            expect=422, code="illegal_move", field="moves",
            then=lambda r, b: want(b["index"] == 2, "not the third move"))
    c.check("position POST ambiguous move", "POST", "/position",
            body={"fen": "4k3/8/8/8/8/8/8/R5RK w - - 0 1", "moves": ["Rd1"], "lang": "en"}, expect=422,
            code="ambiguous_move",
            field="moves")
    c.check("validate GET opening", "GET", "/validate?" + query(fen=E4), expect=ok,
            then=lambda r, b: want(b["opening"] == {"eco": "B00", "name": "King's Pawn Game", "ply": 1},
                                   "not the King's Pawn Game"))
    c.check("pgn POST opening", "POST", "/pgn", body={"pgn": '[ECO "B20"]\n\n1. e4 c5 2. a3 h6 *\n'}, expect=ok,
            then=lambda r, b: want(b["games"][0]["opening"]["name"] == "Sicilian Defense: Mengarini Variation"
                                   and b["games"][0]["opening_agrees"] is True, "not the game's opening"))
    c.check("apply-move POST opening", "POST", "/apply-move", body={"fen": START, "moves": ["e4", "c5", "a3", "h6"]},
            expect=ok, then=lambda r, b: want(b["opening"]["name"] == "Sicilian Defense: Mengarini Variation"
                                              and b["moves"][3]["opening"] is None, "not the line's opening"))

    # ---- /render
    def text_board(orientation):
        def check(r, b):
            lines = r.body.decode("utf-8").rstrip("\n").split("\n")
            want(len(lines) == 9, f"{len(lines)} lines, not 9")
            first = "8" if orientation == "white" else "1"
            want(lines[0].startswith(first), f"first rank drawn is not {first}")
        return check

    c.check("render GET json", "GET", "/render?" + query(fen=CHECK), expect=ok,
            then=lambda r, b: want(b["check_square"] == "e8" and len(b["pieces"]) == 3, "board state"))
    c.check("render GET json explicit", "GET", "/render?" + query(fen=CHECKMATED, format="json",
                                                                   orientation="black"), expect=ok,
            then=lambda r, b: want(b["status"]["checkmate"] and b["check_square"] == "e1", "checkmate"))
    c.check("render GET ascii", "GET", "/render?" + query(fen=START, format="ascii"), expect=ok,
            then=all_of(text_board("white"),
                        lambda r, b: want(r.body.isascii(), "ascii board is not ASCII")))
    c.check("render GET unicode black", "GET", "/render?" + query(fen=E4, format="unicode", orientation="black"),
            expect=ok, then=text_board("black"))
    c.check("render GET chess960", "GET", "/render?" + query(fen=CHESS960, chess960="true"), expect=ok)
    c.check("render HEAD", "HEAD", "/render?" + query(fen=START, format="ascii"), expect=ok)
    c.check("render POST json", "POST", "/render", body={"fen": START}, expect=ok,
            then=lambda r, b: want(len(b["pieces"]) == 32 and b["check_square"] is None, "board state"))
    c.check("render POST ascii black", "POST", "/render", body={"fen": START, "format": "ascii",
                                                                "orientation": "black"},
            expect=ok, then=text_board("black"))
    c.check("render POST unicode", "POST", "/render", body={"fen": CHECK, "format": "unicode"}, expect=ok,
            then=text_board("white"))
    c.check("render POST lenient", "POST", "/render", body={"fen": SLOPPY, "mode": "lenient"}, expect=ok)
    c.check("render GET bad format", "GET", "/render?" + query(fen=START, format="bmp"), expect=400,
            code="invalid_field", field="format")
    c.check("render GET bad orientation", "GET", "/render?" + query(fen=START, orientation="up"), expect=400,
            code="invalid_field", field="orientation")
    c.check("render GET missing fen", "GET", "/render?format=ascii", expect=400, code="missing_field", field="fen")
    c.check("render POST bad format", "POST", "/render", body={"fen": START, "format": "bmp"}, expect=400,
            code="invalid_field", field="format")
    c.check("render POST format not a string", "POST", "/render", body={"fen": START, "format": 1}, expect=400,
            code="invalid_field", field="format")
    c.check("render POST bad orientation", "POST", "/render", body={"fen": START, "orientation": "up"},
            expect=400, code="invalid_field", field="orientation")
    c.check("render POST malformed JSON", "POST", "/render", body=b"[", headers={"Content-Type": "application/json"},
            expect=400, code="malformed_json")
    c.check("render POST too large", "POST", "/render",
            raw=lambda: c.client.raw("POST", "/render", [("Content-Type", "application/json"),
                                                         ("Content-Length", str(1048577))]),
            expect=413, code="payload_too_large")
    c.check("render POST text/plain", "POST", "/render", body=b"{}", headers={"Content-Type": "text/html"},
            expect=415, code="unsupported_media_type")
    c.check("render GET invalid FEN", "GET", "/render?" + query(fen=BAD_DIGIT, format="ascii"), expect=422,
            code="invalid_fen")
    render_picture_checks(c)
    c.check("render POST invalid FEN", "POST", "/render", body={"fen": BAD_DIGIT, "format": "unicode"}, expect=422,
            code="invalid_fen")

    # ---- /pgn: PGN (or JSON) in, the games with a FEN per ply out
    pgn_mini = ("[Event \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 Nc6 {Normal development} "
                "5. h3 Bh5? (5...Bxf3 {Best move.} 6. Qxf3) 6. Nxe5!! Bxd1?? (6... dxe5 {Good reply} 7. Qxh5) "
                "(6... Nxe5 7. Qxh5 Nxc4 8. Qb5+ {Fork} 8... c6 9. Qxc4) 7. Bxf7+ Ke7 8. Nd5# 1-0\n")
    pgn_mini_final = "r2q1bnr/ppp1kBpp/2np4/3NN3/4P3/7P/PPPP1PP1/R1BbK2R b KQ - 2 8"

    def pgn_mini_game(r, b):
        g = b["games"][0] if isinstance(b, dict) else b[0]
        want(g["final_fen"] == pgn_mini_final, f"final FEN {g['final_fen']}")
        want(g["status"]["checkmate"] is True, "not checkmate")
        want(len(g["moves"]) == 15 and g["moves"][14]["san"] == "Nd5#", "mainline is not 15 plies ending Nd5#")
        want([n["nag"] for n in g["moves"][10]["nags"]] == [3], "6. Nxe5!! is not $3")
        want(len(g["moves"][11]["variations"]) == 2, "6... Bxd1?? has not two variations")
        want(g["moves"][11]["variations"][1][3]["comment"] == "Fork", "the comment in a variation is lost")
        want(r.header("Transfer-Encoding") == "chunked", "not chunked")

    def pgn_same_as_cli(*args, body=pgn_mini):
        def check(r, b):
            if not os.access(FEN_CLI, os.X_OK):
                return
            out = subprocess.run([FEN_CLI, "pgn", *args, "-"], input=body.encode(), stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, timeout=TIMEOUT)
            games = [json.loads(line) for line in out.stdout.decode().splitlines()]
            got = b["games"] if isinstance(b, dict) else b
            want(got == games, f"differs from `fen pgn {' '.join(args)} -`: {out.stdout[:300]!r}")
        return check
    pgn_type = {"Content-Type": "application/x-chess-pgn"}
    c.check("pgn PGN body", "POST", "/pgn", body=pgn_mini, headers=pgn_type, expect=ok,
            then=all_of(pgn_mini_game, pgn_same_as_cli()))
    c.check("pgn vnd.chess-pgn body, NDJSON answer", "POST", "/pgn", body=pgn_mini + "\n1. d4 d5 *\n",
            headers={"Content-Type": "application/vnd.chess-pgn", "Accept": "application/x-ndjson"}, expect=ok,
            then=all_of(pgn_mini_game, lambda r, b: want(len(b) == 2 and b[1]["index"] == 1, "not two games"),
                        pgn_same_as_cli(body=pgn_mini + "\n1. d4 d5 *\n")))
    c.check("pgn text/plain, query options", "POST", "/pgn?" + query(lang="de", ep="legal"),
            body="1. e4 e5 2. Nf3 *", headers={"Content-Type": "text/plain; charset=utf-8"}, expect=ok,
            then=all_of(lambda r, b: want(b["games"][0]["moves"][2]["san"] == "Sf3", "lang de not applied"),
                        pgn_same_as_cli("--lang", "de", "--ep", "legal", body="1. e4 e5 2. Nf3 *")))
    c.check("pgn JSON body", "POST", "/pgn", body={"pgn": "1. e4 Ke3 *\n\n1. d4 *", "castling": "shredder"},
            expect=ok, then=lambda r, b: want(b["games"][0]["errors"][0]["code"] == "illegal_move"
                                              and b["games"][0]["errors"][0]["san"] == "Ke3"
                                              and len(b["games"]) == 2, "the illegal move is not reported"))
    pgn_glyphs = "1. e4 e5 2. Nf3 Nc6 3. Bb5\u00b1 a6 4. Ba4= -- 5. Z0 Nf6 *"
    c.check("pgn glued glyphs and null moves", "POST", "/pgn", body=pgn_glyphs, headers=pgn_type, expect=ok,
            then=all_of(lambda r, b: want(len(b["games"][0]["moves"]) == 10 and
                                          [n["nag"] for n in b["games"][0]["moves"][4]["nags"]] == [16] and
                                          [n["nag"] for n in b["games"][0]["moves"][6]["nags"]] == [10] and
                                          b["games"][0]["moves"][7]["san"] == "--" and
                                          b["games"][0]["moves"][8]["uci"] == "0000" and
                                          not b["games"][0]["errors"], "glyphs and null moves"),
                        pgn_same_as_cli(body=pgn_glyphs)))
    c.check("pgn strict: UCI in movetext", "POST", "/pgn?" + query(strict_san="true"), body="1. e2e4 e5 *",
            headers=pgn_type, expect=ok,
            then=lambda r, b: want(b["games"][0]["errors"][0]["code"] == "non_standard_san" and
                                   b["games"][0]["errors"][0]["reason"] == "coordinate_move", "strict UCI"))
    # PGN back: the export of `fen pgn --format pgn`, and the document's own example
    def pgn_export_same_as_cli(*args, body=pgn_mini):
        def check(r, b):
            want(r.header("Content-Type").lower().replace(" ", "") == "application/x-chess-pgn;charset=utf-8",
                 f"Content-Type {r.header('Content-Type')!r}")
            want(r.header("Transfer-Encoding") == "chunked", "not chunked")
            if not os.access(FEN_CLI, os.X_OK):
                return
            out = subprocess.run([FEN_CLI, "pgn", "--format", "pgn", *args, "-"], input=body.encode(),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
            want(r.body == out.stdout, f"differs from `fen pgn --format pgn {' '.join(args)} -`: "
                                       f"{r.body[:200]!r} / {out.stdout[:200]!r}")
        return check
    pgn_answer = {"Content-Type": "application/x-chess-pgn", "Accept": "application/x-chess-pgn"}
    c.check("pgn PGN answer", "POST", "/pgn", body=pgn_mini + "\n1. d4 d5 2. Kd9 *\n", headers=pgn_answer, expect=ok,
            then=all_of(pgn_export_same_as_cli(body=pgn_mini + "\n1. d4 d5 2. Kd9 *\n"),
                        lambda r, b: want(b.startswith('[Event "?"]\n[Site "?"]\n') and
                                          "6. Nxe5 $3 6... Bxd1 $4" in b and "% fend: line 6, column 13:" in b,
                                          "not the export of the mini template and the error's escape line")))
    c.check("pgn PGN answer (vnd), JSON body, lang and ep", "POST", "/pgn",
            body={"pgn": "[FEN \"4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 12\"]\n\nexd3 Kf2 *", "lang": "de", "ep": "legal"},
            headers={"Accept": "text/html;q=0.5, application/vnd.chess-pgn"}, expect=ok,
            then=lambda r, b: want('[FEN "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 12"]\n[SetUp "1"]\n\n12... exd3 13. Kf2 *\n\n'
                                   in b, f"not the game from its FEN: {b!r}"))
    pgn_example = d.doc["paths"]["/pgn"]["post"]["responses"]["200"]["content"]["application/x-chess-pgn"]
    pgn_example_body = ('[Event "Example"]\n[White "Morphy"]\n[Date "1858.??.??"]\n\n1. e4 e5 2. Nf3 d6 3. d4 Bg4?! '
                        '{[%clk 0:10:00]} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5!? '
                        '(9... Qb4 10. Qxb4) 10. Nxb5 cxb5 11. Bxb5+ Nbd7 1-0\n\n1. d4 d5 2. Nf9 *\n')
    c.check("pgn PGN answer, the document's example", "POST", "/pgn", body=pgn_example_body, headers=pgn_answer,
            expect=ok, then=lambda r, b: want(b == pgn_example["examples"]["normalized"]["value"],
                                              f"not the example: {b!r}"))
    c.check("pgn PGN answer, not PGN", "POST", "/pgn", body="hello world", headers=pgn_answer, expect=422,
            code="malformed_pgn")
    c.check("pgn PGN answer, empty body", "POST", "/pgn", body="", headers=pgn_answer, expect=422,
            code="malformed_pgn")
    c.check("pgn NDJSON wins over PGN in Accept", "POST", "/pgn", body="1. e4 *",
            headers={"Content-Type": "application/x-chess-pgn",
                     "Accept": "application/x-chess-pgn, application/x-ndjson"},
            expect=ok, then=lambda r, b: want(r.media_type() == "application/x-ndjson", "not NDJSON"))
    c.check("pgn the seed's Italian game, no lang", "POST", "/pgn", body=SEED_IT + "\n\n" + SEED_EN, headers=pgn_type,
            expect=ok,
            then=lambda r, b: want(b["games"][0]["lang_detected"] == "it" and
                                   [m["fen"] for m in b["games"][0]["moves"]] ==
                                   [m["fen"] for m in b["games"][1]["moves"]] and
                                   [m["san"] for m in b["games"][0]["moves"]] ==
                                   [m["san"] for m in b["games"][1]["moves"]] and
                                   b["games"][0]["warnings"][0]["code"] == "lang_detected" and
                                   "lang_detected" not in b["games"][1], "the Italian game read as Italian"))
    c.check("pgn the seed's Italian game, lang it", "POST", "/pgn?" + query(lang="it"), body=SEED_IT,
            headers=pgn_type, expect=ok,
            then=lambda r, b: want("lang_detected" not in b["games"][0] and
                                   b["games"][0]["moves"][2]["san"] == "Cf3", "lang it"))
    c.check("pgn two languages, two games: an error of the game", "POST", "/pgn",
            body={"pgn": f'[FEN "{ROOKS}"]\n\n1. Rf1 Rf8 *\n\n1. e4 *'}, expect=ok,
            then=lambda r, b: want(b["games"][0]["errors"][0]["code"] == "ambiguous_language" and
                                   len(b["games"][0]["errors"][0]["readings"]) == 2 and
                                   not b["games"][1]["errors"], "ambiguous_language in the game"))
    c.check("pgn not PGN", "POST", "/pgn", body="<html></html>", headers=pgn_type, expect=422,
            code="malformed_pgn")
    c.check("pgn empty body", "POST", "/pgn", body="", headers=pgn_type, expect=422, code="malformed_pgn")
    c.check("pgn JSON without pgn", "POST", "/pgn", body={"lang": "en"}, expect=400, code="missing_field",
            field="pgn")
    c.check("pgn bad lang", "POST", "/pgn", body={"pgn": "1. e4 *", "lang": "xx"}, expect=400,
            code="invalid_field", field="lang")
    c.check("pgn bad query option", "POST", "/pgn?" + query(ep="never"), body="1. e4 *", headers=pgn_type,
            expect=400, code="invalid_field", field="ep")
    c.check("pgn malformed JSON", "POST", "/pgn", body=b"{\"pgn\":", headers={"Content-Type": "application/json"},
            expect=400, code="malformed_json")
    c.check("pgn text/html", "POST", "/pgn", body="1. e4 *", headers={"Content-Type": "text/html"}, expect=415,
            code="unsupported_media_type")
    c.check("pgn too large", "POST", "/pgn",
            raw=lambda: c.client.raw("POST", "/pgn", [("Content-Type", "application/x-chess-pgn"),
                                                      ("Content-Length", str(64 * 1024 * 1024 + 1))]),
            expect=413, code="payload_too_large")
    c.check("pgn chunked upload", "POST", "/pgn",
            raw=lambda: c.client.raw("POST", "/pgn", [("Content-Type", "application/x-chess-pgn"),
                                                      ("Transfer-Encoding", "chunked")],
                                     [pgn_mini[:31].encode(), pgn_mini[31:].encode()], chunked=True),
            expect=ok, then=pgn_mini_game)

    # ---- OPTIONS (CORS preflight) on every path
    for path in d.doc["paths"]:
        def preflight(r, b, path=path):
            documented = {m.upper() for m in d.doc["paths"][path] if m in HTTP_METHODS}
            allow = [m.strip() for m in r.header("Allow").split(",")]
            want(r.header("Access-Control-Allow-Methods") == r.header("Allow"),
                 "Access-Control-Allow-Methods differs from Allow")
            check_allowed(allow, documented)
        c.check(f"preflight {path}", "OPTIONS", d.concrete(path), headers={"Origin": "http://example.test",
                                                               "Access-Control-Request-Method": "POST"},
                expect=204, then=preflight)
    # a page's conditional and cache request headers are allowed (the list asked for is echoed)
    asked = "If-None-Match, If-Modified-Since, Cache-Control, X-Request-Id, Content-Type"
    c.check("preflight conditional headers", "OPTIONS", "/render",
            headers={"Origin": "http://example.test", "Access-Control-Request-Method": "GET",
                     "Access-Control-Request-Headers": asked}, expect=204,
            then=lambda r, b: want(r.header("Access-Control-Allow-Headers") == asked,
                                   f"Access-Control-Allow-Headers is {r.header('Access-Control-Allow-Headers')!r}"))

    # ---- 404 and 405
    for method, target in [("GET", "/index.html"), ("GET", "/web/app.js"), ("GET", "/nope"), ("POST", "/nope"), ("GET", "/validate/"),
                           ("GET", "/api/validate"), ("OPTIONS", "/nope"), ("HEAD", "/nope"),
                           ("GET", "/" + "x" * 300)]:
        c.check(f"not found {method} {target[:20]}", method, target, expect=404, code="not_found")
    for method, path in [("DELETE", "/validate"), ("PUT", "/validate"), ("GET", "/apply-move"),
                         ("HEAD", "/apply-move"), ("PUT", "/apply-move"), ("DELETE", "/moves"),
                         ("PATCH", "/render"), ("POST", "/health"), ("PUT", "/version"),
                         ("POST", "/openapi.yaml"), ("DELETE", "/openapi.yaml"), ("POST", "/"),
                         ("PUT", "/app.js")]:
        def allowed(r, b, path=path):
            documented = {m.upper() for m in d.doc["paths"][d.templated(path)] if m in HTTP_METHODS}
            if r.body:
                want(", ".join(b["allowed"]) == r.header("Allow"), "`allowed` differs from the Allow header")
            check_allowed([m.strip() for m in r.header("Allow").split(",")], documented)
        c.check(f"method not allowed {method} {path}", method, path, expect=405,
                code="method_not_allowed" if method != "HEAD" else None, then=allowed)


def render_picture_checks(c):
    """/render's pictures, negotiation and caching, and /render/game.gif."""
    def svg_board(r, b):
        text = r.body.decode("utf-8")
        want(text.startswith("<svg") and "<title>" in text and "<desc>" in text, "not an SVG board")
        want(text.count('class="w"') + text.count('class="b"') == 32, "not 32 pieces")

    def header_is(name, value):
        def check(r, b):
            want(r.header(name) == value, f"{name} is {r.header(name)!r}, not {value!r}")
        return check

    def media(mt):
        def check(r, b):
            want(r.media_type() == mt, f"Content-Type {r.header('Content-Type')!r}, not {mt}")
        return check

    c.check("render GET svg", "GET", "/render?" + query(fen=START, format="svg"), expect=200, then=svg_board)
    c.check("render GET svg options", "GET", "/render?" + query(
        fen=CHECK, format="svg", orientation="black", coordinates="0", check="1", size="480", theme="contrast",
        last_move="e1e2", arrows="Ge2e7,Rd1d8", circles="Be8", squares="a1:#ff000080"), expect=200,
        then=lambda r, b: want(r.body.count(b'class="arrow"') == 2 and b'width="480"' in r.body, "options"))
    c.check("render GET png", "GET", "/render?" + query(fen=E4, format="png", size="240"), expect=200,
            then=media("image/png"))
    c.check("render GET gif", "GET", "/render?" + query(fen=E4, format="gif"), expect=200, then=media("image/gif"))
    c.check("render HEAD png", "HEAD", "/render?" + query(fen=E4, format="png"), expect=200)
    c.check("render POST svg", "POST", "/render", body={"fen": START, "format": "svg", "coordinates": False,
                                                         "size": 200}, expect=200, then=svg_board)
    c.check("render POST png", "POST", "/render", body={"fen": START, "format": "png"}, expect=200)
    c.check("render GET illegal board drawn", "GET", "/render?" + query(fen=NO_KINGS, format="svg"), expect=200,
            then=header_is("X-Fen-Problems", "missing_king"))
    c.check("render GET illegal board JSON", "GET", "/render?" + query(fen=OPPONENT_IN_CHECK), expect=200,
            then=lambda r, b: want(not b["valid"] and b["status"] is None
                                   and b["problems"][0]["code"] == "opponent_in_check", "problems"))
    c.check("render GET board only", "GET", "/render?" + query(fen=BOARD_ONLY, format="ascii"), expect=200,
            then=header_is("X-Fen-Problems", "too_few_fields"))
    for accept, mt in [("image/svg+xml", "image/svg+xml"), ("image/png", "image/png"), ("image/gif", "image/gif"),
                       ("text/plain", "text/plain"), ("application/json", "application/json"),
                       ("*/*", "application/json"), ("image/*", "image/svg+xml"),
                       ("image/webp,image/png;q=0.9,*/*;q=0.1", "image/png")]:
        c.check(f"render Accept {accept}", "GET", "/render?" + query(fen=START), headers={"Accept": accept},
                expect=200, then=all_of(media(mt), header_is(
                    "Vary", "Accept, Accept-Language" if mt == "application/json" else "Accept")))
    # the language of messages: Accept-Language, or lang (one of en, it, ru, es) before it
    c.check("validate Accept-Language it", "GET", "/validate?" + query(fen=NO_KINGS),
            headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}, expect=200,
            then=all_of(header_is("Content-Language", "it"),
                        lambda r, b: want(b["errors"][0]["code"] == "missing_king"
                                          and b["errors"][0]["message"].startswith("il Bianco non ha il re"),
                                          "an Italian message")))
    c.check("validate Accept-Language de,fr", "GET", "/validate?" + query(fen=NO_KINGS),
            headers={"Accept-Language": "de,fr"}, expect=200, then=header_is("Content-Language", "en"))
    c.check("moves lang ru beats Accept-Language it", "POST", "/moves", body={"fen": NO_KINGS, "lang": "ru"},
            headers={"Accept-Language": "it"}, expect=422, code="invalid_fen",
            then=all_of(header_is("Content-Language", "ru"),
                        lambda r, b: want(b["detail"].startswith("белые без короля"), "a Russian detail")))
    c.check("render Accept none", "GET", "/render?" + query(fen=START), headers={"Accept": "application/xml"},
            expect=406, code="not_acceptable")
    c.check("render POST Accept none", "POST", "/render", body={"fen": START}, headers={"Accept": "video/mp4"},
            expect=406, code="not_acceptable")
    target = "/render?" + query(fen=E4, format="png")
    first, _ = c.check("render ETag", "GET", target, expect=200,
                       then=header_is("Cache-Control", "public, max-age=86400, immutable"))
    etag = first.header("ETag") if first else None
    c.check("render 304", "GET", target, headers={"If-None-Match": etag or '"x"'}, expect=304,
            then=header_is("ETag", etag))
    c.check("render 304 weak and listed", "GET", target, headers={"If-None-Match": f'"other", W/{etag}'},
            expect=304)
    c.check("render ETag other query", "GET", "/render?" + query(fen=E4, format="png", theme="blue"),
            headers={"If-None-Match": etag or '"x"'}, expect=200,
            then=lambda r, b: want(r.header("ETag") != etag, "same ETag for another picture"))
    for name, params in [("size", {"size": "10"}), ("theme", {"theme": "pink"}), ("arrows", {"arrows": "Xe2e4"}),
                         ("circles", {"circles": "e9"}), ("squares", {"squares": "e4:red"}),
                         ("last_move", {"last_move": "e2"}), ("coordinates", {"coordinates": "maybe"})]:
        c.check(f"render GET bad {name}", "GET", "/render?" + query(fen=START, format="svg", **params), expect=400,
                code="invalid_field", field=name)
    gif_ok = lambda r, b: want(r.body.startswith(b"GIF89a") and b"NETSCAPE2.0" in r.body, "not an animated GIF")
    c.check("game.gif GET", "GET", "/render/game.gif?" + query(moves="e2e4,e7e5,g1f3,b8c6", delay="500"),
            expect=200, then=gif_ok)
    c.check("game.gif GET from a FEN", "GET", "/render/game.gif?" + query(fen=CASTLES, moves="e1g1 e8c8",
                                                                          orientation="auto", size="200"),
            expect=200, then=gif_ok)
    c.check("game.gif GET SAN", "GET", "/render/game.gif?" + query(moves="e4 e5 Nf3 Nc6 Bb5 a6 O-O"), expect=200,
            then=gif_ok)
    c.check("render GET SAN last move", "GET", "/render?" + query(fen=E4, format="svg", last_move="e4"), expect=200,
            then=lambda r, b: want(r.body.count(b'class="last"') == 2, "last move not tinted"))
    c.check("game.gif GET pgn", "GET", "/render/game.gif?" + query(
        pgn='[Event "x"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5 a6 *'), expect=200, then=gif_ok)
    c.check("game.gif POST pgn", "POST", "/render/game.gif", body={"pgn": "1. d4 d5 2. c4 *", "size": 200},
            expect=200, then=lambda r, b: (gif_ok(r, b), want(r.header("X-Fen-Marks-Dropped") is None,
                                                                "X-Fen-Marks-Dropped with no marks")))
    crowded = "1. e4 {[%cal " + ",".join(f"G{'abcdefgh'[k % 8]}{1 + k // 8 % 7}a8" for k in range(70)) + "]} e5 *"
    c.check("game.gif POST pgn, marks left out", "POST", "/render/game.gif", body={"pgn": crowded, "size": 128},
            expect=200, then=lambda r, b: (gif_ok(r, b), want(r.header("X-Fen-Marks-Dropped") == "6",
                                                                f"X-Fen-Marks-Dropped {r.header('X-Fen-Marks-Dropped')}")))
    c.check("game.gif Italian moves, no lang", "GET", "/render/game.gif?" + query(moves="e4,e5,Cf3,Cc6"),
            expect=200, then=lambda r, b: (gif_ok(r, b), want(r.header("X-Fen-Lang-Detected") == "it",
                                                                f"X-Fen-Lang-Detected {r.header('X-Fen-Lang-Detected')}")))
    c.check("game.gif Italian moves, lang it", "GET", "/render/game.gif?" + query(moves="e4,e5,Cf3,Cc6", lang="it"),
            expect=200, then=lambda r, b: (gif_ok(r, b), want(r.header("X-Fen-Lang-Detected") is None,
                                                                "X-Fen-Lang-Detected with lang given")))
    c.check("game.gif the seed's Italian PGN", "POST", "/render/game.gif", body={"pgn": SEED_IT}, expect=200,
            then=lambda r, b: (gif_ok(r, b), want(r.header("X-Fen-Lang-Detected") == "it", "not said Italian")))
    c.check("game.gif two languages, two games", "GET", "/render/game.gif?" + query(fen=ROOKS, moves="Rf1,Rf8"),
            expect=422, code="ambiguous_language", field="moves")
    c.check("game.gif pgn, two languages, two games", "POST", "/render/game.gif",
            body={"pgn": f'[FEN "{ROOKS}"] 1. Rf1 Rf8 *'}, expect=422, code="ambiguous_language")
    c.check("game.gif pgn no language reads it, the hint", "POST", "/render/game.gif",
            body={"pgn": "1. e4 e5 2. Cf3 Cc6 3. Ac4 Zz9 *"}, expect=422, code="illegal_move",
            then=lambda r, b: want(b["lang_hint"]["lang"] == "it", "no lang_hint"))
    c.check("game.gif pgn illegal move", "GET", "/render/game.gif?" + query(pgn="1. e4 e5 2. Ke3 *"), expect=422,
            code="illegal_move", then=lambda r, b: want(b["index"] == 2, "index of Ke3"))
    c.check("game.gif pgn not PGN", "GET", "/render/game.gif?" + query(pgn="hello"), expect=422,
            code="malformed_pgn")
    c.check("game.gif pgn bad FEN tag", "GET", "/render/game.gif?" + query(
        pgn='[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*'), expect=422, code="invalid_fen")
    c.check("game.gif pgn and moves", "GET", "/render/game.gif?" + query(pgn="1. e4 *", moves="e2e4"), expect=400,
            code="invalid_field", field="pgn")
    c.check("game.gif HEAD", "HEAD", "/render/game.gif?" + query(moves="e2e4"), expect=200)
    game, _ = c.check("game.gif POST", "POST", "/render/game.gif", body={"moves": ["d2d4", "d7d5"], "delay": 300,
                                                                        "final_delay": 1000}, expect=200, then=gif_ok)
    first, _ = c.check("game.gif ETag", "GET", "/render/game.gif?" + query(moves="d2d4"), expect=200)
    c.check("game.gif 304", "GET", "/render/game.gif?" + query(moves="d2d4"),
            headers={"If-None-Match": (first.header("ETag") if first else None) or '"x"'}, expect=304)
    c.check("game.gif illegal move", "GET", "/render/game.gif?" + query(moves="e2e4,e2e4"), expect=422,
            code="illegal_move")
    c.check("game.gif invalid FEN", "GET", "/render/game.gif?" + query(fen=NO_KINGS, moves="e2e4"), expect=422,
            code="invalid_fen")
    c.check("game.gif POST illegal move", "POST", "/render/game.gif", body={"moves": "e2e5"}, expect=422,
            code="illegal_move")
    # 1000 plies at 1024 px redraw a quarter of the board each: past --max-render-pixels.
    dance = ",".join(["g1f3", "g8f6", "f3g1", "f6g8"] * 250)
    c.check("game.gif render too large", "POST", "/render/game.gif", body={"moves": dance, "size": 1024},
            expect=422, code="render_too_large",
            then=lambda r, b: want(b["needed"] > b["limit"], "needed > limit"))
    c.check("game.gif bad delay", "GET", "/render/game.gif?" + query(moves="e2e4", delay="-1"), expect=400,
            code="invalid_field", field="delay")
    c.check("game.gif POST bad moves", "POST", "/render/game.gif", body={"moves": [1]}, expect=400,
            code="invalid_field", field="moves")
    c.check("game.gif POST too large", "POST", "/render/game.gif",
            raw=lambda: c.client.raw("POST", "/render/game.gif", [("Content-Type", "application/json"),
                                                                  ("Content-Length", str(1048577))]),
            expect=413, code="payload_too_large")
    c.check("game.gif POST text/plain", "POST", "/render/game.gif", body=b"{}", headers={"Content-Type": "text/html"},
            expect=415, code="unsupported_media_type")
    # The PGN file itself as the body, options in the query.
    marked = "[Event \"x\"]\n\n1. e4 {[%cal Ge2e4,Rg1f3]} e5 2. Nf3 {[%csl Re5]} Nc6 *\n\n1. d4 *\n"
    is_gif = lambda r, b: want(r.body[:6] == b"GIF89a" and r.header("Content-Type") == "image/gif", "not a GIF")
    pgn_gif, _ = c.check("game.gif POST PGN file", "POST", "/render/game.gif?" + query(size="200", delay="400"),
                         body=marked, headers={"Content-Type": "application/x-chess-pgn"}, expect=200, then=is_gif)
    c.check("game.gif POST vnd.chess-pgn", "POST", "/render/game.gif", body="1. d4 d5 2. c4 *",
            headers={"Content-Type": "application/vnd.chess-pgn"}, expect=200, then=is_gif)
    c.check("game.gif POST PGN text/plain, same as JSON", "POST", "/render/game.gif?" + query(size="200", delay="400"),
            body=marked, headers={"Content-Type": "text/plain; charset=utf-8"}, expect=200,
            then=lambda r, b: want(pgn_gif is not None and r.body == pgn_gif.body, "differs by Content-Type"))
    c.check("game.gif POST JSON pgn with marks, same picture", "POST", "/render/game.gif",
            body={"pgn": marked, "size": 200, "delay": 400}, expect=200,
            then=lambda r, b: want(pgn_gif is not None and r.body == pgn_gif.body, "JSON and PGN bodies differ"))
    c.check("game.gif POST PGN not PGN", "POST", "/render/game.gif", body="<html></html>",
            headers={"Content-Type": "application/x-chess-pgn"}, expect=422, code="malformed_pgn")
    c.check("game.gif POST PGN illegal move", "POST", "/render/game.gif", body="1. e4 e5 2. Ke3 *",
            headers={"Content-Type": "application/x-chess-pgn"}, expect=422, code="illegal_move")
    c.check("game.gif POST PGN and moves", "POST", "/render/game.gif?" + query(moves="e2e4"), body="1. e4 *",
            headers={"Content-Type": "application/x-chess-pgn"}, expect=400, code="unknown_parameter",
            then=lambda r, b: want(b["parameter"] == "moves" and "moves" not in b["known"], "moves is known"))
    c.check("game.gif POST PGN bad size", "POST", "/render/game.gif?" + query(size="big"), body="1. e4 *",
            headers={"Content-Type": "application/x-chess-pgn"}, expect=400, code="invalid_field", field="size")
    c.check("game.gif POST PGN too large", "POST", "/render/game.gif",
            raw=lambda: c.client.raw("POST", "/render/game.gif", [("Content-Type", "application/x-chess-pgn"),
                                                                  ("Content-Length", str(1048577))]),
            expect=413, code="payload_too_large")


def run_budget_daemon_checks(c):
    """A daemon whose requests have 1 ms of work each: the 503 deadline_exceeded, and
    streamed answers that end early with their last record."""
    dance = ",".join(["g1f3", "g8f6", "f3g1", "f6g8"] * 50)
    c.check("deadline: a game GIF", "GET", "/render/game.gif?" + query(moves=dance, size=512), expect=503,
            code="deadline_exceeded",
            then=lambda r, b: want(r.header("Retry-After") == "10" and b["limit_ms"] == 1, "no Retry-After or limit"))
    lines = (json.dumps(START) + "\n") * 60000
    c.check("deadline: a bulk answer ends with its last record", "POST", "/validate", body=lines,
            headers={"Content-Type": "application/x-ndjson"}, expect=200,
            then=lambda r, b: want(b[-1]["error"]["code"] == "deadline_exceeded" and len(b) < 60000,
                                   f"the last of {len(b)} records: {b[-1]}"))
    games = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n" * 20000
    c.check("deadline: a PGN answer ends with its error", "POST", "/pgn", body=games,
            headers={"Content-Type": "application/x-chess-pgn"}, expect=200,
            then=lambda r, b: want(b["error"]["code"] == "deadline_exceeded" and len(b["games"]) < 20000,
                                   f"{len(b['games'])} games, error {b.get('error')}"))
    c.check("deadline: a PGN NDJSON answer ends with its last record", "POST", "/pgn", body=games,
            headers={"Content-Type": "application/x-chess-pgn", "Accept": "application/x-ndjson"}, expect=200,
            then=lambda r, b: want(b[-1]["error"]["code"] == "deadline_exceeded", f"the last record: {b[-1]}"))
    c.check("deadline: a PGN answer in PGN ends with an escape line", "POST", "/pgn", body=games,
            headers={"Content-Type": "application/x-chess-pgn", "Accept": "application/x-chess-pgn"}, expect=200,
            then=lambda r, b: want(b.endswith("\n") and b.count("[Event ") < 20000 and
                                   b.rstrip("\n").split("\n")[-1].startswith("% ") and
                                   "% fend: the answer ends here, before the end of the body: deadline_exceeded:" in b
                                   and (b.count("[Event ") == 0 or b.split("% fend: the answer ends")[0].endswith("*\n\n")),
                                   f"{b.count('[Event ')} games, ending {b[-300:]!r}"))


def run_memory_daemon_checks(c):
    """A daemon whose requests may take 1 MiB of memory: a PGN game past it is a 413 when
    it is the first, the last record of the answer when it comes later."""
    big = " ".join(f"{m} {{{'c' * 300}}}" for m in ["Nf3", "Nf6", "Ng1", "Ng8"] * 1000) + " *\n"
    pgn_type = {"Content-Type": "application/x-chess-pgn"}
    c.check("memory: a first game past the request's memory", "POST", "/pgn", body=big, headers=pgn_type,
            expect=413, code="payload_too_large", then=lambda r, b: want(b["limit"] == 1048576, f"limit {b}"))
    c.check("memory: a later game past it ends the answer", "POST", "/pgn", body="1. e4 e5 *\n\n" + big,
            headers=pgn_type, expect=200,
            then=lambda r, b: want(len(b["games"]) == 1 and b["error"]["code"] == "payload_too_large",
                                   f"{len(b['games'])} games, error {b.get('error')}"))
    c.check("memory: the same in NDJSON", "POST", "/pgn", body="1. e4 e5 *\n\n" + big,
            headers={**pgn_type, "Accept": "application/x-ndjson"}, expect=200,
            then=lambda r, b: want(len(b) == 2 and b[-1]["error"]["code"] == "payload_too_large",
                                   f"the last record: {b[-1]}"))


def run_busy_daemon_checks(c):
    """A daemon with one heavy thread and no queue: a second expensive request while one
    is worked on is 503 busy at once; a cheap one is answered."""
    slow = "/render/game.gif?" + query(moves=",".join(["g1f3", "g8f6", "f3g1", "f6g8"] * 250), size=1024)
    worker = threading.Thread(target=lambda: c.client.request("GET", slow))
    worker.start()
    # The GIF takes a few hundred ms: wait until the heavy thread has it (fend's own gauge)
    # rather than for a fixed time, which a fast build or a loaded machine would defeat.
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and worker.is_alive():
        metrics = c.client.request("GET", "/metrics").body.decode()
        if re.search(r"^fend_heavy_slots_used 1$", metrics, re.M):
            break
        time.sleep(0.002)
    c.check("busy: a PNG while the heavy thread draws", "GET", "/render?" + query(fen=START, format="png"),
            expect=503, code="busy",
            then=lambda r, b: want(r.header("Retry-After") == "1" and b["threads"] == 1 and b["queue"] == 0,
                                   f"Retry-After {r.header('Retry-After')}, {b}"))
    c.check("busy: an SVG meanwhile", "GET", "/render?" + query(fen=START, format="svg"), expect=200)
    worker.join()


def run_second_daemon_checks(c, limit):
    """A daemon with --cors-origin and a small --max-body."""
    c.check("origin: GET", "GET", "/health", expect=200)
    c.check("origin: preflight", "OPTIONS", "/render", expect=204)
    c.check("origin: 404", "GET", "/nope", expect=404, code="not_found")
    c.check("origin: 405", "POST", "/version", expect=405, code="method_not_allowed")
    head = b'{"fen":"' + START.encode() + b'"'
    at_limit = head + b" " * (limit - len(head) - 1) + b'}'
    c.check("max-body: a body of exactly the limit", "POST", "/validate", body=at_limit,
            headers={"Content-Type": "application/json"}, expect=200,
            then=lambda r, b: want(b["valid"], "expected a valid FEN"))
    c.check("max-body: one byte over", "POST", "/validate", body=at_limit + b" ",
            headers={"Content-Type": "application/json"}, expect=413, code="payload_too_large",
            then=lambda r, b: want(b["limit"] == limit, f"limit {b['limit']}, not --max-body {limit}"))
    c.check("max-body: chunked, over", "POST", "/moves",
            raw=lambda: c.client.raw("POST", "/moves",
                                     [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")],
                                     [at_limit[:600], at_limit[600:] + b"  "], chunked=True),
            expect=413, code="payload_too_large")
    line = json.dumps(START).encode() + b"\n"
    bulk = line * (2 * limit // len(line))
    c.check("max-bulk-body: NDJSON under it, over --max-body", "POST", "/validate", body=bulk,
            headers={"Content-Type": "application/x-ndjson"}, expect=200,
            then=lambda r, b: want(len(b) == len(bulk) // len(line), f"{len(b)} records"))
    c.check("max-bulk-body: NDJSON over it", "POST", "/validate", body=bulk + line,
            headers={"Content-Type": "application/x-ndjson"}, expect=413, code="payload_too_large",
            then=lambda r, b: want(b["limit"] == 2 * limit, f"limit {b['limit']}, not --max-bulk-body"))


# Every response example of the document, with the request that produces it: the daemon
# must answer exactly that, so the examples stay true.
R = "#/components/responses/"
APPLY = "#/paths/~1apply-move/post/responses/"
JSON_EX = "/content/application~1json/examples/"
PROBLEM_EX = "/content/application~1problem+json/examples/"
EXAMPLE_REQUESTS = [
    ("#/paths/~1pgn/post/responses/200" + JSON_EX + "annotated", "POST", "/pgn",
     {"pgn": "[Event \"Example\"]\n\n1. e4 {[%clk 0:03:00]} e5!? (1... c5 $14) 2. Qh5 Ke7?? 3. Qxe5# 1-0\n"}),
    ("#/paths/~1pgn/post/responses/200" + JSON_EX + "error", "POST", "/pgn", {"pgn": "1. e4 e5 2. Ke3 Nc6 *"}),
    ("#/paths/~1pgn/post/responses/422" + PROBLEM_EX + "not_pgn", "POST", "/pgn", {"pgn": "hello world"}),
    (R + "Validation" + JSON_EX + "valid", "POST", "/validate", {"fen": E4}),
    (R + "Validation" + JSON_EX + "lenient", "POST", "/validate", {"fen": SLOPPY, "mode": "lenient"}),
    (R + "Validation" + JSON_EX + "chess960", "POST", "/validate",
     {"fen": CHESS960_CASTLE, "chess960": True, "castling": "shredder"}),
    (R + "Validation" + JSON_EX + "illegal", "GET", "/validate?" + query(fen=OPPONENT_IN_CHECK), None),
    (R + "Validation" + JSON_EX + "malformed", "POST", "/validate", {"fen": MANY_ERRORS}),
    (R + "Moves" + JSON_EX + "promotion", "GET", "/moves?" + query(fen=PROMOTION), None),
    (R + "Moves" + JSON_EX + "en_passant", "POST", "/moves", {"fen": EN_PASSANT}),
    (R + "Render" + JSON_EX + "check", "GET", "/render?" + query(fen=CHECK), None),
    (R + "Render/content/text~1plain/examples/ascii", "GET", "/render?" + query(fen=CHECK, format="ascii"), None),
    (R + "Render/content/text~1plain/examples/unicode_black", "POST", "/render",
     {"fen": CHECK, "format": "unicode", "orientation": "black"}),
    (APPLY + "200" + JSON_EX + "one", "POST", "/apply-move", {"fen": START, "move": "e2e4"}),
    (APPLY + "200" + JSON_EX + "several", "POST", "/apply-move",
     {"fen": START, "moves": ["f2f3", "e7e5", "g2g4", "d8h4"]}),
    (APPLY + "200" + JSON_EX + "chess960", "POST", "/apply-move",
     {"fen": CHESS960_CASTLE, "chess960": True, "move": "b1h1"}),
    (APPLY + "422" + PROBLEM_EX + "not_legal", "POST", "/apply-move",
     {"fen": START, "moves": ["e2e4", "e7e5", "e1e3"]}),
    (APPLY + "422" + PROBLEM_EX + "malformed", "POST", "/apply-move", {"fen": START, "moves": ["e2e4", "xyz"]}),
    (APPLY + "200" + JSON_EX + "san", "POST", "/apply-move", {"fen": START, "move": "Ng1-f3!"}),
    (APPLY + "200" + JSON_EX + "game", "POST", "/apply-move",
     {"fen": START, "moves": ["e4", "e5", "Nf3", "Nc6", "Bb5"], "tags": {"White": "Morphy", "Black": "?"}}),
    (APPLY + "200" + JSON_EX + "italian", "POST", "/apply-move",
     {"fen": START, "moves": ["e4", "e5", "Cf3"], "lang": "it"}),
    (APPLY + "422" + PROBLEM_EX + "ambiguous", "POST", "/apply-move",
     {"fen": "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "move": "Nd2"}),
    (APPLY + "422" + PROBLEM_EX + "strict", "POST", "/apply-move", {"fen": START, "move": "Nxf3", "strict_san": True}),
    (APPLY + "422" + PROBLEM_EX + "pinned", "POST", "/apply-move",
     {"fen": "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "move": "Bd3"}),
    ("#/components/examples/InvalidFenProblem", "POST", "/apply-move", {"fen": NO_KINGS, "move": "e2e4"}),
    ("#/components/examples/MissingFieldProblem", "POST", "/validate", {"mode": "strict"}),
    ("#/components/examples/InvalidFieldProblem", "GET", "/validate?" + query(fen=START, mode="loose"), None),
    ("#/components/examples/UnknownParameterProblem", "GET", "/render?" + query(fen=START, orientaton="black"), None),
    ("#/components/examples/UnknownMemberProblem", "POST", "/validate", {"fen": START, "lenient": True}),
    (R + "UnknownParameter" + PROBLEM_EX + "no_parameters", "GET", "/health?nocache=1", None),
    (R + "BadRequest" + PROBLEM_EX + "not_an_object", "POST", "/validate", ["8/8/8/8/8/8/8/K6k w - - 0 1"]),
    (R + "BadRequest" + PROBLEM_EX + "malformed_json", "POST", "/validate", b'{"fen": '),
    (R + "PayloadTooLarge/content/application~1problem+json/example", "RAW413", "/validate", None),
    (R + "UnsupportedMediaType/content/application~1problem+json/example", "POST", "/validate", "text"),
    (R + "NotFound/content/application~1problem+json/example", "GET", "/nope", None),
    (R + "MethodNotAllowed/content/application~1problem+json/example", "GET", "/apply-move", None),
    ("#/paths/~1health/get/responses/200/content/application~1json/example", "GET", "/health", None),
    ("#/paths/~1version/get/responses/200/content/application~1json/example", "GET", "/version", None),
]


def check_examples_are_real(c, d):
    for ptr, method, target, body in EXAMPLE_REQUESTS:
        example = d.pointer(ptr)
        expected = example["value"] if isinstance(example, dict) and "value" in example and \
            not ptr.endswith("/example") else example
        headers = {}
        raw = None
        if method == "RAW413":
            method = "POST"
            raw = lambda: c.client.raw("POST", "/validate", [("Content-Type", "application/json"),
                                                             ("Content-Length", "1048577")])
        elif body == "text":
            body, headers = b"x", {"Content-Type": "text/plain"}
        elif isinstance(body, bytes):
            headers = {"Content-Type": "application/json"}

        def same(r, b, expected=expected, ptr=ptr):
            got = b if b is not None else r.body.decode("utf-8")
            want(got == expected, f"the document's example {ptr} is not what the daemon answers: "
                                  f"{json.dumps(got, ensure_ascii=False)[:500]}")
        c.check(f"example {ptr.split('/')[-1]} ({ptr.split('/')[3]})", method, target, body=body,
                headers=headers, raw=raw, then=same)


def schema_members(d, schema):
    """The property names a request body's JSON schema declares, through $ref and allOf."""
    schema = d.pointer(schema["$ref"]) if "$ref" in schema else schema
    names = list(schema.get("properties", {}))
    for sub in schema.get("allOf", []):
        names += [n for n in schema_members(d, sub) if n not in names]
    return names


def check_names(c, d):
    """Every operation refuses a name it does not take with 400 unknown_parameter, and the
    names it says it takes (`known`) are the ones the document declares for it: its query
    parameters (for a POST, those of the bodies it streams) and the members of its JSON
    body. So the daemon and the document name the same parameters, each way round."""
    for path, method, op in d.operations():
        if method not in ("get", "post"):
            continue
        label = f"{method.upper()} {path}"
        path = d.concrete(path)
        query_names = [p["name"] for p in map(d.deref, op.get("parameters", [])) if p["in"] == "query"]
        content = d.deref(op["requestBody"])["content"] if "requestBody" in op else {}
        streamed = [mt for mt in content if mt != "application/json"]

        def known_is(where, names, parameter):
            def check(r, b):
                want(b["parameter"] == parameter and b["in"] == where,
                     f"parameter {b['parameter']!r} in {b['in']!r}, not {parameter!r} in {where!r}")
                want(sorted(b["known"]) == sorted(names),
                     f"the daemon knows {sorted(b['known'])}, the document {sorted(names)}")
            return check
        if method == "get":
            c.check(f"names: {label} unknown query parameter", "GET", path + "?zz_unknown=1", expect=400,
                    code="unknown_parameter", then=known_is("query", query_names, "zz_unknown"))
        if method == "post" and streamed:
            c.check(f"names: {label} unknown query parameter, {streamed[0]} body", "POST", path + "?zz_unknown=1",
                    body="1. e4 *", headers={"Content-Type": streamed[0]}, expect=400, code="unknown_parameter",
                    then=known_is("query", query_names, "zz_unknown"))
        if "application/json" in content:
            members = schema_members(d, content["application/json"]["schema"])
            c.check(f"names: {label} unknown member", "POST", path, body={"zz_unknown": 1}, expect=400,
                    code="unknown_parameter", then=known_is("body", members, "zz_unknown"))
            c.check(f"names: {label} query parameter with a JSON body", "POST", path + "?" + query(fen=START),
                    body={"fen": START}, expect=400, code="unknown_parameter", then=known_is("query", [], "fen"))
            # a typo of each member: refused, with the member suggested
            for name in members:
                typo = name[1] + name[0] + name[2:]
                c.check(f"names: {label} member {typo}", "POST", path, body={typo: 1}, expect=400,
                        code="unknown_parameter",
                        then=lambda r, b, name=name: want(b["detail"].endswith(f"did you mean `{name}`?"),
                                                          f"no suggestion of {name}: {b['detail']}"))
        for name in query_names if method == "get" or streamed else []:
            typo = name[1] + name[0] + name[2:]
            headers = {"Content-Type": streamed[0]} if method == "post" else {}
            c.check(f"names: {label} query parameter {typo}", method.upper(), f"{path}?{typo}=1",
                    body="1. e4 *" if method == "post" else None, headers=headers, expect=400,
                    code="unknown_parameter",
                    then=lambda r, b, name=name: want(b["detail"].endswith(f"did you mean `{name}`?"),
                                                      f"no suggestion of {name}: {b['detail']}"))


def check_head_mirrors(c):
    """HEAD answers like GET, without the body: each GET sent (the first three of each path
    and status) is sent again as HEAD, which must get the same status and headers (but the
    request id, and the framing of a body it does not carry)."""
    volatile = {"x-request-id", "content-length", "transfer-encoding", "date", "connection"}
    done = {}
    for name, target, hdrs, got in list(c.gets):
        key = (urllib.parse.urlsplit(target).path, got.status)
        done[key] = done.get(key, 0) + 1
        if done[key] > 3:
            continue

        def same(r, b, got=got):
            want(r.status == got.status, f"HEAD answered {r.status}, GET {got.status}")
            head = {k.lower(): v for k, v in r.headers if k.lower() not in volatile}
            full = {k.lower(): v for k, v in got.headers if k.lower() not in volatile}
            want(head == full, f"HEAD's headers {sorted(head.items())} differ from GET's {sorted(full.items())}")
        c.check(f"HEAD of {name}", "HEAD", target, headers=hdrs, expect=got.status, then=same)


def check_allowed(allow, documented):
    """The methods a daemon announces for a path against the document's: the same, plus
    HEAD where GET is."""
    expected = set(documented) | ({"HEAD"} if "GET" in documented else set())
    want(len(allow) == len(set(allow)), f"methods repeated in {allow}")
    want(set(allow) == expected, f"allows {sorted(allow)}, the document says {sorted(expected)}")


# ---------------------------------------------------------------- the document alone


def check_document(d, fail):
    doc = d.doc
    if doc.get("openapi") != "3.2.0":
        fail("document", f"openapi is {doc.get('openapi')!r}, not 3.2.0")
    for name, schema in doc["components"]["schemas"].items():
        try:
            d.validator_class.check_schema(schema)
        except jsonschema.SchemaError as exc:
            fail("document", f"components/schemas/{name} is not a valid JSON Schema: {exc.message}")
    # every example must satisfy its schema
    checked = 0
    done = set()
    for path, method, op in d.operations():
        base = f"#/paths/{pointer_escape(path)}/{method}"
        for i, param in enumerate(op.get("parameters", [])):
            ptr = param["$ref"] if "$ref" in param else f"{base}/parameters/{i}"
            p = d.deref(param)
            if "example" in p and (ptr, "example") not in done:
                done.add((ptr, "example"))
                checked += 1
                for e in d.errors(ptr + "/schema", p["example"]):
                    fail("document", f"example of {ptr}: {e}")
        media_sets = []
        if "requestBody" in op:
            rb = op["requestBody"]
            ptr = rb["$ref"] if "$ref" in rb else f"{base}/requestBody"
            media_sets.append((ptr, d.deref(rb)))
        for status, resp in op["responses"].items():
            ptr = resp["$ref"] if "$ref" in resp else f"{base}/responses/{status}"
            media_sets.append((ptr, d.deref(resp)))
            for hname, h in (d.deref(resp).get("headers") or {}).items():
                if "$ref" in h and "example" in d.deref(h) and (h["$ref"], "example") not in done:
                    done.add((h["$ref"], "example"))
                    value = d.deref(h)["example"]
                    checked += 1
                    for e in d.errors(h["$ref"] + "/schema", value):
                        fail("document", f"example of header {hname}: {e}")
        for ptr, obj in media_sets:
            for mt, media in (obj.get("content") or {}).items():
                sptr = f"{ptr}/content/{pointer_escape(mt)}/schema"
                values = []
                if "example" in media:
                    values.append(("example", media["example"]))
                for ename, ex in (media.get("examples") or {}).items():
                    values.append((ename, d.deref(ex)["value"]))
                for ename, value in values:
                    if (sptr, ename) in done:
                        continue
                    done.add((sptr, ename))
                    checked += 1
                    for e in d.errors(sptr, value):
                        fail("document", f"example {ename} of {sptr}: {e}")
    for name in ("NotFound", "MethodNotAllowed"):
        resp = doc["components"]["responses"][name]
        for mt, media in resp["content"].items():
            checked += 1
            for e in d.errors(f"#/components/responses/{name}/content/{pointer_escape(mt)}/schema",
                              media["example"]):
                fail("document", f"example of {name}: {e}")
    return checked


# ---------------------------------------------------------------- main


def main():
    if not os.path.exists(DOC_PATH):
        print(f"contract: {DOC_PATH} not found (FEND_SOURCE_DIR={SOURCE_DIR})")
        return 99
    if not os.access(FEND, os.X_OK):
        print(f"contract: {FEND} not found: build the daemon (make fend) first")
        return 99
    d = Document(DOC_PATH)
    failures = []
    examples = check_document(d, lambda n, m: failures.append(f"{n}: {m}"))

    daemon = Daemon(FEND)
    c = None
    try:
        daemon.start()
        if daemon.version != d.doc["info"]["version"]:
            failures.append(f"banner: fend {daemon.version} but the document is version "
                            f"{d.doc['info']['version']}")
        c = Checker(d, Client(daemon.port), daemon)
        run_checks(c, d)
        check_names(c, d)
        check_examples_are_real(c, d)
        check_head_mirrors(c)
        if daemon.proc.poll() is not None:
            failures.append(f"fend died during the test (status {daemon.proc.returncode})")
        else:
            failures.extend(f"shutdown: {p}" for p in daemon.stop())
        # a second daemon: another --cors-origin, a small --max-body
        limit = 1000
        second = Daemon(FEND, "--cors-origin", "https://app.example", "--max-body", str(limit),
                        "--max-bulk-body", str(2 * limit))
        try:
            second.start()
            c.client, c.daemon, c.origin = Client(second.port), second, "https://app.example"
            run_second_daemon_checks(c, limit)
            if second.proc.poll() is not None:
                failures.append(f"the second fend died during the test (status {second.proc.returncode})")
            else:
                failures.extend(f"shutdown of the second fend: {p}" for p in second.stop())
        finally:
            second.kill()
        for flags, checks in ((("--request-deadline", "0.001"), run_budget_daemon_checks),
                              (("--max-request-memory", "1048576"), run_memory_daemon_checks),
                              (("--heavy-threads", "1", "--heavy-queue", "0", "--max-render-pixels", str(1 << 40)),
                               run_busy_daemon_checks)):
            other = Daemon(FEND, *flags)
            try:
                other.start()
                c.client, c.daemon, c.origin = Client(other.port), other, "*"
                checks(c)
                if other.proc.poll() is not None:
                    failures.append(f"the fend of {checks.__name__} died (status {other.proc.returncode})")
                else:
                    failures.extend(f"shutdown of the fend of {checks.__name__}: {p}" for p in other.stop())
            finally:
                other.kill()
        failures.extend(c.failures)
    except Failure as exc:
        if c is not None:
            failures.extend(c.failures)
        failures.append(f"daemon: {exc}")
    finally:
        daemon.kill()

    if c is not None:
        # coverage: every operation and every documented status of the document
        for path, method, op in d.operations():
            if (path, method) not in c.seen_ops:
                failures.append(f"coverage: {method.upper()} {path} is documented but was never requested")
                continue
            for status in op["responses"]:
                if status in UNPROVOKABLE or status == "default" or status.endswith("XX"):
                    continue
                if (path, method, status) not in c.seen_status:
                    failures.append(f"coverage: {method.upper()} {path} documents {status}, never seen")
        for name in ("NotFound", "MethodNotAllowed", "UriTooLong", "HeadersTooLarge"):
            if name not in c.seen_components:
                failures.append(f"coverage: components/responses/{name} was never seen")

    if failures:
        print(f"contract: {len(failures)} problem(s) between fend and {DOC_PATH}:")
        for f in failures:
            print("  " + f)
        err = daemon.stderr_text()
        if err:
            print("fend's stderr:\n" + err[-4000:])
    if c is not None and c.known:
        print("contract: known issues, reported and not counted as failures:")
        for k in c.known:
            print("  " + k)
    if c is not None:
        for f in c.fixed:
            print("contract: " + f)
    requests = c.count if c else 0
    print(f"contract: {requests} requests checked against {len(list(d.operations()))} operations; "
          f"{examples} examples of the document checked against its schemas")
    checker_lines = len(c.failures) if c else 0
    failed_requests = c.failed_requests if c else 0
    other = len(failures) - checker_lines
    known = c.known_requests if c else 0
    if known:
        print(f"contract: {known} requests hit known issues (listed above), not counted")
    print(f"contract: {requests - failed_requests - known} passed, {failed_requests + other} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
