"""The matches a stored team event reads off its movement (events/team_draw.py):
every meeting the movement makes, each in an open and a closed room on the same
boards with the seat rule "NS at home, EW away" (004:1631-1633)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bridgedesk.errors import MovementError
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.events.team_draw import Room, matches_of, movement_draw, round_grid
from bridgedesk.events.team_settings import TeamForm

CASES = (
    [(TeamForm.ROUND_ROBIN, n, 1, c) for n in range(3, 13) for c in (1, 2)]
    + [(TeamForm.AWL, n, 1, 1) for n in range(5, 22)]
    + [(TeamForm.MIRROR_MITCHELL, n, 1, 1) for n in (10, 14, 18)]
    + [(TeamForm.STAGGER, n, 1, 1) for n in (6, 8, 10, 12)]
    + [(TeamForm.SRR_PAIRS, n, 2, 1) for n in range(4, 12)]
)


@pytest.mark.parametrize(("form", "teams", "times", "cycles"), CASES)
def test_every_meeting_in_two_rooms(form: TeamForm, teams: int, times: int, cycles: int) -> None:
    grid, drawn = movement_draw(form, teams, 2, cycles)
    played = [d for d in drawn if d.away is not None]
    meetings = Counter(frozenset((d.home, d.away)) for d in played)
    if form is TeamForm.MIRROR_MITCHELL:  # the halves meet each other (004:3682)
        h = teams // 2
        expected = {frozenset((a, b)) for a in range(1, h + 1) for b in range(h + 1, teams + 1)}
    else:
        expected = {frozenset(p) for p in combinations(range(1, teams + 1), 2)}
    assert set(meetings) == expected
    assert set(meetings.values()) == {times * cycles}
    used = Counter()
    for d in played:
        assert d.open is not None and d.closed is not None and d.away is not None
        o, c = grid.grid[(d.open.round, d.open.table)], grid.grid[(d.closed.round, d.closed.table)]
        assert o.boards == c.boards == d.boards
        # each team's pair 1 is section pair t and pair 2 is t + N, whichever seat it takes
        assert {o.ns, c.ew} <= {d.home, d.home + teams}
        assert {o.ew, c.ns} <= {d.away, d.away + teams}
        assert o.ns != c.ew and o.ew != c.ns
        assert (d.open.round, d.open.table) <= (d.closed.round, d.closed.table)
        used[(d.open.round, d.open.table)] += 1
        used[(d.closed.round, d.closed.table)] += 1
    assert set(used.values()) == {1} and len(used) == len(grid.grid)
    byes = Counter(d.home for d in drawn if d.away is None)
    if form is TeamForm.ROUND_ROBIN and teams % 2:
        assert byes == Counter(dict.fromkeys(range(1, teams + 1), cycles))
    else:
        assert not byes


def test_a_round_drawn_at_two_tables_a_match() -> None:
    grid, first = round_grid(None, 1, [(1, 4), (2, 3)], 4, 8, "swiss 4 teams")
    assert [(d.open, d.closed) for d in first] == [
        (Room(1, 1), Room(1, 2)), (Room(1, 3), Room(1, 4))
    ]  # fmt: skip
    assert grid.grid[(1, 1)] == TableAssignment(1, 8, tuple(range(1, 9)))
    assert grid.grid[(1, 2)] == TableAssignment(4, 5, tuple(range(1, 9)))
    grid2, second = round_grid(grid, 2, [(1, 2), (3, None)], 4, 8, "swiss 4 teams")
    assert second[0].boards == tuple(range(9, 17)) and second[1].away is None
    assert grid2.rounds == 2 and (1, 1) in grid2.grid
    with pytest.raises(MovementError, match="round 4 follows round 2"):
        round_grid(grid2, 4, [(1, 3)], 4, 8, "swiss 4 teams")


def test_a_grid_whose_rooms_do_not_pair_is_refused() -> None:
    grid = GridMovement("odd", "x", 1, 2, 2, {
        (1, 1): TableAssignment(1, 6, (1, 2)),
        (1, 2): TableAssignment(3, 5, (1, 2)),
    })  # fmt: skip
    with pytest.raises(MovementError, match="teams 1 v 2 play boards 1-2 at 1 tables"):
        matches_of(grid, 4)
