"""Standard penalty sizes (JCBL tournament rules, 003:47-121, 003:252-258).

A procedural penalty is given in boards (one board, half a board ...); what one
board is worth depends on the scoring (003:47-59).  The etiquette schedule
(003:256-258) says how big each offence's penalty is.
"""

from __future__ import annotations

from decimal import Decimal
from enum import Enum
from fractions import Fraction

from bridgedesk.errors import ScoringError


class PenaltyScoring(Enum):
    """The scorings whose one-board penalty 003:47-59 defines."""

    MATCHPOINTS = "mp"
    IMP_PAIRS = "ximp"
    TOTAL_POINTS = "total"
    VP = "vp"  # VP events, board-a-match and Houston included
    KNOCKOUT = "ko"


def one_board(
    scoring: PenaltyScoring,
    *,
    scores: int | None = None,
    top: Fraction | int | None = None,
    round_max_vp: Decimal | int | None = None,
) -> Fraction:
    """The size of a one-board penalty (003:47-59).

    Matchpoints: the board's top; IMP pairs: (scores - 1) x 5 IMPs; total
    points: (scores - 1) x 250; VP events: 5 % of a round's maximum VPs;
    knock-out teams: 5 IMPs.
    """
    if scoring is PenaltyScoring.KNOCKOUT:
        return Fraction(5)
    if scoring is PenaltyScoring.MATCHPOINTS:
        if top is None:
            raise ScoringError(
                "a matchpoint penalty needs the board's top", code="penalty.needs-top"
            )
        return Fraction(top)
    if scoring is PenaltyScoring.VP:
        if round_max_vp is None:
            raise ScoringError(
                "a VP penalty needs the most VPs a round can give", code="penalty.needs-max-vp"
            )
        return Fraction(str(round_max_vp)) * Fraction(5, 100)
    if scores is None or scores < 1:
        raise ScoringError(
            "an IMP or total-point penalty needs the number of scores on the board",
            code="penalty.needs-scores",
        )
    per_score = 5 if scoring is PenaltyScoring.IMP_PAIRS else 250
    return Fraction((scores - 1) * per_score)


def etiquette(offence: int, *, teams: bool) -> Fraction | None:
    """The etiquette penalty for a player's ``offence``-th offence in a session (003:256-258).

    Pairs (board-a-match teams included): 1/2 board, then 1 board; teams
    (IMP, knock-out, round robin, Swiss): 3 IMPs, then 6 IMPs.  A third offence
    is not a score penalty (the player is sent off, or the team forfeits the
    match): None.
    """
    if offence < 1:
        raise ScoringError(
            "offences are counted from 1, not {given}", code="penalty.offence-from-1", given=offence
        )
    if offence >= 3:
        return None
    if teams:
        return Fraction(3 * offence)
    return Fraction(offence, 2)
