#!/usr/bin/env python3
"""docs.py -- the user documentation's examples run, and its links lead somewhere.

1. Every ```sh block of README.md and docs/*.md is a runnable example. Each runs, as one
   `bash -e -o pipefail` script, against a real fend started from the build tree on a
   free port (`localhost:8080` and `127.0.0.1:8080` in the text are pointed at it), with
   the build directory first in PATH (so `fen` and `fend` are this build's), in a
   temporary directory holding a link to every top-level entry of the source tree (so
   `examples/...` and `tests/data/...` resolve, and files the examples write land in the
   temporary directory). A block fails when a command exits non-zero, or when a `curl`
   gets an HTTP status of 400 or more that the text does not announce.

   The conventions (docs/development.md, "The documentation's examples"):
   - ```sh fences a runnable example; ```console fences commands that are not to be run
     here (installing, building, root, docker, podman, kubectl, systemctl, another
     host); ```text, ```json or a bare ``` fence output.
   - A comment line whose first word is an HTTP error status, `# 422 illegal_move: ...`,
     announces that the next curl of the block gets exactly that status.
   - curl's own -D/--dump-header is taken by the check: examples do not use it.

2. Every relative link and image of README.md and docs/*.md, `[text](path)` or
   `[text](path#anchor)`, names a file or directory that exists, and an anchor into a
   Markdown file names one of its headings (GitHub's slugs). docs/cli.md is written
   separately: until it exists, a link to it prints a note and does not fail.

3. The pages are for users: no issue numbers (`issue 10`) and no paths of the
   machines the project is developed on (`/work/...`, `/home/...`); each starts with a
   `# ` title; README.md stays a newcomer's page of at most 300 lines.

Environment (make check): FEND_BUILD_DIR, FEND_SOURCE_DIR.
Exit status: 0 all passed, 1 a check failed, 99 the test could not run.
"""
import glob
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

BUILD_DIR = os.environ.get("FEND_BUILD_DIR") or os.getcwd()
SOURCE_DIR = os.environ.get("FEND_SOURCE_DIR") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FEND = os.path.join(BUILD_DIR, "fend")
PENDING = {"docs/cli.md"}  # pages another change adds: a note, not a failure, until they exist
BLOCK_TIMEOUT = 120

failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print(f"FAIL: {message}", flush=True)
    return ok


def pages():
    names = ["README.md"] + sorted(os.path.relpath(p, SOURCE_DIR) for p in glob.glob(os.path.join(SOURCE_DIR, "docs", "*.md")))
    return [n for n in names if os.path.isfile(os.path.join(SOURCE_DIR, n))]


FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^\s`]*)")


def blocks(text):
    """(language, first line number, body) of every fenced block."""
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang, start = m.group(2), m.group(3).lower(), i + 1
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            body.append(lines[i])
            i += 1
        out.append((lang, start, "\n".join(body)))
        i += 1
    return out


# The harness around each block: curl checks the status of every answer it gets.
PRELUDE = r'''
curl() {
    local head want status rc
    head=$(mktemp)
    command curl -D "$head" "$@"
    rc=$?
    status=$(grep -a '^HTTP/' "$head" | tail -n 1 | cut -d' ' -f2)
    rm -f "$head"
    want=$(cat "$FEND_DOCS_EXPECT" 2>/dev/null)
    : > "$FEND_DOCS_EXPECT"
    if [ "$rc" -ne 0 ]; then
        echo "docs.py: curl exited $rc" >&2
        return "$rc"
    fi
    if [ -n "$want" ]; then
        if [ "$status" != "$want" ]; then
            echo "docs.py: curl got HTTP $status where the text announces $want" >&2
            return 1
        fi
    elif [ -z "$status" ] || [ "$status" -ge 400 ]; then
        echo "docs.py: curl got HTTP ${status:-nothing}, which the text does not announce" >&2
        return 1
    fi
    return 0
}
'''

EXPECT = re.compile(r"^\s*#\s*([45]\d\d)\b")


def script(body, port):
    body = body.replace("localhost:8080", f"127.0.0.1:{port}").replace("127.0.0.1:8080", f"127.0.0.1:{port}")
    out = []
    for line in body.split("\n"):
        out.append(line)
        m = EXPECT.match(line)
        if m:
            out.append(f'echo {m.group(1)} > "$FEND_DOCS_EXPECT"')
    return PRELUDE + "\n".join(out) + "\n"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_fend(work):
    for _ in range(5):
        port = free_port()
        log = open(os.path.join(work, "fend.log"), "w")
        proc = subprocess.Popen([FEND, "--listen", "127.0.0.1", "--port", str(port), "--log", "off"],
                                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 10
        while time.time() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/ready", timeout=1) as r:
                    if r.status == 200:
                        return proc, port
            except OSError:
                time.sleep(0.05)
        proc.kill()
        proc.wait()
    return None, None


def run_examples():
    if not os.access(FEND, os.X_OK):
        print(f"docs.py: no fend at {FEND}; build it first", file=sys.stderr)
        sys.exit(99)
    work = tempfile.mkdtemp(prefix="fend-docs-")
    proc = None
    try:
        run_dir = os.path.join(work, "run")
        os.mkdir(run_dir)
        for entry in os.listdir(SOURCE_DIR):
            if not entry.startswith("."):
                os.symlink(os.path.join(SOURCE_DIR, entry), os.path.join(run_dir, entry))
        proc, port = start_fend(work)
        if proc is None:
            print("docs.py: fend did not start", file=sys.stderr)
            sys.exit(99)
        env = dict(os.environ, PATH=BUILD_DIR + os.pathsep + os.environ.get("PATH", ""),
                   FEND_DOCS_EXPECT=os.path.join(work, "expect"), LC_ALL="C.UTF-8")
        env.pop("FEND_PORT", None)
        count = 0
        for page in pages():
            with open(os.path.join(SOURCE_DIR, page), encoding="utf-8") as f:
                text = f.read()
            for lang, line, body in blocks(text):
                if lang not in ("sh", "bash", "shell"):
                    continue
                count += 1
                open(env["FEND_DOCS_EXPECT"], "w").close()
                try:
                    r = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", script(body, port)], cwd=run_dir, env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=BLOCK_TIMEOUT)
                except subprocess.TimeoutExpired:
                    check(False, f"{page}:{line}: the example ran over {BLOCK_TIMEOUT} s")
                    continue
                err = r.stderr.decode("utf-8", "replace").strip()
                check(r.returncode == 0, f"{page}:{line}: the example exited {r.returncode}: {err[-600:]}")
                check(proc.poll() is None, f"{page}:{line}: fend died under the example")
                if proc.poll() is not None:
                    return
        print(f"docs.py: {count} examples run")
        check(count >= 20, f"only {count} runnable examples found; the ```sh blocks went missing")
    finally:
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(work, ignore_errors=True)


LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def slug(heading):
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to -."""
    s = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    s = s.replace("`", "").lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def anchors(path):
    found = set()
    counts = {}
    in_fence = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = FENCE.match(line)
            if m:
                if in_fence is None:
                    in_fence = m.group(2)
                elif line.strip().startswith(in_fence):
                    in_fence = None
                continue
            if in_fence is not None:
                continue
            h = HEADING.match(line)
            if h:
                base = slug(h.group(2))
                n = counts.get(base, 0)
                counts[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
    return found


def strip_code(text):
    """The text without fenced blocks and inline code, where brackets are not links."""
    out, in_fence = [], None
    for line in text.split("\n"):
        m = FENCE.match(line)
        if m:
            if in_fence is None:
                in_fence = m.group(2)
            elif line.strip().startswith(in_fence):
                in_fence = None
            out.append("")
            continue
        out.append("" if in_fence is not None else re.sub(r"`[^`]*`", "``", line))
    return "\n".join(out)


def check_links():
    count = 0
    for page in pages():
        path = os.path.join(SOURCE_DIR, page)
        with open(path, encoding="utf-8") as f:
            text = strip_code(f.read())
        for m in LINK.finditer(text):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue  # http:, https:, mailto:
            count += 1
            file_part, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            rel = os.path.relpath(dest, SOURCE_DIR)
            if not os.path.exists(dest):
                if rel in PENDING:
                    print(f"note: {page} links to {rel}, which does not exist yet")
                    continue
                check(False, f"{page}: the link ({target}) names {rel}, which does not exist")
                continue
            if anchor and dest.endswith(".md"):
                check(anchor in anchors(dest), f"{page}: the link ({target}) names no heading of {rel}")
    print(f"docs.py: {count} relative links checked")
    check(count >= 20, f"only {count} relative links found")


HISTORY = re.compile(r"\bissues? #?\d+|(?<![\w.])/(?:work|home)/", re.I)


README_MAX_LINES = 300


def check_user_text():
    for page in pages():
        with open(os.path.join(SOURCE_DIR, page), encoding="utf-8") as f:
            lines = f.read().split("\n")
        check(lines[0].startswith("# "), f"{page}: the page does not start with a '# ' title")
        if page == "README.md":
            check(len(lines) <= README_MAX_LINES + 1, f"README.md has {len(lines)} lines, over {README_MAX_LINES}")
        for number, line in enumerate(lines, 1):
            m = HISTORY.search(line)
            check(not m, f"{page}:{number}: \"{m.group(0) if m else ''}\" is development history or a machine path")


def main():
    check_user_text()
    check_links()
    run_examples()
    if failures:
        print(f"docs.py: {len(failures)} failures")
        return 1
    print("docs.py: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
