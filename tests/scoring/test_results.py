"""The result model: constructors, weights, validation."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.bridge import Side
from bridgedesk.errors import ScoringError
from bridgedesk.scoring.results import Adjustment, Board, Penalty, TravellerLine, Weighted


def test_played_result_shares_one_score_from_ns_view() -> None:
    r = TravellerLine.played(1, 11, 170)
    assert r.score_ns == 170
    assert r.ns == "1" and r.ew == "11"
    assert not r.is_split
    assert r.outcome(Side.EW) == Weighted.of(170)
    assert Weighted.of(170).for_side(Side.EW) == Weighted.of(-170)


def test_weighted_assigned_score_blends_to_its_mean() -> None:
    # 60 % of 4S= (420) and 40 % of 4S-1 (-50)
    r = TravellerLine.assigned(3, 4, [("3/5", 420), ("0.4", -50)])
    assert isinstance(r.ns_outcome, Weighted)
    assert r.ns_outcome.mean == Fraction(3, 5) * 420 - Fraction(2, 5) * 50
    assert r.score_ns is None


def test_weights_must_sum_to_one() -> None:
    with pytest.raises(ScoringError, match="add up to 1"):
        Weighted.blend([("0.6", 420), ("0.3", -50)])


def test_adjusted_balances_by_default_and_split_need_not() -> None:
    r = TravellerLine.adjusted(5, 6, Adjustment.AVERAGE_PLUS)
    assert r.ew_outcome is Adjustment.AVERAGE_MINUS
    both = TravellerLine.adjusted(5, 6, Adjustment.AVERAGE_PLUS, Adjustment.AVERAGE_PLUS)
    assert both.is_split
    s = TravellerLine.split(1, 2, 420, -50)
    assert s.ns_outcome == Weighted.of(420) and s.ew_outcome == Weighted.of(-50)


def test_adjustment_parse() -> None:
    assert Adjustment.parse("ave+") is Adjustment.AVERAGE_PLUS
    assert Adjustment.parse("A-") is Adjustment.AVERAGE_MINUS
    with pytest.raises(ScoringError, match="expected A, A\\+"):
        Adjustment.parse("60%x")


def test_validate_finds_duplicate_pairs_and_both_directions() -> None:
    board = Board.of(
        4,
        [
            TravellerLine.played(1, 2, 100),
            TravellerLine.played(1, 3, 50),
            TravellerLine.played(4, 2, 0),
            TravellerLine.played(5, 6, 0),
            TravellerLine.played(6, 7, 10),
        ],
    )
    msgs = [str(p) for p in board.validate()]
    assert "board 4: pair 1 has two results as NS" in msgs
    assert "board 4: pair 2 has two results as EW" in msgs
    assert "board 4: pair 6 plays both directions of this board" in msgs
    with pytest.raises(ScoringError):
        board.check()


def test_fouled_board_needs_a_group_everywhere() -> None:
    board = Board.of(
        1, [TravellerLine.played(1, 2, 100, group="A"), TravellerLine.played(3, 4, 100)]
    )
    assert any("fouled" in str(p) for p in board.validate())


def test_penalty_must_be_positive() -> None:
    assert Penalty("3", Fraction(1, 2)).boards == Fraction(1, 2)
    with pytest.raises(ScoringError):
        Penalty("3", Fraction(0))


def test_scoring_core_does_not_import_numpy() -> None:
    import subprocess
    import sys

    code = (
        "import sys, bridgedesk.scoring.session, bridgedesk.scoring.teams; "
        "sys.exit('numpy' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
