"""``bridgedesk demo --pairs N --sessions 2``: a two-session pair event, simulated.

Through the same store functions the commands use (every slip checked against
its session's movement):

1. create the event and enter the pairs once;
2. store the plan the JCBL lists recommend for them (004:3100-3300): every
   session's movement and the renumbering between sessions
   (:func:`bridgedesk.store.sessions_repo.store_plan`);
3. deal each session's boards from the seed and simulate every table;
4. score every session and the combined ranking by competitor
   (:func:`bridgedesk.services.event_scores.score_event`) and write each
   session's reports, ``combined.html`` and ``results.json``
   (:func:`bridgedesk.reports.event_bundle.write_event`).

Each session's deals are stored (the first session's as the event's, the
others as that session's, :mod:`bridgedesk.store.session_deals`), so every
session's report set has its hand records.  As in :mod:`bridgedesk.demo_session`, a run that
fails removes the event it had begun.
"""

from __future__ import annotations

import datetime as dt
import random
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.generate import generate
from bridgedesk.demo_session import demo_people, writable_dir
from bridgedesk.events import Entry, Event, Rating, Result, ScoringMethod
from bridgedesk.movements.plan import recommend_plan
from bridgedesk.reports.event_bundle import write_event
from bridgedesk.results.model import ScoredEvent
from bridgedesk.services import slips
from bridgedesk.services.event_scores import score_event
from bridgedesk.simulate import simulate
from bridgedesk.store.service import Store
from bridgedesk.store.session_deals import attach_session_deals
from bridgedesk.store.sessions_repo import played_sections, store_plan

__all__ = ["SessionsRun", "run"]


@dataclass(frozen=True)
class SessionsRun:
    """What the run made: the store (None: a temporary one), the event, the scored
    event, the files written, the plan's description and the time taken."""

    db: Path | None
    event_id: int
    scored: ScoredEvent
    files: tuple[Path, ...]
    plan: str
    seconds: float


def run(
    pairs: int = 26,
    sessions: int = 2,
    seed: int = 1,
    out: Path = Path("bridgedesk-demo"),
    db: Path | None = None,
    lang: str = "en",
    date: dt.date | None = None,
) -> SessionsRun:
    """Run the simulated event (dated ``date``, default today); see the module docstring."""
    writable_dir(out)
    day = date or dt.date.today()
    if db is not None:
        return _run(pairs, sessions, seed, out, db, lang, day)
    with tempfile.TemporaryDirectory(prefix="bridgedesk-demo-") as tmp:
        made = _run(pairs, sessions, seed, out, Path(tmp) / "demo.sqlite3", lang, day)
    return replace(made, db=None)


def _run(
    pairs: int, sessions: int, seed: int, out: Path, db: Path, lang: str, day: dt.date
) -> SessionsRun:
    start = time.perf_counter()
    plan = recommend_plan(pairs, sessions=min(sessions, 2))
    event = Event(
        name="デモ・2セッション" if lang == "ja" else "Demo two-session pairs",
        date=day,
        rating=Rating.WEEKLY,
        class_=3,
        scoring=ScoringMethod.MATCHPOINTS,
        club="bridgedesk クラブ" if lang == "ja" else "bridgedesk club",
    )
    rng = random.Random(seed)
    people = demo_people(rng, 2 * pairs, lang)
    with Store.open(db) as store:
        eid = store.create_event(event)
        try:
            for n in range(1, pairs + 1):
                store.add_entry(eid, Entry(n, (people[2 * n - 2], people[2 * n - 1])))
            store_plan(store, eid, plan, sessions)
            for session, names in played_sections(store, eid).items():
                _play(store, eid, session, names, seed, rng)
            scored = score_event(store, eid).scored
            files = write_event(scored, out, lang)
        except BaseException:
            store.discard_event(eid)  # no half-made demo event stays behind
            raise
    return SessionsRun(db, eid, scored, tuple(files), plan.row.describe(),
                       time.perf_counter() - start)  # fmt: skip


def _play(
    store: Store, eid: int, session: int, names: list[str], seed: int, rng: random.Random
) -> None:
    """Deal the session's boards and enter a simulated result for every table."""
    rows: list[tuple[int | None, Result]] = []
    for name in names:
        grid = store.movement(eid, section=name, session=session)
        assert grid is not None
        entries = store.entries(eid, section=name, session=session)
        phantoms = {n for n, e in entries.items() if e.phantom}
        boards = grid.boards
        dealt = generate(len(boards), boards[0], seed=f"{seed}-{session}")
        deals = {d.board: d for d in dealt}
        if name == names[0]:  # the sections of a session play the same boards
            if session == 1:
                for d in dealt:
                    store.set_deal(eid, d.board, d.pbn())
            else:
                attach_session_deals(store, eid, session, [BoardRecord(d) for d in dealt])
        for (rnd, table), seat in sorted(grid.grid.items()):
            if phantoms & {seat.ns, seat.ew}:
                continue
            for b in seat.boards:
                played = simulate(deals[b], None, rng)
                rows.append((None, Result(
                    rnd, table, b, seat.ns, seat.ew, played.contract, played.declarer,
                    played.tricks, section=name, session=session,
                )))  # fmt: skip
    slips.import_slips(store, eid, rows, who="demo")
