"""A weekly game run from the director's console in a real browser (Playwright,
Debian's chromium), in English and in Japanese.

The director logs in, creates the event, imports 14 pairs from a CSV (one of
them called ``<script>``), takes the recommended movement (the JCBL weekly
list, 004:3048-3066), opens the master sheet and the table cards, enters
round 1 of table 1 from the console's form with the keyboard, watches the
live grid turn the other tables' cells green as the seven tables send their
results through the table API (no reload), corrects a result with a reason,
gives a procedural penalty, sees the missing-slip list empty, downloads
the report set and records the masterpoint awards in the ledger.  Screenshots
go to ``$BRIDGEDESK_SCREENSHOTS`` (else the test's temp dir).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bridgedesk.store import terminals, users
from bridgedesk.store.ledger import open_ledger
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from tests.web import test_browser as phone_tests
from tests.web.conftest import SCRIPT_NAME, running

#: The table terminals' browser tests' fixtures: Debian's chromium, the screenshots' place.
browser = phone_tests.browser
shots = phone_tests.shots

pytestmark = phone_tests.pytestmark  # browser, slow, skipped without Debian's chromium
pytest.importorskip("playwright.sync_api")

PASSWORD = "tuesday-evening"
LAPTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
PAIRS = 14


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Store]]:
    from bridgedesk.web.app import create_app

    store = Store.open(tmp_path / "club.sqlite3")
    users.add_user(store, "director", Role.DIRECTOR, PASSWORD)
    try:
        with running(create_app(store=store, poll_seconds=0.2)) as base:
            yield base, store
    finally:
        store.close()


def _entries_csv(tmp_path: Path) -> Path:
    path = tmp_path / "entries.csv"
    rows = ["pair,player1,member1,player2,member2"]
    for n in range(1, PAIRS + 1):
        first = SCRIPT_NAME.replace(",", " ") if n == 2 else f"Sato{n}"
        rows.append(f'{n},"{first}",{1000 + n},Suzuki{n},{2000 + n}')
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _send_table_results(base: str, store: Store, event: int, rounds: range) -> None:
    """The seven tables send their results of ``rounds`` through the table API."""
    movement = store.movement(event)
    assert movement is not None
    codes = {c.table: c.code for c in terminals.table_codes(store, event)}
    done = {(r.result.round, r.result.table, r.result.board) for r in store.results(event)}
    with httpx.Client(base_url=base) as client:
        for table in range(1, movement.tables + 1):
            login = client.post(
                "/api/table/login",
                json={"event": event, "section": "A", "table": table, "code": codes[table]},
            )
            assert login.status_code == 200, login.text
            auth = {"Authorization": f"Bearer {login.json()['token']}"}
            for rnd in rounds:
                a = movement.assignment(rnd, table)
                assert a is not None
                for board in a.boards:
                    if (rnd, table, board) in done:
                        continue  # entered from the console
                    answer = client.post(
                        "/api/table/results",
                        headers={**auth, "Idempotency-Key": f"{table}-{rnd}-{board}"},
                        json={"round": rnd, "board": board, "ns": a.ns, "ew": a.ew,
                              "contract": "3NT", "declarer": "S",
                              "result": ("=", "+1", "-1")[(table + board) % 3]},
                    )  # fmt: skip
                    assert answer.status_code in (200, 201), answer.text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_weekly_game_from_the_console(
    served: tuple[str, Store], browser: Any, shots: Path, tmp_path: Path, lang: str
) -> None:
    base, store = served
    context = browser.new_context(**LAPTOP, accept_downloads=True)
    page = context.new_page()
    want = {
        "en": ("Events", "Movement set", "Every slip is in."),
        "ja": ("大会", "ムーブメントを設定しました", "スリップはすべて揃っています。"),
    }[lang]

    # log in (the page asks for it), with the keyboard
    page.goto(f"{base}/d/?lang={lang}")
    assert "/d/login" in page.url
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.press("input[name=password]", "Enter")
    page.wait_for_selector("#new-event")
    assert page.inner_text("h2") == want[0]

    # create the event
    page.fill("#new-event input[name=name]", f"Tuesday pairs ({lang})")
    page.fill("#new-event input[name=date]", "2026-11-24")
    page.fill("#new-event input[name=club]", "Kanda Bridge Club")
    page.click("#new-event button[type=submit]")
    page.wait_for_selector("#import-entries")
    event = int(page.url.split("/d/events/")[1].split("?")[0])

    # import the entries
    page.set_input_files("#import-entries input[type=file]", str(_entries_csv(tmp_path)))
    page.click("#import-entries button[type=submit]")
    page.wait_for_selector("#entries")
    assert page.locator("#entries tbody tr").count() == PAIRS
    assert SCRIPT_NAME.replace(",", " ") in page.inner_text("#entries")  # text, not markup
    page.screenshot(path=str(shots / f"console-entries-{lang}.png"), full_page=True)

    # the recommended movement, with its reasons; take it
    page.click("nav.console a[accesskey='2']")
    page.wait_for_selector("#recommendation")
    assert "14" in page.inner_text("#recommendation")
    page.screenshot(path=str(shots / f"console-movement-{lang}.png"), full_page=True)
    page.click("#take-recommended")
    page.wait_for_selector(".box.ok")
    assert want[1] in page.inner_text(".box.ok")
    movement = store.movement(event)
    assert movement is not None and movement.tables == 7

    # the cards to print: master sheet and guide cards; table cards with login codes
    sheet = context.new_page()
    sheet.goto(f"{base}/d/events/{event}/movement/cards")
    assert sheet.locator("table").count() > 1
    sheet.goto(f"{base}/d/events/{event}/tables/cards?lang={lang}")
    codes = {c.table: c.code for c in terminals.table_codes(store, event)}
    assert sheet.locator("section.card").count() == 7
    assert codes[1] in sheet.inner_text("body")
    sheet.screenshot(path=str(shots / f"console-table-cards-{lang}.png"))
    sheet.close()

    # the live grid: every table waiting in round 1
    page.click("nav.console a[accesskey='3']")
    page.wait_for_selector("table.live-grid")
    assert page.locator("td.cell.waiting").count() == 7

    # table 1's round 1 from the console's form, with the keyboard
    a = movement.assignment(1, 1)
    assert a is not None
    page.click("td.cell[data-round='1'][data-table='1'] a")
    page.wait_for_selector("#enter-result")
    for board in a.boards:
        assert page.input_value("#enter-result input[name=board]") == str(board)
        assert page.input_value("#enter-result input[name=ns]") == str(a.ns)
        page.fill("#enter-result input[name=contract]", "4S")
        page.select_option("#enter-result select[name=declarer]", "N")
        page.fill("#enter-result input[name=result]", "=")
        page.press("#enter-result input[name=result]", "Enter")
        page.wait_for_selector(".box.ok")
    # a slip the movement does not plan is refused beside the form, nothing stored
    page.fill("#enter-result input[name=board]", str(a.boards[0]))
    page.fill("#enter-result input[name=contract]", "3NT")
    page.select_option("#enter-result select[name=declarer]", "S")
    page.fill("#enter-result input[name=result]", "=")
    page.click("#enter-result button[type=submit]")
    page.wait_for_selector("#enter-result p.error")
    refusal = page.inner_text("#enter-result p.error")
    said = {
        "en": f"board {a.boards[0]} already has a result at round 1 table 1",
        "ja": f"ボード {a.boards[0]} は第1ラウンドのテーブル 1 で入力済みです",
    }[lang]
    assert said in refusal
    assert len(store.results(event)) == len(a.boards)
    page.screenshot(path=str(shots / f"console-refused-{lang}.png"), full_page=True)

    # the grid fills without a reload as the seven tables send round 1 (and beyond)
    page.click("nav.console a[accesskey='3']")
    page.wait_for_selector("table.live-grid")
    marker = page.evaluate("() => { window.__kept = 1; return window.__kept }")
    _send_table_results(base, store, event, range(1, movement.rounds + 1))
    page.wait_for_function(
        "() => document.querySelectorAll('td.cell.entered').length == "
        f"{sum(1 for r in range(1, movement.rounds + 1) for t in range(1, 8))}",
        timeout=20000,
    )
    assert page.evaluate("() => window.__kept") == marker  # the same page: no reload
    page.screenshot(path=str(shots / f"console-grid-{lang}.png"), full_page=True)

    # a correction with a reason
    page.click("nav.console a[accesskey='4']")
    page.wait_for_selector("#result-list")
    first = store.results(event)[0]
    page.click(f"#result-list a[href*='/results/{first.id}/correct']")
    page.wait_for_selector("#correct-result")
    page.fill("#correct-result input[name=contract]", "4S")
    page.select_option("#correct-result select[name=declarer]", "N")
    page.fill("#correct-result input[name=result]", "+1")
    page.fill("#correct-result input[name=reason]", "NS made eleven tricks")
    page.press("#correct-result input[name=reason]", "Enter")
    page.wait_for_selector(".box.ok")
    assert "4S N +1" in page.inner_text(".box.ok")

    # a procedural penalty
    page.fill("#penalty input[name=pair]", "3")
    page.fill("#penalty input[name=amount]", "0.5")
    page.fill("#penalty input[name=reason]", "slow play")
    page.click("#penalty button[type=submit]")
    page.wait_for_selector("#rulings")
    assert "slow play" in page.inner_text("#rulings")
    page.screenshot(path=str(shots / f"console-results-{lang}.png"), full_page=True)

    # publish: no slip missing; the report set downloads
    page.click("nav.console a[accesskey='5']")
    page.wait_for_selector("#missing")
    assert want[2] in page.inner_text("#missing")
    page.screenshot(path=str(shots / f"console-publish-{lang}.png"), full_page=True)
    with page.expect_download() as info:
        page.click("#download")
    data = Path(info.value.path()).read_bytes()
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert {"ranking.html", "travellers.html", "results.pbn", "results.usebio.xml"} <= names
    ranking = zipfile.ZipFile(io.BytesIO(data)).read("ranking.html").decode()
    assert SCRIPT_NAME.replace(",", " ") not in ranking  # escaped in the reports too

    # masterpoints: the awards shown, then recorded in the ledger
    assert page.locator("#awards tbody tr").count() > 0
    page.fill("#record-awards input[name=reason]", "Tuesday weekly game")
    page.click("#record-awards button[type=submit]")
    page.wait_for_selector(".box.ok")
    with open_ledger(store, write=False) as book:
        held = [*book.repository.awards(), *book.repository.pending()]
    assert len(held) == page.locator("#awards tbody tr").count()
    page.screenshot(path=str(shots / f"console-masterpoints-{lang}.png"), full_page=True)
    context.close()
