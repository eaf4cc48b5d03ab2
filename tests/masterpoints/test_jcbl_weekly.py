"""JCBL weekly games: formula ① / ② / ③, cap, 35 % range, ties, rounding.

The printed weekly tables (004:3918-4192) are read from the seed itself and every
cell is compared with the formula of 000:173-228.  Where a printed cell differs,
the formula governs (SPEC-INDEX); those cells are typos and are listed in
``PRINTED_TYPOS`` with the formula value asserted instead.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.jcbl.weekly import (
    GameKind,
    award_places,
    class_coefficient,
    series_table,
    team_vp_points,
    tied_points,
    weekly_exact,
    weekly_table,
)
from bridgedesk.masterpoints.rounding import jcbl_round

SEEDS = Path(__file__).resolve().parents[2] / "docs" / "sources"
WEEKLY_TABLES = SEEDS / "004_16bbaa7e6a40222d.txt"

# Printed cells of 004:3918-4192 that disagree with the formula (the formula governs):
# (seed line, class, kind, competitors, place): (printed, formula)
PRINTED_TYPOS: dict[tuple[int, int, GameKind, int, int], tuple[str, str]] = {
    (4044, 3, GameKind.PAIRS, 15, 6): ("0.07", "0.08"),  # 0.45*0.7^5 = 0.0756
    (4097, 4, GameKind.PAIRS, 11, 2): ("0.33", "0.31"),  # 0.44*0.7 = 0.308
    (4098, 4, GameKind.PAIRS, 12, 5): ("0.11", "0.12"),  # 0.48*0.7^4 = 0.1152
    (4160, 5, GameKind.PAIRS, 17, 4): ("0.30", "0.29"),  # 0.85*0.343 = 0.29155
    (4160, 5, GameKind.PAIRS, 17, 5): ("0.21", "0.20"),  # 0.85*0.2401 = 0.204085
    (4160, 5, GameKind.PAIRS, 17, 6): ("0.15", "0.14"),  # 0.85*0.16807 = 0.1428595
    (4161, 5, GameKind.PAIRS, 18, 3): ("0.45", "0.44"),  # 0.90*0.49 = 0.441
    (4161, 5, GameKind.PAIRS, 18, 4): ("0.32", "0.31"),  # 0.90*0.343 = 0.3087
    (4161, 5, GameKind.PAIRS, 18, 6): ("0.16", "0.15"),  # 0.90*0.16807 = 0.151263
    (4181, 5, GameKind.TEAMS, 6, 3): ("0.30", "0.29"),  # 0.60*0.49 = 0.294
    (4182, 5, GameKind.TEAMS, 7, 3): ("0.35", "0.34"),  # 0.70*0.49 = 0.343
    (4183, 5, GameKind.TEAMS, 8, 3): ("0.40", "0.39"),  # 0.80*0.49 = 0.392
    (4184, 5, GameKind.TEAMS, 9, 3): ("0.45", "0.44"),  # 0.90*0.49 = 0.441
}


def _printed_rows() -> list[tuple[int, int, GameKind, int, list[Decimal]]]:
    """(line, class, kind, competitors, printed cells) for every row of 004:3918-4192."""
    lines = WEEKLY_TABLES.read_text(encoding="utf-8").splitlines()
    rows: list[tuple[int, int, GameKind, int, list[Decimal]]] = []
    klass, kind = 0, GameKind.PAIRS
    for number in range(3918, 4193):
        text = lines[number - 1]
        if len(text) > 2 and text[0] in "12345" and text[1:3] == ". ":
            klass = int(text[0])
        if text.startswith("(1)"):
            kind = GameKind.PAIRS
        elif text.startswith("(2)"):
            kind = GameKind.TEAMS
        cells = text.split("\t")
        if len(cells) > 1 and cells[0].strip().isdigit():
            printed = [Decimal(c) for c in cells[1:] if c.strip()]
            rows.append((number, klass, kind, int(cells[0]), printed))
    return rows


PRINTED = _printed_rows()


def test_every_printed_table_was_read() -> None:
    # 5 classes x (19 pair rows + 15 team rows) and 685 printed cells.
    assert len(PRINTED) == 5 * (19 + 15)
    assert sum(len(row[4]) for row in PRINTED) == 685


@pytest.mark.parametrize(
    ("line", "klass", "kind", "competitors", "printed"),
    PRINTED,
    ids=[f"004:{r[0]}-class{r[1]}-{r[2].value}-C{r[3]}" for r in PRINTED],
)
def test_printed_weekly_row(
    line: int, klass: int, kind: GameKind, competitors: int, printed: list[Decimal]
) -> None:
    row = weekly_table(klass, kind, competitors)
    assert len(row) == len(printed)  # the 35 % range matches every printed row
    for place, (cell, value) in enumerate(zip(printed, row, strict=True), start=1):
        typo = PRINTED_TYPOS.get((line, klass, kind, competitors, place))
        if typo is None:
            assert value == cell, f"004:{line} place {place}"
        else:
            assert cell == Decimal(typo[0])
            assert value == Decimal(typo[1])


def test_typo_count() -> None:
    assert len(PRINTED_TYPOS) == 13


def test_issue_example_class3_pairs_12() -> None:
    values = [str(v) for v in weekly_table(3, GameKind.PAIRS, 12)]
    assert values == ["0.36", "0.25", "0.18", "0.12", "0.09"]


def test_cap_propagates_to_lower_places() -> None:
    # 004:4131 class 4 teams, 13 teams: 0.08*13 = 1.04 > 1.00 -> 1.00 0.70 0.49 0.34 0.24
    assert [str(v) for v in weekly_table(4, GameKind.TEAMS, 13)] == [
        "1.00", "0.70", "0.49", "0.34", "0.24",
    ]  # fmt: skip
    assert weekly_exact(4, 13, GameKind.TEAMS, 2) == Fraction(7, 10)


def test_sessions_multiply_before_the_cap() -> None:
    # K*C*P*S/100 with S=2: class 1 pairs, 10 pairs -> 0.20 0.14 0.10 0.07
    assert [str(v) for v in weekly_table(1, GameKind.PAIRS, 10, sessions=2)] == [
        "0.20", "0.14", "0.10", "0.07",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("competitors", "places"), [(2, 1), (3, 2), (4, 2), (6, 3), (9, 4), (12, 5), (20, 7)]
)
def test_35_percent_rounded_up(competitors: int, places: int) -> None:
    # 000:491
    assert award_places(competitors) == places


def test_rounding_rule() -> None:
    # 000:475: 2 decimals half up; below 0.01 truncated (no award)
    assert jcbl_round(Fraction(125, 10000)) == Decimal("0.01")
    assert jcbl_round(Fraction(1249, 100000)) == Decimal("0.01")
    assert jcbl_round(Fraction(135, 10000)) == Decimal("0.01")
    assert jcbl_round(Fraction(145, 10000)) == Decimal("0.01")
    assert jcbl_round(Fraction(155, 10000)) == Decimal("0.02")
    assert jcbl_round(Fraction(99, 10000)) == Decimal("0.00")
    assert jcbl_round(Fraction(5, 1000)) == Decimal("0.00")


def test_lower_class_limit_rule() -> None:
    # 000:186: a restriction matching a lower class uses that class's coefficient
    assert class_coefficient(5) == 5
    assert class_coefficient(5, restriction_class=3) == 3
    assert class_coefficient(2, restriction_class=4) == 2


def test_team_formula_two() -> None:
    # class 3, 8-board matches, 2 wins at 20-10 and 25-5 on a 25-VP scale,
    # 4 members: 3*8*45/(100*25*4) = 0.108
    assert team_vp_points(3, 8, 45, 25, 4) == Fraction(108, 1000)
    # decided by wins: M = 1, V = matches won
    assert team_vp_points(5, 24, 4, 1, 4) == Fraction(1)  # 4.8 capped at 1.00


def test_ties_average_including_places_outside_the_range() -> None:
    # class 3 pairs, 12 pairs: 5 places; a tie for 5-6 averages 0.36*(0.7^4+0.7^5)/2
    values = [weekly_exact(3, 12, GameKind.PAIRS, p) for p in range(1, 13)]
    tie = tied_points(values, 5, 2)
    assert tie == Fraction(36, 100) * (Fraction(7, 10) ** 4 + Fraction(7, 10) ** 5) / 2
    assert jcbl_round(tie) == Decimal("0.07")
    with pytest.raises(MasterpointError):
        tied_points(values, 12, 2)


def test_series() -> None:
    # 000:228: (G1+..+Gi)/2 * 0.7^(N-1); 4 games with winners 0.36 each -> 0.72
    row = series_table(["0.36", "0.36", "0.36", "0.36"], 12)
    assert [str(v) for v in row] == ["0.72", "0.50", "0.35", "0.25", "0.17"]
    capped = series_table(["0.60"] * 5, 10)  # 1.50 -> capped 1.00
    assert [str(v) for v in capped] == ["1.00", "0.70", "0.49", "0.34"]
    with pytest.raises(MasterpointError, match="4-9 games"):
        series_table(["0.36"] * 3, 12)


@pytest.mark.parametrize(
    ("klass", "competitors", "message"),
    [(6, 10, "class must be 1-5, got 6"), (0, 10, "1-5"), (3, 0, "2 or more competitors")],
)
def test_bad_parameters(klass: int, competitors: int, message: str) -> None:
    with pytest.raises(MasterpointError, match=message):
        weekly_table(klass, GameKind.PAIRS, competitors)


@given(
    klass=st.integers(1, 5),
    competitors=st.integers(2, 80),
    kind=st.sampled_from(list(GameKind)),
)
def test_rows_never_increase_and_respect_the_cap(
    klass: int, competitors: int, kind: GameKind
) -> None:
    row = weekly_table(klass, kind, competitors)
    assert all(a >= b for a, b in itertools.pairwise(row))
    assert all(Decimal("0.01") <= v <= Decimal("1.00") for v in row)
    assert len(row) <= award_places(competitors)
