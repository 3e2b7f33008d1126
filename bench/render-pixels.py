#!/usr/bin/env python3
"""bench/render-pixels.py -- the CPU of a drawn pixel: what --max-render-pixels buys.

For each picture or animation of the table, the pixels fend counts for it (the `needed`
of the 422 render_too_large that a fend with --max-render-pixels 1 answers) and the
CPU another fend spends drawing it (utime + stime from /proc, the mean over enough
requests to fill a second and a half), then the CPU a pixel and the peak RSS. The last
lines say which cap keeps the dearest pixel at a given CPU per request.

    bench/render-pixels.py [--fend PATH] [--only TEXT] [--budget-ms 200]

One request at a time, one worker thread; run it on an idle machine (the CPU counted
is fend's own, but a busy machine's caches make it dearer).
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attack  # noqa: E402  (its Fend, measure, board_arrows, moves)

q = attack.q
START = attack.START
JSON = {"Content-Type": "application/json"}

# Real games, and 200 plies of random legal play (their frames cover 36-39% of the board
# on average; the random game's, 38%).
GAMES = {
    "Morphy's opera game": "1.e4 e5 2.Nf3 d6 3.d4 Bg4 4.dxe5 Bxf3 5.Qxf3 dxe5 6.Bc4 Nf6 7.Qb3 Qe7 8.Nc3 c6 "
    "9.Bg5 b5 10.Nxb5 cxb5 11.Bxb5+ Nbd7 12.O-O-O Rd8 13.Rxd7 Rxd7 14.Rd1 Qe6 15.Bxd7+ Nxd7 16.Qb8+ Nxb8 "
    "17.Rd8# 1-0",
    "the Immortal game": "1.e4 e5 2.f4 exf4 3.Bc4 Qh4+ 4.Kf1 b5 5.Bxb5 Nf6 6.Nf3 Qh6 7.d3 Nh5 8.Nh4 Qg5 "
    "9.Nf5 c6 10.g4 Nf6 11.Rg1 cxb5 12.h4 Qg6 13.h5 Qg5 14.Qf3 Ng8 15.Bxf4 Qf6 16.Nc3 Bc5 17.Nd5 Qxb2 "
    "18.Bd6 Bxg1 19.e5 Qxa1+ 20.Ke2 Na6 21.Nxg7+ Kd8 22.Qf6+ Nxf6 23.Be7# 1-0",
    "Kasparov-Topalov 1999": "1.e4 d6 2.d4 Nf6 3.Nc3 g6 4.Be3 Bg7 5.Qd2 c6 6.f3 b5 7.Nge2 Nbd7 8.Bh6 Bxh6 "
    "9.Qxh6 Bb7 10.a3 e5 11.O-O-O Qe7 12.Kb1 a6 13.Nc1 O-O-O 14.Nb3 exd4 15.Rxd4 c5 16.Rd1 Nb6 17.g3 Kb8 "
    "18.Na5 Ba8 19.Bh3 d5 20.Qf4+ Ka7 21.Rhe1 d4 22.Nd5 Nbxd5 23.exd5 Qd6 24.Rxd4 cxd4 25.Re7+ Kb6 "
    "26.Qxd4+ Kxa5 27.b4+ Ka4 28.Qc3 Qxd5 29.Ra7 Bb7 30.Rxb7 Qc4 31.Qxf6 Kxa3 32.Qxa6+ Kxb4 33.c3+ Kxc3 "
    "34.Qa1+ Kd2 35.Qb2+ Kd1 36.Bf1 Rd2 37.Rd7 Rxd7 38.Bxc4 bxc4 39.Qxh8 Rd3 40.Qa8 c3 41.Qa4+ Ke1 42.f4 f5 "
    "43.Kc1 Rd2 44.Qa7 1-0",
}
RANDOM_200 = (
    "a2a3,g7g5,g1h3,b7b6,h3g5,a7a5,g2g3,f7f6,c2c4,c7c6,f2f4,f8g7,g5h3,d7d6,e1f2,e7e5,a1a2,c8a6,g3g4,h7h6,"
    "d2d4,e8d7,b2b4,a6b7,d1b3,a5a4,b1d2,d8c7,f2g1,d7e6,g1f2,c6c5,d4e5,e6d7,b3g3,b7d5,e5e6,d7e8,f2e1,d5b7,"
    "e2e3,b7c8,g3h4,c7e7,h3g1,c8d7,f1h3,c5b4,d2f1,a8a6,c1d2,e8d8,h4f6,b4b3,d2c1,d7b5,f6e7,d8e7,h3g2,b3b2,"
    "c4c5,b2c1q,e1f2,c1c3,c5d6,e7f8,g1h3,b5d7,g2e4,h6h5,g4h5,c3c7,a2c2,g8f6,c2c7,f6e8,c7c3,g7h6,e4c2,d7c6,"
    "h1g1,b6b5,c3b3,e8f6,g1g2,a6a5,h3g1,a5a8,c2d3,c6d7,b3b2,h6g5,f4f5,h8h5,f2e1,d7c6,e1e2,c6d5,g2g4,g5h6,"
    "d3c4,d5h1,e3e4,f6g8,e2d1,b5c4,b2d2,h5f5,d2g2,h6g7,g2f2,g7b2,g4g5,b2d4,f2f3,d4h8,d1c1,h8d4,g1h3,d4e5,"
    "g5g6,e5f6,f3c3,f5g5,c1d1,f6h8,e6e7,f8e8,c3g3,h8b2,g3f3,g5e5,g6g8,e8d7,g8g5,b2a3,d1e1,e5c5,e4e5,a8a6,"
    "f3f8,c5b5,e1d2,a3d6,h3f4,d6a3,d2e3,a6a7,g5g3,d7e7,f1d2,h1g2,e3f2,b5b7,f2e1,b7b5,g3g2,a3b4,g2g6,b8c6,"
    "g6g1,b4c5,g1h1,c6a5,f4g2,a5b7,d2e4,b5b3,e4g3,b3g3,h1g1,g3d3,f8a8,d3f3,a8h8,a7a8,g2e3,e7d7,g1g8,f3f7,"
    "g8d8,d7e7,d8d2,f7f6,e3c4,f6f3,h8g8,c5a7,g8g7,e7e6,d2g2,e6f5,g7b7,a7f2,e1d1,a8b8,c4d6,f5e5,b7b8,f3h3"
)


def game_json(**members):
    return "POST", "/render/game.gif", JSON, json.dumps(members).encode()


def table(random_200):
    arrows64 = attack.board_arrows(64)
    plies = ["Nf3", "Nf6", "Ng1", "Ng8"] * 25
    new_arrows = " ".join(m + (" {[%cal Ga1h8]}" if i % 2 else " {[%cal Rh1a8]}") for i, m in enumerate(plies))
    halves = ["{[%csl " + ",".join(f"G{f}{r}" for f in "abcdefgh" for r in "1234") + "]}",
              "{[%csl " + ",".join(f"R{f}{r}" for f in "abcdefgh" for r in "5678") + "]}"]
    new_circles = " ".join(m + " " + halves[i % 2] for i, m in enumerate(plies))
    rows = [
        ("png 1024", ("GET", "/render?" + q({"fen": START, "format": "png", "size": 1024}), {}, None)),
        ("png 1024, 4 arrows", ("GET", "/render?" + q({"fen": START, "format": "png", "size": 1024,
                                                      "arrows": "Ge2e4,Rg1f3,Bd1h5,Yc4f7"}), {}, None)),
        ("png 1024, 64 arrows", ("GET", "/render?" + q({"fen": START, "format": "png", "size": 1024,
                                                       "arrows": arrows64}), {}, None)),
        ("gif 1024", ("GET", "/render?" + q({"fen": START, "format": "gif", "size": 1024}), {}, None)),
        ("gif 1024, 64 arrows", ("GET", "/render?" + q({"fen": START, "format": "gif", "size": 1024,
                                                       "arrows": arrows64}), {}, None)),
        ("game 1024, 500 plies (knights)", game_json(moves=",".join(attack.moves(500)), size=1024)),
        ("game 1024, 12 plies, 64 arrows", game_json(moves=",".join(attack.moves(12)), size=1024, arrows=arrows64)),
        ("game 1024, 100 plies, new arrows", game_json(pgn=new_arrows + " *", size=1024)),
        ("game 1024, 100 plies, 32 new circles", game_json(pgn=new_circles + " *", size=1024)),
        ("game 720, 200 plies corner to corner",
         game_json(moves=",".join(["b1a3", "g8h6", "a3b1", "h6g8"] * 50), size=720)),
        ("game 720, 200 random plies", game_json(moves=random_200, size=720)),
        ("game 1024, 200 random plies", game_json(moves=random_200, size=1024)),
    ]
    for name, pgn in GAMES.items():
        rows.append((f"game 720, {name}", game_json(pgn=pgn, size=720)))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fend", default=os.environ.get("FEND", "./fend"))
    ap.add_argument("--only", default="")
    ap.add_argument("--budget-ms", type=float, default=200)
    args = ap.parse_args()
    counter = attack.Fend(args.fend, ["--max-render-pixels", "1", "--threads", "1"])
    worker = attack.Fend(args.fend, ["--max-render-pixels", str(1 << 40), "--threads", "1"])
    worst = {}
    try:
        print(f"{'request':<42} {'pixels':>11} {'CPU ms':>8} {'ns/pixel':>9} {'RSS MiB':>8}")
        for name, req in table(RANDOM_200):
            if args.only and args.only not in name:
                continue
            status, body = counter.request(*req, 60)
            if status != 422:
                raise SystemExit(f"{name}: {status} {body[:200]!r}")
            needed = json.loads(body)["needed"]
            one, peak, status, _ = attack.measure(worker, req, 1, 120)
            if status != 200:
                raise SystemExit(f"{name}: {status}")
            n = max(3, int(1.5 / max(one, 0.005)))
            before = worker.cpu()
            for _ in range(n):
                worker.request(*req, 120)
            time.sleep(0.1)
            cpu = (worker.cpu() - before) / n
            ns = cpu * 1e9 / needed
            kind = name.split()[0]
            worst[kind] = max(worst.get(kind, 0), ns)
            print(f"{name:<42} {needed:>11} {cpu * 1000:>8.1f} {ns:>9.2f} {peak / 1024:>8.1f}", flush=True)
        for kind, ns in worst.items():
            print(f"{kind}: the dearest pixel {ns:.2f} ns; {args.budget_ms:.0f} ms of CPU draws "
                  f"{args.budget_ms * 1e6 / ns / 1e6:.1f} M of them")
    finally:
        counter.stop()
        worker.stop()


if __name__ == "__main__":
    main()
