"""The floor of ``bench_open_loop.py``: the least a result POST can cost in this stack.

A FastAPI app under the same uvicorn as ``bridgedesk serve`` that checks a bearer
token (its SHA-256 looked up in memory, as a table's token is stored) and inserts
one row into SQLite with the store's own settings (WAL, ``synchronous=FULL``, one
commit a request), then answers 201 with the row's id.  Nothing else: no slip is
read or checked, no ranking changes.

Run by ``bench_open_loop.py`` as::

    FLOOR_DB=/tmp/floor.sqlite3 FLOOR_TOKENS=t1,t2 \
        python -m uvicorn floor_app:app --app-dir bench --port N
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
_DB = os.environ.get("FLOOR_DB", ":memory:")
_TOKENS = {
    hashlib.sha256(t.encode()).hexdigest() for t in os.environ.get("FLOOR_TOKENS", "").split(",")
}
_local = threading.local()


def _create() -> None:
    """The file in WAL mode and its table, once before any request (two threads setting
    the journal mode at once would find the file locked)."""
    db = sqlite3.connect(_DB, isolation_level=None, timeout=30)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("create table if not exists slip (id integer primary key, body text)")
    db.close()


_create()


def _connection() -> sqlite3.Connection:
    found: sqlite3.Connection | None = getattr(_local, "db", None)
    if found is None:
        found = sqlite3.connect(_DB, isolation_level=None, timeout=30)
        found.execute("PRAGMA synchronous = FULL")
        found.execute("create table if not exists slip (id integer primary key, body text)")
        _local.db = found
    return found


def _insert(body: bytes) -> int:
    db = _connection()
    db.execute("BEGIN IMMEDIATE")
    row = db.execute("insert into slip (body) values (?)", (body.decode(),)).lastrowid
    db.execute("COMMIT")
    assert row is not None
    return row


@app.post("/api/table/results")
async def result(request: Request) -> JSONResponse:
    header = request.headers.get("authorization", "")
    token = header.removeprefix("Bearer ").strip()
    if hashlib.sha256(token.encode()).hexdigest() not in _TOKENS:
        return JSONResponse({"error": "not logged in"}, status_code=401)
    body = await request.body()
    json.loads(body)
    from starlette.concurrency import run_in_threadpool

    row = await run_in_threadpool(_insert, body)
    return JSONResponse({"id": row}, status_code=201)
