"""The master-sheet adapter (the shape of bridgedesk.movements.Movement), checked independently."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bridgedesk.bridge import Side
from bridgedesk.errors import MovementError
from bridgedesk.events.adapters import grid_from_master_sheet, phantom_number
from bridgedesk.events.seating import GridMovement


@dataclass(frozen=True)
class P:
    number: int
    side: Side | None = None


@dataclass(frozen=True)
class S:
    table: int
    ns: P
    ew: P
    board_set: int


@dataclass(frozen=True)
class R:
    number: int
    seatings: tuple[S, ...]
    sitout: tuple[P, ...] = ()


@dataclass(frozen=True)
class Sheet:
    kind: str
    tables: int
    winners: int
    rounds: tuple[R, ...]
    phantom: P | None = None

    def boards_of(self, board_set: int) -> range:
        return range(2 * board_set - 1, 2 * board_set + 1)


def mitchell_sheet(phantom: P | None = None) -> Sheet:
    """3-table Mitchell with each field numbered 1-3, as the JCBL master sheets print it."""
    rounds = tuple(
        R(
            rnd,
            tuple(
                S(t, P(t, Side.NS), P((t - rnd) % 3 + 1, Side.EW), (t + rnd - 2) % 3 + 1)
                for t in range(1, 4)
            ),
        )
        for rnd in range(1, 4)
    )
    return Sheet("mitchell", 3, 2, rounds, phantom)


def test_two_field_sheet_matches_the_offset_grid(mitchell: GridMovement) -> None:
    grid = grid_from_master_sheet(mitchell_sheet())
    assert grid.grid == mitchell.grid  # EW n became n + 3
    assert (grid.kind, grid.rounds, grid.tables, grid.winners) == ("mitchell", 3, 3, 2)
    assert grid.name == "mitchell 3 tables"


def test_phantom_number() -> None:
    assert phantom_number(mitchell_sheet()) is None
    assert phantom_number(mitchell_sheet(P(2, Side.EW))) == 5
    assert phantom_number(mitchell_sheet(P(3, Side.NS))) == 3


def test_one_field_sheet_keeps_numbers() -> None:
    sheet = Sheet("howell", 1, 1, (R(1, (S(1, P(4), P(1), 1),), (P(2), P(3))),))
    grid = grid_from_master_sheet(sheet, name="tiny")
    assert grid.assignment(1, 1) is not None
    assert (grid.assignment(1, 1).ns, grid.assignment(1, 1).ew) == (4, 1)  # type: ignore[union-attr]
    assert grid.name == "tiny"


def test_table_seated_twice() -> None:
    sheet = Sheet("x", 1, 1, (R(1, (S(1, P(1), P(2), 1), S(1, P(3), P(4), 2))),))
    with pytest.raises(MovementError, match="round 1 seats table 1 twice"):
        grid_from_master_sheet(sheet)


def test_as_grid_and_store_accept_a_master_sheet(tmp_path: object, mitchell: GridMovement) -> None:
    import datetime as dt
    from pathlib import Path

    from bridgedesk.events import Event
    from bridgedesk.events.adapters import as_grid
    from bridgedesk.store.service import Store

    assert as_grid(mitchell) is mitchell
    assert as_grid(mitchell_sheet()).grid == mitchell.grid
    with pytest.raises(MovementError, match="cannot read a movement from int"):
        as_grid(3)  # type: ignore[arg-type]
    with Store.open(Path(str(tmp_path)) / "s.sqlite3") as store:
        eid = store.create_event(Event("x", dt.date(2026, 1, 1)))
        store.set_movement(eid, mitchell_sheet())
        assert store.movement(eid) == grid_from_master_sheet(mitchell_sheet())
