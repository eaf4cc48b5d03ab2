"""Adapters from other packages' shapes to what the events package needs.

:func:`grid_from_master_sheet` turns a movement written as a master sheet -
rounds of seatings ``(table, NS pair, EW pair, board set)`` with board sets
expanded by ``boards_of`` - into a :class:`~bridgedesk.events.seating.GridMovement`.
It is typed structurally (:class:`MasterSheet`), so it works with
``bridgedesk.movements.Movement`` without importing it.

Pair numbers: a one-winner movement's pairs keep their numbers.  In a
two-winner movement each field is numbered from 1 (004:968-980); the events
package needs one number per pair in a section, so EW pair *n* becomes
``n + (number of NS pairs)`` - the "EW offset" numbering also printed on
travellers for big fields (EW 1-16 as 17-32, 004:436-470).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bridgedesk.bridge import Side
from bridgedesk.errors import MovementError
from bridgedesk.events.seating import GridMovement, SeatingPlan, TableAssignment


class PairLike(Protocol):
    @property
    def number(self) -> int: ...

    @property
    def side(self) -> Side | None: ...


class SeatingLike(Protocol):
    @property
    def table(self) -> int: ...

    @property
    def ns(self) -> PairLike: ...

    @property
    def ew(self) -> PairLike: ...

    @property
    def board_set(self) -> int: ...


class RoundLike(Protocol):
    @property
    def number(self) -> int: ...

    @property
    def seatings(self) -> Sequence[SeatingLike]: ...


class MasterSheet(Protocol):
    """A movement as rounds of seatings (``bridgedesk.movements.Movement`` has this shape)."""

    @property
    def kind(self) -> str: ...

    @property
    def tables(self) -> int: ...

    @property
    def winners(self) -> int: ...

    @property
    def rounds(self) -> Sequence[RoundLike]: ...

    def boards_of(self, board_set: int) -> Sequence[int]: ...


def section_number(pair: PairLike, ns_pairs: int) -> int:
    """The pair's one number in the section: EW pairs of a two-field movement offset."""
    if pair.side is Side.EW:
        return pair.number + ns_pairs
    return pair.number


def grid_from_master_sheet(movement: MasterSheet, name: str = "") -> GridMovement:
    """The full grid of a master-sheet movement, pairs renumbered as above."""
    ns_field: set[int] = set()
    for rnd in movement.rounds:
        pairs = [p for s in rnd.seatings for p in (s.ns, s.ew)]
        pairs += list(getattr(rnd, "sitout", ()))
        ns_field.update(p.number for p in pairs if p.side is Side.NS)
    ns_pairs = max(ns_field, default=0)
    grid: dict[tuple[int, int], TableAssignment] = {}
    tables = movement.tables
    for rnd in movement.rounds:
        for s in rnd.seatings:
            key = (rnd.number, s.table)
            if key in grid:
                raise MovementError(
                    "round {round} seats table {table} twice",
                    code="movement.table-twice",
                    round=rnd.number,
                    table=s.table,
                )
            grid[key] = TableAssignment(
                section_number(s.ns, ns_pairs),
                section_number(s.ew, ns_pairs),
                tuple(movement.boards_of(s.board_set)),
            )
            tables = max(tables, s.table)
    rounds = max((r.number for r in movement.rounds), default=0)
    return GridMovement(
        name=name or f"{movement.kind} {tables} tables",
        kind=movement.kind,
        rounds=rounds,
        tables=tables,
        winners=movement.winners,
        grid=grid,
    )


def phantom_number(movement: MasterSheet) -> int | None:
    """The section number of the movement's phantom pair, if it names one."""
    phantom: PairLike | None = getattr(movement, "phantom", None)
    if phantom is None:
        return None
    ns_pairs = max(
        (
            p.number
            for rnd in movement.rounds
            for s in rnd.seatings
            for p in (s.ns, s.ew)
            if p.side is Side.NS
        ),
        default=0,
    )
    if phantom.side is Side.NS:
        ns_pairs = max(ns_pairs, phantom.number)
    return section_number(phantom, ns_pairs)


def as_grid(movement: SeatingPlan | MasterSheet, name: str = "", kind: str = "") -> GridMovement:
    """Any movement the events package can read, as a grid: a :class:`SeatingPlan`
    (``assignment(round, table)``) or a :class:`MasterSheet` (rounds of seatings)."""
    if isinstance(movement, GridMovement):
        return movement
    if hasattr(movement, "assignment"):
        return GridMovement.from_seating(movement, name=name, kind=kind)  # type: ignore[arg-type]
    if hasattr(movement, "boards_of") and hasattr(movement, "rounds"):
        return grid_from_master_sheet(movement, name=name)
    raise MovementError(
        "cannot read a movement from {kind}: it needs assignment(round, table) "
        "or rounds of seatings with boards_of(set)",
        code="movement.unreadable",
        kind=type(movement).__name__,
    )
