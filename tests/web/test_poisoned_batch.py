"""One table's bad request never costs another table its score (issue 23).

The writer stores the slips waiting at one moment in one transaction, each in
its own savepoint (:mod:`bridgedesk.web.writer`).  Whatever one slip raises,
a refusal (422) or a bug (500), answers its own request only: the other
tables' valid results are stored and answered 201.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.events.entry import make_result
from bridgedesk.services import slips
from bridgedesk.services.slips import TableSlip
from bridgedesk.store import terminals
from bridgedesk.web import threads
from bridgedesk.web.app import create_app
from bridgedesk.web.table_body import table_slip
from tests.cli.test_hostile import NUMBERS, TEXTS
from tests.web.conftest import Stored, stored_event
from tests.web.test_hostile_web import JSON_VALUES

TABLES = 4  # eight pairs: four tables


@pytest.fixture
def stored(tmp_path: Any) -> Iterator[Stored]:
    s = stored_event(str(tmp_path / "club.sqlite3"))
    yield s
    s.store.close()


def body(stored: Stored, table: int, **kw: object) -> dict[str, object]:
    a = stored.movement.assignment(1, table)
    assert a is not None
    out: dict[str, object] = {
        "round": 1,
        "board": a.boards[0],
        "ns": a.ns,
        "ew": a.ew,
        "contract": "3NT",
        "declarer": "S",
        "result": "+1",
    }
    out.update(kw)
    return out


def terminal(stored: Stored, table: int) -> terminals.Terminal:
    _, found = terminals.login(stored.store, stored.event, "A", table, stored.codes[("A", table)])
    return found


def too_large(stored: Stored, table: int) -> TableSlip:
    """A slip whose board number no store can keep (built past the web edge's checks,
    as a bug or a new door might)."""
    t = terminal(stored, table)
    good = table_slip(t, body(stored, table))
    result = make_result(
        round=1, table=table, board=10**40, ns=good.result.ns, ew=good.result.ew,
        contract="3NT", declarer="S", result="+1",
    )  # fmt: skip
    return TableSlip(t, result, None, "too large")


def test_a_number_too_large_for_the_store_is_refused_alone(stored: Stored) -> None:
    batch = [table_slip(terminal(stored, t), body(stored, t)) for t in range(1, TABLES + 1)]
    batch.insert(2, too_large(stored, 3))
    outcomes = slips.enter_at_tables(stored.store, batch)
    assert [type(o) for o in outcomes] == [dict, dict, EntryError, dict, dict]
    assert "too large" in str(outcomes[2])
    assert sorted(r.result.table for r in stored.store.results(stored.event)) == [1, 2, 3, 4]


def test_a_bug_in_one_slip_answers_that_slip_alone(
    stored: Stored, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked = slips._checked_at_table

    def buggy(s: Any, t: terminals.Terminal, result: Any) -> Any:
        if t.table == 2:
            raise ZeroDivisionError("a bug")
        return checked(s, t, result)

    monkeypatch.setattr(slips, "_checked_at_table", buggy)
    batch = [table_slip(terminal(stored, t), body(stored, t)) for t in range(1, TABLES + 1)]
    outcomes = slips.enter_at_tables(stored.store, batch)
    assert isinstance(outcomes[1], ZeroDivisionError)
    assert all(isinstance(o, dict) for i, o in enumerate(outcomes) if i != 1)
    assert sorted(r.result.table for r in stored.store.results(stored.event)) == [1, 3, 4]


def test_the_writer_answers_each_request_of_a_poisoned_batch(stored: Stored) -> None:
    """Every slip is queued before the writer runs, so they make one batch."""
    app = create_app(store=stored.store)

    async def run() -> list[Any]:
        threads.start(app)
        writer = app.state.writer
        await writer.start()
        try:
            batch = [table_slip(terminal(stored, t), body(stored, t)) for t in (1, 2, 4)]
            batch.insert(2, too_large(stored, 3))
            return await asyncio.gather(*(writer.submit(x) for x in batch), return_exceptions=True)
        finally:
            await writer.stop()

    outcomes = asyncio.run(run())
    assert isinstance(outcomes[2], BridgedeskError) and "too large" in str(outcomes[2])
    assert [o["board"] for i, o in enumerate(outcomes) if i != 2] == [
        body(stored, t)["board"] for t in (1, 2, 4)
    ]
    assert sorted(r.result.table for r in stored.store.results(stored.event)) == [1, 2, 4]


#: Hostile values of a slip's fields, as the web hostile walk sends them.
HOSTILE = [
    (field, value)
    for field in ("round", "board", "ns", "ew", "contract", "declarer", "result", "lead", "table")
    for value in (*NUMBERS, *TEXTS, *JSON_VALUES)
    if value not in ("", None)
    and (field, value) not in (("result", "-1"), ("lead", " "))  # a valid result and lead
]


@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(st.sampled_from(HOSTILE))
def test_concurrent_tables_and_one_bad_request_over_http(
    tmp_path: Path, bad_field: tuple[str, Any]
) -> None:
    """Seven requests at once, as seven phones would send them, one with a hostile value
    (sampled): the valid ones are stored and answered 201, the bad one 422, whatever
    batches they fall in."""
    stored = stored_event(str(tmp_path / f"club-{uuid.uuid4().hex}.sqlite3"))
    try:
        _poisoned(stored, {bad_field[0]: bad_field[1]})
    finally:
        stored.store.close()


@pytest.mark.parametrize("bad", [{"round": 10**40}, {"round": "²"}, {"board": 10**19}])
def test_the_issues_poisoned_batches(stored: Stored, bad: dict[str, object]) -> None:
    _poisoned(stored, bad)


def _poisoned(stored: Stored, bad: dict[str, object]) -> None:
    app = create_app(store=stored.store, login_limit=100)
    moves = [(t, {}) for t in range(1, TABLES + 1)]
    moves += [(t, {"board": body(stored, t)["board"] + 1}) for t in (1, 2)]  # second boards
    moves.insert(3, (3, {"board": body(stored, 3)["board"] + 1, **bad}))

    async def run() -> list[httpx.Response]:
        threads.start(app)
        await app.state.writer.start()
        transport = httpx.ASGITransport(app=app)
        try:
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                auth = {}
                for t in range(1, TABLES + 1):
                    code = stored.codes[("A", t)]
                    answer = await client.post(
                        "/api/table/login",
                        json={"event": stored.event, "section": "A", "table": t, "code": code},
                    )
                    auth[t] = {"Authorization": f"Bearer {answer.json()['token']}"}
                return await asyncio.gather(
                    *(
                        client.post(
                            "/api/table/results",
                            content=json.dumps(body(stored, t, **kw)).encode("ascii"),
                            headers={**auth[t], "content-type": "application/json"},
                        )
                        for t, kw in moves
                    )
                )
        finally:
            await app.state.writer.stop()

    answers = asyncio.run(run())
    assert [a.status_code for a in answers] == [201, 201, 201, 422, 201, 201, 201], bad
    assert "\n" not in answers[3].json()["error"]
    assert len(stored.store.results(stored.event)) == 6
