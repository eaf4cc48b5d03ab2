"""A live page that was away when a result came in catches up when its stream comes back
(issue 22), in a real browser (Playwright, Debian's chromium).

The server's streams end after ``STREAM_SECONDS`` and the browser's ``EventSource``
reconnects by itself.  While it cannot (its requests refused, as on a dead Wi-Fi), a
table's result is stored: no ``update`` reaches the page.  Once the stream is back, its
``hello`` names the event's version; ``live.js`` sees the page does not show it and
fetches the page's content again, which then carries the new version.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from bridgedesk.store.versions import event_version
from bridgedesk.web import live
from bridgedesk.web.app import create_app
from tests.web.conftest import Stored, running
from tests.web.test_browser import CHROMIUM, launched
from tests.web.test_load_paths import _enter

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]
pytest.importorskip("playwright.sync_api")


def _version(page: Any) -> str:
    found = page.get_attribute("#live", "data-version")
    assert found is not None
    return str(found)


def test_a_page_away_when_a_result_came_fetches_it_on_the_streams_hello(
    stored: Stored, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "STREAM_SECONDS", 1.0)  # every stream ends within a second
    app = create_app(store=stored.store, poll_seconds=0.1)
    streams: list[str] = []
    refused: list[str] = []
    with running(app) as base, launched() as browser:
        page = browser.new_context().new_page()
        page.on("request", lambda r: streams.append(r.url) if r.url.endswith("/events") else None)
        page.goto(f"{base}/e/{stored.event}/")
        page.wait_for_selector("#live[data-version]")
        before = _version(page)
        assert before == ".".join(map(str, event_version(stored.store, stored.event)))

        def away(route: Any) -> None:
            refused.append(route.request.url)
            route.abort()

        page.route("**/events", away)
        deadline = time.monotonic() + 20
        while not refused:  # the open stream has ended, and its reconnection was refused
            assert time.monotonic() < deadline, "the browser did not reconnect"
            page.wait_for_timeout(100)
        _enter(stored, "A", 1)  # a table's result, with no stream to announce it
        page.wait_for_timeout(1500)
        assert _version(page) == before  # nothing told the page
        page.unroute("**/events")
        now = ".".join(map(str, event_version(stored.store, stored.event)))
        assert now != before
        page.wait_for_function(
            f"document.getElementById('live').getAttribute('data-version') === '{now}'",
            timeout=20000,
        )
    assert len(refused) >= 1 and len(streams) >= len(refused) + 2  # first, refused, back
