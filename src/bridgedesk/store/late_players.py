"""A late player in a stored individual (see :mod:`bridgedesk.events.late_player`):
the section's plan changed from round 2 in the transaction that enters the player,
with a line in the director's audit log."""

from __future__ import annotations

from sqlalchemy.orm import Session as OrmSession

from bridgedesk.events.individual import KIND, IndividualPlan
from bridgedesk.events.late_player import late_player
from bridgedesk.store.director import audit
from bridgedesk.store.late_pairs import before_round_two
from bridgedesk.store.models import EventRow, MovementRow, SectionRow

__all__ = ["seat_late_player"]


def seat_late_player(s: OrmSession, ev: EventRow, sec: SectionRow, number: int) -> None:
    """Before late player ``number`` is entered: seat it from round 2 in the section's
    plan (nothing to do while the section has no movement: setting it seats everyone)."""
    if sec.movement is None or sec.movement.kind != KIND:
        return
    before_round_two(s, sec, "player")
    plan = IndividualPlan.from_json(sec.movement.data)
    new = late_player(plan, number)
    row = MovementRow(name=new.name, kind=KIND, data=new.to_json())
    s.add(row)
    sec.movement = row
    audit(
        s,
        ev,
        "late-player",
        f"session {sec.session.number} section {sec.name}",
        who="director",
        reason=f"late player {number} joins from round 2 in a different seat each round",
        old={"movement": plan.name},
        new={"movement": new.name},
    )
