"""Disputed results: a table calls the director about a result it entered; the grid shows
the cell as disputed (colour and word); the director confirms or corrects it with a
reason, which clears the flag.  Refusals change nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from bridgedesk.errors import ConflictError, EntryError, ForbiddenError
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.services.rulings import rule_on_dispute
from bridgedesk.store import disputes, users
from bridgedesk.store.models import DirectorAuditRow, DisputeRow
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import SCRIPT_NAME, Stored, login
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login
from tests.web.test_pages import page_login


@pytest.fixture
def clients(stored: Stored) -> Iterator[tuple[TestClient, TestClient, TestClient]]:
    """The director's browser, a scorer's browser and table 1's phone on one app."""
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    users.add_user(stored.store, "kim", Role.SCORER, PASSWORD)
    app = create_app(store=stored.store, login_limit=5, poll_seconds=0.05)
    with TestClient(app) as boss, TestClient(app) as kim, TestClient(app) as phone:
        yield boss, kim, phone


def _enter_round_one(stored: Stored, table: int, first: int = 0, count: int = 2) -> list[int]:
    a = stored.movement.assignment(1, table)
    assert a is not None
    ids = []
    for board in a.boards[first : first + count]:
        result = make_result(
            round=1, table=table, board=board, ns=a.ns, ew=a.ew,
            contract="4S", declarer="N", result="=",
        )  # fmt: skip
        ids.append(slips.enter(stored.store, stored.event, result, who=f"table A{table}"))
    return ids


def _rows(stored: Stored, model: type) -> list:
    with stored.store.transaction(write=False) as s:
        return list(s.query(model).all())


def test_raise_and_resolve_in_the_store(stored: Stored) -> None:
    first, second = _enter_round_one(stored, 1)
    did = disputes.raise_dispute(
        stored.store, stored.event, first, who="table A1", note="10 tricks"
    )
    [d] = disputes.open_disputes(stored.store, stored.event)
    assert (d.id, d.result_id, d.round, d.table, d.raised_by, d.note) == (
        did,
        first,
        1,
        1,
        "table A1",
        "10 tricks",
    )
    # the same result again: refused (409), nothing added
    with pytest.raises(ConflictError, match="already disputed"):
        disputes.raise_dispute(stored.store, stored.event, first, who="table A1")
    # another table's result, at a table: refused (403)
    other = _enter_round_one(stored, 2)[0]
    with pytest.raises(ForbiddenError):
        disputes.raise_dispute(
            stored.store, stored.event, other, who="table A1", section_id=-1, table=1
        )
    assert len(_rows(stored, DisputeRow)) == 1
    # a ruling needs a reason; a refused correction leaves the dispute open and the result
    with pytest.raises(EntryError, match="reason"):
        rule_on_dispute(stored.store, stored.event, did, who="boss", reason=" ")
    before = stored.store.results(stored.event)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    clash = make_result(
        round=1, table=1, board=a.boards[1], ns=a.ns, ew=a.ew, contract="3NT",
        declarer="S", result="=",
    )  # fmt: skip
    with pytest.raises(EntryError):  # board of the other result: already has one
        rule_on_dispute(stored.store, stored.event, did, who="boss", reason="x", new=clash)
    assert stored.store.results(stored.event) == before
    assert disputes.open_disputes(stored.store, stored.event)[0].id == did
    # corrected: the result changes, audited as the director's correction; the flag clears
    fixed = make_result(
        round=1, table=1, board=a.boards[0], ns=a.ns, ew=a.ew, contract="4S",
        declarer="N", result="-1",
    )  # fmt: skip
    cid = rule_on_dispute(
        stored.store, stored.event, did, who="boss", reason="nine tricks", new=fixed
    )
    assert cid is not None
    assert disputes.open_disputes(stored.store, stored.event) == []
    [done] = disputes.disputes(stored.store, stored.event)
    assert (done.resolution, done.resolved_by, done.correction_id) == ("corrected", "boss", cid)
    now = {r.id: r.result for r in stored.store.results(stored.event)}
    assert now[first] == fixed and now[second].result_text == "4S N ="
    history = stored.store.board_history(stored.event, a.boards[0])
    assert history[0].corrections[-1].reason == f"dispute {did}: nine tricks"
    assert history[0].corrections[-1].director
    # resolved once only
    with pytest.raises(ConflictError, match="already corrected"):
        rule_on_dispute(stored.store, stored.event, did, who="boss", reason="again")
    actions = [r.action for r in _rows(stored, DirectorAuditRow)]
    assert actions == ["dispute", "dispute-corrected"]


def test_a_table_disputes_from_its_page_and_the_director_confirms(
    clients: tuple[TestClient, TestClient, TestClient], stored: Stored
) -> None:
    boss, kim, phone = clients
    eid = stored.event
    ids = _enter_round_one(stored, 1, count=1)
    csrf = page_login(phone, stored, 1)
    page = phone.get("/t/table").text
    assert f'action="/t/dispute/{ids[0]}"' in page  # the round's entered results
    # without the table's CSRF token: refused, nothing stored
    answer = phone.post(f"/t/dispute/{ids[0]}", data={"note": "x"}, follow_redirects=False)
    assert answer.status_code == 403 and not _rows(stored, DisputeRow)
    # the call, with a note that is markup: stored, shown as text everywhere
    answer = phone.post(
        f"/t/dispute/{ids[0]}", data={"csrf": csrf, "note": SCRIPT_NAME}, follow_redirects=False
    )
    assert answer.status_code == 303
    page = phone.get("/t/table").text
    assert "Disputed: the director is called" in page
    assert f'action="/t/dispute/{ids[0]}"' not in page
    # a result of a round the table has left: from the board's traveller
    a = stored.movement.assignment(1, 1)
    assert a is not None
    ids += _enter_round_one(stored, 1, first=1)
    assert f'action="/t/dispute/{ids[1]}"' in phone.get(f"/t/traveller/{a.boards[1]}").text
    assert "the director is called" in phone.get(f"/t/traveller/{a.boards[0]}").text
    # twice: refused
    again = phone.post(f"/t/dispute/{ids[0]}", data={"csrf": csrf}, follow_redirects=False)
    assert again.status_code == 409 and len(_rows(stored, DisputeRow)) == 1

    # the director's grid: the cell is disputed, with the word beside the colour
    token = console_login(boss, "boss")
    cells = boss.get(f"/d/events/{eid}/grid/cells").text
    assert '<td class="cell disputed" data-round="1" data-table="1">' in cells
    assert "⚑ disputed</span>" in cells
    ja = boss.get(f"/d/events/{eid}/grid/cells?lang=ja").text
    assert "⚑ 異議あり</span>" in ja
    # the results page lists it; the note is escaped
    page = boss.get(f"/d/events/{eid}/results").text
    assert 'id="disputes"' in page and "disputed by table A1" in page
    assert SCRIPT_NAME not in page and "&lt;script&gt;" in page
    [d] = disputes.open_disputes(stored.store, eid)
    # a scorer may not rule: 403, nothing changed
    kim_token = console_login(kim, "kim")
    answer = kim.post(
        f"/d/events/{eid}/disputes/confirm",
        data={"csrf_token": kim_token, "dispute": str(d.id), "reason": "ok"},
    )
    assert answer.status_code == 403 and disputes.open_disputes(stored.store, eid)
    # no reason: refused beside the form
    answer = boss.post(
        f"/d/events/{eid}/disputes/confirm",
        data={"csrf_token": token, "dispute": str(d.id), "reason": ""},
    )
    assert answer.status_code == 422 and "give the reason" in answer.text
    assert disputes.open_disputes(stored.store, eid)
    # confirmed: the flag clears, the result is as entered
    before = stored.store.results(eid)
    answer = boss.post(
        f"/d/events/{eid}/disputes/confirm",
        data={"csrf_token": token, "dispute": str(d.id), "reason": "the table agreed"},
    )
    assert answer.status_code == 200 and "confirmed as entered" in answer.text
    assert stored.store.results(eid) == before
    assert not disputes.open_disputes(stored.store, eid)
    cells = boss.get(f"/d/events/{eid}/grid/cells").text
    assert '<td class="cell entered" data-round="1" data-table="1">' in cells
    assert "Disputed: the director is called" not in phone.get("/t/table").text


def test_the_director_corrects_a_disputed_result(
    clients: tuple[TestClient, TestClient, TestClient], stored: Stored
) -> None:
    boss, kim, phone = clients
    eid = stored.event
    ids = _enter_round_one(stored, 1)
    headers = login(phone, stored, 1)
    answer = phone.post(f"/api/table/results/{ids[1]}/dispute", headers=headers, json={})
    assert answer.status_code == 201, answer.text
    did = answer.json()["dispute"]
    # the table API refuses another table's result (403) and a second call (409)
    other = _enter_round_one(stored, 2)[0]
    assert phone.post(f"/api/table/results/{other}/dispute", headers=headers).status_code == 403
    assert phone.post(f"/api/table/results/{ids[1]}/dispute", headers=headers).status_code == 409

    token = console_login(boss, "boss")
    page = boss.get(f"/d/events/{eid}/results/{ids[1]}/correct").text
    assert 'id="dispute"' in page and f'name="dispute" value="{did}"' in page
    # a scorer's correction page shows the dispute but cannot rule on it
    kim_token = console_login(kim, "kim")
    assert 'name="dispute"' not in kim.get(f"/d/events/{eid}/results/{ids[1]}/correct").text
    answer = kim.post(
        f"/d/events/{eid}/results/{ids[1]}/correct",
        data={"csrf_token": kim_token, "dispute": str(did), "contract": "4S",
              "declarer": "N", "result": "+1", "reason": "r"},
    )  # fmt: skip
    assert answer.status_code == 403 and disputes.open_disputes(stored.store, eid)
    answer = boss.post(
        f"/d/events/{eid}/results/{ids[1]}/correct",
        data={"csrf_token": token, "dispute": str(did), "contract": "4S", "declarer": "N",
              "result": "+1", "reason": "eleven tricks, agreed"},
    )  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert re.search(rf"dispute {did} resolved", answer.text)
    assert not disputes.open_disputes(stored.store, eid)
    now = {r.id: r.result for r in stored.store.results(eid)}
    assert now[ids[1]].result_text == "4S N +1"
