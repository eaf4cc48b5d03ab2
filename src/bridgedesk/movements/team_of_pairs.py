"""Team of pairs for 4 and 5 pairs, scored by IMPs (004:1536-1566).

With 4 pairs no Howell works, so teams of two pairs are formed afresh each
round; both tables play the same boards (relay) and EW then compare with the
other table.  The seed prints the 4-pair table guide sheet (004:1550-1562).
With 5 pairs the 3-table Howell is used (004:1546): pair 6 is the phantom.
"""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.movements.howell import complete_howell
from bridgedesk.movements.model import Movement, Pair, Round, Seating

#: 004:1550-1562: (table 1 NS, EW), (table 2 NS, EW) for rounds 1-3.
FOUR_PAIRS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((4, 1), (3, 2)),
    ((4, 2), (1, 3)),
    ((4, 3), (2, 1)),
)


def team_of_pairs(pairs: int, *, boards_per_round: int = 7) -> Movement:
    """The team-of-pairs movement for 4 or 5 pairs (4 to 8 boards a round, 004:1548)."""
    if pairs == 5:
        m = complete_howell(pairs=5, boards_per_round=boards_per_round)
        return Movement(
            kind="team-of-pairs",
            tables=m.tables,
            boards_per_round=m.boards_per_round,
            board_sets=m.board_sets,
            winners=1,
            rounds=m.rounds,
            relay_groups=m.relay_groups,
            phantom=m.phantom,
            notes=("3-table Howell, pair 6 is the phantom; score by IMPs (004:1546)",),
        )
    if pairs != 4:
        raise MovementError(
            "team of pairs is for 4 or 5 pairs, not {pairs}; use a Howell from 6 pairs",
            code="movement.team-of-pairs-size",
            pairs=pairs,
        )
    rounds = tuple(
        Round(
            r,
            tuple(Seating(t, Pair(ns), Pair(ew), r) for t, (ns, ew) in enumerate(row, start=1)),
        )
        for r, row in enumerate(FOUR_PAIRS, start=1)
    )
    return Movement(
        kind="team-of-pairs",
        tables=2,
        boards_per_round=boards_per_round,
        board_sets=3,
        winners=1,
        rounds=rounds,
        relay_groups=((1, 2),),
        notes=(
            "both tables play the same boards; after each round EW compare with the "
            "other table, and at table 2 NS and EW change places (004:1564)",
        ),
    )
