"""The director's changes to a stored section's movement during play that the store
works out itself: the recovery from a misplaced bye stand (004:3477-3530,
:mod:`bridgedesk.events.bye_stand`).  The change is stored in one transaction with
a line in the director's audit log; results already in must fit the new movement
(the rounds played included), or nothing is changed."""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.events.bye_stand import correction_round, recover_bye_stand
from bridgedesk.store.director import audit
from bridgedesk.store.individual_events import refuse_pairs_movement
from bridgedesk.store.lookups import event_row, movement_of, section_row
from bridgedesk.store.movements_repo import place_movement
from bridgedesk.store.unit import UnitOfWork

__all__ = ["bye_stand_recovered"]


def bye_stand_recovered(
    unit: UnitOfWork,
    ref: int | str,
    stood_after: int,
    *,
    who: str,
    reason: str,
    section: str = "A",
    session: int = 1,
) -> tuple[str, int, list[str]]:
    """Store the section's movement as played with its bye stand after table
    ``stood_after`` and recovered from the correction round on; the new movement's
    name, the correction round and the problems found with the entries."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        refuse_pairs_movement(s, ev)
        sec = section_row(s, ev, session, section, lock=True)
        if sec.movement is None:
            raise MovementError(
                "section {section} has no movement yet: set it first",
                code="section.no-movement-set-first",
                section=section,
            )
        current = movement_of(sec)
        new = recover_bye_stand(current, stood_after)
        problems = place_movement(s, sec, new, stationary=False)
        fix = correction_round(new.tables)
        audit(
            s,
            ev,
            "bye-stand",
            f"session {session} section {section}",
            who=who,
            reason=reason,
            old={"movement": current.name},
            new={"movement": new.name, "stood_after": stood_after, "correction_round": fix},
        )
        return new.name, fix, problems
