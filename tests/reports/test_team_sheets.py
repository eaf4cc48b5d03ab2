"""The team of four's private score sheets (reports/team_sheets.py): the seed's comparison
of 004:1660-1668 from both teams' sides, running totals, board-a-match points, and the
page through ``teams score --format html`` opened in headless Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgedesk.bridge.methods import Method
from bridgedesk.formats import team_results_json
from bridgedesk.reports.team_sheets import sheets_html, team_sheets
from bridgedesk.results.model import EventHeading
from bridgedesk.results.teams import (
    BoardRooms,
    Lineup,
    MatchPlay,
    RoomScore,
    TeamEntry,
    TeamEventPlay,
    score_team_event,
)
from tests.reports.chromium import CHROMIUM, open_page
from tests.reports.test_team_reports import _cells, _write, run
from tests.results.team_files import awl_bam_file, round_robin_file
from tests.results.test_teams import bam_seed

#: 004:1662-1666 as printed: (board, A's NS score, B's NS score at the other table).
PRINTED = [(1, 50, 300), (2, 110, -50), (3, 450, 420), (4, -620, -620)]


def _seed_event() -> TeamEventPlay:
    return TeamEventPlay(
        EventHeading("seed"),
        (TeamEntry(1, "A"), TeamEntry(2, "B")),
        (
            MatchPlay(
                1, 1, 2,
                tuple(BoardRooms(b, RoomScore(o), RoomScore(c)) for b, o, c in PRINTED),
                lineup=Lineup("A-NS", "A-EW", "B-NS", "B-EW"),
            ),
        ),
        scoring=Method.TEAM_IMPS,
    )  # fmt: skip


def test_team_a_sheet_is_the_seeds_comparison() -> None:
    """Team A (home): NS 50 / EW -300 -> -250 -> -6, 110 / 50 -> +160 -> +4, 450 / -420
    -> +30 -> +1, -620 / 620 -> 0 (004:1662-1666); the running total -6, -2, -1, -1."""
    event = score_team_event(_seed_event())
    a, b = team_sheets(event)
    sheet = a["matches"][0]
    rows = [
        (r["ns_score"], r["ew_score"], r["net"], r["imps"], r["running"]) for r in sheet["rows"]
    ]
    assert rows == [
        ("50", "-300", "-250", "-6", "-6"),
        ("110", "50", "+160", "+4", "-2"),
        ("450", "-420", "+30", "+1", "-1"),
        ("-620", "620", "0", "0", "-1"),
    ]
    assert sheet["home"] and sheet["pairs"] == ("A-NS", "A-EW")
    assert sheet["imps"] == (5, 6)
    # "相手方の B チームではこの土が反対のスコアになります" (004:1668): B's sheet is A's negated
    other = b["matches"][0]
    assert [(r["ns_score"], r["ew_score"], r["net"], r["imps"]) for r in other["rows"]] == [
        ("300", "-50", "+250", "+6"),
        ("-50", "-110", "-160", "-4"),
        ("420", "-450", "-30", "-1"),
        ("-620", "620", "0", "0"),
    ]
    assert other["rows"][-1]["running"] == "+1" and other["imps"] == (6, 5)
    assert not other["home"] and other["pairs"] == ("B-NS", "B-EW")


def test_sheets_add_up_to_the_match_for_every_team(tmp_path: Path) -> None:
    """For a generated round robin: each team's running total ends at its IMPs won minus
    lost in the match, and the sheet's margin is open - closed from the home side."""
    event = score_team_event(team_results_json.load(_write(tmp_path, round_robin_file(6, 4, 3))))
    seen = 0
    for t, sheet in zip(sorted(event.teams, key=lambda t: t.number), team_sheets(event),
                        strict=True):  # fmt: skip
        for m, ms in zip(event.team_matches(t.number), sheet["matches"], strict=True):
            side = m.side(t.number)
            last = int(ms["rows"][-1]["running"])
            assert last == m.imps[side] - m.imps[1 - side]
            for b, row in zip(m.boards, ms["rows"], strict=True):
                assert b.net is not None
                assert int(row["net"]) == (b.net if side == 0 else -b.net)
                assert int(row["ns_score"]) + int(row["ew_score"]) == int(row["net"])
            seen += 1
    assert seen == 2 * len(event.matches)


def test_board_a_match_sheet(tmp_path: Path) -> None:
    """The B-a-M example (004:1839-1866): team 3 wins board 3 and loses board 4, so
    its sheet shows 2 then 0 B-a-M points, running 2, 2; team 1's 0 then 2."""
    event = score_team_event(team_results_json.load(_write(tmp_path, bam_seed())))
    by_team = {s["team"]: s for s in team_sheets(event)}
    three = by_team["3"]["matches"][0]["rows"]
    one = by_team["1"]["matches"][0]["rows"]
    assert [(r["bam"], r["bam_running"]) for r in three] == [("2", "2"), ("0", "2")]
    assert [(r["bam"], r["bam_running"]) for r in one] == [("0", "0"), ("2", "2")]
    html = sheets_html(event, "ja")
    assert "チーム プライベートスコアシート" in html and "B-a-M" in html


def test_sheets_page_is_written_by_teams_score(tmp_path: Path) -> None:
    path = _write(tmp_path, round_robin_file(4, 3, seed=5))
    code, out, err = run("teams", "score", path, "--format", "html", "--out", tmp_path / "h")
    assert code == 0, err
    assert "sheets.html" in {Path(p).name for p in out.split()}
    html = (tmp_path / "h" / "sheets.html").read_text(encoding="utf-8")
    assert html.count('class="grid compact sheet"') == 4 * 3  # 4 teams x 3 matches
    rows = _cells(html, "compact sheet")
    assert rows[0][0] == "1"  # board 1 of team 1's first match
    assert "sheets.html" in (tmp_path / "h" / "index.html").read_text(encoding="utf-8")


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
@pytest.mark.parametrize(("lang", "data"), [("en", "rr"), ("ja", "bam")])
def test_sheets_open_in_chromium(tmp_path: Path, lang: str, data: str) -> None:
    source = round_robin_file(6, 4, seed=9) if data == "rr" else awl_bam_file(10, seed=4)
    extra = () if data == "rr" else ("--scoring", "bam-vp")
    path = _write(tmp_path, source)
    code, _, err = run("teams", "score", path, "--format", "html", "--out", tmp_path / "h",
                       "--lang", lang, *extra)  # fmt: skip
    assert code == 0, err
    text = open_page(tmp_path / "h" / "sheets.html", tmp_path, f"team_sheets_{lang}")
    assert "</table>" in text and "丸の内 BC" in text
    assert ("プライベートスコアシート" if lang == "ja" else "Team private score sheets") in text


def test_butler_for_the_pairs_of_a_match_by_hand(tmp_path: Path) -> None:
    """Butler through ``teams score``: with two results a board the datum is their mean
    (004:1388-1444; no score dropped below 5 tables): boards 420/140 (datum 280),
    620/-100 (260), -200/100 (-50) give the open NS +4, +8, -4 and the closed NS the
    opposite; each EW pair gets the negation of the NS pair at its table."""
    data = {
        "scoring": "imp",
        "teams": [{"team": 1, "name": "A"}, {"team": 2, "name": "B"}],
        "rounds": [{"matches": [{"home": 1, "away": 2, "lineup": {
            "home_ns": "A1", "home_ew": "A2", "away_ns": "B1", "away_ew": "B2"},
            "boards": [{"board": b, "open": {"score": o}, "closed": {"score": c}}
                       for b, o, c in ((1, 420, 140), (2, 620, -100), (3, -200, 100))]}]}],
    }  # fmt: skip
    boards = {1: (420, 140), 2: (620, -100), 3: (-200, 100)}
    datum = {b: (o + c) // 2 for b, (o, c) in boards.items()}
    table = {0: 0, 20: 1, 50: 2, 90: 3, 130: 4, 170: 5, 220: 6, 270: 7, 320: 8, 370: 9}

    def imp(diff: int) -> int:
        size = max(v for k, v in table.items() if abs(diff) >= k)
        return size if diff >= 0 else -size

    open_ns = sum(imp(o - datum[b]) for b, (o, _) in boards.items())
    closed_ns = sum(imp(c - datum[b]) for b, (_, c) in boards.items())
    expected = {"A1": open_ns, "B2": -open_ns, "B1": closed_ns, "A2": -closed_ns}
    assert expected == {"A1": 8, "B2": -8, "B1": -8, "A2": 8}
    path = _write(tmp_path, data)
    code, out, err = run("teams", "score", path, "--format", "json")
    assert code == 0, err
    got = {b["pair"]: b["imps"] for b in json.loads(out)["butler"]}
    assert got == expected
    code, out, err = run("teams", "score", path)
    assert code == 0, err
    assert "Pairs ranking (Butler)" in out and "A1" in out
