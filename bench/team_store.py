"""Time a stored team event end to end: ``bridgedesk demo --teams N``, stage by stage.

Usage: .venv/bin/python bench/team_store.py [--teams 20] [--format round-robin] [--repeat 2]

Each run creates a fresh SQLite team event in a temporary directory, enters the
teams, makes the draw, simulates every room of every match and enters them as
room results checked against the draw (a Swiss draws each round from the
standings), scores the event and writes every report.  Prints each run's stage
times, room results a second, and the time of one audited correction of a room
result (``result team --correct``'s store call, a transaction of its own).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bridgedesk.bridge import Contract
from bridgedesk.demo_teams import run
from bridgedesk.events import Result
from bridgedesk.events.team_draw import TeamSlip
from bridgedesk.services.slips import correct_room
from bridgedesk.store import team_events
from bridgedesk.store.service import Store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--format", default="round-robin")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    for i in range(args.repeat):
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "teams.sqlite3"
            made = run(teams=args.teams, form=args.format, out=Path(tmp) / "out", db=db)
            stages = ", ".join(f"{k} {v:.2f} s" for k, v in made.timings.items())
            rate = made.slips / made.timings["results"]
            print(f"run {i + 1}: {made.draw}; {made.slips} room results ({rate:.0f}/s); {stages}")
            with Store.open(db) as store:
                last = [d for d in team_events.draw(store, made.event_id).matches if d.away][-1]
                assert last.away is not None
                board = last.boards[0]
                slip = TeamSlip(last.round, last.home, last.away, "open", board,
                                Result(1, 1, board, 1, 2, Contract.PASS))  # fmt: skip
                t0 = time.perf_counter()
                correct_room(store, made.event_id, slip, who="bench", reason="timing")
                print(f"  one correction: {time.perf_counter() - t0:.3f} s")


if __name__ == "__main__":
    main()
