"""What changed: values the live pages poll to see that an event's results moved on.

Moved out of :mod:`bridgedesk.store.terminals`, which re-exports these names.
"""

from __future__ import annotations

from sqlalchemy import func, select

from bridgedesk.store.models import (
    CorrectionRow,
    DirectorAuditRow,
    ResultRow,
    SectionRow,
    SessionRow,
)
from bridgedesk.store.unit import UnitOfWork

__all__ = ["event_version", "section_versions"]


def event_version(store: UnitOfWork, event_id: int) -> tuple[int, int, int]:
    """A value that changes whenever a result of the event is added, corrected or deleted,
    or the director rules or releases results (the audit log)."""
    with store.transaction(write=False) as s:
        count, last = s.execute(
            select(func.count(ResultRow.id), func.max(ResultRow.id))
            .join(SectionRow, ResultRow.section_id == SectionRow.id)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .where(SessionRow.event_id == event_id)
        ).one()
        corrected = s.scalar(
            select(func.max(CorrectionRow.id)).where(CorrectionRow.event_id == event_id)
        )
        ruled = s.scalar(
            select(func.max(DirectorAuditRow.id)).where(DirectorAuditRow.event_id == event_id)
        )
        # both ids only grow: their sum changes with either (a ruling, a release)
        return int(count or 0), int(last or 0), int(corrected or 0) + int(ruled or 0)


def section_versions(store: UnitOfWork, event_id: int) -> dict[tuple[int, str], tuple[int, ...]]:
    """Per ``(session, section)`` of the event, a value that changes whenever one of
    its results is added, or anything of the event is corrected, deleted or ruled on
    by the director (those are rare: every section counts as changed)."""
    with store.transaction(write=False) as s:
        rows = s.execute(
            select(
                SessionRow.number, SectionRow.name, func.count(ResultRow.id), func.max(ResultRow.id)
            )
            .select_from(SectionRow)
            .join(SessionRow, SectionRow.session_id == SessionRow.id)
            .outerjoin(ResultRow, ResultRow.section_id == SectionRow.id)
            .where(SessionRow.event_id == event_id)
            .group_by(SessionRow.number, SectionRow.name)
        ).all()
        corrected = s.scalar(
            select(func.max(CorrectionRow.id)).where(CorrectionRow.event_id == event_id)
        )
        ruled = s.scalar(
            select(func.max(DirectorAuditRow.id)).where(DirectorAuditRow.event_id == event_id)
        )
        rest = (int(corrected or 0), int(ruled or 0))
        return {(n, name): (int(count), int(last or 0), *rest) for n, name, count, last in rows}
