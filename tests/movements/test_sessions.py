"""Moving pairs between sections for the second session (004:2395-2452)."""

from __future__ import annotations

import pytest

from bridgedesk.errors import MovementError
from bridgedesk.movements.howell import short_howell
from bridgedesk.movements.mitchell import scrambled_mitchell, straight_mitchell
from bridgedesk.movements.sessions import Plan, meetings, rematches, swap_plan


def test_seed_example_12t_scrambled_plus_8t_howell() -> None:
    # 004:2411-2428: 20 tables, 2 boards x 12 rounds as 12T SM + 8T H.  Pairs
    # 13-16 stay in the Howell; swapping pairs 1-12 of the two sections
    # avoids every rematch.
    sm = scrambled_mitchell(12, rounds=12, relay=True, boards_per_round=2)
    h = short_howell(8, rounds=12)
    sections = [sm, h]
    seed_plan = Plan(
        {
            **{(0, p): (0, p) for p in range(13, 25)},
            **{(1, p): (1, p) for p in range(13, 17)},
            **{(0, p): (1, p) for p in range(1, 13)},
            **{(1, p): (0, p) for p in range(1, 13)},
        }
    )
    assert rematches(sections, sections, seed_plan) == []
    plan = swap_plan(sections)
    assert rematches(sections, sections, plan) == []
    assert plan.moves[(0, 1)] == (1, 1)
    # doing nothing replays every first-session meeting
    identity = Plan({k: k for k in seed_plan.moves})
    assert len(rematches(sections, sections, identity)) == len(meetings(sm)) + len(meetings(h))


def test_two_field_sections_are_refused() -> None:
    with pytest.raises(MovementError, match="one field"):
        swap_plan([straight_mitchell(7), straight_mitchell(7)])
