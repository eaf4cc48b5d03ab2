"""Test helpers for the director's tools: the whole store as data (to show a refused
command changed nothing) and a stored 3-table Mitchell event."""

from __future__ import annotations

import contextlib
import datetime as dt
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from tests.events.test_cli import Cli

from bridgedesk.events import Entry, Event, GridMovement, Player
from bridgedesk.store.service import Store

EVENT = "Tuesday pairs"


@pytest.fixture(name="cli")
def cli_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "club.sqlite3", capsys)


def mitchell_event(db: Path, mitchell: GridMovement) -> Store:
    """Store conftest's 3-table Mitchell event with pairs 1-6 entered; return the open store."""
    store = Store.open(db)
    store.create_event(Event(EVENT, dt.date(2026, 11, 24)))
    for n in range(1, 7):
        store.add_entry(1, Entry(n, (Player(f"N{n}", f"{n}01"), Player(f"S{n}", f"{n}02"))))
    store.set_movement(1, mitchell)
    return store


def dump(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows as SQLite stores them, sorted, by table name (the schema
    version included).  Read with the standard library's ``sqlite3``: reflecting the
    schema through SQLAlchemy cost more than most of the commands it was checking."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        names = [
            name
            for (name,) in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return {
            name: sorted(conn.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
            for name in names
        }
