"""SBF general rules, classes and ranking points, with the seed's worked examples."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.sbf.classes import Holding, master_class
from bridgedesk.masterpoints.sbf.rules import (
    DM_BONUS,
    MatchResult,
    RallyKind,
    RankingAward,
    RankingKind,
    distribute_match,
    e3_match_sp,
    final_scale,
    final_winner_points,
    gold_pairs,
    match_result,
    rally_bonus,
    ranking_points,
    share_places,
    simultaneous_silver_bonus,
)
from bridgedesk.masterpoints.sbf.tables import ScaleRow, table, table_d
from bridgedesk.masterpoints.sbf.units import Denomination, to_mp


def test_units() -> None:
    # 001:29-32: 1 mp = 1 gp = 10 sp = 100 bp
    assert (
        to_mp(1, Denomination.GOLD)
        == to_mp(10, Denomination.SILVER)
        == to_mp(100, Denomination.BRONZE)
        == 1
    )


def test_final_with_carry_over_example() -> None:
    # 001:419-429: 60 pairs, 12 qualifying rounds, 12 final rounds:
    # 12 + 12 + 1 + (60 - 25)/2 = 42.5 -> 43 sp; the best 11 (a quarter of 43), no bp
    assert final_winner_points(60, 12, 12) == Fraction(85, 2)
    row = final_scale(60, 12, 12)
    assert row.sp[0] == 43
    assert len(row.sp) == 11
    assert row.sp == table_d(43).sp
    assert row.bp == ()


def test_shared_places_round_up() -> None:
    # 001:489-495: share the points of the covered places, decimals up.
    # A1 16 pairs: 32 22 15 10 7 5; places 2-3 tied: (22+15)/2 = 18.5 -> 19
    row = table("A1", 16)
    assert share_places(row, 2, 2) == (Denomination.BRONZE, 19)
    # a tie for the last paid place with an unpaid one: (5+0)/2 -> at least 4 (001:692)
    assert share_places(row, 6, 2) == (Denomination.BRONZE, 4)
    assert share_places(row, 7, 2) is None


def test_shared_places_across_colours_in_mp() -> None:
    # D 16 pairs: sp 16 11 8 6 then bp 14 10; places 4-5 tied: 0.6 + 0.14 mp = 0.74 mp,
    # 0.37 mp each, paid as silver (the best covered place): 3.7 -> 4 sp
    assert share_places(table_d(16), 4, 2) == (Denomination.SILVER, 4)


def test_simultaneous_bonus_is_a_fifth() -> None:
    # 001:448-457: 1/5 of a normal silver event, at most 16 pairs
    bonus = simultaneous_silver_bonus(60)
    assert bonus[0] == 12  # 60 / 5
    assert len(bonus) == 15
    assert len(simultaneous_silver_bonus(200)) == 16


@pytest.mark.parametrize(
    ("starters", "kind", "gold"),
    [
        (95, RallyKind.PAIRS, ()),
        (96, RallyKind.PAIRS, (1,)),
        (100, RallyKind.PAIRS, (1,)),
        (101, RallyKind.PAIRS, (2, 1)),
        (201, RallyKind.PAIRS, (3, 2, 1)),
        (48, RallyKind.TEAMS, (1,)),  # 8 teams count as 16 pairs
        (202, RallyKind.INDIVIDUAL, (2, 1)),
    ],
)
def test_rally_bonus(starters: int, kind: RallyKind, gold: tuple[int, ...]) -> None:
    # 001:472-487
    assert rally_bonus(starters, kind) == gold


def test_match_result_with_penalties() -> None:
    # 001:1058-1065: 18-12 is a win; 18-12 with a 1 VP penalty (17-12) is a draw;
    # 17-13 becoming 17-12 leaves the 12 with nothing
    assert match_result(18, 30) is MatchResult.WON
    assert match_result(17, 30) is MatchResult.DRAWN
    assert match_result(13, 30) is MatchResult.DRAWN
    assert match_result(12, 30) is MatchResult.LOST
    assert match_result(14, 20) is MatchResult.WON
    assert match_result(7, 20) is MatchResult.DRAWN
    assert match_result(6, 20) is MatchResult.LOST
    assert match_result(2, 4) is MatchResult.DRAWN
    with pytest.raises(MasterpointError, match="VP scales"):
        match_result(10, 25)


def test_e2_distribution_example() -> None:
    # 001:1443-1456: 24 boards won = 24 sp; A-B the whole match, C one half with D
    # and one with E: A, B, C 6 sp, D and E 3 sp; a draw halves it (3 and 1.5)
    halves = {"A": 2, "B": 2, "C": 2, "D": 1, "E": 1}
    assert distribute_match(24, halves) == {
        "A": 6, "B": 6, "C": 6, "D": 3, "E": 3,
    }  # fmt: skip
    assert distribute_match(12, halves)["D"] == Fraction(3, 2)
    with pytest.raises(MasterpointError):
        distribute_match(24, {"A": 2, "B": 2, "C": 2, "D": 2, "E": 1})


@pytest.mark.parametrize(
    ("boards", "division", "divisions", "sp"),
    [
        (28, 1, 2, 28),  # 001:1492-1493
        (24, 2, 2, 20),  # 001:1494-1496
        (28, 1, 3, 32),  # 001:1510-1512
        (16, 3, 3, 12),  # 001:1515-1517
        (24, 3, 4, 20),  # 001:1540-1542 (printed "(20 - 4)", meaning 24 - 4)
        (16, 4, 4, 8),  # 001:1543-1545
        (24, 1, 5, 32),  # 001:1566-1568
        (12, 5, 5, 4),  # 001:1579-1581
        (16, 6, 8, 6),  # 001:1616-1618
        (12, 7, 8, 2),  # 001:1619-1623: 12 - 12 = 0, the minimum gives 2
        (12, 8, 8, 2),  # 001:1624-1628
    ],
)
def test_e3_divisions(boards: int, division: int, divisions: int, sp: int) -> None:
    assert e3_match_sp(boards, division, divisions, MatchResult.WON) == sp


def test_e3_draw_minimum() -> None:
    # 001:1470-1472: at least 2 for a win and 1 for a draw
    assert e3_match_sp(12, 8, 8, MatchResult.DRAWN) == 1
    assert e3_match_sp(24, 2, 2, MatchResult.DRAWN) == 10


def test_dm_bonus_table() -> None:
    # 001:1738-1755
    assert DM_BONUS["pairs-open"] == (60, 40, 30)
    assert DM_BONUS["teams-open"] == (42, 30, 21)


def test_gold_example_52_sp_is_6_gp() -> None:
    # 001:1775-1779: winners who would get 52 sp get 6 gp; 3 places from 32 pairs,
    # 2 at 24-31; enhanced 10-7-5-4
    row = gold_pairs(52)
    assert row.gp[0] == 6
    assert len(row.gp) == 3
    assert len(gold_pairs(28).gp) == 2
    assert gold_pairs(40, enhanced=True).gp == (10, 7, 5, 4)
    assert len(row.gp) + len(row.sp) <= 16


def test_ranking_points() -> None:
    # 001:552-558: 22.5 gp -> 337.5 -> 338 rp (on the unrounded amount)
    day = date(2015, 5, 1)
    award = RankingAward(date(2015, 1, 10), Fraction(45, 2), Denomination.GOLD)
    assert ranking_points([award], day) == 338
    silver = RankingAward(date(2014, 6, 1), Fraction(10), Denomination.SILVER)
    gold_event_sp = RankingAward(
        date(2014, 6, 1), Fraction(10), Denomination.SILVER, RankingKind.GOLD_EVENT
    )
    assert ranking_points([silver, gold_event_sp], day) == 25
    old = RankingAward(date(2013, 5, 1), Fraction(10), Denomination.SILVER)
    assert ranking_points([old], day) == 0  # older than 24 months
    bonus = RankingAward(date(2015, 1, 1), Fraction(60), Denomination.SILVER, RankingKind.BONUS)
    sm = RankingAward(date(2015, 1, 1), Fraction(2), Denomination.GOLD, RankingKind.SM_PAIRS_FINAL)
    bronze = RankingAward(date(2015, 1, 1), Fraction(40), Denomination.BRONZE)
    assert ranking_points([bonus, sm, bronze], day) == 18


@pytest.mark.parametrize(
    ("holding", "expected"),
    [
        (Holding(bp=200), "Klövermästare"),
        (Holding(bp=199), "-"),
        # 001:130-132: only bronze -> rutermästare at 20 mp (2 000 bp, 1 000 as 50 sp)
        (Holding(bp=2000), "Rutermästare"),
        (Holding(bp=1999), "Klövermästare***"),  # 1 500 bp: three clover stars
        (Holding(sp=50, bp=1000), "Rutermästare"),
        (Holding(gp=2, bp=1300), "Rutermästare"),
        (Holding(sp=200, bp=3000), "Hjärtermästare"),
        (Holding(sp=200, bp=8000), "Hjärtermästare*"),
        (Holding(gp=75, bp=7500), "Spadermästare"),
        (Holding(gp=75, sp=2000), "Spadermästare*"),
        (Holding(gp=150, sp=1500), "Stormästare"),
        (Holding(gp=150, sp=4500), "Stormästare*"),
        # *** no exchange into gold: 600 mp with only 100 gp stays a plain stormästare
        (Holding(gp=100, sp=5000, bp=100), "Stormästare"),
        (Holding(gp=1500, sp=13000), "Stormästare*****"),
    ],
)
def test_master_classes(holding: Holding, expected: str) -> None:
    assert str(master_class(holding)) == expected


@pytest.mark.parametrize(
    ("bp", "sp", "expected"),
    [
        # 001:86-96 "Klövermästare (endast bronspoäng) Enstjärnig 500bp, Tvåstjärig 1 000bp,
        # Trestjärig 1 500bp": the stars show with the class, as the other classes' do
        (499, 0, "Klövermästare"),
        (500, 0, "Klövermästare*"),
        (1000, 0, "Klövermästare**"),
        (1500, 0, "Klövermästare***"),
        (1999, 0, "Klövermästare***"),
        # bronze alone counts: 40 sp more do not add a star
        (999, 40, "Klövermästare*"),
    ],
)
def test_clover_stars_are_shown(bp: int, sp: int, expected: str) -> None:
    klass = master_class(Holding(bp=bp, sp=sp))
    assert str(klass) == expected
    assert klass.stars == klass.clover_stars


def test_clover_stars_above_klovermastare() -> None:
    # 2 500 bp alone make a rutermästare (20 mp, 001:130-132) and four clover stars;
    # the class shows its own stars (none), clover_stars keeps the bronze count
    klass = master_class(Holding(bp=2500))
    assert str(klass) == "Rutermästare"
    assert klass.clover_stars == 4
    assert master_class(Holding(bp=10000)).clover_stars == 5


def test_scale_row_places() -> None:
    row = ScaleRow("x", 10, gp=(3,), sp=(20,), bp=(8,))
    assert row.at(1) == (Denomination.GOLD, 3)
    assert row.at(3) == (Denomination.BRONZE, 8)
    assert row.at(4) is None


def test_sm_pair_finals() -> None:
    from bridgedesk.masterpoints.sbf.rules import h1_final, h2_final

    # 001:1871-1873
    assert h1_final().gp == (50, 35, 25, 20, 15, 12, 10, 8, 6, 4, 3, 2, 1)
    # 001:1881-1891, then table D
    row = h2_final("junior", 24)
    assert row.gp == (10, 5, 3, 2)
    assert row.sp == table_d(24).sp[4:]
    assert h2_final("mixed", 24).gp == (10, 5, 4, 3)
    with pytest.raises(MasterpointError):
        h2_final("open", 24)
