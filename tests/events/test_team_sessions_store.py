"""Stored team events in several sessions, SRR teams + pairs and even-chance teams,
end to end through the command line (issue 12; docs/teams.md).

Each event is entered, drawn, both rooms' results entered
(:mod:`tests.events.team_cli`: seeded simulation), and its standings checked
against an independent sum (every match's VPs or IMPs added up by the test, the
sessions added up, or the same rooms scored as a team results file by
``teams score``), then its reports written, the HTML opened in headless Chromium.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from tests.events.store_dump import dump
from tests.events.team_cli import add_teams, draw_matches, enter, simulated_rooms
from tests.events.test_cli import Cli
from tests.events.test_team_store_cli import _file as team_file
from tests.results.test_teams import run

from bridgedesk.movements.awl import awl
from bridgedesk.movements.team_catalogue import build_team
from bridgedesk.reports.hand_records import chromium_args

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(name="cli")
def cli_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "teams.sqlite3", capsys)


def _screenshot(page: Path, png: Path) -> bytes:
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [str(CHROMIUM), *chromium_args(profile), f"--screenshot={png}",
             "--window-size=1240,1754", page.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
    return png.read_bytes()


def _points(standings: list[dict[str, Any]]) -> dict[int, Decimal]:
    return {s["team"]: Decimal(str(s["points"])) for s in standings}


def _summed(matches: list[dict[str, Any]], key: str) -> dict[int, Decimal]:
    """Each team's total over the matches, added by the test: its VPs (``"vp"``), or
    its net IMPs (``"imps"``: IMPs won less IMPs lost)."""
    out: dict[int, Decimal] = defaultdict(Decimal)
    for m in matches:
        home, away = (Decimal(str(x)) for x in m[key])
        if key == "imps":
            home, away = home - away, away - home
        out[m["home"]] += home
        out[m["away"]] += away
    return dict(out)


def test_a_round_robin_in_two_sessions(cli: Cli, tmp_path: Path) -> None:
    out = cli("event", "new", "RR2", "--kind", "teams", "--format", "round-robin",
              "--scoring", "vp", "--boards-per-match", "2", "--sessions", "2",
              "--date", "2026-11-24")  # fmt: skip
    assert out == (
        "event 1: RR2 (2026-11-24, teams, round-robin, vp, 2 boards a match, 2 sessions)\n"
    )
    add_teams(cli, "RR2", 8)
    assert cli("event", "list").endswith("[weekly class 3, vp]  sessions 1-2: A\n")
    draw = cli("event", "movement", "RR2").splitlines()
    # 8 teams: 3 + 4 rounds (004:3406)
    assert draw[:3] == [
        "draw: round-robin 8 teams, 7 rounds x 2 boards, 2 sessions",
        "session 1 (rounds 1-3)",
        "round 1",
    ]
    assert "session 2 (rounds 4-7)" in draw
    assert draw.index("session 2 (rounds 4-7)") + 1 == draw.index("round 4")
    matches = draw_matches(cli, "RR2")
    rooms = simulated_rooms(matches, seed=82)
    enter(cli, "RR2", rooms, tmp_path / "rr2.csv")

    whole = json.loads(cli("results", "RR2", "--format", "json"))
    one = json.loads(cli("results", "RR2", "--format", "json", "--session", "1"))
    two = json.loads(cli("results", "RR2", "--format", "json", "--session", "2"))
    assert {m["round"] for m in one["matches"]} == {1, 2, 3}
    assert {m["round"] for m in two["matches"]} == {4, 5, 6, 7}
    assert one["session"] == 1 and two["session"] == 2
    # the standings are every match's VPs added up, and the sessions add up to the event
    assert _points(whole["standings"]) == _summed(whole["matches"], "vp")
    assert _points(one["standings"]) == _summed(one["matches"], "vp")
    both = {t: _points(one["standings"])[t] + _points(two["standings"])[t] for t in range(1, 9)}
    assert _points(whole["standings"]) == both
    assert [s["standings"] for s in whole["sessions"]] == [one["standings"], two["standings"]]
    assert [s["rounds"] for s in whole["sessions"]] == [[1, 3], [4, 7]]
    text = cli("results", "RR2", "--session", "2")
    assert text.startswith("session 2 (rounds 4-7)\n")

    before = dump(cli.db)
    err = cli("results", "RR2", "--session", "3", status=2)
    assert err == "error: the event has 2 sessions, not a session 3\n"
    assert dump(cli.db) == before

    target = tmp_path / "rr2"
    written = [Path(p) for p in cli("results", "RR2", "--out", str(target)).split()]
    assert target / "session-1" / "standings.html" in written
    assert target / "session-2" / "standings.html" in written
    assert json.loads((target / "results.json").read_text(encoding="utf-8"))["sessions"]
    page = (target / "session-2" / "standings.html").read_text(encoding="utf-8")
    assert "Team 1" in page and "RR2, session 2" in page
    index = (target / "index.html").read_text(encoding="utf-8")
    assert '<a href="session-1/index.html">Session 1</a>' in index
    if CHROMIUM.exists():
        png = _screenshot(target / "session-2" / "standings.html", tmp_path / "rr2.png")
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def test_the_awl_of_15_teams_in_two_sessions_as_004_1945(cli: Cli) -> None:
    cli("event", "new", "AWL", "--kind", "teams", "--format", "awl", "--sessions", "2")
    add_teams(cli, "AWL", 15)
    draw = cli("event", "movement", "AWL").splitlines()
    assert "session 1 (rounds 1-8)" in draw and "session 2 (rounds 9-14)" in draw
    # 004:1945-1953: session 1 plays sheet rounds 1-4 and 11-14, session 2 rounds 5-10
    sheet = awl(15)
    order = [1, 2, 3, 4, 11, 12, 13, 14, 5, 6, 7, 8, 9, 10]
    from bridgedesk.store import team_events
    from bridgedesk.store.service import Store

    with Store.open(cli.db) as store:
        grid = team_events.draw(store, "AWL").grid
    assert grid is not None
    for event_round, sheet_round in enumerate(order, start=1):
        for s in sheet.round(sheet_round).seatings:
            cell = grid.grid[(event_round, s.table)]
            assert (cell.ns, cell.ew) == (s.ns.number, 15 + s.ew.number)
            assert cell.boards == tuple(sheet.boards_of(s.board_set))
    # both rooms of every match in one session: a team meets a set once, in one session
    matches = draw_matches(cli, "AWL")
    assert len(matches) == 105


Lineups = dict[tuple[int, int], dict[str, str]]
Misseated = dict[tuple[int, int], list[dict[str, Any]]]


def _srr_file(name: str, teams: int, matches: list[dict[str, Any]],
              rooms: dict[Any, list[str]], lineups: Lineups,
              misseated: Misseated) -> dict[str, Any]:  # fmt: skip
    """The flight as a team results file (the stored event's test file, with the
    line-ups and the mis-seated rooms of :mod:`bridgedesk.formats.srr_flight_json`)."""
    data = team_file(matches, rooms, teams, "imp")
    for r in data["rounds"]:
        for m in r["matches"]:
            key = (r["round"], m["home"])
            m["lineup"] = lineups[key]
            if key in misseated:
                m["misseated"] = misseated[key]
    return {**data, "form": "srr-pairs", "flight": name, "tables": teams}


def _srr_lineups(
    teams: int, matches: list[dict[str, Any]]
) -> dict[tuple[int, int], dict[str, str]]:
    """Who sits where, from the movement library's sheet: a pair seated ``NS t`` is team
    t's first pair (players 1-2), ``EW t`` its second (players 3-4), wherever it sits."""
    sheet = build_team("srr-pairs", teams)[0]

    def name(p: Any) -> str:
        first = p.side.value == "NS"
        a, b = (1, 2) if first else (3, 4)
        return f"{p.number} Player {p.number}-{a} – Player {p.number}-{b}"

    out = {}
    for m in matches:
        first = m["boards"][0]
        rooms = sorted(
            (r.number, s.table, s)
            for r in sheet.rounds for s in r.seatings
            if sheet.boards_of(s.board_set)[0] == first and {s.ns.number, s.ew.number}
            == {m["home"], m["away"]}
        )  # fmt: skip
        (_, _, o), (_, _, c) = rooms
        out[(m["round"], m["home"])] = {
            "home_ns": name(o.ns), "away_ew": name(o.ew),
            "away_ns": name(c.ns), "home_ew": name(c.ew),
        }  # fmt: skip
    return out


def test_srr_teams_and_pairs_stored_with_the_misseated_rule(cli: Cli, tmp_path: Path) -> None:
    for flight in ("SRR A", "SRR B"):
        out = cli("event", "new", flight, "--kind", "teams", "--format", "srr-pairs",
                  "--scoring", "imp", "--boards-per-match", "4", "--sessions", "2")  # fmt: skip
        assert out.endswith("srr-pairs, imp, 4 boards a match, 2 sessions)\n")
        add_teams(cli, flight, 7)
        draw = cli("event", "movement", flight).splitlines()
        # 7 tables: 6 + 6 rounds of 4 boards (004:3383)
        assert "session 1 (rounds 1-6)" in draw and "session 2 (rounds 7-12)" in draw
    matches = draw_matches(cli, "SRR A")
    assert len(matches) == 42  # every two teams twice, once a session
    lineups = _srr_lineups(7, matches)
    flights: dict[str, Any] = {}
    for flight, seed in (("SRR A", 71), ("SRR B", 72)):
        rooms = simulated_rooms(matches, seed=seed)
        enter(cli, flight, rooms, tmp_path / f"{seed}.csv")
        flights[flight] = rooms
    # session 1 match whose closed room is played in a later round: the rule has that
    # room swapped too and both rooms count; a closed room mis-seated: its open room
    # was played before, so those boards leave the team comparison (004:2652-2655)
    later = next(m for m in matches if m["round"] <= 6 and _rooms_apart(cli, "SRR A", m))
    done = next(m for m in matches if m["round"] > 6 and m is not later)
    out = cli("result", "misseat", "SRR A", "--round", str(later["round"]), "--home",
              str(later["home"]), "--away", str(later["away"]), "--room", "open", "--boards",
              f"{later['boards'][0]}-{later['boards'][1]}", "--reason", "EW sat NS")  # fmt: skip
    assert out.endswith("open room mis-seated: the other room plays these boards swapped "
                        "too; both count\n")  # fmt: skip
    out = cli("result", "misseat", "SRR A", "--round", str(done["round"]), "--home",
              str(done["home"]), "--away", str(done["away"]), "--room", "closed", "--boards",
              str(done["boards"][0]), "--reason", "NS sat EW")  # fmt: skip
    assert out.endswith("the boards leave the team comparison (the other room was played)\n")
    before = dump(cli.db)
    err = cli("result", "misseat", "SRR A", "--round", str(done["round"]), "--home",
              str(done["home"]), "--away", str(done["away"]), "--room", "open", "--boards",
              "999", "--reason", "x", status=2)  # fmt: skip
    assert "not board 999" in err
    assert dump(cli.db) == before

    got = json.loads(cli("results", "SRR A", "--format", "json", "--flight", "SRR B"))
    # the independent path: the same rooms as two flight files, `teams score --flights`
    misseated = {
        (later["round"], later["home"]): [
            {"room": "open", "boards": later["boards"][:2], "other_room_played": False}],
        (done["round"], done["home"]): [
            {"room": "closed", "boards": done["boards"][:1], "other_room_played": True}],
    }  # fmt: skip
    paths = []
    for flight, rooms in flights.items():
        path = tmp_path / f"{flight}.json"
        data = _srr_file(flight, 7, matches, rooms, lineups,
                         misseated if flight == "SRR A" else {})  # fmt: skip
        path.write_text(json.dumps(data), encoding="utf-8")
        paths.append(path)
    code, text, err = run("teams", "score", str(paths[0]), "--flight", str(paths[1]),
                          "--format", "json")  # fmt: skip
    assert code == 0, err
    expected = json.loads(text)
    assert got["standings"] == expected["standings"]
    assert got["srr_pairs"] == expected["srr_pairs"]
    assert len(got["srr_pairs"]) == 28  # 14 pairs a flight, one field (004:2650)
    # IMPs: each team's total is its matches' IMPs added up; the dropped board is gone
    assert _points(got["standings"]) == _summed(got["matches"], "imps")
    dropped = next(m for m in got["matches"]
                   if (m["round"], m["home"]) == (done["round"], done["home"]))  # fmt: skip
    assert [b["board"] for b in dropped["boards"]] == done["boards"][1:]

    one = json.loads(cli("results", "SRR A", "--format", "json", "--session", "1"))
    assert {p["boards"] for p in one["srr_pairs"]} == {24}  # 6 rounds of 4 boards
    two = json.loads(cli("results", "SRR A", "--format", "json", "--session", "2",
                         "--flight", "SRR B"))  # fmt: skip
    assert len(two["srr_pairs"]) == 28 and {p["boards"] for p in two["srr_pairs"]} == {24}
    assert {p["flight"] for p in two["srr_pairs"]} == {"SRR A", "SRR B"}
    target = tmp_path / "srr"
    written = {Path(p).name for p in cli("results", "SRR A", "--out", str(target)).split()}
    assert {"srr_pairs.csv", "srr_pairs.html", "standings.html"} <= written
    csv_text = (target / "srr_pairs.csv").read_text(encoding="utf-8-sig")
    assert csv_text.splitlines()[0] == "rank,pair,flight,team,team_name,boards,score,result"
    if CHROMIUM.exists():
        png = _screenshot(target / "srr_pairs.html", tmp_path / "srr.png")
        assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000


def _rooms_apart(cli: Cli, event: str, m: dict[str, Any]) -> bool:
    from bridgedesk.store import team_events
    from bridgedesk.store.service import Store

    with Store.open(cli.db) as store:
        d = team_events.draw(store, event).match(m["round"], m["home"], m["away"])
    assert d.open is not None and d.closed is not None
    return d.closed.round > d.open.round


def test_even_chance_teams_formed_and_played(cli: Cli, tmp_path: Path) -> None:
    out = cli("event", "new", "EC", "--kind", "teams", "--format", "round-robin",
              "--scoring", "vp", "--boards-per-match", "2", "--even-chance")  # fmt: skip
    assert out.endswith("even-chance: pairs enter with --seed-points)\n")
    points = [Decimal(p) for p in ("12.5", "3", "40", "7.25", "0", "19", "3", "22", "5")]
    for i, p in enumerate(points, start=1):
        got = cli("entry", "add", "EC", "--names", f"North {i}, South {i}", "--members",
                  f"{i:03d}1,{i:03d}2", "--seed-points", str(p))  # fmt: skip
        assert got == f"entered pair {i}: North {i} – South {i} ({p} seed points)\n"
    # the test's own ranking: seed points down, the earlier entry first on a tie
    ranked = sorted(range(1, 10), key=lambda i: (-points[i - 1], i))
    assert ranked == [3, 8, 6, 1, 4, 9, 2, 7, 5]
    before = dump(cli.db)
    err = cli("event", "form-teams", "EC", status=2)
    assert err == (
        "error: 9 pairs: pair 4 has no partner pair; give a floater pair (004:2733) "
        "(`entry add EVENT --names ... --floater`)\n"
    )
    err = cli("entry", "add", "EC", "--names", "A, B", status=2)
    assert "enters with its --seed-points" in err
    assert dump(cli.db) == before
    cli("entry", "add", "EC", "--names", "Floater N, Floater S", "--floater")
    pairs = cli("entry", "list", "EC").splitlines()
    assert pairs[0] == "   1  North 1 – South 1  (12.5 seed points)"
    assert pairs[-1] == "  10  Floater N – Floater S  (floater)"
    out = cli("event", "form-teams", "EC", "--by", "td").splitlines()
    teams = [(ranked[k], ranked[-1 - k]) for k in range(4)] + [(ranked[4], 10)]
    assert out[0] == "audit 1: 5 teams formed (best + worst, 004:2728)"
    for k, (a, b) in enumerate(teams, start=1):
        assert out[k].startswith(f"team {k}: pair {a} North {a} – South {a} ")
        assert f"+ pair {b} " in out[k]
    assert out[5].endswith("(floater)")
    listed = cli("entry", "list", "EC")
    assert "North 3, South 3, North 5, South 5" in listed  # 40 + 0 points: team 1
    err = cli("event", "form-teams", "EC", status=2)
    assert "formed already" in err
    history = dump(cli.db)["director_audit"]
    assert any("even-chance-teams" in repr(row) for row in history)

    # then it is an ordinary team event: 5 teams, a round robin with a bye a round
    cli("event", "movement", "EC")
    matches = draw_matches(cli, "EC")
    assert len(matches) == 10
    rooms = simulated_rooms(matches, seed=5)
    enter(cli, "EC", rooms, tmp_path / "ec.csv")
    got = json.loads(cli("results", "EC", "--format", "json"))
    summed = _summed(got["matches"], "vp")
    byes = defaultdict(Decimal)
    for b in got["byes"]:
        byes[b["team"]] += Decimal(str(b["vp"]))
    assert _points(got["standings"]) == {t: summed[t] + byes[t] for t in range(1, 6)}


def test_a_swiss_in_two_sessions(cli: Cli) -> None:
    cli("event", "new", "S", "--kind", "teams", "--format", "swiss", "--rounds", "5",
        "--sessions", "2", "--boards-per-match", "2")  # fmt: skip
    before = dump(cli.db)
    err = cli("event", "new", "T", "--kind", "teams", "--format", "swiss", "--sessions", "2",
              status=2)  # fmt: skip
    assert err == "error: a Swiss in several sessions needs --rounds (they are split among them)\n"
    assert dump(cli.db) == before
    add_teams(cli, "S", 8)
    draw = cli("event", "movement", "S").splitlines()
    assert draw[1] == "session 1 (rounds 1-2)"  # 5 rounds in two: 2 + 3
    rooms = simulated_rooms(draw_matches(cli, "S"), seed=1)
    for (rnd, home, away, board, room), words in rooms.items():
        cli("result", "team", "S", "--round", str(rnd), "--home", str(home), "--away",
            str(away), "--room", room, "--board", str(board), *words)  # fmt: skip
    cli("event", "round", "S", "--next")
    shown = cli("event", "round", "S").splitlines()
    assert shown[0] == "session 1 (rounds 1-2)" and "round 2" in shown
    one = json.loads(cli("results", "S", "--format", "json", "--session", "1"))
    assert _points(one["standings"]) == _summed(one["matches"], "vp")
