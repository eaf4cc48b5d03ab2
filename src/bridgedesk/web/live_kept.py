"""What the live pages keep between two changes of an event, and the door that answers
from it.

:class:`Versions` knows each watched event's version (asked of the store at most every
``poll_seconds`` unless this process changed the event: :meth:`Versions.touch`), keeps
each answer made from it until the version moves, and wakes the event's streams,
at most once every ``update_seconds``, once the live fragments its viewers read are
made for the new version (:meth:`Versions.prepare`).  :class:`SectionBlocks` keeps
each section's block of the live page until that section changes.  :class:`KeptDoor`
answers a ``GET /e/{event}/live`` whose content is kept for the version known before
the request reaches the framework (its routing, dependencies and exception layers do
nothing for such a request): the same bytes, status and headers the route would
answer with.  Everything else, and a fragment not kept or whose version must be asked
again, goes on to the app.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import math
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from bridgedesk.errors import BridgedeskError
from bridgedesk.store.service import Store
from bridgedesk.store.terminals import event_version
from bridgedesk.web.language import language
from bridgedesk.web.templating import render
from bridgedesk.web.threads import db_call

#: How long a fragment nobody asked for is still made ahead of the requests after a change.
AHEAD_SECONDS = 60.0


@dataclass
class Versions:
    """The last known version of each watched event, read from the store at most every
    ``every`` s unless this process changed it (:meth:`touch`); its streams woken at
    most once every ``spacing`` s."""

    every: float
    app: FastAPI
    spacing: float = 0.0
    known: dict[int, tuple[float, tuple[int, int, int]]] = field(default_factory=dict)
    pages: dict[tuple[Any, ...], tuple[tuple[int, int, int], Any]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    closing: bool = False
    running: dict[tuple[Any, ...], tuple[tuple[int, int, int], asyncio.Future[Any]]] = field(
        default_factory=dict
    )
    changed: dict[int, asyncio.Event] = field(default_factory=dict)
    #: when each event's streams were last woken, and the wakes put off until ``spacing``
    woken: dict[int, float] = field(default_factory=dict)
    later: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    #: what is made ahead of the requests (:meth:`prepare`), by event, and when each
    #: was last asked for
    ahead: dict[int, dict[tuple[Any, ...], Callable[[], Any]]] = field(default_factory=dict)
    asked: dict[tuple[Any, ...], float] = field(default_factory=dict)

    async def get(self, store: Store, event: int) -> tuple[int, int, int]:
        async with self.lock:
            now = time.monotonic()
            seen = self.known.get(event)
            if seen is not None and now - seen[0] < self.every:
                return seen[1]
            version = await db_call(self.app, event_version, store, event)
            self.known[event] = (time.monotonic(), version)
            return version

    def touch(self, events: Iterable[int]) -> None:
        """This process has just stored results of ``events``: their version is read
        again at the next :meth:`get`, and their streams wake now, or ``spacing`` s
        after they last woke if that is later (call in the loop)."""
        for event in events:
            self.known.pop(event, None)
            if event in self.later:  # a wake is due: it announces this change too
                continue
            wait = self.woken.get(event, -math.inf) + self.spacing - time.monotonic()
            if wait > 0 and not self.closing:
                self.later[event] = asyncio.get_running_loop().call_later(wait, self._wake, event)
            else:
                self._wake(event)

    def _wake(self, event: int) -> None:
        self.later.pop(event, None)
        self.woken[event] = time.monotonic()
        waking = self.changed.pop(event, None)
        if waking is not None:
            waking.set()

    def close(self) -> None:
        """The app stops: streams end, and the wakes put off are done now."""
        self.closing = True
        for event in list(self.later):
            self.later.pop(event).cancel()
            self._wake(event)

    async def wait(self, event: int, timeout: float) -> None:
        """Until this process touches ``event``, or ``timeout`` s (another process may
        have changed it: the caller asks the store)."""
        waking = self.changed.get(event)
        if waking is None:
            waking = self.changed[event] = asyncio.Event()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(waking.wait(), timeout)

    def kept(self, event: int, key: tuple[Any, ...]) -> Any | None:
        """What :meth:`cached` keeps under ``key`` when it is still the event's (the
        version known, and asked of the store less than ``every`` s ago): no store read,
        no waiting; None otherwise."""
        seen = self.known.get(event)
        now = time.monotonic()
        if seen is None or now - seen[0] >= self.every:
            return None
        found = self.pages.get(key)
        if found is None or found[0] != seen[1]:
            return None
        if key in self.asked:
            self.asked[key] = now
        return found[1]

    async def prepare(self, store: Store, event: int) -> None:
        """Make for the event's version now what is made ahead for it (:meth:`cached`)
        and was asked for in the last ``AHEAD_SECONDS``, so the requests an ``update``
        brings find it kept; what is no longer asked for is forgotten.  A refusal is
        left for the request to answer."""
        now = time.monotonic()
        for key, compute in list(self.ahead.get(event, {}).items()):
            if now - self.asked.get(key, -math.inf) > AHEAD_SECONDS:
                del self.ahead[event][key]
                self.asked.pop(key, None)
                continue
            with contextlib.suppress(BridgedeskError):
                await self.cached(store, event, key, compute)

    async def cached(
        self,
        store: Store,
        event: int,
        key: tuple[Any, ...],
        compute: Callable[[], Any],
        ahead: bool = False,
    ) -> Any:
        """``compute()`` (run in a worker thread), again only once the event has changed;
        ``ahead``: made again by :meth:`prepare` as long as it is asked for."""
        if ahead:
            self.ahead.setdefault(event, {})[key] = compute
            self.asked[key] = time.monotonic()
        version = await self.get(store, event)
        found = self.pages.get(key)
        if found is not None and found[0] == version:
            return found[1]
        running = self.running.get(key)
        if running is not None and running[0] == version:  # being computed: wait for it
            return await asyncio.shield(running[1])
        task = asyncio.ensure_future(db_call(self.app, compute))
        self.running[key] = (version, task)
        try:
            value = await asyncio.shield(task)
        finally:
            if self.running.get(key, (None, None))[1] is task:
                del self.running[key]
        self.pages[key] = (version, value)
        return value


class SectionBlocks:
    """Each section's block of the live page (``_live_section.html.j2``) as last
    rendered, by language: rendered again only when the section's display is another
    one (:attr:`~bridgedesk.services.live_results.LiveSection.display` is made once
    per stamp of the section), so a new result renders its own section alone."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, int, str], tuple[dict[str, Any], Markup]] = {}

    def block(self, lang: str, event: int, display: dict[str, Any]) -> Markup:
        key = (lang, event, display["section"])
        found = self._kept.get(key)
        if found is not None and found[0] is display:
            return found[1]
        html = Markup(render("_live_section.html.j2", lang, sec=display))  # rendered autoescaped
        self._kept[key] = (display, html)
        return html


@dataclass(frozen=True)
class Fragment:
    """The live content at one version in one language: as text (the page embeds it)
    and as the body ``/e/{event}/live`` answers with, plain and gzipped (its rows
    repeat: a twentieth of the bytes on the club's Wi-Fi)."""

    html: str
    body: bytes
    packed: bytes

    @classmethod
    def of(cls, html: str) -> Fragment:
        body = html.encode("utf-8")
        return cls(html, body, gzip.compress(body, compresslevel=6, mtime=0))

    def answer(self, accept_encoding: str | None) -> tuple[list[tuple[bytes, bytes]], bytes]:
        """The answer's headers and body for a request that says ``accept_encoding``."""
        packed = accepts_gzip(accept_encoding)
        body = self.packed if packed else self.body
        headers = [
            (b"content-length", str(len(body)).encode("ascii")),
            (b"content-type", b"text/html; charset=utf-8"),
            (b"vary", b"Accept-Encoding"),
        ]
        if packed:
            headers.append((b"content-encoding", b"gzip"))
        return headers, body

    def response(self, request: Request) -> Response:
        """:meth:`answer` as the route's response."""
        headers, body = self.answer(request.headers.get("accept-encoding"))
        answer = Response(body)
        answer.raw_headers = headers
        return answer


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (RFC 9110 12.5.3: named, or
    ``*``, with a weight above 0; a name given twice counts as first given)."""
    if not accept_encoding:
        return False
    taken: dict[str, bool] = {}
    for item in accept_encoding.split(","):
        name, *params = item.split(";")
        weight = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:  # no weight we can read: not taken
                    weight = 0.0
        taken.setdefault(name.strip().lower(), weight > 0)
    return taken.get("gzip", taken.get("*", False))


def fragment_key(event: int, lang: str) -> tuple[Any, ...]:
    """Where :class:`Versions` keeps the live fragment of ``event`` in ``lang``."""
    return ("live", event, lang)


_FRAGMENT_PATH = re.compile(r"/e/([0-9]{1,18})/live")


class KeptDoor:
    """ASGI middleware: a ``GET /e/{event}/live`` (no body) whose fragment is kept for
    the version known (:meth:`Versions.kept`) is answered with it here; any other
    request goes on to the app.  The answer is :meth:`Fragment.answer`'s, as the
    route's (gzipped when the request takes it)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET":
            found = _FRAGMENT_PATH.fullmatch(scope["path"])
            versions = getattr(scope["app"].state, "versions", None) if found else None
            if found and isinstance(versions, Versions) and not _has_body(scope):
                event = int(found.group(1))
                request = Request(scope)
                fragment = versions.kept(event, fragment_key(event, language(request)))
                if isinstance(fragment, Fragment):
                    headers, body = fragment.answer(request.headers.get("accept-encoding"))
                    await send({"type": "http.response.start", "status": 200,
                                "headers": headers})  # fmt: skip
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.app(scope, receive, send)


def _has_body(scope: Scope) -> bool:
    for name, value in scope.get("headers", ()):
        if name == b"transfer-encoding" or (name == b"content-length" and value != b"0"):
            return True
    return False


__all__ = [
    "AHEAD_SECONDS",
    "Fragment",
    "KeptDoor",
    "SectionBlocks",
    "Versions",
    "accepts_gzip",
    "fragment_key",
]
