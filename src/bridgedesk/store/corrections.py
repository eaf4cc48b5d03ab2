"""Corrections to stored results in the store: the audited change written, and read back.

Every change to a stored result -- a correction, a deletion, the undo of either
-- is kept in ``corrections`` with who, when, why and the result before and
after, and can be undone (003:123-159).  Who may make which change, and when,
is :mod:`bridgedesk.events.correction`; :mod:`bridgedesk.services.slips` checks
it and the new slip, then writes here (:func:`write_change`) in its
transaction, having read the result with its section locked
(:func:`locked_result`, :func:`to_undo`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.correction import ResultState
from bridgedesk.events.model import Result
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import CorrectionRow, EventRow, ResultRow, SectionRow
from bridgedesk.store.results_repo import result_row, results
from bridgedesk.store.rows import (
    StoredResult,
    fill_result_row,
    result_from_json,
    result_to_json,
)
from bridgedesk.store.unit import UnitOfWork

__all__ = [
    "BoardHistory",
    "Correction",
    "Undone",
    "board_history",
    "corrections",
    "locked_result",
    "state_of",
    "to_undo",
    "write_change",
]


@dataclass(frozen=True)
class Correction:
    """One audited change: ``old`` became ``new``; an undo names what it reverses."""

    id: int
    result_id: int
    action: str
    at: dt.datetime
    who: str
    reason: str
    director: bool
    after_deadline: bool
    old: Result
    new: Result
    undoes: int | None


@dataclass(frozen=True)
class BoardHistory:
    """A result on a board with every correction made to it, oldest first."""

    current: StoredResult
    corrections: tuple[Correction, ...]

    @property
    def original(self) -> Result:
        return self.corrections[0].old if self.corrections else self.current.result


def write_change(
    s: OrmSession,
    ev: EventRow,
    row: ResultRow,
    old: ResultState,
    new: ResultState,
    *,
    action: str,
    who: str,
    reason: str,
    director: bool,
    late: bool,
    at: dt.datetime,
    undoes: int | None = None,
) -> int:
    """Move ``row`` from its state ``old`` to ``new`` (value, override, deleted) and
    write the audit line (``action``: correct, delete or undo); the line's id.  The
    change is checked first (:func:`bridgedesk.events.correction.check_change`, the
    slip's checks)."""
    value, override, withdrawn = new
    fill_result_row(row, value, override)
    row.withdrawn = withdrawn
    audit = CorrectionRow(
        event_id=ev.id,
        result_id=row.id,
        action=action,
        at=at,
        who=who,
        reason=reason,
        director=director,
        after_deadline=late,
        old=result_to_json(*old),
        new=result_to_json(*new),
        undoes_id=undoes,
    )
    s.add(audit)
    try:
        s.flush()
    except IntegrityError:
        raise EntryError(
            "board {board} already has a result for NS {ns} v EW {ew} at round "
            "{round} table {table} (perhaps a deleted one: undo its deletion instead)",
            code="result.correction-clashes",
            board=value.board,
            ns=value.ns,
            ew=value.ew,
            round=value.round,
            table=value.table,
        ) from None
    return audit.id


def _lock_result_section(s: OrmSession, result_id: int) -> None:
    """Lock the section holding a result before reading it
    (see :func:`bridgedesk.store.lookups.section_row`)."""
    s.execute(
        select(SectionRow.id)
        .join(ResultRow, ResultRow.section_id == SectionRow.id)
        .where(ResultRow.id == result_id)
        .with_for_update(of=SectionRow)
    )


def locked_result(s: OrmSession, ev: EventRow, result_id: int) -> tuple[ResultRow, Result]:
    """The event's result ``result_id`` as its row and value, its section locked first
    (a change reads it, checks, then writes)."""
    _lock_result_section(s, result_id)
    return result_row(s, ev, result_id)


def state_of(row: ResultRow, result: Result) -> ResultState:
    """A result row's state as a correction records it (value, override, deleted)."""
    return result, row.override_reason, row.withdrawn


@dataclass(frozen=True)
class Undone:
    """What undoing a correction reads: the corrected result's row and state now, the
    state the correction left and the one it replaced, the undo already made of it and
    the last correction of that result (when the result was changed again since)."""

    correction: int
    row: ResultRow
    current: ResultState
    left: ResultState
    replaced: ResultState
    undone_by: int | None
    later: int | None
    #: whether the correction undone was the director's
    by_director: bool = False


def to_undo(s: OrmSession, ev: EventRow, correction_id: int) -> Undone:
    """Correction ``correction_id`` of the event with what its undo is checked against,
    the result's section locked first."""
    c = s.get(CorrectionRow, correction_id)
    if c is None or c.event_id != ev.id:
        raise EntryError(
            "event {event!r} has no correction {correction_id}",
            code="correction.no-such-correction",
            event=ev.name,
            correction_id=correction_id,
        )
    _lock_result_section(s, c.result_id)
    undone = s.scalars(select(CorrectionRow.id).where(CorrectionRow.undoes_id == c.id)).first()
    row, current = result_row(s, ev, c.result_id)
    later = s.scalars(
        select(CorrectionRow.id)
        .where(CorrectionRow.result_id == c.result_id, CorrectionRow.id > c.id)
        .order_by(CorrectionRow.id.desc())
    ).first()
    return Undone(
        c.id,
        row,
        state_of(row, current),
        result_from_json(c.new),
        result_from_json(c.old),
        undone,
        later,
        c.director,
    )


def corrections(unit: UnitOfWork, ref: int | str, result_id: int | None = None) -> list[Correction]:
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        query = select(CorrectionRow).where(CorrectionRow.event_id == ev.id)
        if result_id is not None:
            query = query.where(CorrectionRow.result_id == result_id)
        return [
            Correction(
                id=c.id,
                result_id=c.result_id,
                action=c.action,
                at=c.at,
                who=c.who,
                reason=c.reason,
                director=c.director,
                after_deadline=c.after_deadline,
                old=result_from_json(c.old)[0],
                new=result_from_json(c.new)[0],
                undoes=c.undoes_id,
            )
            for c in s.scalars(query.order_by(CorrectionRow.id))
        ]


def board_history(
    unit: UnitOfWork,
    ref: int | str,
    board: int,
    section: str | None = None,
    session: int | None = None,
) -> list[BoardHistory]:
    """Every result on a board with its corrections, in table order.

    A result corrected onto another board is listed under the board it is on now.
    """
    current = results(
        unit, ref, board=board, section=section, session=session, include_withdrawn=True
    )
    audits: dict[int, list[Correction]] = {}
    for c in corrections(unit, ref):
        audits.setdefault(c.result_id, []).append(c)
    return [BoardHistory(r, tuple(audits.get(r.id, ()))) for r in current]
