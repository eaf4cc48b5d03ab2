"""The console's movement page part way through a session: the arrow switch
(004:1066-1074) and another movement from a round on (a late pair, 004:884-898),
through the functions ``bridgedesk event arrow-switch`` and ``event movement
--from-round`` call.  A refusal changes nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.store import users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from tests.web.conftest import Stored
from tests.web.test_console import PASSWORD
from tests.web.test_console import log_in as console_login


@pytest.fixture
def boss(stored: Stored) -> Iterator[tuple[TestClient, str]]:
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    with TestClient(create_app(store=stored.store, poll_seconds=0.05)) as client:
        yield client, console_login(client, "boss")


def _round_one(stored: Stored) -> None:
    for table in range(1, stored.movement.tables + 1):
        a = stored.movement.assignment(1, table)
        assert a is not None
        for board in a.boards:
            slips.enter(stored.store,
                stored.event,
                make_result(round=1, table=table, board=board, ns=a.ns, ew=a.ew,
                            contract="3NT", declarer="S", result="="),
            )  # fmt: skip


def test_arrow_switch_from_the_console(boss: tuple[TestClient, str], stored: Stored) -> None:
    client, token = boss
    eid = stored.event
    _round_one(stored)
    page = client.get(f"/d/events/{eid}/movement").text
    assert 'id="arrow-switch"' in page
    before = stored.store.movement(eid)
    assert before is not None
    # refused: a round the movement does not have; no CSRF token.  Nothing changes.
    answer = client.post(
        f"/d/events/{eid}/movement/arrow-switch",
        data={"csrf_token": token, "rounds": "3,99"},
    )
    assert answer.status_code == 422
    assert "round 99 does not exist: the movement has rounds 1-7" in answer.text
    assert 'value="3,99"' in answer.text  # what was typed, kept
    answer = client.post(f"/d/events/{eid}/movement/arrow-switch", data={"rounds": "3"})
    assert answer.status_code == 403
    answer = client.post(
        f"/d/events/{eid}/movement/arrow-switch", data={"csrf_token": token, "rounds": "x"}
    )
    assert answer.status_code == 422 and "write numbers separated by commas" in answer.text
    assert stored.store.movement(eid) == before
    # switched in rounds 3 and 4 at tables 1 and 2
    answer = client.post(
        f"/d/events/{eid}/movement/arrow-switch",
        data={"csrf_token": token, "rounds": "3, 4", "tables": "1,2"},
    )
    assert answer.status_code == 200
    assert "arrows switched in round(s) 3, 4 at table(s) 1, 2" in answer.text
    after = stored.store.movement(eid)
    assert after is not None
    for rnd in range(1, before.rounds + 1):
        for table in range(1, before.tables + 1):
            old, new = before.assignment(rnd, table), after.assignment(rnd, table)
            assert old is not None and new is not None
            swapped = rnd in (3, 4) and table in (1, 2)
            want = (old.ew, old.ns) if swapped else (old.ns, old.ew)
            assert (new.ns, new.ew) == want and new.boards == old.boards


def test_a_late_pair_from_round_two(boss: tuple[TestClient, str], stored: Stored) -> None:
    client, token = boss
    eid = stored.event
    _round_one(stored)
    before = stored.store.movement(eid)
    assert before is not None
    # a new movement for 10 pairs from round 1 does not fit the results in: refused
    form = {"csrf_token": token, "kind": "howell", "pairs": "10", "boards_per_round": "2"}
    answer = client.post(f"/d/events/{eid}/movement", data=form)
    assert answer.status_code == 422 and "does not fit result" in answer.text
    answer = client.post(f"/d/events/{eid}/movement", data={**form, "from_round": "1"})
    assert answer.status_code == 422 and "from round is 2 or more" in answer.text
    assert stored.store.movement(eid) == before
    assert sorted(stored.store.entries(eid)) == list(range(1, 9))
    # from round 2: round 1 stays as played; the new pairs are seated from round 2
    answer = client.post(f"/d/events/{eid}/movement", data={**form, "from_round": "2"})
    assert answer.status_code == 200, answer.text
    assert "(from round 2)" in answer.text
    after = stored.store.movement(eid)
    assert after is not None and after.tables == 5
    for table in range(1, 5):
        old, new = before.assignment(1, table), after.assignment(1, table)
        assert old is not None and new is not None
        assert (old.ns, old.ew, old.boards) == (new.ns, new.ew, new.boards)
    seated = {p for t in range(1, 6) for a in [after.assignment(2, t)] if a for p in (a.ns, a.ew)}
    assert {9, 10} <= seated
