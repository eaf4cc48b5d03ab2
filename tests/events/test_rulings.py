"""The rulings model: expected and missing slips (004:3838-3846), fouled groups."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bridgedesk.errors import EntryError
from bridgedesk.events import Entry, GridMovement, make_result
from bridgedesk.events.rulings import (
    FouledResult,
    NotPlayed,
    PenaltyUnit,
    ProceduralPenalty,
    Rulings,
    Slip,
    expected_slips,
    missing_slips,
)


def test_expected_slips_leave_out_the_phantom_tables(howell: GridMovement) -> None:
    # conftest's Howell: 4 tables x 7 rounds x 2 boards; phantom 8 sits at table 1
    assert len(expected_slips(howell)) == 56
    slips = expected_slips(howell, {8: Entry(8, phantom=True)})
    assert len(slips) == 42 and all(8 not in (s.ns, s.ew) for s in slips)


def test_missing_slips(mitchell: GridMovement) -> None:
    # round 1 table 1 is NS 1 v EW 4 on boards 1-2 (conftest's Mitchell)
    in_ = make_result(round=1, table=1, board=1, ns=1, ew=4, contract="PASS")
    # a result the director let stand at another table still counts for its pairs
    moved = make_result(round=2, table=3, board=2, ns=1, ew=4, contract="PASS")
    marked = NotPlayed(1, 2, 3, "late start")
    missing = missing_slips(mitchell, [in_, moved], [marked])
    assert len(missing) == 18 - 3
    assert Slip(1, 2, 4, 2, 5) in missing and Slip(1, 2, 3, 2, 5) not in missing
    assert Slip(1, 1, 2, 1, 4) not in missing  # in, at round 2 table 3
    assert Slip(2, 3, 2, 3, 5) in missing  # the pairs the movement put there still owe it
    # the slip names its pairs as their cards do: stored EW 5 is EW 2 (004:968-980)
    assert missing[0].cards == (2, 2)
    assert str(missing[0]) == "round 1 table 2 board 4 (NS 2 v EW 2)"


def test_fouled_groups() -> None:
    rulings = Rulings(fouled=(FouledResult(5, 3, 2, "2", "swapped"),))
    r = make_result(round=3, table=2, board=5, ns=2, ew=4, contract="PASS")
    other = make_result(round=1, table=1, board=5, ns=1, ew=6, contract="PASS")
    elsewhere = make_result(round=1, table=1, board=6, ns=1, ew=6, contract="PASS")
    assert rulings.group_of(r) == "2"
    assert rulings.group_of(other) == "1"
    assert rulings.group_of(elsewhere) is None


def test_penalty_checks() -> None:
    p = ProceduralPenalty(3, Fraction(1, 2), PenaltyUnit.BOARDS, "slow play")
    assert p.text == "0.5 board(s)"
    assert ProceduralPenalty(3, Fraction(25), PenaltyUnit.PERCENT, "x").text == "25% of a top"
    with pytest.raises(EntryError, match="more than 0"):
        ProceduralPenalty(3, Fraction(0), PenaltyUnit.MATCHPOINTS, "x")
