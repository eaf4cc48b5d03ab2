"""JCBL CCG-and-up formulas and coefficients (000:230-616).

The seed prints the coefficients but no worked example; the expected values here are
computed by hand from the printed formulas.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from bridgedesk.bridge.methods import Method
from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import ClubGame, award
from bridgedesk.masterpoints.jcbl.club import (
    ClubEvent,
    ClubRating,
    EventKind,
    cap,
    ccg_class_limits,
    club_league_points,
    fixed_red_points,
    flight_factor,
    game_coefficient,
    l2,
    l3_mp,
    l3_other,
    l3_sp,
    l5,
    l7,
    l8,
    limiting,
    overall_exact,
    overall_table,
    place_factor,
    player_coefficient,
    rating_coefficient,
    red_share,
    session_exact,
    session_factor,
    small_field_share,
    vm_pairs,
    wbf_conversion,
    wbf_finalist_red,
)
from bridgedesk.masterpoints.ranking import Placing, Ranking

F = Fraction


def test_printed_coefficients() -> None:
    # 000:238-270
    assert [game_coefficient(k) for k in EventKind] == [F(4, 5), 1, F(11, 10), F(8, 5)]
    assert player_coefficient(EventKind.PAIRS) == 5
    assert player_coefficient(EventKind.TEAMS, 6) == 6
    with pytest.raises(MasterpointError):
        player_coefficient(EventKind.TEAMS, 3)
    assert [rating_coefficient(r) for r in ClubRating] == [1, F(5, 4), 2, 3, 5, 7, 8, 10, 3]
    # 000:276-397
    assert ccg_class_limits(2) == (12,)
    assert ccg_class_limits(5, l3_mp(300)) == (18, 10)
    # 000:284: class 3 or lower, an L3 below L1 replaces it
    assert ccg_class_limits(3, l3_mp(300)) == (10,)
    assert ccg_class_limits(3, 16) == (14, 16)
    assert (l2("open"), l2("limit"), l2("seniors"), l2("girls")) == (16, 14, 12, 8)
    assert (l3_mp(1500), l3_mp(300, "lower"), l3_mp(750, "combined"), l3_mp(5)) == (14, 20, 14, 4)
    with pytest.raises(MasterpointError, match="no lower MP limit"):
        l3_mp(500, "lower")
    assert (
        l3_sp(400, EventKind.PAIRS),
        l3_sp(50, EventKind.TEAMS),
        l3_sp(13, EventKind.INDIVIDUAL),
    ) == (13, 6, 6)
    assert (l3_other("handicap"), l3_other("drawn-partners")) == (10, 14)
    assert (l5("qualifying"), l5("final"), l5("main-a")) == (8, 16, 32)
    assert (l7(True), l7(False)) == (14, 16)
    assert (l8("open"), l8("open-alone"), l8("junior-2"), l8("mp-under-100")) == (16, 14, 4, 6)
    assert limiting([12, 14]) == F(12 * 14, 256)


@pytest.mark.parametrize(
    ("flights", "expected"),
    [
        (2, [18, 10]),
        (3, [20, 11, 9]),
        (4, [22, 12, 10, 8]),
        (5, [24, 13, F(23, 2), F(37, 4), 8]),  # printed "11 1/2" and "9 2/8"
        (6, [24, 14, F(25, 2), 11, F(19, 2), 8]),  # 14 - 6(X-2)/(Y-2)
    ],
)
def test_flight_factors(flights: int, expected: list[Fraction]) -> None:
    # 000:341-354
    assert [flight_factor(x, flights) for x in range(1, flights + 1)] == expected


def test_session_and_place_factors() -> None:
    # 000:403-421
    assert [session_factor(s) for s in (1, 6, 7, 8, 10)] == [1, 6, F(13, 2), 7, 8]
    pairs = [place_factor(n, EventKind.PAIRS) for n in range(1, 13)]
    assert pairs[:6] == [1, F(7, 10), F(1, 2), F(2, 5), F(8, 25), F(32, 125)]
    assert pairs[10] == F(1, 11)  # 0.8 x N10 = 0.0839 < 1/11
    assert pairs[11] == F(1, 12)
    assert [place_factor(n, EventKind.TEAMS) for n in (1, 2, 3)] == [1, F(1, 2), F(1, 3)]


def test_vm_pairs() -> None:
    # 000:459-461: 10 tables (Sc 9), 26 boards, matchpoints (Sl 1): average + 39
    # -> 3*39/(26*9) + 0.3 = 0.8
    assert vm_pairs(273, 234, 26, 10) == F(4, 5)
    assert vm_pairs(400, 234, 26, 10) == 1  # bounded to 1
    assert vm_pairs(100, 234, 26, 10) == 0  # bounded to 0
    assert vm_pairs(50, 0, 24, 8, Method.XIMP) == F(3 * 50, 24 * 7 * 10) + F(3, 10)
    # Butler IMPs take the one IMP pairs scale (Sl 10); total points Sl 500
    assert vm_pairs(50, 0, 24, 8, Method.BUTLER) == vm_pairs(50, 0, 24, 8, Method.XIMP)
    assert vm_pairs(500, 0, 24, 8, Method.TOTAL) == F(3 * 500, 24 * 7 * 500) + F(3, 10)
    with pytest.raises(MasterpointError, match="not vp"):
        vm_pairs(10, 0, 24, 8, Method.TEAM_VP)  # a VP match is V/M = VP / M (000:445)


def test_overall_formula_and_cap() -> None:
    # CCG class 2 pairs (L1 12), 10 tables, 2 sessions: 1*1*(12/16)*(4+0.2*10*2)*1/5 = 1.2
    assert overall_exact(EventKind.PAIRS, ClubRating.CCG, (12,), 10, 2, 1) == F(6, 5)
    event = ClubEvent(EventKind.PAIRS, ClubRating.CCG, 10, 2, 20, (12,))
    assert [str(v) for v in overall_table(event)] == [
        "1.20", "0.84", "0.60", "0.48", "0.38", "0.31", "0.25",
    ]  # fmt: skip
    # regional teams of 4, 40 tables, 4 sessions: 1.1*3*1*(4+32)/4 = 29.7 -> cap 10*4 = 40
    # not reached; 6 sessions: 1.1*3*(4+48)/4 = 42.9 -> capped 60? cap 10x6 = 60 no; a
    # sectional: 1.1*2*(4+48)/4 = 28.6 > 5*6 = 30? no -> 28.6
    assert overall_exact(EventKind.TEAMS, ClubRating.REGIONAL, (), 40, 4, 1) == F(297, 10)
    # a 1-session local pairs, 30 tables: 1.25*(4+6)/5 = 2.5 < 3.00 cap
    assert overall_exact(EventKind.PAIRS, ClubRating.LOCAL, (), 30, 1, 1) == F(5, 2)
    # a 1-session CCG with 60 tables: (4+12)/5 = 3.2 -> capped at 2.50, then N
    big = ClubEvent(EventKind.PAIRS, ClubRating.CCG, 60, 1, 120)
    assert [str(v) for v in overall_table(big)[:3]] == ["2.50", "1.75", "1.25"]
    assert cap(ClubRating.NATIONAL, 10) == 100  # 12.50 x 10 would pass 100
    assert cap(ClubRating.CCG) == F(5, 2)


def test_session_formula() -> None:
    # 000:469: 3*R*L/P * B/24 * V/M: sectional pairs, 26 boards, V/M 0.8 -> 3*2/5*26/24*0.8
    assert session_exact(EventKind.PAIRS, ClubRating.SECTIONAL, (), 26, F(4, 5)) == F(26, 25)
    # a team match: 3*1.25/4 * 32/24 * 1 = 1.25 (local cap 3.00 not reached)
    assert session_exact(EventKind.TEAMS, ClubRating.LOCAL, (), 32, F(1)) == F(5, 4)
    with pytest.raises(MasterpointError):
        session_exact(EventKind.PAIRS, ClubRating.CCG, (), 24, F(3, 2))


def test_red_black_split() -> None:
    # 000:232
    assert red_share(ClubRating.SECTIONAL, 2).red == 1
    assert red_share(ClubRating.SECTIONAL, 1).red == 0
    assert red_share(ClubRating.CCG, 2).red == F(1, 5)
    assert red_share(ClubRating.LOCAL, 3).black == F(4, 5)
    assert red_share(ClubRating.CCG, 2, bridge_center=True).red == 0
    assert red_share(ClubRating.CCG, 1, simultaneous=True).red == 1
    assert red_share(ClubRating.NATIONAL, 4, overall=False).red == 0


def test_fixed_red_points() -> None:
    # 000:574-605: Takamatsunomiya 400 per team; 2nd by N = 1/2; 3 teams -> 75 %
    assert fixed_red_points("takamatsunomiya-asahi", 1, EventKind.TEAMS) == 400
    assert fixed_red_points("takamatsunomiya-asahi", 2, EventKind.TEAMS) == 200
    assert fixed_red_points("fujiyama", 1, EventKind.TEAMS, teams=3) == 150
    assert fixed_red_points("fujiyama", 1, EventKind.TEAMS, teams=1) == 0
    assert fixed_red_points("apbf-open-pairs-final", 2, EventKind.PAIRS) == F(4480, 100) * F(7, 10)
    # lower flight: the winner's points times the flight coefficient
    assert fixed_red_points("red-ribbon", 1, EventKind.PAIRS, flight_coefficient=F(10, 16)) == F(
        75, 8
    )
    assert small_field_share(2) == F(1, 2)
    with pytest.raises(MasterpointError, match="no fixed red points"):
        fixed_red_points("bermuda", 1, EventKind.TEAMS)


def test_club_league_and_wbf() -> None:
    # 000:590-593
    assert [club_league_points(d, 3) for d in (1, 2, 3)] == [100, 50, 32]
    assert [club_league_points(d, 5) for d in (1, 2, 3, 4, 5)] == [100, 50, 44, 38, 32]
    # 000:555-563
    assert wbf_conversion(10, EventKind.TEAMS) == (4, 0)
    assert wbf_conversion(10, EventKind.PAIRS) == (3, 2)
    assert wbf_conversion(16, EventKind.PAIRS, seniors=True) == (F(18, 5), F(12, 5))
    assert wbf_finalist_red(5) == 3


def _ranking(n: int, **extra: object) -> tuple[Placing, ...]:
    return tuple(Placing(str(i), (f"{i}a", f"{i}b"), i) for i in range(1, n + 1))


def test_award_ccg_two_sessions_red_split() -> None:
    # CCG pairs 2 sessions (20 % red, 80 % black): winner 1.20 -> 0.24 red + 0.96 black
    event = ClubEvent(EventKind.PAIRS, ClubRating.CCG, 10, 2, 20, (12,))
    result = award(Ranking(_ranking(20)), "jcbl", ClubGame(event))
    first = [(a.colour, str(a.points)) for a in result if a.member == "1a"]
    assert first == [("red", "0.24"), ("black", "0.96")]
    assert len({a.competitor for a in result}) == 7  # 35 % of 20


def test_award_out_of_limit_and_substitute() -> None:
    # 000:525-527: an out-of-limit pair placed 1st gets no overall points and the
    # others move up; 000:541-543: a substitute needs 66 % of the boards
    event = ClubEvent(EventKind.PAIRS, ClubRating.SECTIONAL, 10, 1, 20)
    placings = list(_ranking(20))
    placings[0] = Placing("1", ("1a", "1b"), 1, out_of_limit=True)
    placings[1] = Placing(
        "2",
        ("2a", "2b", "s"),
        2,
        participation={"2b": F(1, 3), "s": F(2, 3)},
        substitutes=frozenset({"s"}),
    )
    result = award(Ranking(tuple(placings)), "jcbl", ClubGame(event))
    members = {a.member: a for a in result}
    assert "1a" not in members
    # sectional 1 session: 2*(4+2)/5 = 2.4 for the new 1st, all black
    assert (members["2a"].place, str(members["2a"].points), members["2a"].colour) == (
        1,
        "2.40",
        "black",
    )
    assert "2b" not in members  # original player below 50 %
    assert str(members["s"].points) == "2.40"  # 2/3 >= 66 %


def test_award_stratified_takes_the_better_flight() -> None:
    # 000:499-501: flight A counts everybody (12), B its own 6; L4 for 2 flights 18 / 10
    event = ClubEvent(EventKind.PAIRS, ClubRating.CCG, 6, 1, 12)
    flights = ["A", "A", "A", "B", "A", "B", "A", "B", "A", "B", "B", "A"]
    placings = tuple(
        Placing(str(i), (f"{i}a", f"{i}b"), i, flight=flights[i - 1]) for i in range(1, 13)
    )
    result = award(Ranking(placings, flights=("A", "B")), "jcbl", ClubGame(event))
    by = {a.member: a for a in result}
    # A: 18/16*(4+1.2)/5 = 1.17; B: 10/16*(4+1.2)/5 = 0.65
    assert str(by["1a"].points) == "1.17"
    # pair 4 is 4th overall (1.17*0.4 = 0.468 -> 0.47) and 1st of B (0.65): gets 0.65
    assert (str(by["4a"].points), by["4a"].flight) == ("0.65", "B")
    assert Decimal("0") not in {a.points for a in result}
