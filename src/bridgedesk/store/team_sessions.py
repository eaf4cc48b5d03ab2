"""The sessions of a stored team event (:mod:`bridgedesk.events.team_sessions`).

``event new --kind teams ... --sessions N`` keeps the count here
(:func:`declare`); the draw keeps where each session ends (:func:`store_split`,
called in the draw's own transaction).  The event itself stays one session of
one section in the events table: its rounds are numbered through the event, so
results, corrections and the audit are the pairs' own.  Functions take the ORM
session of the caller's transaction.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session as OrmSession

from bridgedesk.errors import EntryError
from bridgedesk.events.team_sessions import SessionSplit, swiss_split
from bridgedesk.events.team_settings import TeamForm, TeamSettings
from bridgedesk.store.models import EventRow, TeamSessionsRow
from bridgedesk.store.unit import UnitOfWork

__all__ = ["check", "count", "counts", "declare", "split_of", "store_split"]

#: Forms whose team catalogue movement splits into two sessions; the AWL into any number.
_TWO = (TeamForm.ROUND_ROBIN, TeamForm.MIRROR_MITCHELL, TeamForm.STAGGER, TeamForm.SRR_PAIRS)


def check(team: TeamSettings, sessions: int) -> None:
    """Refuse a number of sessions the form cannot be split into (one line)."""
    if sessions == 1:
        return
    if team.form is TeamForm.KNOCKOUT:
        raise EntryError(
            "a knockout is played match by match (004:1762-1772): leave out --sessions"
        )
    if team.form is TeamForm.SWISS:
        swiss_split(team.rounds, sessions)
    elif team.form in _TWO and sessions != 2:
        raise EntryError(
            f"a {team.form.value} is played in one or two sessions (004:3395-3425), "
            f"not {sessions}; only an AWL takes more"
        )


def _row(s: OrmSession, ev: EventRow) -> TeamSessionsRow | None:
    return s.scalars(select(TeamSessionsRow).where(TeamSessionsRow.event_id == ev.id)).first()


def declare(s: OrmSession, event_id: int, sessions: int) -> None:
    if sessions > 1:
        s.add(TeamSessionsRow(event_id=event_id, sessions=sessions))


def count(s: OrmSession, ev: EventRow) -> int:
    row = _row(s, ev)
    return 1 if row is None else row.sessions


def store_split(s: OrmSession, ev: EventRow, split: SessionSplit | None) -> None:
    row = _row(s, ev)
    if row is not None:
        row.last_rounds = None if split is None else split.text()


def split_of(s: OrmSession, ev: EventRow) -> SessionSplit | None:
    """Where the event's sessions end; None for a one-session event or before the draw."""
    row = _row(s, ev)
    if row is None or row.last_rounds is None:
        return None
    return SessionSplit.parse(row.last_rounds)


def counts(unit: UnitOfWork) -> dict[int, int]:
    """Event id -> sessions, for every team event of several (``event list``)."""
    with unit.transaction(write=False) as s:
        return {r.event_id: r.sessions for r in s.scalars(select(TeamSessionsRow))}
