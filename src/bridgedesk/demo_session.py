"""The demonstration session behind ``bridgedesk demo``: a whole club game, simulated.

:func:`run` does what a director does on a club night, through the same
service layer the commands use, so every simulated slip is checked like a
real one:

1. create the event in a SQLite store;
2. enter the pairs (names in UTF-8) and choose the movement the JCBL weekly
   list recommends for them (004:3048-3066); an odd field gets the phantom;
3. deal the boards from the seed and solve them double dummy (par);
4. simulate a result for every table and round (:mod:`bridgedesk.simulate`)
   and import them all through :func:`bridgedesk.services.slips.import_slips` (checked against
   the movement);
5. score the section and write the full report set.

The same seed gives the same deals, results and reports everywhere.

Without ``db`` the event lives in a temporary database that is deleted when
the run ends (:attr:`DemoRun.db` is then None).  With ``db`` every run adds a
fresh event, so running the demo again into the same store works; a run that
fails or is interrupted removes the event it had begun
(:meth:`Store.discard_event`), and the output directory is checked before
anything is stored.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.dd import analyse
from bridgedesk.deals.generate import generate
from bridgedesk.errors import BridgedeskError, Location
from bridgedesk.events import Entry, Event, Player, Rating, Result, ScoringMethod
from bridgedesk.events.adapters import phantom_number
from bridgedesk.movements.choose import build_movement
from bridgedesk.reports.bundle import write_all
from bridgedesk.results.model import ScoredSession
from bridgedesk.services import slips
from bridgedesk.services.event_scores import score_section
from bridgedesk.simulate import simulate
from bridgedesk.store.service import Store

if TYPE_CHECKING:
    from bridgedesk.deals.analysis import BoardRecord
    from bridgedesk.movements.model import Movement
    from bridgedesk.store.service import Store

#: Family names for the demo's players: (Japanese, romanised).
NAMES: tuple[tuple[str, str], ...] = (
    ("佐藤", "Sato"), ("鈴木", "Suzuki"), ("高橋", "Takahashi"), ("田中", "Tanaka"),
    ("伊藤", "Ito"), ("渡辺", "Watanabe"), ("山本", "Yamamoto"), ("中村", "Nakamura"),
    ("小林", "Kobayashi"), ("加藤", "Kato"), ("吉田", "Yoshida"), ("山田", "Yamada"),
    ("佐々木", "Sasaki"), ("山口", "Yamaguchi"), ("松本", "Matsumoto"), ("井上", "Inoue"),
    ("木村", "Kimura"), ("林", "Hayashi"), ("斎藤", "Saito"), ("清水", "Shimizu"),
    ("山崎", "Yamazaki"), ("森", "Mori"), ("池田", "Ikeda"), ("橋本", "Hashimoto"),
    ("阿部", "Abe"), ("石川", "Ishikawa"), ("山下", "Yamashita"), ("中島", "Nakajima"),
    ("石井", "Ishii"), ("小川", "Ogawa"), ("前田", "Maeda"), ("岡田", "Okada"),
    ("長谷川", "Hasegawa"), ("藤田", "Fujita"), ("後藤", "Goto"), ("近藤", "Kondo"),
    ("村上", "Murakami"), ("遠藤", "Endo"), ("青木", "Aoki"), ("坂本", "Sakamoto"),
)  # fmt: skip


@dataclass(frozen=True)
class DemoRun:
    """What a demo run made: the store (None: a temporary one, deleted), the event,
    the scored section, the files."""

    db: Path | None
    event_id: int
    scored: ScoredSession
    files: tuple[Path, ...]
    movement: str
    timings: dict[str, float] = field(default_factory=dict)


def demo_people(rng: random.Random, count: int, lang: str) -> list[Player]:
    """``count`` different players for a demo, drawn from :data:`NAMES` in the order
    ``rng`` shuffles them ("Sato 2" when the names run out).

    Each name keeps one member number whatever the seed and whichever demo draws it
    (the pairs, sessions, teams and individual demos all take their players here), so
    demos run into one store agree with its player register: ``3xxxx`` for the English
    names, ``4xxxx`` for the Japanese ones.
    """
    order = list(range(len(NAMES)))
    rng.shuffle(order)
    column, base = (0, 40000) if lang == "ja" else (1, 30000)
    people = []
    for i in range(count):
        k, lap = order[i % len(order)], i // len(order)
        name = NAMES[k][column] + (f" {lap + 1}" if lap else "")
        people.append(Player(name, str(base + 100 * lap + k)))
    return people


def run(
    pairs: int = 13,
    seed: int = 1,
    out: Path = Path("bridgedesk-demo"),
    db: Path | None = None,
    lang: str = "en",
    dd: bool = True,
    workers: int | None = None,
    date: dt.date | None = None,
) -> DemoRun:
    """Run the whole demonstration session (dated ``date``, default today); see the
    module docstring."""

    day = date or dt.date.today()
    return in_store(out, db, lambda path: _run(pairs, seed, out, path, lang, dd, workers, day))


def in_store(out: Path, db: Path | None, play: Callable[[Path], DemoRun]) -> DemoRun:
    """``play`` a demonstration into the store ``db``, or into a temporary one deleted
    afterwards (``db`` None); ``out`` is checked before anything is stored."""

    writable_dir(out)
    if db is not None:
        return play(db)
    with tempfile.TemporaryDirectory(prefix="bridgedesk-demo-") as tmp:
        made = play(Path(tmp) / "demo.sqlite3")
    return replace(made, db=None)


def writable_dir(out: Path) -> None:
    """Refuse an output directory that cannot be written, before anything is stored."""

    if out.exists() and not out.is_dir():
        raise BridgedeskError(
            "is a file; give a directory for the reports", Location(file=str(out))
        )
    out.mkdir(parents=True, exist_ok=True)
    if not os.access(out, os.W_OK | os.X_OK):
        raise BridgedeskError("no permission to write the reports here", Location(file=str(out)))


def _run(
    pairs: int,
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
    movement = build_movement(pairs, None)
    name = (
        f"{movement.kind} {movement.tables} tables, "
        f"{movement.round_count} rounds x {movement.boards_per_round} boards"
    )
    event = Event(
        name="デモ・ウィークリー" if lang == "ja" else "Demo weekly pairs",
        date=day,
        rating=Rating.WEEKLY,
        class_=3,
        scoring=ScoringMethod.MATCHPOINTS,
        club="bridgedesk クラブ" if lang == "ja" else "bridgedesk club",
    )
    with Store.open(db) as store:
        eid = store.create_event(event)
        try:
            records = _play(store, eid, movement, name, (pairs, seed, lang, dd, workers), timings)
            t0 = time.perf_counter()
            scored = score_section(store, eid, "A")
            files = write_all(scored, out, lang=lang, records=records)
        except BaseException:
            store.discard_event(eid)  # no half-made demo event stays behind
            raise
    timings["score and reports"] = time.perf_counter() - t0
    timings["total"] = time.perf_counter() - start
    return DemoRun(db, eid, scored, tuple(files), name, timings)


def _play(
    store: Store,
    eid: int,
    movement: Movement,
    name: str,
    options: tuple[int, int, str, bool, int | None],
    timings: dict[str, float],
) -> list[BoardRecord]:
    """Enter the pairs, movement, deals and simulated results of event ``eid``.

    ``options`` are :func:`run`'s pairs, seed, lang, dd and workers.
    """

    pairs, seed, lang, dd, workers = options

    start = time.perf_counter()
    rng = random.Random(seed)
    phantom = phantom_number(movement)
    numbers = [n for n in range(1, pairs + 2) if n != phantom][:pairs]
    people = demo_people(rng, 2 * pairs, lang)
    for i, number in enumerate(numbers):
        store.add_entry(eid, Entry(number, (people[2 * i], people[2 * i + 1])))
    if phantom is not None:
        store.add_entry(eid, Entry(phantom, phantom=True))
    store.set_movement(eid, movement, name=name)
    grid = store.movement(eid)
    assert grid is not None
    boards = grid.boards
    deals = generate(len(boards), boards[0], seed=seed)
    for deal in deals:
        store.set_deal(eid, deal.board, deal.pbn())
    timings["setup"] = time.perf_counter() - start
    t0 = time.perf_counter()
    records = analyse(deals, workers=workers) if dd else [BoardRecord(d) for d in deals]
    timings["double dummy"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    by_board = {r.deal.board: r for r in records}
    rows: list[tuple[int | None, Result]] = []
    for (rnd, table), seat in sorted(grid.grid.items()):
        if phantom in (seat.ns, seat.ew):
            continue
        for b in seat.boards:
            rec = by_board[b]
            played = simulate(rec.deal, rec if dd else None, rng)
            rows.append(
                (
                    None,
                    Result(
                        rnd, table, b, seat.ns, seat.ew,
                        played.contract, played.declarer, played.tricks,
                    ),
                )
            )  # fmt: skip
    slips.import_slips(store, eid, rows, who="demo")
    timings["results"] = time.perf_counter() - t0
    return records


__all__ = ["NAMES", "DemoRun", "demo_people", "in_store", "run", "writable_dir"]
