"""Statements a table's slip runs, on the database driver's own cursor.

A Core statement run through SQLAlchemy costs, at every execution, more CPU than
SQLite's own work on it: the statement's cache key is worked out by walking it, an
execution context is built, each row is wrapped.  A table's slip runs the same few
statements each time (:mod:`bridgedesk.store.table_reads`, the board's results, the
insert and the ``Idempotency-Key`` kept), so a :class:`Prepared` statement is
compiled by SQLAlchemy once per database kind and set of parameters -- the very SQL
text SQLAlchemy would send, its parameters converted by the same column types (a
time written as SQLAlchemy writes it) -- and run on the transaction's own driver
connection, inside the transaction SQLAlchemy opened.  A driver error reaches the
caller as SQLAlchemy's (:class:`sqlalchemy.exc.IntegrityError` and the rest), so the
callers and :meth:`bridgedesk.store.unit.UnitOfWork.transaction` handle it as before.

Rows come back as the driver gives them, named by their columns: with no type's
conversion (SQLite's booleans are 0 and 1), so only statements whose columns are
numbers and text, or whose callers convert, are prepared.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.expression import ClauseElement

from bridgedesk.store.unit import Tx, driver_statements

__all__ = ["Prepared"]


@dataclass(frozen=True)
class _Compiled:
    """A statement as one database kind takes it: its text, the order of its
    parameters (None: by name) and each parameter's conversion."""

    sql: str
    order: tuple[str, ...] | None
    convert: Mapping[str, Callable[[Any], Any]]


class Prepared:
    """A statement compiled once per database kind, run on the driver's cursor."""

    def __init__(self, statement: ClauseElement) -> None:
        self.statement = statement
        self._compiled: dict[tuple[str, frozenset[str]], _Compiled] = {}
        self._rows: dict[tuple[str, ...], Any] = {}  # a named tuple class by column names

    def _for(self, dialect: Dialect, names: frozenset[str]) -> _Compiled:
        key = (dialect.name, names)
        found = self._compiled.get(key)
        if found is None:
            compiled: Any = self.statement.compile(dialect=dialect, column_keys=sorted(names))
            convert = {}
            for name, bind in compiled.binds.items():
                process = bind.type.dialect_impl(dialect).bind_processor(dialect)
                if process is not None:
                    convert[name] = process
            order = tuple(compiled.positiontup) if compiled.positional else None
            found = self._compiled[key] = _Compiled(compiled.string, order, convert)
        return found

    def execute(self, s: Tx, params: Mapping[str, Any]) -> list[Any]:
        """Run the statement in ``s``'s transaction; its rows (none for a write without
        RETURNING), each a named tuple of the driver's values."""
        conn = driver_statements(s)
        dialect = conn.dialect
        compiled = self._for(dialect, frozenset(params))
        values = {
            name: compiled.convert[name](value) if name in compiled.convert else value
            for name, value in params.items()
        }
        given: Any = values if compiled.order is None else [values[n] for n in compiled.order]
        driver: Any = conn.connection.driver_connection
        cursor = driver.cursor()
        try:
            cursor.execute(compiled.sql, given)
            if cursor.description is None:
                return []
            names = tuple(d[0] for d in cursor.description)
            row: Any = self._rows.get(names)
            if row is None:
                row = self._rows[names] = namedtuple("Row", names)
            return [row._make(found) for found in cursor.fetchall()]
        except dialect.loaded_dbapi.Error as exc:
            raise DBAPIError.instance(
                compiled.sql, given, exc, dialect.loaded_dbapi.Error, dialect=dialect
            ) from exc
        finally:
            cursor.close()
