"""A table's result stored by one server process wakes another's live pages at once on
PostgreSQL (``store.notices``: LISTEN/NOTIFY), not at that process's next poll of the
event's version (issue 22: each worker learnt of the other's results only every 0.5 s).

The other process is a second app on its own store, polling only once a minute; the
result is stored through the tables' door by the first store, as its writer does.  A
process's own writes (its console's) wake its own streams as they commit, on SQLite
too."""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction

from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgedesk.events.entry import make_result
from bridgedesk.events.rulings import PenaltyUnit, ProceduralPenalty
from bridgedesk.services import rulings, slips
from bridgedesk.store import entries, terminals
from bridgedesk.store.service import Store
from bridgedesk.web import live
from bridgedesk.web.app import create_app
from bridgedesk.web.table_body import table_slip
from tests.web.conftest import Stored, new_postgres_db, postgres_server, stored, stored_in

__all__ = ["new_postgres_db", "postgres_server", "stored"]  # the fixtures this module takes


def test_another_workers_result_wakes_this_workers_streams_at_once(
    new_postgres_db: object,
) -> None:
    url = new_postgres_db()  # type: ignore[operator]
    writer = Store.open(url)
    stored = stored_in(writer)
    app = create_app(store=Store.open(url), poll_seconds=60.0)
    try:
        terminal = terminals.login(writer, stored.event, "A", 1, stored.codes[("A", 1)])[1]
        a = stored.movement.assignment(1, 1)
        assert a is not None
        body = {"round": 1, "board": a.boards[0], "ns": a.ns, "ew": a.ew,
                "contract": "3NT", "declarer": "S", "result": "9"}  # fmt: skip

        def at_the_table() -> None:
            slips.enter_at_table(writer, table_slip(terminal, body))

        with TestClient(app) as client:
            assert app.state.listener.listening.wait(10)
            ((before, after),) = _each_wakes(app, client, stored.event, [at_the_table])
            assert after[0] == before[0] + 1  # read again: one result more
    finally:
        app.state.store.close()
        writer.close()


def _changes(writer: Store, stored: Stored) -> list[Callable[[], None]]:
    """A result entered at the console or the command line, its correction, deletion and
    the undo, a ruling and an entry edit, each made through ``writer``."""
    eid = stored.event
    a = stored.movement.assignment(1, 1)
    assert a is not None
    slip = make_result(round=1, table=1, board=a.boards[0], ns=a.ns, ew=a.ew, contract="3NT",
                       declarer="S", result="9")  # fmt: skip
    made: dict[str, int] = {}

    def enter() -> None:
        made["result"] = slips.enter(writer, eid, slip, who="console")

    def correct() -> None:
        better = make_result(round=1, table=1, board=a.boards[0], ns=a.ns, ew=a.ew,
                             contract="3NT", declarer="S", result="10")  # fmt: skip
        slips.correct(writer, eid, made["result"], better, who="TD", reason="misheard")

    def delete() -> None:
        made["deletion"] = slips.delete(writer, eid, made["result"], who="TD", reason="twice")

    def undo() -> None:
        slips.undo(writer, eid, made["deletion"], who="TD", reason="not twice", director=True)

    def ruling() -> None:
        given = ProceduralPenalty(a.ns, Fraction(1), PenaltyUnit.BOARDS, "slow play")
        rulings.penalty(writer, eid, given, who="TD")

    def entry_edit() -> None:
        entries.edit_entry(writer, eid, 3, who="TD", reason="spelling",
                           players=[("Anna Lind", None), ("Bo Berg", None)])  # fmt: skip

    return [enter, correct, delete, undo, ruling, entry_edit]


def _each_wakes(
    app: FastAPI, client: TestClient, eid: int, changes: list[Callable[[], None]]
) -> list[tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """Each change touches the event's version at once (the app polls once a minute); the
    version before and after each."""
    versions = live._versions(app)
    assert client.portal is not None
    portal = client.portal

    async def version() -> tuple[int, int, int]:
        return await versions.get(app.state.store, eid)

    seen = []
    for change in changes:
        before = portal.call(version)  # kept for a minute: the poll alone would wait
        assert eid in versions.known
        change()
        deadline = time.monotonic() + 5
        while eid in versions.known and time.monotonic() < deadline:
            time.sleep(0.02)
        assert eid not in versions.known, change.__name__  # touched at once
        after = portal.call(version)
        assert after != before, change.__name__
        seen.append((before, after))
    return seen


def test_every_writer_wakes_another_workers_streams_at_once(new_postgres_db: object) -> None:
    """A result entered at the console or the command line, its correction, deletion and
    the undo, a ruling and an entry edit: each announced as it commits (one place,
    ``store.notices``), so the other worker (polling once a minute) reads the event's
    version again at once."""
    url = new_postgres_db()  # type: ignore[operator]
    writer = Store.open(url)
    stored = stored_in(writer)
    app = create_app(store=Store.open(url), poll_seconds=60.0)
    try:
        with TestClient(app) as client:
            assert app.state.listener.listening.wait(10)
            _each_wakes(app, client, stored.event, _changes(writer, stored))
    finally:
        app.state.store.close()
        writer.close()


def test_this_processes_own_writes_wake_its_streams_at_once(stored: Stored) -> None:
    """On SQLite (one worker, no notices between processes), a change made in the server's
    own process -- at its console, not through the tables' door -- wakes its streams as
    it commits (``store.notices.on_changes``), not at the next poll."""
    app = create_app(store=stored.store, poll_seconds=60.0)
    with TestClient(app) as client:
        _each_wakes(app, client, stored.event, _changes(stored.store, stored))
    assert not stored.store.committed  # the app stopped listening as it stopped
