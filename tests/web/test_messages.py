"""Refusals in the page's language: real refusals of the store and the rules (the
command line's English one-liners) get a stable code and their Japanese sentence
on Japanese pages; English pages and the command line keep the line as it is."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient

from bridgedesk.errors import BridgedeskError
from bridgedesk.events.correction import corrected
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store import disputes, users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from bridgedesk.web.messages import KNOWN, code_of, refusal
from tests.web.conftest import Stored
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login
from tests.web.test_pages import page_login

_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_codes_are_unique_and_patterns_compile() -> None:
    codes = [k.code for k in KNOWN]
    assert len(codes) == len(set(codes))
    for k in KNOWN:
        re.compile(k.pattern)
        assert _JAPANESE.search(k.ja), k.code


def _refused(run: Callable[[], object]) -> str:
    with pytest.raises(BridgedeskError) as info:
        run()
    return str(info.value)


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
        "board-already-entered": lambda: slips.enter(store, eid, _slip(stored, 1, 1)),
        "contract-needs-declarer": lambda: make_result(
            round=1, table=1, board=1, ns=1, ew=2, contract="4S", result="="
        ),
        "no-such-round": lambda: slips.enter(
            store, eid, make_result(round=99, table=1, board=1, ns=a.ns, ew=a.ew, contract="PASS")
        ),
        "wrong-pairs": lambda: slips.enter(
            store,
            eid,
            make_result(round=1, table=1, board=a.boards[1], ns=5, ew=6, contract="PASS"),
        ),
        "pairs-reversed": lambda: slips.enter(
            store,
            eid,
            make_result(round=1, table=1, board=a.boards[1], ns=a.ew, ew=a.ns, contract="PASS"),
        ),
        "board-not-at-table": lambda: slips.enter(
            store, eid, make_result(round=1, table=1, board=25, ns=a.ns, ew=a.ew, contract="PASS")
        ),
        "correction-changes-nothing": lambda: slips.correct(
            store, eid, first, store.results(eid)[0].result, who="kim", reason="x"
        ),
        "correction-needs-reason": lambda: slips.correct(
            store,
            eid,
            first,
            corrected(store.results(eid)[0].result, result="+1"),
            who="kim",
            reason=" ",
        ),
        "already-disputed": lambda: [
            disputes.raise_dispute(store, eid, first, who="table A1") for _ in range(2)
        ],
        "result-deleted": lambda: (
            slips.delete(store, eid, second, who="kim", reason="entered by mistake"),
            slips.enter(store, eid, _slip(stored, 1, 1, 1)),
        ),
    }
    for code, run in cases.items():
        message = _refused(run)
        assert code_of(message) == code, message
        assert refusal(message, "en").text == message  # English pages: the CLI's line
        ja = refusal(message, "ja")
        assert ja.code == code and _JAPANESE.search(ja.text), ja.text
        assert not re.search(r"\b(?:already|does not|needs|the)\b", ja.text), ja.text
    # the values are carried over: the board, round, table and pairs of the refusal
    message = _refused(cases["board-already-entered"])
    assert refusal(message, "ja").text == (
        f"第1ラウンド テーブル 1 ボード {a.boards[0]}：ボード {a.boards[0]} は第1ラウンドの"
        f"テーブル 1 で入力済みです（NS {a.ns} 対 EW {a.ew}、4S N =）。"
        "入力し直さずに訂正してください"
    )
    message = _refused(cases["board-not-at-table"])
    assert refusal(message, "ja").text.endswith(
        f"第1ラウンドのテーブル 1 のボードは ボード {a.boards[0]}-{a.boards[-1]} です"
        "（25 ではありません）"
    )
    # a line no pattern knows stays in English, without a code
    assert refusal("something new went wrong", "ja") == refusal("something new went wrong", "en")
    assert code_of("something new went wrong") == ""


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
    assert 'data-code="board-already-entered"' in ja.text
    assert f"ボード {a.boards[0]} は第1ラウンドのテーブル 1 で入力済みです" in ja.text
    en = client.post(f"/d/events/{eid}/results?lang=en", data=form)
    assert f"board {a.boards[0]} already has a result at round 1 table 1" in en.text
    assert stored.store.results(eid) == before  # refused: nothing stored
    # a number check of the console's own, and the CSRF refusal page
    bad = client.post(f"/d/events/{eid}/results?lang=ja", data={**form, "round": "x"})
    assert "ラウンドは1以上の整数で入力してください（&#39;x&#39; ではありません）" in bad.text
    forged = client.post(f"/d/events/{eid}/penalty?lang=ja", data={"pair": "1"})
    assert forged.status_code == 403 and "フォームが古いか不正です" in forged.text
    # the JSON API keeps the English line and adds the code
    login = client.post(
        "/api/table/login",
        json={"event": eid, "section": "A", "table": 1, "code": stored.codes[("A", 1)]},
    )
    headers = {"Authorization": f"Bearer {login.json()['token']}", "Idempotency-Key": "k1"}
    body = {"round": 1, "board": a.boards[0], "ns": a.ns, "ew": a.ew, "contract": "3NT",
            "declarer": "S", "result": "="}  # fmt: skip
    answer = client.post("/api/table/results", headers=headers, json=body)
    assert answer.status_code in (409, 422)
    assert answer.json()["code"] == "board-already-entered"
    assert "already has a result" in answer.json()["error"]
    # the table's page in Japanese shows the same refusal in Japanese
    phone = TestClient(client.app)
    csrf = page_login(phone, stored, 1)
    form = {"csrf": csrf, "round": "1", "board": str(a.boards[0]), "level": "3", "strain": "NT",
            "doubled": "", "declarer": "S", "result": "=", "lead": ""}  # fmt: skip
    page = phone.post("/t/preview?lang=ja", data=form)
    assert 'data-code="board-already-entered"' in page.text
    assert f"ボード {a.boards[0]} は第1ラウンドのテーブル 1 で入力済みです" in page.text
