"""Entry that needs no server (issue 22), in a real browser (Playwright, Debian's chromium).

A phone enters two results with the network down (the page shows the score itself,
from the server's table of scores), closes the tab, opens the terminal again still
offline (its service worker keeps the page), then the network comes back: each
result is stored once.  The same at a team table.  Screenshots at 360 and 390 px
(``$BRIDGEDESK_SCREENSHOTS``, else the test's temp dir) are looked at for clipping.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.events.entry import make_result
from bridgedesk.services import draws
from bridgedesk.store import team_events, terminals
from bridgedesk.store.service import Store
from tests.web import team_event as te
from tests.web.conftest import stored_in
from tests.web.test_browser import CHROMIUM, _choose, launched, shots

__all__ = ["shots"]  # the fixture, from the table terminals' browser test

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]
playwright = pytest.importorskip("playwright.sync_api")


class Server:
    """The app served on one port that can be stopped and started again: with it
    stopped, every request of the phone fails (its page's and its service worker's),
    as on a dead network; ``set_offline`` tells the page so (``navigator.onLine``)."""

    def __init__(self, app: Any) -> None:
        import socket

        self.app = app
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: Any = None
        self.thread: Any = None

    def start(self) -> None:
        import threading
        import time

        import uvicorn

        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                timeout_graceful_shutdown=1)  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)

    @property
    def up(self) -> bool:
        return self.server is not None and not self.server.should_exit


def _down(server: Server, context: Any) -> None:
    context.set_offline(True)
    server.stop()


def _up(server: Server, context: Any, page: Any) -> None:
    server.start()
    context.set_offline(False)
    try:
        page.evaluate("window.dispatchEvent(new Event('online'))")
    except playwright.Error as gone:
        # The browser's own "online" event may have sent the queue already, and a team
        # table's page then loads itself again (saying what was stored): the page this
        # event was meant for is gone, its work done.
        if "context was destroyed" not in str(gone):
            raise


def _phone(width: int) -> dict[str, Any]:
    return {"viewport": {"width": width, "height": 780}, "is_mobile": True, "has_touch": True}


@dataclass
class Club:
    """The module's one store and the one server on it; each test makes its event."""

    server: Server
    store: Store


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:
    from bridgedesk.web.app import create_app

    store = Store.open(str(tmp_path_factory.mktemp("offline") / "club.sqlite3"))
    server = Server(create_app(store=store, poll_seconds=0.2))
    server.start()
    try:
        yield Club(server, store)
    finally:
        if server.up:
            server.stop()
        store.close()


@pytest.fixture
def served(club: Club) -> Club:
    """The module's server, up again if a test before stopped it and failed."""
    if not club.server.up:
        club.server.start()
    return club


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with launched() as b:
        yield b


def _ready_offline(page: Any, path: str) -> None:
    """Wait until the service worker controls the page and has kept it, and the table
    of scores is in the phone."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("localStorage.getItem('bridgedesk.scores') !== null", timeout=20000)
    page.reload()  # this load goes through the service worker, which keeps it
    page.wait_for_selector("#panel")
    page.wait_for_function(
        f"caches.open('bridgedesk-table-1').then(c => c.match('{path}')).then(r => !!r)",
        timeout=20000,
    )


def _score(board: int, contract: str, declarer: str, result: str) -> int:
    found = make_result(round=1, table=1, board=board, ns=1, ew=2, contract=contract,
                        declarer=declarer, result=result).ns_score  # fmt: skip
    assert found is not None
    return found


def test_two_results_entered_offline_survive_a_closed_tab(
    served: Club, browser: Any, shots: Path
) -> None:
    server, stored = served.server, stored_in(served.store, pairs=8)
    base = server.base
    a = stored.movement.assignment(1, 1)
    assert a is not None
    context = browser.new_context(**_phone(360))
    page = context.new_page()
    code = stored.codes[("A", 1)]
    page.goto(f"{base}/t/login?event={stored.event}&section=A&table=1&code={code}")
    page.click("form button[type=submit]")
    page.wait_for_selector("#panel")
    _ready_offline(page, "/t/table")

    _down(server, context)
    played = [(a.boards[0], "4", "S", "N", "-1"), (a.boards[1], "3", "NT", "E", "+1")]
    for board, level, strain, declarer, result in played:
        _choose(page, "board", str(board))
        _choose(page, "level", level)
        _choose(page, "strain", strain)
        _choose(page, "declarer", declarer)
        page.select_option("select[name=result]", result)
        page.click("#entry button[type=submit]")
        page.wait_for_selector("#score")  # shown by the page: no server to ask
        score = _score(board, f"{level}{strain}", declarer, result)
        side = "NS" if score > 0 else "EW"
        assert page.inner_text("#score") == f"{side} +{abs(score)}"
        if board == a.boards[0]:
            page.screenshot(path=str(shots / "offline-confirm-360.png"), full_page=True)
        page.click("#accept")
    page.wait_for_selector("#queue:not([hidden])")
    assert page.inner_text("#queue") == "Offline: 2 waiting (kept on this phone until sent)"
    assert page.evaluate("window.bridgedeskQueue.load().length") == 2
    page.screenshot(path=str(shots / "offline-queue-360.png"), full_page=True)
    page.close()  # the tab is closed, the network still down

    again = context.new_page()
    again.goto(f"{base}/t/table")  # answered by the service worker
    again.wait_for_selector("#queue:not([hidden])")
    assert "Offline: 2 waiting" in again.inner_text("#queue")
    assert stored.store.results(stored.event) == []
    again.screenshot(path=str(shots / "offline-reopened-360.png"), full_page=True)

    _up(server, context, again)
    again.wait_for_function("window.bridgedeskQueue.load().length === 0", timeout=20000)
    again.evaluate("window.bridgedeskQueue.flush()")  # again: nothing more is stored
    results = stored.store.results(stored.event)
    assert sorted((r.result.board, r.result.ns_score) for r in results) == sorted(
        (b, _score(b, f"{lv}{st}", d, r)) for b, lv, st, d, r in played
    )
    context.close()


def test_a_team_table_queues_offline_too(served: Club, browser: Any, shots: Path) -> None:
    server, store = served.server, served.store
    eid = te.create_event(store)
    te.add_teams(store, eid)
    draws.make_draw(store, eid)
    base = server.base
    codes = {c.table: c.code for c in terminals.table_codes(store, eid)}
    d = next(m for m in team_events.draw(store, eid).matches if m.away is not None)
    assert d.open is not None
    context = browser.new_context(**_phone(390))
    page = context.new_page()
    page.goto(f"{base}/t/login?event={eid}&section=A&table={d.open.table}"
              f"&code={codes[d.open.table]}")  # fmt: skip
    page.click("form button[type=submit]")
    page.wait_for_selector("#seats")
    _ready_offline(page, "/t/team")

    _down(server, context)
    played = [(d.boards[0], "4S", "N", "="), (d.boards[1], "3NT", "S", "+1")]
    for board, contract, declarer, result in played:
        page.select_option("#team-entry select[name=board]", str(board))
        page.fill("#team-entry input[name=contract]", contract)
        page.select_option("#team-entry select[name=declarer]", declarer)
        page.select_option("#team-entry select[name=result]", result)
        page.click("#team-entry button[type=submit]")
    page.wait_for_selector("#queue:not([hidden])")
    assert page.inner_text("#queue") == "Offline: 2 waiting (kept on this phone until sent)"
    page.screenshot(path=str(shots / "offline-team-390.png"), full_page=True)
    page.close()

    again = context.new_page()
    again.goto(f"{base}/t/team")
    again.wait_for_selector("#queue:not([hidden])")
    assert "Offline: 2 waiting" in again.inner_text("#queue")
    assert store.results(eid) == []
    _up(server, context, again)
    again.wait_for_url("**/t/team?done=*", timeout=20000)  # sent, and the page loads again
    if again.query_selector("#done") is None:
        # Chromium may give the service worker its network back a moment after the page:
        # the page then came from the worker's last copy (its network-first fallback).
        again.reload()
    again.wait_for_selector("#done", timeout=20000)
    assert again.evaluate("window.bridgedeskQueue.load().length") == 0
    results = store.results(eid)
    assert sorted(r.result.board for r in results) == sorted(b for b, *_ in played)
    assert sorted(r.result.ns_score for r in results) == sorted(
        _score(b, c, dec, res) for b, c, dec, res in played
    )
    again.screenshot(path=str(shots / "team-after-390.png"), full_page=True)
    context.close()
