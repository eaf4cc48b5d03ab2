"""The team reports (en/ja, A4 HTML), all written from one :class:`ScoredTeamEvent`.

* ``standings.html`` -- the standings and the cross-table (004:1754-1760);
* ``scorecards.html`` -- every match's comparison, board by board (004:1660-1668);
* ``sheets.html`` -- each team's private score sheets, match by match from its own
  side (:mod:`bridgedesk.reports.team_sheets`);
* ``bam.html`` -- the B-a-M report form per match (004:1833-1872), for board-a-match;
* ``rounds.html`` -- the pairings and results round by round (the Swiss sheet);
* ``bracket.html`` -- the rounds as a bracket, for a knockout;
* ``butler.html`` -- the pairs by Butler or cross-IMPs, when the line-ups are known;
* ``index.html`` -- links to the pages written.

:func:`standings_text` is the plain-text standings ``bridgedesk teams score`` prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from bridgedesk.bridge import board_vulnerability
from bridgedesk.bridge.methods import Method
from bridgedesk.i18n import catalog
from bridgedesk.reports.team_pages import HEADINGS, scoring_name
from bridgedesk.reports.team_pages import context as _context
from bridgedesk.reports.team_pages import play_text as _play
from bridgedesk.reports.team_pages import points_label as _points_label
from bridgedesk.reports.team_pages import render as _render
from bridgedesk.reports.team_pages import team_label as _team
from bridgedesk.reports.team_sheets import sheets_html
from bridgedesk.reports.text_columns import columns
from bridgedesk.results.numbers import fixed, points
from bridgedesk.results.teams import (
    ComparedBoard,
    ScoredMatch,
    ScoredTeamEvent,
)

#: The pages :func:`write_reports` can write, in the order the index lists them.
PAGES = ("standings", "scorecards", "sheets", "bam", "rounds", "bracket", "butler")


def standings_html(event: ScoredTeamEvent, lang: str = "en") -> str:
    """The standings and the cross-table (004:1754-1760)."""
    ctx = _context(event, lang, "team_standings")
    ctx["standings"] = [
        {"rank": s.rank, "team": s.team, "name": s.name, "played": s.played,
         "won": s.imps_won, "lost": s.imps_lost, "points": fixed(s.points),
         "players": ", ".join(p.name for p in s.players)}
        for s in event.standings
    ]  # fmt: skip
    teams = [t.number for t in event.teams]
    cross = event.cross
    ctx["cross_teams"] = teams
    ctx["has_byes"] = bool(cross.byes)
    ctx["cross_rows"] = [
        {
            "team": t,
            "name": event.team(t).name,
            "rank": cross.ranks[str(t)],
            "total": fixed(cross.totals[str(t)]),
            "bye": points(cross.byes.get(str(t))),
            "cells": [
                None if o == t else points(cross.cells.get(str(t), {}).get(str(o))) for o in teams
            ],
        }
        for t in teams
    ]
    return _render("team_standings.html.j2", ctx)


def _signed(n: int | None) -> str:
    return "" if n is None else f"{n:+d}" if n else "0"


def _match_rows(event: ScoredTeamEvent, lang: str) -> list[dict[str, Any]]:
    _ = catalog(lang).gettext
    out = []
    for m in event.matches:
        row: dict[str, Any] = {
            "round": m.round, "table": m.table, "home": _team(event, m.home),
            "away": _team(event, m.away), "imps": m.imps,
            "points": (points(m.points[0]), points(m.points[1])),
            "penalties": m.penalties if m.penalties != (0, 0) else None,
            "forfeit": "", "vp": "", "lineup": m.lineup, "triangle": _triangle(m),
        }  # fmt: skip
        if m.forfeited_by is not None:
            row["forfeit"] = _("forfeit by {team}").format(team=_team(event, m.forfeited_by))
            row["vp"] = f"{points(m.points[0])} – {points(m.points[1])}"
        row["boards"] = [
            {
                "board": b.board,
                "vul": str(board_vulnerability(b.board)),
                "open_play": _play(b.open) or _adjusted(b),
                "open_ns": "" if b.open_ns is None else b.open_ns,
                "closed_play": _play(b.closed),
                "closed_ns": "" if b.closed_ns is None else b.closed_ns,
                "net": _signed(b.net),
                "home": b.imps[0],
                "away": b.imps[1],
            }
            for b in m.boards
        ]
        out.append(row)
    return out


def _triangle(m: ScoredMatch) -> tuple[str, str] | None:
    """A triangle half-match's round scores, printed (results.team_triangle_scores)."""
    return None if m.triangle is None else (points(m.triangle[0]), points(m.triangle[1]))


def scorecards_html(event: ScoredTeamEvent, lang: str = "en") -> str:
    """Every match compared board by board (004:1660-1668)."""
    ctx = _context(event, lang, "team_scorecards")
    ctx["matches"] = _match_rows(event, lang)
    return _render("team_scorecards.html.j2", ctx)


def _adjusted(b: ComparedBoard) -> str:
    return "/".join(str(a) for a in b.adjustment or ())


def _bam_row(m: ScoredMatch) -> dict[str, Any]:
    boards = []
    for b in m.boards:
        n = b.net
        boards.append(
            {"board": b.board,
             "home_net": n if n is not None and n > 0 else "",
             "away_net": -n if n is not None and n < 0 else "",
             "home_bam": b.bam[0] if b.bam and b.bam[0] else _adjusted(b),
             "away_bam": b.bam[1] if b.bam and b.bam[1] else ""}
        )  # fmt: skip
    net = m.net_points or 0
    vp = m.bam_vp
    total = m.points
    return {
        "round": m.round, "home": m.home, "away": m.away, "boards": boards,
        "has_vp": vp is not None,
        "vp": ("", "") if vp is None else (points(vp[0]), points(vp[1])),
        "home_total_net": net if net > 0 else "", "away_total_net": -net if net < 0 else "",
        "total": (points(total[0]), points(total[1])),
    }  # fmt: skip


def bam_html(event: ScoredTeamEvent, lang: str = "en") -> str:
    """The B-a-M report form of every match (004:1833-1872)."""
    ctx = _context(event, lang, "bam_recap")
    ctx["matches"] = [_bam_row(m) for m in event.matches if m.bam is not None]
    return _render("team_bam.html.j2", ctx)


def _rounds(event: ScoredTeamEvent) -> list[dict[str, Any]]:
    out = []
    for r in event.rounds:
        matches = []
        for i, m in enumerate(event.round_matches(r), start=1):
            winner = None
            if m.points[0] != m.points[1]:
                winner = 0 if m.points[0] > m.points[1] else 1
            matches.append(
                {"table": m.table or i, "home": _team(event, m.home),
                 "away": _team(event, m.away), "imps": f"{m.imps[0]} – {m.imps[1]}",
                 "points": f"{points(m.points[0])} – {points(m.points[1])}",
                 "winner": winner, "triangle": _triangle(m),
                 "forfeit": None if m.forfeited_by is None else _team(event, m.forfeited_by)}
            )  # fmt: skip
        byes = [
            {"team": _team(event, b.team), "points": points(b.points)}
            for b in event.byes
            if b.round == r
        ]
        out.append({"round": r, "matches": matches, "byes": byes})
    return out


def rounds_html(event: ScoredTeamEvent, lang: str = "en") -> str:
    """Pairings and results round by round (the Swiss round sheet, 004:1778-1797)."""
    ctx = _context(event, lang, "swiss_rounds")
    ctx["rounds"] = _rounds(event)
    return _render("team_rounds.html.j2", ctx)


def _segments(m: ScoredMatch, segments: int) -> list[tuple[int, int]]:
    """A knockout match's IMPs segment by segment (its boards in equal runs, in order)."""
    if segments <= 1 or not m.boards:
        return []
    size = -(-len(m.boards) // segments)
    runs = [m.boards[i : i + size] for i in range(0, len(m.boards), size)]
    return [(sum(_won(b)[0] for b in run), sum(_won(b)[1] for b in run)) for run in runs]


def _won(b: ComparedBoard) -> tuple[int, int]:
    """The IMPs each side won on a board (a split adjustment gives each its own)."""
    home, away = b.imps
    return (max(home, 0), max(away, 0)) if home == -away else (home, away)


def bracket_html(event: ScoredTeamEvent, lang: str = "en") -> str:
    """The knockout's rounds side by side, the winners in bold (004:1762-1772): each
    match's IMPs (segment by segment when it has several), its carry-over and total;
    a walkover and a bye say so."""
    ctx = _context(event, lang, "knockout_bracket")
    rounds = _rounds(event)
    for r in rounds:
        for row, m in zip(r["matches"], event.round_matches(r["round"]), strict=True):
            carry = m.carry_over or (Fraction(0), Fraction(0))
            row["imps"] = m.imps
            row["segments"] = _segments(m, event.segments)
            row["carry"] = None if m.carry_over is None else (points(carry[0]), points(carry[1]))
            row["total"] = (points(m.imps[0] + carry[0]), points(m.imps[1] + carry[1]))
            if m.forfeited_by is not None:  # the walkover's winner goes on (004:1762)
                row["winner"] = 1 if m.forfeited_by == m.home else 0
    ctx["rounds"] = rounds
    return _render("team_bracket.html.j2", ctx)


def butler_html(event: ScoredTeamEvent, lang: str = "en") -> str:
    """The pairs of the event by Butler (or cross-) IMPs."""
    key = "pairs_ximp" if event.pairs_method is Method.XIMP else "pairs_butler"
    ctx = _context(event, lang, key)
    ctx["pairs"] = [
        {"rank": b.rank, "pair": b.pair, "team": _team(event, b.team), "boards": b.boards,
         "imps": points(b.imps), "average": fixed(b.average)}
        for b in event.butler
    ]  # fmt: skip
    return _render("team_butler.html.j2", ctx)


def pages(event: ScoredTeamEvent) -> tuple[str, ...]:
    """The pages that mean something for ``event``."""
    out = ["standings", "scorecards", "sheets"]
    if any(m.bam is not None for m in event.matches):
        out.append("bam")
    out.append("bracket" if event.form == "knockout" else "rounds")
    if event.butler:
        out.append("butler")
    return tuple(out)


_WRITERS = {
    "standings": standings_html,
    "scorecards": scorecards_html,
    "sheets": sheets_html,
    "bam": bam_html,
    "rounds": rounds_html,
    "bracket": bracket_html,
    "butler": butler_html,
}
_HEADINGS = {
    "standings": "team_standings",
    "scorecards": "team_scorecards",
    "sheets": "team_sheets",
    "bam": "bam_recap",
    "rounds": "swiss_rounds",
    "bracket": "knockout_bracket",
    "butler": "pairs_butler",
}


def write_reports(
    event: ScoredTeamEvent,
    out: str | Path,
    lang: str = "en",
    extra: Mapping[str, str] | None = None,
    links: Sequence[tuple[str, str]] = (),
) -> list[Path]:
    """Write the pages of :func:`pages` and ``index.html`` into ``out``.

    ``extra`` maps more page names to their HTML (e.g. ``srr_pairs``, the SRR +
    pairs ranking); they are written and listed too, under the label of their name.
    ``links`` (address, label) are listed after them: a session's own report set.
    """
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for page in pages(event):
        path = target / f"{page}.html"
        path.write_text(_WRITERS[page](event, lang), encoding="utf-8")
        written.append(path)
    for page, html in (extra or {}).items():
        path = target / f"{page}.html"
        path.write_text(html, encoding="utf-8")
        written.append(path)
    ctx = _context(event, lang, "results")
    ctx["pages"] = [(p.name, HEADINGS[_HEADINGS.get(p.stem, p.stem)].in_(lang)) for p in written]
    ctx["pages"] += list(links)
    index = target / "index.html"
    index.write_text(_render("team_index.html.j2", ctx), encoding="utf-8")
    return [*written, index]


def standings_text(event: ScoredTeamEvent, lang: str = "en") -> str:
    """The standings as plain text, then each round's matches."""
    _ = catalog(lang).gettext
    head = _points_label(event, lang)
    out = [
        f"{event.event.name} — {scoring_name(event, lang)}",
        f"{_('Rank'):>5} {_('Team'):>5}  {head:>8}  {_('Names')}",
    ]
    for s in event.standings:
        out.append(f"{s.rank:>5} {s.team:>5}  {fixed(s.points):>8}  {s.name}")
    for r in _rounds(event):
        out.append("")
        out.append(f"{_('Round')} {r['round']}")
        for m in r["matches"]:
            played = f"{m['imps']} IMPs"
            if m["forfeit"] is not None:
                played = _("forfeit by {team}").format(team=m["forfeit"])
            out.append(f"  {m['home']} v {m['away']}: {played}, {m['points']}")
        for b in r["byes"]:
            out.append(f"  {b['team']}: {_('bye')} {b['points']}")
    return "\n".join(out) + "\n"


def butler_text(event: ScoredTeamEvent, lang: str = "en") -> str:
    """The pairs by Butler (or cross-) IMPs as plain text; empty without line-ups."""
    if not event.butler:
        return ""
    _ = catalog(lang).gettext
    key = "pairs_ximp" if event.pairs_method is Method.XIMP else "pairs_butler"
    head = [_("Rank"), _("Team"), _("Boards"), _("IMPs"), _("IMPs/board"), _("Pair")]
    rows = [
        [b.rank, str(b.team), str(b.boards), points(b.imps), fixed(b.average), b.pair]
        for b in event.butler
    ]
    lines = columns(head, rows, right=[True, True, True, True, True, False])
    return "\n".join([HEADINGS[key].in_(lang), *lines]) + "\n"


__all__ = [
    "PAGES",
    "bam_html",
    "bracket_html",
    "butler_html",
    "butler_text",
    "pages",
    "rounds_html",
    "scorecards_html",
    "scoring_name",
    "standings_html",
    "standings_text",
    "write_reports",
]
