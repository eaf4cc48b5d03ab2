"""validate() finds each kind of problem; JSON round-trips and malformed files fail clearly."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from bridgedesk.errors import FormatError
from bridgedesk.formats import movement_json
from bridgedesk.movements.howell import complete_howell
from bridgedesk.movements.mitchell import relay_mitchell, straight_mitchell
from bridgedesk.movements.model import Movement, Pair, Round, Seating
from bridgedesk.movements.rover import rover_mitchell
from bridgedesk.movements.validate import validate


def _codes(m: Movement) -> set[str]:
    return {p.code for p in validate(m)}


def _edit(m: Movement, rnd: int, table: int, **changes: object) -> Movement:
    rounds = []
    for r in m.rounds:
        if r.number == rnd:
            seats = tuple(
                replace(s, **changes) if s.table == table else s  # type: ignore[arg-type]
                for s in r.seatings
            )
            r = Round(r.number, seats, r.sitout)
        rounds.append(r)
    return replace(m, rounds=tuple(rounds))


def test_pair_at_two_tables() -> None:
    m = _edit(complete_howell(4), 1, 2, ns=Pair(8))
    assert "pair-twice-in-round" in _codes(m)


def test_pair_plays_set_twice_and_meets_twice() -> None:
    m = straight_mitchell(5)
    m2 = _edit(m, 2, 1, board_set=1, ew=m.round(1).at(1)[0].ew)
    codes = _codes(m2)
    assert {"set-twice", "meet-twice", "set-unrelayed", "unequal-plays"} <= codes


def test_relay_needs_declaring() -> None:
    m = relay_mitchell(6)
    assert validate(m) == []
    assert "set-unrelayed" in _codes(replace(m, relay_groups=()))


def test_arrow_switch_in_two_fields_breaks_comparisons() -> None:
    m = straight_mitchell(5)
    s = m.round(5).at(1)[0]
    m2 = _edit(m, 5, 1, ns=s.ew, ew=s.ns, arrow_switch=True)
    assert "arrow-two-fields" in _codes(m2)


def test_ns_ew_imbalance_in_one_field() -> None:
    m = complete_howell(4)
    rounds = tuple(
        Round(
            r.number,
            tuple(
                Seating(s.table, s.ew, s.ns, s.board_set) if s.ns == Pair(1) else s
                for s in r.seatings
            ),
        )
        for r in m.rounds
    )
    assert "ns-ew-imbalance" in _codes(replace(m, rounds=rounds))


@pytest.mark.parametrize(
    "m", [complete_howell(6), straight_mitchell(7), rover_mitchell(15), relay_mitchell(8)]
)
def test_json_round_trip(m: Movement) -> None:
    text = movement_json.dumps(m)
    assert movement_json.loads(text) == m


def test_json_shape_matches_issue() -> None:
    data = json.loads(movement_json.dumps(complete_howell(6, boards_per_round=2)))
    assert data["kind"] == "howell" and data["tables"] == 6 and data["rounds"] == 11
    assert data["winners"] == 1 and data["boards_per_round"] == 2 and data["board_sets"] == 11
    first = data["rounds_detail"][0]
    assert first["round"] == 1 and first["sitout"] == []
    assert first["tables"][0] == {"table": 1, "ns": 12, "ew": 1, "set": 1, "boards": [1, 2]}


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("[1]", "the top level"),
        ('{"tables": 2}', "winners"),
        ('{"tables": 2, "winners": 3, "boards_per_round": 2, "board_sets": 2}', "winners"),
        (
            '{"tables": 1, "winners": 1, "boards_per_round": 2, "board_sets": 1,'
            ' "rounds_detail": [{"round": 1, "tables": [{"table": 1, "ns": "x", "ew": 2,'
            ' "set": 1}]}]}',
            "rounds_detail[0].tables[0].ns",
        ),
        (
            '{"tables": 1, "winners": 1, "boards_per_round": 2, "board_sets": 1,'
            ' "rounds_detail": [{"round": 1, "tables": [{"table": 1, "ns": 1, "ew": 2,'
            ' "set": 1, "boards": [3, 4]}]}]}',
            "rounds_detail[0].tables[0].boards",
        ),
    ],
)
def test_malformed_json_names_file_and_field(tmp_path: Path, text: str, field: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(FormatError) as info:
        movement_json.load(path)
    assert str(path) in str(info.value)
    assert field in str(info.value)


def test_not_json_gives_line(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{\n oops")
    with pytest.raises(FormatError, match=r"x\.json:2"):
        movement_json.load(path)


def test_json_round_trip_web_copies() -> None:
    from bridgedesk.movements.mitchell import web_mitchell

    m = web_mitchell(18, rounds=13)
    assert movement_json.loads(movement_json.dumps(m)) == m
