"""A late pair in an even field joins the session in progress with ``entry add --late``
(004:884-898): the store makes it rove from round 2, each round in the seat of a
different pair who has that round's bye (004:1097-1107), audited.

Checked here from the stored grids alone: round 1 and every seat the late pair does
not take are as before; the late pair plays every round from 2, no board twice and no
opponent twice; no pair sits out twice; every board is played as often as before (the
tops do not change); in a Mitchell it sits NS only.  Then every planned slip is
entered and the ranking has the late pair with the boards it played.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from tests.events.store_dump import cli_fixture, dump  # noqa: F401
from tests.events.test_cli import Cli
from tests.events.test_sessions_cli import import_slips, planned_slips

from bridgedesk.events.seating import GridMovement
from bridgedesk.store.director import audit_log
from bridgedesk.store.service import Store

EVENT = "Club two-session"  # the name import_slips and planned_slips are given


def grid_of(cli: Cli) -> GridMovement:
    with Store.open(cli.db) as store:
        grid = store.movement(EVENT)
    assert grid is not None
    return grid


def plays(grid: GridMovement) -> Counter[int]:
    return Counter(b for a in grid.grid.values() for b in a.boards)


@pytest.mark.parametrize(
    ("kind", "pairs", "late"), [("howell", 12, 13), ("mitchell", 14, 15), ("howell", 8, 9)]
)
def test_a_late_pair_roves_from_round_2(
    cli: Cli, tmp_path: Path, kind: str, pairs: int, late: int
) -> None:
    cli("event", "new", EVENT, "--date", "2026-11-24", "--scoring", "mp")
    for n in range(1, pairs + 1):
        cli("entry", "add", EVENT, "--pair", str(n), "--names", f"N{n}, S{n}")
    cli("event", "movement", EVENT, "--kind", kind, "--pairs", str(pairs))
    before = grid_of(cli)
    first = [s for s in planned_slips(cli, EVENT, 1) if s[0] == 1]
    import_slips(cli, tmp_path, EVENT, [(1, "A", s) for s in first])
    out = cli("entry", "add", EVENT, "--pair", str(late), "--late", "--names", "Late, Comer")
    assert out.startswith(f"entered pair {late} in section A: Late - Comer\npair {late} roves")
    after = grid_of(cli)
    assert after.name.endswith(f"late pair {late} roving from round 2")
    changed = {k for k in before.grid if before.grid[k] != after.grid[k]}
    assert {r for r, _t in changed} == set(range(2, before.rounds + 1))  # one seat a round
    assert len(changed) == before.rounds - 1
    boards: list[int] = []
    opponents: list[int] = []
    out_pairs: list[int] = []
    for key in changed:
        old, new = before.grid[key], after.grid[key]
        if new.ns == late:
            assert new.ew == old.ew and new.boards == old.boards
            opponents.append(old.ew)
            out_pairs.append(old.ns)
        else:
            assert kind == "howell" and new.ew == late and new.ns == old.ns
            opponents.append(old.ns)
            out_pairs.append(old.ew)
        boards += new.boards
    assert len(set(boards)) == len(boards)  # no board twice
    assert len(set(opponents)) == len(opponents)  # no opponent twice
    assert len(set(out_pairs)) == len(out_pairs)  # no pair sits out twice
    assert plays(after) == plays(before)  # tops unchanged
    with Store.open(cli.db) as store:
        log = audit_log(store, EVENT)
    assert log[-1].action == "late-pair" and log[-1].new == {"movement": after.name}
    # every slip of the new movement is accepted; the late pair is ranked
    rest = [s for s in planned_slips(cli, EVENT, 1) if s[0] > 1]
    import_slips(cli, tmp_path, EVENT, [(1, "A", s) for s in rest])
    doc = json.loads(cli("results", EVENT, "--format", "json"))
    ranked = {str(x["pair"]): x for x in doc["ranking"]}
    assert str(late) in ranked and ranked[str(late)]["boards"] == len(boards)


def test_a_late_pair_after_round_2_is_refused_and_changes_nothing(cli: Cli, tmp_path: Path) -> None:
    cli("event", "new", EVENT, "--date", "2026-11-24", "--scoring", "mp")
    for n in range(1, 9):
        cli("entry", "add", EVENT, "--pair", str(n), "--names", f"N{n}, S{n}")
    cli("event", "movement", EVENT, "--kind", "howell", "--pairs", "8")
    two = [s for s in planned_slips(cli, EVENT, 1) if s[0] <= 2]
    import_slips(cli, tmp_path, EVENT, [(1, "A", s) for s in two])
    before = dump(cli.db)
    err = cli("entry", "add", EVENT, "--pair", "9", "--late", "--names", "L, C", status=2)
    assert "only before round 2" in err
    assert dump(cli.db) == before
