"""The demonstration individual behind ``bridgedesk demo --individuals N``.

:func:`run` plays a whole individual event (004:1576-1614) through the same
service layer the commands use:

1. create the event marked individual in a SQLite store and enter the players
   (names from :data:`bridgedesk.demo_session.NAMES`, member numbers);
2. give it the individual movement the JCBL list recommends for them
   (004:3068-3078) with the players' own numbers;
3. deal the boards from the seed (solved double dummy unless ``dd`` is off);
4. simulate every table's result (:mod:`bridgedesk.simulate`) and enter each
   slip naming its four players, checked against the movement;
5. score the players alone and write the full report set.

Without ``db`` the event lives in a temporary database deleted at the end;
with ``db`` each run adds a fresh event, and a run that fails removes the
event it had begun.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from pathlib import Path

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.dd import analyse
from bridgedesk.deals.generate import generate
from bridgedesk.demo_session import DemoRun, demo_people, in_store
from bridgedesk.events import Event, Rating, Result, ScoringMethod
from bridgedesk.events.slips import SeatedResult
from bridgedesk.movements.individual import individual
from bridgedesk.movements.recommend_individual import recommend_individual
from bridgedesk.reports.bundle import write_all
from bridgedesk.services import slips
from bridgedesk.services.event_scores import score_section
from bridgedesk.simulate import simulate
from bridgedesk.store import individuals
from bridgedesk.store.service import Store


def run(
    players: int = 12,
    seed: int = 1,
    out: Path = Path("bridgedesk-demo"),
    db: Path | None = None,
    lang: str = "en",
    dd: bool = True,
    workers: int | None = None,
    date: dt.date | None = None,
) -> DemoRun:
    """Run the whole demonstration individual (dated ``date``, default today); see the
    module docstring."""

    recommend_individual(players)  # refuses a count with no movement before anything else
    day = date or dt.date.today()
    return in_store(out, db, lambda path: _run(players, seed, out, path, lang, dd, workers, day))


def _run(
    players: int,
    seed: int,
    out: Path,
    db: Path,
    lang: str,
    dd: bool,
    workers: int | None,
    day: dt.date,
) -> DemoRun:
    timings: dict[str, float] = {}
    start = time.perf_counter()
    event = Event(
        name="デモ個人戦" if lang == "ja" else "Demo individual",
        date=day,
        rating=Rating.WEEKLY,
        class_=3,
        scoring=ScoringMethod.MATCHPOINTS,
        club="bridgedesk クラブ" if lang == "ja" else "bridgedesk club",
    )
    with Store.open(db) as store:
        eid = store.create_event(event, individual=True)
        try:
            records = _play(store, eid, (players, seed, lang, dd, workers), timings)
            t0 = time.perf_counter()
            _, plan = individuals.snapshot(store, eid)
            scored = score_section(store, eid, "A")
            files = write_all(scored, out, lang=lang, records=records)
        except BaseException:
            store.discard_event(eid)  # no half-made demo event stays behind
            raise
    timings["score and reports"] = time.perf_counter() - t0
    timings["total"] = time.perf_counter() - start
    return DemoRun(db, eid, scored, tuple(files), plan.name, timings)


def _play(
    store: Store,
    eid: int,
    options: tuple[int, int, str, bool, int | None],
    timings: dict[str, float],
) -> list[BoardRecord]:
    """Enter the players, movement, deals and simulated slips of event ``eid``."""
    players, seed, lang, dd, workers = options
    start = time.perf_counter()
    rng = random.Random(seed)
    for i, person in enumerate(demo_people(rng, players, lang), start=1):
        individuals.add_player(store, eid, name=person.name, member=person.member, number=i)
    chosen = recommend_individual(players)[0]
    movement = individual(players, rounds=chosen.rounds, boards_per_round=chosen.boards_per_round)
    plan = individuals.set_movement(store, eid, movement).plan
    deals = generate(len(plan.boards), plan.boards[0], seed=seed)
    for deal in deals:
        store.set_deal(eid, deal.board, deal.pbn())
    timings["setup"] = time.perf_counter() - start
    t0 = time.perf_counter()
    records = analyse(deals, workers=workers) if dd else [BoardRecord(d) for d in deals]
    timings["double dummy"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    by_board = {r.deal.board: r for r in records}
    rows: list[tuple[int | None, slips.GivenSlip]] = []
    for (rnd, table), at in sorted(plan.seats.items()):
        for b in at.boards:
            rec = by_board[b]
            played = simulate(rec.deal, rec if dd else None, rng)
            slip = Result(rnd, table, b, at.north, at.east,
                          played.contract, played.declarer, played.tricks)  # fmt: skip
            rows.append((None, SeatedResult(slip, at.players)))
    slips.import_slips(store, eid, rows, who="demo")
    timings["results"] = time.perf_counter() - t0
    return records


__all__ = ["run"]
