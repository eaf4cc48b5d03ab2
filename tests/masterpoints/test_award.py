"""award(): a ranking to per-player points, for both federations."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import SbfEvent, award
from bridgedesk.masterpoints.jcbl.weekly import GameKind, WeeklyGame
from bridgedesk.masterpoints.ranking import Placing, Ranking


def pairs(
    places: list[int], field: str = "", flights: list[str] | None = None, start: int = 1
) -> list[Placing]:
    out = []
    for i, place in enumerate(places, start=start):
        flight = flights[i - start] if flights else None
        out.append(Placing(f"{field}{i}", (f"{field}{i}a", f"{field}{i}b"), place, field, flight))
    return out


def by_member(awards: tuple, member: str) -> tuple[str, str]:  # type: ignore[type-arg]
    for a in awards:
        if a.member == member:
            return str(a.points), a.colour
    return ("0", "")


def test_jcbl_weekly_12_pairs_class_3() -> None:
    # 004:4041: 0.36 0.25 0.18 0.12 0.09 to the top 5 of 12
    result = award(Ranking(tuple(pairs(list(range(1, 13))))), "jcbl", WeeklyGame(3, GameKind.PAIRS))
    assert [str(a.points) for a in result[::2]] == ["0.36", "0.25", "0.18", "0.12", "0.09"]
    assert len(result) == 10  # both players of 5 pairs
    assert result[0].member == "1a" and result[1].member == "1b"
    assert "K=3 C=12" in result[0].reason


def test_jcbl_tie_averages_the_places() -> None:
    # 000:505: pairs 2 and 3 tie for 2nd: (0.252 + 0.1764)/2 = 0.2142 -> 0.21
    ranking = Ranking(tuple(pairs([1, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12])))
    result = award(ranking, "jcbl", WeeklyGame(3, GameKind.PAIRS))
    assert by_member(result, "2a") == ("0.21", "black")
    assert by_member(result, "3b") == ("0.21", "black")
    assert "tie for places 2-3" in next(a for a in result if a.member == "2a").reason


def test_jcbl_tie_reaching_past_the_paid_places() -> None:
    # 000:507: 12 pairs pay 5 places; a tie for 5-6 averages 5th and an imagined 6th:
    # 0.36*(0.2401+0.16807)/2 = 0.0735 -> 0.07 each
    ranking = Ranking(tuple(pairs([1, 2, 3, 4, 5, 5, 7, 8, 9, 10, 11, 12])))
    result = award(ranking, "jcbl", WeeklyGame(3, GameKind.PAIRS))
    assert by_member(result, "5a") == ("0.07", "black")
    assert by_member(result, "6a") == ("0.07", "black")
    assert by_member(result, "7a") == ("0", "")


def test_jcbl_cap() -> None:
    # 004:4131: class 4 teams, 13 teams: 1.00 0.70 0.49 0.34 0.24
    teams = [Placing(str(i), tuple(f"{i}-{k}" for k in range(4)), i) for i in range(1, 14)]
    result = award(Ranking(tuple(teams)), "jcbl", WeeklyGame(4, GameKind.TEAMS))
    firsts = [str(a.points) for a in result if a.member.endswith("-0")]
    assert firsts == ["1.00", "0.70", "0.49", "0.34", "0.24"]
    assert "capped at 1.00" in result[0].reason


def test_jcbl_team_formula_two_when_larger() -> None:
    # class 3, 6 teams: formula ① for 3rd is 0.36*0.49 = 0.1764 -> 0.18; a 3rd-placed
    # team that won 60 VP over 24-board matches on a 20 scale with 4 members:
    # 3*24*60/(100*20*4) = 0.54 > 0.18
    teams = [
        Placing(
            str(i), tuple(f"{i}-{k}" for k in range(4)), i, won_vp=Fraction(60 if i == 3 else 0)
        )
        for i in range(1, 7)
    ]
    game = WeeklyGame(3, GameKind.TEAMS, boards=24, max_vp=Fraction(20))
    result = award(Ranking(tuple(teams)), "jcbl", game)
    assert by_member(result, "3-0") == ("0.54", "black")
    assert by_member(result, "1-0") == ("0.36", "black")


def test_jcbl_two_field_mitchell() -> None:
    # each direction is its own field: 8 NS and 8 EW pairs, class 2: 0.16 0.11 0.08 each
    ranking = Ranking(tuple(pairs(list(range(1, 9)), "NS") + pairs(list(range(1, 9)), "EW")))
    result = award(ranking, "jcbl", WeeklyGame(2, GameKind.PAIRS))
    assert [str(a.points) for a in result if a.member.endswith("a")] == [
        "0.16", "0.11", "0.08", "0.16", "0.11", "0.08",
    ]  # fmt: skip


def test_jcbl_flights_take_the_better_stratum() -> None:
    # 000:499-501: flight A counts all 10 pairs, flight B its own 5; the best B pair
    # is 4th overall (class 1: 0.10*0.343 = 0.0343 -> 0.03) but 1st in B (0.05)
    flights = ["A", "A", "A", "B", "A", "B", "A", "B", "B", "B"]
    ranking = Ranking(tuple(pairs(list(range(1, 11)), flights=flights)), flights=("A", "B"))
    result = award(ranking, "jcbl", WeeklyGame(1, GameKind.PAIRS))
    a4 = next(a for a in result if a.member == "4a")
    assert (str(a4.points), a4.flight, a4.place) == ("0.05", "B", 1)
    assert by_member(result, "1a") == ("0.10", "black")
    # B's 2nd (6th overall) gets 0.05*0.7 = 0.035 -> 0.04
    assert by_member(result, "6a") == ("0.04", "black")


def test_jcbl_substitutes() -> None:
    # 000:545: 50 % or more of the boards; exactly 50 % each -> half each
    ranking = Ranking(
        (
            Placing(
                "1", ("p", "q", "s"), 1, participation={"q": Fraction(1, 2), "s": Fraction(1, 2)}
            ),
            Placing("2", ("r", "t"), 2, participation={"t": Fraction(1, 3)}),
            *pairs(list(range(3, 11)), start=3),
        )
    )
    result = award(ranking, "jcbl", WeeklyGame(5, GameKind.PAIRS))
    assert by_member(result, "p") == ("0.50", "black")
    assert by_member(result, "q") == ("0.25", "black")
    assert by_member(result, "s") == ("0.25", "black")
    assert by_member(result, "t") == ("0", "")


def test_sbf_a1_with_shared_place() -> None:
    # 001:489-495: A1 16 pairs 32 22 15 10 7 5; 2nd and 3rd share (22+15)/2 -> 19
    ranking = Ranking(tuple(pairs([1, 2, 2, *list(range(4, 17))])))
    result = award(ranking, "sbf", SbfEvent("A"))
    assert [by_member(result, f"{i}a") for i in (1, 2, 3, 4, 6, 7)] == [
        ("32", "bp"), ("19", "bp"), ("19", "bp"), ("10", "bp"), ("5", "bp"), ("0", ""),
    ]  # fmt: skip


def test_sbf_silver_pairs_colours() -> None:
    # table D 16 pairs: sp 16 11 8 6, bp 14 10
    result = award(Ranking(tuple(pairs(list(range(1, 17))))), "sbf", SbfEvent("D"))
    assert by_member(result, "4a") == ("6", "sp")
    assert by_member(result, "5b") == ("14", "bp")
    assert by_member(result, "7a") == ("0", "")


def test_sbf_groups_and_handicap() -> None:
    # 001:697-720: 20 pairs in group A of 2 -> the 22-pair scale; handicap halves it
    ranking = Ranking(tuple(pairs(list(range(1, 21)), "A")))
    result = award(ranking, "sbf", SbfEvent("A", groups=2, group_of_field={"A": 1}))
    assert by_member(result, "A1a") == ("44", "bp")
    hcp = award(ranking, "sbf", SbfEvent("A", handicap=True))
    assert by_member(hcp, "A1a") == ("20", "bp")  # 40 / 2
    assert by_member(hcp, "A7a") == ("2", "bp")  # 4 / 2


def test_sbf_flights_and_reserves() -> None:
    flights = ["A"] * 8 + ["B"] * 8
    ranking = Ranking(
        (
            *pairs(list(range(1, 11)), flights=flights[:10]),
            Placing(
                "11",
                ("11a", "11b", "r"),
                11,
                flight="B",
                participation={"11b": Fraction(1, 3), "r": Fraction(2, 3)},
            ),
            *pairs(list(range(12, 17)), flights=flights[11:], start=12),
        ),
        flights=("A", "B"),
    )
    result = award(ranking, "sbf", SbfEvent("A"))
    # the best B pair is 9th overall (no points of 16) but 1st of B's 8: A1(8) 16 bp
    assert by_member(result, "9a") == ("16", "bp")
    assert by_member(result, "11b") == ("0", "")  # played a third: nothing (001:525-529)
    assert by_member(result, "r") == ("8", "bp")  # 3rd of B: 16 11 8


def test_rules_and_params_must_match() -> None:
    with pytest.raises(MasterpointError, match="do not take"):
        award(Ranking(tuple(pairs([1, 2]))), "sbf", WeeklyGame(1, GameKind.PAIRS))


def test_awards_are_decimals() -> None:
    result = award(Ranking(tuple(pairs([1, 2, 3]))), "jcbl", WeeklyGame(1, GameKind.PAIRS))
    assert all(isinstance(a.points, Decimal) for a in result)


def test_adapter_from_scoring_standings() -> None:
    from dataclasses import dataclass as dc
    from enum import Enum

    from bridgedesk.masterpoints.ranking import from_standings

    class Side(Enum):
        NS = 0
        EW = 1

    @dc(frozen=True)
    class Standing:  # the attributes bridgedesk.scoring.session.PairStanding carries
        pair: str
        direction: Side | None
        section: str | None
        rank: str

    standings = [
        Standing("1", Side.NS, None, "1"),
        Standing("2", Side.NS, None, "2="),
        Standing("3", Side.NS, None, "2="),
        Standing("4", Side.NS, None, "4"),
        Standing("1", Side.EW, None, "1"),
        Standing("2", Side.EW, None, "2"),
        Standing("3", Side.EW, None, "3"),
        Standing("4", Side.EW, None, "4"),
    ]
    players = {str(i): (f"{i}1", f"{i}2") for i in range(1, 5)}
    ranking = from_standings(standings, players)
    assert ranking.fields() == ("NS", "EW")
    assert [p.place for p in ranking.in_field("NS")] == [1, 2, 2, 4]
    result = award(ranking, "sbf", SbfEvent("A"))
    assert [(a.field, a.member, str(a.points)) for a in result] == [
        # 2= and 2= share 2nd (6) and an unpaid 3rd: 3 each, raised to the minimum 4
        ("NS", "11", "8"), ("NS", "12", "8"), ("NS", "21", "4"), ("NS", "22", "4"),
        ("NS", "31", "4"), ("NS", "32", "4"), ("EW", "11", "8"), ("EW", "12", "8"),
        ("EW", "21", "6"), ("EW", "22", "6"),
    ]  # fmt: skip
    small = from_standings(standings[:2] + standings[4:6], players)
    with pytest.raises(MasterpointError, match="field 'NS': table A1 is defined for 4-32 pairs"):
        award(small, "sbf", SbfEvent("A"))
    with pytest.raises(MasterpointError, match="no member numbers"):
        from_standings([Standing("9", None, None, "1")], players)
