"""The unit of work every part of the store shares: one engine, one transaction helper.

:class:`UnitOfWork` holds the database engine and opens transactions
(:meth:`UnitOfWork.transaction`).  Every store function takes one (the
:class:`~bridgedesk.store.service.Store` façade is one) and does its work in a
single transaction: it checks, then writes, then commits, or raises a
:class:`~bridgedesk.errors.BridgedeskError` having changed nothing.  A database
error reaches the caller as one line saying what to do
(:func:`bridgedesk.store.db.database_error`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from types import MappingProxyType
from typing import Any, Self

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.store.db import READ_ONLY, database_error, describe, open_engine

__all__ = [
    "UnitOfWork",
    "as_utc",
    "before_commit",
    "is_sqlite",
    "statements",
    "too_large",
    "utcnow",
]


def too_large() -> EntryError:
    """The refusal of a number SQLite cannot keep (its integers have 64 bits): such a
    number can name nothing stored."""
    return EntryError(
        "a number given is too large (more than 18 digits); nothing was changed",
        code="store.number-too-large",
    )


def statements(s: OrmSession) -> Connection:
    """The transaction's connection, for SQLAlchemy Core statements: what a hot path
    (a table's slip, :mod:`bridgedesk.services.slips`) reads and writes without the ORM's
    cost per statement (a third of it) and per row.  What the session still holds
    unwritten is flushed first, so a statement sees it as an ORM query would."""
    s.flush()
    found = s.info.get(_CONNECTION)
    if found is None:  # one connection a session: unit.transaction's, savepoints included
        found = s.info[_CONNECTION] = s.connection()
    assert isinstance(found, Connection)
    return found


#: Where :func:`statements` keeps the session's connection.
_CONNECTION = "bridgedesk_connection"


def is_sqlite(s: OrmSession) -> bool:
    """True when the transaction is on SQLite (where BEGIN IMMEDIATE orders every writer)."""
    return s.get_bind().dialect.name == "sqlite"


def utcnow() -> dt.datetime:
    """The current time as naive UTC (how the store keeps times)."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def as_utc(when: dt.datetime) -> dt.datetime:
    """``when`` as naive UTC; a naive value is taken to be UTC already."""
    if when.tzinfo is None:
        return when
    return when.astimezone(dt.UTC).replace(tzinfo=None)


#: What runs as a write transaction is about to commit (the outermost one, not a
#: savepoint), given its session: what must leave with the commit
#: (:mod:`bridgedesk.store.notices` announces the events the transaction changed).
#: A plain call at the end of :meth:`UnitOfWork.transaction`: a SQLAlchemy session
#: event would cost every transaction, read-only ones too, its dispatch.
_BEFORE_COMMIT: list[Callable[[OrmSession], None]] = []


def before_commit(hook: Callable[[OrmSession], None]) -> Callable[[OrmSession], None]:
    """Run ``hook(session)`` as each write transaction is about to commit (a decorator)."""
    _BEFORE_COMMIT.append(hook)
    return hook


#: The transaction open in this thread or task on each unit of work (by ``id``), and
#: whether it may write: a unit of work's calls inside it join it.
_OPEN: ContextVar[Mapping[int, tuple[OrmSession, bool]]] = ContextVar(
    "bridgedesk_open", default=MappingProxyType({})
)


class UnitOfWork:
    """A bridgedesk database and the one way to work in it: :meth:`transaction`.

    One business transaction may call many store functions: each opens its own
    ``transaction()``, and inside an open one that call joins it (a read sees the
    same snapshot; a write is a savepoint of the outer transaction), so a use case
    that wraps its calls in one ``with unit.transaction(...)`` reads or writes them
    all at once (``bridgedesk.services``).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        #: Called with each write transaction's ``session.info`` once it has committed
        #: (in the committing thread): what this process's own readers hear of its
        #: writes (:func:`bridgedesk.store.notices.on_changes`).
        self.committed: list[Callable[[Mapping[str, Any]], None]] = []

    @classmethod
    def open(cls, db: str | Path | None = None) -> Self:
        """Open (creating or upgrading) the database at ``db``; see :mod:`bridgedesk.store.db`."""
        return cls(open_engine(db))

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[OrmSession]:
        """One transaction: committed when the block ends, rolled back if it raises.

        A read-only one (``write=False``) never waits behind a writer on SQLite.
        An ``IntegrityError`` is passed on for the caller to name the row in
        question; any other database error becomes a one-line ``StoreError``.

        Inside a transaction already open on this unit of work (same thread or
        task) the block joins it: a read uses it as it is, a write runs in a
        savepoint (a refusal undoes only its own changes) flushed when the block
        ends, so a database error surfaces where it was made.  A write inside a
        read-only transaction is a programming error.
        """
        current = _OPEN.get().get(id(self))
        if current is not None:
            session, writable = current
            if write and not writable:
                raise RuntimeError("a write inside a read-only transaction")
            if not write:
                yield session
                return
            with session.begin_nested():
                yield session
                session.flush()
            return
        try:
            with self.engine.connect() as conn:
                if not write:
                    conn = conn.execution_options(**{READ_ONLY: True})
                with OrmSession(bind=conn, expire_on_commit=False) as session:
                    with session.begin():
                        token = _OPEN.set({**_OPEN.get(), id(self): (session, write)})
                        try:
                            yield session
                            if write:
                                for hook in _BEFORE_COMMIT:
                                    hook(session)
                        finally:
                            _OPEN.reset(token)
                    if write:  # committed
                        for heard in self.committed:
                            heard(session.info)
        except IntegrityError:
            raise  # the callers turn these into EntryErrors with the row in question
        except DBAPIError as exc:
            raise database_error(exc, describe(self.engine)) from exc
        except OverflowError:
            raise too_large() from None
