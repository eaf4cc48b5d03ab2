"""The search that found session 2 of the odd-count pair round robins (SRR teams + pairs).

Run ``.venv/bin/python bench/srr_odd_search.py N SECONDS SEED [--write]`` (N = 5, 7, 9
or 11).  It draws random unipotent Latin squares of order N with no two-cycle (a
match's two halves never in the same round, so no set is at two tables at once),
keeps those whose seating equations are solvable with the AWL as session 1
(:mod:`bridgedesk.movements.pair_round_robin_odd`), and packs each one's matches
into as few board sets as a few hundred random greedy passes find (a set holds
matches of disjoint teams whose halves are in different rounds).  It prints each
improvement (tries, sets, seconds) and stops at N sets or after SECONDS; with
``--write`` the best goes into ``movements/data/pair_round_robin_odd.json``.
Asserts nothing.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from bridgedesk.movements import pair_round_robin_odd as odd

DATA = Path(odd.__file__).parent / "data" / "pair_round_robin_odd.json"

Square = list[list[int]]
PlayRow = tuple[int, int, int, int]


def latin(n: int, rng: random.Random) -> Square:
    """A random unipotent Latin square (0 on the diagonal) without L[i][j] == L[j][i]."""
    grid = [[-1] * n for _ in range(n)]
    for i in range(n):
        grid[i][i] = 0
    cells = [(i, j) for i in range(n) for j in range(n) if i != j]
    rows = [{0} for _ in range(n)]
    cols = [{0} for _ in range(n)]

    def fill(k: int) -> bool:
        if k == len(cells):
            return True
        i, j = cells[k]
        symbols = list(range(1, n))
        rng.shuffle(symbols)
        for s in symbols:
            if s in rows[i] or s in cols[j] or grid[j][i] == s:
                continue
            grid[i][j] = s
            rows[i].add(s)
            cols[j].add(s)
            if fill(k + 1):
                return True
            rows[i].discard(s)
            cols[j].discard(s)
        grid[i][j] = -1
        return False

    sys.setrecursionlimit(10_000)
    if not fill(0):
        raise SystemExit(f"no Latin square of order {n}")
    return grid


def rounds_of(grid: Square) -> list[list[int]]:
    """rounds[k][t]: the team whose EW pair team t's NS pair meets in round k."""
    n = len(grid)
    return [[next(j for j in range(n) if grid[t][j] == k) for t in range(n)] for k in range(1, n)]


def solvable(n: int, rounds: list[list[int]]) -> bool:
    halves = odd._awl_session(n)
    for k, row in enumerate(rounds):
        for t, opp in enumerate(row):
            halves.append(odd._Half(1, k, t, opp, n + min(t, opp) * n + max(t, opp)))
    plays = odd._plays(halves)
    return odd._solve(plays, odd._match_groups(plays)) is not None


def pack(n: int, rounds: list[list[int]], rng: random.Random, passes: int) -> list[list[PlayRow]]:
    where = {(t, opp): k for k, row in enumerate(rounds) for t, opp in enumerate(row)}
    plays = [(a, b, where[(a, b)], where[(b, a)]) for a in range(n) for b in range(a + 1, n)]
    best: list[list[PlayRow]] | None = None
    for _ in range(passes):
        order = plays[:]
        rng.shuffle(order)
        groups: list[list[PlayRow]] = []
        for p in order:
            for g in groups:
                teams = {x for q in g for x in q[:2]}
                busy = {x for q in g for x in q[2:]}
                if p[0] in teams or p[1] in teams or p[2] in busy or p[3] in busy:
                    continue
                g.append(p)
                break
            else:
                groups.append([p])
        if best is None or len(groups) < len(best):
            best = groups
        if len(best) == n:
            break
    assert best is not None
    return best


def main() -> None:
    n, limit, seed = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    start = time.perf_counter()
    tries = 0
    best: dict[str, object] | None = None
    size = None
    while time.perf_counter() - start < limit:
        tries += 1
        rounds = rounds_of(latin(n, rng))
        if not solvable(n, rounds):
            continue
        groups = pack(n, rounds, rng, 300)
        if size is None or len(groups) < size:
            size = len(groups)
            best = {
                "seed": seed,
                "rounds": rounds,
                "sets": [[list(p[:2]) for p in g] for g in groups],
            }
            print(f"{n} teams: try {tries}, {size} sets, {time.perf_counter() - start:.1f} s")
            if size == n:
                break
    print(f"{n} teams: {tries} squares tried in {time.perf_counter() - start:.1f} s")
    if best is not None and "--write" in sys.argv:
        data = json.loads(DATA.read_text())
        data["teams"][str(n)] = best
        DATA.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
