"""Masterpoint speed figures: awarding big fields and building statements.

Run ``.venv/bin/python bench/bench_masterpoints.py``; prints figures, asserts nothing.
"""

from __future__ import annotations

import time
from datetime import date, timedelta
from decimal import Decimal

from bridgedesk.masterpoints.award import SbfEvent, award
from bridgedesk.masterpoints.jcbl.weekly import GameKind, WeeklyGame
from bridgedesk.masterpoints.ledger import Ledger, LedgerEntry, Member
from bridgedesk.masterpoints.ranking import Placing, Ranking


def _timed(label: str, repeat: int, func: object) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        func()  # type: ignore[operator]
    per = (time.perf_counter() - start) / repeat
    print(f"{label:<48} {per * 1000:9.2f} ms")


def main() -> None:
    field = Ranking(tuple(Placing(str(i), (f"{i}a", f"{i}b"), i) for i in range(1, 101)))
    _timed(
        "JCBL weekly award, 100 pairs",
        20,
        lambda: award(field, "jcbl", WeeklyGame(3, GameKind.PAIRS)),
    )
    _timed("SBF table D award, 100 pairs", 20, lambda: award(field, "sbf", SbfEvent("D")))
    ledger = Ledger()
    for m in range(200):
        ledger.add_player(Member(str(m)))
    day = date(2020, 1, 1)
    for n in range(20_000):
        ledger.record(
            LedgerEntry(
                str(n % 200),
                day + timedelta(days=n % 365),
                f"event {n}",
                "jcbl",
                "2007",
                Decimal("0.36"),
                "black",
            )
        )
    _timed(
        "monthly statement, 1 member of 200 (20k awards)",
        20,
        lambda: ledger.statement("7", 2020, 6),
    )
    _timed("MP list, 200 members (20k awards)", 3, lambda: ledger.mp_list(date(2020, 12, 31)))


if __name__ == "__main__":
    main()
