"""A scored section as two CSV files: the ranking and the travellers.

UTF-8 with a byte-order mark (so spreadsheet programs read Japanese names
right), comma separated, one header line.  Points, totals and percentages are
rounded once to 2 decimals half up; scores are NS's.
"""

from __future__ import annotations

import io
from fractions import Fraction

from bridgedesk.bridge import format_result
from bridgedesk.formats import csv_cells
from bridgedesk.reports.scored import ScoredSection, fmt_points, fmt_total

RANKING_COLUMNS = (
    "rank", "pair", "direction", "names", "members", "total", "percentage", "boards",
)  # fmt: skip
TRAVELLER_COLUMNS = (
    "board", "round", "table", "ns", "ew", "contract", "declarer", "result", "tricks",
    "lead", "adjusted", "score_ns", "ns_points", "ew_points",
)  # fmt: skip


def _text(rows: list[list[str]]) -> str:
    buffer = io.StringIO()
    writer = csv_cells.writer(buffer, lineterminator="\r\n")
    writer.writerows(rows)
    return buffer.getvalue()


def _pts(value: Fraction | None) -> str:
    return fmt_points(value)


def ranking_csv(scored: ScoredSection) -> str:
    """The ranking, best first, as CSV text (without the byte-order mark)."""
    rows = [list(RANKING_COLUMNS)]
    for s in scored.ranking:
        rows.append(
            [
                s.rank,
                str(s.number),
                "" if s.direction is None else s.direction.value,
                s.names,
                " ".join(p.member or "" for p in s.players).strip(),
                fmt_total(s.total),
                fmt_total(s.percentage),
                str(s.boards),
            ]
        )
    return _text(rows)


def travellers_csv(scored: ScoredSection) -> str:
    """Every result with both sides' points, board by board, as CSV text."""
    rows = [list(TRAVELLER_COLUMNS)]
    for t in scored.travellers:
        for line in t.lines:
            r = line.result
            played = r.contract is not None and not r.contract.is_pass
            rows.append(
                [
                    str(r.board),
                    str(r.round),
                    str(r.table),
                    str(r.ns),
                    str(r.ew),
                    "" if r.contract is None else str(r.contract),
                    "" if r.declarer is None else r.declarer.value,
                    format_result(r.contract, r.tricks)
                    if played and r.contract is not None and r.tricks is not None
                    else "",
                    "" if r.tricks is None else str(r.tricks),
                    r.lead or "",
                    "" if r.adjusted is None else str(r.adjusted),
                    "" if r.ns_score is None else str(r.ns_score),
                    _pts(line.ns_points),
                    _pts(line.ew_points),
                ]
            )
    return _text(rows)


__all__ = ["RANKING_COLUMNS", "TRAVELLER_COLUMNS", "ranking_csv", "travellers_csv"]
