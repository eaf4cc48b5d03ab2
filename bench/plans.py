"""Print how long the two-session plans take to build (figures only, no assertions).

Run: ``.venv/bin/python bench/plans.py``.  For each field size the first plan
of the JCBL lists (every section's movements of both sessions and the
renumbering between them, ``movements.plan.recommend_plan``), then every row
of the lists from 8 to 45 tables.
"""

from __future__ import annotations

import time

from bridgedesk.movements.plan import build_plan, recommend_plan, two_session_rows


def main() -> None:
    for pairs in (12, 26, 40, 52, 66, 80, 90):
        start = time.perf_counter()
        plan = recommend_plan(pairs)
        ms = 1000 * (time.perf_counter() - start)
        sections = " + ".join(f"{t}T" for t in plan.row.sections)
        print(f"plan for {pairs:>2} pairs ({sections:<20}) {ms:8.1f} ms")
    start = time.perf_counter()
    rows = 0
    for tables in range(8, 46):
        for row in two_session_rows(2 * tables):
            build_plan(2 * tables, row)
            rows += 1
    print(f"every row of the lists, 8-45 tables ({rows} rows): {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
