"""Corrections to stored results: correct, delete, undo, each one audited.

Every change to a stored result is kept in ``corrections`` with who, when, why
and the result before and after, and can be undone (003:123-159).  After the
event's correction deadline only the director may correct.  Each function is
one transaction of the unit of work it is given
(:class:`~bridgedesk.store.unit.UnitOfWork`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.entry import check_result
from bridgedesk.events.model import Result
from bridgedesk.store.lookups import event_row, movement_of, section_entries, section_results
from bridgedesk.store.models import CorrectionRow, EventRow, ResultRow, SectionRow
from bridgedesk.store.results_repo import result_row, results
from bridgedesk.store.rows import (
    StoredResult,
    fill_result_row,
    result_from_json,
    result_to_json,
)
from bridgedesk.store.unit import UnitOfWork, as_utc, utcnow

__all__ = [
    "BoardHistory",
    "Correction",
    "board_history",
    "correct_result",
    "corrections",
    "delete_in",
    "delete_result",
    "undo_correction",
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


@dataclass(frozen=True)
class _By:
    """Who makes a change, why, whether as the director, and when (None: now)."""

    who: str
    reason: str
    director: bool
    now: dt.datetime | None


def _change(
    s: OrmSession,
    ev: EventRow,
    row: ResultRow,
    old: Result,
    new: Result,
    override: str | None,
    action: str,
    by: _By,
    withdrawn: bool = False,
    undoes: int | None = None,
) -> int:
    """Move a result from its stored state to (new, override, withdrawn), audited."""
    who, reason, director, now = by.who, by.reason, by.director, by.now
    if not reason.strip():
        raise EntryError("a correction needs a reason (it is kept in the audit log)")
    if not who.strip():
        raise EntryError("a correction needs the name of who makes it")
    at = as_utc(now) if now is not None else utcnow()
    late = ev.correction_deadline is not None and at > ev.correction_deadline
    if late and not director:
        raise EntryError(
            f"the correction deadline ({ev.correction_deadline:%Y-%m-%d %H:%M} UTC) has "
            "passed: only the director can correct now, with a reason (003:123-159)"
        )
    if (new.session, new.section) != (old.session, old.section):
        raise EntryError("a correction cannot move a result to another session or section")
    if (new, override, withdrawn) == (old, row.override_reason, row.withdrawn):
        raise EntryError("the correction changes nothing")
    sec = s.get(SectionRow, row.section_id)
    assert sec is not None
    if not withdrawn:
        others = [r for other, r in section_results(s, sec, new.board) if other.id != row.id]
        entries = section_entries(s, sec) or None
        check_result(new, movement_of(sec), others, entries, override)
    old_json = result_to_json(old, row.override_reason, row.withdrawn)
    fill_result_row(row, new, override)
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
        old=old_json,
        new=result_to_json(new, override, withdrawn),
        undoes_id=undoes,
    )
    s.add(audit)
    try:
        s.flush()
    except IntegrityError:
        raise EntryError(
            f"board {new.board} already has a result for NS {new.ns} v EW {new.ew} "
            f"at round {new.round} table {new.table} (perhaps a deleted one: undo "
            "its deletion instead)"
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


def _locked(s: OrmSession, ref: int | str, result_id: int) -> tuple[EventRow, ResultRow, Result]:
    """The event, and the result's row and value, its section locked first."""
    ev = event_row(s, ref)
    _lock_result_section(s, result_id)
    row, result = result_row(s, ev, result_id)
    return ev, row, result


def correct_result(
    unit: UnitOfWork,
    ref: int | str,
    result_id: int,
    new: Result,
    *,
    who: str,
    reason: str,
    director: bool = False,
    override: str | None = None,
    now: dt.datetime | None = None,
) -> int:
    """Replace a stored result, audited; return the correction's id.

    After the event's correction deadline only the director may correct
    (003:123-159); the reason is always recorded.
    """
    with unit.transaction() as s:
        ev, row, old = _locked(s, ref, result_id)
        if row.withdrawn:
            raise EntryError(f"result {result_id} is deleted: undo the deletion first")
        return _change(s, ev, row, old, new, override, "correct", _By(who, reason, director, now))


def delete_in(
    s: OrmSession, ev: EventRow, row: ResultRow, result: Result, *, who: str, reason: str
) -> int:
    """Delete ``row`` (whose value is ``result``) by an audited director's correction, in
    the caller's transaction (a pair withdrawn under 003:73, :mod:`.withdrawals`)."""
    return _change(s, ev, row, result, result, row.override_reason, "delete",
                   _By(who, reason, True, None), withdrawn=True)  # fmt: skip


def delete_result(
    unit: UnitOfWork,
    ref: int | str,
    result_id: int,
    *,
    who: str,
    reason: str,
    director: bool = False,
    now: dt.datetime | None = None,
) -> int:
    """Withdraw a result that should not exist (audited; undo puts it back)."""
    with unit.transaction() as s:
        ev, row, old = _locked(s, ref, result_id)
        if row.withdrawn:
            raise EntryError(f"result {result_id} is already deleted")
        by = _By(who, reason, director, now)
        return _change(s, ev, row, old, old, row.override_reason, "delete", by, withdrawn=True)


def undo_correction(
    unit: UnitOfWork,
    ref: int | str,
    correction_id: int,
    *,
    who: str,
    reason: str,
    director: bool = False,
    now: dt.datetime | None = None,
) -> int:
    """Put back the state a correction (or deletion) replaced; the undo is audited."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        c = s.get(CorrectionRow, correction_id)
        if c is None or c.event_id != ev.id:
            raise EntryError(f"event {ev.name!r} has no correction {correction_id}")
        _lock_result_section(s, c.result_id)
        undone = s.scalars(select(CorrectionRow.id).where(CorrectionRow.undoes_id == c.id)).first()
        if undone is not None:
            raise EntryError(f"correction {c.id} is already undone by {undone}")
        row, current = result_row(s, ev, c.result_id)
        if result_from_json(c.new) != (current, row.override_reason, row.withdrawn):
            later = s.scalars(
                select(CorrectionRow.id)
                .where(CorrectionRow.result_id == c.result_id, CorrectionRow.id > c.id)
                .order_by(CorrectionRow.id.desc())
            ).first()
            raise EntryError(
                f"result {c.result_id} was changed again after correction {c.id} "
                f"(by correction {later}); undo that one first"
            )
        old, old_override, old_withdrawn = result_from_json(c.old)
        by = _By(who, reason, director, now)
        return _change(
            s, ev, row, current, old, old_override, "undo", by, old_withdrawn, undoes=c.id
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
