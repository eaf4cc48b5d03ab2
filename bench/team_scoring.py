"""Scoring a team event from its results file, and writing its reports: how long it takes.

Run ``.venv/bin/python bench/team_scoring.py``; prints figures, asserts nothing.
A 16-team round robin of 8-board matches (120 matches, 960 boards compared) and a
30-team one with line-ups for the Butler ranking of 60 pairs, with simulated results.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bridgedesk.deals.generate import random_deal
from bridgedesk.formats import team_results_json
from bridgedesk.movements.round_robin import schedule
from bridgedesk.reports.teams import write_reports
from bridgedesk.results.teams import score_team_event
from bridgedesk.simulate import simulate


def _room(deal: Any, rng: random.Random) -> dict[str, Any]:
    played = simulate(deal, None, rng)
    if played.contract.is_pass or played.declarer is None:
        return {"contract": "Pass"}
    return {"contract": str(played.contract), "declarer": played.declarer.value,
            "result": played.tricks}  # fmt: skip


def event_file(teams: int, boards: int) -> str:
    rng = random.Random(teams)
    rounds = []
    for r, matches in enumerate(schedule(teams), start=1):
        numbers = range((r - 1) * boards + 1, r * boards + 1)
        deals = {b: random_deal(b, rng) for b in numbers}
        rounds.append({"round": r, "matches": [
            {"home": h, "away": a,
             "lineup": {"home_ns": f"{h}A", "home_ew": f"{h}B", "away_ns": f"{a}A",
                        "away_ew": f"{a}B"},
             "boards": [{"board": b, "open": _room(deals[b], rng),
                         "closed": _room(deals[b], rng)} for b in numbers]}
            for h, a in matches
        ]})  # fmt: skip
    teams_list = [{"team": t, "name": f"Team {t}"} for t in range(1, teams + 1)]
    return json.dumps({"teams": teams_list, "rounds": rounds})


def main() -> None:
    for teams, boards in ((16, 8), (30, 8)):
        text = event_file(teams, boards)
        start = time.perf_counter()
        play = team_results_json.loads(text)
        read = time.perf_counter()
        event = score_team_event(play)
        scored = time.perf_counter()
        team_results_json.dumps(event)
        dumped = time.perf_counter()
        with tempfile.TemporaryDirectory() as tmp:
            write_reports(event, Path(tmp))
        written = time.perf_counter()
        print(
            f"{teams} teams, {len(event.matches)} matches of {boards} boards: read "
            f"{(read - start) * 1000:.0f} ms, score {(scored - read) * 1000:.0f} ms "
            f"(Butler for {len(event.butler)} pairs), JSON {(dumped - scored) * 1000:.0f} ms, "
            f"HTML reports {(written - dumped) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
