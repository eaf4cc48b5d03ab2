"""The live results kept per server process (services.live_results) give exactly what
scoring the section from nothing gives (services.live, services.event_scores), after
any order of new results, corrections, deletions, undos, adjusted scores and penalties,
and whichever process (store) wrote them.

The independent computation is the services' own full path: the section read whole
and scored from nothing by :mod:`bridgedesk.services.event_scores`, and the ranking
document as ``bridgedesk results EVENT --format json`` publishes it."""

from __future__ import annotations

import json
import tempfile
import threading
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgedesk.bridge.contract import Contract
from bridgedesk.bridge.seats import Seat
from bridgedesk.errors import BridgedeskError
from bridgedesk.events.model import AdjustedScore, Result
from bridgedesk.events.rulings import PenaltyUnit, ProceduralPenalty
from bridgedesk.services import live, rulings, slips, visibility
from bridgedesk.services.live_results import LiveResults
from bridgedesk.store.service import Store
from tests.web.conftest import any_db, make_event, new_postgres_db, postgres_server

__all__ = ["any_db", "new_postgres_db", "postgres_server"]  # the fixtures this module takes


@pytest.fixture(scope="module")
def stores() -> Iterator[tuple[Store, Store]]:
    """Two stores on one database: this process's and another's (a second worker)."""
    with tempfile.TemporaryDirectory(prefix="bridgedesk-live-") as tmp:
        db = str(Path(tmp) / "club.sqlite3")
        one, other = Store.open(db), Store.open(db)
        yield one, other
        other.close()
        one.close()


def _full(store: Store, event: int) -> tuple[dict[str, Any], Any, Any]:
    """The section's display, ranking document and public ranking scored from nothing
    (or the refusals: a penalised pair whose results were all deleted is refused by
    scoring)."""
    try:
        shown: Any = live.live_section(store, event, store.section_results(event, section="A"))
    except BridgedeskError as exc:
        shown = ("refused", str(exc))
    try:
        doc: Any = live.ranking_document(store, event, "A", 1)
    except BridgedeskError as exc:
        doc = ("refused", str(exc))
    try:
        public: Any = visibility.public_ranking(store, event, "A", 1)
    except BridgedeskError as exc:
        public = ("refused", str(exc))
    return shown, doc, public


def _kept(cache: LiveResults, event: int) -> tuple[dict[str, Any], Any, Any]:
    try:
        shown: Any = cache.section_scores(event, 1, "A")
    except BridgedeskError as exc:
        shown = ("refused", str(exc))
    try:
        doc: Any = json.loads(cache.ranking_json(event, "A", 1))
    except BridgedeskError as exc:
        doc = ("refused", str(exc))
    try:
        public: Any = json.loads(visibility.kept_public_ranking(cache.unit, cache, event, "A", 1))
    except BridgedeskError as exc:
        public = ("refused", str(exc))
    return shown, doc, public


def _traveller(cache: LiveResults, store: Store, event: int, board: int) -> Any:
    """A table's traveller of ``board`` kept, and read and scored by the store (or the
    refusals, the same on both sides)."""
    try:
        kept: Any = json.loads(cache.section(event, 1, "A").traveller(board))
    except BridgedeskError as exc:
        kept = ("refused", str(exc))
    try:
        full: Any = live.board_traveller(store, event, "A", 1, board)
    except BridgedeskError as exc:
        full = ("refused", str(exc))
    return kept, full


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["enter", "enter", "enter", "adjusted", "correct", "delete", "undo",
                         "penalty", "other"]),
        st.integers(0, 10_000),
    ),
    min_size=1,
    max_size=24,
)  # fmt: skip


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS)
def test_kept_live_results_equal_scoring_from_nothing(
    stores: tuple[Store, Store], steps: list[tuple[str, int]]
) -> None:
    store, other = stores
    event = make_event(store, 8)
    movement = store.movement(event, section="A")
    assert movement is not None
    todo = [
        (rnd, table, board, a.ns, a.ew)
        for (rnd, table), a in sorted(movement.grid.items())
        for board in a.boards
    ]
    boards = max(b for *_, b, _, _ in todo)
    cache = LiveResults(store)
    stored: list[int] = []
    changes: list[int] = []
    assert _kept(cache, event) == _full(store, event)
    for what, n in steps:
        if what in ("enter", "adjusted", "other") and todo:
            rnd, table, board, ns, ew = todo.pop(n % len(todo))
            if what == "adjusted":
                result = Result(rnd, table, board, ns, ew, adjusted=AdjustedScore.parse("A+/A-"))
            else:
                result = Result(rnd, table, board, ns, ew, contract=Contract.parse("3NT"),
                                declarer=Seat.S, tricks=6 + n % 6)  # fmt: skip
            writer = other if what == "other" else store
            stored.append(slips.enter(writer, event, result, who="test"))
        elif what == "correct" and stored:
            rid = stored[n % len(stored)]
            old = next(r.result for r in store.results(event) if r.id == rid)
            if old.adjusted is not None:
                continue
            new = Result(old.round, old.table, old.board, old.ns, old.ew, contract=old.contract,
                         declarer=old.declarer, tricks=(old.tricks or 0) % 13 + 1)  # fmt: skip
            changes.append(slips.correct(store, event, rid, new, who="td", reason="slip misread",
                                         director=True))  # fmt: skip
        elif what == "delete" and stored:
            rid = stored.pop(n % len(stored))
            changes.append(slips.delete(store, event, rid, who="td", reason="wrong table",
                                        director=True))  # fmt: skip
        elif what == "undo" and changes:
            slips.undo(store, event, changes.pop(), who="td", reason="mistake", director=True)
        elif what == "penalty" and stored:
            pair = 1 + n % 8
            if any(pair in (r.result.ns, r.result.ew) for r in store.results(event)):
                given_ = ProceduralPenalty(pair, Fraction(1 + n % 3), PenaltyUnit.BOARDS, "late")
                rulings.penalty(store, event, given_, who="td")
        assert _kept(cache, event) == _full(store, event), (what, n)
        board = 1 + n % boards  # a table's traveller of it: the kept one, and the store's
        kept, full = _traveller(cache, store, event, board)
        assert kept == full, (what, n, board)


def test_an_unchanged_section_is_not_read_again(stores: tuple[Store, Store]) -> None:
    store, _ = stores
    event = make_event(store, 8)
    movement = store.movement(event, section="A")
    assert movement is not None
    a = movement.grid[(1, 1)]
    slips.enter(store, event, Result(1, 1, a.boards[0], a.ns, a.ew, contract=Contract.parse("4S"),
                                     declarer=Seat.N, tricks=10), who="test")  # fmt: skip
    cache = LiveResults(store)
    first = cache.section(event, 1, "A")
    assert cache.section(event, 1, "A") is first
    assert cache.section(event, 1, "A").display is first.display
    assert cache.section(event, 1, "A").ranking is first.ranking


def test_kept_while_two_processes_write_at_once(any_db: str) -> None:
    """Two stores (two server processes) enter a round's slips at once, and the director
    gives penalties, while the live results are brought up to date again and again
    (whole sections read again after each ruling): whatever was read in between
    (on PostgreSQL each statement sees its own moment), the end is what scoring the
    section from nothing gives."""
    one, two = Store.open(any_db), Store.open(any_db)
    try:
        event = make_event(one, 8)
        movement = one.movement(event, section="A")
        assert movement is not None
        todo = [
            Result(rnd, table, board, a.ns, a.ew, contract=Contract.parse("3NT"),
                   declarer=Seat.S, tricks=6 + (board + table) % 6)
            for (rnd, table), a in sorted(movement.grid.items()) if rnd <= 4
            for board in a.boards
        ]  # fmt: skip
        cache = LiveResults(one)
        cache.section(event, 1, "A")

        def write(store: Store, mine: list[Result]) -> None:
            for result in mine:
                slips.enter(store, event, result, who="test")

        def rule() -> None:  # the director meanwhile: each ruling reads sections whole again
            for _ in range(6):
                played = sorted({r.result.ns for r in two.results(event)})
                if played:  # a pair with a result (scoring refuses a penalty on another)
                    given_ = ProceduralPenalty(played[-1], Fraction(1), PenaltyUnit.BOARDS, "slow")
                    rulings.penalty(two, event, given_, who="td")
                time.sleep(0.02)

        writers = [
            threading.Thread(target=write, args=(store, todo[i::2]))
            for i, store in enumerate((one, two))
        ] + [threading.Thread(target=rule)]
        for w in writers:
            w.start()
        try:
            while any(w.is_alive() for w in writers):
                cache.section(event, 1, "A")
        finally:
            for w in writers:
                w.join()
        assert len(cache.section(event, 1, "A").snapshot.results) == len(todo)
        assert _kept(cache, event) == _full(one, event)
    finally:
        two.close()
        one.close()
