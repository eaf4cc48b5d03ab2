"""An odd Swiss field in a stored event: a triangle every round (004:2698-2716).

17 teams, 8 boards a round, five rounds by ``jcbl-1`` with no rematches: each
round three teams play a one-round triangle, four boards against each of the
other two (004:2700-2704), and each of them scores its eight boards' IMP margin
on the 8-board VP scale (004:2701).  The VPs are checked against an independent
computation from the boards' scores in ``results --format json``: IMPs by
:func:`bridgedesk.bridge.imps` board by board, VPs by the scale itself.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from tests.events.store_dump import dump
from tests.events.team_cli import add_teams, draw_matches, enter, simulated_rooms
from tests.events.test_cli import Cli
from tests.reports.chromium import CHROMIUM, open_page

from bridgedesk.bridge import imps
from bridgedesk.bridge.vp import get_scale


@pytest.fixture(name="cli")
def cli_fixture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "odd.sqlite3", capsys)


def _margin(m: dict[str, Any], team: int) -> int:
    """``team``'s IMP margin in match ``m``, board by board from the rooms' scores."""
    home = sum(imps(b["open_ns"] - b["closed_ns"]) for b in m["boards"])
    return home if team == m["home"] else -home


def _two(value: Fraction | Decimal | float) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"))


def test_a_17_team_swiss_plays_a_triangle_each_round(cli: Cli, tmp_path: Path) -> None:
    cli("event", "new", "Odd", "--kind", "teams", "--format", "swiss", "--scoring", "vp",
        "--rounds", "5", "--boards-per-match", "8", "--rematch", "never")  # fmt: skip
    add_teams(cli, "Odd", 17)
    out = cli("event", "movement", "Odd")
    lines = out.splitlines()
    # round 1 by seed in halves of the 14 others; the last three by number play the
    # triangle (004:2706): 15 v 16 on set X, 16 v 17 on set Y, 17 v 15 on set Z
    assert lines[2] == "    1 v 8   boards 1-8  open: round 1 table 1, closed: round 1 table 2"
    assert lines[-3:] == [
        "   15 v 16  boards 1-4  triangle: open table 15 (1st half), closed table 16 (2nd half)",
        "   16 v 17  boards 5-8  triangle: open table 16 (1st half), closed table 17 (2nd half)",
        "   17 v 15  boards 9-12  triangle: open table 17 (1st half), closed table 15 (2nd half)",
    ]  # fmt: skip
    trios: dict[int, set[int]] = {}
    for rnd in range(1, 6):
        now = [m for m in draw_matches(cli, "Odd") if m["round"] == rnd]
        playing = [t for m in now for t in (m["home"], m["away"])]
        twice = {t for t in playing if playing.count(t) == 2}
        assert len(now) == 7 + 3 and len(twice) == 3 and set(playing) == set(range(1, 18))
        trios[rnd] = twice
        base = (rnd - 1) * 12  # an odd field's round uses 12 boards (team_triangle)
        full = [m for m in now if not twice & {m["home"], m["away"]}]
        assert all(m["boards"] == list(range(base + 1, base + 9)) for m in full)
        sets = sorted(m["boards"] for m in now if twice & {m["home"], m["away"]})
        assert sets == [list(range(base + k, base + k + 4)) for k in (1, 5, 9)]
        rooms = simulated_rooms(now, seed=300 + rnd)
        enter(cli, "Odd", rooms, tmp_path / f"r{rnd}.csv", one_by_one=2)
        if rnd == 1:
            # a triangle's slip goes to its own half-match and room; a wrong set is refused
            before = dump(cli.db)
            err = cli("result", "team", "Odd", "--round", "1", "--home", "15", "--away", "16",
                      "--room", "open", "--board", "5", "PASS", status=2)  # fmt: skip
            assert "the match 15 v 16 plays boards 1-4, not board 5" in err
            assert dump(cli.db) == before
        if rnd < 5:
            cli("event", "round", "Odd", "--next")
    # the triangle goes to the lowest teams of the ranking that have played the fewest
    # triangles (events.swiss): with 17 teams and 5 rounds nobody plays two
    assert len(set().union(*trios.values())) == 15
    got = json.loads(cli("results", "Odd", "--format", "json"))
    met: set[frozenset[int]] = set()
    for m in got["matches"]:  # the rematch rule 'never' holds for the triangles too
        pair = frozenset((m["home"], m["away"]))
        assert pair not in met
        met.add(pair)
    scale = get_scale("wbf2013")
    totals: dict[int, Decimal] = dict.fromkeys(range(1, 18), Decimal(0))
    for rnd, trio in trios.items():
        halves = [m for m in got["matches"] if m["round"] == rnd and trio & {m["home"], m["away"]}]
        for team in trio:
            mine = [m for m in halves if team in (m["home"], m["away"])]
            assert len(mine) == 2
            margin = sum(_margin(m, team) for m in mine)
            expected = scale.vp(margin, 8)[0]  # the 8 boards' margin on the 8-board scale
            shares = [m["vp"][0 if m["home"] == team else 1] for m in mine]
            # each half-match counts half the round's VPs, each printed to the cent
            assert abs(sum(Decimal(str(s)) for s in shares) - expected) <= Decimal("0.01")
            assert all(m["triangle"][0 if m["home"] == team else 1] == float(expected)
                       for m in mine)  # fmt: skip
    for m in got["matches"]:
        totals[m["home"]] += Decimal(str(m["vp"][0]))
        totals[m["away"]] += Decimal(str(m["vp"][1]))
        if not ({m["home"], m["away"]} & trios[m["round"]]):
            margin = _margin(m, m["home"])
            assert m["vp"] == [float(v) for v in scale.vp(margin, 8)]
    for s in got["standings"]:
        assert abs(Decimal(str(s["vp"])) - totals[s["team"]]) <= Decimal("0.02")
        assert s["played"] == 5
    out_dir = tmp_path / "odd"
    cli("results", "Odd", "--out", str(out_dir))
    rounds = (out_dir / "rounds.html").read_text(encoding="utf-8")
    assert rounds.count("triangle: half the boards") == 5 * 3
    if CHROMIUM.exists():  # the pairings sheet and the scorecards as a browser draws them
        dom = open_page(out_dir / "rounds.html", tmp_path, "team-rounds-triangle")
        assert dom.count("round score from both halves") == 15
        dom = open_page(out_dir / "scorecards.html", tmp_path, "team-scorecards-triangle")
        assert dom.count("round score from both halves (004:2701)") == 15
        dom = open_page(out_dir / "standings.html", tmp_path, "team-standings-triangle")
        assert dom.count("<tr") >= 2 * 17


def test_a_team_in_the_triangle_forfeits_both_halves(cli: Cli, tmp_path: Path) -> None:
    cli("event", "new", "Seven", "--kind", "teams", "--format", "swiss", "--scoring", "vp",
        "--rounds", "3", "--boards-per-match", "4")  # fmt: skip
    add_teams(cli, "Seven", 7)
    cli("event", "movement", "Seven")  # 1 v 3, 2 v 4; the triangle 5, 6, 7 (004:2706)
    cli("result", "forfeit", "Seven", "--round", "1", "--team", "7", "--reason", "late")
    draw = cli("event", "round", "Seven")
    assert draw.count("(forfeited by 7)") == 2
    assert "    5 v 6   boards 1-2" in draw
    enter(cli, "Seven", simulated_rooms(draw_matches(cli, "Seven"), seed=7), tmp_path / "r.csv")
    got = json.loads(cli("results", "Seven", "--format", "json"))
    totals = {s["team"]: s["vp"] for s in got["standings"]}
    assert totals[7] == 0
    half = next(m for m in got["matches"] if (m["home"], m["away"]) == (5, 6))
    margin = _margin(half, 5)
    scale = get_scale("wbf2013")
    five, six = scale.vp(margin, 2)  # the half played, alone on the 2-board scale
    award = max(Decimal("1.2") * scale.vp(0, 4)[0], five), max(Decimal("1.2") * 10, six)
    assert abs(Decimal(str(totals[5])) - (five + award[0]) / 2) <= Decimal("0.01")
    assert abs(Decimal(str(totals[6])) - (six + award[1]) / 2) <= Decimal("0.01")
    cli("event", "round", "Seven", "--next")  # round 2 is drawn on the walkovers too
