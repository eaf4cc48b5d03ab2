"""Individual movements (Fig 20 and 8-19 players) and team of pairs (4 and 5 pairs)."""

from __future__ import annotations

import itertools

import pytest

from bridgedesk.cli import main
from bridgedesk.errors import MovementError
from bridgedesk.movements.individual import individual, validate_individual
from bridgedesk.movements.model import Pair
from bridgedesk.movements.team_of_pairs import team_of_pairs
from bridgedesk.movements.validate import validate

from .seedfig import lines


def test_fig20_individual_8_players() -> None:
    # 004:1594-1611 Fig 20: each round two lines (tables 1 and 2), N-S-E-W.
    printed = [line.strip() for line in lines(1597, 1610)]
    m = individual(8, boards_per_round=3)
    assert validate_individual(m) == []
    flat = [cell for row in m.master_rows() for cell in row]
    assert flat == printed
    # 004:1584: everybody partners everybody once and opposes everybody twice
    partners = {
        frozenset(c)
        for r in m.rounds
        for s in r.seatings
        for c in ((s.north, s.south), (s.east, s.west))
    }
    assert partners == {frozenset(c) for c in itertools.combinations(range(1, 9), 2)}


@pytest.mark.parametrize("players", [8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
def test_individual_partners_once_opponents_at_most_twice(players: int) -> None:
    m = individual(players)
    assert validate_individual(m) == []
    per_round = 4 * m.tables
    assert all(len(r.sitout) == players - per_round for r in m.rounds)


def test_individual_nine_players_has_only_warnings() -> None:
    # 004:3073 lists 9 players, 2 x 9; no cyclic round 1 keeps every opponent
    # to two meetings, so some meet three times (a warning, never a partner twice).
    m = individual(9)
    problems = validate_individual(m)
    assert problems and all(p.severity == "warning" for p in problems)
    assert m.round_count == 9


def test_individual_bad_sizes() -> None:
    with pytest.raises(MovementError, match="8 to 19 players"):
        individual(7)
    with pytest.raises(MovementError, match="1 to 7 rounds"):
        individual(8, rounds=9)


def test_individual_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "show", "individual", "--players", "8"]) == 0
    assert "8-1-6-2  5-7-3-4" in capsys.readouterr().out
    assert main(["movement", "show", "individual"]) == 2


def test_team_of_pairs_four_pairs_guide_sheet() -> None:
    # 004:1550-1562: table 1 NS 4 v EW 1, 2, 3; table 2 3-2, 1-3, 2-1.
    m = team_of_pairs(4, boards_per_round=7)
    assert validate(m) == []
    got = [[(s.table, s.ns.number, s.ew.number) for s in r.seatings] for r in m.rounds]
    assert got == [
        [(1, 4, 1), (2, 3, 2)],
        [(1, 4, 2), (2, 1, 3)],
        [(1, 4, 3), (2, 2, 1)],
    ]
    # boards 1-7, 8-14, 15-21 (and 1-8, 9-16, 17-24 with 8 a round)
    assert [m.set_label(k) for k in (1, 2, 3)] == ["1-7", "8-14", "15-21"]
    assert team_of_pairs(4, boards_per_round=8).set_label(3) == "17-24"


def test_team_of_pairs_five_pairs_uses_three_table_howell() -> None:
    # 004:1546: five pairs play the 3-table Howell.
    m = team_of_pairs(5, boards_per_round=4)
    assert m.tables == 3 and m.phantom == Pair(6)
    assert [p for p in validate(m) if p.severity == "error"] == []
    with pytest.raises(MovementError, match="4 or 5 pairs"):
        team_of_pairs(6)


def test_individual_cards_command(tmp_path: object) -> None:
    from pathlib import Path

    out = Path(str(tmp_path))
    assert main(["movement", "cards", "individual", "--players", "8", "--out", str(out)]) == 0
    assert "8-7-5-1  4-6-2-3" in (out / "movement.txt").read_text()


@pytest.mark.parametrize("players", [10, 11, 12, 13])
def test_stored_individual_starters_are_what_the_search_finds(players: int) -> None:
    from bridgedesk.movements.individual import _starter, search_starter

    assert search_starter(players) == _starter(players)


def test_individual_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["movement", "show", "individual", "--players", "8", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    first = data["rounds_detail"][0]["tables"][0]
    assert (first["n"], first["s"], first["e"], first["w"]) == (8, 1, 6, 2)
    assert first["boards"] == [1, 2]
