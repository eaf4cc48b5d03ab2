"""SBF team series (B2-B4, E2-E5, G1-G3), barometer participation, and table invariants."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.award import B1_DIVISIONS, SbfEvent, award
from bridgedesk.masterpoints.ranking import Placing, Ranking
from bridgedesk.masterpoints.sbf.rules import MatchResult, distribute_match
from bridgedesk.masterpoints.sbf.series import (
    b2_bonus,
    elitserien_bonus,
    g2a_gold,
    match_points,
)
from bridgedesk.masterpoints.sbf.tables import bronze_pairs, table_c, table_d
from bridgedesk.masterpoints.sbf.units import Denomination

from .seeds import SBF, number_rows

W, D, L = MatchResult.WON, MatchResult.DRAWN, MatchResult.LOST


@pytest.mark.parametrize(
    ("table", "result", "kwargs", "expected"),
    [
        ("B2", W, {}, (Denomination.BRONZE, 64)),  # 001:931-933
        ("B2", D, {}, (Denomination.BRONZE, 32)),
        ("B3", W, {"division": 2, "divisions": 2}, (Denomination.BRONZE, 56)),  # 001:993-994
        ("B3", W, {"division": 3, "divisions": 6}, (Denomination.BRONZE, 60)),  # 001:1005-1008
        ("B4", D, {}, (Denomination.BRONZE, 16)),  # 001:1037-1040
        ("E2", W, {"boards": 24}, (Denomination.SILVER, 24)),  # 001:1443-1445
        ("E2", D, {"boards": 24}, (Denomination.SILVER, 12)),
        ("E3", W, {"boards": 28, "division": 1, "divisions": 3}, (Denomination.SILVER, 32)),
        ("E4", W, {"boards": 24}, (Denomination.SILVER, 24)),  # 001:1644-1646
        ("E5", W, {}, (Denomination.SILVER, 32)),  # 001:1665
        ("G1", W, {"boards": 20}, (Denomination.GOLD, 12)),  # 001:1802-1806
        ("G1", D, {"boards": 24}, (Denomination.GOLD, 8)),
        ("G2b", W, {"stage": "quarterfinal"}, (Denomination.GOLD, 8)),  # 001:1838-1845
        ("G2b", W, {"stage": "third"}, (Denomination.GOLD, 12)),
        ("G2c", W, {}, (Denomination.GOLD, 6)),  # 001:1852
        ("G3", W, {"division": 1}, (Denomination.GOLD, 12)),  # 001:1858-1859
        ("G3", D, {"division": 2}, (Denomination.GOLD, 3)),
        ("B2", L, {}, (Denomination.BRONZE, 0)),
    ],
)
def test_match_points(
    table: str, result: MatchResult, kwargs: dict[str, object], expected: tuple[Denomination, int]
) -> None:
    assert match_points(table, result, **kwargs) == expected  # type: ignore[arg-type]


def test_match_points_errors() -> None:
    with pytest.raises(MasterpointError, match="20 or 24 boards"):
        match_points("G1", W, boards=16)
    with pytest.raises(MasterpointError, match="no match scale"):
        match_points("Z9", W)


@pytest.mark.parametrize(("line", "teams", "printed"), number_rows(SBF, 963, 979))
def test_b2_bonus_table(line: int, teams: int, printed: list[int]) -> None:
    # 001:960-979 (data)
    assert [b2_bonus(teams, p) for p in range(1, len(printed) + 1)] == printed
    assert b2_bonus(teams, len(printed) + 1) == 0


def test_b3_bonus_shares_and_double_series() -> None:
    # 001:1013-1016 and 001:1027-1029
    assert b2_bonus(12, 1, division=2) == 55
    assert b2_bonus(12, 1, division=3) == 28  # 27.5 up
    assert b2_bonus(12, 1, division=4) == 0
    assert b2_bonus(12, 2, rounds_factor=2) == 160


def test_g2a_and_elitserien() -> None:
    assert g2a_gold(7) == (7, 4)
    assert g2a_gold(12) == (7, 5, 3)
    assert g2a_gold(13) == (10, 5, 3, 2)
    with pytest.raises(MasterpointError):
        g2a_gold(5)
    assert elitserien_bonus(Fraction(60)) == 12


def test_series_accumulates_halves_and_rounds_up_at_the_end() -> None:
    # 001:1451-1453: halves are added over the event, the final decimal rounded up
    total = Fraction(0)
    for _ in range(3):
        total += distribute_match(Fraction(12), {"D": 1, "A": 2, "B": 2, "C": 1, "E": 2})["D"]
    assert total == Fraction(9, 2)
    assert math.ceil(total) == 5


def test_barometer_shares_by_matches_played() -> None:
    # 001:908-917: 10 of 15 matches -> 2/3 of the points; under a third -> nothing
    teams = [
        Placing(
            str(i),
            (f"{i}a", f"{i}b", f"{i}c", f"{i}d", f"{i}e"),
            i,
            participation={f"{i}d": Fraction(10, 15), f"{i}e": Fraction(4, 15)},
        )
        for i in range(1, 13)
    ]
    result = award(Ranking(tuple(teams)), "sbf", SbfEvent("B1"))
    by = {a.member: a for a in result}
    assert str(by["1a"].points) == "36"  # B1 12 teams: 36 24 16 11
    assert str(by["1d"].points) == "24"
    assert "1e" not in by


def test_barometer_two_divisions() -> None:
    # 001:897-902: div 1 on 1.2 x teams, div 2 on 0.8 x teams
    teams = [Placing(f"1-{i}", (f"1-{i}a",), i, "div1") for i in range(1, 11)] + [
        Placing(f"2-{i}", (f"2-{i}a",), i, "div2") for i in range(1, 11)
    ]
    event = SbfEvent("B1", coefficient_of_field={"div1": B1_DIVISIONS[0], "div2": B1_DIVISIONS[1]})
    result = award(Ranking(tuple(teams)), "sbf", event)
    by = {a.member: a for a in result}
    assert str(by["1-1a"].points) == "36"  # 12 teams
    assert str(by["2-1a"].points) == "24"  # 8 teams


@given(st.integers(4, 100))
def test_bronze_rows_never_increase_and_pay_a_third(pairs: int) -> None:
    row = bronze_pairs(pairs)
    assert row[0] == 2 * pairs
    assert len(row) <= math.ceil(pairs / 3)
    assert min(row) >= 4


@given(st.integers(12, 100), st.data())
def test_silver_rows(pairs: int, data: st.DataObject) -> None:
    row = table_d(pairs)
    assert row.sp[0] == pairs
    assert len(row.sp) == min(16, math.ceil(pairs / 4))
    met = data.draw(st.integers(0, pairs - 1))
    partial = table_d(pairs, met=met)
    assert partial.sp[0] <= pairs
    assert len(partial.sp) + len(partial.bp) <= math.ceil(pairs / 3)


@given(st.integers(8, 60))
def test_individual_rows(players: int) -> None:
    row = table_c(players)
    assert row[0] == math.ceil(1.5 * players)
    assert min(row) >= 4


def test_team_ties_must_be_broken() -> None:
    # 001:494-495: in team events ties are always broken before awarding
    teams = [Placing(str(i), (f"{i}a",), min(i, 2)) for i in range(1, 9)]
    with pytest.raises(MasterpointError, match="must break ties"):
        award(Ranking(tuple(teams)), "sbf", SbfEvent("B1"))
