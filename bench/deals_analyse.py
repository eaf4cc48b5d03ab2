"""Time double-dummy analysis of a 36-board set (the size of a club session's hand records).

Usage: .venv/bin/python bench/deals_analyse.py [--boards 36] [--seed 1]
Prints the best wall time of --repeat runs with one worker process and with one per core
(other load on the machine only makes runs slower, so the best run is the figure).
"""

from __future__ import annotations

import argparse
import os
import time

from bridgedesk.deals.dd import analyse
from bridgedesk.deals.generate import generate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=36)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per setting; the best is shown")
    args = parser.parse_args()
    deals = generate(args.boards, seed=args.seed)
    cores = os.cpu_count() or 1
    for workers in sorted({1, cores}):
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            analyse(deals, workers=workers)
            times.append(time.perf_counter() - start)
        elapsed = min(times)
        print(
            f"{args.boards} boards, {workers} worker process(es): {elapsed:.2f} s "
            f"({elapsed / args.boards * 1000:.0f} ms/board)"
        )


if __name__ == "__main__":
    main()
