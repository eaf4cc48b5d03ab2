"""A stored event with a movement and the web app on it (SQLite in a temp dir)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgedesk.events import Entry, Event, Player, Rating, ScoringMethod
from bridgedesk.events.adapters import as_grid
from bridgedesk.events.model import Section, Session
from bridgedesk.events.seating import GridMovement
from bridgedesk.movements.catalogue import build
from bridgedesk.store import terminals
from bridgedesk.store.service import Store
from bridgedesk.web.app import create_app
from tests.store_copies import copy_of_made

#: A player whose name is markup: every page must show it as text.
SCRIPT_NAME = "<script>alert('x')</script>"


@dataclass
class Stored:
    store: Store
    event: int
    movement: GridMovement
    codes: dict[tuple[str, int], str]


def make_event(store: Store, pairs: int, sections: tuple[str, ...] = ("A",)) -> int:
    eid = store.create_event(
        Event(
            "Tuesday pairs",
            dt.date(2026, 11, 24),
            Rating.WEEKLY,
            3,
            ScoringMethod.MATCHPOINTS,
            sessions=(Session(1, tuple(Section(s) for s in sections)),),
        )
    )
    for section in sections:
        for n in range(1, pairs + 1):
            first = SCRIPT_NAME if n == 2 else f"North{n}"
            store.add_entry(eid, Entry(n, (Player(first), Player(f"South{n}"))), section=section)
        store.set_movement(eid, build("howell", pairs=pairs, boards_per_round=2), section=section)
    return eid


def stored_event(db: str, pairs: int = 8, sections: tuple[str, ...] = ("A",)) -> Stored:
    """:func:`stored_in` a store at ``db``.  A new SQLite file starts as a copy of the
    same event made once in this process by the same calls (:mod:`tests.store_copies`:
    the suite makes this event hundreds of times); PostgreSQL and an existing file are
    made in place."""
    path = Path(db)
    if "://" in db or path.exists():
        return stored_in(Store.open(db), pairs, sections)
    copy_of_made(path, ("stored_event", pairs, sections),
                 lambda p: stored_in(Store.open(p), pairs, sections).store.close())  # fmt: skip
    return stored_found(Store.open(db), sections[0])


def stored_found(store: Store, section: str = "A") -> Stored:
    """The :class:`Stored` of a store holding one event (a copy :func:`stored_in` made)."""
    (eid,) = (e.id for e in store.events())
    movement = store.movement(eid, section=section)
    assert movement is not None
    codes = {(c.section, c.table): c.code for c in terminals.table_codes(store, eid)}
    return Stored(store, eid, as_grid(movement), codes)


def stored_in(store: Store, pairs: int = 8, sections: tuple[str, ...] = ("A",)) -> Stored:
    """A new event (:func:`make_event`) in an open ``store``, with its table codes."""
    eid = make_event(store, pairs, sections)
    movement = store.movement(eid, section=sections[0])
    assert movement is not None
    codes = {(c.section, c.table): c.code for c in terminals.table_codes(store, eid)}
    return Stored(store, eid, as_grid(movement), codes)


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A new store on SQLite, then on PostgreSQL (a throw-away server started for the
    test session; those tests are skipped, saying why, where its binaries are missing)."""
    if request.param == "sqlite":
        return str(tmp_path / "club.sqlite3")
    url: str = request.getfixturevalue("new_postgres_db")()
    return url


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[Stored]:
    s = stored_event(str(tmp_path / "club.sqlite3"))
    yield s
    s.store.close()


@pytest.fixture
def client(stored: Stored) -> Iterator[TestClient]:
    app = create_app(store=stored.store, login_limit=5, poll_seconds=0.05)
    with TestClient(app) as c:
        yield c


def login(client: TestClient, stored: Stored, table: int, section: str = "A") -> dict[str, str]:
    answer = client.post(
        "/api/table/login",
        json={
            "event": stored.event,
            "section": section,
            "table": table,
            "code": stored.codes[(section, table)],
        },
    )
    assert answer.status_code == 200, answer.text
    return {"Authorization": f"Bearer {answer.json()['token']}"}


@contextmanager
def running(app: FastAPI) -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread on a free port; its base URL."""
    import socket
    import threading
    import time

    import uvicorn

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=2
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)


# the throw-away PostgreSQL server of the store tests
from tests.events.conftest import new_postgres_db, postgres_server  # noqa: E402

__all__ = ["new_postgres_db", "postgres_server"]
