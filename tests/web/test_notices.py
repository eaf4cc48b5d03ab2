"""A table's result stored by one server process wakes another's live pages at once on
PostgreSQL (``store.notices``: LISTEN/NOTIFY), not at that process's next poll of the
event's version (issue 22: each worker learnt of the other's results only every 0.5 s).

The other process is a second app on its own store, polling only once a minute; the
result is stored through the tables' door by the first store, as its writer does."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from bridgedesk.services import slips
from bridgedesk.store import terminals
from bridgedesk.store.service import Store
from bridgedesk.web import live
from bridgedesk.web.app import create_app
from bridgedesk.web.table_body import table_slip
from tests.web.conftest import new_postgres_db, postgres_server, stored_in

__all__ = ["new_postgres_db", "postgres_server"]  # the fixtures this module takes


def test_another_workers_result_wakes_this_workers_streams_at_once(
    new_postgres_db: object,
) -> None:
    url = new_postgres_db()  # type: ignore[operator]
    writer = Store.open(url)
    stored = stored_in(writer)
    app = create_app(store=Store.open(url), poll_seconds=60.0)
    try:
        with TestClient(app) as client:
            assert app.state.listener.listening.wait(10)
            versions = live._versions(app)
            assert client.portal is not None
            portal = client.portal

            async def version() -> tuple[int, int, int]:
                return await versions.get(app.state.store, stored.event)

            before = portal.call(version)  # kept for a minute: the poll alone would wait
            terminal = terminals.login(writer, stored.event, "A", 1, stored.codes[("A", 1)])[1]
            a = stored.movement.assignment(1, 1)
            assert a is not None
            body = {"round": 1, "board": a.boards[0], "ns": a.ns, "ew": a.ew,
                    "contract": "3NT", "declarer": "S", "result": "9"}  # fmt: skip
            slips.enter_at_table(writer, table_slip(terminal, body))
            deadline = time.monotonic() + 5
            while stored.event in versions.known and time.monotonic() < deadline:
                time.sleep(0.02)
            assert stored.event not in versions.known  # touched by the notice
            assert portal.call(version)[0] == before[0] + 1  # read again: one result more
    finally:
        app.state.store.close()
        writer.close()
