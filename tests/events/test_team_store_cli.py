"""Stored team events end to end through the command line: entries, the draw, both
rooms' results, a wrong-room slip refused, a correction, standings and every report.

The seed's worked examples go through the event path too: the comparison of
004:1660-1668, the B-a-M + VP report of 004:1817-1872 and the cross-table of
004:1754-1760."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.bridge import Seat, board_vulnerability, imps, score_ns
from bridgedesk.bridge.contract import ALL_CONTRACTS, format_result
from bridgedesk.events.swiss import halves
from bridgedesk.scoring.teams import forfeit_vp
from tests.events.store_dump import dump
from tests.events.team_cli import add_teams, draw_matches, enter, file_rooms, simulated_rooms
from tests.events.test_cli import Cli
from tests.results.test_teams import run


def run_plain(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


@pytest.fixture(name="cli")
def cli_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "teams.sqlite3", capsys)


def _file(matches: list[dict[str, Any]], rooms: dict[Any, list[str]], teams: int,
          scoring: str) -> dict[str, Any]:  # fmt: skip
    """The same event as a team results file (docs/teams.md), for the file path."""
    rounds: dict[int, list[dict[str, Any]]] = {}
    for m in matches:
        boards = [
            {"board": b,
             "open": file_rooms(rooms[(m["round"], m["home"], m["away"], b, "open")]),
             "closed": file_rooms(rooms[(m["round"], m["home"], m["away"], b, "closed")])}
            for b in m["boards"]
        ]  # fmt: skip
        rounds.setdefault(m["round"], []).append(
            {"home": m["home"], "away": m["away"], "boards": boards}
        )
    return {
        "scoring": scoring,
        "teams": [{"team": t, "name": f"Team {t}"} for t in range(1, teams + 1)],
        "rounds": [{"round": r, "matches": ms} for r, ms in sorted(rounds.items())],
    }


def test_round_robin_of_8_teams_on_vps(cli: Cli, tmp_path: Path) -> None:
    out = cli("event", "new", "RR", "--kind", "teams", "--format", "round-robin",
              "--scoring", "vp", "--boards-per-match", "2", "--date", "2026-11-24")  # fmt: skip
    assert out == "event 1: RR (2026-11-24, teams, round-robin, vp, 2 boards a match)\n"
    add_teams(cli, "RR", 8)
    draw = cli("event", "movement", "RR")
    assert draw.splitlines()[:3] == [
        "draw: round-robin 8 teams, 7 rounds x 2 boards",
        "round 1",
        "    1 v 8   boards 1-2  open: round 1 table 1, closed: round 1 table 2",
    ]
    cli("event", "lineup", "RR", "--round", "1", "--team", "1", "--ns", "1,3", "--ew", "2,4")
    matches = draw_matches(cli, "RR")
    assert len(matches) == 28  # every pair of 8 teams once
    rooms = simulated_rooms(matches, seed=8)
    enter(cli, "RR", rooms, tmp_path / "rr.csv")

    # a slip for the wrong room, board or match is refused, naming it; the store is unchanged
    before = dump(cli.db)
    err = cli("result", "team", "RR", "--round", "1", "--home", "1", "--away", "8",
              "--room", "open", "--board", "3", "3NT", "N", "=", status=2)  # fmt: skip
    assert err == (
        "error: round 1, board 3: round 1: the match 1 v 8 plays boards 1-2, not board 3\n"
    )
    err = cli("result", "team", "RR", "--round", "1", "--home", "1", "--away", "7",
              "--room", "closed", "--board", "1", "3NT", "N", "=", status=2)  # fmt: skip
    assert err == "error: round 1 has no match 1 v 7; team 1 plays 1 v 8\n"
    err = cli("result", "team", "RR", "--round", "1", "--home", "8", "--away", "1",
              "--room", "closed", "--board", "1", "3NT", "N", "=", status=2)  # fmt: skip
    assert "team 1 is at home against team 8, not away" in err
    err = cli("result", "team", "RR", "--round", "1", "--home", "1", "--away", "8",
              "--room", "closed", "--board", "1", "3NT", "N", "=", status=2)  # fmt: skip
    assert "the closed room of 1 v 8 has a result on board 1 already" in err
    assert dump(cli.db) == before

    # a correction, as for pairs: audited, and the standings follow it
    out = cli("result", "team", "RR", "--round", "1", "--home", "1", "--away", "8",
              "--room", "closed", "--board", "1", "7NT", "S", "-7", "--correct",
              "--reason", "wrong slip", "--by", "td")  # fmt: skip
    assert out.startswith("correction 1: round 1, 1 v 8, closed room, board 1: ")
    assert out.endswith("-> 7NT S -7\n")
    rooms[(1, 1, 8, 1, "closed")] = ["7NT", "S", "-7"]
    history = cli("result", "history", "RR", "--board", "1")
    assert "(wrong slip)" in history

    got = json.loads(cli("results", "RR", "--format", "json"))
    path = tmp_path / "rr.json"
    path.write_text(json.dumps(_file(matches, rooms, 8, "vp")), encoding="utf-8")
    expected = json.loads(run_plain("teams", "score", str(path), "--format", "json"))
    assert got["standings"] == expected["standings"]
    assert [(m["round"], m["home"], m["away"], m["imps"], m["vp"]) for m in got["matches"]] == [
        (m["round"], m["home"], m["away"], m["imps"], m["vp"]) for m in expected["matches"]
    ]
    first = got["matches"][0]
    assert set(first) >= {"round", "home", "away", "boards", "imps", "vp"}
    b = first["boards"][0]
    assert b["closed_ns"] == -350  # 7NT by S seven down, not vulnerable on board 1
    assert b["imps"] == [imps(b["open_ns"] + 350), -imps(b["open_ns"] + 350)]
    assert [s["rank"] for s in got["standings"]][0] == "1"
    assert first["lineup"]["home_ns"] == "1 Player 1-1 – Player 1-3"

    out_dir = tmp_path / "rr-reports"
    written = cli("results", "RR", "--out", str(out_dir)).split()
    names = sorted(Path(p).name for p in written)
    assert names == sorted([
        "standings.html", "scorecards.html", "rounds.html", "butler.html", "index.html",
        "standings.csv", "matches.csv", "results.json",
    ])  # fmt: skip
    page = (out_dir / "scorecards.html").read_text(encoding="utf-8")
    assert "Player 1-1 – Player 1-3" in page  # the line-up is shown on the score sheet
    cli("results", "RR", "--out", str(tmp_path / "ja"), "--lang", "ja")
    assert "順位" in (tmp_path / "ja" / "standings.html").read_text(encoding="utf-8")
