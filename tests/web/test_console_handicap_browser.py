"""The handicap page in a real browser (Playwright, Debian's chromium), in English and
Japanese: from the event's page to the page, each player's rating typed, the two
rankings side by side and the awards of both lists.  The page's checks and values are
tested in test_console_handicap.py.  Screenshots go to ``$BRIDGEDESK_SCREENSHOTS``
(else the test's temp dir)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bridgedesk.store import users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web import test_browser as phone_tests
from tests.web.conftest import Stored, running
from tests.web.test_console_awards import _with_members, played

browser = phone_tests.browser
shots = phone_tests.shots

pytestmark = phone_tests.pytestmark  # browser, slow, skipped without Debian's chromium
pytest.importorskip("playwright.sync_api")

__all__ = ["played"]  # the fixture, used by name
PASSWORD = "handicap-evening"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_handicap_page_walk(browser: Any, shots: Path, played: Stored, lang: str) -> None:
    _with_members(played)
    users.add_user(played.store, "director", Role.DIRECTOR, PASSWORD)
    with running(create_app(store=played.store, poll_seconds=0.2)) as base:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(f"{base}/d/?lang={lang}")
        page.fill("input[name=username]", "director")
        page.fill("input[name=password]", PASSWORD)
        page.press("input[name=password]", "Enter")
        page.wait_for_selector("#new-event")
        page.goto(f"{base}/d/events/{played.event}")
        page.click("#handicap-link")
        page.wait_for_selector("#handicap-form")
        for n in range(1, 9):
            for seat in (1, 2):
                page.fill(f"input[name='r.{n}0{seat}']", str(40 + 2 * n + seat))
        page.fill("#handicap-form input[name=share]", "90")
        page.click("#handicap-form button[type=submit]")
        page.wait_for_selector("#handicap-ranking")
        assert "method=ratings" in page.url
        page.select_option("#handicap-awards select[name=rules]", "sbf")
        page.click("#handicap-awards button[type=submit]")
        page.wait_for_selector("#awards")
        page.reload()  # the choice is in the address
        page.wait_for_selector("#awards")
        rows = page.locator("#handicap-ranking tbody tr").count()
        assert rows == 8 and page.locator("#scratch-ranking tbody tr").count() == 8
        heading = page.locator("h2").first.inner_text()
        assert ("ハンディ" in heading) if lang == "ja" else ("Handicap ranking" in heading)
        page.screenshot(path=str(shots / f"console-handicap-{lang}.png"), full_page=True)
