"""A club evening on paper: what a stored event's tables and director write on.

A table without a phone plays from paper (004:436-588): guide cards (the movement's
own rounds, :func:`event_sheet`), pick-up slips (one per table and round, with the
pairs and the boards of the movement filled in, photo 7), travelling score sheets
(one per board, its tables in the order they play it, photo 5), and in a
board-a-match team event the B-a-M report form of each match (004:1850-1860), with
the team and board numbers the director fills in before handing them out.  Every
pair is numbered as the cards number it (:class:`~bridgedesk.events.pair_numbers.
PairNumbers`: a Mitchell's EW 1).

This module reads what the forms need from the store in one read transaction and
returns values; :mod:`bridgedesk.reports.paper_forms` prints them (``bridgedesk
event forms``, ``movement cards --event`` and the console's forms pages).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import TableScale, VPScale, get_scale
from bridgedesk.errors import MovementError
from bridgedesk.events.stored_sheet import master_sheet
from bridgedesk.movements.individual import IndividualMovement
from bridgedesk.movements.model import Movement
from bridgedesk.services.team_scores import event_vp_scale
from bridgedesk.store import events_repo, individuals, movements_repo, team_events
from bridgedesk.store.unit import UnitOfWork

__all__ = ["BamMatch", "EventSheet", "PaperEvent", "bam_matches", "event_sheet"]


@dataclass(frozen=True)
class PaperEvent:
    """What a form's heading names: the event, its date and club, the section."""

    name: str
    date: dt.date | None
    club: str
    section: str
    session: int


@dataclass(frozen=True)
class EventSheet:
    """A stored section's master sheet: a pairs or team ``movement``, or an individual's."""

    event: PaperEvent
    movement: Movement | None = None
    individual: IndividualMovement | None = None


#: A step of a VP table: (the margin it starts at, the winner's VP, the loser's VP).
VpStep = tuple[int, str, str]


@dataclass(frozen=True)
class BamMatch:
    """One match of a board-a-match team event as its report form shows it: the
    round, the two teams, its boards, and whether VPs are added (B-a-M + VP,
    004:1825-1848) on the VP table ``vp`` for that many boards: (margin from,
    VP of the winner, VP of the loser) steps."""

    round: int
    home: int
    away: int
    boards: tuple[int, ...]
    vp: tuple[VpStep, ...] = ()


def _heading(unit: UnitOfWork, event: int | str, section: str, session: int) -> PaperEvent:
    found = events_repo.event(unit, event).event
    return PaperEvent(found.name, found.date, found.club, section, session)


def event_sheet(
    unit: UnitOfWork, event: int | str, section: str = "A", session: int = 1
) -> EventSheet:
    """The stored section's movement as its cards and slips print it (module doc);
    refused in one line while the section has no movement yet."""
    with unit.transaction(write=False):
        heading = _heading(unit, event, section, session)
        if individuals.individual_event(unit, event):
            plan = individuals.plan(unit, event, section, session)
            if plan is None:
                raise _no_movement(event)
            return EventSheet(heading, individual=individuals.sheet(plan))
        grid = movements_repo.movement(unit, event, section=section, session=session)
        if grid is None:
            raise _no_movement(event)
        entries = events_repo.entries(unit, event, section=section, session=session)
        phantom = next((n for n, e in entries.items() if e.phantom), None)
        teams = team_events.is_team_event(unit, event)
        return EventSheet(heading, movement=master_sheet(grid, phantom, teams=teams))


def _no_movement(event: int | str) -> MovementError:
    return MovementError(
        f"event {event!r} has no movement yet: `bridgedesk event movement EVENT --recommend`"
    )


def bam_matches(unit: UnitOfWork, event: int | str) -> tuple[PaperEvent, tuple[BamMatch, ...]]:
    """Every match of a board-a-match team event, for its report forms; refused for
    any other event in one line."""
    with unit.transaction(write=False):
        heading = _heading(unit, event, "A", 1)
        if not team_events.is_team_event(unit, event):
            raise MovementError(f"event {event!r} is not a team event: B-a-M forms are a team's")
        settings = team_events.settings(unit, event)
        if not settings.scoring.board_a_match:
            raise MovementError(
                f"event {event!r} is scored {settings.scoring.value}, not board-a-match: "
                "its teams compare their private score sheets (004:1640-1668)"
            )
        draw = team_events.draw(unit, event)
    scale = event_vp_scale(settings) if settings.scoring is Method.BAM_VP else None
    matches = [
        BamMatch(m.round, m.home, m.away, m.boards, _vp_steps(scale, len(m.boards)))
        for m in draw.matches
        if m.away is not None and m.boards
    ]
    matches.sort(key=lambda m: (m.round, m.home))
    return heading, tuple(matches)


def _vp_steps(scale: str | VPScale | None, boards: int) -> tuple[VpStep, ...]:
    """The VP table of ``scale`` for a match of ``boards`` boards (a scale of tables
    only: a continuous scale has no short legend), as (margin from, winner's VP,
    loser's VP) steps."""
    found = get_scale(scale) if isinstance(scale, str) else scale
    if not isinstance(found, TableScale):
        return ()
    return tuple((low, str(win), str(lose)) for low, win, lose in found.table_for(boards).steps)
