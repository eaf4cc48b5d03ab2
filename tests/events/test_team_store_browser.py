"""The standings a stored team event writes, opened in headless Chromium (Playwright)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bridgedesk.cli import main
from bridgedesk.reports.hand_records import chromium_args

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]
playwright = pytest.importorskip("playwright.sync_api")


def test_standings_html_in_chromium(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 10-team AWL on B-a-M, run by `demo --teams` through the store: its standings page
    renders every team with its points, the cross-table beneath, on an A4-wide page."""
    out = tmp_path / "awl"
    code = main(["demo", "--teams", "10", "--format", "awl", "--seed", "5", "--out", str(out),
                 "--db", str(tmp_path / "awl.sqlite3"), "--lang", "ja"])  # fmt: skip
    printed, err = capsys.readouterr()
    assert code == 0, err
    standings = [ln.split() for ln in printed.splitlines()[3:13]]
    flags = [a for a in chromium_args("") if not a.startswith(("--headless", "--user-data-dir"))]
    shots = Path(os.environ.get("BRIDGEDESK_SCREENSHOTS", tmp_path / "shots"))
    shots.mkdir(parents=True, exist_ok=True)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=flags)
        try:
            page = browser.new_page(viewport={"width": 1240, "height": 1754})
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto((out / "standings.html").as_uri())
            page.screenshot(path=str(shots / "team-standings.png"), full_page=True)
            rows = page.locator("table").first.locator("tbody tr")
            assert rows.count() == 10
            shown = [rows.nth(i).inner_text().split("\t") for i in range(10)]
            cross = page.locator("table").nth(1).locator("tbody tr")
            assert cross.count() == 10
            assert page.locator("html").get_attribute("lang") == "ja"
            assert errors == []
        finally:
            browser.close()
    # the page lists the teams in the order and with the points the command printed
    assert [(row[0].strip(), row[1].strip()) for row in shown] == [
        (line[0], line[1]) for line in standings
    ]
    assert all(line[2] in " ".join(row) for row, line in zip(shown, standings, strict=True))
