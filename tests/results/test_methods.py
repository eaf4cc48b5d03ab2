"""One scoring-method enum and one adjustment enum for events, scoring and formats."""

from __future__ import annotations

import pytest

from bridgedesk.bridge.methods import Adjustment, Method
from bridgedesk.errors import ParseError, ScoringError
from bridgedesk.events import model as events
from bridgedesk.reports.names import method_name
from bridgedesk.scoring import results as scoring_results
from bridgedesk.scoring import session as scoring_session
from bridgedesk.scoring.results import Board, TravellerLine


def test_one_enum_everywhere() -> None:
    assert events.ScoringMethod is Method and scoring_session.Method is Method
    assert events.Adjustment is Adjustment and scoring_results.Adjustment is Adjustment
    # The events model's long names are the same members.
    assert Method.MATCHPOINTS is Method.MP and Method.CROSS_IMPS is Method.XIMP
    assert Method.parse("calcutta") is Method.XIMP and Method.parse("board-a-match").value == "bam"
    assert [m.value for m in Method] == [
        "mp", "ximp", "butler", "total", "imp", "vp", "bam", "bam-vp", "mccallum",
    ]  # fmt: skip
    # one enum for pairs and teams: the team scorings are its members too
    assert Method.teams() == (
        Method.TEAM_IMPS, Method.TEAM_VP, Method.BOARD_A_MATCH, Method.BAM_VP, Method.MCCALLUM,
    )  # fmt: skip
    with pytest.raises(ParseError, match="unknown scoring method"):
        Method.parse("rubber")


def test_names_for_people_in_one_place() -> None:
    assert [method_name(m, "en") for m in Method if m.is_pairs] == [
        "Matchpoints", "Cross-IMPs", "Butler IMPs", "Total points",
    ]  # fmt: skip
    assert method_name("ximp", "ja") == "クロス IMP"


def test_adjustments_balance_and_a_team_method_is_no_pairs_method() -> None:
    assert Adjustment.AVERAGE_PLUS.balance is Adjustment.AVERAGE_MINUS
    assert events.AdjustedScore.parse("60/40").ns is Adjustment.AVERAGE_PLUS
    board = Board(1, (TravellerLine.played(1, 2, 420), TravellerLine.played(3, 4, 450)))
    with pytest.raises(ScoringError, match="team method"):
        scoring_session.score_session([board], method=Method.TEAM_VP)
