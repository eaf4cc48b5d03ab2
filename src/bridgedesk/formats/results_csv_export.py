"""A scored session as two CSV files: the ranking and the travellers.

Written from a :class:`~bridgedesk.results.model.ScoredSession`.  UTF-8 with a
byte-order mark (so spreadsheet programs read Japanese names right), comma
separated, one header line.  Points, totals and percentages are rounded once
to 2 decimals half up (:mod:`bridgedesk.results.numbers`); scores are NS's.
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk.formats import csv_cells
from bridgedesk.results.model import ScoredSession
from bridgedesk.results.numbers import fixed, points

RANKING_COLUMNS = (
    "rank", "pair", "direction", "names", "members", "total", "percentage", "boards",
)  # fmt: skip
TRAVELLER_COLUMNS = (
    "board", "round", "table", "ns", "ew", "contract", "declarer", "result", "tricks",
    "lead", "adjusted", "score_ns", "ns_points", "ew_points",
)  # fmt: skip


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def dumps_ranking(scored: ScoredSession) -> str:
    """The ranking, best first, as CSV text (without the byte-order mark)."""
    rows = [list(RANKING_COLUMNS)]
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
            ]
        )
    return csv_cells.rows_text(rows)


def dumps_travellers(scored: ScoredSession) -> str:
    """Every result with both sides' points, board by board, as CSV text."""
    rows = [list(TRAVELLER_COLUMNS)]
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
    return csv_cells.rows_text(rows)


def dump(scored: ScoredSession, directory: str | Path) -> list[Path]:
    """Write ``ranking.csv`` and ``travellers.csv`` (UTF-8 with BOM) into ``directory``."""
    return csv_cells.write_with_bom(
        directory,
        (("ranking.csv", dumps_ranking(scored)), ("travellers.csv", dumps_travellers(scored))),
    )


__all__ = [
    "RANKING_COLUMNS",
    "TRAVELLER_COLUMNS",
    "dump",
    "dumps_ranking",
    "dumps_travellers",
]
