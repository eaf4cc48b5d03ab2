"""Print the balance of every complete Howell and how long the searches take (no assertions).

Run: ``.venv/bin/python bench/howell_balance.py [--quick]``.  For each size it
prints the shipped movement's balance and where it comes from, then the
balance that :func:`howell.search_balanced_starter` (random valid round 1s,
each seated NS/EW in the best of all ``2**(T-1)`` ways) reaches and its time,
and the same for the older :func:`howell.search_starter` (seating improved
table by table).  The balanced search stops at the best spread possible: 0 for
an even and 4 for an odd number of tables, 8 for a cyclic 14-table Howell (see
docs/movements.md).  ``--quick`` stops at 12 tables.
"""

from __future__ import annotations

import sys
import time

from bridgedesk.movements import howell


def _cyclic_figure(tables: int, starter: tuple[tuple[int, int, int], ...]) -> str:
    n = 2 * tables - 1
    m = howell._build(tables, starter, n, 2)
    return f"{float(howell.balance(m).index):5.1f}%"


def main() -> None:
    last = 12 if "--quick" in sys.argv else 16
    print(f"{'tables':>6} {'shipped':>8} {'balanced search':>22} {'older search':>20}  arrangement")
    for tables in range(3, last + 1):
        m = howell.complete_howell(tables)
        shipped = f"{float(howell.balance(m).index):5.1f}%"
        target = 8 if tables in howell.FIELD_TABLES else None
        start = time.perf_counter()
        found = howell.search_balanced_starter(tables, seed=1, target=target)
        balanced = f"{_cyclic_figure(tables, found)} in {time.perf_counter() - start:6.2f} s"
        start = time.perf_counter()
        older = howell.search_starter(tables)
        old = f"{_cyclic_figure(tables, older)} in {time.perf_counter() - start:6.2f} s"
        where = howell.provenance(tables).removeprefix("arrangement: ")
        print(f"{tables:>6} {shipped:>8} {balanced:>22} {old:>20}  {where}", flush=True)


if __name__ == "__main__":
    main()
