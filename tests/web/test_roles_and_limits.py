"""The holes of issue 22 at the desk and the tables: what is the director's alone,
what a refusal shows, what answers before the first result."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from fractions import Fraction

import pytest
from fastapi.testclient import TestClient

from bridgedesk.errors import ForbiddenError
from bridgedesk.events import Event, Rating, ScoringMethod
from bridgedesk.events.entry import make_result
from bridgedesk.events.rulings import PenaltyUnit, ProceduralPenalty
from bridgedesk.services import rulings, slips, visibility
from bridgedesk.store import corrections, disputes, users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import SCRIPT_NAME, Stored, login
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login


@pytest.fixture
def clients(stored: Stored) -> Iterator[tuple[TestClient, TestClient, TestClient]]:
    """The director's and a scorer's browsers and anybody's phone, on an app that looks
    for changes at every request (``poll_seconds=0``: no answer is a change late)."""
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    users.add_user(stored.store, "kim", Role.SCORER, PASSWORD)
    with (
        TestClient(create_app(store=stored.store, poll_seconds=0.0)) as boss,
        TestClient(boss.app) as kim,
        TestClient(boss.app) as anyone,
    ):
        yield boss, kim, anyone


def _first(stored: Stored, table: int = 1, board: int = 0) -> int:
    a = stored.movement.assignment(1, table)
    assert a is not None
    result = make_result(round=1, table=table, board=a.boards[board], ns=a.ns, ew=a.ew,
                         contract="4S", declarer="N", result="=")  # fmt: skip
    return slips.enter(stored.store, stored.event, result, who=f"table A{table}")


def _changed(stored: Stored, rid: int, made: str) -> object:
    [found] = [r for r in stored.store.results(stored.event) if r.id == rid]
    r = found.result
    return make_result(round=r.round, table=r.table, board=r.board, ns=r.ns, ew=r.ew,
                       contract="4S", declarer="N", result=made)  # fmt: skip


def test_a_scorer_cannot_undo_the_directors_correction(
    stored: Stored, clients: tuple[TestClient, TestClient, TestClient]
) -> None:
    rid = _first(stored)
    new = _changed(stored, rid, "-1")
    cid = slips.correct(stored.store, stored.event, rid, new, who="boss",  # type: ignore[arg-type]
                        reason="ruling", director=True)  # fmt: skip
    with pytest.raises(ForbiddenError, match="only the director undoes it") as refused:
        slips.undo(stored.store, stored.event, cid, who="kim", reason="oops")
    assert refused.value.code == "correction.undo-is-directors"
    _, kim, _ = clients
    csrf = console_login(kim, "kim")
    asked = {"csrf_token": csrf, "correction": str(cid), "reason": "oops"}
    answer = kim.post(f"/d/events/{stored.event}/undo", data=asked)
    assert answer.status_code == 403
    assert [c.action for c in corrections.corrections(stored.store, stored.event)] == ["correct"]
    # the director may, and a scorer still undoes a scorer's correction
    slips.undo(stored.store, stored.event, cid, who="boss", reason="wrong", director=True)
    again = slips.correct(stored.store, stored.event, rid, new, who="kim", reason="slip")  # type: ignore[arg-type]
    slips.undo(stored.store, stored.event, again, who="kim", reason="slip was right")


def test_a_disputed_result_is_changed_by_the_director_alone(stored: Stored) -> None:
    rid = _first(stored)
    disputes.raise_dispute(stored.store, stored.event, rid, who="table A1", note="10 tricks")
    new = _changed(stored, rid, "+1")
    for change in (
        lambda: slips.correct(stored.store, stored.event, rid, new, who="kim", reason="x"),  # type: ignore[arg-type]
        lambda: slips.delete(stored.store, stored.event, rid, who="kim", reason="x"),
    ):
        with pytest.raises(ForbiddenError, match="disputed: only the director") as refused:
            change()
        assert refused.value.code == "result.disputed-director-only"
    assert corrections.corrections(stored.store, stored.event) == []
    [d] = disputes.open_disputes(stored.store, stored.event)
    rulings.rule_on_dispute(stored.store, stored.event, d.id, who="boss", reason="10 tricks",
                            new=new)  # type: ignore[arg-type]  # fmt: skip
    assert disputes.open_disputes(stored.store, stored.event) == []


def test_a_refusal_shows_its_text_escaped(
    stored: Stored, clients: tuple[TestClient, TestClient, TestClient]
) -> None:
    named = stored.store.create_event(
        Event(SCRIPT_NAME, dt.date(2026, 11, 24), Rating.WEEKLY, 3, ScoringMethod.MATCHPOINTS)
    )
    _, _, anyone = clients
    for url in (f"/e/{named}/teams/live", f"/e/{named}/teams/", f"/e/{named}/live"):
        answer = anyone.get(url)
        assert answer.status_code >= 400 or SCRIPT_NAME not in answer.text, url
        assert SCRIPT_NAME not in answer.text, url


def test_the_team_grid_of_a_pairs_event_is_not_found(
    stored: Stored, clients: tuple[TestClient, TestClient, TestClient]
) -> None:
    boss, _, _ = clients
    console_login(boss, "boss")
    assert boss.get(f"/d/teams/{stored.event}/grid/cells").status_code == 404
    assert boss.get(f"/d/teams/{stored.event}/grid").status_code == 404


def test_the_schema_is_the_directors(
    stored: Stored, clients: tuple[TestClient, TestClient, TestClient]
) -> None:
    boss, kim, anyone = clients
    assert anyone.get("/openapi.json").status_code == 404
    console_login(kim, "kim")
    assert kim.get("/d/openapi.json").status_code == 403
    console_login(boss, "boss")
    schema = boss.get("/d/openapi.json")
    assert schema.status_code == 200 and "/api/table/results" in schema.json()["paths"]


def test_a_penalty_in_round_one_leaves_every_page_working(
    stored: Stored, clients: tuple[TestClient, TestClient, TestClient]
) -> None:
    _, _, anyone = clients
    rid = _first(stored)
    a = stored.movement.assignment(1, 1)
    assert a is not None and rid
    penalty = ProceduralPenalty(a.ns, Fraction(1), PenaltyUnit.MATCHPOINTS, "slow play")
    rulings.penalty(stored.store, stored.event, penalty, who="boss")
    auth = login(anyone, stored, 1)
    for url in (f"/e/{stored.event}/", f"/e/{stored.event}/live",
                f"/api/events/{stored.event}/ranking", f"/api/table/traveller/{a.boards[0]}",
                f"/t/traveller/{a.boards[0]}"):  # fmt: skip
        answer = anyone.get(url, headers=auth)
        assert answer.status_code == 200, (url, answer.text)
    # it counts once a board has two results: table 2 plays board ... of round 1 too
    b = a.boards[0]
    t2, r2 = next((t, r) for r in range(1, stored.movement.rounds + 1)
                  for t in range(1, stored.movement.tables + 1)
                  if (r, t) != (1, 1) and b in stored.movement.assignment(r, t).boards)  # type: ignore[union-attr]  # fmt: skip
    there = stored.movement.assignment(r2, t2)
    assert there is not None
    second = make_result(round=r2, table=t2, board=b, ns=there.ns, ew=there.ew,
                         contract="4S", declarer="N", result="-1")  # fmt: skip
    slips.enter(stored.store, stored.event, second, who="boss")
    ranked = anyone.get(f"/api/events/{stored.event}/ranking").json()["ranking"]
    assert [row.get("penalty") for row in ranked if row["pair"] == a.ns] == [1]


def test_the_code_guess_limit_holds_across_workers(stored: Stored) -> None:
    """Two apps on one database stand for two worker processes: wrong codes sent to
    one count at the other (each counted its own before: --workers 4 let four times
    as many through)."""
    one = create_app(store=stored.store, login_limit=4, poll_seconds=0.0)
    two = create_app(store=stored.store, login_limit=4, poll_seconds=0.0)
    wrong = {"event": stored.event, "section": "A", "table": 1, "code": "WRONG1"}
    with TestClient(one) as a, TestClient(two) as b:
        for client in (a, b, a, b):
            assert client.post("/api/table/login", json=wrong).status_code == 401
        for client in (a, b):
            refused = client.post("/api/table/login", json=wrong)
            assert refused.status_code == 429 and "too many" in refused.json()["error"]


def test_a_viewer_at_the_console_sees_what_the_public_sees(
    stored: Stored, clients: tuple[TestClient, TestClient, TestClient]
) -> None:
    from bridgedesk.bridge import Seat
    from bridgedesk.deals.generate import generate

    for deal in generate(len(stored.movement.boards), seed=1):
        stored.store.set_deal(stored.event, deal.board, deal.pbn(Seat.N))
    _first(stored)  # board b of round 1: other tables play it later
    users.add_user(stored.store, "vic", Role.VIEWER, PASSWORD)
    boss, _, anyone = clients
    console_login(boss, "boss")
    console_login(anyone, "vic")
    url = f"/d/events/{stored.event}/results"
    assert 'id="result-list"' in boss.get(url).text
    assert 'id="result-list"' not in anyone.get(url).text
    hands = f"/d/events/{stored.event}/deals/hand-records"
    assert boss.get(hands).status_code == 200
    refused = anyone.get(hands)
    assert refused.status_code == 403 and 'data-code="deals.hands-before-play"' in refused.text


def test_a_penalty_leaves_the_travellers_of_boards_the_pair_has_not_played(
    stored: Stored, clients: tuple[TestClient, TestClient, TestClient]
) -> None:
    # the 8-pair Howell: board 1 at table 1 in round 1 (8 v 1) and at table 4 in round
    # 2 (5 v 4); pair 6 (table 2 in round 1, boards 7-8) plays board 1 only in round 5
    boss, _, anyone = clients
    one, two = stored.movement.assignment(1, 1), stored.movement.assignment(1, 2)
    later = stored.movement.assignment(2, 4)
    assert one is not None and two is not None and later is not None
    board = one.boards[0]
    assert board not in two.boards and board in later.boards
    _first(stored, table=1)
    _first(stored, table=2)
    slips.enter(stored.store, stored.event,
                make_result(round=2, table=4, board=board, ns=later.ns, ew=later.ew,
                            contract="4S", declarer="N", result="-1"), who="table A4")  # fmt: skip
    penalty = ProceduralPenalty(two.ns, Fraction(1), PenaltyUnit.BOARDS, "slow play")
    rulings.penalty(stored.store, stored.event, penalty, who="boss")
    # the table API, the table's page (both pairs at table 1 have played the board)
    auth = login(anyone, stored, 1)
    api = anyone.get(f"/api/table/traveller/{board}", headers=auth)
    assert api.status_code == 200, api.text
    lines = [(r["ns"], r["ew"], r["score_ns"]) for r in api.json()["results"]]
    assert sorted(lines) == sorted([(one.ns, one.ew, 420), (later.ns, later.ew, -50)])
    page = anyone.get(f"/t/traveller/{board}", headers=auth)
    assert page.status_code == 200, page.text
    assert "420" in page.text
    # the public ranking JSON once the director releases the session: the traveller
    # is there, and the penalty comes off pair 6's total alone
    visibility.release(stored.store, stored.event, 1, shown=True, who="boss", reason="test")
    ranked = anyone.get(f"/api/events/{stored.event}/ranking")
    assert ranked.status_code == 200, ranked.text
    doc = ranked.json()
    [shown] = [b for b in doc["boards"] if b["board"] == board]
    assert sorted(r["score_ns"] for r in shown["results"]) == [-50, 420]
    penalised = {row["pair"]: row.get("penalty") for row in doc["ranking"] if "penalty" in row}
    assert penalised == {two.ns: shown["top"]}  # one board: a board's top (003:47-59)
    assert boss  # the director's browser is the fixture's; nothing asked of it here
