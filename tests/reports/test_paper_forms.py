"""A club evening without a phone (issue 25): the pick-up slips, travelling score sheets
and B-a-M report forms of a stored event, from the command line and the console, in
English and Japanese, printed to PDF (looked at with pdftoppm while they were made).

The expected seats come from the manual's rules, not from the movement code: a
Mitchell's NS pairs stay, its EW pairs move one table up and its boards one table down
(004:958-960); a 9-team AWL seats NS t v EW t+2r on set t+r in round r (Fig 21,
004:1896-1910); the B-a-M + VP table is the seed's own (004:1860-1872)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.store import users
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.events.test_cli import Cli
from tests.events.test_pair_numbers import nine_table_mitchell
from tests.reports.chromium import CHROMIUM
from tests.web.test_console import PASSWORD, log_in

MITCHELL = "Club Mitchell"


@pytest.fixture
def cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(tmp_path / "club.sqlite3", capsys)


@pytest.fixture
def mitchell(cli: Cli) -> str:
    return nine_table_mitchell(cli, MITCHELL, "--club", "丸の内 BC")


def _seat(table: int, rnd: int) -> tuple[int, int, range]:
    """Round ``rnd`` at ``table`` of a 9-table Mitchell: NS, EW and the boards (004:958-980:
    NS stays, EW moves up a table, the boards down a table; 3 boards a set)."""
    ew = (table - rnd) % 9 + 1
    board_set = (table + rnd - 2) % 9 + 1
    return table, ew, range(3 * board_set - 2, 3 * board_set + 1)


def _slips(html: str) -> dict[tuple[int, int], tuple[str, str, list[int]]]:
    found = {}
    for rnd, table, body in re.findall(
        r'<section class="slip" data-round="(\d+)" data-table="(\d+)">(.*?)</section>', html, re.S
    ):
        ns = re.search(r'<b class="ns">(.*?)</b>', body)
        ew = re.search(r'<b class="ew">(.*?)</b>', body)
        assert ns is not None and ew is not None
        boards = [int(b) for b in re.findall(r'<td class="board">(\d+)</td>', body)]
        found[(int(rnd), int(table))] = (ns.group(1), ew.group(1), boards)
    return found


def test_pickup_slips_and_travellers_of_a_mitchell(cli: Cli, mitchell: str, tmp_path: Path) -> None:
    out = cli("event", "forms", mitchell, "--out", str(tmp_path / "paper"))
    assert out.split() == [str(tmp_path / "paper" / n) for n in
                           ("pickup_slips.html", "travellers.html")]  # fmt: skip
    slips = _slips((tmp_path / "paper" / "pickup_slips.html").read_text("utf-8"))
    assert len(slips) == 81  # one per table and round
    for (rnd, table), (ns, ew, boards) in slips.items():
        want_ns, want_ew, want_boards = _seat(table, rnd)
        assert (ns, ew, boards) == (str(want_ns), str(want_ew), list(want_boards))
    html = (tmp_path / "paper" / "travellers.html").read_text("utf-8")
    sheets = re.findall(r'<section class="sheet" data-board="(\d+)">(.*?)</section>', html, re.S)
    assert [int(b) for b, _ in sheets] == list(range(1, 28))
    for board, body in sheets:
        lines = re.findall(
            r'<td class="rd">(\d+)</td><td class="pair ns">(\d+)</td>.*?'
            r'<td class="pair ew">(\d+)</td>', body, re.S
        )  # fmt: skip
        want = [
            (str(r), str(t), str(_seat(t, r)[1]))
            for r in range(1, 10)
            for t in range(1, 10)
            if int(board) in _seat(t, r)[2]
        ]
        assert lines == want  # every table that plays it, in the order they play it
    # in Japanese, as the manual names them
    cli("event", "forms", mitchell, "--out", str(tmp_path / "ja"), "--lang", "ja")
    ja = (tmp_path / "ja" / "pickup_slips.html").read_text("utf-8")
    assert '<html lang="ja">' in ja and "ボード" in ja and "第2ラウンド" in ja
    assert "トラベリング" in (tmp_path / "ja" / "travellers.html").read_text("utf-8")


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
def test_the_forms_print_on_a4(cli: Cli, mitchell: str, tmp_path: Path) -> None:
    for lang in ("en", "ja"):
        out = tmp_path / lang
        cli("event", "forms", mitchell, "--out", str(out), "--pdf", "--lang", lang,
            "--only", "pickup_slips")  # fmt: skip
        pdf = out / "pickup_slips.pdf"
        assert pdf.read_bytes().startswith(b"%PDF")
        if shutil.which("pdfinfo"):
            info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
            assert "595.28 x 841.89 pts (A4)" in info or "(A4)" in info
            pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))  # type: ignore[union-attr]
            assert pages == 11  # 81 slips, 8 to a page


# -- a board-a-match team event: an AWL of 9 teams, B-a-M + VP ------------------------

#: Fig 21 (004:1896-1910), round 1: NS-EW on sets 1..9.
FIG21_ROUND_1 = ("9-2", "1-3", "2-4", "3-5", "4-6", "5-7", "6-8", "7-9", "8-1")


@pytest.fixture
def awl(cli: Cli) -> str:
    cli("event", "new", "AWL", "--kind", "teams", "--format", "awl", "--scoring", "bam-vp",
        "--date", "2026-11-24")  # fmt: skip
    for t in range(1, 10):
        cli("entry", "add", "AWL", "--team", f"T{t}", *(f"--player=P{t}{i}:" for i in range(4)))
    cli("event", "movement", "AWL")
    return "AWL"


def test_bam_report_forms(cli: Cli, awl: str, tmp_path: Path) -> None:
    cli("event", "forms", awl, "--out", str(tmp_path / "paper"))
    html = (tmp_path / "paper" / "bam_forms.html").read_text("utf-8")
    forms = re.findall(
        r'<section class="form" data-round="(\d+)" data-home="(\d+)" data-away="(\d+)">(.*?)'
        r"</section>", html, re.S
    )  # fmt: skip
    assert len(forms) == 36  # every two of the 9 teams meet once
    assert {frozenset((int(h), int(a))) for _, h, a, _ in forms} == {
        frozenset((a, b)) for a in range(1, 10) for b in range(a + 1, 10)
    }
    boards = {
        (int(h), int(a)): [int(b) for b in re.findall(r'<td class="board">(\d+)</td>', body)]
        for _, h, a, body in forms
    }
    for board_set, cell in enumerate(FIG21_ROUND_1, start=1):
        ns, ew = (int(x) for x in cell.split("-"))
        match = (ns, ew) if (ns, ew) in boards else (ew, ns)
        assert boards[match] == [2 * board_set - 1, 2 * board_set]
    # the seed's B-a-M + VP table for two boards, beside every form
    legend = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td></tr>", forms[0][3])
    assert legend[3:] == [("0–50", "3–3"), ("60–220", "4–2"), ("230–510", "5–1"),
                          ("520 or more", "6–0")]  # fmt: skip
    assert legend[:3] == [("Win", "2"), ("Tie", "1"), ("Lose", "0")]
    # its guide cards, from the stored draw: table 1 plays set 2 against EW 3 (Fig 21)
    cli("movement", "cards", "--event", awl, "--out", str(tmp_path / "cards"))
    card = (tmp_path / "cards" / "movement.txt").read_text("utf-8")
    first = card[card.index("Table 1\n") :].splitlines()[2].split()
    assert first[:6] == ["1", "NS", "1", "EW", "3", "3-4"]


def test_bam_forms_only_for_board_a_match(cli: Cli, mitchell: str, tmp_path: Path) -> None:
    err = cli("event", "forms", mitchell, "--out", str(tmp_path), "--only", "bam_forms",
              status=2)  # fmt: skip
    assert (
        err == f"error: event {mitchell!r} is not a board-a-match team event: it has no "
        "B-a-M report forms\n"
    )
    assert not list(tmp_path.glob("*.html"))


def test_the_console_prints_the_paper(cli: Cli, mitchell: str) -> None:
    with Store.open(cli.db) as store:
        users.add_user(store, "boss", Role.DIRECTOR, PASSWORD)
        with TestClient(create_app(store=store, poll_seconds=0.05)) as client:
            log_in(client, "boss")
            page = client.get("/d/events/1/movement").text
            for form in ("cards", "pickup_slips", "travellers"):
                assert f"/d/events/1/paper/{form}" in page
            slips = client.get("/d/events/1/paper/pickup_slips?in=ja")
            assert slips.status_code == 200 and '<html lang="ja">' in slips.text
            assert len(_slips(slips.text)) == 81
            cards = client.get("/d/events/1/paper/cards").text
            assert "Table guide cards" in cards and "EW 9" in cards
            bad = client.get("/d/events/1/paper/bam_forms")
            assert bad.status_code == 422 and "not a board-a-match team event" in bad.text
