#!/usr/bin/env python3
"""ops.py -- what an operator installs besides the binaries: the systemd unit and the
manual pages.

1. deploy/systemd/fend.service (made from fend.service.in by make, with this build's
   fend): `systemd-analyze verify` takes it (its ExecStart and its Documentation= page,
   from a manual tree made of man/), and `systemd-analyze security --offline` rates its
   sandbox's exposure at most 2.0 ("OK").
2. man/fend.8 names every option and every FEND_* variable `fend --help` prints, and
   `man` formats it without a warning.
3. man/fen.1 names every command `fen --help` lists and every option `fen --help` and
   each `fen COMMAND --help` print, and `man` formats it without a warning.

Environment (make check): FEND_BUILD_DIR, FEND_SOURCE_DIR.
Exit status: 0 all passed, 1 a check failed, 99 the test could not run.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

BUILD_DIR = os.environ.get("FEND_BUILD_DIR") or os.getcwd()
SOURCE_DIR = os.environ.get("FEND_SOURCE_DIR") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FEND = os.path.join(BUILD_DIR, "fend")
FEN = os.path.join(BUILD_DIR, "fen")
UNIT_IN = os.path.join(SOURCE_DIR, "deploy", "systemd", "fend.service.in")
MAN_PAGES = {"fend.8": "fend", "fen.1": "fen"}
EXPOSURE_MAX = 2.0

failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print(f"FAIL: {message}", flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60, **kw)


def man_tree(work):
    """A manual tree of this source's pages: MANPATH for man and systemd-analyze."""
    root = os.path.join(work, "man")
    for page in MAN_PAGES:
        section = os.path.join(root, "man" + page.rsplit(".", 1)[1])
        os.makedirs(section, exist_ok=True)
        shutil.copy(os.path.join(SOURCE_DIR, "man", page), section)
    return root


def check_unit(work, manpath):
    with open(UNIT_IN) as f:
        text = f.read()
    unit = os.path.join(work, "fend.service")
    with open(unit, "w") as f:
        f.write(text.replace("@bindir@", BUILD_DIR))
    env = dict(os.environ, MANPATH=manpath)
    r = run(["systemd-analyze", "verify", unit], env=env)
    check(r.returncode == 0 and not r.stderr.strip(), f"systemd-analyze verify: {r.returncode} {r.stderr.strip()}")
    r = run(["systemd-analyze", "security", "--offline=yes", unit], env=env)
    m = re.search(r"Overall exposure level for fend\.service: ([0-9.]+)", r.stdout)
    exposure = float(m.group(1)) if m else None
    print(f"ops: the unit verifies; systemd-analyze security rates its exposure {exposure}")
    check(exposure is not None and exposure <= EXPOSURE_MAX,
          f"systemd-analyze security: exposure {exposure}, more than {EXPOSURE_MAX}: {r.stdout[-400:]}")


def check_man(manpath):
    helps = run([FEND, "--help"]).stdout
    options = sorted(set(re.findall(r"(--[a-z][a-z-]+)", helps)))
    variables = sorted(set(re.findall(r"\b(FEND_[A-Z_]+)\b", helps)))
    with open(os.path.join(SOURCE_DIR, "man", "fend.8")) as f:
        page = f.read().replace("\\-", "-")
    missing = [o for o in options if o not in page] + [v for v in variables if v not in page]
    print(f"ops: fend --help prints {len(options)} options and {len(variables)} variables")
    check(not missing, f"man/fend.8 does not name {missing}")
    r = run(["man", "--warnings", "-E", "UTF-8", "-l", os.path.join(SOURCE_DIR, "man", "fend.8")],
            env=dict(os.environ, MANPATH=manpath, MANWIDTH="80"))
    check(r.returncode == 0 and "NAME" in r.stdout and not r.stderr.strip(),
          f"man fend.8: {r.returncode} {r.stderr.strip()[:400]}")


def check_fen_man(manpath):
    """man/fen.1 names every command of `fen --help` and every option of it and of each
    `fen COMMAND --help`."""
    general = run([FEN, "--help"])
    check(general.returncode == 0, f"fen --help: exit {general.returncode}")
    block = general.stdout.split("\ncommands:\n", 1)[-1].split("\n\n", 1)[0]
    commands = re.findall(r"^  ([a-z]+) ", block, re.M)
    check(len(commands) >= 7, f"fen --help lists {commands}")
    with open(os.path.join(SOURCE_DIR, "man", "fen.1")) as f:
        page = f.read().replace("\\-", "-")
    options = set(re.findall(r"(--[a-z][a-z0-9-]+)", general.stdout))
    missing = [f"command {c}" for c in commands if not re.search(r"^\.B " + c + r"\b", page, re.M)]
    for command in commands:
        r = run([FEN, command, "--help"])
        check(r.returncode == 0 and r.stdout.startswith(f"usage: fen {command} "),
              f"fen {command} --help: exit {r.returncode}, {r.stdout[:60]!r}")
        taken = set(re.findall(r"^  (--[a-z][a-z0-9-]+)", r.stdout, re.M))
        check(taken, f"fen {command} --help lists no option")
        options |= taken
    missing += [o for o in sorted(options) if not re.search(re.escape(o) + r"(?![a-z0-9-])", page)]
    print(f"ops: fen --help lists {len(commands)} commands; they take {len(options)} options")
    check(not missing, f"man/fen.1 does not name {missing}")
    r = run(["man", "--warnings", "-E", "UTF-8", "-l", os.path.join(SOURCE_DIR, "man", "fen.1")],
            env=dict(os.environ, MANPATH=manpath, MANWIDTH="80"))
    check(r.returncode == 0 and "NAME" in r.stdout and not r.stderr.strip(),
          f"man fen.1: {r.returncode} {r.stderr.strip()[:400]}")


def main():
    for tool in ("systemd-analyze", "man"):
        if not shutil.which(tool):
            print(f"ops: {tool} is missing (./bootstrap installs systemd and man-db)")
            return 99
    for program in (FEND, FEN):
        if not os.access(program, os.X_OK):
            print(f"ops: {program} is not built")
            return 99
    with tempfile.TemporaryDirectory() as work:
        manpath = man_tree(work)
        check_unit(work, manpath)
        check_man(manpath)
        check_fen_man(manpath)
    print(f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
