"""Table terminals in the store: the director's hold on a round, and what a table's
round is read from (the movement, parsed once; the round controls; the phantoms).

The rules -- which round a table is at, where its pairs and boards go, which
rounds take a table's results -- are :mod:`bridgedesk.events.table_rounds`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import chain
from typing import Any, TypeVar

from sqlalchemy import bindparam, event, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.seating import GridMovement
from bridgedesk.events.table_rounds import CLOSED, HELD
from bridgedesk.store.models import (
    CorrectionRow,
    DirectorAuditRow,
    DisputeRow,
    EntryRow,
    EventRow,
    IdempotencyRow,
    ResultRow,
    RoundControlRow,
    RulingRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.unit import Tx, UnitOfWork, statements, utcnow

__all__ = [
    "KEEPS_READS",
    "controls",
    "event_named",
    "grid",
    "keep",
    "once",
    "phantoms",
    "round_states",
    "session_sections",
    "set_round",
]

T = TypeVar("T")


@lru_cache(maxsize=32)
def grid(data: str) -> GridMovement:
    """A stored movement's grid (movement rows never change, so it is parsed once)."""
    return GridMovement.from_json(data)


def event_named(s: OrmSession, ref: int | str) -> EventRow:
    text = str(ref).strip()
    if text.isascii() and text.isdigit():  # "²".isdigit() is True, but it is no id
        row = s.get(EventRow, int(text)) if len(text) <= 18 else None
    else:
        rows = s.scalars(select(EventRow).where(EventRow.name == text)).all()
        if len(rows) > 1:
            ids = ", ".join(str(r.id) for r in rows)
            raise EntryError(
                "several events are named {name!r}: give the id ({ids})",
                code="event.name-ambiguous",
                name=text,
                ids=ids,
            )
        row = rows[0] if rows else None
    if row is None:
        raise EntryError(
            "no event {name!r}; `bridgedesk event list` shows them",
            code="event.no-such-event",
            name=text,
        )
    return row


def session_sections(s: OrmSession, ev: EventRow, session: int) -> list[SectionRow]:
    rows = s.scalars(
        select(SectionRow)
        .join(SessionRow)
        .where(SessionRow.event_id == ev.id, SessionRow.number == session)
        .order_by(SectionRow.name)
    ).all()
    if not rows:
        raise EntryError(
            "event {event!r} has no session {session}",
            code="event.no-such-session",
            event=ev.name,
            session=session,
        )
    return list(rows)


def set_round(
    unit: UnitOfWork,
    ref: int | str,
    round: int,
    state: str | None,
    who: str,
    section: str = "A",
    session: int = 1,
) -> None:
    """Hold or close a round (``state`` ``held``/``closed``), or open it again (None)."""
    if state not in (HELD, CLOSED, None):
        raise EntryError(
            "a round is held, closed or open, not {given!r}", code="round.state", given=state
        )
    with unit.transaction() as s:
        ev = event_named(s, ref)
        secs = [r for r in session_sections(s, ev, session) if r.name == section]
        if not secs:
            raise EntryError(
                "event {event!r} has no section {section} in session {session}",
                code="event.no-such-section",
                event=ev.name,
                section=section,
                session=session,
            )
        sec = secs[0]
        if sec.movement is None:
            raise EntryError(
                "section {section} has no movement yet", code="section.no-movement", section=section
            )
        rounds = grid(sec.movement.data).rounds
        if not 1 <= round <= rounds:
            raise EntryError(
                "round {round} does not exist: the movement has rounds 1-{rounds}",
                code="result.no-such-round",
                round=round,
                rounds=rounds,
            )
        row = s.scalars(
            select(RoundControlRow).where(
                RoundControlRow.section_id == sec.id, RoundControlRow.round == round
            )
        ).one_or_none()
        if state is None:
            if row is not None:
                s.delete(row)
            return
        if row is None:
            row = RoundControlRow(section_id=sec.id, round=round)
            s.add(row)
        row.state, row.who, row.at = state, who, utcnow()


def round_states(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> dict[int, str]:
    with unit.transaction(write=False) as s:
        ev = event_named(s, ref)
        secs = [r for r in session_sections(s, ev, session) if r.name == section]
        if not secs:
            return {}
        return controls(s, secs[0].id)


#: The rows whose writing leaves what :func:`once` read as it was: a slip, its
#: Idempotency-Key, an audited change, a ruling, a dispute, an audit line.
KEEPS_READS = (
    ResultRow,
    IdempotencyRow,
    CorrectionRow,
    RulingRow,
    DisputeRow,
    DirectorAuditRow,
)
_MEMO = "bridgedesk_once"


@event.listens_for(OrmSession, "before_flush")
def _forget(session: OrmSession, _context: object, _instances: object) -> None:
    """Forget what :func:`once` read when a flush writes anything else."""
    memo = session.info.get(_MEMO)
    if memo and any(
        not isinstance(row, KEEPS_READS)
        for row in chain(session.new, session.dirty, session.deleted)
    ):
        memo.clear()


def once(s: Tx, key: tuple[Any, ...], load: Callable[[], T]) -> T:
    """``load()``, read once per transaction: a batch of slips
    (:func:`bridgedesk.services.slips.enter_at_tables`) reads each section's movement,
    entries, phantoms and round controls once.  A flush that writes a row of what is
    read so (any but :data:`KEEPS_READS`) forgets every value read, so a transaction that
    changes a movement or an entry and then enters a slip reads them again."""
    memo: dict[tuple[Any, ...], Any] = s.info.setdefault(_MEMO, {})
    if key not in memo:
        memo[key] = load()
    found: T = memo[key]
    return found


def keep(s: Tx, key: tuple[Any, ...], value: object) -> None:
    """Keep ``value``, read by another statement, as what :func:`once` gives for ``key``
    in this transaction (:mod:`bridgedesk.store.table_reads` reads a section's values
    for a table's slip in one statement).  A value already kept stays."""
    memo: dict[tuple[Any, ...], Any] = s.info.setdefault(_MEMO, {})
    memo.setdefault(key, value)


#: A section's round controls and its phantoms (built once: every table's slip asks).
_CONTROLS = select(RoundControlRow.round, RoundControlRow.state).where(
    RoundControlRow.section_id == bindparam("section_id")
)
_PHANTOMS = select(EntryRow.number).where(
    EntryRow.section_id == bindparam("section_id"), EntryRow.phantom.is_(True)
)


def controls(s: Tx, section_id: int) -> dict[int, str]:
    """The director's held and closed rounds of the section, read once per transaction."""
    return once(
        s,
        ("controls", section_id),
        lambda: dict(statements(s).execute(_CONTROLS, {"section_id": section_id}).all()),
    )


def phantoms(s: OrmSession, section_id: int) -> set[int]:
    """The section's phantom pairs, read once per transaction."""
    return once(
        s,
        ("phantoms", section_id),
        lambda: set(statements(s).execute(_PHANTOMS, {"section_id": section_id}).scalars()),
    )
