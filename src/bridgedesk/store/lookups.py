"""Finding rows inside a transaction: an event by id or name, a section, its
movement, entries and results, a player in the register.

Each function takes the open ORM session of the caller's transaction
(:meth:`bridgedesk.store.unit.UnitOfWork.transaction`) and raises an
:class:`~bridgedesk.errors.EntryError` naming what is missing.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import selectinload

from bridgedesk.errors import EntryError
from bridgedesk.events.model import Entry, Player, Result
from bridgedesk.events.seating import GridMovement
from bridgedesk.store.models import (
    EntryPlayerRow,
    EntryRow,
    EventRow,
    PlayerRow,
    ResultRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.rows import entry_of, event_info, result_of

__all__ = [
    "event_row",
    "movement_of",
    "player_row",
    "section_entries",
    "section_results",
    "section_row",
]


def event_row(s: OrmSession, ref: int | str) -> EventRow:
    """The event named by id or by name (``ref``)."""
    text = str(ref).strip()
    if text.isascii() and text.isdigit():  # "²".isdigit() is True, but it is no id
        row = s.get(EventRow, int(text)) if len(text) <= 18 else None
        if row is None:
            raise EntryError(
                "no event with id {id}; `bridgedesk event list` shows them",
                code="event.no-such-id",
                id=text,
            )
        return row
    rows = s.scalars(select(EventRow).where(EventRow.name == text)).all()
    if not rows:
        raise EntryError(
            "no event named {name!r}; `bridgedesk event list` shows them",
            code="event.no-event-named",
            name=text,
        )
    if len(rows) > 1:
        ids = ", ".join(str(r.id) for r in rows)
        raise EntryError(
            "several events are named {name!r}: give the id ({ids})",
            code="event.name-ambiguous",
            name=text,
            ids=ids,
        )
    return rows[0]


def section_row(
    s: OrmSession, ev: EventRow, session: int, section: str, lock: bool = False
) -> SectionRow:
    """The section row; with ``lock`` it is locked until the transaction ends, so
    writers to one section take turns (PostgreSQL; SQLite's BEGIN IMMEDIATE
    already serialises every writer)."""
    query = (
        select(SectionRow)
        .join(SessionRow)
        .where(
            SessionRow.event_id == ev.id,
            SessionRow.number == session,
            SectionRow.name == section,
        )
    )
    if lock:
        query = query.with_for_update(of=SectionRow)
    row = s.scalars(query).one_or_none()
    if row is None:
        have = ", ".join(
            f"session {n} section {name}" for n, names in event_info(ev).sections for name in names
        )
        raise EntryError(
            "event {event!r} has no session {session} section {section} (it has {have})",
            code="event.no-such-session-section",
            event=ev.name,
            session=session,
            section=section,
            have=have,
        )
    return row


def movement_of(section: SectionRow) -> GridMovement:
    """The section's movement; an EntryError while it has none."""
    if section.movement is None:
        raise EntryError(
            "section {section} has no movement yet: set it before entering results",
            code="section.no-movement-for-results",
            section=section.name,
        )
    return GridMovement.from_json(section.movement.data)


def section_entries(s: OrmSession, section: SectionRow) -> dict[int, Entry]:
    """The section's entries by number, with their players."""
    rows = s.scalars(
        select(EntryRow)
        .where(EntryRow.section_id == section.id)
        .options(selectinload(EntryRow.players).joinedload(EntryPlayerRow.player))
    ).all()
    return {r.number: entry_of(r) for r in rows}


def section_results(
    s: OrmSession, section: SectionRow, board: int | None = None
) -> list[tuple[ResultRow, Result]]:
    """The section's results in force (of ``board`` only, if given), oldest first."""
    query = select(ResultRow).where(
        ResultRow.section_id == section.id, ResultRow.withdrawn.is_(False)
    )
    if board is not None:
        query = query.where(ResultRow.board == board)
    rows = s.scalars(query.order_by(ResultRow.id)).all()
    number = section.session.number
    return [(r, result_of(r, section.name, number)) for r in rows]


def player_row(s: OrmSession, player: Player) -> PlayerRow:
    """The register's row for ``player`` (by member number), added if new."""
    if player.member:
        row = s.scalars(select(PlayerRow).where(PlayerRow.member == player.member)).first()
        if row is not None:
            if row.name != player.name:
                raise EntryError(
                    "member {member} is {register_name!r} in the register, not {given!r}",
                    code="entry.member-other-name",
                    member=player.member,
                    register_name=row.name,
                    given=player.name,
                )
            return row
    row = PlayerRow(name=player.name, member=player.member or None)
    s.add(row)
    return row
