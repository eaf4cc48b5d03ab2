"""Phone layouts at 360 and 390 px (issue 22): the table terminal, a traveller, the live
results with their travellers and hands, and the console's result entry fit the
screen: nothing is wider than the page (no clipping, no sideways scrolling of the
page; a wide table scrolls inside its own box).  Screenshots go to
``$BRIDGEDESK_SCREENSHOTS`` (else the test's temp dir); they were looked at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.bridge import Seat
from bridgedesk.deals.generate import generate
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.services.visibility import release
from bridgedesk.store import users
from bridgedesk.store.users import Role
from tests.web.conftest import Stored, running, stored_event
from tests.web.test_browser import CHROMIUM, browser, shots

__all__ = ["browser", "shots"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]
playwright = pytest.importorskip("playwright.sync_api")
PASSWORD = "tuesday-evening"

#: Nothing on the page may stick out to the right of the screen, nor be cut off in a
#: box that scrolls sideways (a traveller's last columns out of sight).
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || el.closest('.wide')) continue;
    if (box.right > width + 0.5) out.push(el.tagName + '.' + el.className);
  }
  for (const el of document.querySelectorAll('.wide')) {
    if (el.scrollWidth > el.clientWidth + 1) out.push('cut: ' + el.firstElementChild.className);
  }
  return [document.documentElement.scrollWidth - width, out.slice(0, 5)];
}"""


@pytest.fixture
def played(tmp_path: Path) -> Iterator[tuple[str, Stored]]:
    """An 8-pair Howell with deals, round 1 entered everywhere, released to the live
    page (so its travellers and hands show), and the director's account."""
    from bridgedesk.web.app import create_app

    stored = stored_event(str(tmp_path / "club.sqlite3"), pairs=8)
    for deal in generate(len(stored.movement.boards), seed=5):
        stored.store.set_deal(stored.event, deal.board, deal.pbn(Seat.N))
    for table in range(1, stored.movement.tables + 1):
        a = stored.movement.assignment(1, table)
        assert a is not None
        for board in a.boards:
            result = make_result(round=1, table=table, board=board, ns=a.ns, ew=a.ew,
                                 contract="4SX", declarer="N", result="-3", lead="HK")  # fmt: skip
            slips.enter(stored.store, stored.event, result, who="kim")
    release(stored.store, stored.event, 1, shown=True, who="TD", reason="the screen")
    users.add_user(stored.store, "director", Role.DIRECTOR, PASSWORD)
    try:
        with running(create_app(store=stored.store, poll_seconds=0.2)) as base:
            yield base, stored
    finally:
        stored.store.close()


@pytest.mark.parametrize("width", [360, 390])
def test_pages_fit_a_phone(
    played: tuple[str, Stored], browser: Any, shots: Path, width: int
) -> None:
    base, stored = played
    context = browser.new_context(viewport={"width": width, "height": 780}, is_mobile=True,
                                  has_touch=True)  # fmt: skip
    page = context.new_page()
    code = stored.codes[("A", 1)]
    page.goto(f"{base}/t/login?event={stored.event}&section=A&table=1&code={code}")
    page.click("form button[type=submit]")
    page.wait_for_selector("#panel")
    a = stored.movement.assignment(1, 1)
    assert a is not None
    pages = {
        "table": f"{base}/t/table",
        "traveller": f"{base}/t/traveller/{a.boards[0]}",
        "live": f"{base}/e/{stored.event}/",
        "live-ja": f"{base}/e/{stored.event}/?lang=ja",
    }
    for name, url in pages.items():
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(shots / f"phone-{name}-{width}.png"), full_page=True)
        sticking, which = page.evaluate(OVERFLOW)
        assert sticking <= 0 and which == [], (name, width, which)
    # the director's console on a phone: the result entry
    page.goto(f"{base}/d/login")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.press("input[name=password]", "Enter")
    page.wait_for_load_state("networkidle")
    page.goto(f"{base}/d/events/{stored.event}/results")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(shots / f"phone-console-results-{width}.png"), full_page=True)
    sticking, which = page.evaluate(OVERFLOW)
    assert sticking <= 0 and which == [], ("console", width, which)
    context.close()
