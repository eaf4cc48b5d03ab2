"""Movements and deals in the store: a section's movement, an event's deals.

Each function is one transaction of the unit of work it is given
(:class:`~bridgedesk.store.unit.UnitOfWork`).  A new movement must still fit
the results already in (:func:`bridgedesk.events.entry.check_result`).
"""

from __future__ import annotations

import re

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.adapters import MasterSheet, as_grid
from bridgedesk.events.entry import check_result, validate_section
from bridgedesk.events.model import Result
from bridgedesk.events.seating import GridMovement, SeatingPlan
from bridgedesk.store.entries import honour_stationary
from bridgedesk.store.individual_events import refuse_pairs_movement
from bridgedesk.store.lookups import (
    event_row,
    movement_of,
    section_entries,
    section_results,
    section_row,
)
from bridgedesk.store.models import DealRow, EntryRow, MovementRow, ResultRow, SectionRow
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "check_section",
    "deals",
    "movement",
    "place_movement",
    "set_deal",
    "set_movement",
]

_DEAL_RE = re.compile(
    r"[NESW]:(?:[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*|-)"
    r"(?: (?:[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*|-)){3}"
)


def set_movement(
    unit: UnitOfWork,
    ref: int | str,
    movement: SeatingPlan | MasterSheet,
    section: str = "A",
    session: int = 1,
    name: str = "",
    kind: str = "",
    from_round: int | None = None,
    phantom: int | None = None,
) -> list[str]:
    """Give a section its movement; results already in must still fit it.

    ``phantom`` enters that number as the phantom pair (004:864-868) in the
    same transaction, unless it is entered already: a refused movement
    leaves no phantom behind.

    With ``from_round`` the section keeps its current movement for the rounds
    before it and plays the new one from it on (late pairs with A/B tables,
    004:884-898).  Returns the problems
    :func:`~bridgedesk.events.entry.validate_section` finds between the
    movement and the entries (for the director to read), after a line for
    each pair renumbered so that its stationary request is met (only while
    no result is in, :func:`bridgedesk.events.renumber.stationary_swaps`).
    """
    grid = as_grid(movement, name=name, kind=kind)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        refuse_pairs_movement(s, ev)
        sec = section_row(s, ev, session, section, lock=True)
        return place_movement(s, sec, grid, from_round=from_round, phantom=phantom)


def place_movement(
    s: OrmSession,
    sec: SectionRow,
    grid: GridMovement,
    *,
    from_round: int | None = None,
    phantom: int | None = None,
    stationary: bool = True,
) -> list[str]:
    """:func:`set_movement` in the caller's transaction (``sec`` locked by the caller).

    With ``stationary`` False no pair is renumbered for its stationary request
    (a later session whose numbers a plan gives)."""
    if from_round is not None:
        grid = movement_of(sec).switch(grid, from_round)
    if phantom is not None and phantom not in section_entries(s, sec):
        s.add(EntryRow(section_id=sec.id, number=phantom, kind="pair", phantom=True))
        s.flush()
    notes: list[str] = []
    if (
        stationary
        and s.scalars(select(ResultRow.id).where(ResultRow.section_id == sec.id)).first() is None
    ):
        notes = honour_stationary(s, sec, grid)
    entries = section_entries(s, sec) or None
    accepted: list[Result] = []
    for row, result in section_results(s, sec):
        try:
            check_result(result, grid, accepted, entries, row.override_reason)
        except EntryError as exc:
            raise EntryError(
                "the new movement does not fit result {result_id} already in: {why}",
                code="movement.does-not-fit-results",
                result_id=row.id,
                why=exc,
            ) from None
        accepted.append(result)
    mrow = MovementRow(name=grid.name, kind=grid.kind, data=grid.to_json())
    s.add(mrow)
    sec.movement = mrow
    return notes + validate_section(grid, entries or {})


def movement(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> GridMovement | None:
    with unit.transaction(write=False) as s:
        sec = section_row(s, event_row(s, ref), session, section)
        return None if sec.movement is None else GridMovement.from_json(sec.movement.data)


def check_section(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> list[str]:
    """Problems between a section's movement and entries (empty when all is well)."""
    with unit.transaction(write=False) as s:
        sec = section_row(s, event_row(s, ref), session, section)
        return validate_section(movement_of(sec), section_entries(s, sec))


# -- deals ---------------------------------------------------------------------


def set_deal(unit: UnitOfWork, ref: int | str, board: int, pbn: str) -> None:
    """Attach (or replace) a board's deal, as PBN deal text ``N:hand hand hand hand``."""
    text = " ".join(pbn.split())
    if not _DEAL_RE.fullmatch(text):
        raise EntryError(
            "board {board}: bad deal {given!r}; write it as in a PBN Deal tag, e.g. "
            "N:AKQ2.KJ3.T98.A2 ... (four hands, suits S.H.D.C)",
            code="deals.bad-deal",
            board=board,
            given=pbn,
        )
    with unit.transaction() as s:
        ev = event_row(s, ref)
        row = s.scalars(
            select(DealRow).where(DealRow.event_id == ev.id, DealRow.board == board)
        ).first()
        if row is None:
            s.add(DealRow(event_id=ev.id, board=board, pbn=text))
        else:
            row.pbn = text


def deals(unit: UnitOfWork, ref: int | str) -> dict[int, str]:
    """The event's deals by board number, as PBN deal text."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.scalars(select(DealRow).where(DealRow.event_id == ev.id)).all()
        return {r.board: r.pbn for r in sorted(rows, key=lambda r: r.board)}
