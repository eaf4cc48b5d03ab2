"""The director's rulings on stored events, each one audited.

Procedural penalties (003:47-121), fouled-board groups (004:3531-3658,
003:161-226) and boards marked not played (004:3838-3846) are kept in
``rulings``; every ruling made or cancelled is written to ``director_audit``
with who, when, why and the state before and after, as corrections to results
are (:func:`bridgedesk.store.corrections.correct_result`).  Each function is
one transaction of the unit of work it is given
(:meth:`bridgedesk.store.unit.UnitOfWork.transaction`): it checks, then writes, or raises
having changed nothing.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.rulings import (
    FouledResult,
    NotPlayed,
    PenaltyUnit,
    ProceduralPenalty,
    Rulings,
    Slip,
    expected_slips,
    missing_slips,
)
from bridgedesk.events.seating import format_boards, seats
from bridgedesk.store.lookups import (
    event_row,
    movement_of,
    section_entries,
    section_results,
    section_row,
)
from bridgedesk.store.models import (
    DirectorAuditRow,
    EventOptionsRow,
    EventRow,
    RulingRow,
    SectionRow,
)
from bridgedesk.store.unit import UnitOfWork, utcnow


@dataclass(frozen=True)
class AuditLine:
    """One line of the director's audit log."""

    id: int
    action: str
    subject: str
    at: dt.datetime
    who: str
    reason: str
    old: Any
    new: Any


def audit(
    s: OrmSession,
    ev: EventRow,
    action: str,
    subject: str,
    *,
    who: str,
    reason: str,
    old: Any,
    new: Any,
) -> int:
    """Write one audit line (the caller's transaction commits it)."""
    if not reason.strip():
        raise EntryError(f"{action} needs a reason (it is kept in the audit log)")
    if not who.strip():
        raise EntryError(f"{action} needs the name of who makes it")
    row = DirectorAuditRow(
        event_id=ev.id,
        action=action,
        subject=subject,
        at=utcnow(),
        who=who,
        reason=reason,
        old=json.dumps(old, ensure_ascii=False, sort_keys=True),
        new=json.dumps(new, ensure_ascii=False, sort_keys=True),
    )
    s.add(row)
    s.flush()
    return row.id


def log(
    unit: UnitOfWork, ref: int | str, action: str, subject: str, *, who: str, reason: str,
    new: Any,
) -> int:  # fmt: skip
    """Write one audit line about the event in a transaction of its own (an action that
    changes nothing stored but must be on record: results published despite an open
    dispute)."""
    with unit.transaction() as s:
        return audit(s, event_row(s, ref), action, subject, who=who, reason=reason, old=None,
                     new=new)  # fmt: skip


def _ruling_json(row: RulingRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "kind": row.kind,
        "pair": row.pair,
        "board": row.board,
        "round": row.round,
        "table": row.table_no,
        "amount": row.amount,
        "unit": row.unit,
        "group": row.grp,
        "reason": row.reason,
        "cancelled": row.cancelled,
    }


def _record(
    s: OrmSession,
    ev: EventRow,
    sec: SectionRow,
    row: RulingRow,
    subject: str,
) -> int:
    row.section_id = sec.id
    row.at = utcnow()
    row.cancelled = False
    s.add(row)
    s.flush()
    audit(s, ev, row.kind, subject, who=row.who, reason=row.reason, old=None, new=_ruling_json(row))
    return row.id


def add_penalty(
    unit: UnitOfWork,
    ref: int | str,
    penalty: ProceduralPenalty,
    *,
    who: str,
    section: str = "A",
    session: int = 1,
) -> int:
    """Record a procedural penalty on a pair entered in the section; return its id."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        entries = section_entries(s, sec)
        entry = entries.get(penalty.pair)
        if entry is None or entry.phantom:
            known = ", ".join(str(n) for n, e in sorted(entries.items()) if not e.phantom)
            raise EntryError(
                f"pair {penalty.pair} is not entered in section {section} "
                f"(entered: {known or 'none yet'})"
            )
        options = s.get(EventOptionsRow, ev.id)
        if options is not None and options.format in ("swiss-pairs", "houston"):
            # a VP event: a board's penalty is 5 % of a round's maximum VPs (003:55-57)
            if penalty.unit not in (PenaltyUnit.BOARDS, PenaltyUnit.PERCENT):
                raise EntryError(
                    f"a {options.format} event's penalty is given in --boards (5 % of a "
                    "round's maximum VPs each, 003:55-57) or --percent, "
                    f"not --{penalty.unit.value}"
                )
        else:
            _check_units(ev.scoring, penalty.unit)
        if penalty.board is not None:
            _check_board(sec, penalty.board)
        row = RulingRow(
            kind="penalty",
            pair=penalty.pair,
            board=penalty.board,
            amount=str(penalty.amount),
            unit=penalty.unit.value,
            reason=penalty.reason,
            who=who,
        )
        return _record(s, ev, sec, row, f"pair {penalty.pair}")


def _check_units(scoring: str, unit: PenaltyUnit) -> None:
    allowed = {
        "mp": (PenaltyUnit.BOARDS, PenaltyUnit.MATCHPOINTS, PenaltyUnit.PERCENT),
        "ximp": (PenaltyUnit.BOARDS, PenaltyUnit.IMPS),
        "total": (PenaltyUnit.BOARDS,),
    }.get(scoring)
    if allowed is None:
        raise EntryError(
            f"penalties on stored events cover pair events scored mp, ximp or total, "
            f"not {scoring} (a Houston or VP penalty is in VPs, 003:55-57)"
        )
    if unit not in allowed:
        raise EntryError(
            f"a {scoring} event's penalty is given in "
            + " or ".join(f"--{u.value}" for u in allowed)
            + f", not --{unit.value}"
        )


def _check_board(sec: SectionRow, board: int) -> None:
    movement = movement_of(sec)
    boards = sorted({b for _, _, a in seats(movement) for b in a.boards})
    if board not in boards:
        raise EntryError(f"board {board} is not in this movement ({format_boards(boards)})")


def _plays(sec: SectionRow, rnd: int, table: int, board: int) -> tuple[int, int]:
    """The pairs the movement seats at round/table, checking they play ``board``."""
    movement = movement_of(sec)
    a = movement.assignment(rnd, table)
    if a is None:
        raise EntryError(f"round {rnd} table {table} is not in play in this movement")
    if board not in a.boards:
        raise EntryError(
            f"round {rnd} table {table} plays {format_boards(a.boards)}, not board {board}"
        )
    return a.ns, a.ew


def mark_fouled(
    unit: UnitOfWork,
    ref: int | str,
    board: int,
    places: Sequence[tuple[int, int]],
    group: str,
    *,
    reason: str,
    who: str,
    section: str = "A",
    session: int = 1,
) -> list[int]:
    """Put the results of ``board`` at ``places`` (round, table) in fouled group ``group``.

    The results not put in a group stay in group ``1``, the hands as dealt.
    """
    label = group.strip()
    if not label or len(label) > 10:
        raise EntryError(f"a fouled-board group is a short label such as 2 or B, not {group!r}")
    if label == "1":
        raise EntryError("group 1 is the hands as dealt: name the other version(s) 2, 3 ...")
    if not places:
        raise EntryError("name the tables that played the changed hands (round and table)")
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        _check_board(sec, board)
        taken = {(r.round, r.table_no): r.grp for r in _rows(s, sec, "fouled") if r.board == board}
        ids = []
        for rnd, table in places:
            _plays(sec, rnd, table, board)
            if (rnd, table) in taken:
                raise EntryError(
                    f"board {board} at round {rnd} table {table} is already in fouled group "
                    f"{taken[(rnd, table)]}: cancel that ruling first"
                )
            row = RulingRow(
                kind="fouled",
                board=board,
                round=rnd,
                table_no=table,
                grp=label,
                reason=reason,
                who=who,
            )
            ids.append(_record(s, ev, sec, row, f"board {board} round {rnd} table {table}"))
            taken[(rnd, table)] = label
        return ids


def mark_not_played(
    unit: UnitOfWork,
    ref: int | str,
    rnd: int,
    table: int,
    board: int,
    *,
    reason: str,
    who: str,
    section: str = "A",
    session: int = 1,
) -> int:
    """Mark a planned slip as not played (so the results can be made final)."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        sec = section_row(s, ev, session, section, lock=True)
        ns, ew = _plays(sec, rnd, table, board)
        for _, r in section_results(s, sec, board):
            if (r.round, r.table) == (rnd, table) or (r.ns, r.ew) == (ns, ew):
                raise EntryError(
                    f"board {board} at round {rnd} table {table} has a result "
                    f"({r.result_text}): delete it with `bridgedesk result delete` first"
                )
        for mark in _rows(s, sec, "not-played"):
            if (mark.round, mark.table_no, mark.board) == (rnd, table, board):
                raise EntryError(
                    f"board {board} at round {rnd} table {table} is already marked not played"
                )
        row = RulingRow(
            kind="not-played", board=board, round=rnd, table_no=table, reason=reason, who=who
        )
        return _record(s, ev, sec, row, f"board {board} round {rnd} table {table}")


def cancel_ruling(unit: UnitOfWork, ref: int | str, ruling: int, *, reason: str, who: str) -> int:
    """Cancel a ruling (audited); return the audit line's id."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        row = s.get(RulingRow, ruling)
        sec = None if row is None else s.get(SectionRow, row.section_id)
        if row is None or sec is None or sec.session.event_id != ev.id:
            raise EntryError(f"event {ev.name!r} has no ruling {ruling}")
        if row.cancelled:
            raise EntryError(f"ruling {ruling} is already cancelled")
        old = _ruling_json(row)
        row.cancelled = True
        return audit(
            s,
            ev,
            "cancel",
            f"ruling {ruling}",
            who=who,
            reason=reason,
            old=old,
            new=_ruling_json(row),
        )


def _rows(s: OrmSession, sec: SectionRow, kind: str | None = None) -> list[RulingRow]:
    query = select(RulingRow).where(RulingRow.section_id == sec.id, RulingRow.cancelled.is_(False))
    if kind is not None:
        query = query.where(RulingRow.kind == kind)
    return list(s.scalars(query.order_by(RulingRow.id)))


def _rulings(rows: Sequence[RulingRow]) -> Rulings:
    penalties, fouled, not_played = [], [], []
    for r in rows:
        if r.kind == "penalty":
            assert r.pair is not None and r.amount is not None and r.unit is not None
            penalties.append(
                ProceduralPenalty(
                    r.pair, Fraction(r.amount), PenaltyUnit(r.unit), r.reason, r.board
                )
            )
        elif r.kind == "fouled":
            assert r.board is not None and r.round is not None and r.table_no is not None
            fouled.append(FouledResult(r.board, r.round, r.table_no, r.grp or "1", r.reason))
        else:
            assert r.board is not None and r.round is not None and r.table_no is not None
            not_played.append(NotPlayed(r.round, r.table_no, r.board, r.reason))
    return Rulings(tuple(penalties), tuple(fouled), tuple(not_played))


def rulings(unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1) -> Rulings:
    """The section's rulings in force, as scoring takes them."""
    with unit.transaction(write=False) as s:
        sec = section_row(s, event_row(s, ref), session, section)
        return _rulings(_rows(s, sec))


def ruling_lines(
    unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1
) -> list[tuple[int, str]]:
    """The section's rulings in force as (id, readable line), for listing."""
    with unit.transaction(write=False) as s:
        sec = section_row(s, event_row(s, ref), session, section)
        out = []
        for r in _rows(s, sec):
            if r.kind == "penalty":
                p = _rulings([r]).penalties[0]
                on = f" (board {r.board})" if r.board is not None else ""
                text = f"penalty pair {r.pair}: {p.text}{on}"
            elif r.kind == "fouled":
                text = (
                    f"fouled board {r.board}: round {r.round} table {r.table_no} in group {r.grp}"
                )
            else:
                text = f"not played: round {r.round} table {r.table_no} board {r.board}"
            out.append((r.id, f"{text} -- {r.reason} ({r.who})"))
        return out


def missing(unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1) -> list[Slip]:
    """The slips the section's movement expects that are neither in nor marked not played."""
    with unit.transaction(write=False) as s:
        sec = section_row(s, event_row(s, ref), session, section)
        if sec.movement is None:
            return []
        entries = section_entries(s, sec)
        results = [r for _, r in section_results(s, sec)]
        marks = _rulings(_rows(s, sec, "not-played")).not_played
        return missing_slips(movement_of(sec), results, marks, entries)


def planned(unit: UnitOfWork, ref: int | str, section: str = "A", session: int = 1) -> int:
    """How many slips the section's movement plans."""
    with unit.transaction(write=False) as s:
        sec = section_row(s, event_row(s, ref), session, section)
        if sec.movement is None:
            return 0
        return len(expected_slips(movement_of(sec), section_entries(s, sec)))


def audit_log(unit: UnitOfWork, ref: int | str) -> list[AuditLine]:
    """The event's director audit log, oldest first."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.scalars(
            select(DirectorAuditRow)
            .where(DirectorAuditRow.event_id == ev.id)
            .order_by(DirectorAuditRow.id)
        )
        return [
            AuditLine(
                r.id,
                r.action,
                r.subject,
                r.at,
                r.who,
                r.reason,
                json.loads(r.old),
                json.loads(r.new),
            )
            for r in rows
        ]


__all__ = [
    "AuditLine",
    "add_penalty",
    "audit",
    "audit_log",
    "cancel_ruling",
    "log",
    "mark_fouled",
    "mark_not_played",
    "missing",
    "planned",
    "ruling_lines",
    "rulings",
]
