"""Recovering a relay-and-bye Mitchell whose bye stand was put one table too near
table 1 (004:3477-3530, Appendix 2 section 2 of the Director Manual).

In a relay-and-bye Mitchell for ``N`` tables (``N`` even, Fig 10, 004:1002-1024)
tables 1 and ``N`` share a board set and the bye stand belongs between the two
middle tables ``h = N/2`` and ``h + 1``.  Put after table ``h - 1`` instead, the
boards reach every NS pair in a new order but the EW pairs, after ``h`` rounds,
start to meet board sets they have played.  The seed's remedy, read from its text
(its two 8-table master sheets are garbled in the copy we have: the relay table's
entries are all printed in the first column and round 5 is incomplete, so the
rule is rebuilt from the text and checked against the rounds the sheet prints
legibly, 6 to 8, which it reproduces):

* the first ``h`` rounds are played as they were (the misplaced stand changes only
  which set lies where);
* round ``h + 1`` is the correction round: board set 1 goes to the bye stand, now
  moved to its right place; the highest set stays at the table that played it
  (table ``h``); every other set moves down one table as usual; EW pairs move up
  one as usual; NS ``h`` (who played the highest set) and NS ``N`` exchange tables
  for this round only, each keeping its number, and so each meets again the EW
  pair it met in round 1, "which cannot be helped" (004:3503-3507, and the
  general rule of 004:1151-1158: a board played is not cancelled, a second meeting
  is accepted);
* from round ``h + 2`` the bye stand stays in its right place, the boards move down
  as in Fig 10, and table ``N`` relays with table ``N - 1`` instead of table 1.

Every pair then plays every board set exactly once (checked for every even table
count by the tests, and by :func:`bridgedesk.movements.validate.validate`).
"""

from __future__ import annotations

from bridgedesk.errors import MovementError
from bridgedesk.events.seating import GridMovement, TableAssignment
from bridgedesk.i18n import phrase

__all__ = ["correction_round", "recover_bye_stand", "relay_sets"]


def relay_sets(tables: int, rounds: int, stood_after: int) -> dict[tuple[int, int], int]:
    """(round, table) -> board set of a relay-and-bye Mitchell whose bye stand stands
    after table ``stood_after`` (``tables / 2`` is its right place): set ``s`` starts
    at the ``s``-th place of the boards' ring (tables 1..``stood_after``, the stand,
    the other tables but the last), moves down one place a round; the last table
    plays table 1's set."""
    ring = [*range(1, stood_after + 1), 0, *range(stood_after + 1, tables)]
    out: dict[tuple[int, int], int] = {}
    for rnd in range(1, rounds + 1):
        at = {ring[(s - rnd) % tables]: s for s in range(1, tables + 1)}
        for table in range(1, tables):
            out[(rnd, table)] = at[table]
        out[(rnd, tables)] = at[1]
    return out


def correction_round(tables: int) -> int:
    """The seed's correction round: the one after half the rounds (004:3487-3489)."""
    return tables // 2 + 1


def _read(movement: GridMovement) -> tuple[dict[int, int], dict[int, int], int]:
    """The stored movement's NS pair by table, EW pair by starting table and boards a
    round, refusing anything but a relay-and-bye Mitchell laid out as built."""
    n = movement.tables
    what = phrase(
        "the section's movement ({name}) is not a relay-and-bye Mitchell", name=movement.name
    )
    if movement.kind != "relay-mitchell" or n % 2 or n < 4 or movement.rounds < n // 2 + 2:
        raise MovementError(
            "{what} of 4 or more tables played over more than half its rounds "
            "(004:1002-1024); a misplaced bye stand is recovered only there "
            "(004:3477-3530)",
            code="bye-stand.not-relay-mitchell",
            what=what,
        )
    first = {t: movement.assignment(1, t) for t in range(1, n + 1)}
    if any(a is None for a in first.values()):
        raise MovementError(
            "{what}: a table is idle in round 1", code="bye-stand.idle-table", what=what
        )
    ns = {t: a.ns for t, a in first.items() if a is not None}
    ew = {t: a.ew for t, a in first.items() if a is not None}
    per_round = len(next(a for a in first.values() if a is not None).boards)
    right = relay_sets(n, movement.rounds, n // 2)
    for (rnd, table), board_set in right.items():
        a = movement.assignment(rnd, table)
        want = TableAssignment(ns[table], ew[(table - rnd) % n + 1], _boards(board_set, per_round))
        if a != want:
            raise MovementError(
                "{what} as built: round {round} table {table} was changed (004:3477-3530 "
                "recovers only the movement as the manual gives it)",
                code="bye-stand.changed",
                what=what,
                round=rnd,
                table=table,
            )
    return ns, ew, per_round


def _boards(board_set: int, per_round: int) -> tuple[int, ...]:
    first = (board_set - 1) * per_round + 1
    return tuple(range(first, first + per_round))


def recover_bye_stand(movement: GridMovement, stood_after: int) -> GridMovement:
    """``movement`` (a relay-and-bye Mitchell as built) as it is played when its bye
    stand stood after table ``stood_after``: the rounds before the correction round
    as they were played, then the seed's correction (see the module docstring)."""
    ns, ew, per_round = _read(movement)
    n = movement.tables
    half = n // 2
    if stood_after == half:
        raise MovementError(
            "after table {table} is the bye stand's right place in a {n}-table relay "
            "Mitchell: nothing to recover",
            code="bye-stand.in-place",
            table=half,
            n=n,
        )
    if stood_after != half - 1:
        raise MovementError(
            "the manual's recovery (004:3477-3530) is for a bye stand one table too "
            "near table 1 (after table {near} of {n}), not after table {stood}: load "
            "a corrected master sheet with `event movement --file ... --from-round R`",
            code="bye-stand.not-recoverable",
            near=half - 1,
            n=n,
            stood=stood_after,
        )
    fix = correction_round(n)
    played = relay_sets(n, fix - 1, stood_after)
    grid: dict[tuple[int, int], TableAssignment] = {}
    for (rnd, table), board_set in played.items():
        grid[(rnd, table)] = TableAssignment(
            ns[table], ew[(table - rnd) % n + 1], _boards(board_set, per_round)
        )
    # the correction round: where each set lies, table by table (0: the bye stand)
    ring = [*range(1, stood_after + 1), 0, *range(stood_after + 1, n)]
    right = [*range(1, half + 1), 0, *range(half + 1, n)]
    before = {s: ring[(s - (fix - 1)) % n] for s in range(1, n + 1)}  # round fix - 1
    where = {s: ring[(ring.index(t) - 1) % n] for s, t in before.items()}
    where[1] = 0  # set 1 onto the stand in its right place
    where[n] = before[n]  # the highest set stays (at table ``half``)
    for rnd in range(fix, movement.rounds + 1):
        if rnd > fix:
            where = {s: right[(right.index(t) - 1) % n] for s, t in where.items()}
        at = {t: s for s, t in where.items() if t}
        at[n] = at[n - 1]  # the last table now relays with the one below it
        for table in range(1, n + 1):
            sits = table
            if rnd == fix and table in (half, n):  # NS ``half`` and NS ``n`` change places
                sits = n if table == half else half
            grid[(rnd, table)] = TableAssignment(
                ns[sits], ew[(table - rnd) % n + 1], _boards(at[table], per_round)
            )
    return GridMovement(
        name=f"{movement.name}, bye stand recovered in round {fix} (004:3477-3530)",
        kind=movement.kind,
        rounds=movement.rounds,
        tables=n,
        winners=movement.winners,
        grid=grid,
    )
