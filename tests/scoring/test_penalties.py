"""Penalty sizes from the JCBL rules summary."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.errors import ScoringError
from bridgedesk.scoring.penalties import PenaltyScoring, etiquette, one_board


def test_one_board_by_scoring() -> None:
    # 003:47-59
    assert one_board(PenaltyScoring.MATCHPOINTS, top=12) == 12
    assert one_board(PenaltyScoring.IMP_PAIRS, scores=13) == 60  # (13-1) x 5
    assert one_board(PenaltyScoring.TOTAL_POINTS, scores=13) == 3000  # (13-1) x 250
    assert one_board(PenaltyScoring.VP, round_max_vp=20) == 1  # 5 % of 20
    assert one_board(PenaltyScoring.KNOCKOUT) == 5
    with pytest.raises(ScoringError):
        one_board(PenaltyScoring.IMP_PAIRS)


def test_etiquette_schedule() -> None:
    # 003:256-258: pairs 1/2 then 1 board; teams 3 then 6 IMPs; third time no score penalty.
    assert etiquette(1, teams=False) == Fraction(1, 2)
    assert etiquette(2, teams=False) == 1
    assert etiquette(1, teams=True) == 3
    assert etiquette(2, teams=True) == 6
    assert etiquette(3, teams=True) is None
    with pytest.raises(ScoringError):
        etiquette(0, teams=False)
