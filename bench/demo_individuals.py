"""Time ``bridgedesk demo --individuals N``: a whole simulated individual event.

Usage: .venv/bin/python bench/demo_individuals.py [--players 12] [--repeat 3] [--no-dd]
Each run creates a fresh SQLite event in a temporary directory, enters the players
and the recommended individual movement, deals (and solves) the boards, enters
every simulated slip naming its four players through the service layer, scores the
players and writes the full report set.  Prints each run's stage times and the best
total (other load on the machine only makes runs slower).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from bridgedesk.demo_individuals import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-dd", action="store_true", help="skip double dummy")
    args = parser.parse_args()
    totals = []
    for i in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            result = run(
                players=args.players,
                seed=args.seed,
                out=Path(tmp) / "out",
                db=Path(tmp) / "demo.sqlite3",
                dd=not args.no_dd,
            )
        stages = ", ".join(f"{k} {v:.2f} s" for k, v in result.timings.items())
        print(f"run {i + 1}: {stages}")
        totals.append(result.timings["total"])
    print(
        f"{args.players} players, {len(result.scored.boards)} boards: best {min(totals):.2f} s "
        f"of {len(totals)} (cores: {os.cpu_count()}, load {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
