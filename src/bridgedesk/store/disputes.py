"""Disputed results: a table calls the director about a result it entered, and the
director rules on it.

At the table the players may disagree about a result after it is entered (the
score, the number of tricks, a claim); the table terminal then calls the
director (Law 79A, 79B: a disagreement on tricks won is referred to the
director, who corrects a scoring error until the correction period ends,
003:123-159).  The result stays entered and is scored meanwhile, flagged as
disputed; the director *confirms* it as it stands or *corrects* it, each time
with a reason, which ends the dispute.  Raising and resolving are written to
the director's audit log (``director_audit``) with who and when; the director's ruling
(:func:`bridgedesk.services.rulings.rule_on_dispute`) corrects as any correction
does, in the same transaction, so a refused correction leaves the dispute open
and nothing changed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import ConflictError, EntryError, ForbiddenError
from bridgedesk.store.corrections import locked_result
from bridgedesk.store.director import audit
from bridgedesk.store.lookups import event_row, section_row
from bridgedesk.store.models import DisputeRow, EventRow, ResultRow
from bridgedesk.store.unit import UnitOfWork, utcnow

__all__ = [
    "CONFIRMED",
    "CORRECTED",
    "Dispute",
    "DisputeError",
    "awaits_ruling",
    "dispute_to_rule",
    "disputes",
    "event_open_disputes",
    "open_disputes",
    "raise_dispute",
    "record_ruling",
]

CONFIRMED = "confirmed"
CORRECTED = "corrected"
#: The longest note a table may give with its call.
MAX_NOTE = 500


class DisputeError(EntryError):
    """A dispute that cannot be raised or resolved as asked; nothing was changed."""


@dataclass(frozen=True)
class Dispute:
    """A dispute of result ``result_id`` (at ``round``/``table``, ``board``); open
    while ``resolution`` is None."""

    id: int
    result_id: int
    round: int
    table: int
    board: int
    raised_by: str
    raised_at: dt.datetime
    note: str
    resolution: str | None = None
    resolved_by: str | None = None
    resolved_at: dt.datetime | None = None
    reason: str | None = None
    correction_id: int | None = None

    @property
    def open(self) -> bool:
        return self.resolution is None


def _dispute(row: DisputeRow, result: ResultRow) -> Dispute:
    return Dispute(
        row.id,
        row.result_id,
        result.round,
        result.table_no,
        result.board,
        row.raised_by,
        row.raised_at,
        row.note,
        row.resolution,
        row.resolved_by,
        row.resolved_at,
        row.reason,
        row.correction_id,
    )


def _open_on(s: OrmSession, result_id: int) -> DisputeRow | None:
    return s.scalars(
        select(DisputeRow).where(DisputeRow.result_id == result_id, DisputeRow.resolution.is_(None))
    ).first()


def awaits_ruling(s: OrmSession, result_id: int) -> bool:
    """Whether result ``result_id`` has a dispute the director has not ruled on."""
    return _open_on(s, result_id) is not None


def raise_dispute(
    unit: UnitOfWork,
    ref: int | str,
    result_id: int,
    *,
    who: str,
    note: str = "",
    section_id: int | None = None,
    table: int | None = None,
) -> int:
    """Flag a stored result as disputed (the director is called); return the dispute's id.

    ``section_id`` and ``table``: a table terminal may dispute only its own results.
    A result already disputed and not yet resolved is refused (the director is on
    the way), as is a deleted one.
    """
    note = note.strip()
    if len(note) > MAX_NOTE:
        raise DisputeError(
            "the note is {length} characters long: at most {most}",
            code="dispute.note-too-long",
            length=len(note),
            most=MAX_NOTE,
        )
    if not who.strip():
        raise DisputeError("a dispute needs the name of who raises it", code="dispute.needs-who")
    with unit.transaction() as s:
        ev = event_row(s, ref)
        row, _old = locked_result(s, ev, result_id)
        if section_id is not None and (row.section_id != section_id or row.table_no != table):
            raise ForbiddenError(
                "result {result_id} was not entered at this table",
                code="result.not-this-tables",
                result_id=result_id,
            )
        if row.withdrawn:
            raise DisputeError(
                "result {result_id} is deleted: there is nothing to dispute",
                code="dispute.result-deleted",
                result_id=result_id,
            )
        already = _open_on(s, result_id)
        if already is not None:
            raise ConflictError(
                "result {result_id} (board {board}) is already disputed, since "
                "{since:%H:%M} UTC: the director has been called",
                code="dispute.already-raised",
                result_id=result_id,
                board=row.board,
                since=already.raised_at,
            )
        dispute = DisputeRow(
            event_id=ev.id,
            result_id=row.id,
            raised_by=who,
            raised_at=utcnow(),
            note=note,
        )
        s.add(dispute)
        s.flush()
        subject = f"result {row.id} (round {row.round} table {row.table_no} board {row.board})"
        audit(
            s, ev, "dispute", subject, who=who, reason=note or "the director is called",
            old=None, new={"dispute": dispute.id, "result": row.id},
        )  # fmt: skip
        return dispute.id


def dispute_to_rule(
    s: OrmSession, ev: EventRow, dispute_id: int, result_id: int | None = None
) -> DisputeRow:
    """The event's open dispute ``dispute_id`` for the director's ruling (``result_id``:
    the result the caller means, refused if the dispute is of another)."""
    row = s.get(DisputeRow, dispute_id)
    if row is None or row.event_id != ev.id:
        raise DisputeError(
            "event {event!r} has no dispute {dispute_id}",
            code="dispute.no-such-dispute",
            event=ev.name,
            dispute_id=dispute_id,
        )
    if result_id is not None and row.result_id != result_id:
        raise DisputeError(
            "dispute {dispute_id} is of result {result_id}, not {result_id2}",
            code="dispute.other-result",
            dispute_id=dispute_id,
            result_id=row.result_id,
            result_id2=result_id,
        )
    if row.resolution is not None:
        if row.resolution == CONFIRMED:
            raise ConflictError(
                "dispute {dispute_id} was already confirmed by {resolved_by}",
                code="dispute.already-resolved",
                dispute_id=dispute_id,
                resolved_by=row.resolved_by,
            )
        raise ConflictError(
            "dispute {dispute_id} was already corrected by {resolved_by}",
            code="dispute.already-resolved",
            dispute_id=dispute_id,
            resolved_by=row.resolved_by,
        )
    return row


def record_ruling(
    s: OrmSession,
    ev: EventRow,
    row: DisputeRow,
    *,
    who: str,
    reason: str,
    correction: int | None,
) -> None:
    """Close dispute ``row`` as confirmed (``correction`` None) or corrected by that
    correction, with the ruling's audit line, in the caller's transaction."""
    row.resolution = CONFIRMED if correction is None else CORRECTED
    row.resolved_by = who
    row.resolved_at = utcnow()
    row.reason = reason
    row.correction_id = correction
    audit(
        s, ev, f"dispute-{row.resolution}", f"result {row.result_id}", who=who,
        reason=reason, old={"dispute": row.id, "open": True},
        new={"dispute": row.id, "resolution": row.resolution, "correction": correction},
    )  # fmt: skip


def _query(s: OrmSession, ev: EventRow, section_id: int | None) -> Sequence[Dispute]:
    query = (
        select(DisputeRow, ResultRow)
        .join(ResultRow, DisputeRow.result_id == ResultRow.id)
        .where(DisputeRow.event_id == ev.id)
        .order_by(DisputeRow.id)
    )
    if section_id is not None:
        query = query.where(ResultRow.section_id == section_id)
    return [_dispute(d, r) for d, r in s.execute(query).all()]


def disputes(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> list[Dispute]:
    """Every dispute of the section, open and resolved, oldest first."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        return list(_query(s, ev, section_row(s, ev, session, section).id))


def open_disputes(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> list[Dispute]:
    """The section's disputes the director has not yet resolved."""
    return [d for d in disputes(unit, ref, section, session) if d.open]


def event_open_disputes(unit: UnitOfWork, ref: int | str) -> list[Dispute]:
    """Every dispute of the event (any session and section) not yet resolved."""
    with unit.transaction(write=False) as s:
        return [d for d in _query(s, event_row(s, ref), None) if d.open]
