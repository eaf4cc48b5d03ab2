"""A scored session's ranking as CSV (the travellers are :mod:`.travellers_csv`).

Written from a :class:`~bridgedesk.results.model.ScoredSession`.  A file is UTF-8
with a byte-order mark (so spreadsheet programs read Japanese names right), comma
separated, one header line; a ``penalty`` column follows when the director gave a
penalty (003:47-121; the totals are after it).  Totals and percentages are rounded
once to 2 decimals half up (:mod:`bridgedesk.results.numbers`).  (The masterpoint ranking a director
gives ``masterpoints award`` is another document: :mod:`.ranking_json`.)
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk.formats import csv_cells
from bridgedesk.results.model import ScoredSession
from bridgedesk.results.numbers import fixed

__all__ = ["COLUMNS", "dump", "dumps"]

COLUMNS = (
    "rank", "pair", "direction", "names", "members", "total", "percentage", "boards",
)  # fmt: skip


def dumps(scored: ScoredSession) -> str:
    """The ranking, best first, as CSV text (without the byte-order mark)."""
    penalised = any(s.penalty for s in scored.ranking)
    rows = [list(COLUMNS) + (["penalty"] if penalised else [])]
    for s in scored.ranking:
        rows.append(
            [
                s.rank,
                s.pair,
                "" if s.direction is None else s.direction.value,
                s.names,
                " ".join(p.member or "" for p in s.players).strip(),
                fixed(s.total),
                fixed(s.percentage),
                str(s.boards),
                *([fixed(s.penalty) if s.penalty else ""] if penalised else []),
            ]
        )
    return csv_cells.spreadsheet_text(rows)


def dump(scored: ScoredSession, path: str | Path) -> Path:
    """Write the ranking to ``path`` (UTF-8 with a byte-order mark)."""
    return csv_cells.write_spreadsheet(dumps(scored), path)
