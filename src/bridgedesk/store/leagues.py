"""League seasons in the store: the season's rules, its match days and its divisions.

A division is an ordinary stored team event (a round robin scored in VPs,
:mod:`bridgedesk.store.team_events`), named ``LEAGUE/DIVISION`` (``Kanto 2026/1``),
so its teams, draw, room results, corrections, forfeits and line-ups are the team
event's own, entered by the same commands and console pages.  What the league adds
is kept here: its rules (:class:`~bridgedesk.events.league.LeagueSettings`), the
match days (the rounds each date plays) and which event is which division.  A
season made from the one before (promotion and relegation) remembers it.  Each
function is one transaction of the unit of work it is given.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import EntryError
from bridgedesk.events.creation import new_event
from bridgedesk.events.half_time import HalfTimeRule, PairChange
from bridgedesk.events.league import LeaguePoints, LeagueSettings, MatchDay
from bridgedesk.events.team_settings import TeamForm, TeamSettings
from bridgedesk.store.league_models import LeagueDayRow, LeagueDivisionRow, LeagueRow
from bridgedesk.store.models import EventRow
from bridgedesk.store.team_events import create_team_event
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = [
    "Division",
    "StoredLeague",
    "create_league",
    "division_name",
    "league",
    "league_of_event",
    "leagues",
]

#: The rating a division's event is stored under, by what the league pays.
_RATING = {
    LeaguePoints.JAPAN_LEAGUE: "national",
    LeaguePoints.CLUB_LEAGUE: "club-championship",
    LeaguePoints.NONE: "weekly",
}


@dataclass(frozen=True)
class Division:
    """A division of a league: its number (1 the top) and its team event."""

    division: int
    event_id: int
    event_name: str


@dataclass(frozen=True)
class StoredLeague:
    """A league season as stored."""

    id: int
    settings: LeagueSettings
    divisions: tuple[Division, ...]
    previous: int | None = None

    def division(self, number: int) -> Division:
        for d in self.divisions:
            if d.division == number:
                return d
        raise EntryError(
            "league {league!r} has divisions 1-{divisions}, not {number}",
            code="league.no-such-division",
            league=self.settings.name,
            divisions=len(self.divisions),
            number=number,
        )


def division_name(league: str, division: int) -> str:
    """The name of a division's team event: ``LEAGUE/DIVISION``."""
    return f"{league}/{division}"


def _settings(s: OrmSession, row: LeagueRow) -> LeagueSettings:
    days = s.scalars(
        select(LeagueDayRow).where(LeagueDayRow.league_id == row.id).order_by(LeagueDayRow.day)
    )
    return LeagueSettings(
        name=row.name, season=row.season, divisions=row.divisions,
        boards_per_match=row.boards_per_match,
        days=tuple(MatchDay(d.day, d.date, d.first_round, d.last_round) for d in days),
        vp_scale=row.vp_scale, cycles=row.cycles, half_time=HalfTimeRule(row.half_time),
        change=PairChange(row.change), promote=row.promote, relegate=row.relegate,
        points=LeaguePoints(row.points), club=row.club,
    )  # fmt: skip


def _stored(s: OrmSession, row: LeagueRow) -> StoredLeague:
    divisions = s.execute(
        select(LeagueDivisionRow.division, EventRow.id, EventRow.name)
        .join(EventRow, EventRow.id == LeagueDivisionRow.event_id)
        .where(LeagueDivisionRow.league_id == row.id)
        .order_by(LeagueDivisionRow.division)
    ).all()
    return StoredLeague(
        row.id, _settings(s, row), tuple(Division(d, e, n) for d, e, n in divisions),
        row.previous_id,
    )  # fmt: skip


def _row(s: OrmSession, ref: int | str) -> LeagueRow:
    text = str(ref).strip()
    if text.isascii() and text.isdigit() and len(text) <= 18:
        found = s.get(LeagueRow, int(text))
        if found is None:
            raise EntryError(
                "no league with id {id}; `bridgedesk league list` shows them",
                code="league.no-such-id",
                id=text,
            )
        return found
    by_name = s.scalars(select(LeagueRow).where(LeagueRow.name == text)).first()
    if by_name is None:
        raise EntryError(
            "no league named {name!r}; `bridgedesk league list` shows them",
            code="league.no-league-named",
            name=text,
        )
    return by_name


def create_league(
    unit: UnitOfWork,
    settings: LeagueSettings,
    *,
    previous: int | None = None,
) -> StoredLeague:
    """Store a new league season with its match days and one round-robin team event
    per division (dated the first match day), in one transaction."""
    team = TeamSettings(
        TeamForm.ROUND_ROBIN, Method.TEAM_VP, settings.boards_per_match,
        vp_scale=settings.vp_scale, cycles=settings.cycles,
    )  # fmt: skip
    with unit.transaction() as s:
        taken = s.scalars(select(LeagueRow.id).where(LeagueRow.name == settings.name)).first()
        if taken is not None:
            raise EntryError(
                "a league named {league!r} exists already (id {taken})",
                code="league.name-taken",
                league=settings.name,
                taken=taken,
            )
        for d in range(1, settings.divisions + 1):
            name = division_name(settings.name, d)
            if s.scalars(select(EventRow.id).where(EventRow.name == name)).first() is not None:
                raise EntryError(
                    "an event named {name!r} exists already; name the league apart",
                    code="league.event-name-taken",
                    name=name,
                )
        row = LeagueRow(
            name=settings.name, season=settings.season, club=settings.club,
            divisions=settings.divisions, boards_per_match=settings.boards_per_match,
            vp_scale=settings.vp_scale, cycles=settings.cycles,
            half_time=settings.half_time.value, change=settings.change.value,
            promote=settings.promote, relegate=settings.relegate,
            points=settings.points.value, previous_id=previous, created_at=utcnow(),
        )  # fmt: skip
        s.add(row)
        s.flush()
        for day in settings.days:
            s.add(
                LeagueDayRow(
                    league_id=row.id, day=day.day, date=day.date, first_round=day.first,
                    last_round=day.last,
                )
            )  # fmt: skip
        first: dt.date = settings.days[0].date
        for d in range(1, settings.divisions + 1):
            event = new_event(
                division_name(settings.name, d), date=first.isoformat(),
                rating=_RATING[settings.points], scoring=Method.TEAM_VP.value, club=settings.club,
            )  # fmt: skip
            eid = create_team_event(unit, event, team)
            s.add(LeagueDivisionRow(league_id=row.id, division=d, event_id=eid))
        s.flush()
        return _stored(s, row)


def league(unit: UnitOfWork, ref: int | str) -> StoredLeague:
    """The league by id or name."""
    with unit.transaction(write=False) as s:
        return _stored(s, _row(s, ref))


def leagues(unit: UnitOfWork) -> list[StoredLeague]:
    """Every league season, the newest first."""
    with unit.transaction(write=False) as s:
        rows = s.scalars(select(LeagueRow).order_by(LeagueRow.id.desc())).all()
        return [_stored(s, r) for r in rows]


def league_of_event(unit: UnitOfWork, event_id: int) -> tuple[int, int] | None:
    """(league id, division) when the event is a league's division, else None."""
    with unit.transaction(write=False) as s:
        found = s.execute(
            select(LeagueDivisionRow.league_id, LeagueDivisionRow.division).where(
                LeagueDivisionRow.event_id == event_id
            )
        ).first()
        return None if found is None else (found[0], found[1])
