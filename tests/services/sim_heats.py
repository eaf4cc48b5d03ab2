"""Clubs' heats of a simultaneous event for the tests: each club's own store holding an
ordinary pairs event that played (part of) the event's deal set.

:func:`synthetic_heat` is a heat as a club would send it, without a store: a Mitchell
of three tables on the given deals, NS scores drawn with the given ``random.Random``
from :data:`SCORES` (any score will do where only storing and rescoring are checked).

Provenance: the deal set is :func:`bridgedesk.deals.generate.generate` from a fixed
seed; the movements are the library's catalogue (a skip Mitchell, a Mitchell, a
Howell); each table's result is :func:`bridgedesk.simulate.simulate` on the board's
deal with a seeded ``random.Random``.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

from bridgedesk.bridge.contract import format_result
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.deal import Deal
from bridgedesk.deals.generate import generate
from bridgedesk.events import Entry, Event, Player, Rating, ScoringMethod
from bridgedesk.events.entry import make_result
from bridgedesk.events.model import Section, Session
from bridgedesk.events.simultaneous import HeatLine, HeatPair, HeatResults
from bridgedesk.formats import dealfile
from bridgedesk.movements.catalogue import build
from bridgedesk.services import slips
from bridgedesk.simulate import simulate
from bridgedesk.store import movements_repo
from bridgedesk.store.service import Store
from tests.store_copies import copy_of_made

DAY = dt.date(2026, 11, 24)


def deal_set(boards: int, seed: int) -> list[Deal]:
    return list(generate(boards, 1, seed=seed))


def deal_file(deals: list[Deal], path: Path) -> Path:
    dealfile.dump([BoardRecord(d) for d in deals], path)
    return path


def club_heat(
    db: Path,
    club: str,
    deals: list[Deal],
    kind: str,
    tables: int,
    per_round: int,
    seed: int,
    adjusted: bool = False,
) -> int:
    """A club's stored heat (module doc); its event id.  Members are ``CLUB-PAIR-SEAT``;
    with ``adjusted`` the first table's first board gets A+/A-.  A new SQLite file is a
    copy of the same heat played once in this test process (:mod:`tests.store_copies`)."""
    shape = ("club heat", club, tuple(deals), kind, tables, per_round, seed, adjusted)
    if db.exists() or db.suffix != ".sqlite3":
        return _play_heat(db, club, deals, kind, tables, per_round, seed, adjusted)
    return copy_of_made(
        db, shape, lambda p: _play_heat(p, club, deals, kind, tables, per_round, seed, adjusted)
    )


def _play_heat(
    db: Path,
    club: str,
    deals: list[Deal],
    kind: str,
    tables: int,
    per_round: int,
    seed: int,
    adjusted: bool,
) -> int:
    by_board = {d.board: d for d in deals}
    with Store.open(db) as store:
        eid = store.create_event(
            Event(f"{club} sim heat", DAY, Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS,
                  club=club, sessions=(Session(1, (Section("A"),)),))
        )  # fmt: skip
        movement = build(kind, tables=tables, boards_per_round=per_round)
        for n in range(1, 2 * tables + 1):
            store.add_entry(
                eid,
                Entry(n, (Player(f"{club} N{n}", f"{club[:3]}{n:02d}1"),
                          Player(f"{club} S{n}", f"{club[:3]}{n:02d}2"))),
            )  # fmt: skip
        store.set_movement(eid, movement)
        grid = store.movement(eid)
        assert grid is not None
        for board in grid.boards:
            movements_repo.set_deal(store, eid, board, by_board[board].pbn())
        rng = random.Random(seed)
        first = True
        for (rnd, table), seat in sorted(grid.grid.items()):
            for board in seat.boards:
                if adjusted and first:
                    result = make_result(round=rnd, table=table, board=board, ns=seat.ns,
                                         ew=seat.ew, adjusted="A+/A-")  # fmt: skip
                    first = False
                else:
                    p = simulate(by_board[board], None, rng)
                    if p.contract.is_pass:
                        result = make_result(round=rnd, table=table, board=board, ns=seat.ns,
                                             ew=seat.ew, contract="PASS")  # fmt: skip
                    else:
                        assert p.declarer is not None and p.tricks is not None
                        result = make_result(
                            round=rnd, table=table, board=board, ns=seat.ns, ew=seat.ew,
                            contract=str(p.contract), declarer=p.declarer.value,
                            result=format_result(p.contract, p.tricks),
                        )  # fmt: skip
                slips.enter(store, eid, result)
        return eid


#: Scores a synthetic heat's results are drawn from.
SCORES = (-200, -100, -50, 90, 110, 140, 420, 450, 620)


def synthetic_heat(
    number: int, deals: list[Deal], rng: random.Random, tables: int = 3
) -> HeatResults:
    """Heat ``number`` of a Mitchell of ``tables`` tables, every table every board."""
    lines = tuple(
        HeatLine(d.board, t, tables + 1 + (t + d.board) % tables, score=rng.choice(SCORES))
        for d in deals
        for t in range(1, tables + 1)
    )
    pairs = tuple(HeatPair(n, f"Pair {number}-{n}") for n in range(1, 2 * tables + 1))
    return HeatResults(f"Club {number}", "sim", DAY, None, {d.board: d.pbn() for d in deals},
                       pairs, lines)  # fmt: skip
