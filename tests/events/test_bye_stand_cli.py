"""A relay-and-bye Mitchell whose bye stand was put one table too near table 1,
recovered on the stored event with ``event bye-stand`` (004:3477-3530).

The recovered movement is checked independently of :mod:`bridgedesk.events.bye_stand`:
by :func:`bridgedesk.movements.validate.validate` (the only problems left are the two
second meetings the manual accepts, 004:3503-3507), by counting every board each pair
plays (all 24, each once), and against the rounds 6-8 of the manual's 8-table master
sheet (004:3515-3517; its rounds 1-5 are garbled in our copy), transcribed here.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from tests.events.store_dump import cli_fixture, dump  # noqa: F401
from tests.events.test_cli import Cli

from bridgedesk.events.adapters import as_grid
from bridgedesk.events.bye_stand import recover_bye_stand
from bridgedesk.events.seating import GridMovement
from bridgedesk.movements.mitchell import relay_mitchell
from bridgedesk.movements.model import Movement, Pair, Round, Seating, Side
from bridgedesk.movements.validate import validate
from bridgedesk.store.director import audit_log
from bridgedesk.store.service import Store

EVENT = "Relay pairs"

#: 004:3515-3517, rounds 6-8 as printed: board set -> "NS-EW" (EW by their own numbers);
#: the set on the bye stand is left out.
SHEET = {
    6: {1: ["4-7"], 3: ["5-8"], 4: ["6-1"], 5: ["7-2", "8-3"], 6: ["1-4"], 7: ["2-5"],
        8: ["3-6"]},
    7: {1: ["3-5"], 2: ["4-6"], 4: ["5-7"], 5: ["6-8"], 6: ["7-1", "8-2"], 7: ["1-3"],
        8: ["2-4"]},
    8: {1: ["2-3"], 2: ["3-4"], 3: ["4-5"], 5: ["5-6"], 6: ["6-7"], 7: ["7-8", "8-1"],
        8: ["1-2"]},
}  # fmt: skip


def as_movement(grid: GridMovement, ns_count: int) -> Movement:
    """The stored grid as the movements package's model (EW n stored as ns_count + n),
    tables 1, N-1 and N allowed to share boards (the relay before and after the fix)."""
    rounds = []
    for rnd in range(1, grid.rounds + 1):
        seats = []
        for table in range(1, grid.tables + 1):
            a = grid.assignment(rnd, table)
            assert a is not None
            board_set = (a.boards[0] - 1) // 3 + 1
            ns, ew = Pair(a.ns, Side.NS), Pair(a.ew - ns_count, Side.EW)
            seats.append(Seating(table, ns, ew, board_set))
        rounds.append(Round(rnd, tuple(seats)))
    n = grid.tables
    return Movement("relay-mitchell", n, 3, n, 2, tuple(rounds), relay_groups=((1, n - 1, n),))


def new_event(cli: Cli) -> None:
    cli("event", "new", EVENT, "--date", "2026-11-24", "--scoring", "mp")
    for n in range(1, 17):
        cli("entry", "add", EVENT, "--pair", str(n), "--names", f"N{n}, S{n}")
    out = cli("event", "movement", EVENT, "--kind", "relay-mitchell", "--tables", "8",
              "--boards-per-round", "3")  # fmt: skip
    assert "relay-mitchell 8 tables" in out


def add(cli: Cli, rnd: int, table: int, board: int, ns: int, ew: int, status: int = 0) -> str:
    return cli("result", "add", EVENT, "--round", str(rnd), "--table", str(table), "--board",
               str(board), "--ns", str(ns), "--ew", str(ew), "3NT", "N", "=",
               status=status)  # fmt: skip


def test_a_bye_stand_one_table_too_near_is_recovered(cli: Cli, tmp_path: Path) -> None:
    new_event(cli)
    # round 1 with the stand after table 3: table 4 got set 5 (boards 13-15), refused now
    assert "plays boards 10-12, not 13" in add(cli, 1, 4, 13, 4, 12, status=2)
    add(cli, 1, 1, 1, 1, 9)  # tables 1-3 played the sets the plan gives them
    out = cli("event", "bye-stand", EVENT, "--stood-after", "3", "--reason", "stand misplaced")
    assert "bye stand recovered in round 5" in out
    assert "NS 4 and NS 8 change tables for this round only" in out
    assert "round 5 table 4: NS 8 v EW 16, boards 22-24" in out
    assert "round 5 table 8: NS 4 v EW 12, boards 10-12" in out
    with Store.open(cli.db) as store:
        grid = store.movement(EVENT)
        log = audit_log(store, EVENT)
    assert grid is not None
    assert log[-1].action == "bye-stand" and log[-1].reason == "stand misplaced"
    # every pair plays each of the 24 boards exactly once
    boards: dict[int, Counter[int]] = {}
    for a in grid.grid.values():
        for pair in (a.ns, a.ew):
            boards.setdefault(pair, Counter()).update(a.boards)
    assert sorted(boards) == list(range(1, 17))
    assert all(c == Counter(range(1, 25)) for c in boards.values())
    # validate(): only the two second meetings of the correction round (004:3503-3507)
    problems = validate(as_movement(grid, 8))
    assert sorted(p.code for p in problems) == ["meet-twice", "meet-twice"], problems
    assert {p.where.round for p in problems if p.where} == {5}
    # the manual's sheet, rounds 6-8
    for rnd, sets in SHEET.items():
        seen = {}
        for table in range(1, 9):
            a = grid.assignment(rnd, table)
            assert a is not None
            seen.setdefault((a.boards[0] - 1) // 3 + 1, []).append(f"{a.ns}-{a.ew - 8}")
        assert {s: sorted(v) for s, v in seen.items()} == {s: sorted(v) for s, v in sets.items()}
    # the round-1 slip refused before fits now, and so does every planned slip
    add(cli, 1, 4, 13, 4, 12)
    add(cli, 5, 8, 10, 4, 12)


def test_refusals_change_nothing(cli: Cli) -> None:
    new_event(cli)
    before = dump(cli.db)
    err = cli("event", "bye-stand", EVENT, "--stood-after", "4", status=2)
    assert "after table 4 is the bye stand's right place" in err
    err = cli("event", "bye-stand", EVENT, "--stood-after", "2", status=2)
    assert "one table too near table 1 (after table 3 of 8)" in err
    assert dump(cli.db) == before
    # round 5 already played as the plan said at table 4: the recovery cannot fit it
    add(cli, 5, 4, 22, 4, 16)
    before = dump(cli.db)
    err = cli("event", "bye-stand", EVENT, "--stood-after", "3", status=2)
    assert "does not fit result" in err
    assert dump(cli.db) == before


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12, 14, 16, 20])
def test_every_pair_plays_every_board_once_for_any_table_count(tables: int) -> None:
    built = as_grid(relay_mitchell(tables, boards_per_round=3), kind="relay-mitchell")
    grid = recover_bye_stand(built, tables // 2 - 1)
    boards: dict[int, Counter[int]] = {}
    for a in grid.grid.values():
        for pair in (a.ns, a.ew):
            boards.setdefault(pair, Counter()).update(a.boards)
    assert len(boards) == 2 * tables
    assert all(c == Counter(range(1, 3 * tables + 1)) for c in boards.values())
    problems = validate(as_movement(grid, tables))
    assert [p.code for p in problems] == ["meet-twice", "meet-twice"]
