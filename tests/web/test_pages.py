"""The table terminal's pages and the live results, without a browser (no JavaScript):
CSRF on every form, cookies, escaping, the two languages, the confirmation step."""

from __future__ import annotations

import re
import time
import types

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.testclient import TestClient

from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store import terminals
from bridgedesk.web.app import include_optional_routers
from tests.web.conftest import SCRIPT_NAME, Stored


def _hidden(html: str) -> dict[str, str]:
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))


def page_login(client: TestClient, stored: Stored, table: int) -> str:
    """Log in through the login form; return the table page's CSRF token."""
    form = client.get(
        f"/t/login?event={stored.event}&section=A&table={table}&code={stored.codes[('A', table)]}"
    )
    assert form.status_code == 200
    # the code from the card's QR is filled in; the form carries its CSRF token
    assert f'value="{stored.codes[("A", table)]}"' in form.text
    answer = client.post(
        "/t/login",
        data={**_hidden(form.text), "event": str(stored.event), "section": "A",
              "table": str(table), "code": stored.codes[("A", table)]},
        follow_redirects=False,
    )  # fmt: skip
    assert answer.status_code == 303, answer.text
    cookie = answer.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie
    table_page = client.get("/t/table")
    found = re.search(r'<meta name="csrf" content="([^"]+)">', table_page.text)
    assert found is not None
    return found.group(1)


def entry(stored: Stored, rnd: int, table: int, board: int, csrf: str, **kw: str) -> dict:
    form = {"csrf": csrf, "round": str(rnd), "board": str(board), "level": "4", "strain": "S",
            "doubled": "", "declarer": "N", "result": "=", "lead": ""}  # fmt: skip
    form.update(kw)
    return form


def test_login_form_needs_its_csrf_token(client: TestClient, stored: Stored) -> None:
    client.get("/t/")
    answer = client.post(
        "/t/login",
        data={"csrf": "forged", "event": str(stored.event), "section": "A", "table": "1",
              "code": stored.codes[("A", 1)]},
        follow_redirects=False,
    )  # fmt: skip
    assert answer.status_code == 401 and "CSRF" in answer.text
    assert "bd_table" not in answer.headers.get("set-cookie", "")


def test_a_wrong_code_shows_the_form_again(client: TestClient, stored: Stored) -> None:
    form = client.get("/t/")
    answer = client.post(
        "/t/login",
        data={**_hidden(form.text), "event": str(stored.event), "section": "A", "table": "1",
              "code": "nope"},
    )  # fmt: skip
    assert answer.status_code == 401
    assert "wrong event, section, table or code" in answer.text


def test_the_table_page_shows_names_as_text(client: TestClient, stored: Stored) -> None:
    # pair 2 is called <script>...: find the table where it plays round 1
    table = next(
        t
        for t in range(1, stored.movement.tables + 1)
        if 2 in (stored.movement.assignment(1, t).ns, stored.movement.assignment(1, t).ew)  # type: ignore[union-attr]
    )
    page_login(client, stored, table)
    html = client.get("/t/table").text
    assert SCRIPT_NAME not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html


def test_entry_shows_the_score_and_stores_once_when_accepted(
    client: TestClient, stored: Stored
) -> None:
    csrf = page_login(client, stored, 1)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    forged = client.post("/t/preview", data=entry(stored, 1, 1, a.boards[0], "forged"))
    assert forged.status_code == 403
    shown = client.post(
        "/t/preview", data=entry(stored, 1, 1, a.boards[0], csrf, doubled="X", result="-2",
                                 declarer="E", lead="sa")
    )  # fmt: skip
    assert shown.status_code == 200
    # 4SX by E two down, board 1 none vulnerable: NS +300; nothing stored yet
    assert 'id="score">NS +300<' in shown.text and "EW accepts" in shown.text
    assert stored.store.results(stored.event) == []
    accept = _hidden(shown.text)
    assert accept["contract"] == "4SX" and accept["lead"] == "SA"
    for _ in range(2):  # a double tap
        done = client.post("/t/results", data=accept, follow_redirects=False)
        assert done.status_code == 303
    [r] = stored.store.results(stored.event)
    assert (r.result.board, r.result.ns_score, r.entered_by) == (a.boards[0], 300, "table A1")


def test_a_wrong_entry_comes_back_with_the_message(client: TestClient, stored: Stored) -> None:
    csrf = page_login(client, stored, 1)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    answer = client.post(
        "/t/preview", data=entry(stored, 1, 1, a.boards[0], csrf, level="", strain="")
    )
    assert answer.status_code == 422 and "choose the contract" in answer.text
    wrong = next(b for b in range(1, 20) if b not in a.boards)
    answer = client.post("/t/preview", data=entry(stored, 1, 1, wrong, csrf))
    assert answer.status_code == 422
    assert f"round 1 table 1 plays boards {a.boards[0]}-{a.boards[1]}, not {wrong}" in answer.text
    # htmx gets the form back in place (200, so it is swapped in)
    again = client.post(
        "/t/preview", data=entry(stored, 1, 1, wrong, csrf), headers={"HX-Request": "true"}
    )
    assert again.status_code == 200 and again.text.startswith('<form id="entry"')


def test_traveller_page_hidden_before_play(client: TestClient, stored: Stored) -> None:
    csrf = page_login(client, stored, 1)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    hidden = client.get(f"/t/traveller/{a.boards[0]}")
    assert hidden.status_code == 403
    assert "shows once both pairs now at this table have played it" in hidden.text
    shown = client.post("/t/preview", data=entry(stored, 1, 1, a.boards[0], csrf))
    client.post("/t/results", data=_hidden(shown.text))
    seen = client.get(f"/t/traveller/{a.boards[0]}")
    assert seen.status_code == 200 and ">420<" in seen.text


def test_moving_instructions_after_the_round(client: TestClient, stored: Stored) -> None:
    csrf = page_login(client, stored, 2)
    m = stored.movement
    a = m.assignment(1, 2)
    assert a is not None
    for board in a.boards:
        shown = client.post("/t/preview", data=entry(stored, 1, 2, board, csrf))
        client.post("/t/results", data=_hidden(shown.text))
    html = client.get("/t/table").text
    assert "Round 1 is complete. Please move:" in html
    for pair in (a.ns, a.ew):
        table, direction = next(
            (t, d)
            for t in range(1, m.tables + 1)
            for d, p in (("NS", m.assignment(2, t).ns), ("EW", m.assignment(2, t).ew))  # type: ignore[union-attr]
            if p == pair
        )
        assert f"Pair {pair} → table {table} {direction}" in html
    assert 'id="round">Round 2<' in html


def test_a_table_correction_before_the_round_closes(client: TestClient, stored: Stored) -> None:
    csrf = page_login(client, stored, 1)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    shown = client.post("/t/preview", data=entry(stored, 1, 1, a.boards[0], csrf))
    client.post("/t/results", data=_hidden(shown.text))
    [r] = stored.store.results(stored.event)
    form = client.get(f"/t/correct/{r.id}")
    assert form.status_code == 200 and f"Correct board {a.boards[0]}" in form.text
    fixed = client.post(
        f"/t/correct/{r.id}/preview", data=entry(stored, 1, 1, a.boards[0], csrf, result="-1")
    )
    assert 'id="score">EW +50<' in fixed.text
    done = client.post(f"/t/correct/{r.id}", data=_hidden(fixed.text), follow_redirects=False)
    assert done.status_code == 303
    assert stored.store.results(stored.event)[0].result.ns_score == -50
    terminals.set_round(stored.store, stored.event, 1, terminals.CLOSED, who="td")
    closed = client.post(
        f"/t/correct/{r.id}/preview", data=entry(stored, 1, 1, a.boards[0], csrf, result="=")
    )
    assert closed.status_code == 403


def test_logout_needs_the_csrf_token(client: TestClient, stored: Stored) -> None:
    csrf = page_login(client, stored, 1)
    assert client.post("/t/logout", data={"csrf": "x"}).status_code == 403
    out = client.post("/t/logout", data={"csrf": csrf}, follow_redirects=False)
    assert out.status_code == 303
    assert client.get("/t/table", follow_redirects=False).headers["location"] == "/t/"


def test_japanese_pages(client: TestClient, stored: Stored) -> None:
    page_login(client, stored, 1)
    html = client.get("/t/table?lang=ja").text
    assert '<html lang="ja">' in html and "第1ラウンド" in html and "ディクレアラー" in html
    # the choice is remembered
    assert "第1ラウンド" in client.get("/t/table").text
    live = client.get(f"/e/{stored.event}/?lang=ja")
    assert live.status_code == 200 and "速報" in live.text


def test_live_results_show_only_completed_boards(client: TestClient, stored: Stored) -> None:
    m = stored.movement
    board_tables = {}
    for rnd in range(1, m.rounds + 1):
        for t in range(1, m.tables + 1):
            a = m.assignment(rnd, t)
            assert a is not None
            for b in a.boards:
                board_tables.setdefault(b, []).append((rnd, t, a))
    live = client.get(f"/e/{stored.event}/")
    assert live.status_code == 200 and "No results yet." in live.text
    # round 1 at every table: each board has one result of the four it will have
    for t in range(1, m.tables + 1):
        a = m.assignment(1, t)
        assert a is not None
        for b in a.boards:
            slips.enter(stored.store,
                stored.event,
                make_result(round=1, table=t, board=b, ns=a.ns, ew=a.ew, contract="3NT",
                            declarer="S", result=str(7 + b % 4)),
            )  # fmt: skip
    time.sleep(0.1)  # the live pages look for changes every poll_seconds (0.05 here)
    html = client.get(f"/e/{stored.event}/live").text
    assert 'class="grid ranking"' in html and 'class="grid traveller"' not in html
    assert "8 of 56 results in" in html
    assert SCRIPT_NAME not in html and "&lt;script&gt;" in html


def test_the_event_stream_says_hello(client: TestClient, stored: Stored) -> None:
    with client.stream("GET", f"/e/{stored.event}/events") as answer:
        assert answer.headers["content-type"].startswith("text/event-stream")
        first = next(answer.iter_lines())
        assert first == "retry: 2000"


def test_optional_routers_are_included_when_present(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    app = FastAPI()
    assert include_optional_routers(app, ("bridgedesk.web.not_there",)) == []
    module = types.ModuleType("bridgedesk.web.fake_optional")
    router = APIRouter()

    @router.get("/fake")
    def fake() -> dict[str, bool]:
        return {"ok": True}

    module.router = router  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bridgedesk.web.fake_optional", module)
    assert include_optional_routers(app, ("bridgedesk.web.fake_optional",)) == [
        "bridgedesk.web.fake_optional"
    ]
    assert TestClient(app).get("/fake").json() == {"ok": True}


DEAL = "N:AKQJ.T98.765.432 T987.AKQJ.432.65 6543.765.AKQJ.T9 2.432.T98.AKQJ87"


def test_hand_records_show_after_the_session(client: TestClient, stored: Stored) -> None:
    m = stored.movement
    for b in range(1, 15):
        stored.store.set_deal(stored.event, b, DEAL)
    cells = [(r, t, m.assignment(r, t)) for r in range(1, m.rounds + 1) for t in range(1, 5)]
    *before, last = cells
    for rnd, t, a in before:
        assert a is not None
        for b in a.boards:
            slips.enter(stored.store,
                stored.event,
                make_result(round=rnd, table=t, board=b, ns=a.ns, ew=a.ew, contract="2H",
                            declarer="E", result="="),
            )  # fmt: skip
    html = client.get(f"/e/{stored.event}/live").text
    assert "Hand records" not in html  # two boards are still in play
    rnd, t, a = last
    assert a is not None
    playing = set(a.boards)
    shown = set(map(int, re.findall(r'class="grid traveller" data-board="(\d+)"', html)))
    assert shown == set(range(1, 15)) - playing  # completed boards only
    for b in a.boards:
        slips.enter(stored.store,
            stored.event,
            make_result(round=rnd, table=t, board=b, ns=a.ns, ew=a.ew, contract="2H",
                        declarer="E", result="="),
        )  # fmt: skip
    time.sleep(0.1)  # the live pages look for changes every poll_seconds (0.05 here)
    html = client.get(f"/e/{stored.event}/live").text
    assert "Hand records" in html and html.count('class="hands"') == 14
    # North's spades of the deal, as printed
    assert '<span class="spades">♠</span> AKQJ' in html


def test_the_practice_pages_come_with_the_app(client: TestClient) -> None:
    # bridgedesk.web.practice is one of the app's optional routers
    page = client.get("/practice")
    assert page.status_code == 200 and "<html" in page.text
