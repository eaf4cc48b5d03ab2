"""An 8-team round robin on VPs run from the director's console in a real browser
(Playwright, Debian's chromium), in English and in Japanese.

The event is made as ``bridgedesk event new --kind teams --format round-robin
--scoring vp`` makes it (the console's create form gains its kind selector on
another branch).  The director logs in, enters the eight teams from the team
form (one named ``<script>``), takes the draw, enters both rooms of a board
of round 1 from the console's form, has a result for the wrong room
(home and away the wrong way round) refused beside the form with nothing
stored, lets two tables enter their rooms of another match from their own
pages (``/t/team``: the table knows its match and room, and shows the IMPs
once both rooms are in), watches the match grid fill as the rest of the
rooms come in (through :func:`bridgedesk.services.slips.enter`,
the function the console's form calls) without a reload, corrects a room
with a reason, checks the standings against the independent computation of
:mod:`tests.web.team_event`, and publishes: the missing list empty, the report
set downloaded, the public live page showing the standings.  Screenshots go
to ``$BRIDGEDESK_SCREENSHOTS`` (else the test's temp dir).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest

from bridgedesk.store import team_events, terminals
from bridgedesk.store.service import Store
from tests.web import team_event as te
from tests.web import test_console_browser as console_tests

#: The console's browser tests' marks and fixtures: Debian's chromium, the screenshots' place.
browser = console_tests.browser
shots = console_tests.shots
pytestmark = console_tests.pytestmark
LAPTOP = console_tests.LAPTOP
#: The app on a new store with the director's account (its password ``PASSWORD``).
served = console_tests.served
PASSWORD = console_tests.PASSWORD

PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 780}}


def _fill_slip(page: Any, form: str, values: dict[str, str]) -> None:
    for name, value in values.items():
        if name in ("room", "declarer"):
            page.select_option(f"{form} select[name={name}]", value)
        else:
            page.fill(f"{form} input[name={name}]", value)


def _table_enters(browser: Any, base: str, event: int, table: int, code: str, lang: str,
                  rooms: list[tuple[int, tuple[str, str, str]]], shot: Path) -> Any:  # fmt: skip
    """A table's phone logs in and enters its room's boards; the page it ends on."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(f"{base}/t/login?event={event}&section=A&table={table}&code={code}&lang={lang}")
    page.click("form button[type=submit]")
    page.wait_for_selector("#seats")
    for board, (contract, declarer, result) in rooms:
        page.select_option("#team-entry select[name=board]", str(board))
        page.fill("#team-entry input[name=contract]", contract)
        if declarer:
            page.select_option("#team-entry select[name=declarer]", declarer)
            page.select_option("#team-entry select[name=result]", result)
        page.click("#team-entry button[type=submit]")
        # the phone queues the result, sends it, and the page says what was stored
        page.wait_for_function(
            f"(document.querySelector('#done') || {{}}).textContent?.includes('board {board} ')"
        )
    page.screenshot(path=str(shot), full_page=True)
    return page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_eight_team_round_robin_from_the_console(
    served: tuple[str, Store], browser: Any, shots: Path, lang: str
) -> None:
    base, store = served
    event = te.create_event(store, f"Autumn teams ({lang})")
    word = {
        "en": ("Teams", "Every room result is in.", "Comparison"),
        "ja": ("チーム", "ルームの結果はすべて揃っています。", "比較"),
    }[lang]
    context = browser.new_context(**LAPTOP, accept_downloads=True)
    page = context.new_page()

    # log in, with the keyboard; the event opens its team pages
    page.goto(f"{base}/d/events/{event}?lang={lang}")
    assert "/d/login" in page.url
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.press("input[name=password]", "Enter")
    page.wait_for_selector("#add-team")
    assert page.url.startswith(f"{base}/d/teams/{event}")
    assert page.inner_text("h2").startswith(word[0])

    # the eight teams, from the team form
    for t in range(1, te.TEAMS + 1):
        page.fill("#add-team input[name=name]", te.team_name(t))
        for k, p in enumerate(te.players(t), start=1):
            page.fill(f"#add-team input[name=player{k}]", p.name)
            page.fill(f"#add-team input[name=member{k}]", p.member or "")
        page.click("#add-team button[type=submit]")
        page.wait_for_selector("#done")
    assert page.locator("#teams tbody tr").count() == te.TEAMS
    assert te.SCRIPT_TEAM in page.inner_text("#teams")  # shown as text, not run

    # the draw: a round robin, 7 rounds of 4 matches
    page.click("#make-draw button[type=submit]")
    page.wait_for_selector("#draw")
    assert page.locator("#draw li").count() == 28
    page.screenshot(path=str(shots / f"teams-draw-{lang}.png"), full_page=True)
    matches = [d for d in team_events.draw(store, event).matches if d.away is not None]
    first, second = matches[0], matches[1]
    assert first.open is not None and second.open is not None and second.closed is not None

    # both rooms of board 1 of the first match, from the console's form
    page.click("nav.teams a[accesskey='4']")
    page.wait_for_selector("#choose-match")
    page.select_option("#choose-match select", f"{first.round},{first.home},{first.away}")
    page.wait_for_selector("#scorecard")
    entered = {}
    for room in ("open", "closed"):
        played = te.words(first.round, first.home, 1, room)
        entered[(first.round, first.home, 1, room)] = played
        contract, declarer, result = played
        _fill_slip(page, "#enter-room", {"room": room, "board": "1", "contract": contract,
                                        "declarer": declarer, "result": result})  # fmt: skip
        page.press("#enter-room input[name=result]", "Enter")
        page.wait_for_selector("#done")
    # the wrong room: home and away the wrong way round, refused beside the form
    _fill_slip(page, "#enter-room", {"home": str(first.away), "away": str(first.home),
                                    "room": "closed", "board": "2", "contract": "4S",
                                    "declarer": "N", "result": "="})  # fmt: skip
    page.click("#enter-room button[type=submit]")
    page.wait_for_selector("#enter-room p.error")
    said = {
        "en": f"team {first.home} is at home against team {first.away}, not away",
        "ja": f"チーム {first.home} がホーム、チーム {first.away} がアウェイです",
    }[lang]
    assert said in page.inner_text("#enter-room p.error")
    assert len(store.results(event)) == 2
    page.screenshot(path=str(shots / f"teams-wrong-room-{lang}.png"), full_page=True)

    # the second match's two tables enter their rooms from their own pages
    codes = {c.table: c.code for c in terminals.table_codes(store, event)}
    for room, place in (("open", second.open), ("closed", second.closed)):
        rooms = [(b, te.words(second.round, second.home, b, room)) for b in second.boards]
        for b, played in rooms:
            entered[(second.round, second.home, b, room)] = played
        phone = _table_enters(
            browser, base, event, place.table, codes[place.table], lang, rooms,
            shots / f"teams-table-{room}-{lang}.png",
        )  # fmt: skip
        assert phone.get_attribute("#seats", "data-room") == room
        if room == "closed":  # both rooms in: the comparison, IMPs per board
            assert word[2] in phone.inner_text("body")
            table = phone.locator(f"table.comparison[data-round='{second.round}'] tbody tr")
            assert table.count() == len(second.boards)
        phone.context.close()

    # the grid fills without a reload as the rest of the rooms come in
    page.click("nav.teams a[accesskey='3']")
    page.wait_for_selector("#team-grid")
    marker = page.evaluate("() => { window.__kept = 1; return window.__kept }")
    te.enter_rest(store, event)
    page.wait_for_function(
        "() => document.querySelectorAll('td[data-state=entered]').length == 56", timeout=20000
    )
    assert page.evaluate("() => window.__kept") == marker
    page.screenshot(path=str(shots / f"teams-grid-{lang}.png"), full_page=True)

    # a correction with a reason
    page.click(f"#team-grid tr[data-round='1'][data-home='{first.home}'] a")
    page.wait_for_selector("#correct-room")
    fixed = ("3NT", "S", "+1")
    entered[(first.round, first.home, 2, "closed")] = fixed
    _fill_slip(page, "#correct-room", {"room": "closed", "board": "2", "contract": fixed[0],
                                      "declarer": fixed[1], "result": fixed[2],
                                      "reason": "the table agreed: eleven tricks"})  # fmt: skip
    page.press("#correct-room input[name=reason]", "Enter")
    page.wait_for_selector("#done")
    assert "-> 3NT S +1" in page.inner_text("#done")
    page.screenshot(path=str(shots / f"teams-correction-{lang}.png"), full_page=True)

    # the standings, against the independent computation
    page.click("nav.teams a[accesskey='7']")
    page.wait_for_selector("#standings")
    drawn = list(team_events.draw(store, event).matches)
    want = te.standings(drawn, {**te.expected_rooms(drawn), **entered})
    shown = {
        int(row.get_attribute("data-team")): row.locator("td.points").inner_text()
        for row in page.locator("#standings tbody tr").all()
    }
    assert shown == {t: f"{v:.2f}" for t, v in want.items()}
    assert page.locator("#cross-table tbody tr").count() == te.TEAMS
    page.screenshot(path=str(shots / f"teams-standings-{lang}.png"), full_page=True)

    # publish: nothing missing, the report set, the public pages
    page.click("nav.teams a[accesskey='5']")
    page.wait_for_selector("#none-missing")
    assert word[1] in page.inner_text("#none-missing")
    with page.expect_download() as info:
        page.click("#download")
    data = zipfile.ZipFile(io.BytesIO(Path(info.value.path()).read_bytes()))
    assert {"standings.html", "scorecards.html", "results.pbn", "results.json"} <= set(
        data.namelist()
    )
    assert te.SCRIPT_TEAM not in data.read("standings.html").decode()  # escaped there too
    page.screenshot(path=str(shots / f"teams-publish-{lang}.png"), full_page=True)
    page.click("#public")
    page.wait_for_selector("#standings")
    assert "/teams/" in page.url
    public = page.inner_text("#standings")
    assert f"{max(want.values()):.2f}" in public
    page.screenshot(path=str(shots / f"teams-public-{lang}.png"), full_page=True)
    context.close()
