"""Store throughput: result entry one slip per transaction, and bulk import.

Run: .venv/bin/python bench/bench_store.py [DB-URL-or-path]
Prints figures; asserts nothing.  Uses a 13-table Mitchell (26 pairs, 13 rounds of
2 boards: 338 results) written out here as a grid.
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
import time
from pathlib import Path

from bridgedesk.events import Event, GridMovement, Result, TableAssignment, make_result
from bridgedesk.services import slips
from bridgedesk.store.service import Store

TABLES = 13


def mitchell(tables: int) -> GridMovement:
    grid = {}
    for rnd in range(1, tables + 1):
        for table in range(1, tables + 1):
            e = (table - rnd) % tables + 1
            b = (table + rnd - 2) % tables + 1
            grid[(rnd, table)] = TableAssignment(table, tables + e, (2 * b - 1, 2 * b))
    return GridMovement(f"Mitchell {tables}", "mitchell", tables, tables, 2, grid)


def rows(movement: GridMovement) -> list[tuple[int | None, Result]]:
    out: list[tuple[int | None, Result]] = []
    for (rnd, table), a in sorted(movement.grid.items()):
        for board in a.boards:
            out.append(
                (
                    len(out) + 2,
                    make_result(
                        round=rnd,
                        table=table,
                        board=board,
                        ns=a.ns,
                        ew=a.ew,
                        contract="4S",
                        declarer="N",
                        result="=" if board % 3 else "-1",
                    ),
                )
            )
    return out


def main() -> None:
    target = sys.argv[1] if len(sys.argv) > 1 else None
    tmp = Path(tempfile.mkdtemp())
    movement = mitchell(TABLES)
    data = rows(movement)
    for label, db in (("one slip per transaction", "a"), ("bulk import, batch 100", "b")):
        url = target or str(tmp / f"{db}.sqlite3")
        with Store.open(url) as store:
            eid = store.create_event(Event(f"bench {db} {time.time()}", dt.date(2026, 11, 24)))
            store.set_movement(eid, movement)
            start = time.perf_counter()
            if db == "a":
                for _, result in data:
                    slips.enter(store, eid, result, who="bench")
            else:
                slips.import_slips(store, eid, data, who="bench", batch=100)
            took = time.perf_counter() - start
            again = time.perf_counter()
            report = slips.import_slips(store, eid, data, who="bench")
            rerun = time.perf_counter() - again
            assert report.added == 0
        print(
            f"{label:28s} {len(data)} results in {took:6.2f} s "
            f"({len(data) / took:7.1f}/s); idempotent re-run {rerun:5.2f} s"
        )
    start = time.perf_counter()
    with Store.open(str(tmp / "c.sqlite3")):
        pass
    print(f"{'open + migrate a new store':28s} {time.perf_counter() - start:6.2f} s")


if __name__ == "__main__":
    main()
