"""Where a table's boards go after each round, in every movement the catalogue has
(issue 22: after round 1 of the 3-table Howell the terminal sent finished boards to
the relay).

The instruction is checked against the movement itself: "to table T" when T plays
one of them in the next round; "on the relay" when none plays them next round but
some table does later; "finished" when no table plays them again.
"""

from __future__ import annotations

from typing import Any

import pytest

from bridgedesk.events.adapters import as_grid
from bridgedesk.events.seating import GridMovement
from bridgedesk.events.table_rounds import next_round
from bridgedesk.movements.catalogue import KINDS, build

#: One movement of each kind, of a size the kind takes.
SIZES: dict[str, dict[str, Any]] = {
    "howell": {"tables": 3, "boards_per_round": 4},
    "appendix-howell": {"pairs": 10},
    "three-quarter-howell": {"tables": 5, "rounds": 7},
    "short-howell": {"tables": 4, "rounds": 5},
    "mitchell": {"tables": 5},
    "skip-mitchell": {"tables": 6},
    "relay-mitchell": {"tables": 8},
    "rover-mitchell": {"pairs": 11},
    "appendix-mitchell": {"tables": 8},
    "scrambled-mitchell": {"tables": 5},
    "web-mitchell": {"tables": 16},
    "interwoven-howell": {"tables": 8},
    "team-of-pairs": {"pairs": 4},
}


def test_every_kind_is_asked() -> None:
    assert set(SIZES) == set(KINDS)


def _sets(grid: GridMovement, rnd: int) -> dict[int, set[int]]:
    return {
        t: set(a.boards)
        for t in range(1, grid.tables + 1)
        if (a := grid.assignment(rnd, t)) is not None
    }


@pytest.mark.parametrize("kind", sorted(SIZES))
def test_the_boards_go_where_the_movement_plays_them_next(kind: str) -> None:
    grid = as_grid(build(kind, **SIZES[kind]))
    finished_seen = False
    for rnd in range(1, grid.rounds):
        following = _sets(grid, rnd + 1)
        later = set().union(
            *(set().union(*_sets(grid, r).values()) for r in range(rnd + 1, grid.rounds + 1))
        )
        for table, here in _sets(grid, rnd).items():
            nxt = next_round(grid, set(), rnd, table)
            assert nxt is not None
            if nxt.boards_to is not None:
                assert following[nxt.boards_to] & here, (kind, rnd, table)
                assert not nxt.boards_finished
            elif nxt.boards_finished:
                assert not here & later, (kind, rnd, table)
                finished_seen = True
            else:  # the relay: not next round, but later
                assert not any(here & s for s in following.values()), (kind, rnd, table)
                assert here & later, (kind, rnd, table)
    if kind == "howell":  # the example: every table plays each set in one round
        assert finished_seen
        nxt = next_round(grid, set(), 1, 1)
        assert nxt is not None and nxt.boards_finished and nxt.boards_to is None
