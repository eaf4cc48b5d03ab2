"""A late pair in an even field, seated by the store (004:884-898): the section's
movement is changed from round 2 so that the late pair roves
(:mod:`bridgedesk.events.late_rover`), in the transaction that enters it, with a
line in the director's audit log.  Results already in must fit the new movement."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.entry import check_result
from bridgedesk.events.late_rover import late_rover
from bridgedesk.events.model import Result
from bridgedesk.events.seating import seated_pairs
from bridgedesk.store.director import audit
from bridgedesk.store.lookups import movement_of, section_results
from bridgedesk.store.models import EntryRow, EventRow, MovementRow, ResultRow, SectionRow

__all__ = ["before_round_two", "seat_late_pair"]


def before_round_two(s: OrmSession, sec: SectionRow, who: str) -> None:
    """Refuse a late ``who`` (pair, player) once a result of round 2 or later is in."""
    later = s.scalars(
        select(ResultRow.id)
        .where(ResultRow.section_id == sec.id, ResultRow.round >= 2, ResultRow.withdrawn.is_(False))
        .limit(1)
    ).first()
    if later is not None:
        if who == "player":
            raise EntryError(
                "a late player can join only before round 2 (004:884-898): "
                "results of round 2 or later are already in",
                code="entry.late-player-after-round-1",
            )
        raise EntryError(
            "a late pair can join only before round 2 (004:884-898): "
            "results of round 2 or later are already in",
            code="entry.late-pair-after-round-1",
        )


def seat_late_pair(s: OrmSession, ev: EventRow, sec: SectionRow, number: int | None) -> None:
    """Before late pair ``number`` is entered in ``sec``: when the section has a
    movement that does not seat it and no phantom whose number it could take, make
    it rove from round 2 (nothing is done otherwise)."""
    if number is None or sec.movement is None:
        return
    phantom = s.scalars(
        select(EntryRow.id).where(EntryRow.section_id == sec.id, EntryRow.phantom.is_(True))
    ).first()
    grid = movement_of(sec)
    if phantom is not None or number in seated_pairs(grid):
        return
    before_round_two(s, sec, "pair")
    new = late_rover(grid, number)
    accepted: list[Result] = []  # round 1 keeps its seats: what is in fits still
    for row, result in section_results(s, sec):
        check_result(result, new, accepted, None, row.override_reason)
        accepted.append(result)
    mrow = MovementRow(name=new.name, kind=new.kind, data=new.to_json())
    s.add(mrow)
    sec.movement = mrow
    audit(
        s,
        ev,
        "late-pair",
        f"session {sec.session.number} section {sec.name}",
        who="director",
        reason=f"late pair {number} joins from round 2 as a rover (004:884-898, 004:1097-1107)",
        old={"movement": grid.name},
        new={"movement": new.name},
    )
