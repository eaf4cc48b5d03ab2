"""A team event read back as stored, in one transaction.

A room result is stored as the slip of the grid table its room plays at
(:mod:`bridgedesk.events.team_rooms`, entered by
:func:`bridgedesk.services.slips.enter`), so corrections, their audit and undo
are the pairs' own.  :func:`read_team_event` reads the whole event back
(:class:`StoredTeamEvent`); :mod:`bridgedesk.services.team_scores` makes the
event as played from it and scores it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgedesk.events.model import Entry, Event, Result
from bridgedesk.events.team_rooms import TeamDraw
from bridgedesk.events.team_settings import TeamSettings
from bridgedesk.store.lookups import event_row, section_results
from bridgedesk.store.rows import event_info
from bridgedesk.store.team_events import (
    lineups,
    read_draw,
    section,
    settings_of,
    team_row,
    teams_entered,
)
from bridgedesk.store.team_halves import SecondHalf, second_halves
from bridgedesk.store.unit import UnitOfWork

__all__ = ["StoredTeamEvent", "read_team_event"]


# -- the event as stored -------------------------------------------------------------


@dataclass(frozen=True)
class StoredTeamEvent:
    """A team event read in one transaction, as stored: its heading, settings, teams,
    draw, the room results by grid place ``(round, table, board)``, the line-ups
    (``(round, team)`` -> the players' seats) and the second halves whose pairs changed
    at half time (``(round, team)`` -> its pairs, 004:1672-1686), for
    :func:`bridgedesk.services.team_scores.team_play` to make the event as played."""

    event: Event
    settings: TeamSettings
    teams: dict[int, Entry]
    draw: TeamDraw
    results: dict[tuple[int, int, int], Result]
    lineups: dict[tuple[int, int], tuple[tuple[int, int], ...]]
    halves: dict[tuple[int, int], SecondHalf] = field(default_factory=dict)


def read_team_event(unit: UnitOfWork, ref: int | str) -> StoredTeamEvent:
    """The team event as stored (see :class:`StoredTeamEvent`)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        team = settings_of(team_row(s, ev))
        teams = teams_entered(s, ev)
        draw = read_draw(s, ev)
        sec = section(s, ev)
        by_place = {(r.round, r.table, r.board): r for _, r in section_results(s, sec)}
        return StoredTeamEvent(
            event_info(ev).event, team, teams, draw, by_place, lineups(s, ev), second_halves(s, ev)
        )
