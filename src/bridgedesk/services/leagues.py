"""Run a league season: create it, enter its teams, draw its divisions, and make the next
season with promotion and relegation.

``bridgedesk league new|team|draw|next`` and the console's league pages come here.
A league's rules are checked whole before anything is stored
(:func:`prepare_league`); each division is a stored round-robin team event
(:mod:`bridgedesk.store.leagues`), so its teams are entered, its draw made and its
rooms entered as any team event's.  :func:`draw_league` draws every division at once
and refuses, storing nothing, when a division's round robin has more rounds than the
match days hold.  :func:`next_season` takes each division's final standings
(:func:`bridgedesk.services.league_tables.league_tables`), moves the teams up and
down (:func:`bridgedesk.events.league.next_divisions`) and enters them, with their
players, in the divisions of a new season.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgedesk.bridge.vp import get_scale, scale_names
from bridgedesk.errors import EntryError
from bridgedesk.events.half_time import HalfTimeRule, PairChange
from bridgedesk.events.league import LeaguePoints, LeagueSettings, MatchDay, next_divisions
from bridgedesk.events.model import Player
from bridgedesk.services.draws import DrawReport, make_draw
from bridgedesk.services.league_tables import league_tables
from bridgedesk.store import leagues as store
from bridgedesk.store import team_events
from bridgedesk.store.leagues import StoredLeague
from bridgedesk.store.lookups import event_row
from bridgedesk.store.team_entries import EnteredTeam, enter_team
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "NewLeague",
    "create_league",
    "draw_league",
    "enter_league_team",
    "next_season",
    "prepare_league",
]


@dataclass(frozen=True)
class NewLeague:
    """Every field of ``league new`` as typed."""

    name: str
    season: str
    divisions: int
    boards_per_match: int
    days: tuple[str, ...]
    vp_scale: str = "wbf2013"
    cycles: int = 1
    half_time: str = "winner-stays"
    change: str = "imp-league"
    promote: int = 1
    relegate: int = 1
    masterpoints: str = "none"
    club: str = ""


def prepare_league(asked: NewLeague) -> LeagueSettings:
    """The league ``asked`` describes, checked whole (one line when refused)."""
    if asked.vp_scale.strip().lower() not in scale_names():
        raise EntryError(
            "a league's VP scale is named (004:1722-1738): {scales}; not {scale!r}",
            code="league.bad-vp-scale",
            scales=", ".join(scale_names()),
            scale=asked.vp_scale,
        )
    scale = get_scale(asked.vp_scale)
    settings = LeagueSettings(
        name=asked.name.strip(), season=asked.season.strip(), divisions=asked.divisions,
        boards_per_match=asked.boards_per_match,
        days=tuple(MatchDay.parse(n, text) for n, text in enumerate(asked.days, start=1)),
        vp_scale=scale.name, cycles=asked.cycles, half_time=HalfTimeRule.parse(asked.half_time),
        change=PairChange.parse(asked.change), promote=asked.promote, relegate=asked.relegate,
        points=LeaguePoints.parse(asked.masterpoints), club=asked.club.strip(),
    )  # fmt: skip
    scale.vp(0, settings.boards_per_match)  # a scale that does not cover the boards says so
    return settings


def create_league(unit: UnitOfWork, asked: NewLeague) -> StoredLeague:
    """Store the league ``asked`` describes, or refuse having stored nothing."""
    return store.create_league(unit, prepare_league(asked))


def enter_league_team(
    unit: UnitOfWork,
    ref: int | str,
    division: int,
    players: tuple[Player, ...],
    *,
    name: str | None = None,
    number: int | None = None,
) -> EnteredTeam:
    """Enter a team (4-6 players) in a division of the league."""
    with unit.transaction():
        found = store.league(unit, ref).division(division)
        return enter_team(unit, found.event_id, players, number=number, name=name)


def _rounds(teams: int, cycles: int) -> int:
    """The rounds of a round robin of ``teams`` (an odd field has a bye a round)."""
    return (teams - 1 + teams % 2) * cycles


def draw_league(unit: UnitOfWork, ref: int | str) -> tuple[tuple[int, DrawReport], ...]:
    """Draw every division's round robin in one transaction: (division, draw) each.
    Refused when a division has more rounds than the match days hold."""
    with unit.transaction() as s:
        found = store.league(unit, ref)
        settings = found.settings
        for d in found.divisions:
            teams = len(team_events.teams_entered(s, event_row(s, d.event_id)))
            rounds = _rounds(teams, settings.cycles)
            if rounds > settings.rounds:
                raise EntryError(
                    "division {division} has {teams} teams: its round robin is {rounds} "
                    "rounds, and the match days hold {held}; add match days",
                    code="league.too-few-days",
                    division=d.division,
                    teams=teams,
                    rounds=rounds,
                    held=settings.rounds,
                )
        return tuple((d.division, make_draw(unit, d.event_id)) for d in found.divisions)


def next_season(
    unit: UnitOfWork, ref: int | str, name: str, season: str, days: Sequence[str]
) -> StoredLeague:
    """The next season, its teams moved up and down by this season's final standings
    (module doc), with the same rules and new match days; in one transaction."""
    with unit.transaction():
        this = store.league(unit, ref)
        tables = league_tables(unit, ref)
        unfinished = [t.division for t in tables.divisions if t.missing or not t.complete]
        if unfinished:
            raise EntryError(
                "division {division} has matches still to play or rooms still to enter: "
                "the season's final standings decide who goes up and down",
                code="league.season-unfinished",
                division=unfinished[0],
            )
        order = [
            [((t.division, s.team), s.rank) for s in t.scored.standings] for t in tables.divisions
        ]
        moved = next_divisions(order, this.settings.promote, this.settings.relegate)
        s0 = this.settings
        asked = NewLeague(
            name=name, season=season, divisions=s0.divisions,
            boards_per_match=s0.boards_per_match, days=tuple(days), vp_scale=s0.vp_scale,
            cycles=s0.cycles, half_time=s0.half_time.value, change=s0.change.value,
            promote=s0.promote, relegate=s0.relegate, masterpoints=s0.points.value, club=s0.club,
        )  # fmt: skip
        made = store.create_league(unit, prepare_league(asked), previous=this.id)
        entries = {t.division: t.scored.teams for t in tables.divisions}
        for division, teams in enumerate(moved, start=1):
            target = made.division(division).event_id
            for old_division, number in teams:
                team = next(t for t in entries[old_division] if t.number == number)
                enter_team(unit, target, team.players, name=team.name or None)
        return store.league(unit, made.id)
