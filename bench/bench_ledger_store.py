"""The masterpoint ledger in the database: import, one statement, the MP list.

Run ``.venv/bin/python bench/bench_ledger_store.py [DB-URL]`` (default: a SQLite
file in a temporary directory); prints figures, asserts nothing.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from datetime import date
from decimal import Decimal
from pathlib import Path

from bridgedesk.masterpoints.ledger import LedgerEntry, Member
from bridgedesk.services.ledgers import read_ledger
from bridgedesk.store.ledger import open_ledger
from bridgedesk.store.service import Store

MEMBERS = 1000
AWARDS = 20000


def main() -> None:
    rng = random.Random(1)
    entries = [
        LedgerEntry(
            str(10000 + rng.randrange(MEMBERS)),
            date(2025, rng.randint(1, 12), rng.randint(1, 28)),
            f"Event {rng.randrange(300)}",
            "jcbl",
            "2007",
            Decimal(rng.randint(1, 300)) / 100,
            rng.choice(("red", "black")),
            kind="ccg",
        )
        for _ in range(AWARDS)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        db = sys.argv[1] if len(sys.argv) > 1 else str(Path(tmp) / "ledger.sqlite3")
        with Store.open(db) as store:
            start = time.perf_counter()
            with open_ledger(store) as book:
                for m in sorted({e.member for e in entries}):
                    book.add_player(Member(m))
                for e in entries:
                    book.record(e)
            took = time.perf_counter() - start
            print(f"import {AWARDS} awards, {MEMBERS} members: {took:7.2f} s")
            start = time.perf_counter()
            with open_ledger(store, write=False) as book:
                book.statement("10005", 2025, 6)
            print(f"one monthly statement:                  {time.perf_counter() - start:7.3f} s")
        start = time.perf_counter()
        read_ledger(None, db).mp_list(date(2025, 12, 31))
        print(f"MP list of every member (snapshot):     {time.perf_counter() - start:7.2f} s")


if __name__ == "__main__":
    main()
