"""Events and their entries in the store: create, list, discard, enter pairs.

Each function is one transaction of the unit of work it is given
(:class:`~bridgedesk.store.unit.UnitOfWork`).  Events are named by id or by
name (``ref``).  Registration in bulk, edits and withdrawals are in
:mod:`bridgedesk.store.entries`.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Entry, EntryKind, Event
from bridgedesk.events.names import check_entry, check_name, check_section_name
from bridgedesk.events.seating import seated_pairs
from bridgedesk.i18n import lazy_pgettext
from bridgedesk.store.competitors import follow
from bridgedesk.store.individual_events import check_entry_kind
from bridgedesk.store.late_pairs import seat_late_pair
from bridgedesk.store.lookups import (
    event_row,
    movement_of,
    player_row,
    section_entries,
    section_row,
)
from bridgedesk.store.models import (
    AwardBasisRow,
    CompetitorSeatRow,
    CorrectionRow,
    DealRow,
    DirectorAuditRow,
    DisputeRow,
    EntryPlayerRow,
    EntryRow,
    EventOptionsRow,
    EventRow,
    FinalRow,
    IdempotencyRow,
    IndividualEventRow,
    LeagueDivisionRow,
    LedgerAuditRow,
    LedgerAwardRow,
    MovementRow,
    ResultRow,
    RoundControlRow,
    RulingRow,
    SectionRow,
    SessionDealRow,
    SessionRow,
    SimultaneousRow,
    TableCodeRow,
    TableTokenRow,
    TeamOriginRow,
)
from bridgedesk.store.rows import EventInfo, entry_of, event_info
from bridgedesk.store.unit import UnitOfWork, as_utc, utcnow

__all__ = [
    "add_entry",
    "create_event",
    "discard_event",
    "entries",
    "event",
    "events",
    "insert_entry",
    "insert_event",
    "set_deadline",
]


def create_event(unit: UnitOfWork, event: Event, *, individual: bool = False) -> int:
    """Store a new event with its sessions and sections; return its id.

    ``individual`` marks an event of individuals (:mod:`bridgedesk.store.individuals`).

    The names are checked first (:mod:`bridgedesk.events.names`): a section's
    name becomes a directory of the report set, so ``../x`` is refused.
    """
    if individual and sum(len(session.sections) for session in event.sessions) != 1:
        raise EntryError(
            "an individual event has one session of one section (8-19 players)",
            code="event.individual-one-section",
        )
    with unit.transaction() as s:
        row = insert_event(s, event)
        if individual:
            s.add(IndividualEventRow(event_id=row.id))
        return row.id


def insert_event(s: OrmSession, event: Event) -> EventRow:
    """Check the names and insert ``event`` with its sessions and sections, in the
    caller's transaction (see :func:`create_event`)."""
    check_name(event.name, lazy_pgettext("name of", "the event's name"))
    check_name(event.club, lazy_pgettext("name of", "the club's name"), empty=True)
    for session in event.sessions:
        for section in session.sections:
            check_section_name(section.name)
    row = EventRow(
        name=event.name,
        club=event.club,
        date=event.date,
        rating=event.rating.value,
        event_class=event.class_,
        scoring=event.scoring.value,
        correction_deadline=None
        if event.correction_deadline is None
        else as_utc(event.correction_deadline),
        created_at=utcnow(),
    )
    s.add(row)
    for session in event.sessions:
        srow = SessionRow(number=session.number)
        row.sessions.append(srow)
        for section in session.sections:
            srow.sections.append(SectionRow(name=section.name))
    s.flush()
    return row


def discard_event(unit: UnitOfWork, ref: int | str) -> None:
    """Delete an event with everything entered in it, in one transaction.

    For an event that was never played: a run of ``bridgedesk demo`` that
    did not finish removes its half-made event with this.  Nothing that
    names the event is left behind (rulings, the director's audit, disputes,
    table codes), so an event stored later under the same id inherits
    nothing of it.  An event whose
    masterpoint awards are in the ledger is refused (the ledger's audit
    keeps what was awarded for it).
    """
    with unit.transaction() as s:
        ev = event_row(s, ref)
        for table in (LedgerAwardRow, LedgerAuditRow):
            if s.scalars(select(table.id).where(table.event_id == ev.id).limit(1)).first():
                raise EntryError(
                    "event {event} has masterpoint awards in the ledger: it is kept",
                    code="event.kept-awards",
                    event=ev.id,
                )
        s.execute(delete(AwardBasisRow).where(AwardBasisRow.event_id == ev.id))
        final = s.scalars(select(FinalRow.event_id).where(FinalRow.qualifying_id == ev.id)).first()
        if final is not None:
            raise EntryError(
                "event {event} is the qualifying of final {final}: it is kept",
                code="event.kept-qualifying",
                event=ev.id,
                final=final,
            )
        knockout = s.scalars(
            select(TeamOriginRow.event_id).where(TeamOriginRow.qualifying_id == ev.id)
        ).first()
        if knockout is not None:
            raise EntryError(
                "event {event} qualified the knockout {knockout}: it is kept",
                code="event.kept-knockout",
                event=ev.id,
                knockout=knockout,
            )
        if s.get(SimultaneousRow, ev.id) is not None:
            raise EntryError(
                "event {event} is a simultaneous event with heats: it is kept",
                code="event.kept-simultaneous",
                event=ev.id,
            )
        league = s.scalars(
            select(LeagueDivisionRow.league_id).where(LeagueDivisionRow.event_id == ev.id)
        ).first()
        if league is not None:
            raise EntryError(
                "event {event} is a division of league {league}: it is kept",
                code="event.kept-league",
                event=ev.id,
                league=league,
            )
        sessions = list(s.scalars(select(SessionRow.id).where(SessionRow.event_id == ev.id)))
        sections = list(s.scalars(select(SectionRow.id).where(SectionRow.session_id.in_(sessions))))
        movements = {
            m
            for m in s.scalars(select(SectionRow.movement_id).where(SectionRow.id.in_(sections)))
            if m is not None
        }
        entries = list(s.scalars(select(EntryRow.id).where(EntryRow.section_id.in_(sections))))
        s.execute(delete(DisputeRow).where(DisputeRow.event_id == ev.id))
        s.execute(delete(CorrectionRow).where(CorrectionRow.event_id == ev.id))
        s.execute(delete(DirectorAuditRow).where(DirectorAuditRow.event_id == ev.id))
        for by_section in (RulingRow, RoundControlRow, TableCodeRow, TableTokenRow, IdempotencyRow):
            s.execute(delete(by_section).where(by_section.section_id.in_(sections)))
        s.execute(delete(CompetitorSeatRow).where(CompetitorSeatRow.event_id == ev.id))
        s.execute(delete(FinalRow).where(FinalRow.event_id == ev.id))
        s.execute(delete(SessionDealRow).where(SessionDealRow.event_id == ev.id))
        s.execute(delete(ResultRow).where(ResultRow.section_id.in_(sections)))
        s.execute(delete(EntryPlayerRow).where(EntryPlayerRow.entry_id.in_(entries)))
        s.execute(delete(EntryRow).where(EntryRow.id.in_(entries)))
        s.execute(delete(SectionRow).where(SectionRow.id.in_(sections)))
        shared = set(
            s.scalars(select(SectionRow.movement_id).where(SectionRow.movement_id.in_(movements)))
        )
        s.execute(delete(MovementRow).where(MovementRow.id.in_(movements - shared)))
        s.execute(delete(SessionRow).where(SessionRow.id.in_(sessions)))
        s.execute(delete(DealRow).where(DealRow.event_id == ev.id))
        s.execute(delete(EventOptionsRow).where(EventOptionsRow.event_id == ev.id))
        s.execute(delete(IndividualEventRow).where(IndividualEventRow.event_id == ev.id))
        s.execute(delete(EventRow).where(EventRow.id == ev.id))
        s.expunge_all()


def events(unit: UnitOfWork) -> list[EventInfo]:
    with unit.transaction(write=False) as s:
        rows = s.scalars(select(EventRow).order_by(EventRow.date, EventRow.id)).all()
        return [event_info(r) for r in rows]


def event(unit: UnitOfWork, ref: int | str) -> EventInfo:
    with unit.transaction(write=False) as s:
        return event_info(event_row(s, ref))


def set_deadline(unit: UnitOfWork, ref: int | str, when: dt.datetime | None) -> None:
    """Set (or clear) the correction deadline (003:123-159)."""
    with unit.transaction() as s:
        event_row(s, ref).correction_deadline = None if when is None else as_utc(when)


# -- entries -------------------------------------------------------------------


def add_entry(
    unit: UnitOfWork, ref: int | str, entry: Entry, section: str = "A", session: int = 1
) -> int:
    """Enter a pair, team or individual; return the number it plays under.

    A late entry (``entry.late``) is accepted only while no result of round 2
    or later is in (004:884-898); it takes the phantom's number when the
    section has a phantom, otherwise its own number: when the section's movement
    does not seat it, the late pair roves from round 2, each round in the seat of a
    different pair who has the bye (:mod:`bridgedesk.store.late_pairs`, audited).
    """
    check_entry(entry)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        check_entry_kind(s, ev, entry)
        if entry.late and entry.kind is EntryKind.PAIR:  # an even field: the pair roves
            seat_late_pair(s, ev, sec, entry.number)
        number = insert_entry(s, sec, entry)
        follow(s, sec, number)  # the competitor's other sessions (store/competitors.py)
        return number


def insert_entry(s: OrmSession, sec: SectionRow, entry: Entry) -> int:
    """Insert one entry into ``sec`` (see :func:`add_entry`), in the caller's transaction
    (every door's entry checked first, :func:`bridgedesk.events.names.check_entry`)."""
    check_entry(entry)
    section = sec.name
    existing = {
        r.number: r for r in s.scalars(select(EntryRow).where(EntryRow.section_id == sec.id))
    }
    number = entry.number
    target: EntryRow | None = None
    if entry.late:
        later = s.scalars(
            select(ResultRow.round)
            .where(
                ResultRow.section_id == sec.id,
                ResultRow.round >= 2,
                ResultRow.withdrawn.is_(False),
            )
            .limit(1)
        ).first()
        if later is not None:
            raise EntryError(
                "a late pair can join only before round 2 (004:884-898): results of "
                "round 2 or later are already in",
                code="entry.late-pair-after-round-1",
            )
        phantoms = [r for r in existing.values() if r.phantom]
        if phantoms:
            target = phantoms[0]
            number = target.number
            target.phantom = False
            target.late = True
        elif sec.movement is not None and number not in seated_pairs(movement_of(sec)):
            raise EntryError(
                "late pair {pair} would not play: the section has no phantom and its "
                "movement does not seat pair {pair}; set a movement that does from round "
                "2 first (A/B tables, 004:894-898: `bridgedesk event movement EVENT "
                "--kind ... --from-round 2`)",
                code="entry.late-pair-not-seated",
                pair=number,
            )
    if target is None:
        if number in existing:
            raise EntryError(
                "number {number} is already entered in section {section} ({players}); "
                "choose another number",
                code="entry.number-taken",
                number=number,
                section=section,
                players=entry_of(existing[number]).names,
            )
        target = EntryRow(section_id=sec.id, number=number, phantom=entry.phantom, late=entry.late)
        s.add(target)
    target.kind = entry.kind.value
    target.team_name = entry.team_name
    target.stationary = entry.stationary
    target.flight = entry.flight
    for position, player in enumerate(entry.players):
        target.players.append(EntryPlayerRow(position=position, player=player_row(s, player)))
    try:
        s.flush()
    except IntegrityError:
        raise EntryError(
            "number {number} or one of the member numbers was entered at the same "
            "moment by someone else; list the entries and try again",
            code="entry.number-taken-meanwhile",
            number=number,
        ) from None
    return number


def entries(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> dict[int, Entry]:
    with unit.transaction(write=False) as s:
        sec = section_row(s, event_row(s, ref), session, section)
        return section_entries(s, sec)
