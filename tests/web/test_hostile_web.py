"""Every route of the web app, sent hostile values: never a 500, one line, nothing changed.

As ``tests/cli/test_hostile.py`` walks the command line, this walks the web app's
routes from the app itself (a new route is covered without touching this file):
the table JSON API, the table pages, the live pages, the practice game and the
director's console.  Each route first gets an ordinary request (logged in as a
table and as the director, with the pages' CSRF tokens), then requests with one
field, form field or path value replaced by a hostile value: those of the
command line (:data:`tests.cli.test_hostile.NUMBERS` and ``TEXTS``), and for JSON
bodies values of the wrong type as well (numbers beyond 64 bits, a float,
``true``, ``null``, a list, an object, a lone surrogate).

Every answer is below 500; a refusal's JSON is ``{"error": one line}`` (Starlette's
own 404 and 405, ``{"detail": one line}``); a refused
request (4xx) has changed nothing stored.  A route's fields are the names its
module reads from a form or body (``form.get("round")``, ``_number(form,
"round")``), found in the module's source.  Every route's ordinary request runs
each time; its (field, hostile value) pairs are sampled by hypothesis,
:data:`SAMPLES` a route a run.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import inspect
import json
import os
import re
import sqlite3
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgedesk.errors import EntryError
from bridgedesk.store import users
from bridgedesk.store.users import Role
from bridgedesk.web.app import create_app
from bridgedesk.web.bodies import CorrectionBody, DisputeBody, LoginBody, SlipBody, parsed
from tests.cli.test_hostile import NUMBERS, TEXTS
from tests.web.conftest import Stored, stored_event

#: (field, hostile value) pairs a route is sent on each run of the suite (every pair of
#: a table's body is read on every run: :func:`test_every_hostile_value_of_a_table_body`).
SAMPLES = 1
#: The day whose sample of hostile pairs is sent (see :func:`rotated`).
DAY = int(os.environ.get("BRIDGEDESK_HOSTILE_DAY") or dt.date.today().toordinal())

T = TypeVar("T")


def rotated(pairs: list[T]) -> list[T]:
    """``pairs`` turned by :data:`DAY` places: hypothesis, derandomized, picks the same
    positions every run, so each day they hold other pairs."""
    turn = DAY % len(pairs) if pairs else 0
    return pairs[turn:] + pairs[:turn]


#: Routes whose ordinary request is not sent: a server-sent event stream, which never
#: ends (its event is a path value, walked with the hostile ones: refused at once), and
#: a new practice game, which deals and solves boards double dummy (about 10 s).
NOT_ORDINARY = {("GET", "/e/{event}/events"), ("POST", "/practice/new")}

PASSWORD = "correct horse battery"

#: JSON values of the wrong type or size, beside the command line's strings.
JSON_VALUES: tuple[Any, ...] = (10**40, -(10**19), 2**63, 1.5, True, None, [], {"a": 1}, "\udcff")
#: Path segments: the command line's numbers, and what a URL may smuggle in.
SEGMENTS = ("²", "99999999999999999999", "-1", "0", "%00", "x" * 300, "..%2F..", "1.5")

#: Ordinary values of the fields, by name (others get "1").
ORDINARY = {
    "contract": "4S",
    "declarer": "N",
    "result": "=",
    "lead": "SA",
    "name": "Hostile night",
    "names": "A, B",
    "reason": "a test",
    "note": "a test",
    "section": "A",
    "kind": "howell",
    "level": "4",
    "strain": "S",
    "doubled": "",
    "rating": "weekly",
    "scoring": "mp",
    "when": "2026-11-24T22:00",
    "username": "boss",
    "password": PASSWORD,
    "adjusted": "",
    "room": "open",
    "action": "close",
}

FIELD = re.compile(
    r"""(?:form|data|fields|body)(?:\.get\(|\[)\s*"([a-z_]+)"|\(\s*form\s*,\s*"([a-z_]+)\""""
)


@dataclass
class World:
    client: TestClient
    stored: Stored
    db: Path
    bearer: dict[str, str]
    #: The console's CSRF token and the table page's.
    csrf_token: str
    csrf: str
    result_id: int
    #: The store's rows after the last request (:func:`_content`): a refused request is
    #: compared with them, an answered one reads them again.
    content: str = ""


def _csrf(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" (?:value|content)="([^"]+)"', html)
    assert found is not None, html[:500]
    return found.group(1)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    db = tmp_path_factory.mktemp("hostile-web") / "club.sqlite3"
    stored = stored_event(str(db))
    app = create_app(store=stored.store, login_limit=100_000, poll_seconds=0.05)
    with (
        pytest.MonkeyPatch.context() as patch,
        TestClient(app, raise_server_exceptions=False) as client,
    ):
        # the walk is about the routes, not password hashing: Argon2 at its cheapest for
        # the director's account and every login the walk sends (each costs a second else)
        patch.setattr(users, "_HASHER", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
        users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
        page = client.get("/d/login")
        client.post(
            "/d/login",
            data={
                "username": "boss",
                "password": PASSWORD,
                "csrf_token": _csrf(page.text, "csrf_token"),
            },
        )
        csrf_token = _csrf(client.get("/d/").text, "csrf_token")
        login = {"event": stored.event, "section": "A", "table": 1, "code": stored.codes[("A", 1)]}
        token = client.post("/api/table/login", json=login).json()["token"]
        bearer = {"Authorization": f"Bearer {token}"}
        form = client.get("/t/login")
        client.post("/t/login", data={**login, "csrf": _csrf(form.text, "csrf")})
        csrf = _csrf(client.get("/t/table").text, "csrf")
        a = stored.movement.assignment(1, 1)
        assert a is not None
        slip = {"round": 1, "board": a.boards[0], "ns": a.ns, "ew": a.ew,
                "contract": "4S", "declarer": "N", "result": "="}  # fmt: skip
        answer = client.post("/api/table/results", json=slip, headers=bearer)
        assert answer.status_code == 201, answer.text
        yield World(client, stored, db, bearer, csrf_token, csrf, answer.json()["id"], _content(db))
    stored.store.close()


def _routes() -> dict[tuple[str, str], Any]:
    """Every route of the app: (method, path template) -> its endpoint."""
    with tempfile.TemporaryDirectory() as tmp:
        made = create_app(Path(tmp) / "routes.sqlite3")
    found: dict[tuple[str, str], Any] = {}
    for route in made.routes:
        contexts = (
            route.effective_route_contexts()
            if hasattr(route, "effective_route_contexts")
            else [route]
        )
        for ctx in contexts:
            for method in sorted(getattr(ctx, "methods", None) or ()):
                if method != "HEAD" and ctx.path != "/openapi.json":
                    found[(method, ctx.path)] = ctx.endpoint
    return found


ROUTES = _routes()


def _fields(endpoint: Any) -> list[str]:
    """The names the endpoint's module reads from a form or a body."""
    source = inspect.getsource(inspect.getmodule(endpoint))  # type: ignore[arg-type]
    names = {a or b for a, b in FIELD.findall(source)}
    return sorted(names - {"csrf", "csrf_token", "file"})


def _content(db: Path) -> str:
    """The stored rows that a request may change (not the logins' own bookkeeping)."""
    with contextlib.closing(sqlite3.connect(db)) as conn:
        tables = [
            t for (t,) in conn.execute("select name from sqlite_master where type = 'table'")
            if not re.search(r"session|token|terminal|login|user|idempot|alembic", t)
        ]  # fmt: skip
        return "\n".join(
            repr(sorted(map(repr, conn.execute(f'select * from "{t}"')))) for t in tables
        )


def _path(world: World, template: str, replace: tuple[str, str] | None) -> str:
    values = {
        "event": str(world.stored.event),
        "event_id": str(world.stored.event),
        "result_id": str(world.result_id),
        "board": "1",
        "gid": "1",
        "name": "standings",
    }
    if replace is not None:
        values[replace[0]] = replace[1]
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), "1"), template)


def _send(world: World, method: str, template: str, fields: list[str],
          change: tuple[str, Any] | None) -> None:  # fmt: skip
    """One request; the promise checked on its answer."""
    path_names = re.findall(r"\{(\w+)\}", template)
    in_path = change is not None and change[0] in path_names
    path = _path(world, template, (change[0], str(change[1])) if in_path else None)
    body: dict[str, Any] = {name: ORDINARY.get(name, "1") for name in fields}
    if change is not None and not in_path:
        body[change[0]] = change[1]
    headers = dict(world.bearer)
    if method == "GET":  # the fields as the query
        query = {k: v for k, v in body.items() if isinstance(v, str)}
        answer = world.client.get(path, headers=headers, params=query, follow_redirects=False)
    elif template.startswith("/api/"):
        headers["content-type"] = "application/json"
        raw = json.dumps(body, ensure_ascii=True).encode("ascii")
        answer = world.client.request(
            method, path, content=raw, headers=headers, follow_redirects=False
        )
    else:
        form = {k: v if isinstance(v, str) else json.dumps(v) for k, v in body.items()}
        form = {
            k: v.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
            for k, v in form.items()
        }
        form |= {"csrf": world.csrf, "csrf_token": world.csrf_token}
        answer = world.client.request(
            method, path, data=form, headers=headers, follow_redirects=False
        )
    where = f"{method} {path} {change!r} (BRIDGEDESK_HOSTILE_DAY={DAY})"
    assert answer.status_code < 500, (where, answer.text[:300])
    if (
        answer.headers.get("content-type", "").startswith("application/json")
        and answer.status_code >= 400
    ):
        found = answer.json()
        message = found.get("error", found.get("detail"))  # "detail": Starlette's 404, 405
        assert isinstance(message, str) and message and "\n" not in message, (where, found)
    before, world.content = world.content, _content(world.db)
    if 400 <= answer.status_code < 500:
        assert world.content == before, f"refused, yet the store changed: {where}"


def _hostile(template: str, fields: list[str]) -> list[tuple[str, Any]]:
    values: tuple[Any, ...] = NUMBERS + TEXTS
    if template.startswith("/api/"):
        values += JSON_VALUES
    pairs = [(name, v) for name in fields for v in values]
    pairs += [(name, v) for name in re.findall(r"\{(\w+)\}", template) for v in SEGMENTS]
    return pairs


@pytest.mark.parametrize("route", sorted(ROUTES), ids=lambda r: f"{r[0]} {r[1]}")
def test_hostile_requests(route: tuple[str, str], world: World) -> None:
    method, template = route
    if template.endswith("/logout"):
        return  # it would end the walk's sessions (it reads no field)
    fields = _fields(ROUTES[route])
    if route not in NOT_ORDINARY:
        _send(world, method, template, fields, None)
    pairs = _hostile(template, fields)
    if not pairs or not SAMPLES:
        return

    @settings(max_examples=min(SAMPLES, len(pairs)), deadline=None, derandomize=True,
              database=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
    @given(st.sampled_from(rotated(pairs)))
    def hostile(pair: tuple[str, Any]) -> None:
        _send(world, method, template, fields, pair)

    hostile()


@pytest.mark.parametrize("model", [LoginBody, SlipBody, CorrectionBody, DisputeBody])
def test_every_hostile_value_of_a_table_body(model: type[Any]) -> None:
    """Every field of every body a table sends, given every hostile value: read within
    the field's bounds, or refused in one line with its code and the field."""
    for name in model.model_fields:
        for value in (*NUMBERS, *TEXTS, *JSON_VALUES):
            try:
                read = getattr(parsed(model, {name: value}), name)
            except EntryError as exc:
                assert exc.code.startswith("request.") and exc.where.input == name, exc
                assert "\n" not in str(exc) and len(str(exc)) < 200, exc
                continue
            if isinstance(read, int):
                assert read >= 1 and read <= 2**63 - 1, (name, value, read)
            elif read is not None:
                assert isinstance(read, str) and read.isprintable() and read == read.strip()


def test_every_route_is_walked() -> None:
    """The walk reaches the table API, the table pages, the live pages and the console."""
    paths = {path for _, path in ROUTES}
    assert {"/api/table/login", "/api/table/results", "/t/login", "/t/results", "/e/"} <= paths
    assert sum(p.startswith("/d/") for p in paths) >= 50


def test_a_body_too_large_is_refused_before_it_is_read(world: World) -> None:
    """100 MiB announced: 413 at once, nothing read; streamed without a length: 413 once
    past the limit."""
    huge = world.client.post(
        "/api/table/login", headers={"content-length": str(100 * 1024 * 1024)}, content=b"{}"
    )
    assert huge.status_code == 413 and "larger than 64 KiB" in huge.json()["error"]
    assert (huge.json()["code"], huge.json()["params"]) == ("request.too-large", {"size": "64 KiB"})

    def chunks() -> Iterator[bytes]:
        for _ in range(1000):
            yield b" " * 65536

    streamed = world.client.post("/api/table/login", content=chunks())
    assert streamed.status_code == 413
    form = world.client.post("/t/login", data={"code": "x" * 100_000})
    assert form.status_code == 413


def test_json_nested_deep_numbers_long_and_surrogates_are_one_line(world: World) -> None:
    for raw, code in [
        (b"[" * 30_000 + b"]" * 30_000, "request.too-deep"),
        (b'{"event": ' + b"9" * 5000 + b"}", "request.number-refused"),
        (b'{"event": NaN}', "request.number-refused"),
        (b'{"event": 1, "table": 1, "code": "\\udcff"}', "request.surrogate"),
        (b'{"event": 1, "table": 1, "\\uD800": "A"}', "request.surrogate"),  # in a key
        (b'{"event": 1, "table": 1, "code": ["\\u00e9\\uDFFFx"]}', "request.surrogate"),
        (b'{"event": 1, "table": 1, "code": "\xed\xa0\x80"}', "request.not-json"),  # UTF-8'd
        (b'{"event": "\xff"}', "request.not-json"),
        (b'{"event": "\\u00b2", "table": 1, "code": "A"}', "request.number-range"),
    ]:
        answer = world.client.post("/api/table/login", content=raw)
        assert answer.status_code == 422, raw[:40]
        assert answer.json()["code"] == code, (raw[:40], answer.json())
        assert "\n" not in answer.json()["error"]
    deep = b"[" * 30_000 + b"]" * 30_000
    japanese = world.client.post("/api/table/login?lang=ja", content=deep)
    assert japanese.json()["error"] == "送られた内容のリストやオブジェクトの入れ子が深すぎます"
