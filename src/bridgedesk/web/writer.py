"""One writer per server process: the tables' results, stored in small batches.

When many tables send results at the same moment, each request waits for the
one before it to commit (a database writes one transaction at a time, and each
commit waits for the disk).  The writer takes every result waiting at that
moment and stores them in one transaction
(:func:`bridgedesk.store.terminals.enter_results`), each in its own savepoint,
so a batch costs one commit and a refused result does not hold the others
back.  Each request still gets exactly its own answer or error.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI

from bridgedesk.errors import BridgedeskError
from bridgedesk.store.service import Store
from bridgedesk.store.terminals import Terminal, enter_result, enter_results
from bridgedesk.web.threads import db_call

#: The most results stored in one transaction.
BATCH = 64

_Item = tuple[Terminal, Mapping[str, Any], str | None, "asyncio.Future[dict[str, Any]]"]


class ResultWriter:
    def __init__(self, app: FastAPI, store: Store, batch: int = BATCH) -> None:
        self.app = app
        self.store = store
        self.batch = batch
        self._queue: asyncio.Queue[_Item] | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._queue = asyncio.Queue()
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._task = None

    async def submit(
        self, terminal: Terminal, body: Mapping[str, Any], key: str | None
    ) -> dict[str, Any]:
        """Store one result (with the others waiting now); its answer, or its error."""
        if self._queue is None or self._task is None or self._task.done():
            return await db_call(self.app, enter_result, self.store, terminal, body, key)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        await self._queue.put((terminal, body, key, future))
        return await future

    async def _run(self) -> None:
        assert self._queue is not None
        while True:
            items = [await self._queue.get()]
            while len(items) < self.batch and not self._queue.empty():
                items.append(self._queue.get_nowait())
            requests = [(t, b, k) for t, b, k, _ in items]
            try:
                outcomes = await db_call(self.app, enter_results, self.store, requests)
            except Exception as exc:  # the database failed: every request hears of it
                for *_, future in items:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (*_, future), outcome in zip(items, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, BridgedeskError):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)


__all__ = ["BATCH", "ResultWriter"]
