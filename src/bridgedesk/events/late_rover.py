"""A late pair joining an even field after round 1 as a rover (004:884-898, 004:1097-1107).

The manual takes a late pair in only before round 2 (004:884-898): in an odd field
it takes the phantom's number; in an even field the director adds a table, the
guide sheets' A and B tables, where the late pair and the phantom share the last
table's boards, so that each round one pair of that table plays the late pair and
the other has the bye (004:894-898).  The stored movement may be any Howell or
Mitchell, whose last table need not suit that split (a stationary pair there would
meet the late pair every round or sit out every round), so the store does the same
thing with the rover of 004:1097-1107: from round 2 the late pair takes, each round,
the seat of a different pair of the field, who has that round's bye; it plays that
pair's opponents on that pair's boards.

So every board is played as often as before (the tops do not change), no pair sits
out twice, the late pair plays no board twice and meets no pair twice, and in a
two-winner Mitchell it takes the seats of one field only, NS as the manual's rover
(004:1099) or else EW.  Where no such route exists (a straight Mitchell whose table
count is a multiple of 3 has none: the rover's tables, opponents and boards would
have to be an n-queens placement on a torus) the store refuses, naming the other
way: a movement for the larger field from round 2.  The pairs who sit out a round are scored on the
boards they played, factored as a phantom's opponents are (004:1290-1320).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bridgedesk.errors import MovementError
from bridgedesk.events.seating import GridMovement, TableAssignment

__all__ = ["Taken", "first_route", "late_rover", "rover_route"]

#: The search gives up after this many seats tried (a large field answers at once).
_LIMIT = 20_000


@dataclass(frozen=True)
class Taken:
    """A seat a late competitor takes in a round: where, whose (``out`` sits out that
    round), beside or against whom (``other``: the opponent of a pair, the partner of
    a player) and the boards played there."""

    round: int
    table: int
    index: int  # the seat at the table: 0 NS / 1 EW, or N S E W for a player
    out: int
    other: int
    boards: tuple[int, ...]


def first_route(
    rounds: Iterable[int], seats: Callable[[int, Sequence[Taken]], Iterable[Taken]]
) -> list[Taken] | None:
    """One seat a round (from ``seats(round, taken so far)``) so that nobody is put
    out twice, no ``other`` comes twice and no board is played twice; None if no
    such route exists (or the search grows past its limit)."""
    order = list(rounds)
    chosen: list[Taken] = []
    tried = 0

    def go(i: int) -> bool:
        nonlocal tried
        if i == len(order):
            return True
        out = {x.out for x in chosen}
        others = {x.other for x in chosen}
        boards = {b for x in chosen for b in x.boards}
        for seat in seats(order[i], chosen):
            if seat.out in out or seat.other in others or boards.intersection(seat.boards):
                continue
            tried += 1
            if tried > _LIMIT:
                return False
            chosen.append(seat)
            if go(i + 1):
                return True
            chosen.pop()
        return False

    return chosen if go(0) else None


def late_rover(movement: GridMovement, late: int, from_round: int = 2) -> GridMovement:
    """``movement`` with pair ``late`` roving from ``from_round`` (see the module
    docstring); a MovementError when no such route exists."""
    if late in movement.pairs:
        raise MovementError(
            "pair {pair} is seated by the movement already", code="late.pair-seated", pair=late
        )
    if not 2 <= from_round <= movement.rounds:
        raise MovementError(
            "a late pair joins from round 2 to {rounds}, not round {from_round}",
            code="late.pair-from-round",
            rounds=movement.rounds,
            from_round=from_round,
        )
    fields = [{a.ns for a in movement.grid.values()}, {a.ew for a in movement.grid.values()}]
    if movement.winners == 1:
        fields = [fields[0] | fields[1]]

    def seats(field: set[int]) -> Callable[[int, Sequence[Taken]], list[Taken]]:
        def found_in(rnd: int, taken: Sequence[Taken]) -> list[Taken]:
            """The seats the late pair may take in ``rnd`` (the other seat: its opponent)."""
            found = []
            for table in range(1, movement.tables + 1):
                a = movement.assignment(rnd, table)
                if a is None:
                    continue
                for index, pair, other in ((0, a.ns, a.ew), (1, a.ew, a.ns)):
                    if pair in field:  # in a Mitchell, one field's seats (004:1099)
                        found.append(Taken(rnd, table, index, pair, other, a.boards))
            # a regular route: the same seat as last round, then the next tables up (from
            # the last table in the first round, where a Howell often has its relay)
            last, seat = (taken[-1].table, taken[-1].index) if taken else (0, 0)
            found.sort(key=lambda x: ((x.table - last) % movement.tables, x.index != seat))
            return found

        return found_in

    chosen = None
    for field in fields:  # NS first, as the manual's rover (004:1099); then EW
        chosen = first_route(range(from_round, movement.rounds + 1), seats(field))
        if chosen is not None:
            break
    if chosen is None:
        raise MovementError(
            "late pair {pair} finds no seat in every round from {from_round} without "
            "a board twice, an opponent twice or a pair sitting out twice; set a "
            "movement for the larger field from round 2 (`event movement --kind ... "
            "--from-round 2`)",
            code="late.pair-no-seat",
            pair=late,
            from_round=from_round,
        )
    grid = dict(movement.grid)
    for x in chosen:
        a = movement.grid[(x.round, x.table)]
        grid[(x.round, x.table)] = (
            TableAssignment(a.ns, late, a.boards)
            if x.index
            else TableAssignment(late, a.ew, a.boards)
        )
    return GridMovement(
        name=f"{movement.name}, late pair {late} roving from round {from_round}",
        kind=movement.kind,
        rounds=movement.rounds,
        tables=movement.tables,
        winners=movement.winners,
        grid=grid,
    )


def rover_route(movement: GridMovement, late: int) -> str:
    """Where the late pair plays each round and who has the bye, for the director."""
    seated = {p for a in movement.grid.values() for p in (a.ns, a.ew)}
    parts = []
    for rnd in range(1, movement.rounds + 1):
        here = [(t, a) for (r, t), a in movement.grid.items() if r == rnd and late in (a.ns, a.ew)]
        if not here:
            continue
        table, a = here[0]
        playing = {p for (r, _t), b in movement.grid.items() if r == rnd for p in (b.ns, b.ew)}
        idle = sorted(seated - playing - {late})
        side = "NS" if a.ns == late else "EW"
        bye = f", bye: {', '.join(map(str, idle))}" if idle else ""
        parts.append(f"round {rnd} table {table} {side}{bye}")
    return f"pair {late} roves (004:1097-1107): " + "; ".join(parts)
