"""The ``movement`` command group and the printed guide cards."""

from __future__ import annotations

import json
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.formats import movement_json
from bridgedesk.movements.howell import complete_howell
from bridgedesk.movements.rover import rover_mitchell
from bridgedesk.reports.hand_records import chromium_args
from bridgedesk.reports.movement_cards import pair_slip, render_html, table_card

CHROMIUM = Path("/usr/bin/chromium")


def test_show_text_is_fig9(capsys: pytest.CaptureFixture[str]) -> None:
    # 004:990-1000: the 7-table Mitchell master sheet, row 2.
    assert main(["movement", "show", "mitchell", "--tables", "7"]) == 0
    out = capsys.readouterr().out
    assert "7-6  1-7  2-1    3-2    4-3    5-4    6-5" in out


def test_show_pairs_15_picks_the_rover(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "show", "mitchell", "--pairs", "15"]) == 0
    out = capsys.readouterr().out
    assert "rover arrangement" in out and "rover NS 8" in out


def test_show_json_round_trips(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "show", "howell", "--tables", "6", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert movement_json.loads(out) == complete_howell(6)
    assert json.loads(out)["rounds_detail"][0]["tables"][0]["ns"] == 12


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["howell", "--tables", "40"], "3 to 16 tables"),
        (
            ["howell", "--tables", "6", "--rounds", "0"],
            "'--rounds': Input should be greater than or equal to 1",
        ),
        (["rover-mitchell", "--pairs", "16"], "odd number of pairs"),
        (
            ["mitchell", "--tables", "7", "--rounds", "0"],
            "'--rounds': Input should be greater than or equal to 1",
        ),
        (["spiral", "--tables", "7"], "choose one of howell"),
        (["mitchell", "--tables", "7", "--format", "pdf"], "text, html or json"),
    ],
)
def test_bad_requests_give_one_line(
    argv: list[str], hint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["movement", "show", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
    assert hint in err


def test_check_good_and_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    movement_json.dump(rover_mitchell(15), good)
    assert main(["movement", "check", str(good)]) == 0
    assert "no errors" in capsys.readouterr().out
    data = json.loads(good.read_text())
    data["rounds_detail"][1]["tables"][0]["set"] = 1  # table 1 replays set 1
    del data["rounds_detail"][1]["tables"][0]["boards"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["movement", "check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "set-twice" in out and "set-unrelayed" in out
    broken = tmp_path / "broken.json"
    broken.write_text('{"tables": "six"}')
    assert main(["movement", "check", str(broken)]) == 2
    err = capsys.readouterr().err
    assert "broken.json" in err and "tables" in err


def test_recommend_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["movement", "recommend", "--pairs", "14", "--boards", "21..24"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("appendix-howell (6-table sheet")
    assert any(line.startswith("mitchell (7-table sheet") for line in out)
    assert main(["movement", "recommend", "--pairs", "14", "--boards", "x"]) == 2


def test_cards_command_writes_text_and_html(tmp_path: Path) -> None:
    assert (
        main(["movement", "cards", "rover-mitchell", "--pairs", "15", "--out", str(tmp_path)]) == 0
    )
    assert (tmp_path / "movement.txt").read_text().startswith("rover-mitchell")
    assert "Rover Pair NS 8" in (tmp_path / "movement.html").read_text()


def test_table_card_and_pair_slip() -> None:
    # Fig 13 (004:1113-1119): table 2, round 2 has the rover NS 8 against EW 1
    # on boards 7-9; NS 2 sits out and is back at table 2 in round 3.
    m = rover_mitchell(15)
    line = table_card(m, 2)[1]
    assert (line.ns, line.ew, line.boards, line.ns_next, line.ew_next) == (
        "NS 8",
        "EW 1",
        "7-9",
        "4 NS",
        "3 EW",
    )
    slip = pair_slip(m, m.rover)  # type: ignore[arg-type]
    assert slip[0].opponents == "sit out"
    assert [x.table for x in slip[1:]] == ["2", "4", "6", "1", "3", "5"]


class _Counter(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.classes: list[str] = []
        self.master_rows = 0
        self._in_master = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        self.classes += cls.split()
        if tag == "table" and "master-sheet" in cls:
            self._in_master = True
        if tag == "tr" and self._in_master:
            self.master_rows += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._in_master = False


def test_html_structure_a4() -> None:
    m = complete_howell(6)
    html = render_html(m)
    assert "@page { size: A4" in html
    parser = _Counter()
    parser.feed(html)
    assert parser.master_rows == 1 + 11
    assert parser.classes.count("table-card") == 6
    assert parser.classes.count("pair-slip") == 12


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
def test_html_renders_in_chromium(tmp_path: Path) -> None:
    page = tmp_path / "cards.html"
    page.write_text(render_html(rover_mitchell(15)), encoding="utf-8")
    png = tmp_path / "cards.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                str(CHROMIUM),
                *chromium_args(profile),
                f"--screenshot={png}",
                "--window-size=1240,1754",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_individual_cards_fig20(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Fig 20 (004:1592-1600): 8 players, 3 boards x 7 rounds; round 1 table 1 is
    # N 8, S 1, E 6, W 2 and table 2 is N 5, S 7, E 3, W 4.
    from bridgedesk.movements.individual import individual
    from bridgedesk.reports.movement_cards import (
        individual_player_slip,
        individual_table_card,
        render_individual_html,
    )

    m = individual(8, boards_per_round=3)
    first = individual_table_card(m, 1)[0]
    assert (first.north, first.south, first.east, first.west, first.boards) == (8, 1, 6, 2, "1-3")
    slip = individual_player_slip(m, 7)[0]
    assert (slip.table, slip.seat, slip.partner, slip.opponents) == ("2", "S", "5", "3 & 4")
    html = render_individual_html(m)
    assert "@page { size: A4" in html
    parser = _Counter()
    parser.feed(html)
    assert parser.master_rows == 1 + 7
    assert parser.classes.count("table-card") == 2
    assert parser.classes.count("player-slip") == 8
    # 9 players: one sits out each round, and the slip says so
    nine = individual(9)
    out_rounds = [x.round for x in individual_player_slip(nine, 6) if x.opponents == "sits out"]
    assert out_rounds == [r.number for r in nine.rounds if 6 in r.sitout] and out_rounds
    assert main(["movement", "cards", "individual", "--players", "9", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "movement.html").read_text("utf-8").count("player-slip") == 9
    capsys.readouterr()
    assert main(["movement", "show", "individual", "--players", "8", "--format", "html"]) == 0
    assert "Player guide slips" in capsys.readouterr().out


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
def test_individual_html_renders_in_chromium(tmp_path: Path) -> None:
    from bridgedesk.movements.individual import individual
    from bridgedesk.reports.movement_cards import render_individual_html

    page = tmp_path / "individual.html"
    page.write_text(render_individual_html(individual(13)), encoding="utf-8")
    pdf = tmp_path / "individual.pdf"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [
                str(CHROMIUM),
                *chromium_args(profile),
                f"--print-to-pdf={pdf}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    assert pdf.read_bytes()[:5] == b"%PDF-"
