"""Changing a stored section's movement part way: arrow switches (004:1066-1074).

In a Mitchell each field meets only the other; the director can *switch the
arrows* in some rounds (the NS pairs sit EW and the EW pairs NS), so that the
pairs meet every board from both fields and the section is scored as one field
with one winner (004:1066-1074).  Rounds already played are not touched: the
store refuses a change that does not fit the results already in.
"""

from __future__ import annotations

from collections.abc import Iterable

from bridgedesk.errors import MovementError
from bridgedesk.events.seating import GridMovement, TableAssignment


def arrow_switch(
    movement: GridMovement, rounds: Iterable[int], tables: Iterable[int] | None = None
) -> GridMovement:
    """``movement`` with NS and EW swapped at ``tables`` (default: every table) of
    ``rounds``; the section then has one winner (one field)."""
    chosen = sorted(set(rounds))
    if not chosen:
        raise MovementError(
            "name the round(s) to switch the arrows in", code="arrow-switch.needs-rounds"
        )
    bad = [r for r in chosen if not 1 <= r <= movement.rounds]
    if bad:
        raise MovementError(
            "round {round} does not exist: the movement has rounds 1-{rounds}",
            code="result.no-such-round",
            round=bad[0],
            rounds=movement.rounds,
        )
    at = None if tables is None else sorted(set(tables))
    if at is not None:
        wrong = [t for t in at if not 1 <= t <= movement.tables]
        if wrong:
            raise MovementError(
                "table {table} does not exist: the movement has tables 1-{tables}",
                code="result.no-such-table",
                table=wrong[0],
                tables=movement.tables,
            )
    grid = dict(movement.grid)
    for (rnd, table), a in movement.grid.items():
        if rnd in chosen and (at is None or table in at):
            grid[(rnd, table)] = TableAssignment(a.ew, a.ns, a.boards)
    where = "" if at is None else " at table(s) " + ", ".join(map(str, at))
    return GridMovement(
        name=f"{movement.name}, arrows switched in round(s) {', '.join(map(str, chosen))}{where}",
        kind=movement.kind,
        rounds=movement.rounds,
        tables=movement.tables,
        winners=1,
        grid=grid,
    )


__all__ = ["arrow_switch"]
