"""Speed of the bridge core: parsing, scoring and VP tables.  Prints figures only.

Run: .venv/bin/python bench/bridge_core.py
"""

from __future__ import annotations

import time

from bridgedesk.bridge import ALL_CONTRACTS, SEATS, Contract, Vulnerability, score_ns
from bridgedesk.bridge.vp import WBF2013Scale, _wbf2013_hundredths


def per_second(label: str, count: int, seconds: float) -> None:
    print(f"{label:<45} {count / seconds:>12,.0f} /s  ({count:,} in {seconds:.3f} s)")


def main() -> None:
    texts = [str(c) for c in ALL_CONTRACTS] * 100
    start = time.perf_counter()
    for text in texts:
        Contract.parse(text)
    per_second("Contract.parse", len(texts), time.perf_counter() - start)

    count = 0
    start = time.perf_counter()
    for _ in range(5):
        for contract in ALL_CONTRACTS:
            for seat in SEATS:
                for vul in Vulnerability:
                    for tricks in range(14):
                        score_ns(contract, seat, tricks, vul)
                        count += 1
    per_second("score_ns (every contract, seat, vul, tricks)", count, time.perf_counter() - start)

    _wbf2013_hundredths.cache_clear()
    start = time.perf_counter()
    scale = WBF2013Scale()
    for boards in range(1, 65):
        scale.table(boards)
    elapsed = time.perf_counter() - start
    print(f"{'WBF 2013 tables for 1..64 boards (uncached)':<45} {elapsed:>12.3f} s")


if __name__ == "__main__":
    main()
