"""The director's console (``/d/``): accounts, roles, CSRF, cookies, the rate limit,
escaping, and a session run through its pages (TestClient, SQLite)."""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.store import director, terminals, users
from bridgedesk.store.ledger import open_ledger
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import SCRIPT_NAME, Stored

PASSWORD = "correct horse battery"


@pytest.fixture
def app_client(stored: Stored) -> Iterator[TestClient]:
    for name, role in (("boss", Role.DIRECTOR), ("kim", Role.SCORER), ("vic", Role.VIEWER)):
        users.add_user(stored.store, name, role, PASSWORD)
    app = create_app(store=stored.store, login_limit=3, poll_seconds=0.05)
    with TestClient(app) as c:
        yield c


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found is not None, html
    return found.group(1)


def log_in(client: TestClient, name: str, password: str = PASSWORD) -> str:
    """Log in; the session's CSRF token (from the events page)."""
    page = client.get("/d/login")
    answer = client.post(
        "/d/login",
        data={"username": name, "password": password, "csrf_token": csrf_of(page.text)},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    return csrf_of(client.get("/d/").text) if name == "boss" else _token(client)


def _token(client: TestClient) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/d/").text)
    assert found is not None
    return found.group(1)


def test_pages_need_a_login(app_client: TestClient, stored: Stored) -> None:
    for path in ("/d/", f"/d/events/{stored.event}", f"/d/events/{stored.event}/grid"):
        answer = app_client.get(path, follow_redirects=False)
        assert answer.status_code == 303
        assert answer.headers["location"].startswith("/d/login?next=")
    answer = app_client.get("/d/events/1/grid/cells", headers={"HX-Request": "true"})
    assert answer.status_code == 401 and answer.headers["HX-Redirect"].startswith("/d/login")
    # a write without a session changes nothing and goes to the login page
    before = stored.store.events()
    answer = app_client.post("/d/events", data={"name": "x"}, follow_redirects=False)
    assert answer.status_code == 303 and stored.store.events() == before


def test_login_sets_a_safe_cookie_and_goes_where_asked(app_client: TestClient) -> None:
    page = app_client.get("/d/login?next=/d/events/1/grid")
    assert 'name="username"' in page.text and 'name="password"' in page.text
    answer = app_client.post(
        "/d/login",
        data={
            "username": "boss",
            "password": PASSWORD,
            "csrf_token": csrf_of(page.text),
            "next": "/d/events/1/grid",
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303 and answer.headers["location"] == "/d/events/1/grid"
    cookie = next(h for h in answer.headers.get_list("set-cookie") if h.startswith("bd_console="))
    flags = {part.strip().lower() for part in cookie.split(";")}
    assert "httponly" in flags and "samesite=lax" in flags and "path=/d" in flags
    assert "secure" not in flags  # plain http in the test: Secure would lose the cookie


def test_cookie_is_secure_behind_https(stored: Stored) -> None:
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    app = create_app(store=stored.store, secure_cookies=True)
    with TestClient(app, base_url="https://testserver") as client:
        page = client.get("/d/login")
        answer = client.post(
            "/d/login",
            data={"username": "boss", "password": PASSWORD, "csrf_token": csrf_of(page.text)},
            follow_redirects=False,
        )
    cookie = next(h for h in answer.headers.get_list("set-cookie") if "bd_console=" in h)
    assert "secure" in {p.strip().lower() for p in cookie.split(";")}


def test_login_form_needs_its_csrf_token(app_client: TestClient) -> None:
    app_client.get("/d/login")
    answer = app_client.post(
        "/d/login", data={"username": "boss", "password": PASSWORD}, follow_redirects=False
    )
    assert answer.status_code == 403 and "CSRF" in answer.text
    assert "bd_console=" not in answer.headers.get("set-cookie", "")


def test_wrong_password_is_refused_and_logins_are_rate_limited(app_client: TestClient) -> None:
    page = app_client.get("/d/login")
    token = csrf_of(page.text)
    for _ in range(3):
        answer = app_client.post(
            "/d/login", data={"username": "boss", "password": "nope-nope", "csrf_token": token}
        )
        assert answer.status_code == 401
        assert "wrong user name or password" in answer.text
    answer = app_client.post(
        "/d/login", data={"username": "boss", "password": PASSWORD, "csrf_token": token}
    )
    assert answer.status_code == 429
    assert "too many failed console logins" in answer.text


def test_a_post_without_the_csrf_token_is_refused(app_client: TestClient, stored: Stored) -> None:
    log_in(app_client, "boss")
    before = stored.store.events()
    answer = app_client.post("/d/events", data={"name": "Forged", "date": "2026-11-25"})
    assert answer.status_code == 403 and "CSRF" in answer.text
    answer = app_client.post(
        "/d/events", data={"name": "Forged", "date": "2026-11-25", "csrf_token": "guess"}
    )
    assert answer.status_code == 403
    assert stored.store.events() == before


def test_roles(app_client: TestClient, stored: Stored) -> None:
    eid = stored.event
    token = log_in(app_client, "vic")
    assert app_client.get(f"/d/events/{eid}/results").status_code == 200
    answer = app_client.post(
        f"/d/events/{eid}/results",
        data={"csrf_token": token, "round": "1", "table": "1", "board": "1", "ns": "8",
              "ew": "1", "contract": "3NT", "declarer": "N", "result": "="},
    )  # fmt: skip
    assert answer.status_code == 403 and "vic is a viewer: this needs a scorer" in answer.text
    assert stored.store.results(eid) == []
    app_client.cookies.clear()
    token = log_in(app_client, "kim")
    a = stored.movement.assignment(1, 1)
    assert a is not None
    answer = app_client.post(
        f"/d/events/{eid}/results",
        data={"csrf_token": token, "round": "1", "table": "1", "board": str(a.boards[0]),
              "ns": str(a.ns), "ew": str(a.ew), "contract": "3NT", "declarer": "N",
              "result": "="},
    )  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert [r.entered_by for r in stored.store.results(eid)] == ["kim"]
    answer = app_client.post(
        f"/d/events/{eid}/rounds", data={"csrf_token": token, "round": "1", "action": "close"}
    )
    assert answer.status_code == 403 and "needs a director" in answer.text
    answer = app_client.post("/d/events", data={"csrf_token": token, "name": "Mine"})
    assert answer.status_code == 403 and len(stored.store.events()) == 1


def test_names_are_escaped(app_client: TestClient, stored: Stored) -> None:
    token = log_in(app_client, "boss")
    page = app_client.get(f"/d/events/{stored.event}")
    assert SCRIPT_NAME not in page.text
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in page.text
    # an event and a user named as markup
    answer = app_client.post(
        "/d/events", data={"csrf_token": token, "name": "<b>Tue</b>", "date": "2026-11-24"}
    )
    assert answer.status_code == 200
    assert "<b>Tue</b>" not in answer.text and "&lt;b&gt;Tue&lt;/b&gt;" in answer.text
    # a refused name comes back escaped beside the field
    answer = app_client.post(
        f"/d/events/{stored.event}/entries",
        data={"csrf_token": token, "number": "<i>x</i>", "names": SCRIPT_NAME},
    )
    assert answer.status_code == 422 and "<i>x</i>" not in answer.text
    assert SCRIPT_NAME not in answer.text


def test_a_refusal_is_shown_beside_its_form_and_changes_nothing(
    app_client: TestClient, stored: Stored
) -> None:
    token = log_in(app_client, "boss")
    eid = stored.event
    answer = app_client.post(
        f"/d/events/{eid}/results",
        data={"csrf_token": token, "round": "1", "table": "1", "board": "1", "ns": "8",
              "ew": "1", "contract": "8NT", "declarer": "N", "result": "="},
    )  # fmt: skip
    assert answer.status_code == 422
    beside = r'<form[^>]*id="enter-result".*class="error" role="alert">[^<]*8NT'
    assert re.search(beside, answer.text, re.S)
    assert 'value="8NT"' in answer.text  # what was typed stays
    assert stored.store.results(eid) == []


def test_a_weekly_game_through_the_console(
    app_client: TestClient, stored: Stored, capsys: pytest.CaptureFixture[str]
) -> None:
    """Create an event, import entries, take the recommended movement, enter every
    result of round 1, correct one with a reason, penalise a pair, download the set."""
    token = log_in(app_client, "boss")
    answer = app_client.post(
        "/d/events",
        data={"csrf_token": token, "name": "Tuesday game", "date": "2026-11-24",
              "rating": "weekly", "class": "3", "scoring": "mp", "sessions": "1",
              "sections": "A"},
    )  # fmt: skip
    assert answer.status_code == 200 and "Tuesday game" in answer.text
    eid = max(e.id for e in stored.store.events())
    csv = "pair,player1,member1,player2,member2\n" + "".join(
        f"{n},East{n},{100 + n},West{n},{200 + n}\n" for n in range(1, 9)
    )
    answer = app_client.post(
        f"/d/events/{eid}/entries/import",
        data={"csrf_token": token},
        files={"file": ("entries.csv", csv.encode(), "text/csv")},
    )
    assert answer.status_code == 200 and "West8" in answer.text
    assert len(stored.store.entries(eid)) == 8
    page = app_client.get(f"/d/events/{eid}/movement")
    assert "8 pairs on 4 tables" in page.text
    answer = app_client.post(f"/d/events/{eid}/movement", data={"csrf_token": token})
    assert answer.status_code == 200, answer.text
    # the JCBL weekly list's first buildable row for 8 pairs (004:3048-3066)
    assert "Movement set: short-howell 4 tables, 6 rounds x 3 boards" in answer.text
    movement = stored.store.movement(eid)
    assert movement is not None
    assert "<table" in app_client.get(f"/d/events/{eid}/movement/cards").text
    cards = app_client.get(f"/d/events/{eid}/tables/cards")
    assert cards.status_code == 200 and cards.text.count("<svg") == 4
    for code in terminals.table_codes(stored.store, eid):
        assert f'<div class="code">{code.code}</div>' in cards.text
    grid = app_client.get(f"/d/events/{eid}/grid/cells")
    assert grid.text.count('<td class="cell waiting"') == 4
    for table in range(1, 5):
        a = movement.assignment(1, table)
        assert a is not None
        for board in a.boards:
            answer = app_client.post(
                f"/d/events/{eid}/results",
                data={"csrf_token": token, "round": "1", "table": str(table),
                      "board": str(board), "ns": str(a.ns), "ew": str(a.ew),
                      "contract": "4S", "declarer": "S", "result": "=" if table % 2 else "-1"},
            )  # fmt: skip
            assert answer.status_code == 200, answer.text
    grid = app_client.get(f"/d/events/{eid}/grid/cells")
    assert grid.text.count('<td class="cell entered"') == 4
    first = stored.store.results(eid)[0]
    answer = app_client.post(
        f"/d/events/{eid}/results/{first.id}/correct",
        data={"csrf_token": token, "contract": "4S", "declarer": "S", "result": "+1",
              "reason": "NS made eleven tricks"},
    )  # fmt: skip
    assert answer.status_code == 200 and "4S S +1" in answer.text
    history = app_client.get(f"/d/events/{eid}/history?board={first.result.board}")
    assert "NS made eleven tricks" in history.text and "boss" in history.text
    answer = app_client.post(
        f"/d/events/{eid}/penalty",
        data={"csrf_token": token, "pair": "3", "amount": "0.5", "unit": "boards",
              "reason": "slow play"},
    )  # fmt: skip
    assert answer.status_code == 200 and "slow play" in answer.text
    publish = app_client.get(f"/d/events/{eid}/publish")
    assert "12 of 72 slips in" in publish.text  # 4 tables x 6 rounds x 3 boards
    assert publish.text.count("<li><a href") == 20 and "… and 40 more" in publish.text
    download = app_client.get(f"/d/events/{eid}/publish/reports.zip")
    assert download.headers["content-type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(download.content)).namelist()
    assert {"index.html", "ranking.html", "ranking.csv", "results.usebio.xml"} <= set(names)

    # the masterpoints: shown, then recorded in the ledger as the command line awards them
    assert 'id="awards"' in publish.text
    answer = app_client.post(
        f"/d/events/{eid}/masterpoints", data={"csrf_token": token, "reason": "Tuesday game"}
    )
    assert answer.status_code == 200 and "recorded" in answer.text
    db = str(stored.store.engine.url.database)
    code = main(
        ["masterpoints", "award", "--from-event", str(eid), "--db", db, "--json", "--rules", "jcbl"]
    )
    assert code == 0, capsys.readouterr().err
    expected = sorted(
        (a["member"], Decimal(a["points"])) for a in json.loads(capsys.readouterr().out)
    )
    with open_ledger(stored.store, write=False) as book:
        held = [*book.repository.awards(), *book.repository.pending()]
    assert sorted((e.member, e.points) for e in held) == expected and expected


def _cell_states(client: TestClient, eid: int) -> dict[tuple[int, int], str]:
    html = client.get(f"/d/events/{eid}/grid/cells").text
    found = re.findall(r'<td class="cell (\w+)" data-round="(\d+)" data-table="(\d+)"', html)
    return {(int(r), int(t)): state for state, r, t in found}


def test_the_grid_shows_late_tables_and_a_fouled_board_is_ruled(
    app_client: TestClient, stored: Stored
) -> None:
    """Table 1 plays on to round 2 while the others have not finished round 1: their
    round-1 cells are late.  Then a fouled board and a board not played are ruled."""
    token = log_in(app_client, "boss")
    eid, m = stored.event, stored.movement

    def enter(rnd: int, table: int) -> None:
        a = m.assignment(rnd, table)
        assert a is not None
        for board in a.boards:
            answer = app_client.post(
                f"/d/events/{eid}/results",
                data={"csrf_token": token, "round": str(rnd), "table": str(table),
                      "board": str(board), "ns": str(a.ns), "ew": str(a.ew),
                      "contract": "2H", "declarer": "E", "result": "="},
            )  # fmt: skip
            assert answer.status_code == 200, answer.text

    enter(1, 1)
    states = _cell_states(app_client, eid)
    assert states[(1, 1)] == "entered" and states[(2, 1)] == "waiting"
    assert states[(1, 2)] == "late" and states[(2, 2)] == "later"
    enter(1, 2)
    assert _cell_states(app_client, eid)[(1, 2)] == "entered"
    # a cell opens its results (and the form for its round and table)
    cell = app_client.get(f"/d/events/{eid}/results?round=1&table=2").text
    listed = re.findall(r'href="/d/events/\d+/history\?[^"]*board=(\d+)"', cell)
    a2 = m.assignment(1, 2)
    assert a2 is not None and sorted(map(int, listed)) == sorted(a2.boards)

    a1 = m.assignment(1, 1)
    assert a1 is not None
    board = a1.boards[0]
    answer = app_client.post(
        f"/d/events/{eid}/fouled",
        data={"csrf_token": token, "board": str(board), "at": "1:1", "group": "2",
              "reason": "E and W hands swapped"},
    )  # fmt: skip
    assert answer.status_code == 200 and f"board {board} group 2: round 1 table 1" in answer.text
    answer = app_client.post(
        f"/d/events/{eid}/not-played",
        data={"csrf_token": token, "round": "1", "table": "3", "board": "99", "reason": "x"},
    )
    assert answer.status_code == 422  # the command line's refusal, beside the form
    assert re.search(r'id="not-played".*class="error" role="alert">[^<]*99', answer.text, re.S)
    a3 = m.assignment(1, 3)
    assert a3 is not None
    answer = app_client.post(
        f"/d/events/{eid}/not-played",
        data={"csrf_token": token, "round": "1", "table": "3", "board": str(a3.boards[0]),
              "reason": "out of time"},
    )  # fmt: skip
    assert answer.status_code == 200 and "not played at round 1 table 3" in answer.text
    lines = director.ruling_lines(stored.store, eid)
    assert len(lines) == 2
    answer = app_client.post(
        f"/d/events/{eid}/rulings/cancel",
        data={"csrf_token": token, "ruling": str(lines[1][0]), "reason": "they finished"},
    )
    assert answer.status_code == 200 and len(director.ruling_lines(stored.store, eid)) == 1


def test_an_unknown_event_is_404(app_client: TestClient) -> None:
    log_in(app_client, "vic")
    answer = app_client.get("/d/events/999/grid")
    assert answer.status_code == 404 and "no event with id 999" in answer.text


def test_deals_imported_dealt_downloaded_and_printed(
    app_client: TestClient, stored: Stored, tmp_path: Path
) -> None:
    from bridgedesk.bridge import Seat
    from bridgedesk.deals.analysis import BoardRecord
    from bridgedesk.deals.generate import generate
    from bridgedesk.formats import dealfile

    token = log_in(app_client, "boss")
    eid = stored.event
    made = generate(4, 1, seed=15)
    source = tmp_path / "set.pbn"
    dealfile.dump([BoardRecord(d) for d in made], source)
    answer = app_client.post(
        f"/d/events/{eid}/deals",
        data={"csrf_token": token},
        files={"file": ("set.pbn", source.read_bytes(), "application/octet-stream")},
    )
    assert answer.status_code == 200 and "4 deals attached (boards 1-4)" in answer.text
    assert stored.store.deals(eid) == {d.board: d.pbn(Seat.N) for d in made}
    # a file that is no deal file: refused beside the form, nothing stored
    answer = app_client.post(
        f"/d/events/{eid}/deals",
        data={"csrf_token": token},
        files={"file": ("notes.txt", b"hello", "text/plain")},
    )
    assert answer.status_code == 422 and "use a .pbn or .hnd file name" in answer.text
    assert len(stored.store.deals(eid)) == 4
    # deal the boards the movement plays (8 pairs: a Howell of 14 boards)
    answer = app_client.post(
        f"/d/events/{eid}/deals/generate", data={"csrf_token": token, "boards": "14"}
    )
    assert answer.status_code == 200 and "14 boards dealt (boards 1-14)" in answer.text
    deals = stored.store.deals(eid)
    assert sorted(deals) == list(range(1, 15))
    download = app_client.get(f"/d/events/{eid}/deals.pbn")
    back = tmp_path / "back.pbn"
    back.write_bytes(download.content)
    assert {r.deal.board: r.deal.pbn(Seat.N) for r in dealfile.load(back)} == deals
    printed = app_client.get(f"/d/events/{eid}/deals/hand-records")
    assert printed.status_code == 200 and printed.text.count('class="board') >= 14


def test_a_results_csv_is_imported_all_or_nothing(app_client: TestClient, stored: Stored) -> None:
    from bridgedesk.events.entry import make_result
    from bridgedesk.formats import results_csv

    token = log_in(app_client, "kim")  # a scorer may import results
    eid, m = stored.event, stored.movement
    slips = []
    for table in (1, 2):
        a = m.assignment(1, table)
        assert a is not None
        for b in a.boards:
            slips.append(
                make_result(
                    round=1,
                    table=table,
                    board=b,
                    ns=a.ns,
                    ew=a.ew,
                    contract="1NT",
                    declarer="S",
                    result="+1",
                )
            )
    good = results_csv.dumps(slips).encode()
    bad = good + b"1,3,1,8,1,9NT,S,=\n"

    def send(data: bytes) -> Any:
        return app_client.post(
            f"/d/events/{eid}/results/import",
            data={"csrf_token": token},
            files={"file": ("slips.csv", data, "text/csv")},
        )

    answer = send(bad)
    assert answer.status_code == 422 and "slips.csv" in answer.text
    assert re.search(r'id="import-results".*class="error" role="alert">', answer.text, re.S)
    assert stored.store.results(eid) == []
    answer = send(good)
    assert answer.status_code == 200
    assert f"imported {len(slips)} result(s) from slips.csv; 0 already stored" in answer.text
    assert "0 result(s) from slips.csv; 4 already stored" in send(good).text
    assert len(stored.store.results(eid)) == len(slips) == 4


def test_the_correction_deadline(app_client: TestClient, stored: Stored) -> None:
    import datetime as dt

    token = log_in(app_client, "boss")
    eid = stored.event
    url = f"/d/events/{eid}/deadline"
    answer = app_client.post(url, data={"csrf_token": token, "deadline": "tomorrow"})
    assert answer.status_code == 422 and "bad date and time &#39;tomorrow&#39;" in answer.text
    assert stored.store.event(eid).event.correction_deadline is None
    answer = app_client.post(url, data={"csrf_token": token, "deadline": "2026-11-24T22:00+09:00"})
    assert answer.status_code == 200 and 'value="2026-11-24T13:00+00:00"' in answer.text
    assert stored.store.event(eid).event.correction_deadline == dt.datetime(2026, 11, 24, 13, 0)
    app_client.post(url, data={"csrf_token": token, "deadline": ""})
    assert stored.store.event(eid).event.correction_deadline is None
