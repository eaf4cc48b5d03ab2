"""The director's release of a session's results before every table has played.

While a session is played, a board's results are shown only to the pairs that have
played it (:mod:`bridgedesk.events.visibility`).  The director may release a
session's results earlier (a club that shows the running results on a screen, a
session stopped early): the decision is one line of the director's audit log
(action ``release``, subject ``session N``), with who, when and why, so it is
stored and audited at once; the last such line says whether the session is
released (``{"released": true}`` or ``false``).
"""

from __future__ import annotations

import json

from sqlalchemy import select

from bridgedesk.store.director import audit
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import DirectorAuditRow
from bridgedesk.store.unit import UnitOfWork

__all__ = ["ACTION", "release", "released"]

#: The audit log's action of a release.
ACTION = "release"


def _subject(session: int) -> str:
    return f"session {session}"


def released(unit: UnitOfWork, event: int | str, session: int) -> bool:
    """Whether the director has released the session's results."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, event)
        new = s.scalars(
            select(DirectorAuditRow.new)
            .where(
                DirectorAuditRow.event_id == ev.id,
                DirectorAuditRow.action == ACTION,
                DirectorAuditRow.subject == _subject(session),
            )
            .order_by(DirectorAuditRow.id.desc())
            .limit(1)
        ).first()
        return new is not None and bool(json.loads(new).get("released"))


def release(
    unit: UnitOfWork, event: int | str, session: int, *, shown: bool, who: str, reason: str
) -> int:
    """Release (``shown``) or fold again the session's results; the audit line's id."""
    with unit.transaction() as s:
        ev = event_row(s, event)
        before = released(unit, ev.id, session)
        return audit(
            s, ev, ACTION, _subject(session), who=who, reason=reason,
            old={"released": before}, new={"released": shown},
        )  # fmt: skip
