"""The director's release of a session's travellers and hands (issue 22): the console's
button and ``bridgedesk result release``, both over
:func:`bridgedesk.services.visibility.release`.

One result is in (its board is still to be played at the other tables), so the public
ranking JSON shows no board; released, it shows that board with its hands; folded, none
again.  Only a director releases; every release is a line of the audit log; a refused
one writes none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgedesk.bridge import Seat
from bridgedesk.cli import main
from bridgedesk.deals.generate import generate
from bridgedesk.events import make_result
from bridgedesk.services import slips
from bridgedesk.store import director, users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import Stored, running
from tests.web.test_browser import CHROMIUM, browser, shots
from tests.web.test_console import PASSWORD, log_in

__all__ = ["browser", "shots"]  # the fixtures, from the table terminals' browser test

REASON = "results on the club's screen"


def _one_result(stored: Stored) -> int:
    """The session's deals, and table 1's first board of round 1 entered: the board the
    release shows, with its hands."""
    for deal in generate(len(stored.movement.boards), seed=22):
        stored.store.set_deal(stored.event, deal.board, deal.pbn(Seat.N))
    a = stored.movement.assignment(1, 1)
    assert a is not None
    played = make_result(round=1, table=1, board=a.boards[0], ns=a.ns, ew=a.ew,
                         contract="4S", declarer="N", result="=")  # fmt: skip
    slips.enter(stored.store, stored.event, played, who="kim")
    return a.boards[0]


def _public_boards(client: TestClient, stored: Stored) -> dict[int, bool]:
    """The public ranking JSON's boards, each with whether its hands are in."""
    doc = client.get(f"/api/events/{stored.event}/ranking").json()
    return {b["board"]: "deal" in b for b in doc["boards"]}


def _releases(stored: Stored) -> list[tuple[str, str, Any]]:
    log = director.audit_log(stored.store, stored.event)
    return [(line.who, line.reason, line.new) for line in log if line.action == "release"]


@pytest.fixture
def console(stored: Stored) -> Iterator[TestClient]:
    for name, role in (("boss", Role.DIRECTOR), ("kim", Role.SCORER)):
        users.add_user(stored.store, name, role, PASSWORD)
    with TestClient(create_app(store=stored.store, poll_seconds=0.0)) as client:
        yield client


def test_the_console_releases_and_folds_the_travellers(console: TestClient, stored: Stored) -> None:
    eid = stored.event
    board = _one_result(stored)
    url = f"/d/events/{eid}/release"
    assert _public_boards(console, stored) == {}

    # a scorer may not release
    token = log_in(console, "kim")
    answer = console.post(url, data={"csrf_token": token, "action": "release", "reason": REASON})
    assert answer.status_code == 403 and "kim is a scorer: this needs a director" in answer.text
    assert _releases(stored) == [] and _public_boards(console, stored) == {}

    console.cookies.clear()
    token = log_in(console, "boss")
    page = console.get(f"/d/events/{eid}/results").text
    assert 'data-released="0"' in page and ">Show them to everybody now</button>" in page
    # a release needs its reason (refused beside the form, nothing stored)
    answer = console.post(url, data={"csrf_token": token, "action": "release", "reason": " "})
    assert answer.status_code == 422
    beside = r'<section id="release">.*?data-code="release.needs-reason"'
    assert re.search(beside, answer.text, re.S)
    assert _releases(stored) == []

    answer = console.post(url, data={"csrf_token": token, "action": "release", "reason": REASON})
    assert answer.status_code == 200, answer.text  # the results page again, after its 303
    assert "session 1&#39;s travellers and hands shown to everybody" in answer.text
    assert 'data-released="1"' in answer.text and ">Fold them again</button>" in answer.text
    assert _public_boards(console, stored) == {board: True}
    assert f'data-board="{board}"' in console.get(f"/e/{eid}/live").text

    # a second release (an old page's button) is refused and changes nothing
    answer = console.post(url, data={"csrf_token": token, "action": "release", "reason": "again"})
    assert answer.status_code == 422 and 'data-code="release.already-released"' in answer.text
    answer = console.post(url, data={"csrf_token": token, "action": "show", "reason": "x"})
    assert answer.status_code == 422 and 'data-code="release.unknown-action"' in answer.text

    answer = console.post(url, data={"csrf_token": token, "action": "fold", "reason": "too early"})
    assert answer.status_code == 200 and 'data-released="0"' in answer.text
    assert _public_boards(console, stored) == {}
    assert _releases(stored) == [
        ("boss", REASON, {"released": True}),
        ("boss", "too early", {"released": False}),
    ]
    # the same page in Japanese and Swedish
    assert "トラベラーとハンド" in console.get(f"/d/events/{eid}/results?lang=ja").text
    assert "Protokoll och givar" in console.get(f"/d/events/{eid}/results?lang=sv").text


def test_a_team_event_is_released_from_its_results_page(
    console: TestClient, stored: Stored, capsys: pytest.CaptureFixture[str]
) -> None:
    """One match of round 1 in, the round's others still playing: none of the round's
    boards shows publicly and the scorecards wait; released from the team results page,
    both show; folded, not."""
    from bridgedesk.services import draws
    from bridgedesk.store import team_events
    from tests.web import team_event as te

    store = stored.store
    eid = te.create_event(store)
    te.add_teams(store, eid)
    draws.make_draw(store, eid)
    d = next(m for m in team_events.draw(store, eid).matches if m.away is not None)
    for room in ("open", "closed"):
        for board in d.boards:
            slips.enter(store, eid, te.slip(d, room, board, te.words(d.round, d.home, board, room)))

    def shown() -> set[tuple[int, int]]:
        doc = console.get(f"/api/events/{eid}/ranking").json()
        return {(m["round"], b["board"]) for m in doc["matches"] for b in m["boards"]}

    assert shown() == set()
    assert console.get(f"/e/{eid}/teams/scorecards.html").status_code == 403
    token = log_in(console, "boss")
    page = console.get(f"/d/teams/{eid}/results").text
    assert 'data-released="0"' in page and "every room playing it has" in page
    url = f"/d/teams/{eid}/release"
    answer = console.post(url, data={"csrf_token": token, "action": "release", "reason": REASON})
    assert answer.status_code == 200 and 'data-released="1"' in answer.text
    # in a team director's words: the rounds' boards and scorecards, no "session 1"
    assert "every round&#39;s boards and scorecards shown to everybody" in answer.text
    assert "every board and scorecard of every round" in answer.text
    assert "session 1" not in answer.text
    assert {(d.round, b) for b in d.boards} <= shown()
    assert console.get(f"/e/{eid}/teams/scorecards.html").status_code == 200
    answer = console.post(url, data={"csrf_token": token, "action": "fold", "reason": "early"})
    assert answer.status_code == 200 and 'data-released="0"' in answer.text
    assert shown() == set()
    log = director.audit_log(store, eid)
    assert [(x.action, x.who, x.new) for x in log if x.action == "release"] == [
        ("release", "boss", {"released": True}),
        ("release", "boss", {"released": False}),
    ]
    # folded already: refused in the same words; the command line says them in Swedish
    answer = console.post(url, data={"csrf_token": token, "action": "fold", "reason": "again"})
    assert answer.status_code == 422 and "every round&#39;s boards and scorecards are not" in (
        answer.text
    )
    db = str(store.engine.url.database)
    argv = ["result", "release", str(eid), "--reason", REASON, "--lang", "sv", "--db", db]
    assert main(argv) == 0
    said = capsys.readouterr().out
    assert re.fullmatch(r"logg \d+: alla ronders brickor och matchprotokoll visas för alla\n", said)


def test_result_release_on_the_command_line(
    stored: Stored, capsys: pytest.CaptureFixture[str]
) -> None:
    from bridgedesk.services.visibility import public_ranking

    db = Path(str(stored.store.engine.url.database))
    event = str(stored.event)
    board = _one_result(stored)

    def public() -> dict[int, bool]:
        doc = public_ranking(stored.store, stored.event)
        return {b["board"]: "deal" in b for b in doc["boards"]}

    def refused(*args: str) -> str:
        """A refused release: no audit line (that nothing else changes either is
        tests/events/test_refusals_change_nothing.py's)."""
        before = _releases(stored)
        assert main(["result", "release", event, *args, "--db", str(db)]) == 2
        assert _releases(stored) == before
        return capsys.readouterr().err

    assert public() == {}
    assert "not released: nothing to fold" in refused("--fold", "--reason", "r")
    assert "has no session 2 (its sessions: 1)" in refused("--session", "2", "--reason", "r")
    assert "needs a reason" in refused("--reason", " ")

    assert (
        main(["result", "release", event, "--reason", REASON, "--by", "Mari", "--db", str(db)]) == 0
    )
    out = capsys.readouterr().out
    assert re.fullmatch(r"audit \d+: session 1's travellers and hands shown to everybody\n", out)
    assert public() == {board: True}
    assert "released already" in refused("--reason", "again")

    assert main(["result", "release", event, "--fold", "--reason", "by mistake", "--by", "Mari",
                 "--db", str(db)]) == 0  # fmt: skip
    assert capsys.readouterr().out.endswith("travellers and hands folded again\n")
    assert public() == {}
    assert _releases(stored) == [
        ("Mari", REASON, {"released": True}),
        ("Mari", "by mistake", {"released": False}),
    ]


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_the_release_button_in_a_browser(stored: Stored, browser: Any, shots: Path) -> None:
    """The director presses the button on the results page: the page says the session
    is released and offers to fold it; the open live page shows the board's traveller."""
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    board = _one_result(stored)
    with running(create_app(store=stored.store, poll_seconds=0.2)) as base:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(f"{base}/d/login")
        page.fill("input[name=username]", "boss")
        page.fill("input[name=password]", PASSWORD)
        page.press("input[name=password]", "Enter")
        page.wait_for_selector("#new-event")
        page.goto(f"{base}/d/events/{stored.event}/results")
        section = page.locator("#release")
        assert section.locator("[data-released]").get_attribute("data-released") == "0"
        section.scroll_into_view_if_needed()
        section.screenshot(path=str(shots / "release-before.png"))
        section.locator("input[name=reason]").fill(REASON)
        section.get_by_role("button", name="Show them to everybody now").click()
        page.wait_for_selector('#release [data-released="1"]')
        assert "travellers and hands shown to everybody" in page.inner_text("p[role=status]")
        page.locator("#release").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "release-after.png"), full_page=True)
        page.locator("#release").screenshot(path=str(shots / "release-after-section.png"))
        assert page.get_by_role("button", name="Fold them again").is_visible()
        live = context.new_page()
        live.goto(f"{base}/e/{stored.event}/live")
        live.wait_for_selector(f'[data-board="{board}"]')
        context.close()
    assert _releases(stored) == [("boss", REASON, {"released": True})]
