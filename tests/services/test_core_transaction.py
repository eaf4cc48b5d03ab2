"""The tables' door stores a slip in a Core transaction on one kept connection (issue 22).

:meth:`bridgedesk.store.unit.UnitOfWork.core_transaction` is what
:func:`bridgedesk.services.slips.enter_at_tables` writes in: no ORM session, and the
connection kept from one slip's transaction to the next instead of taken from the pool
and given back each time (at a club's pace both cost a result POST more CPU than the
database's own work on it).  What it must keep of :meth:`UnitOfWork.transaction`: a
refusal changes nothing; a connection that failed is never used again; two threads
writing at once each get a connection; inside an open transaction it joins it; the
events a slip changed are heard as it commits (a team table's too, whose draw is read
by the ORM session the Core transaction makes for it).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, text

from bridgedesk.errors import EntryError, StoreError
from bridgedesk.services import draws, slips
from bridgedesk.services.slips import TableSlip
from bridgedesk.store import team_events, terminals
from bridgedesk.store.notices import on_changes
from bridgedesk.store.service import Store
from bridgedesk.store.unit import CoreTx, statements
from bridgedesk.web.table_body import table_slip
from tests.web import team_event as te
from tests.web.conftest import Stored, stored_event


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[Stored]:
    found = stored_event(str(tmp_path / "club.sqlite3"))
    yield found
    found.store.close()


def _checkouts(store: Store) -> list[int]:
    """A list growing by one each time the store's pool hands out a connection."""
    seen: list[int] = []
    event.listen(store.engine, "checkout", lambda *_: seen.append(1))
    return seen


def _slip(stored: Stored, table: int, rnd: int = 1, board_at: int = 0) -> TableSlip:
    a = stored.movement.assignment(rnd, table)
    assert a is not None
    code = stored.codes[("A", table)]
    terminal = terminals.login(stored.store, stored.event, "A", table, code)[1]
    body = {"round": rnd, "board": a.boards[board_at], "ns": a.ns, "ew": a.ew,
            "contract": "3NT", "declarer": "S", "result": "9"}  # fmt: skip
    return table_slip(terminal, body)


def _count(stored: Stored) -> int:
    return len(stored.store.results(stored.event))


def test_slips_one_after_another_use_one_connection(stored: Stored) -> None:
    made = [_slip(stored, table, board_at=b) for table in (1, 2, 3, 4) for b in (0, 1)]
    seen = _checkouts(stored.store)
    for slip in made:
        slips.enter_at_table(stored.store, slip)
    assert len(seen) == 1  # the first slip's connection, kept for the other seven
    assert _count(stored) == 8
    assert stored.store.engine.pool.checkedout() == 1  # type: ignore[attr-defined]


def test_a_refusal_changes_nothing_and_the_connection_is_kept(stored: Stored) -> None:
    first, again, early, second = (_slip(stored, 1), _slip(stored, 1), _slip(stored, 2, rnd=2),
                                   _slip(stored, 1, board_at=1))  # fmt: skip
    slips.enter_at_table(stored.store, first)
    seen = _checkouts(stored.store)
    with pytest.raises(EntryError, match="already"):  # the same board again
        slips.enter_at_table(stored.store, again)
    with pytest.raises(EntryError, match="at round 1, not round 2"):
        slips.enter_at_table(stored.store, early)
    slips.enter_at_table(stored.store, second)
    assert seen == []  # every one of them on the kept connection
    assert _count(stored) == 2


def test_a_connection_that_failed_is_not_kept(stored: Stored) -> None:
    store = stored.store
    first, second = _slip(stored, 1), _slip(stored, 2)
    slips.enter_at_table(store, first)
    pool: Any = store.engine.pool
    assert pool.checkedout() == 1
    with pytest.raises(StoreError), store.core_transaction() as tx:
        assert isinstance(tx, CoreTx)
        statements(tx).execute(text("delete from results"))  # undone with the rest
        statements(tx).execute(text("select no_such_column from results"))
    assert pool.checkedout() == 0  # given back to the pool, not kept
    seen = _checkouts(store)
    slips.enter_at_table(store, second)
    assert len(seen) == 1 and pool.checkedout() == 1  # a good one kept in its place
    assert [r.result.table for r in store.results(stored.event)] == [1, 2]


def test_two_threads_writing_at_once_each_get_a_connection(stored: Stored) -> None:
    store = stored.store
    first, second = _slip(stored, 1), _slip(stored, 2)
    inside = threading.Event()
    errors: list[BaseException] = []

    def hold_then_enter() -> None:
        try:
            with store.core_transaction() as tx:
                inside.set()
                time.sleep(0.3)  # the other thread's slip waits for this write to end
                slips.enter_at_tables(store, [first])  # joins this open transaction
                assert isinstance(tx, CoreTx)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    holder = threading.Thread(target=hold_then_enter)
    holder.start()
    assert inside.wait(10)
    slips.enter_at_table(store, second)  # the kept connection is busy: one of the pool's
    holder.join(10)
    assert errors == []
    assert sorted(r.result.table for r in store.results(stored.event)) == [1, 2]
    assert store.engine.pool.checkedout() == 1  # type: ignore[attr-defined]


def test_inside_an_open_transaction_a_refused_slip_undoes_only_itself(stored: Stored) -> None:
    store = stored.store
    with store.transaction():
        slips.enter_at_table(store, _slip(stored, 1))
        with pytest.raises(EntryError):
            slips.enter_at_table(store, _slip(stored, 1))  # the same board again
        slips.enter_at_table(store, _slip(stored, 2))
    assert sorted(r.result.table for r in store.results(stored.event)) == [1, 2]


def test_the_event_of_a_pairs_slip_is_heard_as_it_commits(stored: Stored) -> None:
    heard: list[set[int]] = []
    stop = on_changes(stored.store, heard.append)
    try:
        slips.enter_at_table(stored.store, _slip(stored, 1))
        with pytest.raises(EntryError):
            slips.enter_at_table(stored.store, _slip(stored, 1))
    finally:
        stop()
    assert heard == [{stored.event}]  # the refusal committed nothing, so says nothing


def test_a_team_tables_slip_reads_its_draw_and_is_heard(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "teams.sqlite3")
    try:
        event_id = te.create_event(store)
        te.add_teams(store, event_id)
        draws.make_draw(store, event_id)
        d = next(m for m in team_events.draw(store, event_id).matches if m.away is not None)
        assert d.open is not None
        table = d.open.table
        (code,) = (c.code for c in terminals.table_codes(store, event_id) if c.table == table)
        terminal = terminals.login(store, event_id, "A", table, code)[1]
        body = {"round": d.open.round, "board": d.boards[0], "contract": "3NT",
                "declarer": "S", "result": "9"}  # fmt: skip
        heard: list[set[int]] = []
        stop = on_changes(store, heard.append)
        try:
            answer = slips.enter_at_table(store, table_slip(terminal, body, pairs=False))
        finally:
            stop()
        assert answer["board"] == d.boards[0] and answer["score_ns"] in (400, 600)
        assert heard == [{event_id}]
        (stored,) = store.results(event_id)
        assert (stored.result.table, stored.result.board) == (table, d.boards[0])
    finally:
        store.close()
