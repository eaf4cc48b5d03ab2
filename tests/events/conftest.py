"""Small real movements, computed here independently of bridgedesk.movements."""

from __future__ import annotations

import pytest

from bridgedesk.events.seating import GridMovement, TableAssignment


def mitchell_3_tables() -> GridMovement:
    """3-table Mitchell, 6 pairs, 3 rounds of 2 boards: NS 1-3 sit, EW 4-6 move up, boards down.

    EW pair 3 + e starts at table e and moves to the next higher table; board set b
    (boards 2b-1, 2b) starts at table b and moves to the next lower table.  With an
    odd number of tables every EW pair meets every board set once.
    """
    grid = {}
    for rnd in range(1, 4):
        for table in range(1, 4):
            e = (table - rnd) % 3 + 1
            b = (table + rnd - 2) % 3 + 1
            grid[(rnd, table)] = TableAssignment(table, 3 + e, (2 * b - 1, 2 * b))
    return GridMovement("Mitchell 3 tables", "mitchell", 3, 3, 2, grid)


def howell_8_pairs() -> GridMovement:
    """4-table Howell for 8 pairs (7 pairs + phantom 8), 7 rounds of 2 boards.

    Circle method: pair 8 stays, pairs 1-7 (labels 0-6) rotate; in round r table
    k+1 seats labels r+k (NS) and r-k (EW), table 1 seats 8 v r.  Table k plays
    board set r + f(k) with f = (0, 2, 4, 1), chosen so that each pair meets every
    set exactly once.
    """
    offsets = (0, 2, 4, 1)
    grid = {}
    for r in range(7):
        for k in range(4):
            s = (r + offsets[k]) % 7
            boards = (2 * s + 1, 2 * s + 2)
            if k == 0:
                ns, ew = 8, r + 1
            else:
                ns, ew = (r + k) % 7 + 1, (r - k) % 7 + 1
            grid[(r + 1, k + 1)] = TableAssignment(ns, ew, boards)
    return GridMovement("Howell 8 pairs", "howell", 7, 4, 1, grid)


@pytest.fixture
def mitchell() -> GridMovement:
    return mitchell_3_tables()


@pytest.fixture
def howell() -> GridMovement:
    return howell_8_pairs()
