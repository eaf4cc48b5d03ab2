"""The /practice page: a whole deal through HTTP, in English and Japanese, and in Chromium."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.deals.cards import DECK
from bridgedesk.web.practice import create_practice_app

CHROMIUM = Path("/usr/bin/chromium")


def _play_through(client: TestClient, lang: str) -> str:
    """Start a one-board expert game and click until the result shows; the last page."""
    page = client.post(
        "/practice/new", data={"boards": "1", "seed": "3", "level": "expert", "lang": lang}
    )
    assert page.status_code == 200
    for _ in range(80):
        html = page.text
        if 'id="result"' in html:
            return html
        if 'name="choice"' in html:
            gid = re.search(r'/practice/([^/"]+)/contract', html).group(1)  # type: ignore[union-attr]
            page = client.post(f"/practice/{gid}/contract", data={"choice": "NTP", "lang": lang})
            continue
        cards = re.findall(r'class="card playable[^"]*" name="card" value="(\w+)"', html)
        assert cards, html
        gid = re.search(r'/practice/([^/"]+)/play', html).group(1)  # type: ignore[union-attr]
        page = client.post(f"/practice/{gid}/play", data={"card": cards[-1], "lang": lang})
    raise AssertionError("the deal did not end")


def test_a_deal_over_http_in_both_languages() -> None:
    client = TestClient(create_practice_app())
    start = client.get("/practice")
    assert start.status_code == 200 and "MiniBridge practice" in start.text
    html = _play_through(client, "en")
    assert "Closed room (computer)" in html and "IMPs" in html and "Session over" in html
    assert "Double-dummy par" in html
    assert html.count("<li>") == 26  # both rooms' play, trick by trick
    ja = _play_through(client, "ja")
    assert "クローズドルーム" in ja and "セッション終了" in ja
    assert client.get("/practice/nope").status_code == 404


def test_an_illegal_card_is_refused_with_a_message() -> None:
    client = TestClient(create_practice_app())
    page = client.post("/practice/new", data={"boards": "1", "seed": "3", "level": "expert"})
    html = page.text
    if 'name="choice"' in html:
        gid = re.search(r'/practice/([^/"]+)/contract', html).group(1)  # type: ignore[union-attr]
        html = client.post(f"/practice/{gid}/contract", data={"choice": "SG"}).text
    gid = re.search(r'/practice/([^/"]+)/play', html).group(1)  # type: ignore[union-attr]
    playable = set(re.findall(r'name="card" value="(\w+)"', html))
    assert playable
    again = client.post(f"/practice/{gid}/play", data={"card": "ZZ"})
    assert "Not allowed" in again.text and "unknown" in again.text
    other = next(str(c) for c in DECK if str(c) not in playable)
    again = client.post(f"/practice/{gid}/play", data={"card": other})
    assert "Not allowed" in again.text
    assert "does not hold" in again.text or "must follow suit" in again.text
    bad = client.post("/practice/new", data={"boards": "1", "level": "grandmaster"})
    assert "unknown level" in bad.text


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server() -> Iterator[str]:
    import uvicorn

    port = _free_port()
    config = uvicorn.Config(create_practice_app(), host="127.0.0.1", port=port, log_level="error")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_a_deal_in_chromium(server: str, tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    from bridgedesk.reports.hand_records import chromium_args

    args = [a for a in chromium_args(str(tmp_path / "profile")) if not a.startswith("--user-data")]
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=args)
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        page.goto(f"{server}/practice?lang=en")
        page.fill("input[name=seed]", "3")
        page.fill("input[name=boards]", "1")
        page.select_option("select[name=level]", "expert")
        page.click("#new-game button[type=submit]")
        shot = tmp_path / "practice-play.png"
        for _ in range(80):
            if page.locator("#result").count():
                break
            if page.locator("button[name=choice]").count():
                page.click("button[name=choice][value=NTP]")
                continue
            if not shot.exists() and page.locator("#last-trick .card").count():
                page.screenshot(path=str(shot), full_page=True)  # dummy, trick, last trick
            page.locator("button.card.playable").last.click()
        assert page.locator("#result").count() == 1
        assert page.locator("#over").count() == 1
        imps = page.locator("#imps").inner_text()
        assert re.fullmatch(r"[+-]\d+", imps)
        page.screenshot(path=str(tmp_path / "practice-result.png"), full_page=True)
        browser.close()
    assert shot.exists() and shot.stat().st_size > 10_000


def test_the_pool_of_games_is_bounded_and_forgets_the_idle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Anyone may start a game: the pool keeps ``limit`` games (the one left alone
    longest goes), forgets a game idle too long, and deals one game at a time."""
    from fastapi import HTTPException

    from bridgedesk.web import practice

    clock = [1000.0]
    monkeypatch.setattr(practice.time, "monotonic", lambda: clock[0])
    pool = practice.GameStore(limit=3, idle=60.0)
    ids = [pool.add(object()) for _ in range(3)]  # type: ignore[arg-type]
    clock[0] += 1
    pool.get(ids[0])  # played: now the newest
    fourth = pool.add(object())  # type: ignore[arg-type]
    assert len(pool) == 3
    with pytest.raises(HTTPException):
        pool.get(ids[1])  # the one left alone longest was forgotten
    pool.get(ids[0]), pool.get(ids[2]), pool.get(fourth)
    clock[0] += 61
    with pytest.raises(HTTPException):
        pool.get(fourth)
    # a start while another game is being dealt: 429 at once, nothing queued
    games = practice.GameStore()
    games.dealing.acquire()
    busy = TestClient(_app_with(games)).post("/practice/new", data={"boards": "1"})  # type: ignore[arg-type]
    assert busy.status_code == 429 and len(games) == 0


def _app_with(games: object) -> object:
    from fastapi import FastAPI

    from bridgedesk.web.practice import practice_router

    app = FastAPI()
    app.include_router(practice_router(games))  # type: ignore[arg-type]
    return app
