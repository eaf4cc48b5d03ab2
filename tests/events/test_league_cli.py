"""A league season end to end through the command line: two divisions of four teams over
three match days, each match in two halves with the half-time move of 004:1674-1680 and
substitutions by 004:1684, then the standings after each day, the report set, the
masterpoints by division (000:590-593) and the next season with promotion and relegation.

Provenance of the results: each room is :func:`bridgedesk.simulate.simulate` on deals of
:func:`bridgedesk.deals.generate.generate` from a fixed seed (``tests/events/team_cli.py``).
The first half's IMPs that decide who moves are computed here independently, board by
board, from the contracts (:func:`bridgedesk.bridge.score_ns`, the IMP scale).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.events.team_cli import draw_matches, simulated_rooms
from tests.events.test_cli import Cli

from bridgedesk.bridge import Contract, Seat, board_vulnerability, imps, parse_result, score_ns
from bridgedesk.store.service import Store
from bridgedesk.store.team_results import read_team_event

LEAGUE = "Kanto 2026"
DAYS = ("--day", "2026-04-12:1", "--day", "2026-05-10:2", "--day", "2026-06-14:3")


@pytest.fixture(name="cli")
def cli_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "league.sqlite3", capsys)


def _ns(words: list[str], board: int) -> int:
    if words == ["PASS"]:
        return 0
    contract = Contract.parse(words[0])
    tricks = parse_result(words[2], contract)
    return score_ns(contract, Seat(words[1]), tricks, board_vulnerability(board))


def _enter(cli: Cli, event: str, rows: list[tuple[Any, list[str]]], path: Path) -> None:
    lines = ["round,home,away,room,board,contract,declarer,result"]
    for (rnd, home, away, board, room), words in rows:
        cells = words if len(words) == 3 else [*words, "", ""]
        lines.append(",".join(map(str, (rnd, home, away, room, board, *cells))))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cli("result", "team-import", event, str(path))


def test_a_two_division_league_over_three_match_days(cli: Cli, tmp_path: Path) -> None:
    out = cli("league", "new", LEAGUE, "--season", "2026", "--divisions", "2",
              "--boards-per-match", "8", "--vp-scale", "wbf25", *DAYS,
              "--masterpoints", "club-league", "--club", "Kanto BA")  # fmt: skip
    assert "division 2: event 2 'Kanto 2026/2'" in out
    players = {1: 5, 2: 6}  # division 1's teams have a fifth player, division 2's a sixth too
    for d in (1, 2):
        for t in range(1, 5):
            args = ["entry", "add", f"{LEAGUE}/{d}", "--kind", "team", "--name", f"D{d} T{t}"]
            for k in range(1, players[d] + 1):
                args += ["--player", f"P{d}{t}{k}:{d}{t}{k:02d}"]
            cli(*args)
    assert cli("league", "draw", LEAGUE).splitlines() == [
        "division 1: round-robin 4 teams, 3 rounds x 8 boards, rounds 1-3",
        "division 2: round-robin 4 teams, 3 rounds x 8 boards, rounds 1-3",
    ]
    moves: list[tuple[str, int, int, int]] = []
    for d in (1, 2):
        event = f"{LEAGUE}/{d}"
        matches = draw_matches(cli, event)
        rooms = simulated_rooms(matches, seed=26 + d)
        for rnd in (1, 2, 3):
            played = [m for m in matches if m["round"] == rnd]
            first = [(k, w) for k, w in rooms.items() if k[0] == rnd and k[3] <= 4 + (rnd - 1) * 8]
            _enter(cli, event, first, tmp_path / "first.csv")
            for m in played:
                home, away = m["home"], m["away"]
                margin = [
                    imps(_ns(rooms[(rnd, home, away, b, "open")], b)
                         - _ns(rooms[(rnd, home, away, b, "closed")], b))
                    for b in m["boards"][:4]
                ]  # fmt: skip
                won_home = sum(x for x in margin if x > 0)
                won_away = -sum(x for x in margin if x < 0)
                args = ["league", "half-time", event, "--round", str(rnd), "--home", str(home)]
                if won_home == won_away:
                    args += ["--tie", "away"]
                moving = away if won_home >= won_away else home
                staying = home if moving == away else away
                if (d, rnd, home) == (1, 2, matches[2]["home"]):
                    # the moving team's NS pair 1-2 would re-form with its EW pair: refused
                    refused = cli(*args, "--change", f"{moving}:1,3:2,4", status=2)
                    assert refused.count("\n") == 1
                    assert "never the pairs be re-formed (004:1684)" in refused
                    # player 2 leaves, 1-5 play on where 1-2 go: EW at the opponents'
                    args += ["--change", f"{moving}:3,4:1,5"]
                if (d, rnd) == (2, 3) and home == matches[-1]["home"]:
                    # the team that stays brings in its 5-6 pair for its NS pair 1-2
                    args += ["--change", f"{staying}:5,6:3,4"]
                said = cli(*args)
                assert f"first half {won_home}-{won_away} IMPs; team {moving}'s pairs move" in said
                moves.append((event, rnd, home, moving))
            second = [(k, w) for k, w in rooms.items() if k[0] == rnd and (k, w) not in first]
            _enter(cli, event, second, tmp_path / "second.csv")
            standings = json.loads(cli("league", "results", LEAGUE, "--format", "json"))
            assert len(standings["divisions"][d - 1]["days"]) == rnd
    # the stored second halves are the seed's move: the mover's NS pair EW, its EW pair NS
    with Store.open(cli.db) as store:
        for event, rnd, home, moving in moves:
            stored = read_team_event(store, event)
            half = stored.halves[(rnd, moving)]
            other = next(h for (r, t), h in stored.halves.items() if r == rnd and h.home == home
                         and t != moving)  # fmt: skip
            assert half.moved and not other.moved
            if (event, rnd) == (f"{LEAGUE}/1", 2) and home == moves[2][2]:
                assert (half.seats.ns, half.seats.ew) == ((3, 4), (1, 5))
            else:
                assert (half.seats.ns, half.seats.ew) == ((3, 4), (1, 2))
            if (event, rnd) == (f"{LEAGUE}/2", 3) and home == moves[-1][2]:
                assert (other.seats.ns, other.seats.ew) == ((5, 6), (3, 4))
            else:
                assert (other.seats.ns, other.seats.ew) == ((1, 2), (3, 4))
    # once the second half has results its pairs are a fact
    event, rnd, home, _ = moves[0]
    late = cli("league", "half-time", event, "--round", str(rnd), "--home", str(home),
               "--tie", "home", status=2)  # fmt: skip
    assert "has 8 room results already" in late
    data = json.loads(cli("league", "results", LEAGUE, "--format", "json"))
    one, two = data["divisions"]
    assert one["complete"] and two["complete"]
    assert [s["zone"] for s in one["standings"]] == [None, None, None, "down"]
    assert [s["zone"] for s in two["standings"]] == ["up", None, None, None]
    # the Butler ranking names the second half's pairs: 1-5 of the substituted team
    subbed = next(m for e, r, h, m in moves if (e, r, h) == (f"{LEAGUE}/1", 2, moves[2][2]))
    scored = json.loads(cli("results", f"{LEAGUE}/1", "--format", "json"))
    butler = {b["pair"]: b["boards"] for b in scored["butler"]}
    assert butler[f"{subbed} P1{subbed}1 – P1{subbed}5"] == 4
    assert butler[f"{subbed} P1{subbed}1 – P1{subbed}2"] == 20
    # the report set: the league's page and each division's reports, in Japanese
    written = cli("league", "results", LEAGUE, "--out", str(tmp_path / "site"), "--lang", "ja")
    assert str(tmp_path / "site" / "index.html") in written
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "1部" in page and "2部" in page and "降格" in page and "昇格" in page
    assert (tmp_path / "site" / "division-2" / "standings.html").exists()
    # masterpoints: club league, 2 divisions: 100 and 50 RP a team for the winner
    # (000:590-593), the runner-up half of it (1/N, 000:411-421), 2 places of 4 paid (35 %)
    awards = json.loads(cli("league", "awards", LEAGUE, "--json"))
    by_team: dict[tuple[int, str], set[str]] = {}
    for a in awards:
        by_team.setdefault((a["division"], a["team"]), set()).add(a["points"])
        assert a["colour"] == "red"
    winner_1 = one["standings"][0]["team"]
    winner_2 = two["standings"][0]["team"]
    assert by_team[(1, str(winner_1))] == {"20.00"}  # 100 / 5 players
    assert by_team[(2, str(winner_2))] == {"8.33"}  # 50 / 6 players
    assert len({k for k in by_team if k[0] == 1}) == 2
    # the next season: division 1's last goes down, division 2's winner comes up
    out = cli("league", "next", LEAGUE, "--name", "Kanto 2027", "--season", "2027",
              "--day", "2027-04-11:1-3")  # fmt: skip
    names_1 = [s["name"] for s in one["standings"]]
    names_2 = [s["name"] for s in two["standings"]]
    lines = out.splitlines()
    assert lines[1] == (
        "  division 1 (Kanto 2027/1): "
        + ", ".join(f"{n} {name}" for n, name in enumerate([*names_1[:3], names_2[0]], 1))
    )
    assert lines[2] == (
        "  division 2 (Kanto 2027/2): "
        + ", ".join(f"{n} {name}" for n, name in enumerate([names_1[3], *names_2[1:]], 1))
    )
