"""Named matchpoint conventions (bridgedesk.scoring.options), on a small two-field
session worked out by hand below.

Board 1: NS1 v EW4 420, NS2 v EW5 450, NS3 v EW6 400.
Board 2: NS1 v EW5 -100, NS2 v EW6 110, NS3 v EW4 not played.
Board 3: NS1 v EW6 140, NS2 v EW4 140, NS3 v EW5 170.

No factoring (JFR Pary): board 1 top 2: NS 2/1/0 for pairs 2/1/3, EW 6:2 4:1 5:0;
board 2 has 2 scores, top 1: NS2 1, NS1 0, EW5 1, EW6 0; board 3 top 2: NS3 2,
NS1 and NS2 0.5 each, EW5 0, EW6 and EW4 1.5 each.  Totals over the most each
pair could score: NS1 1.5/5 = 30 %, NS2 3.5/5 = 70 %, NS3 2/4 = 50 %;
EW4 2.5/4 = 62.5 %, EW5 1/5 = 20 %, EW6 3.5/5 = 70 %.

JCBL (004:1276-1302, 003:167-177): board 2 made up to 3 scores by the formula
M = 3S/2 + 1/4 (NS2 and EW5 1.75, NS1 and EW6 0.25); NS3 and EW4 factored up
by 6/4.  NS1 1.75, NS2 4.25, NS3 3; EW4 3.75, EW5 1.75, EW6 3.75 (of 6).
Two per comparison: every figure doubled, the percentages unchanged.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.bridge.methods import Convention, Method
from bridgedesk.bridge.seats import Side
from bridgedesk.errors import ScoringError
from bridgedesk.scoring.results import Adjustment, Board, Penalty, TravellerLine
from bridgedesk.scoring.session import score_session

BOARDS = [
    Board.of(
        1,
        [
            TravellerLine.played(1, 4, 420),
            TravellerLine.played(2, 5, 450),
            TravellerLine.played(3, 6, 400),
        ],
    ),
    Board.of(
        2,
        [
            TravellerLine.played(1, 5, -100),
            TravellerLine.played(2, 6, 110),
            TravellerLine.not_played(3, 4),
        ],
    ),
    Board.of(
        3,
        [
            TravellerLine.played(1, 6, 140),
            TravellerLine.played(2, 4, 140),
            TravellerLine.played(3, 5, 170),
        ],
    ),
]


def table(convention: Convention) -> dict[tuple[str, str], tuple[Fraction, Fraction | None, str]]:
    res = score_session(BOARDS, winners=2, convention=convention)
    return {
        (s.direction.value if s.direction else "", s.pair): (s.total, s.percentage, s.rank)
        for s in res.standings
    }


def test_jfr_pary_no_factoring() -> None:
    got = table(Convention.JFR_PARY)
    ns, ew = Side.NS.value, Side.EW.value
    assert got == {
        (ns, "1"): (Fraction(3, 2), Fraction(30), "3"),
        (ns, "2"): (Fraction(7, 2), Fraction(70), "1"),
        (ns, "3"): (Fraction(2), Fraction(50), "2"),
        (ew, "4"): (Fraction(5, 2), Fraction(125, 2), "2"),
        (ew, "5"): (Fraction(1), Fraction(20), "3"),
        (ew, "6"): (Fraction(7, 2), Fraction(70), "1"),
    }


def test_jcbl_and_two_per_comparison() -> None:
    one = table(Convention.JCBL)
    two = table(Convention.TWO_PER_COMPARISON)
    ns, ew = Side.NS.value, Side.EW.value
    want = {
        (ns, "1"): Fraction(7, 4),
        (ns, "2"): Fraction(17, 4),
        (ns, "3"): Fraction(3),
        (ew, "4"): Fraction(15, 4),
        (ew, "5"): Fraction(7, 4),
        (ew, "6"): Fraction(15, 4),
    }
    assert {k: v[0] for k, v in one.items()} == want
    assert {k: v[0] for k, v in two.items()} == {k: 2 * v for k, v in want.items()}
    assert {k: v[1] for k, v in one.items()} == {k: v * 100 / 6 for k, v in want.items()}
    assert {k: v[1:] for k, v in two.items()} == {k: v[1:] for k, v in one.items()}


def test_conventions_by_name() -> None:
    assert Convention.parse("EBU") is Convention.TWO_PER_COMPARISON
    assert Convention.parse("jfr pary") is Convention.JFR_PARY
    with pytest.raises(ScoringError, match="unknown scoring convention 'acbl'"):
        Convention.parse("acbl")


# Board 4 (added for the other programs' rules): NS1 v EW4 100, NS2 v EW5 -100, and
# NS3 v EW6 an artificial score, NS3 average plus and EW6 average minus.
BOARD4 = Board.of(
    4,
    [
        TravellerLine.played(1, 4, 100),
        TravellerLine.played(2, 5, -100),
        TravellerLine.adjusted(3, 6, Adjustment.AVERAGE_PLUS),
    ],
)


def test_bbo_played_results_only_and_the_mean_of_board_percentages() -> None:
    """Worked by hand.  Each board over its played results (board 2: two, top 1;
    board 4: two, top 1 -- the artificial score is not in the field):
    NS1 50, 0, 25, 100 %;  NS2 100, 100, 25, 0 %;  NS3 0, (not played), 100, A+ 60 %;
    EW4 50, (not played), 75, 0 %;  EW5 0, 100, 0, 100 %;  EW6 100, 0, 75, A- 40 %.
    A pair's score is the mean of its board percentages."""
    res = score_session([*BOARDS, BOARD4], winners=2, convention=Convention.BBO)
    got = {(s.direction.value if s.direction else "", s.pair): s.percentage for s in res.standings}
    ns, ew = Side.NS.value, Side.EW.value
    assert got == {
        (ns, "1"): Fraction(175, 4), (ns, "2"): Fraction(225, 4), (ns, "3"): Fraction(160, 3),
        (ew, "4"): Fraction(125, 3), (ew, "5"): Fraction(50), (ew, "6"): Fraction(215, 4),
    }  # fmt: skip
    board4 = res.boards[3]
    assert board4.top == 1 and [(r.ns, r.ew) for r in board4.results] == [
        (1, 0), (0, 1), (Fraction(3, 5), Fraction(2, 5))
    ]  # fmt: skip
    # JCBL: the artificial score is in the field (the played two factored to 3 scores)
    # and NS3's average plus is its session percentage when higher (003:16-19)
    jcbl = score_session([*BOARDS, BOARD4], winners=2).boards[3]
    assert jcbl.top == 2 and jcbl.results[0].ns == Fraction(7, 4)


def test_bbo_penalty_costs_a_boards_worth_of_the_mean() -> None:
    # a one-board penalty on NS2, who played four boards: 56.25 % - 100 % / 4; its
    # total loses a board's top (the largest, 2: the tops differ under this rule)
    res = score_session([*BOARDS, BOARD4], winners=2, convention=Convention.BBO,
                        penalties=[Penalty("2", Fraction(1))])  # fmt: skip
    ns2 = next(s for s in res.standings if s.pair == "2")
    assert ns2.percentage == Fraction(225, 4) - 25 and ns2.penalty == 2


def test_cross_imps_averaged_per_comparison() -> None:
    """Board 1 by cross-IMPs per comparison: NS 420 against 450 (-1) and 400 (+1): 0;
    450: +1 and +2 = 3/2; 400: -1 and -2 = -3/2.  Board 2's two results: 210 points,
    5 IMPs over one comparison; the board not played is left off its traveller and
    nothing is factored."""
    res = score_session(BOARDS, method=Method.XIMP, winners=2,
                        convention=Convention.AVERAGE_PER_COMPARISON)  # fmt: skip
    b1, b2, _ = res.boards
    assert [r.ns for r in b1.results] == [0, Fraction(3, 2), Fraction(-3, 2)]
    assert [r.ns for r in b2.results] == [-5, 5]
    # board 3: 140, 140, 170 -> -1/2, -1/2, 1; the totals are plain sums
    totals = {(s.direction.value if s.direction else "", s.pair): s.total for s in res.standings}
    ns, ew = Side.NS.value, Side.EW.value
    assert totals == {
        (ns, "1"): Fraction(-11, 2), (ns, "2"): Fraction(6), (ns, "3"): Fraction(-1, 2),
        (ew, "4"): Fraction(1, 2), (ew, "5"): Fraction(5, 2), (ew, "6"): Fraction(-3),
    }  # fmt: skip
    classic = score_session(BOARDS, method=Method.XIMP, winners=2)
    assert [r.ns for r in classic.boards[0].results] == [0, 3, -3]


def test_each_convention_names_the_methods_it_is_for() -> None:
    assert Convention.BBO.methods == (Method.MP, Method.XIMP)
    assert Convention.parse("KoPS") is Convention.AVERAGE_PER_COMPARISON
    with pytest.raises(ScoringError, match="the convention bbo is for mp, ximp scoring, not total"):
        score_session(BOARDS, method=Method.TOTAL, convention=Convention.BBO)
    with pytest.raises(ScoringError, match="give a convention or scale / factor / common_top"):
        score_session(BOARDS, scale=2, convention=Convention.JCBL)
