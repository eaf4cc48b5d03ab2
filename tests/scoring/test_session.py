"""Session totals, factoring, percentages, ranks, sections, carry-over and flights."""

from __future__ import annotations

from fractions import Fraction as F  # noqa: N817

import pytest

from bridgedesk.bridge import Side
from bridgedesk.errors import ScoringError
from bridgedesk.scoring.matchpoints import Missing
from bridgedesk.scoring.results import Adjustment, Board, Penalty, TravellerLine
from bridgedesk.scoring.session import (
    Method,
    carry_over,
    combine_sessions,
    detect_winners,
    flight_ranks,
    rank_labels,
    score_sections,
    score_session,
)

from .test_matchpoints import FIG15, FIG16, FIG17


def standing(result: object, pair: str) -> object:
    return next(s for s in result.standings if s.pair == pair)  # type: ignore[attr-defined]


def test_rank_labels_share_places_on_rounded_totals() -> None:
    assert rank_labels([F(5), F(3), F(3), F(1)]) == ["1", "2=", "2=", "4"]
    # 004:1303-1313: ranks come after rounding to 2 decimals, half up.
    assert rank_labels([F("10.004"), F("10.001"), F("9.995"), F("9.994")]) == [
        "1=", "1=", "1=", "4"]  # fmt: skip


def test_detect_winners() -> None:
    assert detect_winners([FIG15]) == 2  # one board alone cannot show a Howell
    assert detect_winners([FIG16]) == 2  # NS 2 meets EW 2: a Mitchell numbered 1-9 twice
    two_boards = [FIG15, Board.of(10, [TravellerLine.played(11, 1, 100)])]
    assert detect_winners(two_boards) == 1  # pair 1 sat NS and EW: a Howell


def test_howell_session_totals_and_percentages() -> None:
    # Figs 15 and 17 as two boards of one Howell session, weekly method.
    res = score_session([FIG15, FIG17], missing=Missing.HALF, winners=1)
    assert res.winners == 1
    s1 = standing(res, "1")
    assert s1.raw == 1 + F(5, 2)  # type: ignore[attr-defined]
    assert s1.max == 10  # type: ignore[attr-defined]
    assert s1.percentage == 35  # type: ignore[attr-defined]
    # The neutral pair 10 got the plain average on board 3 (004:1344).
    assert standing(res, "10").raw == F(5, 2) + F(5, 2)  # type: ignore[attr-defined]
    # Each board's matchpoints total 30 in a one-winner session: 60 in all.
    assert sum(s.total for s in res.standings) == 60
    assert [s.pair for s in res.standings][:2] == ["5", "3"]  # 9.5 and 8.5


def test_factoring_up_a_pair_that_missed_a_board() -> None:
    # 004:1292-1296: a pair that played 2 of 3 boards is multiplied by 3/2 (tops).
    b1 = Board.of(1, [TravellerLine.played(1, 2, 100), TravellerLine.played(3, 4, 50)])
    b2 = Board.of(2, [TravellerLine.played(1, 4, 100), TravellerLine.played(3, 2, 50)])
    b3 = Board.of(3, [TravellerLine.not_played(1, 2), TravellerLine.played(3, 4, 50)])
    res = score_session([b1, b2, b3], winners=2)
    s1 = next(s for s in res.standings if s.pair == "1" and s.direction is Side.NS)
    s3 = next(s for s in res.standings if s.pair == "3" and s.direction is Side.NS)
    assert s1.raw == 2 and s1.max == 2 and s1.boards == 2
    # The unplayed row still counts in board 3's N = 2 (top 1); NS 3's lone score
    # there is factored (Neuberg) to the average, 0.5.  NS 3's max is 3.
    assert s3.raw == F(1, 2) and s3.max == 3
    assert s1.total == 2 * F(3, 2) and s1.percentage == 100


def test_average_plus_takes_the_session_percentage_when_better() -> None:
    # 003:16: pair 1 scores 100 % on two boards, then gets A+ on the third: 100 % > 60 %.
    b1 = Board.of(1, [TravellerLine.played(1, 2, 100), TravellerLine.played(3, 4, 50)])
    b2 = Board.of(2, [TravellerLine.played(1, 4, 100), TravellerLine.played(3, 2, 50)])
    b3 = Board.of(
        3, [TravellerLine.adjusted(1, 2, Adjustment.AVERAGE_PLUS), TravellerLine.played(3, 4, 0)]
    )
    res = score_session([b1, b2, b3], winners=2)
    s1 = next(s for s in res.standings if s.pair == "1" and s.direction is Side.NS)
    assert s1.raw == 3  # 1 + 1 + 100 % of 1
    s2 = next(s for s in res.standings if s.pair == "2" and s.direction is Side.EW)
    # EW 2 scored 0 and 1 (50 %); A- is the smaller of 40 % and 50 %.
    assert s2.raw == 1 + F(2, 5)
    assert res.boards[2].results[0].ns == 1


def test_penalty_in_fractions_of_a_board() -> None:
    # 003:49 and 003:256: a half-board penalty in matchpoints is half the top.
    res = score_session([FIG15], penalties=[Penalty("5", F(1, 2))], winners=1)
    s5 = standing(res, "5")
    assert s5.total == 5 - F(5, 2) and s5.penalty == F(5, 2)  # type: ignore[attr-defined]
    with pytest.raises(ScoringError, match="no result"):
        score_session([FIG15], penalties=[Penalty("99", F(1))])


def test_mitchell_two_winners_rank_each_direction() -> None:
    res = score_session([FIG16])
    assert res.winners == 2
    ns = [s for s in res.standings if s.direction is Side.NS]
    ew = [s for s in res.standings if s.direction is Side.EW]
    assert [(s.pair, s.rank) for s in ns][:3] == [("5", "1"), ("2", "2="), ("3", "2=")]
    assert [(s.pair, s.rank) for s in ew][:3] == [("3", "1"), ("6", "2="), ("7", "2=")]


def test_sections_across_field_and_within() -> None:
    a = [Board.of(1, [TravellerLine.played("A1", "A2", 100), TravellerLine.played("A3", "A4", 50)])]
    b = [Board.of(1, [TravellerLine.played("B1", "B2", 400), TravellerLine.played("B3", "B4", 0)])]
    within = score_sections({"A": a, "B": b}, across_field=False, winners=2)
    a1 = standing(within, "A1")
    b1 = standing(within, "B1")
    assert a1.percentage == b1.percentage == 100  # type: ignore[attr-defined]
    assert a1.overall == b1.overall == "1="  # type: ignore[attr-defined]
    assert a1.section == "A"  # type: ignore[attr-defined]
    across = score_sections({"A": a, "B": b}, across_field=True, winners=2)
    assert standing(across, "A1").raw == 2  # type: ignore[attr-defined]  # beats 50 and 0
    assert standing(across, "B1").raw == 3  # type: ignore[attr-defined]


def test_ximp_session_factors_by_boards() -> None:
    b1 = Board.of(1, [TravellerLine.played(1, 2, 600), TravellerLine.played(3, 4, 100)])
    b2 = Board.of(2, [TravellerLine.played(1, 4, 0), TravellerLine.played(3, 2, 0)])
    b3 = Board.of(3, [TravellerLine.not_played(1, 2), TravellerLine.played(3, 4, 0)])
    res = score_session([b1, b2, b3], method=Method.XIMP, winners=2, common_top=False)
    s1 = next(s for s in res.standings if s.pair == "1" and s.direction is Side.NS)
    assert s1.raw == 11 and s1.total == F(33, 2) and s1.percentage is None


def test_multi_session_totals_with_carry_over() -> None:
    first = score_session([FIG15], winners=1)
    second = score_session([FIG15], winners=1)
    rows = combine_sessions([first, second], carry={"1": F(3)})
    # Fig 15 twice: 3 and 5 have 10, 2 and 11 have 8, then 1 (2 + 3 carried), 4, 7, 8, 10.
    assert rows[:4] == [("3", 10, "1="), ("5", 10, "1="), ("2", 8, "3="), ("11", 8, "3=")]
    assert ("1", F(5), "5=") in rows
    assert rows[-1] == ("12", 0, "11=")


def test_carry_over_formula_and_four_board_maximum() -> None:
    # 004:2010-2034: C = M * Q/E * (A*B)/(S/Q); final top 15 (A = 7.5), B = 26,
    # qualifiers 200 and 150 out of 4 entrants.
    uncapped = carry_over({"1": F(200), "2": F(150)}, ["1", "2"], 4, F(15, 2), 26, None)
    # 200 * 1/2 * 195 / 175 = 111.428...; 150 * 1/2 * 195 / 175 = 83.571...
    assert uncapped == {"1": F("111.43"), "2": F("83.57")}
    capped = carry_over({"1": F(200), "2": F(150)}, ["1", "2"], 4, F(15, 2), 26)
    # The 4-board maximum is 4 tops = 60; everyone is scaled in proportion.
    assert capped == {"1": F(60), "2": F(45)}


def test_flights_rank_on_nested_fields() -> None:
    res = score_session([FIG15], winners=1)
    flights = {"5": "A", "3": "B", "2": "C", "11": "C", "1": "B", "9": "A",
               "4": "A", "7": "B", "8": "C", "10": "C", "6": "A", "12": "B"}  # fmt: skip
    ranks = flight_ranks(res.standings, flights, ["A", "B", "C"])
    assert ranks["5"] == {"A": "1="}  # 5 and 3 tie on 5 matchpoints
    assert ranks["3"] == {"A": "1=", "B": "1"}
    assert ranks["2"] == {"A": "3=", "B": "2=", "C": "1="}
    assert ranks["11"]["C"] == "1="


def test_houston_vps_per_opponent() -> None:
    # 004:1442-1444: a pair's Butler IMPs against one opponent are added up and turned
    # into VPs for the number of boards of that round.
    from bridgedesk.bridge.vp import get_scale
    from bridgedesk.scoring.session import houston_vp

    b1 = Board.of(
        1,
        [
            TravellerLine.played(1, 2, 620),
            TravellerLine.played(3, 4, 170),
            TravellerLine.played(5, 6, 140),
        ],
    )
    b2 = Board.of(
        2,
        [
            TravellerLine.played(1, 2, -100),
            TravellerLine.played(3, 4, 110),
            TravellerLine.played(5, 6, 110),
        ],
    )
    res = score_session([b1, b2], method=Method.BUTLER, winners=2, butler_drop=0)
    # Board 1 datum: (620+170+140)/3 = 310; pair 1: +310 -> 7.  Board 2: datum 40; -140 -> -4.
    ns1 = next(s for s in res.standings if s.pair == "1" and s.direction is Side.NS)
    assert ns1.raw == 7 - 4
    table = {k: v for k, v, _ in houston_vp(res)}
    scale = get_scale("wbf2013")
    assert table[("1", Side.NS)] == F(str(scale.vp(3, 2)[0]))
    assert table[("2", Side.EW)] == F(str(scale.vp(-3, 2)[0]))
    with pytest.raises(ScoringError):
        houston_vp(score_session([b1, b2], winners=2))


def test_pairs_who_played_half_the_session_or_less_are_withdrawn() -> None:
    # 003:73: pair 9 left after 2 of 4 boards; its scores and its opponents' go.
    from bridgedesk.scoring.session import withdraw_short_pairs

    boards = [
        Board.of(
            n,
            [TravellerLine.played(1, 2, 100 * n), TravellerLine.played(3, 9 if n <= 2 else 4, 50)],
        )
        for n in range(1, 5)
    ]
    new, short = withdraw_short_pairs(boards, session_boards=4)
    assert short == {("9", None), ("4", None)}  # pair 4 played only boards 3-4
    assert new[0].results[1].ns_outcome is Adjustment.NOT_PLAYED
    res = score_session(new, winners=1)
    three = standing(res, "3")
    assert three.boards == 0 and three.raw == 0  # type: ignore[attr-defined]
    one = standing(res, "1")
    assert one.boards == 4 and one.raw == 4 * F(1, 2)  # type: ignore[attr-defined]
