"""What the live results read of a section: all of it once, then only what is new.

A section's live ranking is kept by each server process
(:class:`bridgedesk.services.live_results.LiveResults`) and brought up to date
after every change.  Most changes are one new result; reading the whole section
again for each (the event, the movement, the entries with their players, every
result) costs more than scoring the one board it is on.  So :func:`section_frame`
reads the section whole, and :func:`section_news` reads, in one short read
transaction, the section's stamp and only the result rows after the last one
already read.

The stamp says whether that is enough: the section's result rows (counted with the
deleted ones, which stay as rows) and the event's last correction and last
director's audit (a correction, a deletion, an undo, a ruling, an entry edited or
withdrawn: each is audited).  When the corrections and audits are the ones already
seen and the count went up by exactly the rows read after the last one, nothing
else changed; otherwise the caller reads the section whole again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import BindParameter, ScalarSelect, bindparam, func, select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.events.model import Result, SectionResults
from bridgedesk.store.lookups import event_row, section_row
from bridgedesk.store.models import (
    CorrectionRow,
    DirectorAuditRow,
    ResultRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.results_repo import SLIP_COLUMNS, section_results
from bridgedesk.store.rows import result_of
from bridgedesk.store.unit import UnitOfWork, statements

__all__ = [
    "SectionStamp",
    "event_stamp",
    "section_frame",
    "section_news",
    "section_stamps",
]


@dataclass(frozen=True)
class SectionStamp:
    """Where a section's results stand: its result rows (``count``, deleted ones
    included; ``last``: the highest id) and the event's last correction and
    director's audit (0: none)."""

    section_id: int
    count: int
    last: int
    corrected: int
    ruled: int

    def follows(self, before: SectionStamp, added: int) -> bool:
        """True when this stamp is ``before`` with ``added`` new rows and nothing else."""
        return (
            self.section_id == before.section_id
            and self.corrected == before.corrected
            and self.ruled == before.ruled
            and self.count == before.count + added
        )


def _audits() -> tuple[ScalarSelect[Any], ScalarSelect[Any]]:
    """The event's (``:event_id``) last correction and last director's audit, as scalar
    subqueries."""
    event_id: BindParameter[int] = bindparam("event_id")
    corrected = select(func.max(CorrectionRow.id)).where(CorrectionRow.event_id == event_id)
    ruled = select(func.max(DirectorAuditRow.id)).where(DirectorAuditRow.event_id == event_id)
    return corrected.scalar_subquery(), ruled.scalar_subquery()


# These are read after every change by every server process, so they are Core statements
# built once (SQLAlchemy compiles each once) on the transaction's connection
# (:func:`bridgedesk.store.unit.statements`).
_EVENT_STAMP = select(*_audits())
_STAMP = select(func.count(ResultRow.id), func.max(ResultRow.id), *_audits()).where(
    ResultRow.section_id == bindparam("section_id")
)
_STAMPS = (
    select(
        SessionRow.number, SectionRow.name, SectionRow.id, func.count(ResultRow.id),
        func.max(ResultRow.id), *_audits(),
    )
    .select_from(SectionRow)
    .join(SessionRow, SectionRow.session_id == SessionRow.id)
    .outerjoin(ResultRow, ResultRow.section_id == SectionRow.id)
    .where(SessionRow.event_id == bindparam("event_id"))
    .group_by(SessionRow.number, SectionRow.name, SectionRow.id)
)  # fmt: skip
_NEWS = (
    select(*SLIP_COLUMNS)
    .where(
        ResultRow.section_id == bindparam("section_id"),
        ResultRow.id > bindparam("after"),
        ResultRow.id <= bindparam("upto"),
    )
    .order_by(ResultRow.id)
)


def event_stamp(unit: UnitOfWork, event_id: int) -> tuple[int, int]:
    """The event's last correction and last director's audit (0: none): what changes
    when anything but a new result changes (the module doc)."""
    with unit.transaction(write=False) as s:
        corrected, ruled = statements(s).execute(_EVENT_STAMP, {"event_id": event_id}).one()
        return int(corrected or 0), int(ruled or 0)


def _stamp(s: OrmSession, event_id: int, section_id: int) -> SectionStamp:
    """The section's stamp now, in one statement."""
    found = statements(s).execute(_STAMP, {"event_id": event_id, "section_id": section_id})
    count, last, corrected, ruled = found.one()
    return SectionStamp(section_id, int(count or 0), int(last or 0), int(corrected or 0),
                        int(ruled or 0))  # fmt: skip


def section_stamps(unit: UnitOfWork, event_id: int) -> dict[tuple[int, str], SectionStamp]:
    """Every section's stamp, by (session, section name), read in one statement: what
    the live page asks before it looks at any section (those whose stamp is the one
    already seen are not read again)."""
    with unit.transaction(write=False) as s:
        rows = statements(s).execute(_STAMPS, {"event_id": event_id}).all()
        return {
            (number, name): SectionStamp(sid, int(count), int(last or 0), int(corrected or 0),
                                         int(ruled or 0))
            for number, name, sid, count, last, corrected, ruled in rows
        }  # fmt: skip


def section_frame(
    unit: UnitOfWork, event: int | str, section: str, session: int
) -> tuple[SectionStamp, SectionResults]:
    """The section whole (:func:`bridgedesk.store.results_repo.section_results`) and its
    stamp.  On SQLite a read transaction is one snapshot; on PostgreSQL each statement
    sees what was committed when it ran, so the stamp is read before and after the
    section: when they differ (a slip came in meanwhile), the stamp given back can
    follow no other (``count`` -1), and the next look reads the section whole again."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, event)
        where = section_row(s, ev, session, section).id
        before = _stamp(s, ev.id, where)
        snapshot = section_results(unit, event, section, session)  # this same transaction
        after = _stamp(s, ev.id, where)
    return (after if after == before else replace(after, count=-1)), snapshot


def section_news(
    unit: UnitOfWork,
    event_id: int,
    stamp: SectionStamp,
    section: str,
    session: int,
    now: SectionStamp | None = None,
) -> tuple[SectionStamp, tuple[Result, ...], int]:
    """The section's stamp now, its results in force stored after ``stamp.last`` (oldest
    first), and how many rows were stored after it (deleted ones included).

    ``now``: the section's stamp just read (:func:`section_stamps`); then only the rows
    up to ``now.last`` are read, and ``now`` is given back.  Otherwise the stamp is read
    first, in the same read transaction.  Either way, on PostgreSQL a slip committed
    between the two reads (whose id may be lower than one already counted) makes the
    rows more than the count grew by, so :meth:`SectionStamp.follows` is false and the
    caller reads the section whole; a correction or ruling committed between them shows
    in the next stamp, which then follows nothing, and the section is read whole again."""
    with unit.transaction(write=False) as s:
        if now is None:
            now = _stamp(s, event_id, stamp.section_id)
        if now.last == stamp.last:
            return now, (), 0
        found = statements(s).execute(
            _NEWS, {"section_id": stamp.section_id, "after": stamp.last, "upto": now.last}
        )
        rows = found.all()
        new = tuple(result_of(r, section, session) for r in rows if not r.withdrawn)
        return now, new, len(rows)
