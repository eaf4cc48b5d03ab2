"""The console and the table terminals together on PostgreSQL with two server
processes (``uvicorn --workers 2``, as ``bridgedesk serve --workers 2`` runs):
a console login works whichever process answers, and a correction made in the
console shows on the public ranking and on the tables' travellers, whichever
process is asked."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable

import httpx
import pytest

from bridgedesk.services.visibility import release
from bridgedesk.store import users
from bridgedesk.store.users import Role
from tests.web.conftest import stored_event

pytestmark = pytest.mark.slow
PASSWORD = "two-workers-pass"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _csrf(html: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert found is not None, html
    return found.group(1)


def two_workers(url: str) -> tuple[subprocess.Popen[bytes], str]:
    """``uvicorn --workers 2`` on the store at ``url``, answering on 127.0.0.1: the
    process and its address, once it answers (the caller terminates it)."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "bridgedesk.web.app:app_from_environment",
         "--factory", "--workers", "2", "--host", "127.0.0.1", "--port", str(port),
         "--log-level", "warning"],
        env={**os.environ, "BRIDGEDESK_DB": url},
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base}/e/").status_code == 200:
                return server, base
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            server.terminate()
            raise AssertionError("the workers did not start")
        time.sleep(0.2)


def test_a_console_correction_reaches_every_worker(
    new_postgres_db: Callable[[], str],
) -> None:
    url = new_postgres_db()
    stored = stored_event(url)
    users.add_user(stored.store, "boss", Role.DIRECTOR, PASSWORD)
    server, base = two_workers(url)
    try:
        a = stored.movement.assignment(1, 1)
        assert a is not None
        with httpx.Client(base_url=base) as table:
            token = table.post(
                "/api/table/login",
                json={"event": stored.event, "section": "A", "table": 1,
                      "code": stored.codes[("A", 1)]},
            ).json()["token"]  # fmt: skip
            auth = {"Authorization": f"Bearer {token}"}
            for n, board in enumerate(a.boards):
                answer = table.post(
                    "/api/table/results",
                    headers={**auth, "Idempotency-Key": f"k{n}"},
                    json={"round": 1, "board": board, "ns": a.ns, "ew": a.ew,
                          "contract": "4S", "declarer": "N", "result": "="},
                )  # fmt: skip
                assert answer.status_code == 201, answer.text
        first = next(r for r in stored.store.results(stored.event) if r.result.board == a.boards[0])
        with httpx.Client(base_url=base) as console:
            page = console.get("/d/login")
            answer = console.post(
                "/d/login",
                data={"username": "boss", "password": PASSWORD, "csrf_token": _csrf(page.text)},
            )
            assert answer.status_code == 303
            for _ in range(6):  # the session holds on either process
                assert console.get("/d/").status_code == 200
            csrf = _csrf(console.get("/d/").text)
            answer = console.post(
                f"/d/events/{stored.event}/results/{first.id}/correct",
                data={"csrf_token": csrf, "contract": "4S", "declarer": "N", "result": "-1",
                      "reason": "one down after all"},
            )  # fmt: skip
            assert answer.status_code == 303, answer.text
        # 4S by North one down, nobody vulnerable on board 1: NS -50
        assert a.boards[0] == 1
        # board 1 is still in play at other tables: the public sees it once released
        release(stored.store, stored.event, 1, shown=True, who="boss", reason="every worker")
        with httpx.Client(base_url=base) as anyone:
            for _ in range(6):  # either process answers with the correction
                ranking = anyone.get(f"/api/events/{stored.event}/ranking").json()
                board = next(b for b in ranking["boards"] if b["board"] == 1)
                assert [(r["result"], r["score_ns"]) for r in board["results"]] == [("-1", -50)]
                traveller = anyone.get(f"/api/table/traveller/{a.boards[0]}", headers=auth)
                assert traveller.status_code == 200
                assert [r["score_ns"] for r in traveller.json()["results"]] == [-50]
    finally:
        server.terminate()
        server.wait(timeout=30)
        stored.store.close()
