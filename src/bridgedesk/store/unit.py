"""The unit of work every part of the store shares: one engine, one transaction helper.

:class:`UnitOfWork` holds the database engine and opens transactions
(:meth:`UnitOfWork.transaction`).  Every store function takes one (the
:class:`~bridgedesk.store.service.Store` façade is one) and does its work in a
single transaction: it checks, then writes, then commits, or raises a
:class:`~bridgedesk.errors.BridgedeskError` having changed nothing.  A database
error reaches the caller as one line saying what to do
(:func:`bridgedesk.store.db.explain`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Self

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError, StoreError
from bridgedesk.store.db import READ_ONLY, describe, explain, open_engine

__all__ = ["UnitOfWork", "as_utc", "utcnow"]


def utcnow() -> dt.datetime:
    """The current time as naive UTC (how the store keeps times)."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


def as_utc(when: dt.datetime) -> dt.datetime:
    """``when`` as naive UTC; a naive value is taken to be UTC already."""
    if when.tzinfo is None:
        return when
    return when.astimezone(dt.UTC).replace(tzinfo=None)


class UnitOfWork:
    """A bridgedesk database and the one way to work in it: :meth:`transaction`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

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
        """
        try:
            with self.engine.connect() as conn:
                if not write:
                    conn = conn.execution_options(**{READ_ONLY: True})
                with OrmSession(bind=conn, expire_on_commit=False) as session, session.begin():
                    yield session
        except IntegrityError:
            raise  # the callers turn these into EntryErrors with the row in question
        except DBAPIError as exc:
            raise StoreError(explain(exc, describe(self.engine))) from exc
        except OverflowError:
            # SQLite keeps 64-bit integers; a larger number cannot name anything stored
            raise EntryError(
                "a number given is too large (more than 18 digits); nothing was changed"
            ) from None
