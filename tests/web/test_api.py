"""The table JSON API: every status code of issue 14, on SQLite (and PostgreSQL)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgedesk.cli import main
from bridgedesk.errors import BridgedeskError, ConflictError
from bridgedesk.services import slips
from bridgedesk.services.visibility import release, strip_members
from bridgedesk.store import terminals
from bridgedesk.web.table_body import table_slip
from tests.web.conftest import SCRIPT_NAME, Stored, login, make_event, stored_event


@pytest.fixture
def stored(any_db: str) -> Iterator[Stored]:
    """Every test here runs on SQLite and on PostgreSQL."""
    s = stored_event(any_db)
    yield s
    s.store.close()


def slip(stored: Stored, rnd: int, table: int, board: int | None = None, **kw: object) -> dict:
    a = stored.movement.assignment(rnd, table)
    assert a is not None
    body: dict[str, object] = {
        "round": rnd,
        "board": a.boards[0] if board is None else board,
        "ns": a.ns,
        "ew": a.ew,
        "contract": "4S",
        "declarer": "N",
        "result": "=",
    }
    body.update(kw)
    return body


def post(client: TestClient, auth: dict[str, str], body: dict, key: str | None = None):  # type: ignore[no-untyped-def]
    headers = dict(auth)
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post("/api/table/results", json=body, headers=headers)


def test_login_gives_a_token_and_the_state(client: TestClient, stored: Stored) -> None:
    auth = login(client, stored, 2)
    state = client.get("/api/table/state", headers=auth).json()
    a = stored.movement.assignment(1, 2)
    assert a is not None
    assert state["event"] == stored.event and state["section"] == "A" and state["table"] == 2
    assert (state["round"], state["ns"], state["ew"]) == (1, a.ns, a.ew)
    assert state["boards"] == list(a.boards) and state["entered"] == []
    assert state["status"] == "playing"
    # the names as entered (JSON is not HTML: no escaping here)
    names = state["names"]
    assert names[str(a.ns)].startswith("North") or names[str(a.ns)].startswith(SCRIPT_NAME)


def test_wrong_code_and_codes_of_another_event_are_refused(
    client: TestClient, stored: Stored
) -> None:
    other = make_event(stored.store, 8)
    codes = {c.table: c.code for c in terminals.table_codes(stored.store, other)}
    wrong = {"event": stored.event, "section": "A", "table": 1, "code": "AAAAAA"}
    assert client.post("/api/table/login", json=wrong).status_code == 401
    # table 1's code of the other event does not open this event's table 1
    if codes[1] != stored.codes[("A", 1)]:
        crossed = {**wrong, "code": codes[1]}
        assert client.post("/api/table/login", json=crossed).status_code == 401
    bad = client.post("/api/table/login", json={"event": "x", "table": 1, "code": "A"})
    assert bad.status_code == 422
    assert bad.json()["error"] == "event is a whole number from 1 to 9223372036854775807, not 'x'"
    assert (bad.json()["code"], bad.json()["field"]) == ("request.number-range", "event")


def test_logins_are_rate_limited(client: TestClient, stored: Stored) -> None:
    wrong = {"event": stored.event, "section": "A", "table": 1, "code": "WRONG1"}
    codes = [client.post("/api/table/login", json=wrong).status_code for _ in range(6)]
    assert codes == [401] * 5 + [429]
    right = {**wrong, "code": stored.codes[("A", 1)]}
    limited = client.post("/api/table/login", json=right)
    assert limited.status_code == 429 and "try again" in limited.json()["error"]


def test_no_token_a_bad_token_and_a_revoked_token_get_401(
    client: TestClient, stored: Stored
) -> None:
    assert client.get("/api/table/state").status_code == 401
    bad = {"Authorization": "Bearer nonsense"}
    assert client.get("/api/table/state", headers=bad).status_code == 401
    auth = login(client, stored, 1)
    assert client.get("/api/table/state", headers=auth).status_code == 200
    terminals.table_codes(stored.store, stored.event, revoke=True)
    assert client.get("/api/table/state", headers=auth).status_code == 401
    answer = post(client, auth, slip(stored, 1, 1))
    assert answer.status_code == 401
    assert stored.store.results(stored.event) == []  # never a silent write


def test_a_result_is_stored_once_whatever_the_retries(client: TestClient, stored: Stored) -> None:
    auth = login(client, stored, 1)
    body = slip(stored, 1, 1, contract="4SX", declarer="S", result="-2", lead="SA")
    first = post(client, auth, body, key="k-1")
    assert first.status_code == 201
    again = post(client, auth, body, key="k-1")
    assert again.status_code == 201 and again.json() == first.json()
    [stored_result] = stored.store.results(stored.event)
    assert stored_result.id == first.json()["id"]
    # 4SX -2 not vulnerable on board 1 (none vul): 300 to EW
    assert stored_result.result.ns_score == -300 and stored_result.result.lead == "SA"
    assert stored_result.entered_by == "table A1"
    # the same board and pairs under another key: a conflict, not a second result
    other = post(client, auth, body, key="k-2")
    assert other.status_code == 409
    assert "already has a result" in other.json()["error"]
    # the same key for another request: refused, nothing stored
    reused = post(client, auth, slip(stored, 1, 1, board=2), key="k-1")
    assert reused.status_code == 422 and "Idempotency-Key" in reused.json()["error"]
    assert len(stored.store.results(stored.event)) == 1


def test_bad_input_gives_422_with_one_line(client: TestClient, stored: Stored) -> None:
    auth = login(client, stored, 1)
    for body, words in [
        (slip(stored, 1, 1, contract="8S"), "8S"),
        (slip(stored, 1, 1, declarer=None), "needs a declarer"),
        (slip(stored, 1, 1, result="+5"), None),
        (slip(stored, 1, 1, lead="SZ"), None),
    ]:
        answer = post(client, auth, body)
        assert answer.status_code == 422, body
        message = answer.json()["error"]
        assert "\n" not in message and message
        if words:
            assert words in message
    not_json = client.post("/api/table/results", content=b"{", headers=auth)
    assert not_json.status_code == 422 and not_json.json() == {
        "error": "the request body is not JSON",
        "code": "request.not-json",
        "field": None,
        "params": {},
    }
    assert stored.store.results(stored.event) == []


def test_wrong_board_round_and_table_name_what_was_expected(
    client: TestClient, stored: Stored
) -> None:
    auth = login(client, stored, 1)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    wrong_board = next(b for b in range(1, 30) if b not in a.boards)
    answer = post(client, auth, slip(stored, 1, 1, board=wrong_board))
    assert answer.status_code == 422
    low, high = a.boards
    assert f"round 1 table 1 plays boards {low}-{high}, not {wrong_board}" in answer.json()["error"]
    later = post(client, auth, slip(stored, 2, 1))
    assert later.status_code == 422
    assert "table A1 is at round 1, not round 2" in later.json()["error"]
    table = post(client, auth, {**slip(stored, 1, 1), "table": 3})
    assert table.status_code == 422
    assert table.json()["error"] == "this terminal is table 1, not table 3"
    swapped = post(client, auth, {**slip(stored, 1, 1), "ns": a.ew, "ew": a.ns})
    assert swapped.status_code == 422 and "the other way round" in swapped.json()["error"]
    assert stored.store.results(stored.event) == []


def test_the_table_moves_on_and_learns_where_to_go(client: TestClient, stored: Stored) -> None:
    auth = login(client, stored, 3)
    m = stored.movement
    a1 = m.assignment(1, 3)
    assert a1 is not None
    state = client.get("/api/table/state", headers=auth).json()
    nxt = state["next"]
    assert nxt["round"] == 2
    for side, pair in (("ns", a1.ns), ("ew", a1.ew)):
        where = [
            (t, d)
            for t in range(1, m.tables + 1)
            for d, p in (("NS", m.assignment(2, t).ns), ("EW", m.assignment(2, t).ew))  # type: ignore[union-attr]
            if p == pair
        ]
        assert [(nxt[side]["table"], nxt[side]["direction"])] == where
    a2 = m.assignment(2, 3)
    assert a2 is not None and nxt["boards"] == list(a2.boards)
    for board in a1.boards:
        assert post(client, auth, slip(stored, 1, 3, board=board)).status_code == 201
    state = client.get("/api/table/state", headers=auth).json()
    assert state["round"] == 2 and (state["ns"], state["ew"]) == (a2.ns, a2.ew)


def test_a_held_round_keeps_the_table_and_a_closed_round_is_the_directors(
    client: TestClient, stored: Stored
) -> None:
    auth = login(client, stored, 1)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    terminals.set_round(stored.store, stored.event, 1, terminals.HELD, who="td")
    ids = [post(client, auth, slip(stored, 1, 1, board=b)).json()["id"] for b in a.boards]
    state = client.get("/api/table/state", headers=auth).json()
    assert (state["round"], state["status"]) == (1, "held")
    held = post(client, auth, slip(stored, 2, 1))
    assert held.status_code == 422 and "the director holds the round" in held.json()["error"]
    # a correction by the table while the round is open
    fix = client.put(
        f"/api/table/results/{ids[0]}",
        json={"contract": "4S", "declarer": "N", "result": "+1"},
        headers=auth,
    )
    assert fix.status_code == 200
    assert stored.store.results(stored.event)[0].result.tricks == 11
    terminals.set_round(stored.store, stored.event, 1, terminals.CLOSED, who="td")
    closed = client.put(
        f"/api/table/results/{ids[0]}",
        json={"contract": "4S", "declarer": "N", "result": "="},
        headers=auth,
    )
    assert closed.status_code == 403 and "closed" in closed.json()["error"]
    late = post(client, auth, slip(stored, 1, 1, board=a.boards[0]))
    assert late.status_code == 403
    state = client.get("/api/table/state", headers=auth).json()
    assert (state["round"], state["status"]) == (2, "playing")


def test_another_tables_result_is_out_of_reach(client: TestClient, stored: Stored) -> None:
    one, two = login(client, stored, 1), login(client, stored, 2)
    rid = post(client, one, slip(stored, 1, 1)).json()["id"]
    theirs = client.put(
        f"/api/table/results/{rid}",
        json={"contract": "3NT", "declarer": "S", "result": "="},
        headers=two,
    )
    assert theirs.status_code == 403
    other_event = post(client, two, {**slip(stored, 1, 2), "event": stored.event + 1})
    assert other_event.status_code == 403


def test_the_traveller_shows_only_after_the_table_played_the_board(
    client: TestClient, stored: Stored
) -> None:
    m = stored.movement
    # board b is played in round 1 at table t1 and in a later round at table t2
    b = m.assignment(1, 1).boards[0]  # type: ignore[union-attr]
    t2, r2 = next(
        (t, r)
        for r in range(2, m.rounds + 1)
        for t in range(1, m.tables + 1)
        if b in m.assignment(r, t).boards  # type: ignore[union-attr]
    )
    one, two = login(client, stored, 1), login(client, stored, t2)
    assert client.get(f"/api/table/traveller/{b}", headers=one).status_code == 403
    assert post(client, one, slip(stored, 1, 1, board=b)).status_code == 201
    shown = client.get(f"/api/table/traveller/{b}", headers=one)
    assert shown.status_code == 200
    assert [r["score_ns"] for r in shown.json()["results"]] == [420]
    assert shown.json()["complete"] is False
    assert client.get(f"/api/table/traveller/{b}", headers=two).status_code == 403
    # table t2 gets there by entering its earlier rounds, then plays b worse: 4S-1
    for r in range(1, r2):
        for board in m.assignment(r, t2).boards:  # type: ignore[union-attr]
            assert post(client, two, slip(stored, r, t2, board=board)).status_code == 201
    assert post(client, two, slip(stored, r2, t2, board=b, result="-1")).status_code == 201
    rows = client.get(f"/api/table/traveller/{b}", headers=two).json()["results"]
    by_score = {r["score_ns"]: (r["ns_points"], r["ew_points"]) for r in rows}
    # two results: the better NS score beats the other one; a top of 2 per
    # comparison in the matchpoint scale used (2 per pair beaten, 004:1238)
    top = max(p for pts in by_score.values() for p in pts)
    assert by_score[420] == (top, 0) and by_score[-50] == (0, top)


def test_the_ranking_is_that_of_results_format_json(
    client: TestClient, stored: Stored, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    auth = login(client, stored, 1)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    post(client, auth, slip(stored, 1, 1, board=a.boards[0]))
    post(client, auth, slip(stored, 1, 1, board=a.boards[1], contract="3NT", result="+1"))
    api = client.get(f"/api/events/{stored.event}/ranking")
    assert api.status_code == 200
    db = stored.store.engine.url.render_as_string(hide_password=False)
    assert main(["results", str(stored.event), "--format", "json", "--db", db]) == 0
    printed = json.loads(capsys.readouterr().out)
    # the public document is the printed one less what the public may not see yet:
    # the travellers of boards other tables still play, and every member number
    assert api.json()["boards"] == [] and printed["boards"] != []
    assert api.json()["ranking"] == strip_members(printed["ranking"])
    assert api.json()["ranking"][0]["pair"] in (a.ns, a.ew)
    # released by the director (audited), it is the printed document
    release(stored.store, stored.event, 1, shown=True, who="TD", reason="the screen")
    again = client.get(f"/api/events/{stored.event}/ranking").json()
    assert again == strip_members(printed)


def test_the_ranking_of_an_unknown_event_is_refused(client: TestClient) -> None:
    answer = client.get("/api/events/999/ranking")
    assert answer.status_code == 422 and "no event with id 999" in answer.json()["error"]


def test_a_batch_gives_each_request_its_own_answer(client: TestClient, stored: Stored) -> None:
    token, terminal = terminals.login(stored.store, stored.event, "A", 1, stored.codes[("A", 1)])
    a = stored.movement.assignment(1, 1)
    assert a is not None
    good = slip(stored, 1, 1, board=a.boards[0])
    wrong = slip(stored, 1, 1, board=a.boards[0] + 10)
    outcomes = slips.enter_at_tables(
        stored.store,
        [
            table_slip(terminal, good, "b-1"),
            table_slip(terminal, wrong, "b-2"),  # refused: its savepoint is rolled back alone
            table_slip(terminal, good, "b-3"),  # the same board and pairs under a new key
            table_slip(terminal, good, "b-1"),  # a retry of the first
            table_slip(terminal, slip(stored, 1, 1, board=a.boards[1])),
        ],
    )
    first = outcomes[0]
    assert isinstance(first, dict)
    assert isinstance(outcomes[1], BridgedeskError)
    assert "plays boards" in str(outcomes[1])
    assert isinstance(outcomes[2], ConflictError)
    assert outcomes[3] == first
    assert isinstance(outcomes[4], dict) and outcomes[4]["id"] != first["id"]
    assert sorted(r.result.board for r in stored.store.results(stored.event)) == list(a.boards)
    assert token


def test_a_deleted_result_is_not_entered_again(client: TestClient, stored: Stored) -> None:
    auth = login(client, stored, 1)
    body = slip(stored, 1, 1)
    rid = post(client, auth, body).json()["id"]
    slips.delete(stored.store, stored.event, rid, who="td", reason="wrong table")
    again = post(client, auth, body)
    assert again.status_code == 409
    assert again.json()["error"] == (
        f"round 1, table 1, board {body['board']}: result {rid} on board {body['board']} at "
        "this table was deleted; undo its deletion instead (ask the director; "
        "`bridgedesk result history` shows the correction)"
    )
