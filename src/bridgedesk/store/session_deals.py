"""A later session's deals (table ``session_deals``).

The event's deals (``deals``, :func:`bridgedesk.store.movements_repo.set_deal`)
are its first session's.  The sessions of a JCBL plan number their boards from 1
each, so a session that plays new boards keeps them here under its number, and
its hand records and PBN export print them (:mod:`bridgedesk.services.event_scores`).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, select

from bridgedesk.bridge import Seat
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.errors import EntryError
from bridgedesk.store import analyses
from bridgedesk.store.lookups import event_row
from bridgedesk.store.models import SessionDealRow
from bridgedesk.store.unit import UnitOfWork

__all__ = ["attach_session_deals", "session_deals"]


def attach_session_deals(
    unit: UnitOfWork, ref: int | str, session: int, records: Sequence[BoardRecord]
) -> list[int]:
    """Store each record's deal as the board's deal in ``session`` (2 or later), in one
    transaction; a board already holding a deal gets the new one.  The boards, in order."""
    if session < 2:
        raise EntryError(
            "the first session's deals are the event's: `bridgedesk event deals`",
            code="session.first-deals-are-events",
        )
    boards = sorted(r.deal.board for r in records)
    with unit.transaction() as s:
        ev = event_row(s, ref)
        s.execute(
            delete(SessionDealRow).where(
                SessionDealRow.event_id == ev.id,
                SessionDealRow.session == session,
                SessionDealRow.board.in_(boards),
            )
        )
        for r in records:
            s.add(
                SessionDealRow(
                    event_id=ev.id, session=session, board=r.deal.board, pbn=r.deal.pbn(Seat.N)
                )
            )
        analyses.save(unit, records)  # the double dummy and par the file holds, if any
    return boards


def session_deals(unit: UnitOfWork, ref: int | str, session: int) -> dict[int, str]:
    """A later session's deals by board, as PBN deal text (empty when none)."""
    with unit.transaction(write=False) as s:
        ev = event_row(s, ref)
        rows = s.scalars(
            select(SessionDealRow).where(
                SessionDealRow.event_id == ev.id, SessionDealRow.session == session
            )
        ).all()
        return {r.board: r.pbn for r in sorted(rows, key=lambda r: r.board)}
