"""The live ranking of a 100-table session: what one new result costs it.

Run: .venv/bin/python bench/bench_live.py [--tables 100] [--rounds 7]

The event of ``bench_web.py`` (5 sections, skip Mitchell, 3 boards a round)
with every table's results of ``--rounds`` rounds entered.  Prints the CPU time
(``time.process_time``: what the machine's other load does not change) of

* the whole live page's content scored from nothing (every section);
* the same after one more result, with the server's live results
  (:class:`bridgedesk.services.live_results.LiveResults`): only that result's
  section is read and scored again, and in it only the new rows and their board;
* the ranking JSON of one section scored from nothing, and its public body
  (``/api/events/ID/ranking``, :func:`bridgedesk.services.visibility.kept_public_ranking`)
  from the live results after one more result in that section, and unchanged.

Asserts nothing; bounded by the number of results.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_web import SECTIONS, setup

from bridgedesk.services import live as scoring
from bridgedesk.services import slips, visibility
from bridgedesk.services.live_results import LiveResults
from bridgedesk.store import terminals
from bridgedesk.store.service import Store
from bridgedesk.web import live
from bridgedesk.web.table_body import table_slip


def cpu_ms(fn: Callable[[], object], times: int = 3) -> float:
    best = float("inf")
    for _ in range(times):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=100, choices=(100, 200))
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    db = str(Path(tempfile.mkdtemp(prefix="bridgedesk-bench-")) / "live.sqlite3")
    eid, codes, grid = setup(db, args.tables)
    store = Store.open(db)
    later = []
    for (section, table), code in codes.items():
        _, terminal = terminals.login(store, eid, section, table, code)
        for rnd in range(1, args.rounds + 1):
            a = grid[section].assignment(rnd, table)  # type: ignore[attr-defined]
            for i, board in enumerate(a.boards):
                tricks = str(7 + (i + table) % 4)
                body = {"round": rnd, "board": board, "ns": a.ns, "ew": a.ew,
                        "contract": "3NT", "declarer": "S", "result": tricks}  # fmt: skip
                later.append(table_slip(terminal, body))
    last = later.pop()  # entered during the measurement
    spare = next(x for x in reversed(later) if x.terminal.section == "A")  # one more, in section A
    later.remove(spare)
    for i in range(0, len(later), 64):
        slips.enter_at_tables(store, later[i : i + 64])
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"{args.tables} tables in {len(SECTIONS)} sections, {len(later) + 1} results "
          f"({args.rounds} rounds); load average: {load}")  # fmt: skip
    full = cpu_ms(lambda: live.live_context(store, eid))
    print(f"live page content, every section scored:     {full:8.1f} ms CPU")
    cache = LiveResults(store)
    live.live_context(store, eid, cache=cache)
    unchanged = cpu_ms(lambda: live.live_context(store, eid, cache=cache))
    print(f"  again, nothing changed (cached sections):  {unchanged:8.1f} ms CPU")
    slips.enter_at_tables(store, [last])
    t0 = time.process_time()
    live.live_context(store, eid, cache=cache)
    one = (time.process_time() - t0) * 1000
    print(f"  after one new result (its section only):   {one:8.1f} ms CPU")
    ranking = cpu_ms(lambda: scoring.ranking_document(store, eid, "A", 1))
    print(f"ranking JSON of section A, scored anew:      {ranking:8.1f} ms CPU")
    slips.enter_at_tables(store, [spare])
    t0 = time.process_time()
    visibility.kept_public_ranking(store, cache, eid, "A", 1)
    public = (time.process_time() - t0) * 1000
    print(f"  its public body after one more result:     {public:8.1f} ms CPU")
    kept = cpu_ms(lambda: visibility.kept_public_ranking(store, cache, eid, "A", 1))
    print(f"  again, nothing changed:                    {kept:8.2f} ms CPU")
    store.close()


if __name__ == "__main__":
    main()
