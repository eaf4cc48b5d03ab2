"""Attaching a session's deals to a stored event: ``bridgedesk event deals`` and the
console's deals page store them here, one deal per board (a board already
holding a deal gets the new one).  A deal file that holds the double-dummy table
and par of its deals (PBN ``OptimumResultTable``, ``OptimumScore``, ``ParContract``)
gives them to the store's analyses (:mod:`bridgedesk.store.analyses`), so the hand
records of the event's report set print them without solving anything."""

from __future__ import annotations

from collections.abc import Sequence

from bridgedesk.bridge import Seat
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.store import analyses
from bridgedesk.store.service import Store


def attach_deals(store: Store, event: int | str, records: Sequence[BoardRecord]) -> list[int]:
    """Store each record's deal with the event (and the double dummy and par it holds,
    module doc), in one transaction; the boards, in order."""
    with store.transaction():
        store.event(event)  # a missing event is reported before anything is written
        for record in records:
            store.set_deal(event, record.deal.board, record.deal.pbn(Seat.N))
        analyses.save(store, records)
    return sorted(r.deal.board for r in records)


def span(boards: Sequence[int]) -> str:
    return f"{boards[0]}-{boards[-1]}" if boards else "none"


__all__ = ["attach_deals", "span"]
