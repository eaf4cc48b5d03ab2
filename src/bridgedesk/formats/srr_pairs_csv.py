"""The pairs ranking of an SRR teams + pairs field as CSV (004:2649-2655).

Written from the :class:`~bridgedesk.results.srr_pairs.SrrPairLine` values of
:func:`~bridgedesk.results.srr_pairs.srr_pairs_ranking`: UTF-8 with a
byte-order mark, one header line, cells neutralised against spreadsheet
formulas (:mod:`bridgedesk.formats.csv_cells`); the score and the result
(percentage, or IMPs a board) rounded once to 2 decimals half up.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bridgedesk.formats import csv_cells
from bridgedesk.results.numbers import fixed
from bridgedesk.results.srr_pairs import SrrPairLine

__all__ = ["COLUMNS", "dump", "dumps"]

COLUMNS = ("rank", "pair", "flight", "team", "team_name", "boards", "score", "result")


def dumps(lines: Sequence[SrrPairLine]) -> str:
    """The ranking, best first, as CSV text (without the byte-order mark)."""
    rows = [list(COLUMNS)]
    for p in lines:
        rows.append([p.rank, p.pair, p.flight, str(p.team), p.team_name, str(p.boards),
                     fixed(p.score), fixed(p.result)])  # fmt: skip
    return csv_cells.spreadsheet_text(rows)


def dump(lines: Sequence[SrrPairLine], path: str | Path) -> Path:
    """Write the ranking to ``path`` (UTF-8 with a byte-order mark)."""
    return csv_cells.write_spreadsheet(dumps(lines), path)
