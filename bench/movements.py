"""Print how long movement generation takes (figures only, no assertions).

Run: ``.venv/bin/python bench/movements.py``.  Each size is built in a fresh
cache; complete Howells read their shipped round 1 (the search that found it is
timed separately), short Howells, individual movements and rover paths search.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bridgedesk.movements import howell, individual
from bridgedesk.movements.catalogue import build
from bridgedesk.movements.validate import validate


def _time(label: str, make: Callable[[], object]) -> None:
    start = time.perf_counter()
    make()
    print(f"{label:<40} {1000 * (time.perf_counter() - start):8.1f} ms")


def main() -> None:
    for tables in (3, 6, 8, 10, 12, 14, 16):
        howell.best_starter.cache_clear()
        _time(f"complete Howell, {tables} tables", lambda t=tables: howell.complete_howell(t))
    for tables in (8, 12, 16):
        _time(
            f"search a Howell round 1, {tables} tables", lambda t=tables: howell.search_starter(t)
        )
    for tables, rounds in ((8, 12), (10, 13), (12, 13), (16, 20)):
        howell.short_starter.cache_clear()
        _time(
            f"short Howell, {tables} tables x {rounds}",
            lambda t=tables, r=rounds: howell.short_howell(t, rounds=r),
        )
    for players in (9, 13, 16, 17, 19):
        _time(
            f"search an individual round 1, {players}",
            lambda n=players: individual.search_starter(n),
        )
    for pairs in (15, 25, 37, 53):
        _time(
            f"rover Mitchell, {pairs} pairs",
            lambda n=pairs: build("rover-mitchell", pairs=n, rounds=min(13, (n - 1) // 2 - 1)),
        )
    from bridgedesk.movements.interwoven import howell_fewer_rounds, two_sessions

    for tables, first, r1, r2 in (
        (9, "AM", 8, 9),
        (11, "SM", 11, 11),
        (13, "AM", 12, 13),
        (14, "AM", 12, 12),
        (19, "AM", 13, 13),
    ):
        _time(
            f"two sessions {tables}T {r1}({first}) + {r2}(IWH)",
            lambda t=tables, f=first, a=r1, b=r2: two_sessions(t, f, a, b, boards_per_round=2),
        )
    _time("Howell 11 tables x 10 rounds", lambda: howell_fewer_rounds(11, 10))
    big = build("mitchell", tables=39)
    _time("validate a 39-table Mitchell", lambda: validate(big))


if __name__ == "__main__":
    main()
