"""The table terminals and live results in a real browser (Playwright, Debian's chromium).

A 7-table Howell (14 pairs, 13 rounds of 2 boards): seven phone-sized table
pages log in from their cards' addresses and enter round 1, East-West
accepting each score; a wrong board is refused; a traveller is hidden before
the table has played the board and shown after; the moving instructions
match the movement; one table loses its connection and its results are sent
once it is back; a ``bridgedesk result correct`` shows in the open live
ranking without a reload; the Japanese pages render.  Screenshots go to
``$BRIDGEDESK_SCREENSHOTS`` (else the test's temp dir).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.cli import main
from bridgedesk.events.entry import make_result
from bridgedesk.reports.hand_records import chromium_args
from bridgedesk.services import slips
from tests.web.conftest import SCRIPT_NAME, Stored, running, stored_event

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]
playwright = pytest.importorskip("playwright.sync_api")

PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Stored]]:
    from bridgedesk.web.app import create_app

    stored = stored_event(str(tmp_path / "club.sqlite3"), pairs=14)
    try:
        with running(create_app(store=stored.store, poll_seconds=0.2)) as base:
            yield base, stored
    finally:
        stored.store.close()


@contextmanager
def launched() -> Iterator[Any]:
    """Debian's chromium, launched by Playwright (a module's fixture keeps one open)."""
    flags = [a for a in chromium_args("") if not a.startswith(("--headless", "--user-data-dir"))]
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=flags)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def browser() -> Iterator[Any]:
    with launched() as b:
        yield b


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    target = Path(os.environ.get("BRIDGEDESK_SCREENSHOTS", tmp_path / "shots"))
    target.mkdir(parents=True, exist_ok=True)
    return target


def _login(browser: Any, base: str, stored: Stored, table: int, lang: str = "en") -> Any:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    code = stored.codes[("A", table)]
    page.goto(
        f"{base}/t/login?event={stored.event}&section=A&table={table}&code={code}&lang={lang}"
    )
    page.click("form button[type=submit]")
    page.wait_for_selector("#panel")
    return page


def _choose(page: Any, group: str, value: str) -> None:
    page.click(f'#{group}-choice input[value="{value}"] + span')


def _fill(page: Any, board: int, level: str, strain: str, declarer: str, result: str) -> None:
    _choose(page, "board", str(board))
    _choose(page, "level", level)
    _choose(page, "strain", strain)
    _choose(page, "declarer", declarer)
    page.select_option("select[name=result]", result)
    page.click("#entry button[type=submit]")


#: What each table's players make of their boards: (level, strain, declarer, result).
def _play(table: int, board: int) -> tuple[str, str, str, str]:
    return ("4", "S", "N", ("=", "-1", "+1")[(table + board) % 3])


def _score(board: int, result: str) -> int:
    r = make_result(round=1, table=1, board=board, ns=1, ew=2, contract="4S", declarer="N",
                    result=result)  # fmt: skip
    assert r.ns_score is not None
    return r.ns_score


def test_a_howell_round_from_seven_phones(
    served: tuple[str, Stored], browser: Any, shots: Path
) -> None:
    base, stored = served
    m = stored.movement
    assert (m.tables, m.rounds) == (7, 13)
    pages = {t: _login(browser, base, stored, t) for t in range(1, 8)}

    # every table sees its round 1: pairs, names (as text) and boards
    for t, page in pages.items():
        a = m.assignment(1, t)
        assert a is not None
        assert page.inner_text("#round") == "Round 1"
        seats = page.inner_text(".seats")
        assert f"NS {a.ns}" in seats and f"EW {a.ew}" in seats
        assert page.inner_text("#boards") == f"{a.boards[0]}-{a.boards[1]}"
        if 2 in (a.ns, a.ew):
            assert SCRIPT_NAME in seats  # shown as text, not run
    pages[1].screenshot(path=str(shots / "table-round1.png"), full_page=True)

    # a wrong board is refused with the movement's message
    first = pages[1]
    a1 = m.assignment(1, 1)
    assert a1 is not None
    wrong = next(b for b in range(1, 27) if b not in a1.boards)
    first.evaluate(
        f"document.querySelector('#board-choice input').value = '{wrong}'"
    )  # a stale or forged form
    _choose(first, "level", "3")
    _choose(first, "strain", "NT")
    _choose(first, "declarer", "S")
    first.click("#entry button[type=submit]")
    first.wait_for_selector("#entry .box.error")
    assert (
        f"round 1 table 1 plays boards {a1.boards[0]}-{a1.boards[1]}, not {wrong}"
        in first.inner_text("#entry .box.error")
    )
    first.screenshot(path=str(shots / "table-wrong-board.png"), full_page=True)
    first.goto(f"{base}/t/table")

    # the traveller is hidden before the table has played the board
    answer = first.goto(f"{base}/t/traveller/{a1.boards[0]}")
    assert answer is not None and answer.status == 403
    first.goto(f"{base}/t/table")

    # table 7 loses its connection after the score is shown, before EW accept
    offline = pages[7]
    lost = False

    for t, page in pages.items():
        a = m.assignment(1, t)
        assert a is not None
        for board in a.boards:
            level, strain, declarer, result = _play(t, board)
            _fill(page, board, level, strain, declarer, result)
            page.wait_for_selector("#score")
            score = _score(board, result)
            side = "NS" if score > 0 else "EW"
            assert page.inner_text("#score") == f"{side} +{abs(score)}"
            if t == 1 and board == a.boards[0]:
                page.screenshot(path=str(shots / "table-confirm.png"), full_page=True)
            if page is offline and not lost:
                offline.context.set_offline(True)
            page.click("#accept")  # East-West accepts
            if page is offline and not lost:
                lost = True
                page.wait_for_selector("#queue:not([hidden])")
                queued = page.evaluate("window.bridgedeskQueue.load().length")
                assert queued == 1
                page.screenshot(path=str(shots / "table-offline-queue.png"), full_page=True)
                offline.context.set_offline(False)
                page.evaluate("window.dispatchEvent(new Event('online'))")
            page.wait_for_selector(f'#entered tr[data-board="{board}"], #moves', timeout=30000)

    # all in, once each
    results = stored.store.results(stored.event)
    assert len(results) == 14
    assert len({(r.result.board, r.result.ns, r.result.ew) for r in results}) == 14
    assert offline.evaluate("window.bridgedeskQueue.load().length") == 0

    # after the round: where each pair goes and which boards follow
    for t, page in pages.items():
        page.wait_for_selector("#moves")
        text = page.inner_text("#moves")
        a = m.assignment(1, t)
        assert a is not None
        for pair in (a.ns, a.ew):
            table, direction = next(
                (u, d)
                for u in range(1, 8)
                for d, p in (("NS", m.assignment(2, u).ns), ("EW", m.assignment(2, u).ew))  # type: ignore[union-attr]
                if p == pair
            )
            assert f"Pair {pair} → table {table} {direction}" in text
        to = [u for u in range(1, 8) if set(m.assignment(2, u).boards) & set(a.boards)]  # type: ignore[union-attr]
        if to:
            assert f"Boards {a.boards[0]}-{a.boards[1]} → table {to[0]}" in text
        else:  # a Howell's relay: the boards rest a round
            assert f"Boards {a.boards[0]}-{a.boards[1]}: not played next round" in text
        a2 = m.assignment(2, t)
        assert a2 is not None
        assert page.inner_text("#round") == "Round 2"
        assert page.inner_text("#boards") == f"{a2.boards[0]}-{a2.boards[1]}"
    pages[1].screenshot(path=str(shots / "table-moves.png"), full_page=True)

    # the pairs now at table 1 (round 2) have not played its round-1 boards: still
    # hidden from them (issue 22: per pair, not per table); the traveller of a board
    # both have played shows, with its results
    answer = first.goto(f"{base}/t/traveller/{a1.boards[0]}")
    assert answer is not None and answer.status == 403
    a2 = m.assignment(2, 1)
    assert a2 is not None
    board = a2.boards[0]
    first.goto(f"{base}/t/table")
    _fill(first, board, *_play(1, board))
    first.wait_for_selector("#score")
    first.click("#accept")
    first.wait_for_selector(f'#entered tr[data-board="{board}"]', timeout=30000)
    first.goto(f"{base}/t/traveller/{board}")
    assert str(_score(board, _play(1, board)[3])) in first.inner_text("table")
    first.screenshot(path=str(shots / "table-traveller.png"), full_page=True)
    for page in pages.values():
        page.context.close()


def test_a_correction_shows_in_the_live_ranking_without_reload(
    served: tuple[str, Stored], browser: Any, shots: Path
) -> None:
    base, stored = served
    m = stored.movement
    # rounds 1 and 2 in, so boards have two results to compare
    for rnd in (1, 2):
        for t in range(1, 8):
            a = m.assignment(rnd, t)
            assert a is not None
            for board in a.boards:
                _, _, _, result = _play(t + rnd, board)
                slips.enter(stored.store,
                    stored.event,
                    make_result(round=rnd, table=t, board=board, ns=a.ns, ew=a.ew,
                                contract="4S", declarer="N", result=result),
                )  # fmt: skip
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{base}/e/{stored.event}/")
    page.wait_for_selector("table.ranking")
    page.evaluate("window.__still_here = true")
    # a board played twice: board 1 at round 1 and its second table
    board = m.assignment(1, 1).boards[0]  # type: ignore[union-attr]
    first = next(r for r in stored.store.results(stored.event, board=board) if r.result.round == 1)
    pair = first.result.ns
    before = page.inner_text(f'tr[data-pair="{pair}"] td.total')
    db = str(stored.store.engine.url.database)
    assert main(["result", "correct", str(stored.event), "--board", str(board),
                 "--ns", str(first.result.ns), "--ew", str(first.result.ew),
                 "7NT", "N", "-7", "--reason", "wrong slip", "--db", db]) == 0  # fmt: skip
    import httpx

    ranking = httpx.get(f"{base}/api/events/{stored.event}/ranking").json()
    after = next(r for r in ranking["ranking"] if r["pair"] == pair)["total"]
    page.wait_for_function(
        "([pair, before]) => document.querySelector(`tr[data-pair='${pair}'] td.total`)"
        ".textContent !== before",
        arg=[pair, before],
        timeout=30000,
    )
    shown = page.inner_text(f'tr[data-pair="{pair}"] td.total')
    assert float(shown) == pytest.approx(after) and shown != before
    assert page.evaluate("window.__still_here") is True  # no reload
    page.screenshot(path=str(shots / "live-ranking.png"), full_page=True)
    context.close()


def test_the_japanese_pages(served: tuple[str, Stored], browser: Any, shots: Path) -> None:
    base, stored = served
    page = _login(browser, base, stored, 3, lang="ja")
    assert page.inner_text("#round") == "第1ラウンド"
    assert "ディクレアラー" in page.inner_text("#entry")
    page.screenshot(path=str(shots / "table-ja.png"), full_page=True)
    page.goto(f"{base}/e/{stored.event}/?lang=ja")
    assert "速報" in page.inner_text("h1")
    page.context.close()
