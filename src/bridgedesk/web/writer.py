"""One writer per server process: the tables' results, stored in small batches.

When many tables send results at the same moment, each request waits for the
one before it to commit (a database writes one transaction at a time, and each
commit waits for the disk).  The writer takes every slip waiting at that
moment and stores them in one transaction
(:func:`bridgedesk.services.slips.enter_at_tables`, the tables' one door), each
in its own savepoint, so a batch costs one commit and a refused result does not
hold the others back.  Each request still gets exactly its own answer or error:
a refusal answers its own request 422 (or 403, 409), a bug in one request's
slip answers that request 500 (logged with its traceback by the server) while
the rest of the batch is stored and answered 201.  Only a failure of the whole
transaction (the database gone) reaches every request of the batch.
A body is read into its slip before it is queued
(:func:`bridgedesk.web.table_body.table_slip`), so one that does not read is
answered at once and never joins a batch.

A retried request (the same ``Idempotency-Key`` and body from the same table)
that this process has already answered is answered again from memory
(:class:`Answered`), without a transaction: the stored idempotency record
holds that same answer and is never changed.  A retry reaching another
worker, or this one after a restart, is answered from the store as before.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from typing import Any

from fastapi import FastAPI

from bridgedesk.services.slips import TableSlip, enter_at_table, enter_at_tables
from bridgedesk.store.service import Store
from bridgedesk.web.threads import db_call

#: The most results stored in one transaction.
BATCH = 64

#: How many answered keys a process remembers (the oldest are forgotten first).
REMEMBER = 20_000

_Item = tuple[TableSlip, "asyncio.Future[dict[str, Any]]"]


class Answered:
    """The answers this process gave to requests with an ``Idempotency-Key``.

    Keyed by section, table and key; each holds the request's digest
    (:func:`bridgedesk.web.table_body.canonical`), so a key reused for another
    body is still refused by the store.
    """

    def __init__(self, size: int = REMEMBER) -> None:
        self.size = size
        self._answers: OrderedDict[tuple[int, int, str], tuple[str, dict[str, Any]]] = OrderedDict()

    def get(self, slip: TableSlip) -> dict[str, Any] | None:
        if slip.key is None:
            return None
        found = self._answers.get((slip.terminal.section_id, slip.terminal.table, slip.key))
        if found is None or found[0] != slip.request:
            return None
        return dict(found[1])

    def add(self, slip: TableSlip, answer: dict[str, Any]) -> None:
        if slip.key is None:
            return
        where = (slip.terminal.section_id, slip.terminal.table, slip.key)
        self._answers[where] = (slip.request, dict(answer))
        while len(self._answers) > self.size:
            self._answers.popitem(last=False)


class ResultWriter:
    """The process's writer.  The events that got a result hear of it as the batch
    commits, as every write of the process does (:func:`bridgedesk.web.live.listen`)."""

    def __init__(
        self,
        app: FastAPI,
        store: Store,
        batch: int = BATCH,
    ) -> None:
        self.app = app
        self.store = store
        self.batch = batch
        self._queue: asyncio.Queue[_Item] | None = None
        self._task: asyncio.Task[None] | None = None
        self.answered = Answered()

    async def start(self) -> None:
        self._queue = asyncio.Queue()
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._task = None

    async def submit(self, slip: TableSlip) -> dict[str, Any]:
        """Store one table's slip (with the others waiting now); its answer, or its error."""
        again = self.answered.get(slip)
        if again is not None:
            return again
        if self._queue is None or self._task is None or self._task.done():
            answer = await db_call(self.app, enter_at_table, self.store, slip)
        else:
            future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            await self._queue.put((slip, future))
            answer = await future
        self.answered.add(slip, answer)
        return answer

    async def _run(self) -> None:
        assert self._queue is not None
        while True:
            items = [await self._queue.get()]
            while len(items) < self.batch and not self._queue.empty():
                items.append(self._queue.get_nowait())
            slips = [slip for slip, _ in items]
            try:
                outcomes = await db_call(self.app, enter_at_tables, self.store, slips)
            except Exception as exc:  # the database failed: every request hears of it
                for _, future in items:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), outcome in zip(items, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, Exception):  # this request's refusal, or its bug
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)


__all__ = ["BATCH", "REMEMBER", "Answered", "ResultWriter"]
