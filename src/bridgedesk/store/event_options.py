"""A stored event's format and scoring options (table ``event_options``).

The options (:class:`~bridgedesk.events.event_options.EventOptions`) live in one
row of ``event_options`` per event; an event without one has the defaults
(an ordinary pairs event scored the JCBL way).  Changing them is audited in
the director's log (action ``options``).

An event played round by round (Swiss pairs, barometer, Houston pairs) keeps
its draw as the movement of section :data:`SECTION` of session :data:`SESSION`
(:mod:`bridgedesk.services.draws` adds each round to it).

Each function is one transaction, or refuses having changed nothing.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.errors import EntryError
from bridgedesk.events.event_options import EventOptions
from bridgedesk.events.pair_formats import PairFormat, Pairing
from bridgedesk.store import director
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import EventOptionsRow, EventRow, ResultRow, SectionRow, SessionRow
from bridgedesk.store.unit import UnitOfWork

#: The draw of a round-by-round event is kept in this section of session 1.
SECTION = "A"
SESSION = 1


def options(unit: UnitOfWork, ref: int | str) -> EventOptions:
    """The event's options (the defaults when none were set)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        row = s.get(EventOptionsRow, ev.id)
        if row is None:
            return EventOptions()
        return EventOptions(
            format=None if row.format is None else PairFormat(row.format),
            pairing=None if row.pairing is None else Pairing(row.pairing),
            vp_scale=row.vp_scale,
            convention=Convention(row.convention),
        )


def _as_json(o: EventOptions, method: Method) -> dict[str, str | None]:
    return {
        "scoring": method.value,
        "format": None if o.format is None else o.format.value,
        "pairing": None if o.pairing is None else o.pairing.value,
        "vp_scale": o.vp_scale,
        "convention": o.convention.value,
    }


def set_options(
    unit: UnitOfWork,
    ref: int | str,
    new: EventOptions,
    *,
    who: str,
    reason: str,
    method: Method | None = None,
) -> EventOptions:
    """Store the event's options and, with ``method``, its scoring method (audited);
    return the previous options.

    The format is fixed once a movement or a round has been set: an ordinary
    event cannot become a Swiss one half way, nor the other way round.  The
    scoring method and the matchpoint convention are fixed once the first result
    is in: every ranking, report and award published since was made by them.
    """
    old = options(unit, ref)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        was = Method(ev.scoring)
        now = was if method is None else method
        new.check(now)
        if (now is not was or new.convention is not old.convention) and _has_results(s, ev):
            if now is not was:
                raise EntryError(
                    "event {event!r} has results: its scoring method is fixed once the first "
                    "result is in (it stays {kept}); create a new event to score it another way",
                    code="event.method-fixed",
                    event=ev.name,
                    kept=was.value,
                )
            raise EntryError(
                "event {event!r} has results: its matchpoint convention is fixed once the "
                "first result is in (it stays {kept}); create a new event to score it another "
                "way",
                code="event.convention-fixed",
                event=ev.name,
                kept=old.convention.value,
            )
        if new.format != old.format and any(
            sec.movement_id is not None for ses in ev.sessions for sec in ses.sections
        ):
            raise EntryError(
                "the event's format cannot change once a movement or a round is set",
                code="event.format-fixed",
            )
        if new.format is not None and (len(ev.sessions) != 1 or len(ev.sessions[0].sections) != 1):
            raise EntryError(
                "a {format} event is one session of one section (this one has {sessions} "
                "session(s))",
                code="event.format-one-section",
                format=new.format.value,
                sessions=len(ev.sessions),
            )
        row = s.get(EventOptionsRow, ev.id)
        if row is None:
            row = EventOptionsRow(event_id=ev.id)
            s.add(row)
        row.format = None if new.format is None else new.format.value
        row.pairing = None if new.pairing is None else new.pairing.value
        row.vp_scale = new.vp_scale
        row.convention = new.convention.value
        ev.scoring = now.value
        director.audit(s, ev, "options", "event", who=who, reason=reason,
                       old=_as_json(old, was), new=_as_json(new, now))  # fmt: skip
    return old


def _has_results(s: OrmSession, ev: EventRow) -> bool:
    found = s.scalar(
        select(ResultRow.id)
        .join(SectionRow, SectionRow.id == ResultRow.section_id)
        .join(SessionRow, SessionRow.id == SectionRow.session_id)
        .where(SessionRow.event_id == ev.id)
        .limit(1)
    )
    return found is not None


def is_round_by_round(unit: UnitOfWork, ref: int | str) -> bool:
    """True for a Swiss pairs, barometer or Houston pairs event (the dispatcher's test)."""
    return options(unit, ref).format is not None


__all__ = ["SECTION", "SESSION", "is_round_by_round", "options", "set_options"]
