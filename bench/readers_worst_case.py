"""Benchmark: the readers on large and hostile files (issue 10: bounded time and memory).

Run with ``.venv/bin/python bench/readers_worst_case.py [--mib M] [--trace]``.
Writes files of about M MiB (default 8) into a temporary directory and prints,
for each, the seconds (and with ``--trace`` the peak memory traced) while
reading it and whether it gave a result or one error line.  Measured on the
2-core machine at 2 MiB: 0.6-7 s each (12.8 s for 116,000 CSV result lines),
linear in the size up to the 32 MiB bound.  Figures, not assertions.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.generate import generate
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import pbn, pbn_deals, results_csv, traveller_json


def _files(mib: int) -> dict[str, tuple[str, Callable[[Path], object]]]:
    size = mib * 1024 * 1024
    deals = pbn_deals.dumps([BoardRecord(d) for d in generate(64, 1, seed=3)])
    row = " 1  2 4S   S 10    620      -\n"
    table = (
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
    )
    results = [
        {"ns": str(2 * i + 1), "ew": str(2 * i + 2), "score_ns": 420} for i in range(size // 40)
    ]
    results.append({"ns": "1", "ew": "1", "score_ns": 50})  # the slip is at the end
    travellers = {"format": "bridgedesk-travellers", "version": 1,
                  "boards": [{"board": 1, "results": results}]}  # fmt: skip
    return {
        "deals.pbn": (deals * (size // len(deals)), lambda p: pbn_deals.load(p)),
        "rows-with-form-feeds.pbn": (
            table + row.replace(" ", "\f") * (size // len(row)),
            lambda p: pbn.load(p),
        ),
        "one-line.pbn": ('[Event "' + "x" * size + '"]\n', lambda p: pbn.load(p)),
        "travellers.json": (json.dumps(travellers), lambda p: traveller_json.load(p).check()),
        "nested.json": ("[" * size, traveller_json.load),
        "results.csv": (
            "round,table,board,ns,ew,contract,declarer,result\n"
            + "1,1,1,1,2,3NT,N,=\n" * (size // 18),
            results_csv.load,
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mib", type=int, default=8)
    parser.add_argument(
        "--trace", action="store_true", help="trace peak memory (slows the readers several fold)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name, (text, read) in _files(args.mib).items():
            path = Path(tmp) / name
            path.write_text(text, encoding="utf-8")
            if args.trace:
                tracemalloc.start()
            started = time.perf_counter()
            try:
                read(path)
                outcome = "read"
            except BridgedeskError as exc:
                outcome = "error: " + str(exc).split(": ", 1)[-1][:60]
            seconds = time.perf_counter() - started
            peak = tracemalloc.get_traced_memory()[1] if args.trace else 0
            tracemalloc.stop()
            size = path.stat().st_size / 1024 / 1024
            print(f"{name:26} {size:6.1f} MiB {seconds:7.2f} s {peak / 1e6:8.0f} MB  {outcome}")


if __name__ == "__main__":
    main()
