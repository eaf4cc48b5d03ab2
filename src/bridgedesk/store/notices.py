"""Changes announced to every server process at once (PostgreSQL LISTEN/NOTIFY).

Each ``bridgedesk serve`` worker keeps its live pages' version of each event and,
for what another process changed, polls the store every ``poll_seconds`` (0.5 s):
so a change made by one process reached the viewers of another up to half a
second later.  On PostgreSQL every write transaction that changes what an event's
live pages show -- a result entered through any door, corrected, deleted or put
back, a ruling, a release, an entry edited: whatever moves the event's version
(:mod:`bridgedesk.store.versions`: a result row, a correction or a director's audit
line) -- announces the event as it commits (``pg_notify``: the notice leaves when
the transaction commits, and never if it is rolled back), and each worker's
:class:`Listener` hears it on its own connection and wakes that event's streams at
once.

The announcing is done here, in one place, for every writer: a flush that writes
such a row notes its event (:func:`changed`; a result row inserted with a Core
statement is noted by the function that inserts it), and the transaction announces
the events noted when it commits.  A savepoint rolled back may leave a note behind:
its event is then announced needlessly (the workers read its version again and find
it unchanged).  SQLite has no such notices: there the poll stays for other
processes (one worker is what SQLite is served with).  A process hears its own
writes at once on either (:func:`on_changes`, called as each commits).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterable, Mapping
from itertools import chain
from typing import Any

from sqlalchemy import Engine, bindparam, event, func, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import StoreError
from bridgedesk.store.models import (
    CorrectionRow,
    DirectorAuditRow,
    ResultRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.unit import Tx, UnitOfWork, before_commit, is_sqlite, statements

__all__ = ["CHANNEL", "Listener", "announce", "changed", "on_changes"]

#: The channel the notices go on; a notice's payload is the event's id.
CHANNEL = "bridgedesk_results"

_NOTIFY = select(func.pg_notify(bindparam("channel"), bindparam("payload")))
_SECTION_EVENTS = (
    select(SectionRow.id, SessionRow.event_id)
    .join(SessionRow, SectionRow.session_id == SessionRow.id)
    .where(SectionRow.id.in_(bindparam("sections", expanding=True)))
)
#: Where a transaction keeps what it changed until it commits: (events, sections).
_CHANGED = "bridgedesk_changed"
#: What it changed, as it commits (read by :func:`on_changes` once it has).
_COMMITTING = "bridgedesk_committing"


def announce(s: Tx, events: Iterable[int]) -> None:
    """Tell every listening process, when this transaction commits, that what the live
    pages of ``events`` show has changed (PostgreSQL; nothing on SQLite)."""
    if is_sqlite(s):
        return
    for found in sorted(set(events)):
        statements(s).execute(_NOTIFY, {"channel": CHANNEL, "payload": str(found)})


def changed(s: Tx, events: Iterable[int] = (), sections: Iterable[int] = ()) -> None:
    """Note that this transaction changes what the live pages of ``events``, or of the
    events holding ``sections``, show: announced when it commits."""
    noted: tuple[set[int], set[int]] = s.info.setdefault(_CHANGED, (set(), set()))
    noted[0].update(events)
    noted[1].update(sections)


@event.listens_for(OrmSession, "after_flush")
def _flushed(session: OrmSession, _context: object) -> None:
    """Note the events whose version the flush moves (see :mod:`bridgedesk.store.versions`)."""
    for row in chain(session.new, session.dirty, session.deleted):
        if isinstance(row, CorrectionRow | DirectorAuditRow):
            changed(session, events=[row.event_id])
        elif isinstance(row, ResultRow):
            changed(session, sections=[row.section_id])


@before_commit
def _committing(session: Tx) -> None:
    """The write transaction is about to commit: announce every event it noted, after
    flushing what it still holds (which may note more)."""
    session.flush()
    events, sections = session.info.pop(_CHANGED, (set(), set()))
    session.info[_COMMITTING] = (frozenset(events), frozenset(sections))
    if not (events or sections) or is_sqlite(session):
        return
    if sections:
        found = statements(session).execute(_SECTION_EVENTS, {"sections": sorted(sections)})
        events = events | {event for _, event in found}
        session.info[_COMMITTING] = (frozenset(events), frozenset())  # named: not read again
    announce(session, events)


def on_changes(unit: UnitOfWork, heard: Callable[[set[int]], None]) -> Callable[[], None]:
    """Call ``heard(events)`` each time a write transaction of this process on ``unit``
    commits a change to what the live pages of ``events`` show (in the committing
    thread; on SQLite too): a server's own viewers hear its console's corrections,
    rulings and entries at once, not at the next poll.  The events of the sections a
    result was written to are read once each (a section never changes event).  Gives
    back the function that stops the calls."""
    events_of: dict[int, int] = {}

    def committed(info: Mapping[str, Any]) -> None:
        events, sections = info.get(_COMMITTING, ((), ()))
        if not (events or sections):
            return
        found = set(events)
        unknown = [x for x in sections if x not in events_of]
        if unknown:  # the write has committed: a store too busy to say now is left to the poll
            with contextlib.suppress(StoreError), unit.transaction(write=False) as s:
                rows = statements(s).execute(_SECTION_EVENTS, {"sections": sorted(unknown)})
                events_of.update((section, event) for section, event in rows)
        found.update(events_of[x] for x in sections if x in events_of)
        if found:
            heard(found)

    unit.committed.append(committed)
    return lambda: unit.committed.remove(committed)


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
