"""Entering slips in-process: what each door's checks cost against a bare insert.

Run: .venv/bin/python bench/bench_slips.py [--tables 100|200] [--rounds 3]

The event of ``bench_web.py`` (5 sections, skip Mitchell, 3 boards a round).
Every table's results of ``--rounds`` rounds are entered through one door per
fresh database, and the CPU time (``time.process_time``: what the machine's
other load changes least) is printed per result:

* the tables' batches: each request's body read into its slip
  (``web/table_body.py``), then 64 a transaction, each in its savepoint, with an
  Idempotency-Key (what ``web/writer.py`` sends when many tables post at once);
* one table request a transaction (a quiet club);
* ``result add`` / the console: one slip a transaction;
* ``result import``: every slip checked first, then written 100 a transaction;

and the floor, measured in the same run: the same rows inserted in batches of
64 by the ORM with no check at all.  The ratio to the floor is what the checks
and their reads cost.  Asserts nothing; bounded by the number of results.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bench_web import setup

from bridgedesk.events import make_result
from bridgedesk.events.model import Result
from bridgedesk.services import slips
from bridgedesk.store import terminals
from bridgedesk.store.models import ResultRow
from bridgedesk.store.rows import fill_result_row
from bridgedesk.store.service import Store
from bridgedesk.store.unit import utcnow
from bridgedesk.web.table_body import table_slip

#: A table's terminal, the body it sends and the slip it stands for.
Given = tuple[Any, dict[str, Any], Result]
Door = Callable[[Store, int, list[Given]], None]


@contextmanager
def fresh(tables: int) -> Iterator[tuple[Store, int, list[Given]]]:
    db = str(Path(tempfile.mkdtemp(prefix="bridgedesk-bench-")) / "slips.sqlite3")
    eid, codes, grid = setup(db, tables)
    store = Store.open(db)
    made: list[Given] = []
    for rnd in range(1, ROUNDS + 1):
        for (section, table), code in codes.items():
            _, terminal = terminals.login(store, eid, section, table, code)
            a = grid[section].assignment(rnd, table)  # type: ignore[attr-defined]
            for i, board in enumerate(a.boards):
                tricks = str(7 + (i + table) % 4)
                body = {"round": rnd, "board": board, "ns": a.ns, "ew": a.ew,
                        "contract": "3NT", "declarer": "S", "result": tricks}  # fmt: skip
                result = make_result(round=rnd, table=table, board=board, ns=a.ns, ew=a.ew,
                                     contract="3NT", declarer="S", result=tricks,
                                     section=section)  # fmt: skip
                made.append((terminal, body, result))
    try:
        yield store, eid, made
    finally:
        store.close()


ROUNDS = 3


def floor(store: Store, _eid: int, given: list[Given]) -> None:
    for i in range(0, len(given), 64):
        with store.transaction() as s:
            for terminal, _, result in given[i : i + 64]:
                row = ResultRow(section_id=terminal.section_id, entered_by="x", entered_at=utcnow())
                fill_result_row(row, result, None)
                s.add(row)


def tables_batched(store: Store, _eid: int, given: list[Given]) -> None:
    """As the writer: each body read into its slip, then 64 slips a transaction."""
    for i in range(0, len(given), 64):
        batch = [
            table_slip(t, body, f"k{i + n}") for n, (t, body, _) in enumerate(given[i : i + 64])
        ]
        for outcome in slips.enter_at_tables(store, batch):
            assert isinstance(outcome, dict), outcome


def tables_one(store: Store, _eid: int, given: list[Given]) -> None:
    for n, (t, body, _) in enumerate(given):
        slips.enter_at_table(store, table_slip(t, body, f"k{n}"))


def add(store: Store, eid: int, given: list[Given]) -> None:
    for _, _, result in given:
        slips.enter(store, eid, result, who="bench")


def import_(store: Store, eid: int, given: list[Given]) -> None:
    report = slips.import_slips(store, eid, [(n, r) for n, (_, _, r) in enumerate(given)], who="b")
    assert report.added == len(given)


DOORS: tuple[tuple[str, Door], ...] = (
    ("floor: ORM insert, 64 a transaction, no check", floor),
    ("tables, 64 requests a transaction (writer)", tables_batched),
    ("one table request a transaction", tables_one),
    ("result add / console, one a transaction", add),
    ("result import, 100 a transaction", import_),
)


def main() -> None:
    global ROUNDS
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100, choices=(100, 200))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    ROUNDS = args.rounds
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.tables} tables, {args.rounds} rounds of 3 boards; {os.cpu_count()} cores, "
          f"load average: {load}")  # fmt: skip
    base = None
    for name, door in DOORS:
        with fresh(args.tables) as (store, eid, given):
            t0, w0 = time.process_time(), time.perf_counter()
            door(store, eid, given)
            cpu, wall = time.process_time() - t0, time.perf_counter() - w0
            assert len(store.results(eid)) == len(given)
        each = cpu / len(given) * 1000
        base = each if base is None else base
        print(f"{name:48} {each:6.2f} ms CPU a result (x{each / base:4.1f}), "
              f"wall {wall / len(given) * 1000:6.2f} ms")  # fmt: skip
    print("load average after: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
