"""An odd Swiss field's triangle in a stored event: where its three half-matches play.

An odd number of teams cannot all be paired: three of them play a triangle
(004:1790-1792, 004:2698-2716).  The stored event plays it *in one round*
(004:2700-2704): each of the three teams plays half the round's boards against
each of the other two, so the round's board count must be even (004:2702).
Which three teams is the library's choice (:func:`bridgedesk.events.swiss.pair_round`).

The three teams A, B, C (in the order the engine gives them) play three
half-matches, A v B, B v C and C v A, each team at home once.  They sit at
three tables, the NS pairs stationary and the EW pairs moving up a table at
half time, each set of half the boards following them:

=========  ======================  ======================
table      first half              second half
=========  ======================  ======================
t          A NS v B EW, set X      A NS v C EW, set Z
t + 1      B NS v C EW, set Y      B NS v A EW, set X
t + 2      C NS v A EW, set Z      C NS v B EW, set Y
=========  ======================  ======================

So A v B is compared on set X (its open room: A NS at table t in the first
half; its closed room: B NS at table t + 1 in the second), B v C on set Y and
C v A on set Z.  The three sets must be different boards, as every pair of
sets is played by one team's pairs; so a round with a triangle uses half a
round's boards more: round *r* of an odd field plays boards
``(r-1)S+1 .. (r-1)S+B`` (S = 3B/2), set X being its first half, set Y its
second half and set Z the next B/2 boards.

The movement grid seats each pair once a round (:class:`GridMovement`), so
an odd field's draw round *r* is two grid rounds: the first half ``2r-1``
(every full match plays both its rooms there) and the second half ``2r``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bridgedesk.errors import EntryError, MovementError
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.events.team_draw import DrawnMatch, Room, pair_numbers

__all__ = [
    "check_boards",
    "odd_round_boards",
    "odd_round_grid",
    "triangles",
]


def check_boards(boards_per_match: int) -> None:
    """A one-round triangle plays half the boards against each opponent (004:2702)."""
    if boards_per_match % 2:
        raise EntryError(
            "an odd Swiss field plays a triangle with half the boards against each "
            "of two teams, so a round has an even number of boards (004:2702), not "
            "{boards}: make the event with an even --boards-per-match, or enter an "
            "even number of teams",
            code="swiss.triangle-odd-boards",
            boards=boards_per_match,
        )


def odd_round_boards(rnd: int, boards_per_match: int) -> tuple[tuple[int, ...], ...]:
    """Round ``rnd``'s boards in an odd field: (the full set, X, Y, Z) (module doc)."""
    check_boards(boards_per_match)
    half = boards_per_match // 2
    base = (rnd - 1) * 3 * half
    full = tuple(range(base + 1, base + boards_per_match + 1))
    extra = tuple(range(base + boards_per_match + 1, base + 3 * half + 1))
    return full, full[:half], full[half:], extra


def odd_round_grid(
    grid: GridMovement | None,
    rnd: int,
    pairings: Sequence[tuple[int, int]],
    trio: tuple[int, int, int],
    teams: int,
    boards_per_match: int,
    name: str,
) -> tuple[GridMovement, tuple[DrawnMatch, ...]]:
    """``grid`` with draw round ``rnd`` of an odd field added: its full matches at
    tables 2k-1 (open) and 2k (closed) in grid round 2r-1, and the triangle ``trio``
    on the next three tables over grid rounds 2r-1 and 2r (module doc)."""
    first, second = 2 * rnd - 1, 2 * rnd
    if grid is not None and grid.rounds != first - 1:
        raise MovementError(
            "round {round} of an odd field follows grid round {expected}, not {previous}",
            code="swiss.triangle-round-order",
            round=rnd,
            expected=first - 1,
            previous=grid.rounds,
        )
    cells: dict[tuple[int, int], TableAssignment] = dict(grid.grid) if grid is not None else {}
    full, x, y, z = odd_round_boards(rnd, boards_per_match)
    drawn: list[DrawnMatch] = []
    for k, (home, away) in enumerate(pairings, start=1):
        h_ns, h_ew = pair_numbers(home, teams)
        a_ns, a_ew = pair_numbers(away, teams)
        cells[(first, 2 * k - 1)] = TableAssignment(h_ns, a_ew, full)
        cells[(first, 2 * k)] = TableAssignment(a_ns, h_ew, full)
        drawn.append(DrawnMatch(rnd, home, away, full, Room(first, 2 * k - 1), Room(first, 2 * k)))
    t = 2 * len(pairings) + 1
    a, b, c = trio
    ns = {team: pair_numbers(team, teams)[0] for team in trio}
    ew = {team: pair_numbers(team, teams)[1] for team in trio}
    seating = (
        # (table, half) -> (NS team, EW team, set)
        ((t, first), (a, b, x)), ((t + 1, first), (b, c, y)), ((t + 2, first), (c, a, z)),
        ((t, second), (a, c, z)), ((t + 1, second), (b, a, x)), ((t + 2, second), (c, b, y)),
    )  # fmt: skip
    for (table, half), (north, east, boards) in seating:
        cells[(half, table)] = TableAssignment(ns[north], ew[east], boards)
    drawn += [
        DrawnMatch(rnd, a, b, x, Room(first, t), Room(second, t + 1)),
        DrawnMatch(rnd, b, c, y, Room(first, t + 1), Room(second, t + 2)),
        DrawnMatch(rnd, c, a, z, Room(first, t + 2), Room(second, t)),
    ]
    tables = max(tb for _, tb in cells)
    return GridMovement(name, name.split(" ")[0], second, tables, 2, cells), tuple(drawn)


def triangles(matches: Sequence[DrawnMatch]) -> Mapping[int, tuple[int, int, int]]:
    """The triangle of each round that has one: the teams drawn in two matches of it."""
    seen: dict[tuple[int, int], int] = {}
    for d in matches:
        if d.away is None:
            continue
        for team in (d.home, d.away):
            seen[(d.round, team)] = seen.get((d.round, team), 0) + 1
    out: dict[int, list[int]] = {}
    for d in matches:
        if d.away is not None and seen[(d.round, d.home)] == 2:
            out.setdefault(d.round, []).append(d.home)
    return {r: (t[0], t[1], t[2]) for r, t in out.items() if len(t) == 3}
