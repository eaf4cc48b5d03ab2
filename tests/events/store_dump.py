"""A test helper: the whole store as data, to show a refused command changed nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import MetaData, create_engine, select


def dump(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows, sorted, by table name (the schema version included)."""
    engine = create_engine(f"sqlite:///{db}")
    try:
        meta = MetaData()
        meta.reflect(engine)
        out: dict[str, list[tuple[Any, ...]]] = {}
        with engine.connect() as conn:
            for name, table in sorted(meta.tables.items()):
                rows = [tuple(r) for r in conn.execute(select(table))]
                out[name] = sorted(rows, key=repr)
        return out
    finally:
        engine.dispose()
