"""The rover pair for an odd number of pairs in a Mitchell (004:1092-1112, 004:3765-3797).

The rover takes the last NS number, sits out round 1 and from round 2 takes
the NS seat of another table each round; the NS pair it displaces sits out
that round and comes back the next (004:1097).  Normally it visits NS 2, 4,
6, ... (Fig 13, 004:3767); for some table counts the seed prescribes other
second- and third-round tables (004:3770-3779), and with some counts only a
limited number of rounds can be played without a rematch or a replayed board
(004:3781-3797).  Beyond the prescribed start, the rover's path is found by a
search that keeps its boards and opponents all different and displaces every
NS pair at most once, preferring the usual two-tables-on step.
"""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.movements.mitchell import relay_mitchell, skip_mitchell, straight_mitchell
from bridgedesk.movements.model import Movement, Pair, Round, Seating, ns

#: (tables, base) -> NS tables of the rover in rounds 2 and 3 (004:3770-3779).
EXCEPTIONS: dict[tuple[int, str], tuple[int, int]] = {
    (6, "skip"): (3, 6),
    (6, "relay"): (5, 6),
    (10, "relay"): (1, 7),
    (12, "skip"): (2, 10),
    (12, "relay"): (3, 9),
    (14, "relay"): (1, 9),
    (16, "relay"): (1, 10),
}

#: (tables, base) -> the last round that can be played (004:3783-3795).
ROUND_LIMITS: dict[tuple[int, str], int] = {
    (9, "straight"): 8,
    (15, "straight"): 13,
    (18, "skip"): 14,
    (19, "straight"): 18,
    (21, "straight"): 18,
    (24, "skip"): 19,
    (26, "skip"): 23,
}

MAX_TABLES = 26  # 004:3797


def _path(base: Movement, prefix: tuple[int, ...]) -> list[int] | None:
    tables = base.tables
    rounds = base.round_count
    chosen: list[int] = []
    sets: set[int] = set()
    opponents: set[Pair] = set()
    displaced: set[int] = set()

    def seat(r: int, t: int) -> Seating:
        return base.rounds[r - 1].at(t)[0]

    def ok(r: int, t: int) -> bool:
        s = seat(r, t)
        return (
            t not in displaced
            and s.board_set not in sets
            and s.ew not in opponents
            and s.ns.number == t
        )

    def go(r: int, budget: list[int]) -> bool:
        if r > rounds:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if r - 2 < len(prefix):
            options = [prefix[r - 2]]
        else:
            last = chosen[-1] if chosen else 0
            options = sorted(range(1, tables + 1), key=lambda t: (t - last - 2) % tables)
        for t in options:
            if not 1 <= t <= tables or not ok(r, t):
                continue
            s = seat(r, t)
            chosen.append(t)
            sets.add(s.board_set)
            opponents.add(s.ew)
            displaced.add(t)
            if go(r + 1, budget):
                return True
            chosen.pop()
            sets.discard(s.board_set)
            opponents.discard(s.ew)
            displaced.discard(t)
        return False

    if go(2, [20000]):
        return chosen
    return None


def rover_mitchell(
    pairs: int,
    *,
    rounds: int | None = None,
    boards_per_round: int = 3,
    base: str | None = None,
) -> Movement:
    """A Mitchell with a rover for an odd number of pairs (Fig 13 for 15 pairs).

    ``base`` is ``straight`` (odd tables), ``skip`` or ``relay`` (even tables;
    default skip).
    """
    if pairs % 2 == 0:
        raise MovementError(
            "a rover is for an odd number of pairs, not {pairs}; use a Mitchell "
            "without rover for an even number",
            code="movement.rover-even-pairs",
            pairs=pairs,
        )
    tables = (pairs - 1) // 2
    if not 3 <= tables <= MAX_TABLES:
        raise MovementError(
            "a rover Mitchell exists for 7 to {max_pairs} pairs (3 to {max_tables} "
            "tables), not {pairs} pairs",
            code="movement.rover-pairs",
            max_pairs=2 * MAX_TABLES + 1,
            max_tables=MAX_TABLES,
            pairs=pairs,
        )
    if base is None:
        base = "straight" if tables % 2 else "skip"
    if base == "straight":
        mv = straight_mitchell(tables, rounds=rounds, boards_per_round=boards_per_round)
    elif base == "skip":
        mv = skip_mitchell(tables, rounds=rounds, boards_per_round=boards_per_round)
    elif base == "relay":
        mv = relay_mitchell(tables, rounds=rounds, boards_per_round=boards_per_round)
    else:
        raise MovementError(
            "a rover Mitchell's base is straight, skip or relay, not {base!r}",
            code="movement.rover-base",
            base=base,
        )
    limit = ROUND_LIMITS.get((tables, base))
    if limit is not None and mv.round_count > limit:
        raise MovementError(
            "a {tables}-table {base} Mitchell with a rover can be played for at most "
            "{limit} rounds (004:3781-3795), not {rounds}",
            code="movement.rover-rounds",
            tables=tables,
            base=base,
            limit=limit,
            rounds=mv.round_count,
        )
    prefix = EXCEPTIONS.get((tables, base), ())
    path = _path(mv, prefix)
    extra_notes: tuple[str, ...] = ()
    if path is None and prefix:
        # 6 tables relay: the seed's NS 5 then NS 6 (004:3773) would meet EW 4
        # twice with the relay layout of Fig 10; its JTOS sheet must differ.
        path = _path(mv, ())
        extra_notes = (
            f"the seed's rover start NS {prefix[0]}, NS {prefix[1]} does not fit this "
            "relay layout (a rematch); another path is used",
        )
    if path is None:
        raise MovementError(
            "no rover path without a rematch or a replayed board for {tables} tables "
            "and {rounds} rounds; play fewer rounds or use a phantom",
            code="movement.no-rover-path",
            tables=tables,
            rounds=mv.round_count,
        )
    rover = ns(tables + 1)
    out: list[Round] = [Round(1, mv.rounds[0].seatings, (rover,))]
    for r, t in enumerate(path, start=2):
        rnd = mv.rounds[r - 1]
        seats = tuple(
            Seating(s.table, rover, s.ew, s.board_set) if s.table == t else s for s in rnd.seatings
        )
        out.append(Round(r, seats, (ns(t),)))
    return Movement(
        kind="rover-mitchell",
        tables=tables,
        boards_per_round=mv.boards_per_round,
        board_sets=mv.board_sets,
        winners=2,
        rounds=tuple(out),
        relay_groups=mv.relay_groups,
        rover=rover,
        notes=(
            *mv.notes,
            f"rover NS {tables + 1} sits out round 1, then takes NS "
            + ", ".join(str(t) for t in path),
            *extra_notes,
        ),
    )
