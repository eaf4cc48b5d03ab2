"""The team of four's private score sheets: each team's matches from its own side.

A team's two pairs each keep a private score sheet (004:1640-1657: the NS pair's
and the EW pair's sheets) and, after the match, compare them board by board
(004:1660-1668): the NS pair's score at the home table plus the EW pair's score
at the other table is the team's margin, converted to IMPs.  This page prints
that comparison for every team and every match it played, from the team's side
(the seat rule "NS at home, EW away", 004:1631-1633):

* the room where the team sat NS (the open room for the home team, the closed
  room for the away team) with its contract and the team's NS score;
* the other room with its contract and the team's EW score (the negated NS
  score of that room);
* the margin (their sum), the IMPs the team won or lost on the board and the
  running IMP total through the match; board-a-match events add each board's
  B-a-M points (004:1823) and their running total.

Adjusted boards show the team's artificial score; a forfeited match names the
team that forfeited.  Built from the one :class:`ScoredTeamEvent`, so every
figure is the one the scorecards and standings print.
"""

from __future__ import annotations

from typing import Any

from bridgedesk.bridge import board_vulnerability
from bridgedesk.reports.team_pages import context as _context
from bridgedesk.reports.team_pages import play_text as _play
from bridgedesk.reports.team_pages import render as _render
from bridgedesk.reports.team_pages import team_label as _team
from bridgedesk.results.numbers import points
from bridgedesk.results.teams import ComparedBoard, RoomScore, ScoredMatch, ScoredTeamEvent


def _signed(n: int | None) -> str:
    if n is None:
        return ""
    return f"{n:+d}" if n else "0"


def _score(room: RoomScore | None, sign: int) -> str:
    return "" if room is None else str(sign * room.score_ns)


def _board_row(
    b: ComparedBoard, side: int, running: list[int], bam_running: list[int] | None
) -> dict[str, Any]:
    ours_ns, ours_ew = (b.open, b.closed) if side == 0 else (b.closed, b.open)
    net = b.net
    mine = b.imps[side]
    running[0] += mine
    row: dict[str, Any] = {
        "board": b.board,
        "vul": str(board_vulnerability(b.board)),
        "ns_play": _play(ours_ns),
        "ns_score": _score(ours_ns, 1),
        "ew_play": _play(ours_ew),
        "ew_score": _score(ours_ew, -1),
        "net": _signed(None if net is None else (net if side == 0 else -net)),
        "imps": _signed(mine),
        "running": _signed(running[0]),
        "adjusted": "" if b.adjustment is None else str(b.adjustment[side]),
    }
    if bam_running is not None:
        got = b.bam[side] if b.bam is not None else None
        bam_running[0] += got or 0
        row["bam"] = "" if got is None else str(got)
        row["bam_running"] = str(bam_running[0])
    return row


def match_sheet(event: ScoredTeamEvent, team: int, m: ScoredMatch) -> dict[str, Any]:
    """One team's sheet of one match: rows, totals and the match's result for the team."""
    side = m.side(team)
    other = m.opponent(team)
    bam = event.scoring.board_a_match
    running = [0]
    bam_running = [0] if bam else None
    sheet: dict[str, Any] = {
        "round": m.round,
        "table": m.table,
        "opponent": _team(event, other),
        "home": side == 0,
        "pairs": None,
        "forfeit": None,
        "rows": [_board_row(b, side, running, bam_running) for b in m.boards],
        "imps": (m.imps[side], m.imps[1 - side]),
        "penalty": m.penalties[side] if m.penalties != (0, 0) else None,
        "points": (points(m.points[side]), points(m.points[1 - side])),
        "bam": bam,
    }
    if m.lineup is not None:
        lu = m.lineup
        sheet["pairs"] = (lu.home_ns, lu.home_ew) if side == 0 else (lu.away_ns, lu.away_ew)
    if m.forfeited_by is not None:
        sheet["forfeit"] = _team(event, m.forfeited_by)
    return sheet


def team_sheets(event: ScoredTeamEvent) -> list[dict[str, Any]]:
    """Every team's sheets, teams in number order, matches in round order."""
    out = []
    for t in sorted(event.teams, key=lambda t: t.number):
        matches = sorted(event.team_matches(t.number), key=lambda m: (m.round, m.table or 0))
        out.append(
            {
                "team": _team(event, t.number),
                "number": t.number,
                "name": t.name,
                "players": ", ".join(p.name for p in t.players),
                "matches": [match_sheet(event, t.number, m) for m in matches],
            }
        )
    return out


def sheets_html(event: ScoredTeamEvent, lang: str = "en") -> str:
    """The private score sheets of every team (004:1640-1668), one team a page."""
    ctx = _context(event, lang, "team_sheets")
    ctx["teams"] = team_sheets(event)
    return _render("team_sheets.html.j2", ctx)


__all__ = ["match_sheet", "sheets_html", "team_sheets"]
