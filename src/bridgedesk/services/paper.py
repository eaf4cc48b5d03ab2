"""A club evening on paper: what a stored event's tables and director write on.

A table without a phone plays from paper (004:436-588): guide cards (the movement's
own rounds, :func:`event_sheet`), pick-up slips (one per table and round, with the
pairs and the boards of the movement filled in, photo 7), travelling score sheets
(one per board, its tables in the order they play it, photo 5), and in a
board-a-match team event the B-a-M report form of each match (004:1850-1860), with
the team and board numbers the director fills in before handing them out.  Every
pair is numbered as the cards number it (:class:`~bridgedesk.events.pair_numbers.
PairNumbers`: a Mitchell's EW 1).

This module reads what the forms need from the store in one read transaction;
:mod:`bridgedesk.reports.paper_forms` prints them: :func:`forms` gives the pages
(``bridgedesk event forms`` writes them, the console shows them), ``movement cards
--event`` prints :func:`event_sheet`'s cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgedesk.bridge.methods import Method
from bridgedesk.bridge.vp import TableScale, get_scale
from bridgedesk.errors import Location, MovementError
from bridgedesk.events.stored_sheet import master_sheet
from bridgedesk.movements.individual import IndividualMovement
from bridgedesk.movements.model import Movement
from bridgedesk.reports.paper_forms import (
    BamForm,
    FormHeading,
    bam_forms_html,
    pickup_slips_html,
    travellers_html,
)
from bridgedesk.store import events_repo, individuals, movements_repo, team_events
from bridgedesk.store.unit import UnitOfWork

__all__ = ["FORMS", "EventSheet", "bam_matches", "event_sheet", "forms"]


@dataclass(frozen=True)
class EventSheet:
    """A stored section's master sheet: a pairs or team ``movement``, or an individual's."""

    event: FormHeading
    movement: Movement | None = None
    individual: IndividualMovement | None = None


#: A step of a VP table: (the margin it starts at, the winner's VP, the loser's VP).
VpStep = tuple[int, str, str]


def _heading(unit: UnitOfWork, event: int | str, section: str, session: int) -> FormHeading:
    found = events_repo.event(unit, event).event
    return FormHeading(found.name, found.date, found.club, section, session)


#: The forms :func:`forms` prints, by the name of their file.
FORMS = ("pickup_slips", "travellers", "bam_forms")


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
        "event {event!r} has no movement yet: `bridgedesk event movement EVENT --recommend`",
        code="forms.no-movement",
        event=event,
    )


def bam_matches(unit: UnitOfWork, event: int | str) -> tuple[FormHeading, tuple[BamForm, ...]]:
    """Every match of a board-a-match team event, for its report forms; refused for
    any other event in one line."""
    with unit.transaction(write=False):
        heading = _heading(unit, event, "A", 1)
        if not team_events.is_team_event(unit, event):
            raise MovementError(
                "event {event!r} is not a team event: B-a-M forms are a team's",
                code="forms.bam-not-teams",
                event=event,
            )
        settings = team_events.settings(unit, event)
        if not settings.scoring.board_a_match:
            raise MovementError(
                "event {event!r} is scored {scoring}, not board-a-match: its teams compare "
                "their private score sheets (004:1640-1668)",
                code="forms.bam-scoring",
                event=event,
                scoring=settings.scoring.value,
            )
        draw = team_events.draw(unit, event)
    # B-a-M + VP adds the round's margin on the seed's own table (004:1860-1872)
    scale = "bam" if settings.scoring is Method.BAM_VP else None
    matches = [
        BamForm(m.round, m.home, m.away, m.boards, _vp_steps(scale, len(m.boards)))
        for m in draw.matches
        if m.away is not None and m.boards
    ]
    matches.sort(key=lambda m: (m.round, m.home))
    return heading, tuple(matches)


def _vp_steps(scale: str | None, boards: int) -> tuple[VpStep, ...]:
    """The VP table of ``scale`` for a match of ``boards`` boards, as (margin from,
    winner's VP, loser's VP) steps (none without a scale)."""
    found = None if scale is None else get_scale(scale)
    if not isinstance(found, TableScale):
        return ()
    return tuple((low, str(win), str(lose)) for low, win, lose in found.table_for(boards).steps)


def forms(
    unit: UnitOfWork,
    event: int | str,
    section: str = "A",
    session: int = 1,
    lang: str = "en",
    only: str | None = None,
) -> dict[str, str]:
    """The section's paper forms as HTML pages by name (:data:`FORMS`): its pick-up slips
    and travelling score sheets, and a board-a-match team event's B-a-M report forms;
    ``only`` one of them (refused in one line when the event has none of it)."""
    if only is not None and only not in FORMS:
        raise MovementError(
            "the forms are {forms}, not {only!r}",
            Location(input="form"),
            code="forms.unknown-form",
            forms=", ".join(FORMS),
            only=only,
        )
    with unit.transaction(write=False):
        sheet = event_sheet(unit, event, section, session)
        board_a_match = team_events.is_team_event(unit, event) and (
            team_events.settings(unit, event).scoring.board_a_match
        )
        matches = bam_matches(unit, event)[1] if board_a_match else ()
    plan = sheet.movement if sheet.movement is not None else sheet.individual
    assert plan is not None
    pages: dict[str, str] = {}
    if only in (None, "pickup_slips"):
        pages["pickup_slips"] = pickup_slips_html(plan, sheet.event, lang)
    if only in (None, "travellers"):
        pages["travellers"] = travellers_html(plan, sheet.event, lang)
    if only == "bam_forms" and not board_a_match:
        raise MovementError(
            "event {event!r} is not a board-a-match team event: it has no B-a-M report forms",
            code="forms.not-board-a-match",
            event=event,
        )
    if board_a_match and only in (None, "bam_forms"):
        pages["bam_forms"] = bam_forms_html(matches, sheet.event, lang)
    return pages
