"""New SQLite stores that start as a copy of one made once per test process.

Many tests want the same stored event (entries, a movement, sometimes every slip) in a
store of their own.  Making it costs dozens to hundreds of commits each time; a copy
of the file costs one write.  :func:`copy_of_made` makes the store the first time a
shape is asked for, by the same calls a test would make, and copies its bytes after.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

_MADE: dict[Hashable, tuple[bytes, Any]] = {}


def copy_of_made(path: Path, shape: Hashable, make: Callable[[Path], T]) -> T:
    """Put at ``path`` (a new SQLite file) the store ``make(path)`` makes, made once in
    this process for ``shape`` and copied after; what ``make`` returned (an event id).
    ``make`` must leave the store closed and depend on nothing but ``shape``."""
    if path.exists():
        raise FileExistsError(path)
    if shape in _MADE:
        data, value = _MADE[shape]
        path.write_bytes(data)
        return value  # type: ignore[no-any-return]
    value = make(path)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        _MADE[shape] = (conn.serialize(), value)
    return value
