"""The director's rulings in the store, each one audited.

Procedural penalties (003:47-121), fouled-board groups (004:3531-3658,
003:161-226) and boards marked not played (004:3838-3846) are kept in
``rulings``; every ruling made or cancelled is written to ``director_audit``
with who, when, why and the state before and after, as corrections to results
are (:mod:`bridgedesk.store.corrections`).  A ruling is checked
(:mod:`bridgedesk.events.rulings`) and recorded (``record_*`` here, in its
transaction) by :mod:`bridgedesk.services.rulings`; the functions taking a unit
of work are each one transaction: they check, then write, or raise having
changed nothing.
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
from bridgedesk.events.pair_numbers import PairNumbers
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
from bridgedesk.i18n import LazyText, lazy_pgettext
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

#: The audit log's actions: stored as these names, said in the reader's language when a
#: refusal names one ("penalty needs a reason").
ACTION_WORDS: dict[str, LazyText] = {
    "withdraw-pair": lazy_pgettext("audit action", "withdraw-pair"),
    "team-forfeit": lazy_pgettext("audit action", "team-forfeit"),
    "team-withdraw": lazy_pgettext("audit action", "team-withdraw"),
    "bye-stand": lazy_pgettext("audit action", "bye-stand"),
    "entry-import": lazy_pgettext("audit action", "entry-import"),
    "entry-edit": lazy_pgettext("audit action", "entry-edit"),
    "entry-withdraw": lazy_pgettext("audit action", "entry-withdraw"),
    "options": lazy_pgettext("audit action", "options"),
    "cancel": lazy_pgettext("audit action", "cancel"),
    "dispute": lazy_pgettext("audit action", "dispute"),
    "dispute-confirmed": lazy_pgettext("audit action", "dispute-confirmed"),
    "dispute-corrected": lazy_pgettext("audit action", "dispute-corrected"),
    "late-pair": lazy_pgettext("audit action", "late-pair"),
    "late-player": lazy_pgettext("audit action", "late-player"),
    "release": lazy_pgettext("audit action", "release"),
    "penalty": lazy_pgettext("audit action", "penalty"),
    "fouled": lazy_pgettext("audit action", "fouled"),
    "not-played": lazy_pgettext("audit action", "not-played"),
    "awards-despite-disputes": lazy_pgettext("audit action", "awards-despite-disputes"),
    "publish-despite-disputes": lazy_pgettext("audit action", "publish-despite-disputes"),
}


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
        raise EntryError(
            "{action} needs a reason (it is kept in the audit log)",
            code="director.needs-reason",
            action=ACTION_WORDS.get(action, action),
        )
    if not who.strip():
        raise EntryError(
            "{action} needs the name of who makes it",
            code="director.needs-who",
            action=ACTION_WORDS.get(action, action),
        )
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


def record_penalty(
    s: OrmSession, ev: EventRow, sec: SectionRow, penalty: ProceduralPenalty, who: str
) -> int:
    """Write a checked penalty on the section and its audit line; the ruling's id."""
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


def record_fouled(
    s: OrmSession,
    ev: EventRow,
    sec: SectionRow,
    board: int,
    places: Sequence[tuple[int, int]],
    group: str,
    *,
    reason: str,
    who: str,
) -> list[int]:
    """Write a checked fouled-board group (one ruling a place) and its audit lines."""
    ids = []
    for rnd, table in places:
        row = RulingRow(kind="fouled", board=board, round=rnd, table_no=table, grp=group,
                        reason=reason, who=who)  # fmt: skip
        ids.append(_record(s, ev, sec, row, f"board {board} round {rnd} table {table}"))
    return ids


def record_not_played(
    s: OrmSession, ev: EventRow, sec: SectionRow, mark: NotPlayed, who: str
) -> int:
    """Write a checked not-played mark and its audit line; the ruling's id."""
    row = RulingRow(kind="not-played", board=mark.board, round=mark.round,
                    table_no=mark.table, reason=mark.reason, who=who)  # fmt: skip
    return _record(s, ev, sec, row, f"board {mark.board} round {mark.round} table {mark.table}")


def add_marks(
    s: OrmSession, sec: SectionRow, slips: Sequence[Slip], *, reason: str, who: str
) -> None:
    """Mark ``slips`` not played, audited by the caller's one line (a withdrawn pair's,
    :func:`bridgedesk.services.rulings.withdraw_pair`)."""
    for x in slips:
        s.add(
            RulingRow(section_id=sec.id, kind="not-played", board=x.board, round=x.round,
                      table_no=x.table, reason=reason, who=who, at=utcnow(), cancelled=False)
        )  # fmt: skip


def fouled_taken(s: OrmSession, sec: SectionRow, board: int) -> dict[tuple[int, int], str]:
    """The places (round, table) of ``board`` already in a fouled group, with the group."""
    return {
        (r.round, r.table_no): r.grp or ""
        for r in _rows(s, sec, "fouled")
        if r.board == board and r.round is not None and r.table_no is not None
    }


def not_played_marks(s: OrmSession, sec: SectionRow) -> tuple[NotPlayed, ...]:
    """The section's not-played marks in force."""
    return _rulings(_rows(s, sec, "not-played")).not_played


def event_format(s: OrmSession, ev: EventRow) -> str | None:
    """The event's format as its options store it (None for a plain pairs event)."""
    options = s.get(EventOptionsRow, ev.id)
    return None if options is None else options.format


def cancel_ruling(unit: UnitOfWork, ref: int | str, ruling: int, *, reason: str, who: str) -> int:
    """Cancel a ruling (audited); return the audit line's id."""
    with unit.transaction() as s:
        ev = event_row(s, ref)
        row = s.get(RulingRow, ruling)
        sec = None if row is None else s.get(SectionRow, row.section_id)
        if row is None or sec is None or sec.session.event_id != ev.id:
            raise EntryError(
                "event {event!r} has no ruling {ruling}",
                code="ruling.no-such-ruling",
                event=ev.name,
                ruling=ruling,
            )
        if row.cancelled:
            raise EntryError(
                "ruling {ruling} is already cancelled",
                code="ruling.already-cancelled",
                ruling=ruling,
            )
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
        # the pairs as their cards number them (a Mitchell's EW 1, 004:968-980)
        numbers = PairNumbers.of(movement_of(sec)) if sec.movement is not None else PairNumbers()
        out = []
        for r in _rows(s, sec):
            if r.kind == "penalty":
                p = _rulings([r]).penalties[0]
                on = f" (board {r.board})" if r.board is not None else ""
                pair = numbers.label(r.pair) if r.pair is not None else ""
                text = f"penalty pair {pair}: {p.text}{on}"
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
    "add_marks",
    "audit",
    "audit_log",
    "cancel_ruling",
    "event_format",
    "fouled_taken",
    "log",
    "missing",
    "not_played_marks",
    "planned",
    "record_fouled",
    "record_not_played",
    "record_penalty",
    "ruling_lines",
    "rulings",
]
