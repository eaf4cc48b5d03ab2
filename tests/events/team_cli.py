"""Helpers for the stored team event tests: teams, simulated rooms, slips as words.

Provenance of the simulated results: the deals are
:func:`bridgedesk.deals.generate.generate` from a fixed seed; each room's
result is :func:`bridgedesk.simulate.simulate` on that deal with a seeded
``random.Random``.  The same rooms are also written as a team results file
(:mod:`bridgedesk.formats.team_results_json`), so the stored event can be
compared with the file path.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.events.test_cli import Cli

from bridgedesk.bridge.contract import format_result
from bridgedesk.deals.generate import generate
from bridgedesk.simulate import simulate


def add_teams(cli: Cli, event: str, teams: int, players: int = 4) -> None:
    for t in range(1, teams + 1):
        args = ["entry", "add", event, "--kind", "team", "--name", f"Team {t}"]
        for k in range(1, players + 1):
            args += ["--player", f"Player {t}-{k}:{t:02d}{k}"]
        cli(*args)


def simulated_rooms(
    matches: list[dict[str, Any]], seed: int
) -> dict[tuple[int, int, int, int, str], list[str]]:
    """(round, home, away, board, room) -> slip words, for every room of ``matches``
    (dicts with round, home, away, boards)."""
    rng = random.Random(seed)
    boards = sorted({b for m in matches for b in m["boards"]})
    deals = {d.board: d for d in generate(boards[-1], 1, seed=seed)}
    out = {}
    for m in matches:
        for b in m["boards"]:
            for room in ("open", "closed"):
                p = simulate(deals[b], None, rng)
                if p.contract.is_pass:
                    words = ["PASS"]
                else:
                    assert p.declarer is not None and p.tricks is not None
                    words = [str(p.contract), p.declarer.value, format_result(p.contract, p.tricks)]
                out[(m["round"], m["home"], m["away"], b, room)] = words
    return out


def enter(cli: Cli, event: str, rooms: dict[tuple[int, int, int, int, str], list[str]],
          path: Path, one_by_one: int = 4) -> None:  # fmt: skip
    """The first ``one_by_one`` rooms by ``result team``, the rest by ``result team-import``."""
    items = list(rooms.items())
    for (rnd, home, away, board, room), words in items[:one_by_one]:
        cli(
            "result", "team", event, "--round", str(rnd), "--home", str(home),
            "--away", str(away), "--room", room, "--board", str(board), *words,
        )  # fmt: skip
    lines = ["round,home,away,room,board,contract,declarer,result"]
    for (rnd, home, away, board, room), words in items[one_by_one:]:
        cells = words if len(words) == 3 else [*words, "", ""]
        lines.append(",".join(map(str, (rnd, home, away, room, board, *cells))))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = cli("result", "team-import", event, str(path))
    assert out == f"{len(items) - one_by_one} room results entered, 0 already stored\n"


def file_rooms(words: list[str]) -> dict[str, Any]:
    if words == ["PASS"]:
        return {"contract": "Pass"}
    contract, declarer, result = words
    return {"contract": contract, "declarer": declarer, "result": result}


def draw_matches(cli: Cli, event: str) -> list[dict[str, Any]]:
    """The draw as the JSON of `results --format json` does not give it: read the store."""
    from bridgedesk.store import team_events
    from bridgedesk.store.service import Store

    with Store.open(cli.db) as store:
        draw = team_events.draw(store, event)
    return [
        {"round": d.round, "home": d.home, "away": d.away, "boards": list(d.boards)}
        for d in draw.matches
        if d.away is not None and draw.forfeited_by(d) is None
    ]
