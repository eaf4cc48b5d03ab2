"""A scored team event's matches, board by board, as CSV (the standings are
:mod:`.team_standings_csv`).

Written from a :class:`~bridgedesk.results.teams.ScoredTeamEvent`: UTF-8 with a
byte-order mark, one header line, one line per board of each match (a forfeit is
one line).  Scores are NS's in each room (open room: home team NS, 004:1631-1633).
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk.formats import csv_cells
from bridgedesk.results.teams import ScoredTeamEvent

__all__ = ["COLUMNS", "dump", "dumps"]

COLUMNS = (
    "round", "table", "home", "away", "board", "open_ns", "closed_ns", "net", "imps_home",
    "imps_away", "adjusted", "forfeited_by",
)  # fmt: skip


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def dumps(event: ScoredTeamEvent) -> str:
    """Every board of every match compared, as CSV text; a forfeit is one line."""
    rows = [list(COLUMNS)]
    for m in event.matches:
        head = [str(m.round), _cell(m.table), str(m.home), str(m.away)]
        if m.forfeited_by is not None:
            rows.append([*head, "", "", "", "", "", "", "", str(m.forfeited_by)])
        for b in m.boards:
            adjusted = "/".join(str(a) for a in b.adjustment) if b.adjustment else ""
            rows.append([*head, str(b.board), _cell(b.open_ns), _cell(b.closed_ns), _cell(b.net),
                         str(b.imps[0]), str(b.imps[1]), adjusted, ""])  # fmt: skip
    return csv_cells.spreadsheet_text(rows)


def dump(event: ScoredTeamEvent, path: str | Path) -> Path:
    """Write the matches to ``path`` (UTF-8 with a byte-order mark)."""
    return csv_cells.write_spreadsheet(dumps(event), path)
