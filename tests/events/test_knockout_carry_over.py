"""A stored knockout with segments, a carry-over, byes and a walkover (004:1762-1772).

Five teams, each match two segments of one board: seeds 1-3 have byes in a bracket
of eight.  Round 1, 4 v 5: board 1 430 v -50 (10 IMPs to 4), board 2 -110 both rooms.
Round 2: 1 v 4 starts from a carry-over of 0:12 (given by the director, audited);
board 3 (E-W vulnerable) 3NT N made (400) v one down (-50), 10 IMPs to 1, board 4
level: 10 - 12 on the total, so team 4 goes on.  2 v 3 is forfeited by team 3, so 2
goes on by a walkover.  The bracket page shows all of it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.events.store_dump import dump
from tests.events.team_cli import add_teams
from tests.events.test_cli import Cli
from tests.events.test_team_store_seed import slip
from tests.reports.chromium import CHROMIUM, open_page


@pytest.fixture(name="cli")
def cli_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "ko.sqlite3", capsys)


def _play_cup(cli: Cli) -> None:
    out = cli("event", "new", "Cup", "--kind", "teams", "--format", "knockout",
              "--boards-per-match", "1", "--segments", "2")  # fmt: skip
    assert out.endswith("knockout, imp, 1 board a match, 2 segments)\n")
    add_teams(cli, "Cup", 5)
    draw = cli("event", "movement", "Cup")
    assert draw.splitlines()[0] == (
        "draw: knockout 5 teams, 2 segments of 1 board a match (seeded bracket)"
    )
    assert "    4 v 5   boards 1-2" in draw
    slip(cli, "Cup", 1, 4, 5, "open", 1, "3NT", "S", "+1")
    slip(cli, "Cup", 1, 4, 5, "closed", 1, "3NT", "S", "-1")
    for room in ("open", "closed"):
        slip(cli, "Cup", 1, 4, 5, room, 2, "2H", "E", "=")
    second = cli("event", "round", "Cup", "--next")
    assert "    1 v 4   boards 3-4" in second and "    2 v 3   boards 3-4" in second
    out = cli("event", "carry-over", "Cup", "--round", "2", "--home", "1", "--away", "4",
              "--imps", "0:12", "--reason", "seeding", "--by", "td")  # fmt: skip
    assert out.endswith(": round 2, 1 v 4 starts from 0 - 12 IMPs\n")
    slip(cli, "Cup", 2, 1, 4, "open", 3, "3NT", "N", "=")
    slip(cli, "Cup", 2, 1, 4, "closed", 3, "3NT", "N", "-1")
    for room in ("open", "closed"):
        slip(cli, "Cup", 2, 1, 4, room, 4, "4S", "N", "=")
    cli("result", "forfeit", "Cup", "--round", "2", "--team", "3", "--reason", "no show")


def test_segments_carry_over_and_walkover_decide_the_next_round(cli: Cli) -> None:
    _play_cup(cli)
    final = cli("event", "round", "Cup", "--next")
    # team 4 wins 12 - 10 on the carry-over; team 2 goes on by the walkover
    assert final.splitlines()[1].startswith("    2 v 4   boards 5-6")
    got = json.loads(cli("results", "Cup", "--format", "json"))
    match = next(m for m in got["matches"] if (m["round"], m["home"]) == (2, 1))
    assert match["imps"] == [10, 0]
    assert match["carry_over"] == [0, 12]
    assert match["points"] == [-2, 2]
    walkover = next(m for m in got["matches"] if m.get("forfeited_by") == 3)
    assert (walkover["home"], walkover["away"]) == (2, 3)


def test_carry_overs_refused_with_one_line(cli: Cli) -> None:
    _play_cup(cli)
    before = dump(cli.db)
    cases = [
        (["--round", "2", "--home", "4", "--away", "1", "--imps", "12:0"],
         "error: round 2: team 1 is at home against team 4: give --home 1 --away 4 and the "
         "carry-over in that order\n"),
        (["--round", "2", "--home", "1", "--away", "4", "--imps", "-3:0"],
         "error: a carry-over is IMPs each side starts with, none negative: got -3:0 (give "
         "the leader's IMPs, e.g. 7.5:0)\n"),
        (["--round", "2", "--home", "1", "--away", "4", "--imps", "12"],
         "error: --imps is the home team's and the away team's IMPs, e.g. 7.5:0, not '12'\n"),
        (["--round", "2", "--home", "1", "--away", "5", "--imps", "1:0"],
         "error: round 2 has no match 1 v 5; team 1 plays 1 v 4\n"),
    ]  # fmt: skip
    for args, message in cases:
        err = cli("event", "carry-over", "Cup", *args, "--reason", "x", status=2)
        assert err == message
    cli("event", "new", "RR", "--kind", "teams", "--format", "round-robin")
    add_teams(cli, "RR", 4)
    cli("event", "movement", "RR")
    before = dump(cli.db)
    err = cli("event", "carry-over", "RR", "--round", "1", "--home", "1", "--away", "4",
              "--imps", "1:0", "--reason", "x", status=2)  # fmt: skip
    assert err == "error: a carry-over is for a knockout match (004:1762-1772)\n"
    err = cli("event", "new", "S", "--kind", "teams", "--format", "swiss", "--segments", "2",
              status=2)  # fmt: skip
    assert err.startswith("error: --segments is 1-8 and for a knockout")
    assert dump(cli.db) == before


@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_the_bracket_page_in_chromium(cli: Cli, tmp_path: Path) -> None:
    """Byes, the walkover, the segments and the carry-over on the bracket page."""
    _play_cup(cli)
    cli("event", "round", "Cup", "--next")
    out = tmp_path / "cup"
    cli("results", "Cup", "--out", str(out))
    dom = open_page(out / "bracket.html", tmp_path, "team-bracket-carry-over")
    assert dom.count(">bye<") == 3  # seeds 1-3 (004:1762-1772: byes to the top seeds)
    assert ">walkover<" in dom and "forfeit by 3" in dom
    assert ">carry-over<" in dom and ">segment 2<" in dom
    assert dom.count('class="won"') >= 3 + 2  # the byes, 4 in round 1 and round 2, 2
    # segment by segment the IMPs each side won: 4 v 5 10-0 then 0-0, 10 - 0 in all
    assert '<td class="num">-10</td>' not in dom
