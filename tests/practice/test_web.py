"""The /practice page: whole deals through HTTP (forms, and htmx a card at a time), in
English, Japanese and Swedish, and in Chromium in Japanese with screenshots."""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from urllib.parse import urljoin

import pytest
from fastapi.testclient import TestClient

from bridgedesk.bridge import SEATS
from bridgedesk.deals.cards import DECK, SUITS
from bridgedesk.web.practice import GameStore, create_practice_app
from tests.web.conftest import running

CHROMIUM = Path("/usr/bin/chromium")
HX = {"HX-Request": "true"}
FORCED_SHOT = "practice-ja-forced.png"
#: Keeps the text of the first "played by itself" line the page ever shows.
FORCED_WATCH = """() => new MutationObserver(() => {
  const e = document.querySelector('.events .forced');
  if (e && !window.forcedSeen) window.forcedSeen = e.textContent;
}).observe(document.body, {childList: true, subtree: true})"""


def _gid(html: str) -> str:
    found = re.search(r"/practice/([^/\"]+)/(?:contract|play|next|advice)", html)
    assert found, html
    return found.group(1)


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
            page = client.post(
                f"/practice/{_gid(html)}/contract", data={"choice": "NTP", "lang": lang}
            )
            continue
        cards = re.findall(r'class="card playable[^"]*" name="card" value="(\w+)"', html)
        assert cards, html
        page = client.post(f"/practice/{_gid(html)}/play", data={"card": cards[-1], "lang": lang})
    raise AssertionError("the deal did not end")


def test_a_deal_over_http_in_every_language() -> None:
    with TestClient(create_practice_app()) as client:
        start = client.get("/practice")
        assert start.status_code == 200 and "MiniBridge practice" in start.text
        # a Japanese browser gets the Japanese page; ?lang= chooses another
        assert "ミニブリッジ練習" in client.get("/practice", headers={"Accept-Language": "ja"}).text
        assert "Träna minibridge" in client.get("/practice?lang=sv").text
        html = _play_through(client, "en")
        assert "Closed room (computer)" in html and "IMPs" in html and "Session over" in html
        assert "Par, the best contract" in html and "With every card seen" in html
        _check_review_hands(html)
        assert html.count('<tr class="trick">') == 26  # both rooms' play, trick by trick
        ja = _play_through(client, "ja")
        assert "クローズドルーム" in ja and "セッション終了" in ja and "パー" in ja
        sv = _play_through(client, "sv")
        assert "Slutet rum (datorn)" in sv and "Omgången är slut" in sv and "par" in sv
        assert client.get("/practice/nope").status_code == 404


def _check_review_hands(html: str) -> None:
    """The review shows the four hands of the deal played (seed 3's board 1)."""
    from bridgedesk.practice.session import DealSupply, SessionConfig

    config = SessionConfig(seed=3, level="expert", boards=1)
    _, deal = next(DealSupply(config).deals(0))
    section = html[html.index('id="review-hands"') : html.index('class="rooms"')]
    parts = re.split(r'<div class="hand seat-(\w)">', section)[1:]
    hands = list(zip(parts[::2], parts[1::2], strict=True))
    assert [seat for seat, _ in hands] == [s.value for s in SEATS]
    for seat, body in zip(SEATS, (b for _, b in hands), strict=True):
        shown = re.findall(r'<span class="card(?: red)?">(\w+)</span>', body)
        expected = [
            "10" if r == 10 else "23456789TJQKA"[r - 2]
            for suit in SUITS
            for r in deal.hand(seat).ranks(suit)
        ]
        assert shown == expected, seat


def test_a_card_at_a_time_with_htmx() -> None:
    """With htmx each answer is the table alone; the computer's cards come one per /step,
    the person's only legal card played for them and said so; help and hints."""
    with TestClient(create_practice_app()) as client:
        new = client.post("/practice/new", data={"boards": "1", "seed": "5", "level": "expert",
                                                 "advice_shown": "1", "advice": "1"},
                          headers=HX, follow_redirects=False)  # fmt: skip
        assert new.status_code == 204 and new.headers["HX-Redirect"].startswith("/practice/")
        html = client.get(new.headers["HX-Redirect"]).text
        gid = _gid(html)
        assert 'id="help"' in html and "declares" in html  # help is on: who declares, and why
        off = client.post(f"/practice/{gid}/advice", headers=HX).text
        assert "Turn help on" in off and 'id="help"' not in off
        html = client.post(f"/practice/{gid}/advice", headers=HX).text
        assert 'id="help"' in html
        steps = forced = 0
        for _ in range(300):
            if 'id="result"' in html:
                break
            if 'name="choice"' in html:
                assert "Made exactly" in html  # each contract's target and scores
                html = client.post(
                    f"/practice/{gid}/contract", data={"choice": "SP"}, headers=HX
                ).text
            elif 'id="step"' in html:
                assert "The computer is thinking" in html or "closed room" in html
                html = client.post(f"/practice/{gid}/step", headers=HX).text
                steps += 1
                forced += "by itself: the only card it could play" in html
            else:
                cards = re.findall(r'name="card" value="(\w+)"', html)
                assert cards, html
                if steps and "hint-button" in html and forced == 0:
                    hint = client.post(f"/practice/{gid}/hint", headers=HX).text
                    assert "The computer would play" in hint
                html = client.post(
                    f"/practice/{gid}/play", data={"card": cards[0]}, headers=HX
                ).text
            assert html.startswith('<div id="table"')  # the table alone, not a page
        assert 'id="result"' in html
        assert steps >= 26 and forced >= 1


def test_an_illegal_card_is_refused_with_a_message() -> None:
    with TestClient(create_practice_app()) as client:
        page = client.post("/practice/new", data={"boards": "1", "seed": "3", "level": "expert"})
        html = page.text
        if 'name="choice"' in html:
            html = client.post(f"/practice/{_gid(html)}/contract", data={"choice": "SG"}).text
        gid = _gid(html)
        playable = set(re.findall(r'name="card" value="(\w+)"', html))
        assert playable
        again = client.post(f"/practice/{gid}/play", data={"card": "ZZ"})
        assert "Not allowed" in again.text and "unknown" in again.text
        other = next(str(c) for c in DECK if str(c) not in playable)
        again = client.post(f"/practice/{gid}/play", data={"card": other})
        assert "Not allowed" in again.text
        assert "does not hold" in again.text or "must follow suit" in again.text
        bad = client.post("/practice/new", data={"boards": "1", "level": "grandmaster"})
        assert bad.status_code == 422 and "unknown level &#39;grandmaster" in bad.text
        assert 'data-code="practice.unknown-level"' in bad.text
        for form, code in (({"boards": "33"}, "bad-boards"), ({"seed": "²"}, "seed")):
            bad = client.post("/practice/new", data={"boards": "1", **form, "lang": "ja"})
            assert bad.status_code == 422 and f'data-code="practice.{code}"' in bad.text
        # the refusal answers a POST: its languages link to the start page, which answers
        links = re.findall(r'<a href="([^"]*\?lang=\w+)" lang=', bad.text)
        asked = [urljoin(str(bad.url), link) for link in links]  # as a browser does
        assert links and all(client.get(link).status_code == 200 for link in asked)
        gone = client.post("/practice/no-such-game/play", data={"card": "SA"})
        links = re.findall(r'<a href="([^"]*\?lang=\w+)" lang=', gone.text)
        assert gone.status_code == 404 and links
        asked = [urljoin(str(gone.url), link) for link in links]
        assert all(client.get(link).status_code == 200 for link in asked)


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_a_deal_in_chromium_in_japanese(tmp_path: Path) -> None:
    """A whole board clicked through in Japanese: help on, the thinking state, red hearts
    and diamonds, a card played by itself, and the review with all four hands."""
    playwright = pytest.importorskip("playwright.sync_api")
    from bridgedesk.reports.hand_records import chromium_args

    shots = Path(os.environ.get("BRIDGEDESK_SCREENSHOTS", tmp_path / "shots"))
    shots.mkdir(parents=True, exist_ok=True)
    flags = [a for a in chromium_args("") if not a.startswith(("--headless", "--user-data-dir"))]
    with running(create_practice_app(step_ms=150)) as base, playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=flags)
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        page.goto(f"{base}/practice?lang=ja")
        page.fill("input[name=seed]", "3")
        page.fill("input[name=boards]", "1")
        page.select_option("select[name=level]", "expert")
        page.click("#new-game button[type=submit]")
        page.wait_for_selector("#board")
        assert "ディクレアラー側" in page.inner_text("#help")  # who declares, and why
        # a card played by itself shows for a moment only: note it whenever it shows
        page.evaluate(FORCED_WATCH)
        page.screenshot(path=str(shots / "practice-ja-start.png"), full_page=True)
        seen = {"thinking": False, "forced": False, "red": False}
        for _ in range(400):
            if page.locator("#result").count():
                break
            if page.locator("#waiting").count() and not seen["thinking"]:
                seen["thinking"] = "考えています" in page.inner_text("#status")
                if seen["thinking"]:
                    page.screenshot(path=str(shots / "practice-ja-thinking.png"), full_page=True)
            if page.locator(".events .forced").count() and not (shots / FORCED_SHOT).exists():
                page.screenshot(path=str(shots / FORCED_SHOT), full_page=True)
            if page.locator("button[name=choice]").count():
                page.click("button[name=choice][value=NTP]")
                continue
            playable = page.locator("button.card.playable:not([disabled])")
            if playable.count():
                red = page.locator("button.card.playable.red")
                if red.count() and not seen["red"]:
                    color = red.first.evaluate("e => getComputedStyle(e).color")
                    seen["red"] = color == "rgb(198, 40, 40)"
                # the table may be replaced under the click: then look again
                with contextlib.suppress(playwright.Error):
                    playable.last.click(timeout=3000)
            else:
                page.wait_for_timeout(100)
        page.wait_for_selector("#result")
        page.screenshot(path=str(shots / "practice-ja-review.png"), full_page=True)
        assert page.locator("#review-hands .hand").count() == 4
        review = page.inner_text("#result")
        assert "ふり返り" in review and "クローズドルーム" in review and "IMP" in review
        assert "パー" in review and "ダブルダミー" in review
        page.click("#play-record summary")
        assert page.locator("#play-record tr.trick").count() == 26
        seen["forced"] = "自動で出ました" in page.evaluate("window.forcedSeen || ''")
        browser.close()
    assert seen == {"thinking": True, "forced": True, "red": True}, seen
    assert (shots / "practice-ja-review.png").stat().st_size > 10_000


def test_the_games_kept_are_bounded_and_idle_ones_dropped() -> None:
    """No one fills the server with games: at most ``limit`` at once, 429 (with
    Retry-After) beyond, a game left alone for ``idle`` seconds dropped when room is
    needed, a game in use kept."""
    now = [0.0]
    games = GameStore(limit=2, idle=600, clock=lambda: now[0])
    with TestClient(create_practice_app(games=games)) as client:

        def new() -> str:
            answer = client.post("/practice/new", data={"boards": "1", "seed": "3"}, headers=HX)
            assert answer.status_code == 204, answer.text
            return answer.headers["HX-Redirect"].split("/")[-1].split("?")[0]

        first, second = new(), new()
        full = client.post("/practice/new", data={"boards": "1", "seed": "3"}, headers=HX)
        assert full.status_code == 429 and full.headers["Retry-After"] == "60"
        assert "every practice table is in use" in full.text
        # a page of its own, with the refusal's code, that htmx puts in place of the page
        assert 'data-code="practice.tables-full"' in full.text
        assert full.headers["HX-Retarget"] == "body"
        said_in = (("ja", "練習テーブルがすべて使用中"), ("sv", "alla träningsbord används"))
        for lang, words in said_in:
            said = client.post("/practice/new", data={"boards": "1", "lang": lang}, headers=HX)
            assert said.status_code == 429 and words in said.text, said.text
        assert len(games) == 2
        now[0] = 500.0
        assert client.get(f"/practice/{second}").status_code == 200  # in use
        now[0] = 700.0  # the first untouched for 700 s, the second for 200 s
        third = new()
        gone = client.get(f"/practice/{first}")
        assert gone.status_code == 404 and 'data-code="practice.no-such-game"' in gone.text
        assert 'href="/practice?lang=en"' in gone.text
        moved = client.post(f"/practice/{first}/play", data={"card": "SA", "lang": "sv"})
        assert moved.status_code == 404 and "ingen sådan träningsomgång" in moved.text
        assert "その練習ゲームはありません" in client.get(f"/practice/{first}?lang=ja").text
        assert client.get(f"/practice/{second}").status_code == 200
        assert client.get(f"/practice/{third}").status_code == 200
        assert len(games) == 2
