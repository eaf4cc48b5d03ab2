"""The console's later pieces in a real browser (Playwright, Debian's chromium), in
English and Japanese: a table disputes a result from its phone and the director's
grid shows the cell disputed without a reload, then the director corrects it with a
reason; the entry form fills a player from the register while typing (keyboard
only); the arrow switch from the movement page; every section's reports in one
download; SBF awards and their certificates; a refusal in the page's language.
Screenshots go to ``$BRIDGEDESK_SCREENSHOTS`` (else the test's temp dir)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.events import Entry, Player
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store import disputes, users
from bridgedesk.store.entries import edit_entry, withdraw_entry
from bridgedesk.store.ledger import open_ledger
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from tests.web import test_browser as phone_tests
from tests.web.conftest import SCRIPT_NAME, Stored, running, stored_event

browser = phone_tests.browser
shots = phone_tests.shots

pytestmark = phone_tests.pytestmark  # browser, slow, skipped without Debian's chromium
pytest.importorskip("playwright.sync_api")

PASSWORD = "tuesday-evening"
LAPTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
MARKUP = "<img src=x onerror=alert(1)>"
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Stored]]:
    """Two sections A and B of 8 pairs (a howell each); pair 2's first player is called
    ``<script>``; every player but pair 2's has a member number."""
    from bridgedesk.web.app import create_app

    stored = stored_event(str(tmp_path / "club.sqlite3"), pairs=8, sections=("A", "B"))
    users.add_user(stored.store, "director", Role.DIRECTOR, PASSWORD)
    try:
        with running(create_app(store=stored.store, poll_seconds=0.2)) as base:
            yield base, stored
    finally:
        stored.store.close()


def _console(browser: Any, base: str, lang: str) -> tuple[Any, Any]:
    context = browser.new_context(**LAPTOP, accept_downloads=True)
    page = context.new_page()
    page.goto(f"{base}/d/?lang={lang}")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.press("input[name=password]", "Enter")
    page.wait_for_selector("#new-event")
    return context, page


def _play(store: Store, event: int, section: str, rounds: range) -> None:
    movement = store.movement(event, section=section)
    assert movement is not None
    for rnd in rounds:
        for table in range(1, movement.tables + 1):
            a = movement.assignment(rnd, table)
            assert a is not None
            for board in a.boards:
                over = (a.ns * 7 + a.ew * 3 + board) % 5 - 2
                slips.enter(store,
                    event,
                    make_result(round=rnd, table=table, board=board, ns=a.ns, ew=a.ew,
                                contract="2S", declarer="N",
                                result="=" if over == 0 else f"{over:+d}", section=section),
                    who=f"table {section}{table}",
                )  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_dispute_from_the_table_to_the_directors_grid(
    served: tuple[str, Stored], browser: Any, shots: Path, lang: str
) -> None:
    base, stored = served
    eid = stored.event
    _play(stored.store, eid, "A", range(1, 2))
    a = stored.movement.assignment(1, 3)
    assert a is not None
    context, page = _console(browser, base, lang)
    page.goto(f"{base}/d/events/{eid}/grid?lang={lang}")
    page.wait_for_selector("table.live-grid")
    page.evaluate("() => { window.__kept = 1 }")

    # table 3's phone: the traveller of its round-1 board, then "call the director"
    phone = browser.new_context(**PHONE).new_page()
    code = stored.codes[("A", 3)]
    phone.goto(f"{base}/t/login?event={eid}&section=A&table=3&code={code}&lang={lang}")
    phone.click("form button[type=submit]")
    phone.wait_for_selector("#panel")
    phone.goto(f"{base}/t/traveller/{a.boards[0]}")
    phone.click("details.dispute summary")
    phone.fill("details.dispute input[name=note]", "10 tricks, not 9 " + SCRIPT_NAME)
    phone.click("details.dispute button[type=submit]")
    phone.wait_for_selector("#panel")
    phone.goto(f"{base}/t/traveller/{a.boards[0]}")
    said = {"en": "the director is called", "ja": "ディレクターを呼びました"}[lang]
    assert said in phone.inner_text("p.disputed")
    phone.screenshot(path=str(shots / f"table-disputed-{lang}.png"), full_page=True)

    # the director's grid turns the cell disputed without a reload: colour and word
    cell = "td.cell[data-round='1'][data-table='3']"
    page.wait_for_selector(f"{cell}.disputed", timeout=15000)
    assert page.evaluate("() => window.__kept") == 1
    word = {"en": "disputed", "ja": "異議あり"}[lang]
    assert word in page.inner_text(cell)
    colour = page.eval_on_selector(cell, "e => getComputedStyle(e).backgroundColor")
    entered = page.eval_on_selector("td.cell.entered", "e => getComputedStyle(e).backgroundColor")
    assert colour != entered
    page.screenshot(path=str(shots / f"console-grid-disputed-{lang}.png"), full_page=True)

    # the cell opens the results of round 1 table 3 with the dispute; the note is text
    page.click(f"{cell} a")
    page.wait_for_selector("#disputes")
    assert SCRIPT_NAME in page.inner_text("#disputes")
    page.screenshot(path=str(shots / f"console-disputes-{lang}.png"), full_page=True)
    # the director corrects it with a reason: the flag clears
    page.click("#disputes a.button")
    page.wait_for_selector("#dispute")
    page.fill("#correct-result input[name=contract]", "2S")
    page.select_option("#correct-result select[name=declarer]", "N")
    page.fill("#correct-result input[name=result]", "+2")
    page.fill("#correct-result input[name=reason]", "ten tricks, agreed at the table")
    page.press("#correct-result input[name=reason]", "Enter")
    page.wait_for_selector(".box.ok")
    assert not disputes.open_disputes(stored.store, eid)
    page.click("nav.console a[accesskey='3']")
    page.wait_for_selector(f"{cell}.entered")
    [done] = disputes.disputes(stored.store, eid)
    assert done.resolution == "corrected" and done.resolved_by == "director"
    context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_entry_by_lookup_arrow_switch_sections_and_sbf(
    served: tuple[str, Stored], browser: Any, shots: Path, lang: str
) -> None:
    base, stored = served
    eid, store = stored.event, stored.store
    # the register: members of an earlier event
    old = store.create_event(store.event(eid).event)
    store.add_entry(old, Entry(1, (Player("Sato Taro", "1001"), Player("Suzuki Jiro", "1002"))))
    # a name that is markup (without "/" or ",", which separate the names typed)
    store.add_entry(old, Entry(2, (Player(MARKUP, "1003"), Player("Kato Mai", "1004"))))
    context, page = _console(browser, base, lang)

    # a late pair by lookup: type part of a name, arrow down, Enter; then a number
    page.goto(f"{base}/d/events/{eid}?lang={lang}&section=B")
    page.wait_for_selector("#add-entry")
    page.fill("#add-entry input[name=number]", "9")
    page.click("#add-entry input[name=find]")
    page.keyboard.type("sato")
    page.wait_for_selector("#member-hits button[data-member='1001']")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert page.input_value("#add-entry input[name=names]") == "Sato Taro"
    assert page.input_value("#add-entry input[name=members]") == "1001"
    page.keyboard.type("onerror")  # the focus went back to the find field
    page.wait_for_selector("#member-hits button[data-member='1003']")
    assert MARKUP in page.inner_text("#member-hits")  # shown as text
    assert page.locator("#member-hits img").count() == 0
    page.screenshot(path=str(shots / f"console-lookup-{lang}.png"), full_page=True)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert page.input_value("#add-entry input[name=names]") == f"Sato Taro, {MARKUP}"
    assert page.input_value("#add-entry input[name=members]") == "1001, 1003"
    with page.expect_navigation():
        page.click("#add-entry button[type=submit]")
    page.wait_for_selector("#entries")
    assert "Sato Taro" in page.inner_text("#entries")
    entry = store.entries(eid, section="B")[9]
    assert [(p.name, p.member) for p in entry.players] == [
        ("Sato Taro", "1001"), (MARKUP, "1003")
    ]  # fmt: skip
    withdraw_entry(store, eid, 9, who="director", reason="went home", section="B")

    # the arrow switch in rounds 5-6 of section A, from the movement page
    page.goto(f"{base}/d/events/{eid}/movement?lang={lang}")
    page.wait_for_selector("#arrow-switch")
    page.fill("#arrow-switch input[name=rounds]", "5,99")
    page.click("#arrow-switch button[type=submit]")
    page.wait_for_selector("#arrow-switch p.error")
    refusal = {"en": "round 99 does not exist", "ja": "第99ラウンドはありません"}[lang]
    assert refusal in page.inner_text("#arrow-switch p.error")
    page.screenshot(path=str(shots / f"console-arrow-refused-{lang}.png"), full_page=True)
    page.fill("#arrow-switch input[name=rounds]", "5,6")
    page.click("#arrow-switch button[type=submit]")
    page.wait_for_selector(".box.ok")
    moved = store.movement(eid)
    assert moved is not None and "arrows switched in round(s) 5, 6" in moved.name

    # every board of both sections played; every section's reports in one download
    for section in ("A", "B"):
        _play(store, eid, section, range(1, stored.movement.rounds + 1))
    page.goto(f"{base}/d/events/{eid}/publish?lang={lang}")
    page.wait_for_selector("#all-sections")
    with page.expect_download() as info:
        page.click("#download-sections")
    data = Path(info.value.path()).read_bytes()
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert {"index.html", "A/ranking.html", "B/ranking.html"} <= names

    # SBF, table A: the awards, recorded; the certificates in Swedish
    for n in range(1, 9):
        for section in ("A", "B"):
            players = store.entries(eid, section=section)[n].players
            members = [(p.name, f"{section}{n}{i}") for i, p in enumerate(players)]
            edit_entry(store, eid, n, who="t", reason="members", section=section, players=members)
    page.goto(f"{base}/d/events/{eid}/publish?lang={lang}")
    page.select_option("#award-rules select[name=rules]", "sbf")
    page.select_option("#award-rules select[name=table]", "A")
    page.click("#award-rules button[type=submit]")
    page.wait_for_selector("#awards")
    assert page.locator("#awards tbody tr").count() >= 6  # 3 pairs of 8 (001:609-720)
    assert page.locator('#awards td[data-colour="bp"]').count() >= 6  # named in the language
    page.fill("#record-awards input[name=reason]", "club night")
    page.click("#record-awards button[type=submit]")
    page.wait_for_selector(".box.ok")
    with open_ledger(store, write=False) as book:
        assert {e.rules for e in [*book.repository.awards(), *book.repository.pending()]} == {"sbf"}
    page.screenshot(path=str(shots / f"console-sbf-awards-{lang}.png"), full_page=True)
    cards = context.new_page()
    cards.goto(base + str(page.get_attribute("#certificates-sv", "href")))
    assert cards.locator("section.card").count() == page.locator("#awards tbody tr").count()
    assert "bronspoäng" in cards.inner_text("body")
    cards.screenshot(path=str(shots / f"console-certificates-sv-{lang}.png"), full_page=True)
    cards.goto(f"{base}/d/events/{eid}/masterpoints/certificates?in={lang}")
    assert cards.locator("section.card.fmp").count() > 0  # JCBL weekly: FMP cards
    cards.screenshot(path=str(shots / f"console-certificates-fmp-{lang}.png"), full_page=True)
    context.close()
