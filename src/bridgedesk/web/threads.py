"""Store calls from the async app: in worker threads, at most ``DB_THREADS`` at once.

The store's calls block, so they run in worker threads.  No more of them run at
once than the store's connection pool keeps open (SQLAlchemy's default of 5):
more would only open and close extra connections (each new SQLite connection
sets its pragmas again) and fight over the interpreter, slowing every request.
The limiter is made when the app starts serving, in its event loop.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
from fastapi import FastAPI, Request
from starlette.concurrency import run_in_threadpool

T = TypeVar("T")
DB_THREADS = 5


def start(app: FastAPI) -> None:
    app.state.db_limiter = anyio.CapacityLimiter(DB_THREADS)


async def db_call(where: Request | FastAPI, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a worker thread, within the app's limit."""
    app = where.app if isinstance(where, Request) else where
    limiter = getattr(app.state, "db_limiter", None)
    if limiter is None:  # not started through the lifespan (a bare test client)
        return await run_in_threadpool(fn, *args)
    result: T = await anyio.to_thread.run_sync(functools.partial(fn, *args), limiter=limiter)
    return result


__all__ = ["DB_THREADS", "db_call", "start"]
