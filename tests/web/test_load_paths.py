"""What keeps the server quick under 200 tables (bench/bench_web.py), checked for
keeping every answer the same: retries answered from memory, sections scored
again only when they changed, one key entered from two server processes."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgedesk.errors import BridgedeskError
from bridgedesk.services import slips
from bridgedesk.services.event_scores import SectionRules
from bridgedesk.services.live_results import LiveResults
from bridgedesk.services.slips import TableSlip
from bridgedesk.store import terminals
from bridgedesk.store.service import Store
from bridgedesk.web import known_terminals, live, security, writer
from bridgedesk.web.table_body import table_slip
from tests.web.conftest import Stored, login, stored_event
from tests.web.test_api import post, slip


@pytest.fixture
def two_sections(tmp_path: Path) -> Iterator[Stored]:
    s = stored_event(str(tmp_path / "club.sqlite3"), sections=("A", "B"))
    yield s
    s.store.close()


def test_a_retry_is_answered_from_memory_with_the_first_answer(
    client: TestClient, stored: Stored, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    real = writer.enter_at_tables

    def counted(store: Store, requests: Any) -> Any:
        calls.append(len(requests))
        return real(store, requests)

    monkeypatch.setattr(writer, "enter_at_tables", counted)
    auth = login(client, stored, 1)
    body = slip(stored, 1, 1)
    first = post(client, auth, body, key="k-1")
    assert first.status_code == 201 and calls == [1]
    again = post(client, auth, body, key="k-1")
    assert (again.status_code, again.json()) == (201, first.json())
    assert calls == [1]  # no transaction for the retry
    # the same key for another body still goes to the store, which refuses it
    other = post(client, auth, {**body, "result": "+1"}, key="k-1")
    assert other.status_code == 422 and "was used for another request" in other.json()["error"]
    assert calls == [1, 1]
    assert len(stored.store.results(stored.event)) == 1


def test_remembered_answers_are_per_table_and_the_oldest_are_forgotten(stored: Stored) -> None:
    _, t1 = terminals.login(stored.store, stored.event, "A", 1, stored.codes[("A", 1)])
    _, t2 = terminals.login(stored.store, stored.event, "A", 2, stored.codes[("A", 2)])
    answered = writer.Answered(size=2)
    body = slip(stored, 1, 1)

    def sent(t: terminals.Terminal, key: str | None, given: dict[str, Any] = body) -> TableSlip:
        return table_slip(t, given, key)

    answered.add(sent(t1, "k"), {"id": 7})
    assert answered.get(sent(t1, "k")) == {"id": 7}
    assert answered.get(sent(t2, "k", {**body, "ns": 2, "ew": 7})) is None  # another table's
    other = {**body, "result": "+1"}
    assert answered.get(sent(t1, "k", other)) is None  # another body: the store decides
    assert answered.get(sent(t1, None)) is None
    answered.add(sent(t1, "k2"), {"id": 8})
    answered.add(sent(t1, "k3"), {"id": 9})
    assert answered.get(sent(t1, "k")) is None and answered.get(sent(t1, "k3")) == {"id": 9}


def _enter(stored: Stored, section: str, table: int) -> int:
    _, terminal = terminals.login(
        stored.store, stored.event, section, table, stored.codes[(section, table)]
    )
    sent = table_slip(terminal, slip(stored, 1, table))
    rid: int = slips.enter_at_table(stored.store, sent)["id"]
    return rid


def test_only_the_changed_section_is_scored_again(
    two_sections: Stored, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = two_sections
    scored: list[str] = []
    real = SectionRules.score

    def counted(rules: SectionRules, snapshot: Any, memo: Any = None) -> Any:
        scored.append(snapshot.section)
        return real(rules, snapshot, memo)

    monkeypatch.setattr(SectionRules, "score", counted)
    cache = LiveResults(stored.store)
    _enter(stored, "A", 1)
    _enter(stored, "B", 1)
    first = live.live_context(stored.store, stored.event, cache=cache)
    assert scored == ["A", "B"]
    rid = _enter(stored, "A", 2)
    second = live.live_context(stored.store, stored.event, cache=cache)
    assert scored == ["A", "B", "A"]  # B had no new result
    assert second["sections"][1] is first["sections"][1]
    # the same content as scoring everything again
    assert second["sections"] == live.live_context(stored.store, stored.event)["sections"]
    # a correction (here a deletion) may touch any section: all are scored again
    slips.delete(stored.store, stored.event, rid, who="td", reason="wrong table")
    scored.clear()
    third = live.live_context(stored.store, stored.event, cache=cache)
    assert scored == ["A", "B"]
    assert third["sections"][0]["entered"] == 1


def test_one_key_sent_to_two_server_processes_at_once_is_stored_once(any_db: str) -> None:
    """Two stores on one database (two ``serve --workers 2`` processes) get the same
    request with the same Idempotency-Key at the same moment: one result, one answer."""
    stored = stored_event(any_db)
    other = Store.open(any_db)
    try:
        _, terminal = terminals.login(stored.store, stored.event, "A", 1, stored.codes[("A", 1)])
        body = slip(stored, 1, 1)
        start = threading.Barrier(2)
        answers: list[object] = []

        def send(store: Store) -> None:
            start.wait()
            try:
                answers.append(slips.enter_at_table(store, table_slip(terminal, body, "same-key")))
            except BridgedeskError as exc:  # pragma: no cover - the failure this test finds
                answers.append(exc)

        threads = [threading.Thread(target=send, args=(s,)) for s in (stored.store, other)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert len(answers) == 2 and answers[0] == answers[1], answers
        [result] = stored.store.results(stored.event)
        assert isinstance(answers[0], dict) and answers[0]["id"] == result.id
    finally:
        other.close()
        stored.store.close()


def test_a_terminal_known_from_memory_is_refused_once_its_code_is_revoked(
    client: TestClient, stored: Stored
) -> None:
    """The result POST finds a pairs table's terminal in memory (no database read); the
    write checks its login in its own transaction, so revoking still logs it out."""
    auth = login(client, stored, 1)
    assert post(client, auth, slip(stored, 1, 1)).status_code == 201
    known = client.app.state.known_terminals  # type: ignore[attr-defined]
    assert known.get(auth["Authorization"].removeprefix("Bearer ")) is not None
    terminals.table_codes(stored.store, stored.event, revoke=True)
    a = stored.movement.assignment(1, 1)
    assert a is not None
    answer = post(client, auth, slip(stored, 1, 1, board=a.boards[1]))
    assert answer.status_code == 401, answer.text
    assert len(stored.store.results(stored.event)) == 1  # never a silent write


def test_a_tables_first_result_after_its_login_is_matched_in_memory(
    client: TestClient, stored: Stored, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table API's login keeps the pairs table's terminal, so even its first result
    POST reads no terminal from the store; revoking its code still refuses that POST."""
    auth = login(client, stored, 1)
    known = client.app.state.known_terminals  # type: ignore[attr-defined]
    assert known.get(auth["Authorization"].removeprefix("Bearer ")) is not None
    reads: list[object] = []
    real = security.terminal_of

    def counted(*args: Any) -> Any:
        reads.append(args)
        return real(*args)

    monkeypatch.setattr(known_terminals, "terminal_of", counted)
    assert post(client, auth, slip(stored, 1, 1)).status_code == 201
    assert reads == []
    other = login(client, stored, 2)
    terminals.table_codes(stored.store, stored.event, revoke=True)
    answer = post(client, other, slip(stored, 2, 1))
    assert answer.status_code == 401, answer.text
    assert len(stored.store.results(stored.event)) == 1
