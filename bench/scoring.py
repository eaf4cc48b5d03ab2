"""Benchmark: one-field scoring of 1,000,000 results over 26 boards.

Run with ``.venv/bin/python bench/scoring.py [--results N] [--boards B] [--seed S]``.
Prints, for matchpoints with Neuberg factoring and for cross-IMP, the seconds,
the peak memory traced during the call, and the ratio to a NumPy sort of the
same scores (the floor any scoring method pays).  Targets on a 2-core machine:
matchpoints < 2 s, cross-IMP < 5 s, < 1 GB.  Figures, not assertions.
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc
from collections.abc import Callable

import numpy as np

from bridgedesk.scoring.fast import Kind, cross_imps, matchpoints_neuberg

# Plausible duplicate results: partscores, games, slams, sets, doubled sets.
_POOL = np.array(
    [-2000, -1100, -800, -650, -620, -500, -300, -200, -150, -140, -130, -110, -100, -90, -50,
     0, 50, 70, 80, 90, 100, 110, 120, 130, 140, 150, 170, 180, 200, 300, 400, 420, 430, 450,
     460, 480, 490, 500, 600, 620, 630, 650, 660, 680, 690, 800, 920, 980, 990, 1100, 1430,
     1440, 1460, 1510, 2210],
    dtype=np.int64,
)  # fmt: skip


def synthetic(results: int, boards: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Board numbers, NS scores and kinds: each board has a handful of likely
    results (the par contract, one trick either side, a few swings), 1 % of
    rows adjusted and 0.5 % not played."""
    rng = np.random.default_rng(seed)
    board = np.repeat(np.arange(1, boards + 1), -(-results // boards))[:results]
    score = np.empty(results, dtype=np.int64)
    for b in range(1, boards + 1):
        sel = np.flatnonzero(board == b)
        likely = rng.choice(_POOL, size=12, replace=False)
        weights = rng.dirichlet(np.full(12, 0.6))
        score[sel] = rng.choice(likely, size=sel.size, p=weights)
    kind = np.full(results, int(Kind.REAL), dtype=np.int64)
    r = rng.random(results)
    kind[r < 0.01] = int(Kind.AVERAGE_PLUS)
    kind[r < 0.004] = int(Kind.AVERAGE)
    kind[r < 0.002] = int(Kind.NOT_PLAYED)
    return board, score, kind


def measure(label: str, fn: Callable[[], object], floor: float) -> None:
    tracemalloc.start()
    t0 = time.perf_counter()
    fn()
    seconds = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"{label:<28} {seconds:8.3f} s   peak {peak / 2**20:8.1f} MiB   "
        f"x{seconds / floor:6.1f} of a sort"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", type=int, default=1_000_000)
    ap.add_argument("--boards", type=int, default=26)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    board, score, kind = synthetic(args.results, args.boards, args.seed)
    print(f"{args.results:,} results over {args.boards} boards (seed {args.seed})")
    t0 = time.perf_counter()
    np.sort(score)
    floor = time.perf_counter() - t0
    print(f"{'numpy sort of the scores':<28} {floor:8.3f} s")
    measure("matchpoints + Neuberg", lambda: matchpoints_neuberg(board, score, kind), floor)
    measure("cross-IMP", lambda: cross_imps(board, score, kind), floor)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{'process peak RSS':<28} {rss:8.1f} MiB")


if __name__ == "__main__":
    main()
