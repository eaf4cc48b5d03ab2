"""A table's result POST answered ahead of the app's routing (:class:`ResultDoor`, issue 22):
the very answers the route gives, for every kind of request the table API answers.

Two apps on two stores holding the same event: one as ``serve`` builds it, one with
the door taken out (its POSTs reach the route).  Each is sent the same requests in
the same order; every answer (status, type, body) must be the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridgedesk.services import slips
from bridgedesk.web import api
from bridgedesk.web.app import create_app
from tests.web.conftest import Stored, login, stored_event
from tests.web.test_api import slip


def _app(stored: Stored, door: bool) -> FastAPI:
    app = create_app(store=stored.store)
    if not door:
        kept = [m for m in app.user_middleware if cast(object, m.cls) is not api.ResultDoor]
        assert len(kept) == len(app.user_middleware) - 1
        app.user_middleware = kept
    return app


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[Stored, Stored]]:
    made = (stored_event(str(tmp_path / "door.sqlite3")),
            stored_event(str(tmp_path / "route.sqlite3")))  # fmt: skip
    yield made
    for s in made:
        s.store.close()


Send = Callable[[TestClient, dict[str, str]], httpx.Response]


def _requests(stored: Stored) -> list[tuple[str, Send]]:
    """What tables send, named: accepted, retried, refused in every way the API refuses."""
    first = slip(stored, 1, 1)
    second = slip(stored, 1, 1, board=first["board"] + 1)

    def post(body: Any, key: str | None = None, auth: bool = True, lang: str = "en") -> Send:
        def send(client: TestClient, token: dict[str, str]) -> httpx.Response:
            headers = {**(token if auth else {}), **({"Idempotency-Key": key} if key else {}),
                       "content-type": "application/json", "accept-language": lang}  # fmt: skip
            content = body if isinstance(body, bytes) else json.dumps(body).encode()
            answer: httpx.Response = client.post("/api/table/results", content=content,
                                                 headers=headers)  # fmt: skip
            return answer

        return send

    return [
        ("a new result", post(first, key="k1")),
        ("its retry", post(first, key="k1")),
        ("the key again for another body", post({**first, "result": "+1"}, key="k1")),
        ("the board again", post(first)),
        ("another board", post(second)),
        ("no token", post(second, auth=False)),
        ("a body that is no JSON", post(b"{round: 1")),
        ("a slip of another round", post({**second, "round": 2})),
        ("a round already played", post({**second, "board": 1})),
        ("a board not played here", post({**second, "round": 2, "board": 99})),
        ("another table's number", post({**second, "table": 2})),
        ("a body too large", post(b"[" + b"1," * 40_000 + b"1]")),
        ("a GET", lambda c, t: c.get("/api/table/results", headers=t)),
        ("a trailing slash", lambda c, t: c.post("/api/table/results/", json=second, headers=t)),
        ("a Japanese refusal", post(b"{", lang="ja")),
    ]


def _answers(stored: Stored, door: bool) -> list[tuple[str, int, str, bytes]]:
    with TestClient(_app(stored, door), raise_server_exceptions=False) as client:
        token = login(client, stored, 1)
        return [
            (name, r.status_code, r.headers.get("content-type", ""), r.content)
            for name, send in _requests(stored)
            for r in [send(client, token)]
        ]


def test_the_door_answers_every_request_as_the_route_does(pair: tuple[Stored, Stored]) -> None:
    through_door, through_route = (_answers(pair[0], True), _answers(pair[1], False))
    assert through_door == through_route
    statuses = {name: status for name, status, _, _ in through_door}
    assert statuses["a new result"] == statuses["its retry"] == statuses["another board"] == 201
    assert statuses["the board again"] == 409 and statuses["no token"] == 401
    assert statuses["a body too large"] == 413 and statuses["a GET"] == 405
    assert sorted((r.result.board, r.result.ns_score) for r in pair[0].store.results(1)) == sorted(
        (r.result.board, r.result.ns_score) for r in pair[1].store.results(1)
    )


def test_a_bug_is_answered_500_by_both(
    pair: tuple[Stored, Stored], monkeypatch: pytest.MonkeyPatch
) -> None:
    def buggy(*_: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(slips, "_checked_at_table", buggy)
    answers = []
    for stored, door in ((pair[0], True), (pair[1], False)):
        with TestClient(_app(stored, door), raise_server_exceptions=False) as client:
            r = client.post("/api/table/results", json=slip(stored, 1, 1),
                            headers=login(client, stored, 1))  # fmt: skip
            answers.append((r.status_code, r.text))
    assert answers[0] == answers[1] == (500, "Internal Server Error")


def test_the_door_and_not_the_routing_answers_a_result(
    pair: tuple[Stored, Stored], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The route holds the function it was declared with; the door calls the module's."""
    seen: list[str] = []
    real = api.add_result

    async def counted(request: Any) -> Any:
        seen.append(request.url.path)
        return await real(request)

    monkeypatch.setattr(api, "add_result", counted)
    stored = pair[0]
    with TestClient(_app(stored, True)) as client:
        r = client.post("/api/table/results", json=slip(stored, 1, 1),
                        headers=login(client, stored, 1))  # fmt: skip
        assert r.status_code == 201, r.text
        assert client.get("/api/table/state", headers=login(client, stored, 2)).status_code == 200
    assert seen == ["/api/table/results"]
