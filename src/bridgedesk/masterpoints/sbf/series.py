"""SBF team series and cups: points per match and end-of-series bonuses (tables B2-B4,
E2-E5, G1-G3, 001:918-1066, 001:1413-1680, 001:1801-1864).

A team wins its match points for a won match and half for a draw (won/drawn by
:func:`bridgedesk.masterpoints.sbf.rules.match_result`); the points are split among
the players by halves played (:func:`bridgedesk.masterpoints.sbf.rules.distribute_match`).
"""

from __future__ import annotations

import math
from fractions import Fraction

from bridgedesk.errors import MasterpointError
from bridgedesk.masterpoints.sbf.rules import MatchResult, e3_match_sp
from bridgedesk.masterpoints.sbf.tables import _data
from bridgedesk.masterpoints.sbf.units import Denomination

__all__ = [
    "B3_DIVISION_POINTS",
    "G2A_GOLD",
    "b2_bonus",
    "elitserien_bonus",
    "g2a_gold",
    "match_points",
]

#: B3: bronze per won match by division, per number of divisions (001:993-1008).
B3_DIVISION_POINTS: dict[int, tuple[int, ...]] = {
    2: (72, 56),
    3: (76, 60, 52),
    4: (80, 64, 56, 48),
    5: (80, 64, 56, 52, 48),
    6: (80, 64, 60, 56, 52, 48),
}
#: B3 bonus share of the B2 bonus table by division (001:1013-1016).
B3_BONUS_SHARE = (Fraction(1), Fraction(1, 2), Fraction(1, 4))
#: G2a junior SM team final: gold per player by field size (001:1820-1832).
G2A_GOLD: tuple[tuple[int, int, tuple[int, ...]], ...] = (
    (6, 8, (7, 4)),
    (9, 12, (7, 5, 3)),
    (13, 10_000, (10, 5, 3, 2)),
)


def _half(points: Fraction, result: MatchResult) -> Fraction:
    if result is MatchResult.WON:
        return points
    if result is MatchResult.DRAWN:
        return points / 2
    return Fraction(0)


def match_points(
    table: str,
    result: MatchResult,
    *,
    boards: int | None = None,
    division: int = 1,
    divisions: int = 1,
    stage: str | None = None,
) -> tuple[Denomination, Fraction]:
    """A team's points for one match under ``table``:

    * ``B2``: 64 bp won, 32 drawn (001:928-933); ``B3``: the division's figure
      (001:993-1008); ``B4``: 32 bp won, 16 drawn (001:1037-1040).
    * ``E2`` / ``E4``: 1 sp per board won, half drawn (001:1432-1434, 1633-1635);
      ``G2a`` (junior SM team final) plays for sp by table E2 (001:1820-1823);
      ``E3``: boards +/- the division offset (001:1483-1628);
      ``E5``: division 3 of Allsvenskan 32 sp per match (001:1665).
    * ``G1``: SM team final 12 gp won / 6 drawn at 20 boards, 16 / 8 at 24
      (001:1802-1806); ``G2b``: veterans' final stages, ``stage`` quarterfinal (8 gp),
      semifinal (12), final (16), third (12) (001:1838-1845); ``G2c``: SM semifinal
      6 gp per match (001:1852); ``G3``: Elitserien 12 gp, division 2 6 gp (001:1858-1859).
    """
    key = table.upper()
    if key == "B2":
        return Denomination.BRONZE, _half(Fraction(64), result)
    if key == "B3":
        if divisions not in B3_DIVISION_POINTS or not 1 <= division <= divisions:
            raise MasterpointError(
                "B3 has 2-6 divisions and division 1-{divisions}, got {division} of {divisions}",
                code="masterpoint.b3-divisions",
                divisions=divisions,
                division=division,
            )
        return Denomination.BRONZE, _half(
            Fraction(B3_DIVISION_POINTS[divisions][division - 1]), result
        )
    if key == "B4":
        return Denomination.BRONZE, _half(Fraction(32), result)
    if key in ("E2", "E4", "G2A"):
        if boards is None or boards < 6:
            raise MasterpointError(
                "{key} matches have at least 6 boards, got {boards}",
                code="masterpoint.match-boards",
                key=key,
                boards=boards,
            )
        return Denomination.SILVER, _half(Fraction(boards), result)
    if key == "E3":
        if boards is None:
            raise MasterpointError(
                "E3 needs the boards per match", code="masterpoint.e3-needs-boards"
            )
        return Denomination.SILVER, e3_match_sp(boards, division, divisions, result)
    if key == "E5":
        return Denomination.SILVER, _half(Fraction(32), result)
    if key == "G1":
        per = {20: 12, 24: 16}
        if boards not in per:
            raise MasterpointError(
                "G1 matches have 20 or 24 boards, got {boards}",
                code="masterpoint.g1-boards",
                boards=boards,
            )
        return Denomination.GOLD, _half(Fraction(per[boards]), result)
    if key == "G2B":
        stages = {"quarterfinal": 8, "semifinal": 12, "final": 16, "third": 12}
        if stage not in stages:
            raise MasterpointError(
                "G2b stage must be one of {stages}, got {stage!r}",
                code="masterpoint.g2b-stage",
                stages=", ".join(stages),
                stage=stage,
            )
        return Denomination.GOLD, _half(Fraction(stages[stage]), result)
    if key == "G2C":
        return Denomination.GOLD, _half(Fraction(6), result)
    if key == "G3":
        if division not in (1, 2):
            raise MasterpointError(
                "G3 covers Elitserien (1) and division 2, got {division}",
                code="masterpoint.g3-division",
                division=division,
            )
        return Denomination.GOLD, _half(Fraction(12 if division == 1 else 6), result)
    raise MasterpointError(
        "no match scale for table {table!r}; tables: B2, B3, B4, E2, E3, E4, E5, "
        "G1, G2a, G2b, G2c, G3",
        code="masterpoint.no-match-scale",
        table=table,
    )


def b2_bonus(teams: int, place: int, division: int = 1, rounds_factor: int = 1) -> int:
    """End-of-series bonus per player (B2 table, 001:960-989): by teams 4-12 and place;
    B3 divisions get 100 / 50 / 25 % of it (001:1013-1016); a double round robin counts
    double (``rounds_factor`` 2, 001:1027-1029)."""
    rows = _data("b2")
    if teams not in rows:
        raise MasterpointError(
            "the B2 bonus table covers 4-12 teams, got {teams}",
            code="masterpoint.b2-bonus-teams",
            teams=teams,
        )
    if division < 1:
        raise MasterpointError(
            "division must be 1 or more, got {division}",
            code="masterpoint.division-positive",
            division=division,
        )
    row = rows[teams]
    if place < 1 or place > len(row) or division > len(B3_BONUS_SHARE):
        return 0
    return math.ceil(Fraction(row[place - 1]) * B3_BONUS_SHARE[division - 1] * rounds_factor)


def g2a_gold(teams: int) -> tuple[int, ...]:
    """Gold per player for the top teams of the junior SM team final (001:1820-1832)."""
    for low, high, gold in G2A_GOLD:
        if low <= teams <= high:
            return gold
    raise MasterpointError(
        "the junior SM team final table starts at 6 teams, got {teams}",
        code="masterpoint.junior-final-teams",
        teams=teams,
    )


def elitserien_bonus(points: Fraction) -> Fraction:
    """The Elitserien winner's 20 % bonus on the points played in (001:1862-1863)."""
    return Fraction(points) / 5
