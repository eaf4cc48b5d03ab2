"""A scored team event as two CSV files: the standings and the matches board by board.

Written from a :class:`~bridgedesk.results.teams.ScoredTeamEvent`.  UTF-8 with a
byte-order mark, comma separated, one header line, cells neutralised against
spreadsheet formulas (:mod:`bridgedesk.formats.csv_cells`).  Points are rounded
once to 2 decimals half up (:mod:`bridgedesk.results.numbers`); scores are NS's
in each room (open room: home team NS, 004:1631-1633).
"""

from __future__ import annotations

from pathlib import Path

from bridgedesk.formats import csv_cells
from bridgedesk.results.numbers import fixed
from bridgedesk.results.teams import ScoredTeamEvent

STANDINGS_COLUMNS = (
    "rank", "team", "name", "members", "points", "played", "imps_won", "imps_lost", "tie_break",
)  # fmt: skip
MATCH_COLUMNS = (
    "round", "table", "home", "away", "board", "open_ns", "closed_ns", "net", "imps_home",
    "imps_away", "adjusted", "forfeited_by",
)  # fmt: skip


def _cell(value: object) -> str:
    return "" if value is None else str(value)


def dumps_standings(event: ScoredTeamEvent) -> str:
    """The standings, best first, as CSV text (without the byte-order mark)."""
    rows = [list(STANDINGS_COLUMNS)]
    for s in event.standings:
        members = " ".join(p.member or "" for p in s.players).strip()
        rows.append([s.rank, str(s.team), s.name, members, fixed(s.points), str(s.played),
                     str(s.imps_won), str(s.imps_lost), s.tie_break or ""])  # fmt: skip
    return csv_cells.rows_text(rows)


def dumps_matches(event: ScoredTeamEvent) -> str:
    """Every board of every match compared, as CSV text; a forfeit is one line."""
    rows = [list(MATCH_COLUMNS)]
    for m in event.matches:
        head = [str(m.round), _cell(m.table), str(m.home), str(m.away)]
        if m.forfeited_by is not None:
            rows.append([*head, "", "", "", "", "", "", "", str(m.forfeited_by)])
        for b in m.boards:
            adjusted = "/".join(str(a) for a in b.adjustment) if b.adjustment else ""
            rows.append([*head, str(b.board), _cell(b.open_ns), _cell(b.closed_ns), _cell(b.net),
                         str(b.imps[0]), str(b.imps[1]), adjusted, ""])  # fmt: skip
    return csv_cells.rows_text(rows)


def dump(event: ScoredTeamEvent, directory: str | Path) -> list[Path]:
    """Write ``standings.csv`` and ``matches.csv`` (UTF-8 with BOM) into ``directory``."""
    return csv_cells.write_with_bom(
        directory,
        (("standings.csv", dumps_standings(event)), ("matches.csv", dumps_matches(event))),
    )


__all__ = ["MATCH_COLUMNS", "STANDINGS_COLUMNS", "dump", "dumps_matches", "dumps_standings"]
