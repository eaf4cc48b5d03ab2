"""A league season's page (en/ja/sv, A4 HTML), its text and its JSON, from one
:class:`~bridgedesk.results.league.LeagueTables`.

The page lists the match days (date and rounds), then each division: its standings
with the teams going up and down marked, its cross-table (004:1754-1760) and its
standings after each match day played; a division's own report set (scorecards, team
sheets, Butler) is linked when it is written beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bridgedesk.i18n import LazyText, catalog, lazy_gettext
from bridgedesk.reports.team_pages import render
from bridgedesk.results.league import DivisionTable, LeagueTables, Zone
from bridgedesk.results.numbers import fixed, number, points
from bridgedesk.results.team_model import TeamStanding

__all__ = ["league_html", "league_text", "to_dict"]

#: How a team in a promotion or relegation place is marked.
ZONES: dict[Zone, LazyText] = {
    Zone.UP: lazy_gettext("promoted"),
    Zone.DOWN: lazy_gettext("relegated"),
}
#: What a league's divisions pay (``--masterpoints``).
POINTS: dict[str, LazyText] = {
    "japan-league": lazy_gettext("Japan League fixed red points (000:587-588)"),
    "club-league": lazy_gettext("club league fixed points (000:590-593)"),
    "none": lazy_gettext("no masterpoints"),
}
#: The half-time rules (``--half-time``).
HALF_TIME: dict[str, LazyText] = {
    "winner-stays": lazy_gettext("the team ahead stays, the team behind moves (004:1674-1680)"),
    "home-moves": lazy_gettext("the home team moves (004:1681-1682)"),
    "away-moves": lazy_gettext("the away team moves (004:1681-1682)"),
}


def division_title(division: int, lang: str) -> str:
    """``Division 2`` (``2部``, ``Division 2``) in the page's language."""
    return catalog(lang).gettext("Division {number}").format(number=division)


def _standing(s: TeamStanding, zones: Mapping[int, Zone], lang: str) -> dict[str, Any]:
    zone = zones.get(s.team)
    return {
        "rank": s.rank, "team": s.team, "name": s.name, "played": s.played,
        "won": s.imps_won, "lost": s.imps_lost, "points": fixed(s.points),
        "zone": "" if zone is None else zone.value,
        "zone_name": "" if zone is None else ZONES[zone].in_(lang),
    }  # fmt: skip


def _division(t: DivisionTable, lang: str, link: str | None) -> dict[str, Any]:
    teams = [x.number for x in t.scored.teams]
    cross = t.scored.cross
    return {
        "title": division_title(t.division, lang),
        "event": t.event_name,
        "link": link,
        "drawn": t.drawn,
        "missing": len(t.missing),
        "standings": [_standing(s, t.zones, lang) for s in t.scored.standings],
        "cross_teams": teams,
        "cross_rows": [
            {
                "team": n,
                "name": t.scored.team(n).name,
                "rank": cross.ranks.get(str(n), ""),
                "total": fixed(cross.totals.get(str(n))),
                "cells": [
                    None if o == n else points(cross.cells.get(str(n), {}).get(str(o)))
                    for o in teams
                ],
            }
            for n in teams
        ],
        "days": [
            {
                "day": d.day.day,
                "date": d.day.date,
                "rounds": f"{d.day.first}"
                if d.day.first == d.day.last
                else f"{d.day.first}-{d.day.last}",
                "standings": [
                    {"rank": s.rank, "team": s.team, "name": s.name, "points": fixed(s.points)}
                    for s in d.standings
                ],
            }
            for d in t.days
        ],
    }


def league_html(tables: LeagueTables, lang: str, links: Mapping[int, str] | None = None) -> str:
    """The league's page (module doc); ``links``: division -> its report set's index."""
    _ = catalog(lang).gettext
    st = tables.settings
    heading = f"{st.name} ({st.season})" if st.season else st.name
    ctx = {
        "lang": lang,
        "title": heading,
        "heading": heading,
        "event": {"name": _("League season"), "date": st.days[0].date, "club": st.club},
        "movement": "",
        "method": _("Victory points ({scale})").format(scale=st.vp_scale),
        "average": "",
        "section_name": "",
        "points": POINTS[st.points.value].in_(lang),
        "half_time": HALF_TIME[st.half_time.value].in_(lang),
        "promote": st.promote,
        "relegate": st.relegate,
        "boards": st.boards_per_match,
        "previous": tables.previous,
        "match_days": [
            {
                "day": d.day,
                "date": d.date,
                "rounds": d.first if d.first == d.last else f"{d.first}-{d.last}",
            }
            for d in st.days
        ],
        "divisions": [_division(t, lang, (links or {}).get(t.division)) for t in tables.divisions],
    }
    return render("league.html.j2", ctx)


def league_text(tables: LeagueTables, lang: str = "en") -> str:
    """Every division's standings as plain text, the zones marked."""
    _ = catalog(lang).gettext
    st = tables.settings
    out = [f"{st.name} ({st.season})" if st.season else st.name]
    for d in st.days:
        rounds = str(d.first) if d.first == d.last else f"{d.first}-{d.last}"
        out.append(f"  {_('Match day')} {d.day}: {d.date.isoformat()}, {_('Round')} {rounds}")
    for t in tables.divisions:
        out.append("")
        out.append(f"{division_title(t.division, lang)} — {t.event_name}")
        if not t.drawn:
            out.append(f"  {_('not drawn yet')}")
            continue
        if t.missing:
            out.append(f"  {_('PROVISIONAL')}: {len(t.missing)} {_('matches to come')}")
        out.append(f"{_('Rank'):>5} {_('Team'):>5}  {_('VP'):>8}  {_('Names')}")
        for s in t.scored.standings:
            zone = t.zones.get(s.team)
            mark = f"  ({ZONES[zone].in_(lang)})" if zone is not None else ""
            out.append(f"{s.rank:>5} {s.team:>5}  {fixed(s.points):>8}  {s.name}{mark}")
    return "\n".join(out) + "\n"


def to_dict(tables: LeagueTables) -> dict[str, Any]:
    """The league as JSON: its rules, match days and each division's standings, zones,
    cross-table and standings after each match day."""
    st = tables.settings
    return {
        "league": st.name, "season": st.season, "club": st.club, "previous": tables.previous,
        "vp_scale": st.vp_scale, "boards_per_match": st.boards_per_match,
        "half_time": st.half_time.value, "substitution": st.change.value,
        "promote": st.promote, "relegate": st.relegate, "masterpoints": st.points.value,
        "days": [{"day": d.day, "date": d.date.isoformat(), "rounds": [d.first, d.last]}
                 for d in st.days],
        "divisions": [
            {
                "division": t.division, "event": t.event_name, "drawn": t.drawn,
                "complete": t.complete, "missing": list(t.missing),
                "standings": [
                    {"rank": s.rank, "team": s.team, "name": s.name, "played": s.played,
                     "vp": number(s.points), "imps_won": s.imps_won, "imps_lost": s.imps_lost,
                     "zone": t.zones[s.team].value if s.team in t.zones else None}
                    for s in t.scored.standings
                ],
                "cross_table": {
                    home: {away: number(v) for away, v in row.items()}
                    for home, row in t.scored.cross.cells.items()
                },
                "days": [
                    {"day": d.day.day,
                     "standings": [{"rank": s.rank, "team": s.team, "vp": number(s.points)}
                                   for s in d.standings]}
                    for d in t.days
                ],
            }
            for t in tables.divisions
        ],
    }  # fmt: skip
