"""The unit of work every part of the store shares: one engine, one transaction helper.

:class:`UnitOfWork` holds the database engine and opens transactions
(:meth:`UnitOfWork.transaction`).  Every store function takes one (the
:class:`~bridgedesk.store.service.Store` façade is one) and does its work in a
single transaction: it checks, then writes, then commits, or raises a
:class:`~bridgedesk.errors.BridgedeskError` having changed nothing.  A database
error reaches the caller as one line saying what to do
(:func:`bridgedesk.store.db.database_error`).  The tables' door writes in
:meth:`UnitOfWork.core_transaction` instead (a :class:`CoreTx`: no ORM session, a
kept connection); the store functions a slip calls take either (:data:`Tx`).
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from types import MappingProxyType
from typing import Any, Self

from sqlalchemy import Connection, Engine, RootTransaction
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.pool import QueuePool

from bridgedesk.errors import EntryError
from bridgedesk.store.db import (
    READ_ONLY,
    database_error,
    describe,
    is_read_only,
    on_sqlite_driver,
    open_engine,
)

__all__ = [
    "CoreTx",
    "Tx",
    "UnitOfWork",
    "as_utc",
    "before_commit",
    "driver_statements",
    "is_sqlite",
    "orm",
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


class CoreTx:
    """A write transaction on a SQLAlchemy Core connection, with no ORM session: what a
    table's slip is stored in (:meth:`UnitOfWork.core_transaction`).

    An ORM session's lifecycle (its transaction objects, their events, the flush at
    commit) costs a result POST more CPU than the database's work on the slip, the
    more so when the POSTs come a club's pace apart and each finds the processor's
    caches cold (issue 22).  The slip's statements run on the driver's cursor
    (:mod:`bridgedesk.store.prepared`), so the transaction needs no session; on
    SQLite it is even begun and ended on the driver (``root`` None), and SQLAlchemy
    is told of it only when a statement of its own, a savepoint or an ORM session
    is asked for (:meth:`managed`: the store's begin event then sees the driver's
    transaction open and begins nothing).  A team table's draw is read by the ORM:
    :func:`orm` gives a session joined to this transaction, made once.  ``info`` is
    what the transaction keeps until it ends, as a session's ``info`` is."""

    __slots__ = ("_root", "_session", "connection", "info")

    def __init__(self, connection: Connection, root: RootTransaction | None) -> None:
        self.connection = connection
        self.info: dict[Any, Any] = {}
        self._root = root
        self._session: OrmSession | None = None

    def managed(self) -> Connection:
        """The connection, with SQLAlchemy knowing of its transaction (Core statements,
        savepoints and sessions need it)."""
        if self._root is None:
            self._root = self.connection.begin()
        return self.connection

    def session(self) -> OrmSession:
        """The ORM session joined to this transaction, made on first use.  It never ends
        the transaction (``rollback_only``: only a failed flush rolls it back, and then
        the whole transaction is refused anyway); its ``info`` is this one's."""
        if self._session is None:
            found = OrmSession(
                bind=self.managed(), expire_on_commit=False, join_transaction_mode="rollback_only"
            )
            found.info.update(self.info)
            self.info = found.info
            self._session = found
        return self._session

    def begin_nested(self) -> Any:
        """A savepoint, as a session's ``begin_nested`` (a context manager)."""
        if self._session is not None:
            return self._session.begin_nested()
        return self.managed().begin_nested()

    def flush(self) -> None:
        """Write what the joined ORM session holds (nothing when it was never made)."""
        if self._session is not None:
            self._session.flush()

    def close(self) -> None:
        if self._session is not None:
            self._session.close()

    def commit(self) -> None:
        if self._root is not None:
            self._root.commit()
        else:
            _on_driver(self.connection, "COMMIT")

    def rollback(self) -> None:
        if self._root is not None:
            if self._root.is_active:
                self._root.rollback()
        elif _driver(self.connection).in_transaction:
            _on_driver(self.connection, "ROLLBACK")


def _driver(conn: Connection) -> Any:
    """The database driver's own connection under ``conn``."""
    found = conn.connection.driver_connection
    assert found is not None
    return found


def _on_driver(conn: Connection, sql: str) -> None:
    """``sql`` run by SQLite's driver on ``conn`` (:func:`.db.on_sqlite_driver`)."""
    on_sqlite_driver(_driver(conn), sql)


#: A transaction the store's functions work in: an ORM session's, or a :class:`CoreTx`.
Tx = OrmSession | CoreTx


def orm(s: Tx) -> OrmSession:
    """The ORM session of the transaction ``s`` (see :meth:`CoreTx.session`)."""
    return s if isinstance(s, OrmSession) else s.session()


def statements(s: Tx) -> Connection:
    """The transaction's connection, for SQLAlchemy Core statements: what a hot path
    (a table's slip, :mod:`bridgedesk.services.slips`) reads and writes without the ORM's
    cost per statement (a third of it) and per row.  What the session still holds
    unwritten is flushed first, so a statement sees it as an ORM query would."""
    if isinstance(s, CoreTx):
        s.flush()
        return s.managed()
    return _session_connection(s)


def driver_statements(s: Tx) -> Connection:
    """The transaction's connection, for a statement run on the driver's own cursor
    (:mod:`bridgedesk.store.prepared`): as :func:`statements`, but a :class:`CoreTx`
    begun on the driver stays so."""
    if isinstance(s, CoreTx):
        s.flush()
        return s.connection
    return _session_connection(s)


def _session_connection(s: OrmSession) -> Connection:
    s.flush()
    found = s.info.get(_CONNECTION)
    if found is None:  # one connection a session: unit.transaction's, savepoints included
        found = s.info[_CONNECTION] = s.connection()
    assert isinstance(found, Connection)
    return found


#: Where :func:`statements` keeps the session's connection.
_CONNECTION = "bridgedesk_connection"


def is_sqlite(s: Tx) -> bool:
    """True when the transaction is on SQLite (where BEGIN IMMEDIATE orders every writer)."""
    if isinstance(s, CoreTx):
        return s.connection.dialect.name == "sqlite"
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
_BEFORE_COMMIT: list[Callable[[Tx], None]] = []


def before_commit(hook: Callable[[Tx], None]) -> Callable[[Tx], None]:
    """Run ``hook(session)`` as each write transaction is about to commit (a decorator)."""
    _BEFORE_COMMIT.append(hook)
    return hook


#: The transaction open in this thread or task on each unit of work (by ``id``), and
#: whether it may write: a unit of work's calls inside it join it.
_OPEN: ContextVar[Mapping[int, tuple[Tx, bool]]] = ContextVar(
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
        #: The connection :meth:`core_transaction` keeps between its transactions (None
        #: until the first; never on an in-memory SQLite, whose pool is one per thread),
        #: and the lock of whoever uses it now.
        self._held: Connection | None = None
        self._holding = threading.Lock()
        #: Whether :meth:`core_transaction` begins and ends on SQLite's driver itself.
        self._on_driver = engine.dialect.name == "sqlite" and not is_read_only(engine)

    @classmethod
    def open(cls, db: str | Path | None = None) -> Self:
        """Open (creating or upgrading) the database at ``db``; see :mod:`bridgedesk.store.db`."""
        return cls(open_engine(db))

    def close(self) -> None:
        with self._holding:
            if self._held is not None:
                self._held.close()
                self._held = None
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
            joined, writable = current
            session = orm(joined)
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

    @contextmanager
    def core_transaction(self) -> Iterator[Tx]:
        """A write transaction with no ORM session (a :class:`CoreTx`), committed when the
        block ends and rolled back if it raises, as :meth:`transaction`'s; the hooks of
        :func:`before_commit` and :attr:`committed` run as they do for a session's.

        It runs on a connection kept from one such transaction to the next (taking one
        from the pool and giving it back costs a result POST about as much as the
        database's own work on it): when another thread is using that one, on one of the
        pool's.  A connection that failed is given back, never kept.  Inside a
        transaction already open on this unit of work the block joins it as
        :meth:`transaction` does (a savepoint of the open transaction)."""
        if id(self) in _OPEN.get():
            with self.transaction() as joined:
                yield joined
            return
        keeping = self._holding.acquire(blocking=False)
        conn: Connection | None = None
        broken = False
        try:
            conn = self._held if keeping and self._held is not None else self.engine.connect()
            if self._on_driver:
                _on_driver(conn, "BEGIN IMMEDIATE")  # the store's begin event's, on the driver
                tx = CoreTx(conn, None)
            else:
                tx = CoreTx(conn, conn.begin())
            yield from self._core_work(tx)
        except IntegrityError:
            raise  # the callers turn these into EntryErrors with the row in question
        except DBAPIError as exc:
            broken = True
            raise database_error(exc, describe(self.engine)) from exc
        except OverflowError:
            raise too_large() from None
        finally:
            if conn is not None:
                self._keep(conn, keeping and not broken)
            if keeping:
                self._holding.release()

    def _keep(self, conn: Connection, keeping: bool) -> None:
        """Keep ``conn`` for the next :meth:`core_transaction` when this one may
        (it holds the lock) and the connection is as good as new; close it otherwise."""
        if (
            keeping
            and not conn.invalidated
            and not conn.in_transaction()
            and not (conn.dialect.name == "sqlite" and _driver(conn).in_transaction)
            and isinstance(self.engine.pool, QueuePool)
        ):
            self._held = conn
            return
        if conn is self._held:
            self._held = None
        conn.close()

    def _core_work(self, tx: CoreTx) -> Iterator[Tx]:
        """The body of :meth:`core_transaction`, its transaction ``tx`` begun."""
        token = _OPEN.set({**_OPEN.get(), id(self): (tx, True)})
        try:
            try:
                yield tx
                tx.flush()
                for hook in _BEFORE_COMMIT:
                    hook(tx)
            finally:
                _OPEN.reset(token)
                tx.close()
        except BaseException:
            tx.rollback()
            raise
        tx.commit()
        for heard in self.committed:
            heard(tx.info)
