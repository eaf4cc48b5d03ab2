"""A stored event scored as a whole: every session that has a movement, its sections
ranked alone and across (004:1315-1320), the combined ranking by competitor
(the seats the store keeps, :mod:`bridgedesk.store.competitors`) and, for a
final, the carry-over from its qualifying event (004:1993-2034).

What ``bridgedesk results EVENT`` prints for an event of several sessions or a
final, and what ``bridgedesk demo --sessions 2`` writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select

from bridgedesk.events.rulings import Slip
from bridgedesk.results.event_ranking import event_ranking, final_carry
from bridgedesk.results.model import ScoredEvent
from bridgedesk.results.section import score_sections
from bridgedesk.store import director
from bridgedesk.store.competitors import seats
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import SectionRow, SessionRow
from bridgedesk.store.pair_rounds import options
from bridgedesk.store.results_repo import section_results
from bridgedesk.store.session_deals import session_deals
from bridgedesk.store.sessions_repo import final_of
from bridgedesk.store.unit import UnitOfWork

__all__ = ["MissingSlip", "is_whole_event", "missing_slips", "played_sections", "score_event"]


@dataclass(frozen=True)
class MissingSlip:
    session: int
    section: str
    slip: Slip

    def __str__(self) -> str:
        return f"session {self.session} section {self.section} {self.slip}"


def played_sections(unit: UnitOfWork, ref: int | str) -> dict[int, list[str]]:
    """Session -> the names of its sections that have a movement."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.execute(
            select(SessionRow.number, SectionRow.name)
            .join(SectionRow, SectionRow.session_id == SessionRow.id)
            .where(SessionRow.event_id == ev.id, SectionRow.movement_id.is_not(None))
            .order_by(SessionRow.number, SectionRow.name)
        ).all()
    out: dict[int, list[str]] = {}
    for number, name in rows:
        out.setdefault(number, []).append(name)
    return out


def is_whole_event(unit: UnitOfWork, ref: int | str) -> bool:
    """Whether the event is ranked over sessions: several played, or a final."""
    return len(played_sections(unit, ref)) > 1 or final_of(unit, ref) is not None


def missing_slips(unit: UnitOfWork, ref: int | str) -> tuple[list[MissingSlip], int]:
    """Every slip still missing in any session (004:3838-3846), and how many are planned."""
    missing: list[MissingSlip] = []
    planned = 0
    for session, names in played_sections(unit, ref).items():
        for name in names:
            missing += [MissingSlip(session, name, x)
                        for x in director.missing(unit, ref, name, session)]  # fmt: skip
            planned += director.planned(unit, ref, name, session)
    return missing, planned


def score_event(
    unit: UnitOfWork, ref: int | str, deals: Mapping[int, str] | None = None
) -> ScoredEvent:
    """Every played session scored, and the combined ranking (with a final's carry-over);
    ``deals`` (the event's) go with the first session to the writers (hand records),
    a later session's own (:mod:`bridgedesk.store.session_deals`) with it.  A session with no
    result yet is left out, so the ranking during the event is of what was played."""
    sections = played_sections(unit, ref)
    convention = options(unit, ref).convention  # the event's matchpoint convention
    sessions = []
    for session, names in sections.items():
        snapshots = [section_results(unit, ref, section=n, session=session) for n in names]
        if not any(x.results for x in snapshots):
            continue  # a session not begun yet: the ranking so far is of those played
        rulings = {n: director.rulings(unit, ref, n, session) for n in names}
        mine = deals if session == 1 else session_deals(unit, ref, session)
        sessions.append(
            score_sections(snapshots, deals=mine, rulings=rulings, convention=convention)
        )
    stored = [(x.competitor, x.session, x.section, x.number) for x in seats(unit, ref)]
    cut = final_of(unit, ref)
    carry = None
    if cut is not None and sessions:
        qualifying = score_event(unit, cut.qualifying)
        origins = {x.competitor: x.origin for x in seats(unit, ref) if x.origin and x.session == 1}
        carry = final_carry(qualifying, origins, sessions[0], cut.max_boards)
    return event_ranking(sessions, stored, carry)
