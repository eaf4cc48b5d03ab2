"""Time ``bridgedesk demo``: a whole simulated club session, stage by stage.

Usage: .venv/bin/python bench/demo_session.py [--pairs 13] [--repeat 3] [--no-dd]
       .venv/bin/python bench/demo_session.py --individuals 12  (``demo --individuals``)
Each run creates a fresh SQLite event in a temporary directory, deals and solves the
boards, simulates and imports every result through the service layer, scores and
writes the full report set.  Prints each run's stage times and the best total
(other load on the machine only makes runs slower).
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from bridgedesk.demo_individuals import run as run_individuals
from bridgedesk.demo_session import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=13)
    parser.add_argument("--individuals", type=int, help="players of an individual instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-dd", action="store_true", help="skip double dummy")
    args = parser.parse_args()
    totals = []
    for i in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            where = {"seed": args.seed, "out": Path(tmp) / "out", "dd": not args.no_dd}
            if args.individuals is not None:
                result = run_individuals(args.individuals, db=Path(tmp) / "demo.sqlite3", **where)
            else:
                result = run(pairs=args.pairs, db=Path(tmp) / "demo.sqlite3", **where)
        stages = ", ".join(f"{k} {v:.2f} s" for k, v in result.timings.items())
        print(f"run {i + 1}: {stages}")
        totals.append(result.timings["total"])
    print(
        f"{args.individuals or args.pairs} {'players' if args.individuals else 'pairs'} "
        f"({result.movement}, {len(result.scored.travellers)} boards) "
        f"on {os.cpu_count()} cores: best total {min(totals):.2f} s"
    )


if __name__ == "__main__":
    main()
