"""Scoring at a federation's scale: ``bridgedesk score`` from 10 to 5,000 pairs, the
exact and the vectorised engines side by side, and a 180,000-result simultaneous event.

Run ``.venv/bin/python bench/score_scale.py`` (``--quick`` skips the 180,000 results).
Prints figures, asserts nothing but that the two engines agree:

1. ``bridgedesk score FILE`` (read, score, print the ranking as text) on a Mitchell
   field of N pairs playing 24 boards, every table every board (12 N results), for
   N = 10 ... 5,000: seconds, microseconds per result (flat when the growth is
   linear) and the ratio to the floor, reading the same JSON file with ``json.load``.
2. The board scoring alone (``scoring.boards.score_boards``) by the exact engine and by
   the vectorised one on fields of 100 to 20,000 results: where they cross is
   ``FAST_FROM``.
3. A simultaneous event scored as one field: 500 heats of 15 tables, 24 boards
   (180,000 results; 1 % artificial scores and 0.5 % boards not played, so the
   boards have different numbers of results and Neuberg brings them to the common
   top), matchpoints across the field, by each engine; the two SessionResults
   must be equal.  The floor is a NumPy sort of the scores.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from bridgedesk.bridge.methods import Method
from bridgedesk.cli import main
from bridgedesk.scoring.boards import FAST_FROM, Engine, score_boards
from bridgedesk.scoring.results import Adjustment, Board, TravellerLine
from bridgedesk.scoring.session import score_session

BOARDS = 24
#: Plausible NS scores: partscores, games, slams, sets, doubled sets.
POOL = [-1100, -800, -650, -620, -500, -420, -300, -200, -150, -140, -130, -110, -100, -90,
        -50, 0, 50, 90, 100, 110, 120, 140, 170, 200, 300, 400, 420, 430, 450, 460, 480, 500,
        600, 620, 630, 650, 660, 680, 690, 800, 980, 990, 1100, 1430, 1440, 1460, 1510]  # fmt: skip


def field_json(pairs: int, seed: int) -> dict[str, Any]:
    """A Mitchell travellers file: NS 1..T stay, EW T+1..2T move one table a board."""
    rng = random.Random(seed)
    tables = pairs // 2
    boards = []
    for b in range(1, BOARDS + 1):
        likely = rng.sample(POOL, 10)
        rows = [{"ns": str(t), "ew": str(tables + 1 + (t + b) % tables),
                 "score_ns": rng.choice(likely)} for t in range(1, tables + 1)]  # fmt: skip
        boards.append({"board": b, "results": rows})
    return {"format": "bridgedesk-travellers", "version": 1, "winners": 2,
            "event": f"{pairs} pairs", "boards": boards}  # fmt: skip


def simultaneous(heats: int, tables: int, seed: int) -> list[Board]:
    """Every heat a Mitchell of ``tables`` tables on the same 24 boards, as one field:
    pairs "H12-3" (NS) and "H12-18" (EW) of heat 12; 1 % artificial, 0.5 % not played."""
    rng = random.Random(seed)
    out = []
    for b in range(1, BOARDS + 1):
        likely = rng.sample(POOL, 12)
        weights = [rng.random() ** 2 for _ in likely]
        rows = []
        for h in range(1, heats + 1):
            for t in range(1, tables + 1):
                ns, ew = f"H{h}-{t}", f"H{h}-{tables + 1 + (t + b) % tables}"
                roll = rng.random()
                if roll < 0.005:
                    rows.append(TravellerLine.not_played(ns, ew))
                elif roll < 0.015:
                    adj = rng.choice([Adjustment.AVERAGE, Adjustment.AVERAGE_PLUS])
                    rows.append(TravellerLine.adjusted(ns, ew, adj))
                else:
                    score = rng.choices(likely, weights)[0]
                    rows.append(TravellerLine.played(ns, ew, score))
        out.append(Board.of(b, rows))
    return out


def timed(fn: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    value = fn()
    return time.perf_counter() - t0, value


def cpu_timed(fn: Any) -> tuple[float, float, Any]:
    """Wall and CPU seconds (the CPU figure is the steadier on a shared machine)."""
    t0, c0 = time.perf_counter(), time.process_time()
    value = fn()
    return time.perf_counter() - t0, time.process_time() - c0, value


def score_command(sizes: list[int]) -> None:
    print("1. bridgedesk score FILE (text ranking), 24 boards, every table every board")
    print(f"{'pairs':>6} {'results':>8} {'wall s':>8} {'cpu s':>8} {'cpu us/result':>14} "
          f"{'json.load':>10} {'ratio':>6}")  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        warm = Path(tmp) / "warm.json"
        warm.write_text(json.dumps(field_json(10, 1)), encoding="utf-8")
        with contextlib.redirect_stdout(io.StringIO()):
            main(["score", str(warm)])  # the imports, paid once before the figures
        for pairs in sizes:
            path = Path(tmp) / f"field{pairs}.json"
            path.write_text(json.dumps(field_json(pairs, pairs)), encoding="utf-8")
            results = BOARDS * (pairs // 2)
            _, floor, _ = cpu_timed(lambda p=path: json.loads(p.read_text(encoding="utf-8")))
            sink = io.StringIO()
            with contextlib.redirect_stdout(sink):
                wall, cpu, status = cpu_timed(lambda p=path: main(["score", str(p)]))
            assert status == 0, sink.getvalue()[-300:]
            ratio = cpu / max(floor, 1e-6)
            print(f"{pairs:>6} {results:>8} {wall:>8.3f} {cpu:>8.3f} "
                  f"{cpu / results * 1e6:>14.1f} {floor:>10.4f} {ratio:>6.0f}")  # fmt: skip


def engines(sizes: list[int]) -> None:
    print(f"\n2. board scoring, exact vs vectorised (FAST_FROM = {FAST_FROM:,} results)")
    probe = "import time; t = time.process_time(); import numpy; print(time.process_time() - t)"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    numpy_s = float(done.stdout)
    print(f"importing NumPy (a fresh process): {numpy_s:.3f} s of CPU")
    print(f"{'results':>8} {'exact cpu s':>12} {'fast cpu s':>11} {'exact/fast':>10}")
    saved: list[tuple[int, float]] = []
    for results in sizes:
        tables = max(2, results // BOARDS)
        boards = simultaneous(1, tables, results)
        _, exact_s, exact = cpu_timed(
            lambda b=boards: score_boards(b, Method.MP, engine=Engine.EXACT)
        )
        _, fast_s, fast = cpu_timed(lambda b=boards: score_boards(b, Method.MP, engine=Engine.FAST))
        assert fast == exact
        print(f"{tables * BOARDS:>8} {exact_s:>12.4f} {fast_s:>11.4f} "
              f"{exact_s / max(fast_s, 1e-6):>10.1f}")  # fmt: skip
        saved.append((tables * BOARDS, exact_s - fast_s))
    per_result = sum(s for _, s in saved) / sum(n for n, _ in saved)
    print(f"the vectorised engine saves {per_result * 1e6:.0f} us of CPU a result: it pays for "
          f"NumPy's import from about {numpy_s / per_result:,.0f} results")  # fmt: skip


def federation(heats: int, tables: int) -> None:
    boards = simultaneous(heats, tables, 2026)
    results = sum(len(b.results) for b in boards)
    print(f"\n3. {heats} heats x {tables} tables x {BOARDS} boards as one field: {results:,} "
          f"results, {2 * heats * tables:,} pairs")  # fmt: skip
    scores = np.array([r.score_ns or 0 for b in boards for r in b.results], dtype=np.int64)
    floor, _ = timed(lambda: np.sort(scores))
    print(f"{'numpy sort of the scores':<34} {floor:8.3f} s")
    print(f"{'':<34} {'wall s':>8} {'cpu s':>8}")
    wall, cpu, fast = cpu_timed(lambda: score_session(boards, winners=2, engine=Engine.FAST))
    print(f"{'session, vectorised boards':<34} {wall:8.3f} {cpu:8.3f}   x{cpu / floor:,.0f}")
    wall, cpu, _ = cpu_timed(lambda: score_boards(boards, Method.MP, scores=tables * heats,
                                                  engine=Engine.FAST))  # fmt: skip
    print(f"{'  of which the boards':<34} {wall:8.3f} {cpu:8.3f}")
    wall, cpu, exact = cpu_timed(lambda: score_session(boards, winners=2, engine=Engine.EXACT))
    print(f"{'session, exact boards':<34} {wall:8.3f} {cpu:8.3f}   x{cpu / floor:,.0f}")
    wall, cpu, _ = cpu_timed(lambda: score_boards(boards, Method.MP, scores=tables * heats,
                                                  engine=Engine.EXACT))  # fmt: skip
    print(f"{'  of which the boards':<34} {wall:8.3f} {cpu:8.3f}")
    agree = fast == exact
    print(f"the two engines agree on every value, total, percentage and rank: {agree}")
    top = exact.standings[0]
    print(f"winner NS: {top.pair} {float(top.percentage or 0):.2f} %, "
          f"{len(exact.standings):,} pairs ranked")  # fmt: skip
    assert agree


def main_bench() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="skip the 180,000-result field")
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    score_command([10, 20, 50, 100, 200, 500, 1000, 2000, 5000])
    engines([240, 480, 960, 1920, 3840, 7680, 19200])
    if not args.quick:
        federation(500, 15)
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main_bench()
