"""The stored grid form of a movement and the test movements themselves."""

from __future__ import annotations

from collections import Counter

import pytest

from bridgedesk.errors import MovementError
from bridgedesk.events.seating import (
    GridMovement,
    SeatingPlan,
    TableAssignment,
    format_boards,
    seats,
)


@pytest.mark.parametrize("name", ["mitchell", "howell"])
def test_each_pair_plays_each_board_at_most_once(name: str, request: pytest.FixtureRequest) -> None:
    movement: GridMovement = request.getfixturevalue(name)
    assert isinstance(movement, SeatingPlan)
    played = Counter(
        (pair, board) for _, _, a in seats(movement) for pair in (a.ns, a.ew) for board in a.boards
    )
    assert max(played.values()) == 1


def test_howell_every_pair_meets_every_other(howell: GridMovement) -> None:
    met = Counter(frozenset((a.ns, a.ew)) for _, _, a in seats(howell))
    assert len(met) == 28 and set(met.values()) == {1}
    # every pair plays all 14 boards
    boards = Counter(pair for _, _, a in seats(howell) for pair in (a.ns, a.ew) for _ in a.boards)
    assert set(boards.values()) == {14}


def test_mitchell_known_rounds(mitchell: GridMovement) -> None:
    assert mitchell.assignment(1, 1) == TableAssignment(1, 4, (1, 2))
    # round 2: EW pairs moved up one table, boards down one table
    assert mitchell.assignment(2, 2) == TableAssignment(2, 4, (5, 6))
    assert mitchell.assignment(2, 1) == TableAssignment(1, 6, (3, 4))
    assert mitchell.pairs == (1, 2, 3, 4, 5, 6)
    assert mitchell.boards == tuple(range(1, 7))


def test_json_round_trip(howell: GridMovement) -> None:
    again = GridMovement.from_json(howell.to_json())
    assert again == howell
    assert GridMovement.from_seating(again) is again


def test_from_seating_copies_any_protocol_object(mitchell: GridMovement) -> None:
    class Wrapped:
        rounds = 3
        tables = 3
        winners = 2

        def assignment(self, round: int, table: int) -> TableAssignment | None:
            return mitchell.assignment(round, table)

    grid = GridMovement.from_seating(Wrapped(), name="m", kind="mitchell")
    assert grid.grid == mitchell.grid


def test_pair_seated_twice_is_refused() -> None:
    grid = {(1, 1): TableAssignment(1, 2, (1,)), (1, 2): TableAssignment(1, 3, (2,))}
    with pytest.raises(MovementError, match="pair 1 is seated at tables 1 and 2"):
        GridMovement("x", "x", 1, 2, 1, grid)


def test_bad_json() -> None:
    with pytest.raises(MovementError, match="format"):
        GridMovement.from_json('{"format": "other"}')
    with pytest.raises(MovementError, match="not a valid grid"):
        GridMovement.from_json("[1, 2")


def test_format_boards() -> None:
    assert format_boards((7, 8)) == "boards 7-8"
    assert format_boards((9,)) == "board 9"
    assert format_boards((1, 5, 9)) == "boards 1, 5, 9"
