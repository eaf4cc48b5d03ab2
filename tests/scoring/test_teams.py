"""Team scoring: the manual's match comparison, B-a-M + VP, cross-table; McCallum, forfeits."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from bridgedesk.errors import ScoringError
from bridgedesk.scoring.results import Adjustment
from bridgedesk.scoring.teams import (
    TeamBoard,
    bam_match,
    cross_table,
    forfeit_vp,
    imp_match,
    imps_to_vp,
    mccallum,
    vp_penalty,
)


def test_two_room_comparison() -> None:
    # 004:1660-1688: team A's NS scored 50, 110, 450, -620; its EW pair -300, 50, -420, 620
    # (so the NS scores in the other room were 300, -50, 420, -620).
    boards = [TeamBoard(1, 50, 300), TeamBoard(2, 110, -50), TeamBoard(3, 450, 420),
              TeamBoard(4, -620, -620)]  # fmt: skip
    match = imp_match(boards)
    assert [a for _, a, _ in match.boards] == [-6, 4, 1, 0]
    assert [b for _, _, b in match.boards] == [6, -4, -1, 0]
    assert (match.imps_a, match.imps_b, match.margin) == (5, 6, -1)


def test_adjusted_team_boards_and_penalties() -> None:
    # 003:43-45: A+ is +3 IMPs; 003:258: 3 IMPs for a first etiquette offence.
    boards = [TeamBoard(1, 420, -50), TeamBoard(2, adjustment=Adjustment.AVERAGE_PLUS)]
    match = imp_match(boards, penalty_b=3)
    assert match.boards[1] == (2, 3, -3)
    assert (match.imps_a, match.imps_b) == (10 + 3, -3)
    split = imp_match([TeamBoard(5, adjustment=Adjustment.AVERAGE_PLUS,
                                 adjustment_b=Adjustment.AVERAGE_PLUS)])  # fmt: skip
    assert (split.imps_a, split.imps_b) == (3, 3)


def test_team_board_needs_scores_or_adjustment() -> None:
    with pytest.raises(ScoringError, match="board 3"):
        TeamBoard(3, 420, None)


def test_vp_from_the_bridge_scales() -> None:
    match = imp_match([TeamBoard(1, 420, -50), TeamBoard(2, 0, 0)])
    vp_a, vp_b = imps_to_vp(match, 8, "wbf2013")
    assert vp_a + vp_b == 20 and vp_a > vp_b
    assert vp_penalty(20, Fraction(1, 2)) == Decimal("0.5")  # 003:57: 5 % of 20 per board


def test_bam_plus_vp_worked_example() -> None:
    # 004:1836-1858: team 1 v team 3, boards 3 and 4.  Board 3: team 1 NS scored -100,
    # team 3 NS scored 110.  Board 4: team 1 NS 600, team 3 NS 140.  From team 3's side:
    boards = [TeamBoard(3, 110, -100), TeamBoard(4, 140, 600)]
    m = bam_match(boards, with_vp=True)
    assert (m.points_a, m.points_b) == (2, 2)
    assert m.net_a == -250  # team 1 is 250 ahead over the two boards
    assert (m.vp_a, m.vp_b) == (1, 5)
    assert (m.total_a, m.total_b) == (3, 7)  # "GRAND TOTAL 3 7"


def test_bam_adjusted_boards() -> None:
    # 003:33-37: A+ 1.5 (+100), from the third adjusted board 1.2 unless the played average
    # is higher; A- 0.5 (-100).
    adj = [TeamBoard(n, adjustment=Adjustment.AVERAGE_PLUS) for n in (2, 3, 4)]
    m = bam_match([TeamBoard(1, 420, 450), *adj])
    assert m.points_a == Fraction(3, 2) * 2 + Fraction(6, 5)
    assert m.points_b == Fraction(2) + Fraction(1, 2) * 3
    assert m.net_a == -30 + 300
    m2 = bam_match([TeamBoard(1, 450, 420), *adj])  # A won its played board: average 2
    assert m2.points_a == 2 + Fraction(3, 2) * 2 + 2


def test_mccallum_stock_and_cap() -> None:
    # 004:2615: stock 40, win by 10 -> 50 VP, lose by 10 -> 30; max 80, min 0.
    assert mccallum(10, 40) == (50, 30)
    assert mccallum(-10, 40) == (30, 50)
    assert mccallum(55, 40) == (80, 0)
    with pytest.raises(ScoringError):
        mccallum(5, 35)


def test_forfeit_vps() -> None:
    # 003:232-244: the best of the winner's average, the opponents' average and 1.2 x draw.
    won, lost = forfeit_vp([Decimal(12), Decimal(14)], [Decimal(15), Decimal(17)], Decimal(10),
                           Decimal(0))  # fmt: skip
    assert (won, lost) == (Decimal(16), Decimal(0))
    won, _ = forfeit_vp([Decimal(9)], [], Decimal(10), Decimal(0))
    assert won == Decimal(12)


def test_round_robin_cross_table() -> None:
    # 004:1746-1760: six teams, totals 54 44 57 41 56 48, ranks 3 5 1 6 2 4.
    rows = {
        "1": [None, 19, 0, 8, 7, 20],
        "2": [1, None, 10, 18, 15, 0],
        "3": [20, 10, None, 4, 6, 17],
        "4": [12, 2, 16, None, 7, 4],
        "5": [13, 5, 14, 13, None, 11],
        "6": [0, 20, 3, 16, 9, None],
    }
    matches = []
    for a in range(1, 7):
        for b in range(a + 1, 7):
            va, vb = rows[str(a)][b - 1], rows[str(b)][a - 1]
            assert va is not None and vb is not None
            matches.append((str(a), str(b), va, vb))
    table = cross_table(matches)
    assert {t: int(v) for t, v in table.totals.items()} == {
        "1": 54, "2": 44, "3": 57, "4": 41, "5": 56, "6": 48}  # fmt: skip
    assert table.ranks == {"1": "3", "2": "5", "3": "1", "4": "6", "5": "2", "6": "4"}
    assert table.cells["4"]["3"] == 16


def test_round_robin_with_imp_penalty_forfeit_and_bye() -> None:
    from bridgedesk.scoring.teams import MatchEntry, round_robin

    # A beats B by 2400 points on the board entered (20 IMPs) but has a 3-IMP team
    # penalty (003:258), so the margin converted is 17: 14.39 to 5.61 on the WBF 2013
    # scale for 16 boards (the scale module's own check value).
    ab = MatchEntry("A", "B", (TeamBoard(1, 1100, -1300),), penalty_a=3)
    ac = MatchEntry("A", "C", (TeamBoard(1, 420, 420),))  # a draw, 10-10
    ad = MatchEntry("A", "D", (TeamBoard(1, -50, -50),))  # a draw, 10-10
    bc = MatchEntry("B", "C", forfeited_by="B")
    table = round_robin([ab, ac, ad, bc], boards=16, byes=["D"])
    # 003:234-244: C gets the most of its own average (10), its opponent B's opponents'
    # average (A's 14.39 against B) and 1.2 x 10; B gets the scale's minimum, 0.
    assert table.cells["C"]["B"] == Fraction("14.39")
    assert table.cells["B"]["C"] == 0
    # D's bye: no opponent, so the larger of its own average (10) and 1.2 x draw (12).
    assert table.byes == {"D": Fraction(12)}
    assert table.totals == {
        "A": Fraction("34.39"), "B": Fraction("5.61"), "C": Fraction("24.39"), "D": Fraction(22)
    }  # fmt: skip
    assert table.ranks == {"A": "1", "C": "2", "D": "3", "B": "4"}
    assert table.imp_penalties == {"A": 3}
    assert table.forfeits == (("C", "B"),)


def test_bye_takes_the_better_own_average() -> None:
    from bridgedesk.scoring.teams import bye_vp

    assert bye_vp([Decimal(15), Decimal(17)], Decimal(10)) == 16
    assert bye_vp([Decimal(5)], Decimal(10)) == 12
    assert bye_vp([], Decimal("12.5")) == 15


def test_match_entry_rejects_nonsense() -> None:
    from bridgedesk.scoring.teams import MatchEntry

    with pytest.raises(ScoringError, match="name one of the two"):
        MatchEntry("A", "B", forfeited_by="C")
    with pytest.raises(ScoringError, match="has no boards"):
        MatchEntry("A", "B")
