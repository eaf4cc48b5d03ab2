"""Every contract result against Law 77's scoring table, transcribed as data.

The expectation here is built differently from ``bridgedesk.bridge.score``: the
Law 77 table is written out row by row (points per trick, per undertrick, per
premium) and a result is scored by walking the tricks one at a time and looking
each one up, the way a player adds up a score card.  Duplicate bonuses: 50 for a
partscore, 300 / 500 for a game (004:662-674).
"""

from __future__ import annotations

import itertools

import pytest

from bridgedesk.bridge import (
    SEATS,
    Contract,
    Doubling,
    Strain,
    Vulnerability,
    contract_score,
    score_ns,
)

LEVELS = range(1, 8)
STRAIN_NAMES = ("C", "D", "H", "S", "NT")
DOUBLE_NAMES = ("", "X", "XX")

# Law 77, trick score for each odd trick bid and made: (undoubled, doubled, redoubled).
FIRST_TRICK = {
    "C": (20, 40, 80),
    "D": (20, 40, 80),
    "H": (30, 60, 120),
    "S": (30, 60, 120),
    "NT": (40, 80, 160),
}
LATER_TRICK = {
    "C": (20, 40, 80),
    "D": (20, 40, 80),
    "H": (30, 60, 120),
    "S": (30, 60, 120),
    "NT": (30, 60, 120),
}
# Overtricks, each: undoubled = trick value; (doubled, redoubled) by vulnerability.
OVERTRICK_DOUBLED = {False: (100, 200), True: (200, 400)}
# Undertricks: rows (vulnerable, doubling) -> (1st, 2nd, 3rd, 4th and each later).
UNDERTRICK = {
    (False, ""): (50, 50, 50, 50),
    (False, "X"): (100, 200, 200, 300),
    (False, "XX"): (200, 400, 400, 600),
    (True, ""): (100, 100, 100, 100),
    (True, "X"): (200, 300, 300, 300),
    (True, "XX"): (400, 600, 600, 600),
}
# Premiums.
SLAM = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}
GAME = {False: 300, True: 500}
PARTSCORE = 50
MADE_DOUBLED = {"": 0, "X": 50, "XX": 100}


def law77(level: int, strain: str, double: str, vulnerable: bool, tricks: int) -> int:
    """Score a result by looking up Law 77's rows one trick at a time."""
    d = DOUBLE_NAMES.index(double)
    needed = 6 + level
    if tricks < needed:
        penalty = 0
        for k in range(1, needed - tricks + 1):
            penalty += UNDERTRICK[(vulnerable, double)][min(k, 4) - 1]
        return -penalty
    below_line = 0
    for k in range(1, level + 1):
        row = FIRST_TRICK if k == 1 else LATER_TRICK
        below_line += row[strain][d]
    above_line = MADE_DOUBLED[double]
    for _ in range(tricks - needed):
        if double == "":
            above_line += LATER_TRICK[strain][0]
        else:
            above_line += OVERTRICK_DOUBLED[vulnerable][d - 1]
    above_line += GAME[vulnerable] if below_line >= 100 else PARTSCORE
    above_line += SLAM.get(level, {False: 0, True: 0})[vulnerable]
    return below_line + above_line


# Spot checks of the transcription itself against figures printed on every
# duplicate score card (so a typo in the rows above cannot hide).
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((1, "NT", "", False, 7), 90),
        ((3, "NT", "", True, 9), 600),
        ((4, "H", "", False, 11), 450),
        ((5, "D", "X", True, 11), 750),
        ((2, "S", "X", False, 8), 470),
        ((2, "S", "X", True, 9), 870),
        ((1, "C", "XX", False, 7), 230),
        ((6, "S", "", True, 12), 1430),
        ((7, "NT", "", True, 13), 2220),
        ((3, "NT", "X", False, 4), -1100),
        ((3, "NT", "X", True, 4), -1400),
        ((4, "S", "XX", True, 7), -1600),
        ((4, "S", "XX", False, 5), -2200),
    ],
)
def test_transcription_spot_checks(args: tuple[int, str, str, bool, int], expected: int) -> None:
    assert law77(*args) == expected


@pytest.mark.parametrize(
    ("level", "strain", "double"),
    list(itertools.product(LEVELS, STRAIN_NAMES, DOUBLE_NAMES)),
    ids=lambda v: str(v),
)
def test_every_result_matches_law77(level: int, strain: str, double: str) -> None:
    contract = Contract(level, Strain(strain), Doubling(double))
    assert str(contract) == f"{level}{strain}{double}"
    for vulnerable in (False, True):
        for tricks in range(14):
            expected = law77(level, strain, double, vulnerable, tricks)
            assert contract_score(contract, vulnerable, tricks) == expected, (
                f"{contract} vul={vulnerable} tricks={tricks}"
            )


@pytest.mark.parametrize("vulnerability", list(Vulnerability))
def test_every_seat_and_vulnerability_from_ns_view(vulnerability: Vulnerability) -> None:
    vul_sides = {
        Vulnerability.NONE: set(),
        Vulnerability.NS: {"N", "S"},
        Vulnerability.EW: {"E", "W"},
        Vulnerability.BOTH: {"N", "E", "S", "W"},
    }[vulnerability]
    for level, strain, double in itertools.product(LEVELS, STRAIN_NAMES, DOUBLE_NAMES):
        contract = Contract(level, Strain(strain), Doubling(double))
        for seat in SEATS:
            sign = 1 if seat.value in "NS" else -1
            for tricks in range(14):
                expected = sign * law77(level, strain, double, seat.value in vul_sides, tricks)
                assert score_ns(contract, seat, tricks, vulnerability) == expected


@pytest.mark.parametrize("tricks", range(14))
def test_passed_out_is_zero(tricks: int) -> None:
    for vulnerability in Vulnerability:
        assert score_ns(Contract.PASS, None, tricks, vulnerability) == 0
    assert contract_score(Contract.PASS, True, tricks) == 0
