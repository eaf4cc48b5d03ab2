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
two-winner Mitchell it takes NS seats only (it is ranked in the NS field, as the
manual's rover is, 004:1099).  The pairs who sit out a round are scored on the
boards they played, factored as a phantom's opponents are (004:1290-1320).
"""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.events.seating import GridMovement, TableAssignment

__all__ = ["late_rover", "rover_route"]

#: The search gives up after this many seats tried (a large field answers at once).
_LIMIT = 200_000


def late_rover(movement: GridMovement, late: int, from_round: int = 2) -> GridMovement:
    """``movement`` with pair ``late`` roving from ``from_round`` (see the module
    docstring); a MovementError when no such route exists."""
    if late in movement.pairs:
        raise MovementError(f"pair {late} is seated by the movement already")
    if not 2 <= from_round <= movement.rounds:
        raise MovementError(
            f"a late pair joins from round 2 to {movement.rounds}, not round {from_round}"
        )
    ns_field = {a.ns for a in movement.grid.values()}
    rounds = list(range(from_round, movement.rounds + 1))
    chosen: list[tuple[int, int, bool]] = []  # (round, table, takes NS) for each round
    out: set[int] = set()
    boards: set[int] = set()
    met: set[int] = set()
    tried = 0

    def seats(rnd: int) -> list[tuple[int, int, int, bool]]:
        """(table, displaced pair, opponent, NS?) the late pair may take in ``rnd``."""
        found = []
        for table in range(1, movement.tables + 1):
            a = movement.assignment(rnd, table)
            if a is None or boards.intersection(a.boards):
                continue
            for pair, other, ns in ((a.ns, a.ew, True), (a.ew, a.ns, False)):
                if movement.winners == 2 and pair not in ns_field:
                    continue  # the NS field's rover (004:1099)
                if pair in out or other in met:
                    continue
                found.append((table, pair, other, ns))
        # a regular route first: the next table up from the last one taken
        last = chosen[-1][1] if chosen else 0
        found.sort(key=lambda x: ((x[0] - last - 1) % movement.tables, not x[3]))
        return found

    def route(i: int) -> bool:
        nonlocal tried
        if i == len(rounds):
            return True
        rnd = rounds[i]
        for table, pair, other, ns in seats(rnd):
            tried += 1
            if tried > _LIMIT:
                return False
            a = movement.assignment(rnd, table)
            assert a is not None
            out.add(pair)
            met.add(other)
            boards.update(a.boards)
            chosen.append((rnd, table, ns))
            if route(i + 1):
                return True
            chosen.pop()
            boards.difference_update(a.boards)
            met.discard(other)
            out.discard(pair)
        return False

    if not route(0):
        raise MovementError(
            f"late pair {late} finds no seat in every round from {from_round} without a "
            "board twice, an opponent twice or a pair sitting out twice; set a movement "
            "for the larger field from round 2 (`event movement --kind ... --from-round 2`)"
        )
    grid = dict(movement.grid)
    for rnd, table, ns in chosen:
        a = movement.grid[(rnd, table)]
        grid[(rnd, table)] = (
            TableAssignment(late, a.ew, a.boards) if ns else TableAssignment(a.ns, late, a.boards)
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
