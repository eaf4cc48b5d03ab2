"""A league season scored: each division's standings and cross-table, the standings after
each match day, and who is going up and down.

:func:`division_table` scores a division (a round-robin team event as played,
:class:`~bridgedesk.results.team_model.TeamEventPlay`) by the team engine
(:func:`~bridgedesk.results.teams.score_team_event`): the whole season so far, and
the season up to the end of each match day that has begun.  The teams in the
promotion and relegation places are marked by the current standings (the final
ones once every match is in; none before a match is played): the best ``promote``
of a division below the first, the lowest ``relegate`` of a division above the last
(:func:`bridgedesk.events.league.next_divisions` makes the next season from them).
:class:`LeagueTables` is the one value the league's pages read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from bridgedesk.events.league import LeagueSettings, MatchDay
from bridgedesk.results.team_model import ScoredTeamEvent, TeamEventPlay, TeamStanding
from bridgedesk.results.teams import score_team_event

__all__ = ["DayStandings", "DivisionTable", "LeagueTables", "Zone", "division_table"]


class Zone(StrEnum):
    """A team in a promotion or a relegation place."""

    UP = "up"
    DOWN = "down"


@dataclass(frozen=True)
class DayStandings:
    """The standings of a division at the end of a match day."""

    day: MatchDay
    standings: tuple[TeamStanding, ...]


@dataclass(frozen=True)
class DivisionTable:
    """A division scored as far as its results go (module doc)."""

    division: int
    event_id: int
    event_name: str
    scored: ScoredTeamEvent
    days: tuple[DayStandings, ...]
    zones: dict[int, Zone] = field(default_factory=dict)
    #: Matches with room results still to come (``round 2, 3 v 5: 3 of 16 room results``).
    missing: tuple[str, ...] = ()
    #: Whether the division's round robin is drawn.
    drawn: bool = False

    @property
    def complete(self) -> bool:
        """Every match of the drawn round robin is in."""
        return self.drawn and not self.missing


@dataclass(frozen=True)
class LeagueTables:
    """A league season scored: its rules and every division's table."""

    settings: LeagueSettings
    divisions: tuple[DivisionTable, ...]
    #: The season this one follows (its name), when it was made from it.
    previous: str | None = None


def _zones(
    standings: Sequence[TeamStanding], division: int, divisions: int, promote: int, relegate: int
) -> dict[int, Zone]:
    out: dict[int, Zone] = {}
    if division > 1:
        for s in standings[:promote]:
            out[s.team] = Zone.UP
    if division < divisions and relegate:
        for s in standings[len(standings) - relegate :]:
            out.setdefault(s.team, Zone.DOWN)
    return out


def division_table(
    settings: LeagueSettings,
    division: int,
    event_id: int,
    event_name: str,
    play: TeamEventPlay,
    missing: Sequence[str] = (),
    drawn: bool = True,
) -> DivisionTable:
    """Score a division as played (module doc)."""
    scored = score_team_event(play)
    begun = {m.round for m in play.matches}
    days = tuple(
        DayStandings(day, score_team_event(play.in_rounds(range(1, day.last + 1))).standings)
        for day in settings.days
        if begun & set(day.rounds)
    )
    zones = {}
    if play.matches:  # nobody is going anywhere before a match is played
        zones = _zones(scored.standings, division, settings.divisions, settings.promote,
                       settings.relegate)  # fmt: skip
    return DivisionTable(division, event_id, event_name, scored, days, zones, tuple(missing), drawn)
