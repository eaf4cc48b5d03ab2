"""A scored team event's standings as CSV (the matches are :mod:`.team_matches_csv`).

Written from a :class:`~bridgedesk.results.teams.ScoredTeamEvent`: UTF-8 with a
byte-order mark, comma separated, one header line, cells neutralised against
spreadsheet formulas (:mod:`bridgedesk.formats.csv_cells`).  Points are rounded
once to 2 decimals half up (:mod:`bridgedesk.results.numbers`).
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk.formats import csv_cells
from bridgedesk.results.numbers import fixed
from bridgedesk.results.teams import ScoredTeamEvent

__all__ = ["COLUMNS", "dump", "dumps"]

COLUMNS = (
    "rank", "team", "name", "members", "points", "played", "imps_won", "imps_lost", "tie_break",
)  # fmt: skip


def dumps(event: ScoredTeamEvent) -> str:
    """The standings, best first, as CSV text (without the byte-order mark)."""
    rows = [list(COLUMNS)]
    for s in event.standings:
        members = " ".join(p.member or "" for p in s.players).strip()
        rows.append([s.rank, str(s.team), s.name, members, fixed(s.points), str(s.played),
                     str(s.imps_won), str(s.imps_lost), s.tie_break or ""])  # fmt: skip
    return csv_cells.spreadsheet_text(rows)


def dump(event: ScoredTeamEvent, path: str | Path) -> Path:
    """Write the standings to ``path`` (UTF-8 with a byte-order mark)."""
    return csv_cells.write_spreadsheet(dumps(event), path)
