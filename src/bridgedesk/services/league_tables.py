"""What a league season shows: every division's standings, cross-table and standings after
each match day, who goes up and down, its masterpoints by division, and its report set.

``bridgedesk league standings|report|awards`` and the console's league page come here.
Each division is read and scored in one read transaction as its own team event is
(:func:`bridgedesk.services.team_scores.team_play`, so ``bridgedesk results
LEAGUE/1`` shows the same standings) and made a
:class:`~bridgedesk.results.league.DivisionTable`.  The awards follow the league's
masterpoint rule by division (:mod:`bridgedesk.masterpoints.jcbl.league`), each
player's share of the boards counted from the pairs that sat in each half
(:mod:`bridgedesk.store.team_halves`); recording them writes each division's awards
into the ledger under its event (audited).  The report set is the league's page
(``index.html``: the match days and each division's standings, cross-table and
zones) and each division's own team report set under ``division-N/``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from bridgedesk.errors import BridgedeskError, MasterpointError
from bridgedesk.events.league import LeaguePoints
from bridgedesk.masterpoints.awards import Award
from bridgedesk.masterpoints.jcbl.league import award_division
from bridgedesk.masterpoints.ranking import Placing, Ranking
from bridgedesk.masterpoints.versions import RULE_VERSIONS
from bridgedesk.reports import league as league_reports
from bridgedesk.reports.output import Output, output_dir
from bridgedesk.results.league import DivisionTable, LeagueTables, division_table
from bridgedesk.results.model import EventHeading
from bridgedesk.results.team_model import ScoredTeamEvent, TeamEntry, TeamEventPlay
from bridgedesk.services.publishing import Publication, Published, publish
from bridgedesk.services.team_scores import as_played
from bridgedesk.store import leagues as store
from bridgedesk.store.ledger import EventAwards, record_event_awards
from bridgedesk.store.lookups import event_row, section_entries
from bridgedesk.store.rows import event_info
from bridgedesk.store.team_events import read_draw, section, team_row
from bridgedesk.store.team_results import StoredTeamEvent, read_team_event
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "DivisionAwards",
    "league_awards",
    "league_tables",
    "publish_league",
    "record_league_awards",
]


def _unplayed(unit: UnitOfWork, event_id: int) -> TeamEventPlay:
    """A division not drawn yet: its teams, no match."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, event_id)
        team_row(s, ev)
        info = event_info(ev).event
        entries = section_entries(s, section(s, ev))
    return TeamEventPlay(
        EventHeading(info.name, info.date, info.club),
        tuple(TeamEntry(n, e.team_name or e.names, e.players) for n, e in sorted(entries.items())),
        (),
        form="round-robin",
    )


def _division(
    unit: UnitOfWork, league: store.StoredLeague, d: store.Division
) -> tuple[DivisionTable, StoredTeamEvent | None]:
    with unit.transaction(write=False) as s:
        drawn = bool(read_draw(s, event_row(s, d.event_id)).matches)
    if not drawn:
        play = _unplayed(unit, d.event_id)
        table = division_table(league.settings, d.division, d.event_id, d.event_name, play,
                               drawn=False)  # fmt: skip
        return table, None
    stored = read_team_event(unit, d.event_id)
    snap = as_played(stored)
    table = division_table(league.settings, d.division, d.event_id, d.event_name, snap.play,
                           snap.missing)  # fmt: skip
    return table, stored


def league_tables(unit: UnitOfWork, ref: int | str) -> LeagueTables:
    """Every division of the league scored as far as its results go, in one read
    transaction."""
    with unit.transaction(write=False):
        found = store.league(unit, ref)
        tables = tuple(_division(unit, found, d)[0] for d in found.divisions)
        previous = None if found.previous is None else store.league(unit, found.previous)
    return LeagueTables(
        found.settings, tables, None if previous is None else previous.settings.name
    )


# -- masterpoints by division (000:549-605) ------------------------------------------


@dataclass(frozen=True)
class DivisionAwards:
    """A division's awards, by the league's rule."""

    division: int
    event_id: int
    awards: tuple[Award, ...]
    ranking: Ranking


def _played(stored: StoredTeamEvent, scored: ScoredTeamEvent) -> dict[int, dict[int, int]]:
    """Team -> player place -> boards played, from each half's pairs."""
    out: dict[int, dict[int, int]] = {}
    for m in scored.matches:
        if m.forfeited_by is not None:
            continue
        for team in (m.home, m.away):
            first = stored.lineups.get((m.round, team), ((1, 2), (3, 4)))
            half = stored.halves.get((m.round, team))
            tally = out.setdefault(team, {})
            for b in m.boards:
                seats = first
                if half is not None and b.board >= half.first_board:
                    seats = (half.seats.ns, half.seats.ew)
                for place in (*seats[0], *seats[1]):
                    tally[place] = tally.get(place, 0) + 1
    return out


def _ranking(stored: StoredTeamEvent, scored: ScoredTeamEvent) -> Ranking:
    played = _played(stored, scored)
    placings = []
    for st in scored.standings:
        entry = stored.teams[st.team]
        members = {
            p.member: k for k, p in enumerate(entry.players, start=1) if p.member is not None
        }
        if not members:
            continue  # a team of non-members: its place stays taken
        counts = played.get(st.team, {})
        total = sum(counts.values()) // 4
        share: Mapping[str, Fraction] = {
            m: Fraction(counts.get(k, 0), total) if total else Fraction(0)
            for m, k in members.items()
        }
        placings.append(
            Placing(str(st.team), tuple(members), int(st.rank.rstrip("=")), participation=share)
        )
    return Ranking(tuple(placings), competitors={"": len(scored.standings)})


def league_awards(unit: UnitOfWork, ref: int | str) -> tuple[DivisionAwards, ...]:
    """Each division's awards by the league's rule (module doc); refused while a division
    has matches to play (the awards are for the season's final standings)."""
    with unit.transaction(write=False):
        found = store.league(unit, ref)
        settings = found.settings
        if settings.points is LeaguePoints.NONE:
            raise MasterpointError(
                "league {league!r} pays no masterpoints (made with --masterpoints none)",
                code="league.no-masterpoints",
                league=settings.name,
            )
        out = []
        for d in found.divisions:
            table, stored = _division(unit, found, d)
            if stored is None or not table.complete:
                raise MasterpointError(
                    "division {division} has matches still to play or rooms still to enter: "
                    "the awards are for the season's final standings",
                    code="league.awards-too-early",
                    division=d.division,
                )
            ranking = _ranking(stored, table.scored)
            awards = award_division(ranking, settings.points, d.division, settings.divisions)
            out.append(DivisionAwards(d.division, d.event_id, awards, ranking))
    return tuple(out)


def record_league_awards(
    unit: UnitOfWork, ref: int | str, *, who: str, reason: str
) -> tuple[EventAwards, ...]:
    """Record every division's awards in the ledger (audited), in one transaction."""
    with unit.transaction():
        found = league_awards(unit, ref)
        settings = store.league(unit, ref).settings
        return tuple(
            record_event_awards(
                unit,
                d.event_id,
                d.awards,
                rules="jcbl",
                version=RULE_VERSIONS["jcbl"],
                who=who,
                reason=reason,
                kind=f"league-{settings.points.value}",
            )
            for d in found
        )


# -- the report set --------------------------------------------------------------------


def publish_league(
    unit: UnitOfWork, ref: int | str, fmt: Output, lang: str, out: Path | None
) -> Published:
    """The league as ``text`` (every division's standings), ``json``, or ``html`` (the
    league's page and each division's report set under ``division-N/``)."""
    tables = league_tables(unit, ref)
    if fmt is Output.TEXT:
        return Published(league_reports.league_text(tables, lang))
    if fmt is Output.JSON:
        text = json.dumps(league_reports.to_dict(tables), ensure_ascii=False, indent=1) + "\n"
        if out is None:
            return Published(text)
        target = output_dir(out) / "league.json"
        target.write_text(text, encoding="utf-8")
        return Published("", (), (target,))
    if fmt is not Output.HTML:
        raise BridgedeskError(
            "a league is published as text, json or html, not {format}",
            code="league.publish-format",
            format=fmt.value,
        )
    target = output_dir(out if out is not None else Path("results"))
    written: list[Path] = []
    linked: dict[int, str] = {}
    for t in tables.divisions:
        if not t.drawn:
            continue
        done = publish(
            unit, t.event_id,
            Publication(Output.HTML, target / f"division-{t.division}", lang),
        )  # fmt: skip
        written += done.files
        linked[t.division] = f"division-{t.division}/index.html"
    index = target / "index.html"
    index.write_text(league_reports.league_html(tables, lang, linked), encoding="utf-8")
    return Published("", (), (index, *written))
