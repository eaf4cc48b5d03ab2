"""The MiniBridge "bidding": HCP announced, declaring side, declarer (002:29-32).

The dealer announces first and the others follow clockwise.  The side whose
two announcements add up to more (21 or more, since a deal holds 40 points)
declares; at 20-20 the cards are dealt again.  The declarer is the partner
with more points; partners with the same count: the one who announced first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgedesk.bridge import SEATS, Seat, Side
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import PracticeError

#: Points the declaring side needs (002:31); 20-20 is a redeal.
DECLARING_MINIMUM = 21
TOTAL_HCP = 40


@dataclass(frozen=True)
class Announcement:
    """One player's announced high-card points."""

    seat: Seat
    hcp: int


@dataclass(frozen=True)
class Declaration:
    """The outcome of the announcements: a redeal, or the declarer (and so dummy)."""

    announcements: tuple[Announcement, ...]
    declarer: Seat | None

    @property
    def redeal(self) -> bool:
        return self.declarer is None

    @property
    def dummy(self) -> Seat | None:
        return None if self.declarer is None else self.declarer.partner

    def hcp(self, seat: Seat) -> int:
        for a in self.announcements:
            if a.seat is seat:
                return a.hcp
        raise PracticeError(f"{seat.english} made no announcement")  # pragma: no cover

    def side_total(self, side: Side) -> int:
        return sum(a.hcp for a in self.announcements if a.seat.side is side)


def announcements(deal: Deal) -> tuple[Announcement, ...]:
    """Each hand's HCP, announced from the dealer clockwise (002:31)."""
    order = [SEATS[(deal.dealer.index + i) % 4] for i in range(4)]
    return tuple(Announcement(seat, deal.hand(seat).hcp) for seat in order)


def declare(announced: Sequence[Announcement]) -> Declaration:
    """Apply 002:31 to four announcements given in the order they were made."""
    seats = [a.seat for a in announced]
    if len(announced) != 4 or len(set(seats)) != 4:
        raise PracticeError("MiniBridge needs one announcement from each of the four seats")
    for i in range(1, 4):
        if seats[i] is not seats[i - 1].lho:
            raise PracticeError("announcements go clockwise from the dealer")
    if any(a.hcp < 0 for a in announced) or sum(a.hcp for a in announced) != TOTAL_HCP:
        raise PracticeError(f"the four announcements must add up to {TOTAL_HCP} HCP")
    totals = {side: sum(a.hcp for a in announced if a.seat.side is side) for side in Side}
    if totals[Side.NS] == totals[Side.EW]:
        return Declaration(tuple(announced), None)
    side = Side.NS if totals[Side.NS] > totals[Side.EW] else Side.EW
    first, second = (a for a in announced if a.seat.side is side)
    declarer = second.seat if second.hcp > first.hcp else first.seat
    return Declaration(tuple(announced), declarer)


def declaration(deal: Deal) -> Declaration:
    """The announcements of ``deal`` and who declares it."""
    return declare(announcements(deal))


__all__ = [
    "DECLARING_MINIMUM",
    "Announcement",
    "Declaration",
    "announcements",
    "declaration",
    "declare",
]
