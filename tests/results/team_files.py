"""Team results files generated for the tests (bridgedesk's own, no other program's).

Provenance: the deals are :func:`bridgedesk.deals.generate.random_deal` from a
seeded ``random.Random``; each room's result is :func:`bridgedesk.simulate.simulate`
on that deal; the schedules are bridgedesk's team movements (Berger round robin,
AWL).  The files are written in the team results JSON of
:mod:`bridgedesk.formats.team_results_json`, each room by contract, declarer
and tricks, so the reader computes and checks every score.
"""

from __future__ import annotations

import random
from typing import Any

from bridgedesk.deals.generate import random_deal
from bridgedesk.movements.awl import awl
from bridgedesk.movements.round_robin import schedule
from bridgedesk.simulate import simulate


def room(deal_board: int, deals: dict[int, Any], rng: random.Random) -> dict[str, Any]:
    played = simulate(deals[deal_board], None, rng)
    if played.contract.is_pass:
        return {"contract": "Pass"}
    assert played.declarer is not None
    return {
        "contract": str(played.contract),
        "declarer": played.declarer.value,
        "result": played.tricks,
    }


def _teams(n: int) -> list[dict[str, Any]]:
    return [
        {
            "team": t,
            "name": f"Team {t}",
            "players": [{"name": f"Player {t}-{k}", "member": f"{t:03d}{k}"} for k in range(1, 5)],
        }
        for t in range(1, n + 1)
    ]


def _lineup(home: int, away: int) -> dict[str, str]:
    return {
        "home_ns": f"{home}A",
        "home_ew": f"{home}B",
        "away_ns": f"{away}A",
        "away_ew": f"{away}B",
    }


def round_robin_file(teams: int, boards: int, seed: int) -> dict[str, Any]:
    """A round robin on VPs: every match of a round plays the round's boards."""
    rng = random.Random(seed)
    rounds = []
    for r, matches in enumerate(schedule(teams), start=1):
        numbers = range((r - 1) * boards + 1, r * boards + 1)
        deals = {b: random_deal(b, rng) for b in numbers}
        rows = []
        for table, (home, away) in enumerate(matches, start=1):
            rows.append(
                {
                    "home": home,
                    "away": away,
                    "table": table,
                    "lineup": _lineup(home, away),
                    "boards": [
                        {"board": b, "open": room(b, deals, rng), "closed": room(b, deals, rng)}
                        for b in numbers
                    ],
                }
            )
        rounds.append({"round": r, "matches": rows})
    return {
        "event": {"name": f"{teams}-team round robin", "date": "2026-11-24"},
        "form": "round-robin",
        "scoring": "vp",
        "vp_scale": "wbf2013",
        "teams": _teams(teams),
        "rounds": rounds,
    }


def awl_bam_file(teams: int, seed: int, boards_per_round: int = 2) -> dict[str, Any]:
    """A board-a-match AWL: a match is team A's NS against B's EW and B's NS against
    A's EW on the same set (004:2607), in whichever rounds the movement puts them."""
    rng = random.Random(seed)
    movement = awl(teams, boards_per_round=boards_per_round)
    seen: dict[tuple[int, int, int], int] = {}
    matches: dict[int, list[dict[str, Any]]] = {}
    deals: dict[int, Any] = {}
    for rnd in movement.rounds:
        for s in rnd.seatings:
            ns, ew, board_set = s.ns.number, s.ew.number, s.board_set
            if (ew, ns, board_set) in seen:
                continue
            seen[(ns, ew, board_set)] = rnd.number
            numbers = range(
                (board_set - 1) * boards_per_round + 1, board_set * boards_per_round + 1
            )
            for b in numbers:
                deals.setdefault(b, random_deal(b, rng))
            matches.setdefault(rnd.number, []).append(
                {
                    "home": ns,
                    "away": ew,
                    "boards": [
                        {"board": b, "open": room(b, deals, rng), "closed": room(b, deals, rng)}
                        for b in numbers
                    ],
                }
            )
    rounds = [{"round": r, "matches": ms} for r, ms in sorted(matches.items())]
    return {
        "event": {"name": f"{teams}-team board-a-match"},
        "form": "awl",
        "scoring": "bam",
        "teams": _teams(teams),
        "rounds": rounds,
    }
