"""Matchpoints on one board: the manual's worked examples and the adjustments."""

from __future__ import annotations

from fractions import Fraction as F  # noqa: N817

import pytest

from bridgedesk.bridge import Side
from bridgedesk.scoring.matchpoints import (
    FouledMethod,
    Missing,
    adjusted_points,
    matchpoint_board,
)
from bridgedesk.scoring.results import Adjustment, Board, ScoredBoard, TravellerLine


def by_pair(scored: ScoredBoard) -> dict[str, object]:
    out: dict[str, object] = {}
    for sr in scored.results:
        out[sr.result.ns] = sr.ns
        out[sr.result.ew] = sr.ew
    return out


# 004:1175-1210, Fig 15: 12-pair Howell, section C, board 9.
FIG15 = Board.of(
    9,
    [
        TravellerLine.played(1, 11, 170),
        TravellerLine.played(2, 9, 450),
        TravellerLine.played(5, 6, 800),
        TravellerLine.played(7, 8, 420),
        TravellerLine.played(10, 4, 420),
        TravellerLine.played(12, 3, -50),
    ],
)


def test_fig15_howell_board_9() -> None:
    scored = matchpoint_board(FIG15)
    assert scored.top == 5
    # The Match Points column of Fig 15 by pair number ("2x" is 2.5).
    expected = {"1": 1, "2": 4, "3": 5, "4": F(5, 2), "5": 5, "6": 0,
                "7": F(5, 2), "8": F(5, 2), "9": 1, "10": F(5, 2), "11": 4, "12": 0}  # fmt: skip
    assert by_pair(scored) == expected
    # Each direction sums to 0+1+2+3+4+5 = 15 (004:1197).
    assert sum(sr.ns for sr in scored.results) == 15  # type: ignore[misc]
    assert sum(sr.ew for sr in scored.results) == 15  # type: ignore[misc]


def test_fig15_on_the_2_1_0_scale_doubles() -> None:
    scored = matchpoint_board(FIG15, scale=2)
    assert scored.top == 10
    assert by_pair(scored)["7"] == 5


# 004:1212-1262, Fig 16: Mitchell board 9, contracts by West so the scores are EW's.
FIG16 = Board.of(
    9,
    [
        TravellerLine.played(1, 9, -430),
        TravellerLine.played(2, 2, -420),
        TravellerLine.played(3, 4, -420),
        TravellerLine.played(4, 6, -480),
        TravellerLine.played(5, 8, 50),
        TravellerLine.played(6, 1, -450),
        TravellerLine.played(7, 3, -980),
        TravellerLine.played(8, 5, -450),
        TravellerLine.played(9, 7, -480),
    ],
)


def test_fig16_mitchell_board_9() -> None:
    # Pair numbers repeat across the two fields here, so check per side.
    scored = matchpoint_board(FIG16)
    assert scored.top == 8
    ns = {sr.result.ns: sr.ns for sr in scored.results}
    ew = {sr.result.ew: sr.ew for sr in scored.results}
    assert ns == {"1": 5, "2": F(13, 2), "3": F(13, 2), "4": F(3, 2), "5": 8,
                  "6": F(7, 2), "7": 0, "8": F(7, 2), "9": F(3, 2)}  # fmt: skip
    assert ew == {"1": F(9, 2), "2": F(3, 2), "3": 8, "4": F(3, 2), "5": F(9, 2),
                  "6": F(13, 2), "7": F(13, 2), "8": 0, "9": 3}  # fmt: skip
    assert sum(ns.values()) == sum(ew.values()) == 36  # type: ignore[arg-type]


# 004:1322-1358, Fig 17: board 3 with a neutral (unplayed) table 10 v 4.
FIG17 = Board.of(
    3,
    [
        TravellerLine.played(1, 11, 170),
        TravellerLine.played(2, 9, 450),
        TravellerLine.played(5, 6, 800),
        TravellerLine.played(7, 8, -100),
        TravellerLine.adjusted(10, 4, Adjustment.AVERAGE),
        TravellerLine.played(12, 3, -50),
    ],
)


def test_fig17_weekly_method_adds_half_per_missing_comparison() -> None:
    scored = matchpoint_board(FIG17, missing=Missing.HALF)
    got = by_pair(scored)
    expected = {"1": F(5, 2), "2": F(7, 2), "3": F(7, 2), "5": F(9, 2), "6": F(1, 2),
                "7": F(1, 2), "8": F(9, 2), "9": F(3, 2), "11": F(5, 2), "12": F(3, 2)}  # fmt: skip
    assert {k: v for k, v in got.items() if k not in ("4", "10")} == expected
    # The neutral pairs get the average: 2.5 each (004:1344); columns total 15 and 15.
    assert got["10"] is Adjustment.AVERAGE and got["4"] is Adjustment.AVERAGE
    avg = adjusted_points(Adjustment.AVERAGE, scored.top or F(0))
    assert avg == F(5, 2)
    assert sum(expected[p] for p in ("1", "2", "5", "7", "12")) + avg == 15
    assert sum(expected[p] for p in ("11", "9", "6", "8", "3")) + avg == 15


def test_fig17_ratio_method_multiplies_by_5_over_4() -> None:
    # 004:1336-1338: the top 5 became 4, so multiply by 5/4.
    got = by_pair(matchpoint_board(FIG17, missing=Missing.RATIO))
    assert got["5"] == 5 and got["1"] == F(5, 2) and got["7"] == 0


def test_neuberg_formula_on_fig17() -> None:
    # 003:167-177: M = N*S/n + (N-n)/(2n) with N=6, n=5.
    got = by_pair(matchpoint_board(FIG17, missing=Missing.NEUBERG))
    assert got["5"] == F(6 * 4, 5) + F(1, 10)  # 4.9
    assert got["7"] == F(1, 10)
    assert got["1"] == F(12, 5) + F(1, 10)  # 2.5


def test_adjusted_percentages_and_session_percentage() -> None:
    top = F(5)
    assert adjusted_points(Adjustment.AVERAGE_PLUS, top) == 3
    assert adjusted_points(Adjustment.AVERAGE_MINUS, top) == 2
    # 003:16-19: A+ is the session percentage when that is better, A- when worse.
    assert adjusted_points(Adjustment.AVERAGE_PLUS, top, F(65)) == F(13, 4)
    assert adjusted_points(Adjustment.AVERAGE_PLUS, top, F(55)) == 3
    assert adjusted_points(Adjustment.AVERAGE_MINUS, top, F(35)) == F(7, 4)
    assert adjusted_points(Adjustment.AVERAGE_MINUS, top, F(45)) == 2
    assert adjusted_points(Adjustment.NOT_PLAYED, top) is None


def test_weighted_score_is_scored_as_a_blend() -> None:
    # 60 % of 4S= (420) and 40 % of 4S-1 (-50) among 450, 420, 100.
    board = Board.of(
        1,
        [
            TravellerLine.assigned(1, 2, [("0.6", 420), ("0.4", -50)]),
            TravellerLine.played(3, 4, 450),
            TravellerLine.played(5, 6, 420),
            TravellerLine.played(7, 8, 100),
        ],
    )
    got = by_pair(matchpoint_board(board))
    # NS 1: as 420 it beats 100 and ties 420 (1.5); as -50 it beats nothing.
    assert got["1"] == F(3, 5) * F(3, 2)
    # NS 5 (420): beats 100, the blend's -50 part (0.4) and ties its 420 part (0.3).
    assert got["5"] == 1 + F(2, 5) + F(3, 10)
    # NS 7 (100): beats the blend's -50 part only.
    assert got["7"] == F(2, 5)
    ns_total = sum(v for k, v in got.items() if k in "1357")  # type: ignore[misc]
    assert ns_total == 6  # a complete board still sums to n(n-1)/2
    assert got["2"] == 3 - got["1"]


def test_split_scores_rank_each_side_in_its_own_pool() -> None:
    board = Board.of(
        1,
        [
            TravellerLine.split(1, 2, 420, -50),
            TravellerLine.played(3, 4, 100),
            TravellerLine.played(5, 6, 0),
        ],
    )
    scored = matchpoint_board(board)
    row = scored.results[0]
    assert row.ns == 2  # 420 beats 100 and 0
    assert row.ew == 2  # EW +50 beats EW -100 and 0
    assert row.result.outcome(Side.NS) != row.result.outcome(Side.EW)


# 004:3553-3596, Fig 24: board 17, hands switched after table 1's first... NS 1-8 in
# group A, 9-15 in group B.  Scores by West/East are EW's.
FIG24 = Board.of(
    17,
    [TravellerLine.played(ns, ew, s, group="A") for ns, ew, s in [
        (1, 8, 430), (2, 10, 400), (3, 12, 180), (4, 14, 150), (5, 1, 150),
        (6, 3, 430), (7, 5, 460), (8, 7, 400)]]
    + [TravellerLine.played(ns, ew, s, group="B") for ns, ew, s in [
        (9, 9, -430), (10, 11, -400), (11, 13, -400), (12, 15, -150), (13, 2, -180),
        (14, 4, -430), (15, 6, -400)]],
)  # fmt: skip


def test_fig24_group_matchpoints() -> None:
    # The printed Match Points column is each group's own matchpoints.
    scored = matchpoint_board(FIG24, fouled=FouledMethod.SIMPLE)
    ns = {sr.result.ns: sr.ns for sr in scored.results}
    within = {"1": F(11, 2), "2": F(7, 2), "3": 2, "4": F(1, 2), "5": F(1, 2), "6": F(11, 2),
              "7": 7, "8": F(7, 2), "9": F(1, 2), "10": 3, "11": 3, "12": 6, "13": 5,
              "14": F(1, 2), "15": 3}  # fmt: skip
    # Simple method (004:3553-3562): group A adds 7/2 = 3.5, group B adds 8/2 = 4.
    assert ns == {p: v + (F(7, 2) if int(p) <= 8 else 4) for p, v in within.items()}
    assert ns["7"] == F(21, 2) and ns["12"] == 10
    assert sum(ns.values()) == 105  # type: ignore[arg-type]  # "計 = 105"


def test_ten_score_example_groups_of_3_and_7() -> None:
    # 004:3626-3652: N = 10; group of 7 by the formula, group of 3 at 50/60/70 % of 9.
    big = [TravellerLine.played(i, 20 + i, 100 * i, group="A") for i in range(1, 8)]
    small = [TravellerLine.played(10 + i, 30 + i, 100 * i, group="B") for i in range(1, 4)]
    scored = matchpoint_board(Board.of(5, big + small))
    ns = [sr.ns for sr in scored.results]
    assert ns[:7] == [F("0.21"), F("1.64"), F("3.07"), F("4.50"), F("5.93"), F("7.36"),
                      F("8.79")]  # fmt: skip
    assert sum(ns[:7]) == F("31.50")  # type: ignore[arg-type]
    assert ns[7:] == [F("4.5"), F("5.4"), F("6.3")]
    assert sum(ns[7:]) == F("16.2")  # type: ignore[arg-type]
    # EW of the small group: the best EW score (against NS's worst) gets 70 %.
    assert [sr.ew for sr in scored.results[7:]] == [F("6.3"), F("5.4"), F("4.5")]


@pytest.mark.parametrize(
    ("sizes", "pct_groups"),
    [((1, 2), {0, 1}), ((1, 3), {0}), ((2, 3), {0}), ((3, 3), set()), ((3, 4), {0}),
     ((2, 2), {0, 1})],
)  # fmt: skip
def test_fouled_rules_table(sizes: tuple[int, int], pct_groups: set[int]) -> None:
    # 004:3611-3622: which groups take fixed percentages and which the formula.
    results = []
    for g, size in enumerate(sizes):
        results += [TravellerLine.played(f"{g}n{i}", f"{g}e{i}", 10 * i, group=str(g)) for i in
                    range(size)]  # fmt: skip
    scored = matchpoint_board(Board.of(1, results))
    top = sum(sizes) - 1
    for g, size in enumerate(sizes):
        vals = [sr.ns for sr in scored.results if sr.result.group == str(g)]
        fixed = {1: [F(60)], 2: [F(55), F(65)], 3: [F(50), F(60), F(70)]}.get(size)
        is_fixed = fixed is not None and vals == [top * p / 100 for p in fixed]
        assert is_fixed == (g in pct_groups)


def test_fouled_tie_in_a_group_of_three_shares_percentages() -> None:
    # 003:186-196: three equal scores get 60 % each; top two equal get 65 %.
    results = [TravellerLine.played(f"a{i}", f"x{i}", 0, group="A") for i in range(5)]
    results += [
        TravellerLine.played("b1", "y1", 100, group="B"),
        TravellerLine.played("b2", "y2", 100, group="B"),
        TravellerLine.played("b3", "y3", 50, group="B"),
    ]
    scored = matchpoint_board(Board.of(2, results))
    top = 7
    assert [sr.ns for sr in scored.results[5:]] == [F(top * 65, 100)] * 2 + [F(top * 50, 100)]
