"""Refusals in the page's language: real refusals of the store and the rules carry a
stable code, the field they are about and their values, and a page or the table API
says them from the catalogs (``web/refusals.py``): Japanese on Japanese pages, English
(the command line's line) on English ones."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from urllib.parse import urljoin

import pytest
from fastapi.testclient import TestClient

from bridgedesk.errors import BridgedeskError
from bridgedesk.events.correction import corrected
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store import disputes, users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from bridgedesk.web.refusals import refusal
from tests.web.conftest import Stored
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login
from tests.web.test_pages import page_login

_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _refused(run: Callable[[], object]) -> BridgedeskError:
    with pytest.raises(BridgedeskError) as info:
        run()
    return info.value


def _slip(stored: Stored, rnd: int, table: int, index: int = 0, **kw: str) -> object:
    a = stored.movement.assignment(rnd, table)
    assert a is not None
    values = {"contract": "4S", "declarer": "N", "result": "="}
    values.update(kw)
    return make_result(round=rnd, table=table, board=a.boards[index], ns=a.ns, ew=a.ew, **values)


def test_real_refusals_are_known_and_translated(stored: Stored) -> None:
    store, eid = stored.store, stored.event
    a = stored.movement.assignment(1, 1)
    assert a is not None
    first = slips.enter(store, eid, _slip(stored, 1, 1))  # type: ignore[arg-type]
    second = slips.enter(store, eid, _slip(stored, 1, 1, 1))  # type: ignore[arg-type]
    cases = {
        "result.already-entered": lambda: slips.enter(store, eid, _slip(stored, 1, 1)),
        "result.needs-declarer": lambda: make_result(
            round=1, table=1, board=1, ns=1, ew=2, contract="4S", result="="
        ),
        "result.no-such-round": lambda: slips.enter(
            store, eid, make_result(round=99, table=1, board=1, ns=a.ns, ew=a.ew, contract="PASS")
        ),
        "result.wrong-pairs": lambda: slips.enter(
            store,
            eid,
            make_result(round=1, table=1, board=a.boards[1], ns=5, ew=6, contract="PASS"),
        ),
        "result.pairs-reversed": lambda: slips.enter(
            store,
            eid,
            make_result(round=1, table=1, board=a.boards[1], ns=a.ew, ew=a.ns, contract="PASS"),
        ),
        "result.board-not-at-table": lambda: slips.enter(
            store, eid, make_result(round=1, table=1, board=25, ns=a.ns, ew=a.ew, contract="PASS")
        ),
        "correction.changes-nothing": lambda: slips.correct(
            store, eid, first, store.results(eid)[0].result, who="kim", reason="x"
        ),
        "correction.needs-reason": lambda: slips.correct(
            store,
            eid,
            first,
            corrected(store.results(eid)[0].result, result="+1"),
            who="kim",
            reason=" ",
        ),
        "dispute.already-raised": lambda: [
            disputes.raise_dispute(store, eid, first, who="table A1") for _ in range(2)
        ],
        "result.deleted-undo-instead": lambda: (
            slips.delete(store, eid, second, who="kim", reason="entered by mistake"),
            slips.enter(store, eid, _slip(stored, 1, 1, 1)),
        ),
    }
    for code, run in cases.items():
        error = _refused(run)
        assert error.code == code, error
        assert refusal(error, "en").text == str(error)  # English pages: the CLI's line
        for lang in ("ja", "sv"):
            said = refusal(error, lang)
            assert said.code == code and said.text != str(error), said.text
        ja = refusal(error, "ja")
        assert _JAPANESE.search(ja.text), ja.text
        assert not re.search(r"\b(?:already|does not|needs|the|round|table|board)\b", ja.text)
    # the values are carried over: the board, round, table and pairs of the refusal
    error = _refused(cases["result.already-entered"])
    assert error.params["board"] == a.boards[0] and error.where.round == 1
    assert refusal(error, "ja").text == (
        f"第1ラウンド　テーブル 1　ボード {a.boards[0]}：ボード {a.boards[0]} は第1ラウンドの"
        f"テーブル 1 で入力済みです（第1ラウンド テーブル 1：NS {a.ns} 対 EW {a.ew}、4S N =）。"
        "入力し直さずに訂正してください"
    )
    assert refusal(error, "sv").text.startswith(
        f"rond 1, bord 1, bricka {a.boards[0]}: bricka {a.boards[0]} har redan ett resultat"
    )
    error = _refused(cases["result.board-not-at-table"])
    assert error.where.input == "board"
    assert refusal(error, "ja").text.endswith(
        f"第1ラウンドのテーブル 1 はボード {a.boards[0]}〜{a.boards[-1]}をプレイします"
        "（ボード 25 ではありません）"
    )
    # a line of a page's own (no error) is shown as it is, without a code
    assert refusal("something new went wrong", "ja").text == "something new went wrong"
    assert refusal("something new went wrong", "ja").code == ""


@pytest.fixture
def boss(stored: Stored) -> Iterator[tuple[TestClient, str]]:
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    with TestClient(create_app(store=stored.store, poll_seconds=0.05)) as client:
        yield client, console_login(client, "boss")


def test_japanese_pages_show_japanese_refusals(
    boss: tuple[TestClient, str], stored: Stored
) -> None:
    client, token = boss
    eid = stored.event
    a = stored.movement.assignment(1, 1)
    assert a is not None
    form = {"csrf_token": token, "round": "1", "table": "1", "board": str(a.boards[0]),
            "ns": str(a.ns), "ew": str(a.ew), "contract": "4S", "declarer": "N",
            "result": "="}  # fmt: skip
    assert client.post(f"/d/events/{eid}/results", data=form).status_code == 200
    before = stored.store.results(eid)
    ja = client.post(f"/d/events/{eid}/results?lang=ja", data=form)
    assert ja.status_code == 409  # the place has its result: a conflict at every door
    assert 'data-code="result.already-entered"' in ja.text
    assert f"ボード {a.boards[0]} は第1ラウンドのテーブル 1 で入力済みです" in ja.text
    en = client.post(f"/d/events/{eid}/results?lang=en", data=form)
    assert f"board {a.boards[0]} already has a result at round 1 table 1" in en.text
    assert stored.store.results(eid) == before  # refused: nothing stored
    # a number check of the console's own, and the CSRF refusal page
    bad = client.post(f"/d/events/{eid}/results?lang=ja", data={**form, "round": "x"})
    assert "ラウンドは1以上の整数で入力してください（&#39;x&#39; ではありません）" in bad.text
    assert 'data-code="form.not-a-number"' in bad.text
    # the words the caller puts in are the reader's too (a reason asked for, a file)
    no_reason = client.post(
        f"/d/events/{eid}/penalty?lang=ja",
        data={"csrf_token": token, "pair": "1", "unit": "boards", "amount": "1", "reason": " "},
    )
    assert "ペナルティの理由を入力してください" in no_reason.text
    no_file = client.post(f"/d/events/{eid}/results/import?lang=sv", data={"csrf_token": token})
    assert "välj en CSV-fil med resultat" in no_file.text, no_file.text[-600:]
    client.get(f"/d/events/{eid}/results?lang=en")  # ?lang= is remembered: English again
    forged = client.post(f"/d/events/{eid}/penalty?lang=ja", data={"pair": "1"})
    assert forged.status_code == 403 and "フォームが古いか不正です" in forged.text
    # a page answering a form switches language to a page that answers a GET (its way
    # back, or the form's page), not to ?lang= on the form's own address
    came = {"referer": f"http://testserver/d/events/{eid}/results"}
    for answered in (no_reason, forged, client.post(f"/d/events/{eid}/undo", headers=came)):
        links = re.findall(r'<a href="([^"]*\?lang=\w+)" hx-boost="false"', answered.text)
        assert len(links) == 2, answered.text[-800:]
        asked = [urljoin(str(answered.url), link) for link in links]  # as a browser does
        assert all(client.get(link).status_code == 200 for link in asked), asked
    client.get(f"/d/events/{eid}/results?lang=en")
    # the JSON API: the line in the terminal's language, its code, field and values
    login = client.post(
        "/api/table/login",
        json={"event": eid, "section": "A", "table": 1, "code": stored.codes[("A", 1)]},
    )
    headers = {"Authorization": f"Bearer {login.json()['token']}", "Idempotency-Key": "k1"}
    body = {"round": 1, "board": a.boards[0], "ns": a.ns, "ew": a.ew, "contract": "3NT",
            "declarer": "S", "result": "="}  # fmt: skip
    answer = client.post("/api/table/results?lang=en", headers=headers, json=body)
    assert answer.status_code in (409, 422)
    said = answer.json()
    assert said["code"] == "result.already-entered"
    assert "already has a result" in said["error"]
    assert said["params"]["board"] == a.boards[0] and said["params"]["ns"] == a.ns
    japanese = client.post("/api/table/results?lang=ja", headers=headers, json=body).json()
    assert f"ボード {a.boards[0]} は第1ラウンドのテーブル 1 で入力済みです" in japanese["error"]
    assert japanese["code"] == said["code"] and japanese["params"] == said["params"]
    wrong = client.post(
        "/api/table/login?lang=ja",
        json={"event": eid, "section": "A", "table": 1, "code": "WRONG"},
    ).json()
    assert wrong == {"error": "大会・セクション・テーブル番号かテーブルコードが違います",
                     "code": "table.wrong-code", "field": "code", "params": {}}  # fmt: skip
    # the table's page in Japanese shows the same refusal in Japanese
    phone = TestClient(client.app)
    csrf = page_login(phone, stored, 1)
    form = {"csrf": csrf, "round": "1", "board": str(a.boards[0]), "level": "3", "strain": "NT",
            "doubled": "", "declarer": "S", "result": "=", "lead": ""}  # fmt: skip
    page = phone.post("/t/preview?lang=ja", data=form)
    assert 'data-code="result.already-entered"' in page.text
    assert f"ボード {a.boards[0]} は第1ラウンドのテーブル 1 で入力済みです" in page.text
