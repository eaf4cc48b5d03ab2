"""The review after a board: everything a beginner needs to learn from it, as plain values.

All four hands; both rooms side by side (contract, target, tricks, score and
how the score is made up); the team comparison (002:49-57: the open room's
North-South and the closed room's East-West are one team, the difference of
the two North-South scores converted with the IMP scale, 004:1690-1720) with
the band of the scale it fell in; declarer's double-dummy tricks in every
strain and the par (the best contract with both sides playing perfectly,
declarer fixed by the announcements); and each room's play trick by trick.
The sentences saying all this are :mod:`bridgedesk.practice.explain`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bridgedesk.bridge import Seat, Strain, imp_range
from bridgedesk.deals.cards import Card
from bridgedesk.deals.deal import Deal
from bridgedesk.errors import PracticeError
from bridgedesk.practice.announce import Declaration
from bridgedesk.practice.contract import ScoreBreakdown, score_breakdown
from bridgedesk.practice.play import PlayState, Trick
from bridgedesk.practice.room import RoomResult
from bridgedesk.practice.session import BoardResult, MiniPar, par_of

#: The strains in the order a review lists them.
STRAIN_ORDER = (Strain.NT, Strain.S, Strain.H, Strain.D, Strain.C)


@dataclass(frozen=True)
class RoomReview:
    """One room's board: the contract, the play trick by trick, and the score's parts."""

    result: RoomResult
    breakdown: ScoreBreakdown
    tricks: tuple[Trick, ...]
    winners: tuple[Seat, ...]

    @property
    def score_ns(self) -> int:
        return self.result.score_ns


@dataclass(frozen=True)
class BoardReview:
    deal: Deal
    declaration: Declaration
    declarer: Seat
    open: RoomReview
    closed: RoomReview
    imps: int
    imp_band: tuple[int, int | None]
    dd_tricks: Mapping[Strain, int]
    par: MiniPar

    @property
    def difference(self) -> int:
        """The open room's North-South score less the closed room's (the team's gain)."""
        return self.open.score_ns - self.closed.score_ns

    def hand(self, seat: Seat) -> frozenset[Card]:
        return self.deal.hand(seat).cards


def _room(deal: Deal, declarer: Seat, room: RoomResult) -> RoomReview:
    state = PlayState.replay(deal, declarer, room.contract.strain, room.play)
    tricks = state.tricks
    winners = tuple(t.winner(state.trump) for t in tricks)
    return RoomReview(room, score_breakdown(room.contract, room.tricks), tricks, winners)


def board_review(result: BoardResult, dd_tricks: Mapping[Strain, int]) -> BoardReview:
    """The review of a played board; ``dd_tricks`` are declarer's double-dummy tricks
    in all five strains (:func:`bridgedesk.practice.dd.deal_tricks`)."""
    declarer = result.declaration.declarer
    if declarer is None or result.open is None or result.closed is None:
        raise PracticeError("a redealt board has no play to review")
    missing = [s for s in STRAIN_ORDER if s not in dd_tricks]
    if missing:
        raise PracticeError(f"no double-dummy tricks in {missing[0].value}")
    return BoardReview(
        deal=result.deal,
        declaration=result.declaration,
        declarer=declarer,
        open=_room(result.deal, declarer, result.open),
        closed=_room(result.deal, declarer, result.closed),
        imps=result.imps_ns,
        imp_band=imp_range(abs(result.imps_ns)),
        dd_tricks=dict(dd_tricks),
        par=par_of(declarer, dd_tricks),
    )


__all__ = ["STRAIN_ORDER", "BoardReview", "RoomReview", "board_review"]
