"""A scored session's travellers as CSV: every result with both sides' points.

Written from a :class:`~bridgedesk.results.model.ScoredSession`, like
:mod:`.ranking_csv`: UTF-8 with a byte-order mark, comma separated, one header line.
Points are rounded once to 2 decimals half up (:mod:`bridgedesk.results.numbers`);
scores are NS's.  (The results a director enters as CSV are :mod:`.results_csv`.)
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk.formats import csv_cells
from bridgedesk.results.model import ScoredSession
from bridgedesk.results.numbers import points

__all__ = ["COLUMNS", "dump", "dumps"]

COLUMNS = (
    "board", "round", "table", "ns", "ew", "contract", "declarer", "result", "tricks",
    "lead", "adjusted", "score_ns", "ns_points", "ew_points",
)  # fmt: skip


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def dumps(scored: ScoredSession) -> str:
    """Every result with both sides' points, board by board, as CSV text (without the
    byte-order mark)."""
    rows = [list(COLUMNS)]
    for t in scored.travellers:
        for line in t.lines:
            rows.append(
                [
                    str(line.board),
                    _cell(line.round),
                    _cell(line.table),
                    line.ns,
                    line.ew,
                    _cell(line.contract),
                    "" if line.declarer is None else line.declarer.value,
                    line.result_text or "",
                    _cell(line.tricks),
                    line.lead or "",
                    line.adjusted_text or "",
                    _cell(line.score_ns),
                    points(line.ns_points),
                    points(line.ew_points),
                ]
            )
    return csv_cells.spreadsheet_text(rows)


def dump(scored: ScoredSession, path: str | Path) -> Path:
    """Write the travellers to ``path`` (UTF-8 with a byte-order mark)."""
    return csv_cells.write_spreadsheet(dumps(scored), path)
