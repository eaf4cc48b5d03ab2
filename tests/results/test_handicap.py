"""Handicap pairs (004:4205; the methods of docs/handicap.md): the handicap from ratings
(50 minus the pair's mean rating) and from masterpoint bands, the ranking with and
without it, and ``bridgedesk handicap`` on a stored session.

The pure cases are worked by hand below.  The stored session is
:func:`tests.services.sim_heats.club_heat` (a four-table Mitchell, play simulated from
fixed seeds); the expected ranking is computed here from the session's published
ranking (``bridgedesk results --format json``: each pair's total and top) and the
ratings file, independently of the service.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from bridgedesk.bridge.seats import Side
from bridgedesk.cli import main
from bridgedesk.errors import FormatError, ScoringError
from bridgedesk.formats import handicap_file
from bridgedesk.formats.handicap_file import parse_grades
from bridgedesk.results.handicap import (
    Grades,
    Played,
    grade_handicap,
    handicap_ranking,
    rating_handicap,
)
from tests.services.sim_heats import club_heat, deal_set

F = Fraction


def test_a_rating_handicap_is_fifty_less_the_pairs_mean_rating() -> None:
    assert rating_handicap([F(47), F(45)]) == 4
    assert rating_handicap([F(58), F(5300, 100)]) == F(-55, 10)


def test_masterpoint_bands_give_each_player_a_handicap_and_the_pair_their_mean() -> None:
    grades = parse_grades("0:6, 5:4, 20:2, 100:0")
    assert grades == Grades(((F(0), F(6)), (F(5), F(4)), (F(20), F(2)), (F(100), F(0))))
    assert [grades.handicap(F(m)) for m in ("4.99", "5", "99.5", "150")] == [6, 4, 2, 0]
    assert grade_handicap([F(3), F(25)], grades) == 4


def test_the_ranking_with_and_without_the_handicap() -> None:
    played = [
        Played("1", "A", None, F(60)),
        Played("2", "B", None, F(52)),
        Played("3", "C", None, F(48)),
        Played("4", "D", None, F(50)),
    ]
    handicaps = {"1": F(-5), "2": F(4), "3": F(6), "4": F(0)}
    full = handicap_ranking(played, handicaps)
    assert [(x.pair, x.handicapped, x.rank, x.scratch_rank) for x in full.lines] == [
        ("2", 56, "1", "2"),
        ("1", 55, "2", "1"),
        ("3", 54, "3", "4"),
        ("4", 50, "4", "3"),
    ]
    half = handicap_ranking(played, handicaps, F(1, 2))
    assert [(x.pair, x.handicapped, x.handicap) for x in half.lines] == [
        ("1", F(115, 2), F(-5, 2)),
        ("2", 54, 2),
        ("3", 51, 3),
        ("4", 50, 0),
    ]
    tied = handicap_ranking(played[:2], {"1": F(-4), "2": F(4)})
    assert [x.rank for x in tied.lines] == ["1=", "1="]


def test_two_winners_are_ranked_in_each_direction() -> None:
    played = [
        Played("1", "", Side.NS, F(55)),
        Played("2", "", Side.NS, F(45)),
        Played("3", "", Side.EW, F(51)),
        Played("4", "", Side.EW, F(49)),
    ]
    done = handicap_ranking(played, {"1": F(0), "2": F(12), "3": F(0), "4": F(1)})
    assert [(x.pair, x.rank) for x in done.lines] == [("2", "1"), ("1", "2"), ("3", "1"),
                                                       ("4", "2")]  # fmt: skip


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: handicap_ranking([Played("1", "", None, F(50))], {}), "pair 1 has no handicap"),
        (lambda: handicap_ranking([], {}, F(0)), "above 0 and at most 100 %, not 0 %"),
        (lambda: Grades(((F(5), F(1)),)), "starts with the band from 0 masterpoints"),
        (lambda: parse_grades("0:6,20:2,5:4"), "each from more masterpoints"),
        (lambda: parse_grades("0:6,lots:2"), "not 'lots:2'"),
        (lambda: handicap_file.loads("member,rating\n123,47.5\n456,4 7\n"), "not '4 7'"),
        (lambda: handicap_file.loads("member,score\n123,47\n"), "header with member and rating"),
    ],
)
def test_refused_in_one_line(call: object, message: str) -> None:
    with pytest.raises((ScoringError, FormatError), match=message) as caught:
        call()  # type: ignore[operator]
    assert "\n" not in str(caught.value)


def _two(value: Fraction) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def _ranks(values: dict[str, Fraction]) -> dict[str, str]:
    """1, 2=, 2=, 4 on the values rounded to two places, higher first."""
    rounded = {k: _two(v) for k, v in values.items()}
    out = {}
    for k, v in rounded.items():
        above = sum(1 for w in rounded.values() if w > v)
        tied = sum(1 for w in rounded.values() if w == v)
        out[k] = f"{above + 1}{'=' if tied > 1 else ''}"
    return out


def test_handicap_command_on_a_stored_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "club.sqlite3"
    eid = club_heat(db, "Lunds BK", deal_set(12, 7), "mitchell", 4, 3, 1)
    # ratings: player CLUB-PAIR-SEAT rates 40 + 2 x pair + seat
    rows = [f"Lun{n:02d}{seat},{40 + 2 * n + seat}" for n in range(1, 9) for seat in (1, 2)]
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("member,rating\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert main(["results", str(eid), "--format", "json", "--db", str(db)]) == 0
    published = json.loads(capsys.readouterr().out)["ranking"]
    assert main(["handicap", str(eid), "--ratings", str(ratings), "--share", "90", "--json",
                 "--db", str(db)]) == 0  # fmt: skip
    got = json.loads(capsys.readouterr().out)
    assert got["method"] == "rating" and got["share"] == "90"
    lines = {x["pair"]: x for x in got["ranking"]}
    for side in ("NS", "EW"):
        mine = [p for p in published if p["direction"] == side]
        scratch = {str(p["pair"]): F(str(p["total"])) / F(str(p["max"])) * 100 for p in mine}
        handicap = {
            str(p["pair"]): F(9, 10) * (50 - F(40 + 2 * p["pair"] + 1 + 40 + 2 * p["pair"] + 2, 2))
            for p in mine
        }
        withh = {k: scratch[k] + handicap[k] for k in scratch}
        ranks = _ranks(withh)
        for k in scratch:
            line = lines[k]
            assert line["direction"] == side
            assert Decimal(line["handicap"]) == _two(handicap[k])
            assert Decimal(line["handicapped"]) == _two(withh[k])
            assert line["rank"] == ranks[k]
            assert line["scratch_rank"] == next(p["rank"] for p in mine if str(p["pair"]) == k)
    # a player without a rating is refused, naming the pair and the member
    ratings.write_text("member,rating\n" + "\n".join(rows[1:]) + "\n", encoding="utf-8")
    assert main(["handicap", str(eid), "--ratings", str(ratings), "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert "pair 1: member Lun011 has no rating" in err and err.count("\n") == 1
    # the masterpoint bands on an empty ledger: everyone in the first band
    assert main(["handicap", str(eid), "--grades", "0:3,5:0", "--lang", "ja", "--db",
                 str(db)]) == 0  # fmt: skip
    text = capsys.readouterr().out
    assert text.splitlines()[0].endswith("(マスターポイントによるハンディキャップ, 100 %)")
    assert "+3.00" in text
