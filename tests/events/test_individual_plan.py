"""The individual seating the event code keeps (events.individual): Fig 20's 8 players
(004:1592-1611) with the event's numbers, its N / E grid and its checks."""

from __future__ import annotations

import pytest

from bridgedesk.errors import EntryError, MovementError
from bridgedesk.events import GridMovement, Result
from bridgedesk.events.individual import IndividualPlan, IndividualTable

# Fig 20 round 1 (N-S-E-W): 8-1-6-2 and 5-7-3-4; round 2: 8-2-7-3 and 6-1-4-5; 3 boards a round
PLAN = IndividualPlan(
    "individual 8 players",
    rounds=2,
    tables=2,
    boards_per_round=3,
    players=tuple(range(1, 9)),
    seats={
        (1, 1): IndividualTable(8, 1, 6, 2, (1, 2, 3)),
        (1, 2): IndividualTable(5, 7, 3, 4, (1, 2, 3)),
        (2, 1): IndividualTable(8, 2, 7, 3, (4, 5, 6)),
        (2, 2): IndividualTable(6, 1, 4, 5, (4, 5, 6)),
    },
)


def test_the_stored_text_is_the_grid_of_north_and_east() -> None:
    text = PLAN.to_json()
    assert IndividualPlan.from_json(text) == PLAN
    grid = GridMovement.from_json(text)  # what the pairs paths of the store read
    assert grid.kind == "individual" and grid.winners == 1
    assert [(a.ns, a.ew) for (_, _), a in sorted(grid.grid.items())] == [
        (8, 6), (5, 3), (8, 7), (6, 4)
    ]  # fmt: skip


def test_a_slip_is_checked_with_its_four_players() -> None:
    PLAN.check_slip(_slip(2, 2, 5, 6, 4), (6, 1, 4, 5))
    with pytest.raises(EntryError, match="seats N 6 S 1 E 4 W 5, not N 6 S 5 E 4 W 1"):
        PLAN.check_slip(_slip(2, 2, 5, 6, 4), (6, 5, 4, 1))
    with pytest.raises(EntryError, match="round 2 table 2 plays boards 4-6, not 2"):
        PLAN.check_slip(_slip(2, 2, 2, 6, 4), (6, 1, 4, 5))
    with pytest.raises(EntryError, match="NS and EW are its North and East"):
        PLAN.check_slip(_slip(2, 2, 5, 1, 4), (6, 1, 4, 5))
    assert PLAN.players_of(_slip(1, 2, 3, 5, 3)) == (5, 7, 3, 4)
    assert PLAN.sitting_out(1) == ()


def test_a_player_in_two_places_or_a_bad_text_is_refused() -> None:
    with pytest.raises(MovementError, match="player 8 is seated at tables 1 and 2"):
        IndividualPlan("x", 1, 2, 1, tuple(range(1, 9)), {
            (1, 1): IndividualTable(8, 1, 6, 2, (1,)),
            (1, 2): IndividualTable(5, 7, 3, 8, (1,)),
        })  # fmt: skip
    with pytest.raises(MovementError, match="stored individual movement is not valid"):
        IndividualPlan.from_json('{"format": "bridgedesk-grid-1"}')


def _slip(rnd: int, table: int, board: int, ns: int, ew: int) -> Result:
    from bridgedesk.bridge import Contract

    return Result(rnd, table, board, ns, ew, Contract.parse("PASS"))
