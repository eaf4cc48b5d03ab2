"""Stored team events end to end through the command line: entries, the draw, both
rooms' results, a wrong-room slip refused, a correction, standings and every report.

The seed's worked examples go through the event path too: the comparison of
004:1660-1668, the B-a-M + VP report of 004:1817-1872 and the cross-table of
004:1754-1760."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from tests.events.store_dump import dump
from tests.events.team_cli import add_teams, draw_matches, enter, file_rooms, simulated_rooms
from tests.events.test_cli import Cli
from tests.results.test_teams import run

from bridgedesk.bridge import imps
from bridgedesk.events.swiss import halves


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
    assert next(s["rank"] for s in got["standings"]) == "1"
    assert first["lineup"]["home_ns"] == "1 Player 1-1 – Player 1-3"

    out_dir = tmp_path / "rr-reports"
    written = cli("results", "RR", "--out", str(out_dir)).split()
    names = sorted(Path(p).name for p in written)
    assert names == sorted([
        "standings.html", "scorecards.html", "rounds.html", "butler.html", "index.html",
        "standings.csv", "matches.csv", "results.json", "results.pbn", "sheets.html",
    ])  # fmt: skip
    pbn = (out_dir / "results.pbn").read_text(encoding="utf-8")
    assert pbn.count('[Room "Open"]') == pbn.count('[Room "Closed"]') == 28 * 2
    page = (out_dir / "scorecards.html").read_text(encoding="utf-8")
    assert "Player 1-1 – Player 1-3" in page  # the line-up is shown on the score sheet
    cli("results", "RR", "--out", str(tmp_path / "ja"), "--lang", "ja")
    assert "順位" in (tmp_path / "ja" / "standings.html").read_text(encoding="utf-8")


def test_awl_of_10_teams_board_a_match(cli: Cli, tmp_path: Path) -> None:
    cli("event", "new", "AWL", "--kind", "teams", "--format", "awl", "--scoring", "bam")
    add_teams(cli, "AWL", 10)
    out = cli("event", "movement", "AWL")
    assert out.startswith("draw: awl 10 teams, 9 rounds x 2 boards\n")
    matches = draw_matches(cli, "AWL")
    assert len(matches) == 45  # every pair of teams meets once (004:1874-1876)
    # the relay round (004:1920): tables t and t+5 play the same set, NS t v EW t+5
    relay = [m for m in matches if m["round"] == 9]
    assert {(m["home"], m["away"]) for m in relay} == {(t, t + 5) for t in range(1, 6)}
    rooms = simulated_rooms(matches, seed=10)
    enter(cli, "AWL", rooms, tmp_path / "awl.csv")
    before = dump(cli.db)
    relay_board = relay[0]["boards"][0]
    err = cli("result", "team", "AWL", "--round", "9", "--home", "1", "--away", "6",
              "--room", "closed", "--board", str(relay_board + 2), "PASS", status=2)  # fmt: skip
    assert "the match 1 v 6 plays boards" in err
    assert dump(cli.db) == before

    got = json.loads(cli("results", "AWL", "--format", "json"))
    path = tmp_path / "awl.json"
    path.write_text(json.dumps(_file(matches, rooms, 10, "bam")), encoding="utf-8")
    expected = json.loads(run_plain("teams", "score", str(path), "--format", "json"))
    assert got["standings"] == expected["standings"]
    # board-a-match: 2 a board won, 1 halved (004:1823); 90 boards, 180 points shared
    assert sum(s["points"] for s in got["standings"]) == 2 * 90
    for m in got["matches"]:
        for b in m["boards"]:
            net = b["open_ns"] - b["closed_ns"]
            assert b["bam"] == ([2, 0] if net > 0 else [1, 1] if net == 0 else [0, 2])
    written = cli("results", "AWL", "--out", str(tmp_path / "awl")).split()
    assert {Path(p).name for p in written} >= {"bam.html", "standings.html", "rounds.html"}


def test_swiss_of_12_teams_with_a_withdrawal_and_a_forfeit(cli: Cli, tmp_path: Path) -> None:
    cli("event", "new", "Swiss", "--kind", "teams", "--format", "swiss", "--scoring", "vp",
        "--rounds", "5", "--boards-per-match", "2", "--rematch", "never")  # fmt: skip
    add_teams(cli, "Swiss", 12, players=6)
    out = cli("event", "movement", "Swiss")
    assert out.splitlines()[0] == "draw: swiss 12 teams, 2 boards a round (round 1 by seed)"
    # round 1 by seed in halves, 1 v 7 ... 6 v 12 (004:1780, 004:2675)
    round1 = [(m["home"], m["away"]) for m in draw_matches(cli, "Swiss")]
    assert round1 == halves(list(range(1, 13)))
    # team 5 forfeits its round 1 match, before any result is in (003:228-250)
    cli("result", "forfeit", "Swiss", "--round", "1", "--team", "5", "--reason", "no show")
    err = cli("result", "team", "Swiss", "--round", "1", "--home", "5", "--away", "11",
              "--room", "open", "--board", "1", "PASS", status=2)  # fmt: skip
    assert "the match 5 v 11 was forfeited by team 5" in err
    met: set[frozenset[int]] = set()
    for rnd in range(1, 6):
        now = [m for m in draw_matches(cli, "Swiss") if m["round"] == rnd]
        rooms = simulated_rooms(now, seed=100 + rnd)
        enter(cli, "Swiss", rooms, tmp_path / f"r{rnd}.csv", one_by_one=1)
        if rnd == 2:
            # team 12 goes home after round 2: from round 3 it forfeits every match
            cli("event", "withdraw-team", "Swiss", "--team", "12", "--from-round", "3",
                "--reason", "went home")  # fmt: skip
        if rnd < 5:
            cli("event", "round", "Swiss", "--next")
    draw = cli("event", "round", "Swiss")
    assert "team 12 withdrawn from round 3" in draw
    got = json.loads(cli("results", "Swiss", "--format", "json"))
    matches = got["matches"]
    assert len(matches) == 5 * 6
    for m in matches:  # the rematch rule 'never' is kept (004:2689)
        pair = frozenset((m["home"], m["away"]))
        assert pair not in met, pair
        met.add(pair)
    if_round2 = [(m["home"], m["away"]) for m in matches if m["round"] == 2]
    # round 2 by seed in groups of six: 1 v 4, 2 v 5, 3 v 6, 7 v 10 ... (004:2683)
    assert {frozenset(p) for p in if_round2} == {
        frozenset(p) for p in [(1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12)]
    }
    forfeits = [m for m in matches if m.get("forfeited_by") is not None]
    assert {(m["round"], m["forfeited_by"]) for m in forfeits} == {
        (1, 5),
        (3, 12),
        (4, 12),
        (5, 12),
    }
    # the walkover of round 1: 11 gets the most of its own average, team 5's opponents'
    # average (team 5 played nobody: none) and 1.2 draws; 5 gets the scale's minimum
    first = next(m for m in forfeits if m["round"] == 1)
    own = [m["vp"][0 if m["home"] == 11 else 1] for m in matches
           if 11 in (m["home"], m["away"]) and m.get("forfeited_by") is None]  # fmt: skip
    average = sum(Decimal(str(v)) for v in own) / len(own)
    won = max(average, Decimal("1.2") * 10).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert first["home"] == 5 and first["vp"] == [0, float(won)]
    standings = {s["team"]: s for s in got["standings"]}
    assert standings[12]["rank"] == "12"
    written = cli("results", "Swiss", "--out", str(tmp_path / "swiss")).split()
    assert {Path(p).name for p in written} >= {"rounds.html", "standings.html", "butler.html"}
    err = cli("event", "round", "Swiss", "--next", status=2)
    assert err == "error: the Swiss was set for 5 rounds, all drawn\n"
