"""Team movements and Swiss draws: how long they take.

Run ``.venv/bin/python bench/teams.py``; prints figures, asserts nothing.
"""

from __future__ import annotations

import random
import time
from decimal import Decimal

from bridgedesk.events.swiss import (
    Rematch,
    SwissHistory,
    SwissMatch,
    SwissRound,
    SwissRule,
    SwissTeam,
    pair_round,
)
from bridgedesk.movements.awl import awl
from bridgedesk.movements.round_robin import pair_round_robin
from bridgedesk.movements.validate import validate


def swiss(n: int, rounds: int, rule: SwissRule, rematch: Rematch) -> float:
    rng = random.Random(n)
    teams = tuple(SwissTeam(t, t) for t in range(1, n + 1))
    h = SwissHistory(teams, ())
    start = time.perf_counter()
    for r in range(1, rounds + 1):
        p = pair_round(h, rule, rematch, last_round=r == rounds)
        played = []
        for a, b in p.matches:
            x = Decimal(rng.randint(0, 200)) / 10
            played.append(SwissMatch(a, b, (x, 20 - x)))
        if p.triangle:
            a, b, c = p.triangle
            played += [
                SwissMatch(x, y, (Decimal(5), Decimal(5))) for x, y in ((a, b), (b, c), (c, a))
            ]
        h = SwissHistory(teams, (*h.rounds, SwissRound(r, tuple(played), p.triangle)))
    return time.perf_counter() - start


def main() -> None:
    for n, rounds in ((16, 8), (17, 8), (60, 12), (61, 12)):
        for rule in SwissRule:
            t = swiss(n, rounds, rule, Rematch("never"))
            print(f"swiss {n} teams, {rounds} rounds, {rule.value}, no rematch: {t * 1000:.0f} ms")
    start = time.perf_counter()
    for teams in range(5, 52):
        assert validate(awl(teams)) == []
    print(f"AWL 5-51 teams, built and validated: {time.perf_counter() - start:.2f} s")
    start = time.perf_counter()
    validate(pair_round_robin(30))
    print(f"pair round robin, 30 teams, built and validated: {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
