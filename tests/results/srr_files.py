"""SRR teams + pairs flights generated for the tests (bridgedesk's own data).

Provenance: the schedule is the pair round robin of
:func:`bridgedesk.movements.round_robin.pair_round_robin` written as matches --
session 1 (the Berger rounds) pairs 1 NS / pairs 2 EW, session 2 the same rounds
with the away team's pairs changing seats (004:3398-3410) -- and each room's NS
score is drawn with a seeded ``random.Random`` from a small pool per board, so
scores tie now and then.  An odd number of teams gets a bye each round (a
stand-in for the JTOS sheets, which are not printed; only the pairs' scores
matter to the ranking).
"""

from __future__ import annotations

import random
from typing import Any

from bridgedesk.movements.round_robin import schedule

POOL = (-200, -140, -120, -110, -100, -90, 90, 100, 110, 120, 140, 200)  # any vulnerability


def _lineup(home: int, away: int, second: bool) -> dict[str, str]:
    if not second:
        return {"home_ns": f"{home}A", "home_ew": f"{home}B",
                "away_ns": f"{away}A", "away_ew": f"{away}B"}  # fmt: skip
    return {"home_ns": f"{home}A", "away_ew": f"{away}A",
            "away_ns": f"{away}B", "home_ew": f"{home}B"}  # fmt: skip


def flight_file(teams: int, name: str, seed: int, boards_per_round: int = 2,
                tables: int | None = None) -> dict[str, Any]:  # fmt: skip
    """A flight of ``teams`` teams over two sessions; the same seed gives the same pools."""
    rng = random.Random(seed)
    one = schedule(teams)
    rounds = []
    for k, matches in enumerate([*one, *one], start=1):
        second = k > len(one)
        numbers = range((k - 1) * boards_per_round + 1, k * boards_per_round + 1)
        rows = []
        for table, (home, away) in enumerate(matches, start=1):
            boards = []
            for b in numbers:
                pool = random.Random(b).sample(POOL, 4)
                boards.append({"board": b, "open": {"score": rng.choice(pool)},
                               "closed": {"score": rng.choice(pool)}})  # fmt: skip
            rows.append({"home": home, "away": away, "table": table,
                         "lineup": _lineup(home, away, second), "boards": boards})  # fmt: skip
        playing = {t for m in matches for t in m}
        byes = [t for t in range(1, teams + 1) if t not in playing]
        rounds.append({"round": k, "matches": rows, "byes": byes})
    data: dict[str, Any] = {
        "event": {"name": f"SRR teams + pairs, flight {name}", "date": "2026-11-24"},
        "form": "srr-pairs", "flight": name, "scoring": "vp",
        "teams": [{"team": t, "name": f"{name}{t}"} for t in range(1, teams + 1)],
        "rounds": rounds,
    }  # fmt: skip
    if tables is not None:
        data["tables"] = tables
    return data
