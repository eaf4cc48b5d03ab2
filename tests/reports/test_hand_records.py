"""Hand-record sheets: HTML content, and a rendered page looked at through Chromium."""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

import pytest

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.errors import BridgedeskError
from bridgedesk.formats import hnd
from bridgedesk.reports.hand_records import board_view, chromium_args, render_html
from tests.deals.test_dd import CASES
from tests.formats.test_hnd import SAMPLE

CHROMIUM = Path("/usr/bin/chromium")


def _records() -> list[BoardRecord]:
    from bridgedesk.deals.dd import solve

    return [solve(c[0].with_board(i + 1)) for i, c in enumerate(CASES[:4])]


def test_board_view_of_the_hnd_sample() -> None:
    deal = hnd.loads(SAMPLE).deals[0]  # 002:111-115
    view = board_view(BoardRecord(deal), "en")
    assert view["number"] == 1 and view["dealer"] == "West" and view["vul"] == "None"
    east = view["hands"]["E"]
    assert east["hcp"] == 15
    assert [s["cards"] for s in east["suits"]] == ["A K Q 7 3", "A Q 10 2", "7", "10 7 2"]
    assert view["hands"]["N"]["suits"][0]["cards"] == "J 10 8 2"
    assert view["dd"] is None and view["par"] is None


def test_void_and_dd_and_par_shown() -> None:
    two = hnd.loads(SAMPLE).deals[1]  # South is void in spades (002:118)
    assert board_view(BoardRecord(two), "ja")["hands"]["S"]["suits"][0]["cards"] == "—"
    record = _records()[0]
    view = board_view(record, "en")
    assert view["dd"]["rows"][2] == {"seat": "E", "cells": [1, 4, "–", 2, 2]}  # NT S H D C
    # renumbered board 1 is not vulnerable: 4S by East making is 420 (DDS: 620 vulnerable)
    assert view["par"] == {"score": "EW 420", "contracts": "E 4S"}


def test_pages_and_languages() -> None:
    records = _records()
    html = render_html(records, per_page=3)
    assert html.count('class="page per3"') == 2
    assert 'lang="en"' in html and "Double dummy" in html
    ja = render_html(records, lang="ja")
    assert "ハンドレコード" in ja and "ダブルダミー" in ja
    with pytest.raises(BridgedeskError, match="2, 3 or 4"):
        render_html(records, per_page=5)
    with pytest.raises(BridgedeskError, match="unknown language"):
        render_html(records, lang="xx")


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_page_renders_to_png(tmp_path: Path) -> None:
    records = _records()
    page = tmp_path / "hand_records.html"
    page.write_text(render_html(records, lang="ja"), encoding="utf-8")
    png = tmp_path / "hand_records.png"
    args = [
        str(CHROMIUM),
        *chromium_args(str(tmp_path / "profile")),
        f"--screenshot={png}",
        "--window-size=794,1123",  # A4 at 96 dpi
        page.as_uri(),
    ]
    subprocess.run(args, check=True, capture_output=True, timeout=120)
    assert _png_size(png) == (794, 1123)
    assert png.stat().st_size > 20_000  # a blank page is a few kB
    keep = Path(__file__).parent / "output"
    if keep.is_dir():  # drop a copy for a human to look at
        (keep / "hand_records.png").write_bytes(png.read_bytes())


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_pdf_through_chromium(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bridgedesk.reports.hand_records import html_to_pdf

    monkeypatch.setenv("BRIDGEDESK_CHROMIUM", str(CHROMIUM))
    pdf = html_to_pdf(render_html(_records(), per_page=2), tmp_path / "hr.pdf")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(data) > 10_000


def test_pdf_without_a_browser_says_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgedesk.reports import hand_records

    monkeypatch.setattr(hand_records, "find_chromium", lambda: None)
    with pytest.raises(BridgedeskError, match="needs Chromium"):
        hand_records.html_to_pdf("<html></html>", tmp_path / "x.pdf")


def test_the_report_set_prints_the_deal_files_double_dummy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25: a deal file that holds each deal's double-dummy table and par (here
    BridgeComposer's export of a Czech club pairs, boards 16-30, tests/formats/data)
    gives them to the event's hand records without ``--dd`` (nothing is solved)."""
    import re

    from bridgedesk.cli import main
    from bridgedesk.events import make_result
    from bridgedesk.events.seating import GridMovement, TableAssignment
    from bridgedesk.services import slips
    from bridgedesk.store.service import Store

    db = str(tmp_path / "club.sqlite3")
    boards = tuple(range(16, 31))

    def run(*args: str) -> str:
        code = main([*args, "--db", db])
        out, err = capsys.readouterr()
        assert code == 0, err
        return out

    run("event", "new", "Club pairs", "--date", "2026-11-24")
    for n in range(1, 5):
        run("entry", "add", "Club pairs", "--pair", str(n), "--names", f"N{n}, S{n}")
    grid = {(1, 1): TableAssignment(1, 2, boards), (1, 2): TableAssignment(3, 4, boards)}
    with Store.open(db) as store:
        store.set_movement(1, GridMovement("two tables", "howell", 1, 2, 1, grid))
        for table, (ns, ew) in ((1, (1, 2)), (2, (3, 4))):
            for b in boards:
                slip = make_result(round=1, table=table, board=b, ns=ns, ew=ew, contract="1NT",
                                   declarer="N", result="=")  # fmt: skip
                slips.enter(store, 1, slip)
    data = Path(__file__).parent.parent / "formats" / "data" / "bridgecomposer_bkp.pbn"
    assert run("event", "deals", "Club pairs", str(data)) == "15 deals attached (boards 16-30)\n"
    run("results", "Club pairs", "--format", "html", "--out", str(tmp_path / "out"))
    html = (tmp_path / "out" / "hand_records.html").read_text("utf-8")
    assert html.count('<table class="dd">') == 15
    board = html[html.index('id="board-16"') :]
    rows = re.findall(r"<tr><th>([NSEW])</th>(.*?)</tr>", board[: board.index("</table>")])
    cells = {seat: re.findall(r"<td>(.*?)</td>", rest) for seat, rest in rows}
    # the file's OptimumResultTable for board 16: N makes 6 6 4 7 7 tricks in NT S H D C
    assert cells["N"] == ["–", "–", "–", "1", "1"] and cells["E"] == ["1", "1", "2", "–", "–"]
    assert "EW 100" in board[: board.index("</article>")]  # OptimumScore "NS -100"
