"""Swiss pairs and barometer (004:1505-1515, 004:2589-2597), numbers worked by hand."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.bridge.vp import get_scale
from bridgedesk.errors import ScoringError
from bridgedesk.scoring.results import Board, TravellerLine
from bridgedesk.scoring.swiss import SwissBy, barometer, swiss_pairs


def board(n: int, *rows: tuple[int, int, int]) -> Board:
    return Board.of(n, [TravellerLine.played(a, b, s) for a, b, s in rows])


# Round 1: 1 (NS) v 2, 3 (NS) v 4.  Board 1: 420 beats 400 (1 and 4 top); board 2: 100 both.
# Round 2: 1 (NS) v 4, 2 (NS) v 3.  Board 3: -50 beats -100; board 4: 200 beats 170.
ROUND1 = [board(1, (1, 2, 420), (3, 4, 400)), board(2, (1, 2, 100), (3, 4, 100))]
ROUND2 = [board(3, (1, 4, -50), (2, 3, -100)), board(4, (1, 4, 200), (2, 3, 170))]


def lines(result: object, rnd: int) -> dict[str, tuple[Fraction, Fraction, str]]:
    return {x.pair: (x.vp, x.total, x.rank) for x in result.rounds[rnd - 1]}  # type: ignore[attr-defined]


def test_swiss_pairs_by_matchpoint_percentage() -> None:
    res = swiss_pairs([ROUND1, ROUND2])
    # Round 1 (top 1 a board): 1 and 4 have 1.5 of 2 = 75 % -> 15 VPs of the 20;
    # 2 and 3 have 25 % -> 5.
    assert lines(res, 1) == {
        "1": (15, 15, "1="), "4": (15, 15, "1="), "2": (5, 5, "3="), "3": (5, 5, "3="),
    }  # fmt: skip
    # Round 2: 1 and 3 win both boards (100 % -> 20), 4 and 2 none (0).
    assert lines(res, 2) == {
        "1": (20, 35, "1"), "3": (20, 25, "2"), "4": (0, 15, "3"), "2": (0, 5, "4"),
    }  # fmt: skip
    assert [x.pair for x in res.final()] == ["1", "3", "4", "2"]
    assert res.rounds[0][0].opponent == "2" and res.rounds[0][0].result == 75


def test_swiss_pairs_bye() -> None:
    # Pair 5 sits out both rounds: the larger of its average (none) and 60 % of 20 = 12.
    res = swiss_pairs([ROUND1, ROUND2], pairs=["1", "2", "3", "4", "5"])
    five = next(x for x in res.final() if x.pair == "5")
    assert (five.opponent, five.result, five.vp, five.total) == (None, None, 12, 24)
    assert [x.pair for x in res.final()] == ["1", "3", "5", "4", "2"]


def test_swiss_pairs_by_imps() -> None:
    # Board 1: NS 420 and 170, datum (420 + 170) / 2 = 295 -> 300.  NS1 +120 = 3 IMPs,
    # NS3 -130 = -4 IMPs, so EW2 -3 and EW4 +4.  Board 2: 100 twice, datum 100, 0 IMPs.
    r1 = [board(1, (1, 2, 420), (3, 4, 170)), board(2, (1, 2, 100), (3, 4, 100))]
    res = swiss_pairs([r1], by=SwissBy.IMP, butler_drop=0)
    got = {x.pair: (x.result, x.vp) for x in res.final()}

    def v(imps: int) -> Fraction:
        return Fraction(get_scale("wbf2013").vp(imps, 2)[0])

    assert got == {"1": (3, v(3)), "2": (-3, v(-3)), "3": (-4, v(-4)), "4": (4, v(4))}
    assert [x.pair for x in res.final()] == ["4", "1", "2", "3"]


def test_swiss_round_needs_one_opponent() -> None:
    bad = [board(1, (1, 2, 420), (3, 4, 400)), board(2, (1, 4, 100), (3, 2, 100))]
    with pytest.raises(ScoringError, match="meets both 2 and 4"):
        swiss_pairs([bad])


def test_barometer_running_ranking() -> None:
    after = barometer([ROUND1, ROUND2])
    # After round 1: 1 and 4 have 1.5, 2 and 3 have 0.5 (one field: 2 and 3 change
    # direction in round 2).  After round 2: 1 3.5, 3 2.5, 4 1.5, 2 0.5.
    assert after[0].winners == 1
    assert {s.pair: (s.total, s.rank) for s in after[0].standings} == {
        "1": (Fraction(3, 2), "1="), "4": (Fraction(3, 2), "1="),
        "2": (Fraction(1, 2), "3="), "3": (Fraction(1, 2), "3="),
    }  # fmt: skip
    assert [(s.pair, s.total) for s in after[1].standings] == [
        ("1", Fraction(7, 2)), ("3", Fraction(5, 2)), ("4", Fraction(3, 2)), ("2", Fraction(1, 2))
    ]  # fmt: skip
    with pytest.raises(ScoringError, match="played again in round 2"):
        barometer([ROUND1, ROUND1])


def test_cli_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from .test_cli_multi import run, travellers

    base = tmp_path
    r1 = travellers(
        base, "r1.json", [(1, [(1, 2, 420), (3, 4, 400)]), (2, [(1, 2, 100), (3, 4, 100)])]
    )
    r2 = travellers(
        base, "r2.json", [(3, [(1, 4, -50), (2, 3, -100)]), (4, [(1, 4, 200), (2, 3, 170)])]
    )
    code, out, err = run(capsys, str(r1), str(r2), "--rounds", "swiss-mp", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    # The same rounds as test_swiss_pairs_by_matchpoint_percentage: 35, 25, 15, 5.
    assert [(x["pair"], x["total"], x["rank"]) for x in doc["rounds"][1]] == [
        ("1", 35.0, "1"), ("3", 25.0, "2"), ("4", 15.0, "3"), ("2", 5.0, "4")
    ]  # fmt: skip
    code, out, err = run(capsys, str(r1), str(r2), "--rounds", "barometer")
    assert code == 0, err
    assert out.count("After round") == 2
    code, out, err = run(capsys, str(r1), "--rounds", "swiss-imp", "--format", "pbn")
    assert code == 2 and out == "" and "--rounds takes no" in err
