"""New results announced to every server process at once (PostgreSQL LISTEN/NOTIFY).

Each ``bridgedesk serve`` worker keeps its live pages' version of each event and,
for what another process changed, polls the store every ``poll_seconds`` (0.5 s):
so a result stored by one worker reached the viewers of another up to half a
second later.  On PostgreSQL the tables' door :func:`announce` s, in the
transaction that stores the results, the events that got one (``pg_notify``: the
notice leaves when the transaction commits, and never if it is rolled back), and
each worker's :class:`Listener` hears it on its own connection and wakes that
event's streams at once.  SQLite has no such notices: there the poll stays (one
worker is what SQLite is served with).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from sqlalchemy import Engine, bindparam, func, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.store.unit import is_sqlite, statements

__all__ = ["CHANNEL", "Listener", "announce"]

#: The channel the notices go on; a notice's payload is the event's id.
CHANNEL = "bridgedesk_results"

_NOTIFY = select(func.pg_notify(bindparam("channel"), bindparam("payload")))


def announce(s: OrmSession, events: Iterable[int]) -> None:
    """Tell every listening process, when this transaction commits, that ``events`` have
    new results (PostgreSQL; nothing on SQLite)."""
    if is_sqlite(s):
        return
    for event in sorted(set(events)):
        statements(s).execute(_NOTIFY, {"channel": CHANNEL, "payload": str(event)})


class Listener:
    """A thread listening for :func:`announce`'s notices on its own connection to the
    engine's PostgreSQL database, calling ``heard(event)`` for each (in its thread).
    A lost connection is opened again after ``every`` s; :meth:`stop` ends it."""

    def __init__(self, engine: Engine, heard: Callable[[int], None], every: float = 0.5) -> None:
        self.url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.heard = heard
        self.every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bridgedesk-notices", daemon=True)
        self.listening = threading.Event()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5 * self.every)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=self.every):
                            self._heard(notice)
            except psycopg.Error:  # the server went away: the poll covers the gap
                self.listening.clear()
                self._stop.wait(self.every)

    def _heard(self, notice: Any) -> None:
        payload = str(notice.payload)
        if payload.isascii() and payload.isdigit():
            self.heard(int(payload))
