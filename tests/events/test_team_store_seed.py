"""The seed's worked team examples, entered as a director would: a stored team event,
room results by `result team`, then `results EVENT`.

* the comparison of team A's two score sheets, 004:1660-1668;
* the B-a-M + VP report of team 3 v team 1, 004:1817-1872;
* the round-robin cross-table, 004:1754-1760.

Also: the combinations `event new --kind teams` refuses, and `demo --teams`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.events.team_cli import add_teams
from tests.events.test_cli import Cli
from tests.results.test_teams import SEED_COMPARISON, SEED_CROSS, SEED_TOTALS

from bridgedesk.bridge import Seat, board_vulnerability, imps, score_ns
from bridgedesk.bridge.contract import ALL_CONTRACTS, format_result
from bridgedesk.movements.round_robin import schedule


@pytest.fixture(name="cli")
def cli_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "seed.sqlite3", capsys)


def slip(cli: Cli, event: str, rnd: int, home: int, away: int, room: str, board: int,
         *words: str) -> None:  # fmt: skip
    cli("result", "team", event, "--round", str(rnd), "--home", str(home), "--away", str(away),
        "--room", room, "--board", str(board), *words)  # fmt: skip


def test_the_comparison_of_004_1660(cli: Cli, tmp_path: Path) -> None:
    """Team A at home: the open room is A's NS sheet, the closed room A's EW sheet
    (004:1646-1660).  Board 2 is N-S vulnerable, so 3S by S one down is -100, not the
    sheet's "plus 50" (004:1657): the formula governs, +210 -> +5."""
    cli("event", "new", "KO", "--kind", "teams", "--format", "knockout",
        "--boards-per-match", "4")  # fmt: skip
    cli("entry", "add", "KO", "--kind", "team", "--name", "A",
        *[f"--player=A{k}" for k in range(1, 5)])  # fmt: skip
    cli("entry", "add", "KO", "--kind", "team", "--name", "B",
        *[f"--player=B{k}" for k in range(1, 5)])  # fmt: skip
    assert "1 v 2   boards 1-4" in cli("event", "movement", "KO")
    for board, open_room, closed_room in SEED_COMPARISON:
        slip(cli, "KO", 1, 1, 2, "open", board, *open_room)
        slip(cli, "KO", 1, 1, 2, "closed", board, *closed_room)
    m = json.loads(cli("results", "KO", "--format", "json"))["matches"][0]
    assert [(b["open_ns"], b["closed_ns"]) for b in m["boards"]] == [
        (50, 300), (110, -100), (450, 420), (-620, -620)
    ]  # fmt: skip
    assert [b["imps"] for b in m["boards"]] == [[-6, 6], [5, -5], [1, -1], [0, 0]]
    assert m["imps"] == [6, 6]
    cli("results", "KO", "--out", str(tmp_path / "ko"))
    page = (tmp_path / "ko" / "scorecards.html").read_text(encoding="utf-8")
    assert "-250" in page and "+210" in page
    assert "bracket.html" in (tmp_path / "ko" / "index.html").read_text(encoding="utf-8")
    # a tied knockout match holds up the next round
    err = cli("event", "round", "KO", "--next", status=2)
    assert err == (
        "error: round 1: the match 1 v 2 is tied on IMPs; play extra boards and enter "
        "them before the next round\n"
    )


def test_the_bam_vp_report_of_004_1817(cli: Cli, tmp_path: Path) -> None:
    """The seed's team 3 (at home) v team 1 on boards 3 and 4 (004:1839-1857).  In a
    3-team round robin of 2 boards a match, round 2 is the event's team 1 at home to
    its team 2 on boards 3-4; they are entered under the seed's names."""
    cli("event", "new", "BAM", "--kind", "teams", "--format", "round-robin",
        "--scoring", "bam-vp", "--boards-per-match", "2")  # fmt: skip
    for name in ("Team 3", "Team 1", "Team 5"):
        cli("entry", "add", "BAM", "--kind", "team", "--name", name,
            *[f"--player={name} {k}" for k in range(1, 5)])  # fmt: skip
    assert "    1 v 2   boards 3-4" in cli("event", "movement", "BAM")
    slip(cli, "BAM", 2, 1, 2, "open", 3, "2S", "N", "=")
    slip(cli, "BAM", 2, 1, 2, "closed", 3, "3S", "N", "-2")
    slip(cli, "BAM", 2, 1, 2, "open", 4, "3S", "N", "=")
    slip(cli, "BAM", 2, 1, 2, "closed", 4, "3NT", "S", "=")
    got = json.loads(cli("results", "BAM", "--format", "json"))
    (m,) = got["matches"]
    assert [b["open_ns"] - b["closed_ns"] for b in m["boards"]] == [210, -460]
    assert [b["bam"] for b in m["boards"]] == [[2, 0], [0, 2]]
    assert (m["bam"], m["net_points"], m["bam_vp"], m["points"]) == ([2, 2], -250, [1, 5], [3, 7])
    names = {s["name"]: s["points"] for s in got["standings"]}
    assert (names["Team 3"], names["Team 1"]) == (3, 7)
    text = cli("results", "BAM")
    assert text.startswith("PROVISIONAL: 2 matches have room results missing\n")
    cli("results", "BAM", "--out", str(tmp_path / "bam"))
    assert "bam.html" in (tmp_path / "bam" / "index.html").read_text(encoding="utf-8")


def _contracts(board: int) -> dict[int, tuple[str, str, str]]:
    """A contract, declarer and result for each NS score possible on ``board``."""
    vul = board_vulnerability(board)
    found: dict[int, tuple[str, str, str]] = {}
    for contract in ALL_CONTRACTS:
        if contract.is_pass:
            continue
        for seat in (Seat.N, Seat.E):
            for tricks in range(14):
                made = format_result(contract, tricks)
                found.setdefault(
                    score_ns(contract, seat, tricks, vul), (str(contract), seat.value, made)
                )
    return found


def _rooms_for(margin: int, board: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    table = _contracts(board)
    for a in sorted(table):
        for b in sorted(table):
            if imps(a - b) == margin:
                return table[a], table[b]
    raise AssertionError(margin)


def test_the_cross_table_of_004_1754(cli: Cli, tmp_path: Path) -> None:
    """Six teams, one board a match, a 20-0 scale of one VP per IMP (a scale file): each
    match's IMP margin is entered so that the home team scores the seed's VPs."""
    scale = {
        "format": "bridgedesk-vp-scale", "version": 1, "name": "one-per-imp",
        "tables": [{"boards": {"min": 1}, "steps": [[m, 10 + m, 10 - m] for m in range(11)]}],
    }  # fmt: skip
    path = tmp_path / "scale.json"
    path.write_text(json.dumps(scale), encoding="utf-8")
    cli("event", "new", "RR6", "--kind", "teams", "--format", "round-robin",
        "--boards-per-match", "1", "--vp-scale", str(path))  # fmt: skip
    path.unlink()  # the event keeps the scale itself
    add_teams(cli, "RR6", 6)
    cli("event", "movement", "RR6")
    for rnd, matches in enumerate(schedule(6), start=1):
        for home, away in matches:
            margin = max(-10, min(10, SEED_CROSS[home][away] - 10))
            open_room, closed_room = _rooms_for(margin, rnd)
            slip(cli, "RR6", rnd, home, away, "open", rnd, *open_room)
            slip(cli, "RR6", rnd, home, away, "closed", rnd, *closed_room)
    got = json.loads(cli("results", "RR6", "--format", "json"))
    cross = {int(t): {int(o): v for o, v in row.items()} for t, row in got["cross_table"].items()}
    assert cross == SEED_CROSS
    assert {s["team"]: (s["vp"], s["rank"]) for s in got["standings"]} == SEED_TOTALS
    assert got["vp_scale"] == "one-per-imp"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "awl", "--scoring", "vp"],
         "error: --format awl is not scored vp: an AWL is a board-a-match movement "
         "(004:1874-1876); use --scoring bam or bam-vp\n"),
        (["--format", "knockout", "--scoring", "bam"],
         "error: --format knockout is not scored bam: a knockout match is won on IMPs "
         "(004:1762-1772); use --scoring imp\n"),
        (["--format", "stagger", "--scoring", "bam"],
         "error: --format stagger is not scored bam: a stagger plays matches of several "
         "boards (004:3705-3737); use --scoring imp or vp or mccallum\n"),
        (["--format", "round-robin", "--rematch", "never"],
         "error: --swiss-rule and --rematch are for a Swiss, not --format round-robin\n"),
        (["--format", "swiss", "--scoring", "mccallum", "--stock", "45"],
         "error: a McCallum stock is 30, 40, 50 or 60 (004:2615), not 45\n"),
        (["--format", "pairs"],
         "error: unknown team format 'pairs': choose one of round-robin, swiss, knockout, "
         "awl, mirror-mitchell, stagger, srr-pairs\n"),
        ([], "error: a team event needs --format: round-robin, swiss, knockout, awl, "
             "mirror-mitchell, stagger, srr-pairs\n"),
    ],
)  # fmt: skip
def test_combinations_that_make_no_sense_are_refused(
    cli: Cli, args: list[str], message: str
) -> None:
    assert cli("event", "new", "X", "--kind", "teams", *args, status=2) == message
    assert cli("event", "list") == "no events yet; create one with `bridgedesk event new NAME`\n"


def test_team_entries_and_draws_refused_with_one_line(cli: Cli) -> None:
    cli("event", "new", "T", "--kind", "teams", "--format", "swiss")
    err = cli("entry", "add", "T", "--kind", "team", "--name", "Short",
              "--player", "A", "--player", "B", "--player", "C", status=2)  # fmt: skip
    assert err == "error: a team entry lists 4-6 players, entry 1 has 3\n"
    err = cli("entry", "add", "T", "--pair", "1", "--names", "A, B", status=2)
    assert err == "error: a team entry lists 4-6 players, entry 1 has 2\n"  # a team event's
    add_teams(cli, "T", 3)
    assert "triangle: open table 1 (1st half)" in cli("event", "movement", "T")
    # an odd field's triangle plays half the boards against each opponent (004:2702)
    cli("event", "new", "T7", "--kind", "teams", "--format", "swiss", "--boards-per-match", "7")
    add_teams(cli, "T7", 3)
    err = cli("event", "movement", "T7", status=2)
    assert err.startswith("error: an odd Swiss field plays a triangle with half the boards")
    err = cli("event", "movement", "T", "--recommend", status=2)
    assert "a team event's draw follows its --format" in err
    cli("event", "new", "P", "--scoring", "mp")
    err = cli("event", "round", "P", status=2)
    assert err.startswith("error: event 'P' is a pairs event; team commands need an event")


def test_demo_teams_writes_every_report(cli: Cli, tmp_path: Path) -> None:
    out = cli("demo", "--teams", "6", "--format", "swiss", "--seed", "4",
              "--out", str(tmp_path / "demo"))  # fmt: skip
    assert out.startswith("swiss 6 teams, 6 boards a round; 180 room results entered\n")
    written = sorted(p.name for p in (tmp_path / "demo").iterdir())
    assert written == sorted([
        "standings.html", "scorecards.html", "rounds.html", "butler.html", "index.html",
        "standings.csv", "matches.csv", "results.json", "results.pbn", "sheets.html",
    ])  # fmt: skip
    assert '[Deal "' in (tmp_path / "demo" / "results.pbn").read_text(encoding="utf-8")
    scored = json.loads((tmp_path / "demo" / "results.json").read_text(encoding="utf-8"))
    assert len(scored["matches"]) == 5 * 3
    assert len({frozenset((m["home"], m["away"])) for m in scored["matches"]}) == 15
    assert cli.db.exists()  # --db keeps the event
    assert "Demo teams (swiss)" in cli("event", "list")


def test_a_bad_team_slips_file_is_refused_whole(cli: Cli, tmp_path: Path) -> None:
    cli("event", "new", "I", "--kind", "teams", "--format", "round-robin",
        "--boards-per-match", "2")  # fmt: skip
    add_teams(cli, "I", 4)
    cli("event", "movement", "I")
    path = tmp_path / "slips.csv"
    header = "round,home,away,room,board,contract,declarer,result\n"
    path.write_text(header + "1,1,4,open,1,3NT,S,=\n1,1,4,lounge,1,3NT,S,=\n", encoding="utf-8")
    err = cli("result", "team-import", "I", str(path), status=2)
    assert err == f"error: {path}:3, field room: room is open or closed, not 'lounge'\n"
    path.write_text(header + "1,1,4,open,1,3NT,S,=\n1,1,4,closed,3,3NT,S,=\n", encoding="utf-8")
    err = cli("result", "team-import", "I", str(path), status=2)
    assert err == (
        f"error: {path}:3, round 1, board 3: "
        "round 1: the match 1 v 4 plays boards 1-2, not board 3\n"
    )
    assert cli("results", "I").startswith("PROVISIONAL: 6 matches have room results missing\n")
    assert json.loads(cli("results", "I", "--format", "json"))["matches"] == []
    path.write_text("round,home,room\n", encoding="utf-8")
    err = cli("result", "team-import", "I", str(path), status=2)
    assert "missing column(s) away, board" in err


def test_a_knockout_of_5_teams_to_its_final(cli: Cli) -> None:
    """Seeds 1-3 get byes in a bracket of 8 (004:1762-1772); the winners go on."""
    cli("event", "new", "KO", "--kind", "teams", "--format", "knockout",
        "--boards-per-match", "1")  # fmt: skip
    add_teams(cli, "KO", 5)
    draw = cli("event", "movement", "KO")
    assert "team 1: bye" in draw and "team 2: bye" in draw and "team 3: bye" in draw
    assert "    4 v 5   boards 1-1" in draw
    slip(cli, "KO", 1, 4, 5, "open", 1, "3NT", "S", "+1")  # 430
    slip(cli, "KO", 1, 4, 5, "closed", 1, "3NT", "S", "-1")  # -50: team 4 wins 11 IMPs
    second = cli("event", "round", "KO", "--next")
    assert second.splitlines()[1:] == [
        "    1 v 4   boards 2-2  open: round 2 table 1, closed: round 2 table 2",
        "    2 v 3   boards 2-2  open: round 2 table 3, closed: round 2 table 4",
    ]
    for home, away in ((1, 4), (2, 3)):
        slip(cli, "KO", 2, home, away, "open", 2, "2H", "E", "=")  # -110 for NS
        slip(cli, "KO", 2, home, away, "closed", 2, "2H", "E", "-1")  # +100: the away team wins
    final = cli("event", "round", "KO", "--next")
    assert (
        final.splitlines()[1]
        == "    3 v 4   boards 3-3  open: round 3 table 1, closed: round 3 table 2"
    )
    slip(cli, "KO", 3, 3, 4, "open", 3, "4S", "N", "=")
    slip(cli, "KO", 3, 3, 4, "closed", 3, "4S", "N", "=")
    err = cli("event", "round", "KO", "--next", status=2)
    assert "the match 3 v 4 is tied on IMPs" in err


@pytest.mark.parametrize(
    ("form", "teams", "matches", "scoring"),
    [("mirror-mitchell", 10, 25, "bam"), ("stagger", 8, 28, "vp"), ("srr-pairs", 6, 30, "imp")],
)
def test_the_other_movements_draw(
    cli: Cli, form: str, teams: int, matches: int, scoring: str
) -> None:
    cli("event", "new", "M", "--kind", "teams", "--format", form, "--scoring", scoring)
    add_teams(cli, "M", teams)
    cli("event", "movement", "M")
    assert cli("event", "round", "M").count(" v ") == matches


def test_members_from_the_register_lineups_and_a_final_refused(cli: Cli) -> None:
    cli("event", "new", "R", "--kind", "teams", "--format", "round-robin",
        "--boards-per-match", "1")  # fmt: skip
    add_teams(cli, "R", 3)
    # a member number alone takes the name from the register (player 1-2 is member 012)
    out = cli("event", "new", "R2", "--kind", "teams", "--format", "knockout")
    assert out.startswith("event 2: R2")
    out = cli("entry", "add", "R2", "--kind", "team", "--name", "Old hands",
              "--player", ":012", "--player", ":023", "--player", "New One:9001",
              "--player", "New Two")  # fmt: skip
    assert out == "entered team 1: Old hands (4 players: 012, 023, 9001, -)\n"
    assert "Player 1-2, Player 2-3, New One, New Two" in cli("entry", "list", "R2")
    cli("event", "movement", "R")
    err = cli("event", "lineup", "R", "--round", "1", "--team", "2", "--ns", "1,2",
              "--ew", "2,4", status=2)  # fmt: skip
    assert err == (
        "error: a line-up names four different players of team 2 by their place 1-4 in its "
        "entry, e.g. --ns 1,2 --ew 3,4; got NS (1, 2) EW (2, 4)\n"
    )
    err = cli("event", "lineup", "R", "--round", "9", "--team", "2", "--ns", "1,2",
              "--ew", "3,4", status=2)  # fmt: skip
    assert err == "error: round 9 is not drawn yet\n"
    err = cli("results", "R", "--final", status=2)
    assert err.endswith(
        "error: the results cannot be final: 3 matches have room results missing (listed "
        "above); enter them with `bridgedesk result team`\n"
    )
    out = cli("entry", "add", "R", "--kind", "team", "--name", "Late",
              *[f"--player=Late {k}" for k in range(1, 5)])  # fmt: skip
    assert out.endswith(
        "the draw was cleared: make it again with `bridgedesk event movement EVENT`\n"
    )
    assert cli("event", "round", "R").startswith("no draw yet")
    assert "round 1\n    1 v 4" in cli("event", "movement", "R")
    slip(cli, "R", 1, 2, 3, "open", 1, "1NT", "N", "=")
    err = cli("entry", "add", "R", "--kind", "team", "--name", "Later",
              *[f"--player=Later {k}" for k in range(1, 5)], status=2)  # fmt: skip
    assert err.startswith("error: results are in already: a team can join only before play")
    err = cli("event", "movement", "R", status=2)
    assert err == (
        "error: results are in already: the draw cannot be made again (correct or delete "
        "the results first)\n"
    )


def test_a_withdrawn_team_gives_a_knockout_walkover(cli: Cli) -> None:
    cli("event", "new", "K", "--kind", "teams", "--format", "knockout",
        "--boards-per-match", "1")  # fmt: skip
    add_teams(cli, "K", 4)
    cli("event", "movement", "K")  # 1 v 4, 2 v 3
    cli("event", "withdraw-team", "K", "--team", "3", "--from-round", "1", "--reason", "ill")
    slip(cli, "K", 1, 1, 4, "open", 1, "3NT", "N", "=")
    slip(cli, "K", 1, 1, 4, "closed", 1, "3NT", "N", "-1")  # team 1 wins 10 IMPs
    final = cli("event", "round", "K", "--next")
    assert final.splitlines()[1].startswith("    1 v 2   boards 2-2")
    err = cli("result", "forfeit", "K", "--round", "1", "--team", "2", "--reason", "x", status=2)
    assert err == "error: round 1: the match 2 v 3 is already forfeited by team 3\n"


def test_a_double_round_robin(cli: Cli) -> None:
    """Played twice, home and away exchanged in the second cycle (004:1752)."""
    out = cli("event", "new", "D", "--kind", "teams", "--format", "round-robin", "--cycles", "2",
              "--boards-per-match", "1")  # fmt: skip
    assert out.endswith(", round-robin, vp, 1 board a match, double)\n")
    add_teams(cli, "D", 4)
    cli("event", "movement", "D")
    lines = [ln.split()[:3] for ln in cli("event", "round", "D").splitlines() if " v " in ln]
    meetings = [(int(a), int(b)) for a, _, b in lines]
    assert len(meetings) == 12
    assert sorted(meetings[6:]) == sorted((b, a) for a, b in meetings[:6])
    err = cli("event", "new", "S", "--kind", "teams", "--format", "swiss", "--cycles", "2",
              status=2)  # fmt: skip
    assert (
        err == "error: --cycles is 1-3 and for a round robin (004:1752), not 2 for --format swiss\n"
    )
