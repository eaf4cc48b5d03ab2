"""Which stored events are individuals (004:1576-1614), asked inside a transaction.

An individual event is marked in ``individual_events`` when it is created
(``bridgedesk event new NAME --kind individual``).  The pairs paths of the
store ask here so they refuse what does not fit an individual: a pair entry,
a pairs movement (a slip naming only NS and EW is refused by
:func:`bridgedesk.events.slips.check_kind`).  The individual paths are in
:mod:`bridgedesk.store.individuals`.
"""

from __future__ import annotations

from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Entry, EntryKind
from bridgedesk.store.models import EventRow, IndividualEventRow

__all__ = ["check_entry_kind", "is_individual", "refuse_pairs_movement"]


def is_individual(s: OrmSession, ev: EventRow) -> bool:
    return s.get(IndividualEventRow, ev.id) is not None


def check_entry_kind(s: OrmSession, ev: EventRow, entry: Entry) -> None:
    """An individual event takes players; any other event takes no individuals."""
    if entry.phantom:
        if is_individual(s, ev):
            raise EntryError(
                "event {event!r} is an individual: it has no phantom pair (players sit "
                "out in turn, 004:1576-1614)",
                code="individual.no-phantom",
                event=ev.name,
            )
        return
    individual = is_individual(s, ev)
    if individual and entry.kind is not EntryKind.INDIVIDUAL:
        raise EntryError(
            "event {event!r} is an individual: enter players (`bridgedesk entry add "
            "EVENT --kind individual --player NAME`)",
            code="individual.enter-players",
            event=ev.name,
        )
    if not individual and entry.kind is EntryKind.INDIVIDUAL:
        raise EntryError(
            "event {event!r} is not an individual event: create one with `bridgedesk "
            "event new NAME --kind individual`",
            code="individual.not-individual-event",
            event=ev.name,
        )
    if individual and entry.late:
        raise EntryError(
            "a late player cannot join an individual once its movement is set: enter "
            "the player and set the movement again before any result is in",
            code="individual.late-player-after-movement",
        )


def refuse_pairs_movement(s: OrmSession, ev: EventRow) -> None:
    if is_individual(s, ev):
        raise EntryError(
            "event {event!r} is an individual: give it an individual movement "
            "(`bridgedesk event movement EVENT --recommend`)",
            code="individual.needs-individual-movement",
            event=ev.name,
        )
