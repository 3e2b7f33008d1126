#!/usr/bin/env python3
"""bench/pgn-export.py -- checks `fen pgn --format pgn` (what POST /pgn answers with
Accept: application/x-chess-pgn) on PGN files two ways, and times it.

1. Round trip, fend alone: the export read back by `fen pgn` gives the same games as
   the input read by `fen pgn`. The JSON of every game is compared: tags, result, start
   position, every ply's SAN, UCI and FEN, comments, NAGs, clocks, evals, marks and
   variations, nested. What the export changes on purpose is made the same on both
   sides first: the roster's defaults and the game's result as the Result tag; FEN,
   SetUp and Variant (the start position is compared instead); white space runs in
   comments; braces in a comment holding a '}'; empty variations; games that are not PGN
   at all (the export has only escape lines for them); errors and warnings.

2. Against python-chess's exporter (chess.pgn.StringExporter, 80 columns), when python-
   chess can be imported: it is no Debian package and CI has no network, so this is a
   script for developers, not a test. Get it with the fetch tool or git, and give its
   checkout in PYTHONPATH (it runs from the checkout, on Debian's python3). Each game of
   python-chess's export of the input is compared with fend's export of it, after the
   differences below are made the same one by one; each game is counted under the first
   step that makes the two equal, and games still different are printed. Then python-
   chess reads fend's export: every game must read without an error, and python-chess's
   export of that must equal fend's under the same steps.

   The steps, each a known difference (see docs/notation.md, "Compared with other tools"):
     layout        line breaks and spacing: python-chess writes "( 1. d4 )" and
                   "{ text }", keeps a comment's own line breaks and does not wrap
                   comments; fend writes "(1. d4)" and "{text}", word-wrapped
     tag order     python-chess writes the tags past the roster in the order read; the
                   standard (8.1.1) wants ASCII order, as fend writes them
     comments      python-chess drops empty comments and removes braces; fend writes
                   {} and, in a comment holding '}', makes braces parentheses; fend makes
                   white space runs one space
     move numbers  fend writes Black's move number after a NAG ("2. Nf3 $1 2... Nc6"),
                   as the standard's 8.2.2.2 says for annotation; python-chess only after
                   comments and variations
     move order    python-chess writes a move's NAGs sorted, once each, and its comments
                   before its variations, and a variation of a variation's first move as
                   a sibling of that variation; fend keeps what it read in that order
     set-up tags   python-chess writes FEN, SetUp and Variant as read (Shredder-FEN
                   castling, "SetUp" before "FEN"); fend writes them from the position
     result        with a Result tag and a different result token, python-chess keeps
                   the tag's, fend the token's; python-chess does not read "½-½"
   A game python-chess reads differently (figurines, which it misreads as pawn moves;
   the moves after an error; text between games, which it makes a game of) shows as
   "python-chess reads the input differently" when its export of fend's export equals
   fend's export.

Usage: [PYTHONPATH=/path/to/python-chess] bench/pgn-export.py [FILE.pgn ...]
  (default: tests/data/pgn/*.pgn and ../shared/bench/games.pgn)
  FEND_BUILD_DIR  the directory holding `fen` (default: the repository root)
Exit status 0 when every round trip holds and python-chess reads every exported game
without an error; 1 otherwise. Differences from python-chess's export are reported, not
failed: they are listed above.
"""
import glob
import io
import json
import logging
import os
import re
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FEN = os.path.join(os.environ.get("FEND_BUILD_DIR", ROOT), "fen")
ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
UNKNOWN = ["?", "?", "????.??.??", "?", "?", "?", "*"]
SYNTAX = {"unreadable_move", "unexpected_character", "bad_tag", "unterminated_tag", "token_too_long",
          "unmatched_parenthesis"}


def default_files():
    files = sorted(glob.glob(os.path.join(ROOT, "tests", "data", "pgn", "*.pgn")))
    for shared in (os.path.join(ROOT, "..", "shared", "bench", "games.pgn"),
                   os.path.join(ROOT, "..", "..", "shared", "bench", "games.pgn")):
        if os.path.exists(shared):
            return files + [os.path.normpath(shared)]
    return files


def run_fen(*args, data=None):
    """Runs fen; (stdout bytes, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run([FEN, *args], input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode not in (0, 1):
        sys.exit(f"pgn-export.py: fen {' '.join(args)} exited {out.returncode}")
    return out.stdout, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


# ---- 1. the round trip, in fend's JSON ----

def comment_text(text):
    """A comment as the export writes it: runs of spaces, tabs and line breaks one space,
    none at the ends, and braces parentheses in one that holds a '}'."""
    if text is None:
        return None
    if "}" in text:
        text = text.replace("{", "(").replace("}", ")")
    return re.sub(r"[ \t\r\n]+", " ", text).strip(" ")


def moves_of(line):
    out = []
    for m in line:
        node = {k: m[k] for k in ("ply", "move_number", "color", "san", "uci", "fen", "clock", "eval")}
        node["comment"] = comment_text(m["comment"])
        node["starting_comment"] = comment_text(m.get("starting_comment"))
        node["nags"] = [n["nag"] for n in m["nags"]]
        node["arrows"] = m.get("arrows", [])
        node["variations"] = [moves_of(v) for v in m["variations"] if v]
        out.append(node)
    return out


def malformed(game):
    return (not game["tags"] and not game["moves"] and game["errors"] and
            game["errors"][0]["code"] in SYNTAX)


def game_of(game):
    tags = dict(zip(ROSTER, UNKNOWN))
    for name, value in game["tags"].items():
        if game["start_fen"] is None or name not in ("FEN", "SetUp", "Variant"):
            tags[name] = value.replace("\t", " ")
    tags["Result"] = game["result"]
    return {"tags": tags, "result": game["result"], "start_fen": game["start_fen"], "chess960": game["chess960"],
            "comment": comment_text(game["comment"]), "moves": moves_of(game["moves"]),
            "final_fen": game["final_fen"], "status": game["status"]}


def games_json(data):
    out, _ = run_fen("pgn", "-", data=data)
    games = [json.loads(line) for line in out.decode("utf-8").splitlines()]
    return [game_of(g) for g in games if not malformed(g)]


def first_difference(a, b, path="game"):
    if type(a) is not type(b):
        return f"{path}: {a!r} / {b!r}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: only on one side"
            d = first_difference(a[key], b[key], f"{path}.{key}")
            if d:
                return d
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        if len(a) != len(b):
            return f"{path}: {len(a)} items / {len(b)}"
    elif a != b:
        return f"{path}: {a!r} / {b!r}"
    return None


def round_trip(path, data, export):
    read, reread = games_json(data), games_json(export)
    problems = []
    if len(read) != len(reread):
        problems.append(f"{len(read)} games read, {len(reread)} in the export")
    for i, (a, b) in enumerate(zip(read, reread)):
        d = first_difference(a, b, f"game {i + 1}")
        if d:
            problems.append(d)
    plies = sum(len(g["moves"]) for g in read)
    print(f"  round trip: {len(read)} games, {plies} mainline plies: "
          f"{'the same games' if not problems else f'{len(problems)} differences'}")
    for p in problems[:10]:
        print(f"    {p}")
    return not problems


# ---- 2. python-chess ----

STEPS = ["layout", "tag order", "comments", "move numbers", "move order", "set-up tags", "result"]
TOKEN = re.compile(r"\{[^}]*\}|\(|\)|\$\d+|\d+\.(?:\.\.)?|1-0|0-1|1/2-1/2|\*|[^\s(){}$]+")
NUMBER = re.compile(r"\d+\.(?:\.\.)?")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def split_games(text):
    """The games of an export: (raw text, tag pairs, movetext tokens); escape lines and
    the empty lines between games are not part of a game."""
    games, lines, tags, body = [], [], [], []
    for line in text.splitlines() + [""]:
        if line.startswith("%"):
            continue
        m = re.match(r'^\[(\S+) "(.*)"\]$', line)
        if m and not body:
            tags.append((m.group(1), m.group(2)))
            lines.append(line)
        elif line.strip():
            body.append(line)
            lines.append(line)
        elif body:
            games.append(("\n".join(lines), tags, TOKEN.findall("\n".join(body))))
            lines, tags, body = [], [], []
        elif tags:
            lines.append(line)
    return games


def parse(tokens):
    """The tree of a movetext: a line is a list of items, each a move with its number and
    what follows it in order (("nag", $n), ("comment", {..}), ("var", line)), a comment
    before a line's first move, or the result."""
    at = 0

    def line():
        nonlocal at
        items, number = [], None
        while at < len(tokens):
            t = tokens[at]
            at += 1
            if t == ")":
                break
            if t == "(":
                items[-1]["after"].append(("var", line()))
            elif t.startswith("{") and not (items and items[-1]["move"]):
                items.append({"move": None, "number": None, "after": [("comment", t)]})
            elif t.startswith("{"):
                items[-1]["after"].append(("comment", t))
            elif t.startswith("$"):
                items[-1]["after"].append(("nag", t))
            elif NUMBER.fullmatch(t):
                number = t
            elif t in RESULTS:
                items.append({"move": None, "number": None, "result": t, "after": []})
            else:
                items.append({"move": t, "number": number, "after": []})
                number = None
        return items
    return line()


def comment(token, steps):
    text = token[1:-1]
    if "layout" in steps:
        text = text.replace("\n", " ").strip()
    if "comments" in steps:
        text = re.sub(r"[ \t\r\n]+", " ", text.replace("{", "").replace("}", ""))
        if not text.strip():
            return None
    return "{" + text + "}"


def serialize(items, steps):
    """The tokens of a line again, with the differences of steps made the same."""
    out = []
    for item in items:
        if "result" in item:
            if "result" not in steps:
                out.append(item["result"])
            continue
        if item["move"]:
            if item["number"] and not ("move numbers" in steps and item["number"].endswith("...")):
                out.append(item["number"])
            out.append(item["move"])
        after = item["after"]
        if "move order" in steps and item["move"]:
            nags = sorted({v for k, v in after if k == "nag"}, key=lambda n: int(n[1:]))
            variations = []
            for kind, var in after:
                if kind != "var":
                    continue
                first = next((x for x in var if x["move"]), None)
                inner = [v for k, v in first["after"] if k == "var"] if first else []
                if first:
                    first["after"] = [(k, v) for k, v in first["after"] if k != "var"]
                variations += [var] + inner
            after = ([("nag", n) for n in nags] + [(k, v) for k, v in after if k == "comment"] +
                     [("var", v) for v in variations])
        for kind, value in after:
            if kind == "var":
                out += ["("] + serialize(value, steps) + [")"]
            elif kind == "comment":
                c = comment(value, steps)
                if c is not None:
                    out.append(c)
            else:
                out.append(value)
    return out


def tags_of(tags, steps):
    roster = [(n, v) for n, v in tags if n in ROSTER]
    others = [(n, v) for n, v in tags if n not in ROSTER]
    if "tag order" in steps:
        others.sort()
    if "set-up tags" in steps:
        others = [(n, v) for n, v in others if n not in ("FEN", "SetUp", "Variant")]
    if "result" in steps:
        roster = [(n, v) for n, v in roster if n != "Result"]
    return roster + others


def equal(a, b, steps):
    return (tags_of(a[1], steps) == tags_of(b[1], steps) and
            serialize(parse(list(a[2])), steps) == serialize(parse(list(b[2])), steps))


def steps_needed(a, b):
    """The known differences games a and b (as split_games gives them) differ by: [] when
    they are the same text, the steps that make them the same (each needed), or None."""
    if a[0] == b[0]:
        return []
    if not equal(a, b, STEPS):
        return None
    steps = list(STEPS)
    for step in reversed(STEPS):
        fewer = [s for s in steps if s != step]
        if equal(a, b, fewer):
            steps = fewer
    return steps or ["layout"]  # the same tokens: line breaks and spacing alone


def python_chess_export(text, chess):
    """python-chess's games of text: [(its export, its errors)]."""
    handle, games = io.StringIO(text), []
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            return games
        games.append((game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=True)),
                      game.errors))


def key(game):
    return tuple(v for n, v in game[1] if n in ROSTER[:6])


def compare(path, data, export, chess):
    text, fend_text = data.decode("utf-8", "replace"), export.decode("utf-8")
    start = time.process_time()
    theirs = python_chess_export(text, chess)
    seconds = time.process_time() - start
    again = python_chess_export(fend_text, chess)
    ours = split_games(fend_text)
    counts, shown, failed = {}, 0, False

    # python-chess reads fend's export: no move it cannot read
    move_errors = [(i, e) for i, (_, errors) in enumerate(again) for e in errors
                   if type(e).__name__ in ("IllegalMoveError", "InvalidMoveError", "AmbiguousMoveError")]
    if move_errors or len(again) != len(ours):
        failed = True
        print(f"  python-chess reading fend's export: {len(again)} games of {len(ours)}, "
              f"move errors {move_errors[:5]}")
    # pair python-chess's games of the input with fend's by their roster
    j, lines = 0, []
    for pgn, errors in theirs:
        game = split_games(pgn + "\n")[0]
        if j >= len(ours) or key(ours[j]) != key(game):
            what = "python-chess made a game of text fend does not read as PGN"
            counts[what] = counts.get(what, 0) + 1
            lines.append(f"    python-chess's game {key(game)[0]!r}: {what}")
            continue
        ours_game, back = ours[j], split_games(again[j][0] + "\n")[0]
        j += 1
        steps = steps_needed(ours_game, game)
        if steps is None and steps_needed(ours_game, back) is not None:
            steps = ["python-chess reads the input differently" + (" (its errors)" if errors else "")]
        for step in (["identical"] if steps == [] else steps or ["differs"]):
            counts[step] = counts.get(step, 0) + 1
        lines.append(f"    game {j} ({key(ours_game)[0]}): " +
                     ("identical" if steps == [] else " + ".join(steps) if steps else "DIFFERS"))
        if steps is None and shown < 3:
            shown += 1
            lines.append(f"      fend:         {' '.join(serialize(parse(list(ours_game[2])), STEPS))[:300]}")
            lines.append(f"      python-chess: {' '.join(serialize(parse(list(game[2])), STEPS))[:300]}")
    order = ["identical"] + STEPS + sorted(k for k in counts if k not in STEPS and k != "identical")
    print(f"  python-chess's export of the input, {len(theirs)} games; games by the differences they need "
          "made the same: " + ", ".join(f"{k} {counts[k]}" for k in order if k in counts))
    for line in lines if len(theirs) <= 12 else [x for x in lines if "DIFFERS" in x or x.startswith("      ")]:
        print(line)
    print(f"  python-chess read and export: {seconds:.3f} s CPU")
    return not failed


def main():
    files = sys.argv[1:] or default_files()
    if not os.access(FEN, os.X_OK):
        sys.exit(f"pgn-export.py: no {FEN} (build first, or set FEND_BUILD_DIR)")
    try:
        import chess.pgn
        logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
        chess_module = sys.modules["chess"]
        print(f"python-chess {chess_module.__version__} from {os.path.dirname(chess_module.__file__)}")
    except ImportError:
        chess_module = None
        print("python-chess cannot be imported (put its checkout in PYTHONPATH): the round trips alone")
    ok = True
    for path in files:
        with open(path, "rb") as f:
            data = f.read()
        export, seconds = run_fen("pgn", "--format", "pgn", path)
        print(f"{os.path.relpath(path)}: {len(data)} bytes; fen pgn --format pgn: {seconds:.3f} s CPU")
        ok &= round_trip(path, data, export)
        if chess_module:
            ok &= compare(path, data, export, chess_module)
    print("pgn-export.py: " + ("every round trip holds" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
