"""One competitor across the sessions of a stored event (004:2381-2452).

A pair is entered once, in the first session; the store keeps, per
competitor, the section and number it plays under in every session
(``competitor_seats``), and each later session's section holds a copy of the
entry at that number, so result entry, the table terminals and the reports of
a session work as for any section.  The competitor is named by its
first-session seat (``"3"``, ``"B3"`` with several sections), as the plan does
(:class:`bridgedesk.movements.plan.EventPlan`).

:func:`follow` keeps the copies in step when an entry changes: a substitute
(``entry edit``), a late pair taking the phantom's number (``entry add
--late``, 004:884-898) or a withdrawal reach every session the competitor
plays.  The functions here work in the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import delete, or_, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import (
    CompetitorSeatRow,
    EntryPlayerRow,
    EntryRow,
    EventRow,
    ResultRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "Seat",
    "copy_entry",
    "entry_at",
    "event_seats",
    "follow",
    "seat_labels",
    "seats",
    "section_of",
    "write_seats",
]


@dataclass(frozen=True)
class Seat:
    """A competitor's place in one session: section and number (and, in a final,
    its id in the qualifying event)."""

    competitor: str
    session: int
    section: str
    number: int
    origin: str | None = None


def event_seats(s: OrmSession, ev: EventRow) -> list[Seat]:
    """Every stored seat of the event, by competitor then session."""
    rows = s.scalars(select(CompetitorSeatRow).where(CompetitorSeatRow.event_id == ev.id)).all()
    out = [Seat(r.competitor, r.session, r.section, r.number, r.origin) for r in rows]
    return sorted(out, key=lambda x: (x.session, x.section, x.number))


def seats(unit: UnitOfWork, ref: int | str) -> list[Seat]:
    """:func:`event_seats` in a transaction of its own."""
    with unit.transaction(write=False) as s:
        return event_seats(s, event_row(s, ref))


def write_seats(s: OrmSession, ev: EventRow, new: Iterable[Seat], sessions: Iterable[int]) -> None:
    """Replace the event's seats in ``sessions`` by ``new``."""
    s.execute(
        delete(CompetitorSeatRow).where(
            CompetitorSeatRow.event_id == ev.id, CompetitorSeatRow.session.in_(list(sessions))
        )
    )
    s.flush()
    for x in new:
        s.add(
            CompetitorSeatRow(
                event_id=ev.id,
                competitor=x.competitor,
                session=x.session,
                section=x.section,
                number=x.number,
                origin=x.origin,
            )
        )
    s.flush()


def section_of(s: OrmSession, ev: EventRow, session: int, name: str) -> SectionRow:
    """The section, created (with its session) when the event does not have it yet."""
    srow = s.scalars(
        select(SessionRow).where(SessionRow.event_id == ev.id, SessionRow.number == session)
    ).first()
    if srow is None:
        srow = SessionRow(event_id=ev.id, number=session)
        s.add(srow)
        s.flush()
    sec = s.scalars(
        select(SectionRow).where(SectionRow.session_id == srow.id, SectionRow.name == name)
    ).first()
    if sec is None:
        sec = SectionRow(session_id=srow.id, name=name)
        s.add(sec)
        s.flush()
    return sec


def _fill(target: EntryRow, source: EntryRow) -> None:
    target.kind = source.kind
    target.team_name = source.team_name
    target.stationary = source.stationary
    target.phantom = source.phantom
    target.late = source.late
    target.flight = source.flight
    if [p.player_id for p in target.players] != [p.player_id for p in source.players]:
        target.players.clear()
        for p in source.players:
            target.players.append(EntryPlayerRow(position=p.position, player_id=p.player_id))


def copy_entry(s: OrmSession, source: EntryRow, sec: SectionRow, number: int) -> EntryRow:
    """A copy of ``source`` (players, flags) entered in ``sec`` as ``number``."""
    row = EntryRow(section_id=sec.id, number=number, kind=source.kind)
    s.add(row)
    _fill(row, source)
    s.flush()
    return row


def entry_at(s: OrmSession, sec: SectionRow, number: int) -> EntryRow | None:
    """The entry playing as ``number`` in ``sec``, if any."""
    return s.scalars(
        select(EntryRow).where(EntryRow.section_id == sec.id, EntryRow.number == number)
    ).first()


def _played(s: OrmSession, sec: SectionRow, number: int) -> bool:
    return (
        s.scalars(
            select(ResultRow.id)
            .where(
                ResultRow.section_id == sec.id, or_(ResultRow.ns == number, ResultRow.ew == number)
            )
            .limit(1)
        ).first()
        is not None
    )


def follow(s: OrmSession, sec: SectionRow, number: int) -> None:
    """Bring the competitor seated at ``number`` of ``sec`` up to date in its other
    sessions: the same players and flags, or no entry where it was withdrawn
    (unless that session has its results)."""
    ev = sec.session.event
    here = s.scalars(
        select(CompetitorSeatRow).where(
            CompetitorSeatRow.event_id == ev.id,
            CompetitorSeatRow.session == sec.session.number,
            CompetitorSeatRow.section == sec.name,
            CompetitorSeatRow.number == number,
        )
    ).first()
    if here is None:
        return
    source = entry_at(s, sec, number)
    others = s.scalars(
        select(CompetitorSeatRow).where(
            CompetitorSeatRow.event_id == ev.id,
            CompetitorSeatRow.competitor == here.competitor,
            CompetitorSeatRow.session != here.session,
        )
    ).all()
    for seat in others:
        target_sec = section_of(s, ev, seat.session, seat.section)
        target = entry_at(s, target_sec, seat.number)
        if source is None:
            if target is not None and not _played(s, target_sec, seat.number):
                s.delete(target)
        elif target is None:
            copy_entry(s, source, target_sec, seat.number)
        else:
            _fill(target, source)
    s.flush()


def seat_labels(unit: UnitOfWork, ref: int | str) -> dict[tuple[int, str, int], str]:
    """(session, section, number) -> the competitor's seat in every session
    (``s1 3  s2 B5``), as ``entry list`` shows it; empty for a one-session event."""
    stored = seats(unit, ref)
    sections: dict[int, set[str]] = {}
    for x in stored:
        sections.setdefault(x.session, set()).add(x.section)
    if len(sections) < 2:
        return {}
    by_who: dict[str, list[str]] = {}
    for x in sorted(stored, key=lambda x: x.session):
        seat = f"{x.section}{x.number}" if len(sections[x.session]) > 1 else str(x.number)
        by_who.setdefault(x.competitor, []).append(f"s{x.session} {seat}")
    return {(x.session, x.section, x.number): "  ".join(by_who[x.competitor]) for x in stored}
