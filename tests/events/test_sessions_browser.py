"""The whole event's reports (`results EVENT --format html`) of a stored two-session,
two-section event, looked at in Debian's headless Chromium through Playwright: the
combined ranking page, its links to each session's pages, a screenshot kept."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from tests.events.store_dump import cli_fixture  # noqa: F401
from tests.events.test_cli import Cli
from tests.events.test_sessions_cli import EVENT, play_40

from bridgedesk.reports.hand_records import chromium_args

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]
playwright = pytest.importorskip("playwright.sync_api")


def test_the_combined_report_in_chromium(cli: Cli, tmp_path: Path) -> None:
    play_40(cli, tmp_path)
    out = tmp_path / "report"
    written = cli("results", EVENT, "--format", "html", "--out", str(out)).splitlines()
    assert written[0] == str(out / "combined.html") and written[1] == str(out / "results.json")
    assert str(out / "session-2" / "B" / "ranking.html") in written
    shots = Path(os.environ.get("BRIDGEDESK_SCREENSHOTS", tmp_path / "shots"))
    shots.mkdir(parents=True, exist_ok=True)
    flags = [a for a in chromium_args("") if not a.startswith(("--headless", "--user-data-dir"))]
    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=flags)
        try:
            page: Any = browser.new_page(viewport={"width": 1240, "height": 1754})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto((out / "combined.html").as_uri())
            rows = page.locator("table[data-order=combined] tbody tr")
            assert rows.count() == 40
            first = rows.nth(0).locator("td").all_inner_texts()
            assert first[0] == "1"  # rank, then the rank in its section
            header = page.locator("table[data-order=combined] thead").inner_text()
            assert "Session 1" in header and "Session 2" in header
            assert "ranked by percentage" in page.content()
            page.screenshot(path=str(shots / "sessions-combined.png"), full_page=True)
            page.click('p.links a:has-text("Session 2")')
            assert page.url.endswith("session-2/index.html")
            assert page.locator("a[href*='B/']").count() >= 1
            assert "Session 2" in page.locator("header").inner_text()
            page.screenshot(path=str(shots / "sessions-session2-index.png"))
        finally:
            browser.close()
    assert errors == []
    assert (shots / "sessions-combined.png").stat().st_size > 20_000
