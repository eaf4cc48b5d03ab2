"""Attaching a session's deals to a stored event: ``bridgedesk event deals`` and the
console's deals page store them here, one deal per board (a board already
holding a deal gets the new one)."""

from __future__ import annotations

from collections.abc import Sequence

from bridgedesk.bridge import Seat
from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.store.service import Store


def attach_deals(store: Store, event: int | str, records: Sequence[BoardRecord]) -> list[int]:
    """Store each record's deal with the event; the boards, in order."""
    store.event(event)  # a missing event is reported before anything is written
    for record in records:
        store.set_deal(event, record.deal.board, record.deal.pbn(Seat.N))
    return sorted(r.deal.board for r in records)


def span(boards: Sequence[int]) -> str:
    return f"{boards[0]}-{boards[-1]}" if boards else "none"


__all__ = ["attach_deals", "span"]
