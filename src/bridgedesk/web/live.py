"""Live results (``/e/...``): public and read-only.

``/e/`` lists the events; ``/e/{event}/`` shows each section's ranking so far,
the travellers of the boards every table has played (never a board still in
play), and the hand records once the session is over.  The page updates
without a reload: it listens to ``/e/{event}/events`` (server-sent events),
which says ``update`` whenever a result of the event is added, corrected or
deleted, by this server or any other process on the same database; the page
then fetches ``/e/{event}/live`` (the same content as a fragment) with htmx.

Every change this process commits (a table's result through its writer,
:mod:`bridgedesk.web.writer`; a correction, ruling or entry at its console) wakes
the event's streams as it commits (:func:`listen`, :meth:`Versions.touch`), and on
PostgreSQL so does another worker's (:mod:`bridgedesk.store.notices`); another
process's change on SQLite (the command line) is seen by polling the database's
version of the event, at most once every ``poll_seconds`` per event however many
people watch.  The fragment and the
ranking JSON are made once per version of the event (and language): requests
arriving while one is being made wait for it.  The sections' values come from the process's
:class:`~bridgedesk.services.live_results.LiveResults`, which reads and scores only
what changed since, and each section's block of the page is rendered again only when
that section changed (:class:`~bridgedesk.web.live_kept.SectionBlocks`).

The viewers cost the server little between two changes.  The streams announce a
change at most once every ``update_seconds`` per event (the first at once, the next
when that time has passed since the one before: changes that come faster share one
``update``), so a busy evening makes the page, and each viewer fetches it, a bounded
number of times a second.  Each ``update`` (and the ``hello`` a stream starts with)
carries the event's version, the one the page's ``data-version`` is written with
(:func:`live_context`): ``live.js`` does not fetch a version it already shows.  A
``GET /e/{event}/live`` between two changes is answered with the bytes kept for the
version, with no store read and no thread, before the framework sees it
(:class:`~bridgedesk.web.live_kept.KeptDoor`): the version is asked of the store only
after this process changed the event (:meth:`~bridgedesk.web.live_kept.Versions.touch`)
or ``poll_seconds`` after it was last asked.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse

from bridgedesk.bridge import Seat
from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import catalog
from bridgedesk.services import live as scoring
from bridgedesk.services import visibility
from bridgedesk.services.live_results import LiveResults, LiveSection
from bridgedesk.store.notices import Listener, on_changes
from bridgedesk.store.service import Store
from bridgedesk.store.team_events import is_team_event
from bridgedesk.web.language import language
from bridgedesk.web.live_kept import Fragment, SectionBlocks, Versions, fragment_key
from bridgedesk.web.security import status_of
from bridgedesk.web.templating import page, refused_fragment, render
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/e")

#: How long one server-sent-events answer lasts; the browser then reconnects by itself.
STREAM_SECONDS = 600.0
#: A comment line this often keeps proxies from closing a quiet stream.
HEARTBEAT_SECONDS = 15.0


def _versions(app: FastAPI) -> Versions:
    found = getattr(app.state, "versions", None)
    if found is None:
        spacing = getattr(app.state, "update_seconds", 0.0)
        found = Versions(every=app.state.poll_seconds, app=app, spacing=spacing)
        app.state.versions = found
    assert isinstance(found, Versions)
    return found


def touch(app: FastAPI, events: Iterable[int]) -> None:
    """Results of ``events`` were just stored by this process (see :meth:`Versions.touch`)."""
    _versions(app).touch(events)


def listen(app: FastAPI) -> Callable[[], None]:
    """Wake the streams of each event this process or another changes, at once instead of
    at the next poll (:func:`touch`, in the app's event loop): this process's own writes
    as each commits (a correction, a ruling or an entry at the console; on SQLite too,
    :func:`bridgedesk.store.notices.on_changes`), and on PostgreSQL another process's
    through a started :class:`~bridgedesk.store.notices.Listener` (``app.state.listener``).
    Call in the app's event loop (its lifespan); gives back what stops both."""
    store: Store = app.state.store
    loop = asyncio.get_running_loop()

    def heard(events: set[int]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: no one to wake
            loop.call_soon_threadsafe(touch, app, events)

    stops = [on_changes(store, heard)]
    if store.engine.dialect.name == "postgresql":
        found = Listener(store.engine, lambda event: heard({event}))
        found.start()
        app.state.listener = found
        stops.append(found.stop)

    def stop() -> None:
        for each in stops:
            each()

    return stop


def live_results(app: FastAPI) -> LiveResults:
    """The process's live results (one per app, made on first use)."""
    found = getattr(app.state, "live_results", None)
    if found is None:
        found = LiveResults(app.state.store)
        app.state.live_results = found
    assert isinstance(found, LiveResults)
    return found


async def stop(app: FastAPI) -> None:
    """Let open event streams end (the app is shutting down)."""
    _versions(app).close()


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _hands(deals: dict[int, str], boards: list[int]) -> list[dict[str, Any]]:
    from bridgedesk.deals.cards import Suit
    from bridgedesk.deals.deal import Deal

    out = []
    for board in boards:
        if board not in deals:
            continue
        deal = Deal.from_pbn(deals[board], board)
        hands = {}
        for seat in Seat:
            hand = deal.hand(seat)
            hands[seat.value.lower()] = [
                (css, symbol, hand.holding(suit, ten="10", void="—"))
                for suit, css, symbol in (
                    (Suit.S, "spades", "♠"),
                    (Suit.H, "hearts", "♥"),
                    (Suit.D, "diamonds", "♦"),
                    (Suit.C, "clubs", "♣"),
                )
            ]
        out.append({"board": board, "hands": hands})
    return out


def live_context(
    store: Store, event: int, session: int | None = None, cache: LiveResults | None = None
) -> dict[str, Any]:
    """What the live page shows (the session being played, unless ``session``); with
    ``cache`` (the process's live results), what did not change is not read or scored
    again.  ``version`` is the event's version the content was made at, as
    :func:`bridgedesk.store.versions.event_version` gives it."""
    cache = cache or LiveResults(store)
    stamps = cache.stamps(event)  # one read: the sections whose stamp moved are read again
    some = next(iter(stamps.values()), None)
    rules = cache.rules(event, None if some is None else (some.corrected, some.ruled))

    def section(number: int, name: str) -> LiveSection:
        return cache.section(event, number, name, stamps.get((number, name)))

    if session is None:  # the last session with a result, else the first
        started = [
            n for n, names in rules.played.items() if any(stamps[(n, x)].count for x in names)
        ]
        session = max(started, default=1)
    sections = [section(session, name).display for name in rules.sections(session)]
    over = bool(sections) and all(s["over"] for s in sections)
    hands: list[dict[str, Any]] = []
    boards = sorted({b for s in sections for b in s["hands_boards"]})  # events.visibility
    if boards:
        hands = _hands(store.deals(event), boards)
    count = sum(x.count for x in stamps.values())
    last = max((x.last for x in stamps.values()), default=0)
    audits = 0 if some is None else some.corrected + some.ruled
    return {
        "version": (count, last, audits),  # as store.versions.event_version counts
        "info": rules.info,
        "event": rules.info.event,
        "sections": sections,
        "over": over,
        "hands": hands,
        "overall": scoring.overall(store, event, rules),
    }


@router.get("/", response_class=HTMLResponse)
async def events(request: Request) -> Response:
    found = await db_call(request, _store(request).events)
    _ = catalog(language(request)).gettext
    return page(request, "events.html.j2", title=_("Live results"), events=found)


def _blocks(app: FastAPI) -> SectionBlocks:
    found = getattr(app.state, "section_blocks", None)
    if found is None:
        found = app.state.section_blocks = SectionBlocks()
    assert isinstance(found, SectionBlocks)
    return found


def fragment_html(
    store: Store, event: int, lang: str, cache: LiveResults, blocks: SectionBlocks
) -> str:
    """The live content (``_live.html.j2``) as the store has it now."""
    context = live_context(store, event, cache=cache)
    version = ".".join(map(str, context.pop("version")))
    shown = [blocks.block(lang, event, display) for display in context.pop("sections")]
    return render("_live.html.j2", lang, version=version, section_blocks=shown, **context)


async def _fragment(request: Request, event: int) -> Fragment:
    """The live content, made once per change of the event and language."""
    lang = language(request)
    store = _store(request)
    cache = live_results(request.app)
    blocks = _blocks(request.app)

    def compute() -> Fragment:
        return Fragment.of(fragment_html(store, event, lang, cache, blocks))

    found: Fragment = await _versions(request.app).cached(
        store, event, fragment_key(event, lang), compute, ahead=True
    )
    return found


async def ranking_document(
    request: Request, event: int, section: str | None, session: int | None
) -> bytes:
    """The ranking JSON of :func:`bridgedesk.services.live.ranking_document` as the
    answer's body, made once per change of the event."""
    return await ranking_body(request.app, event, section, session)


async def ranking_body(app: FastAPI, event: int, section: str | None, session: int | None) -> bytes:
    """:func:`ranking_document` of the app (between two changes: the answer kept)."""
    store: Store = app.state.store
    cache = live_results(app)
    body: bytes = await _versions(app).cached(
        store,
        event,
        ("ranking", event, section, session),
        # what the public may see of it (events.visibility)
        lambda: visibility.kept_public_ranking(store, cache, event, section, session),
    )
    return body


@router.get("/{event}/", response_class=HTMLResponse)
async def live_page(request: Request, event: int) -> Response:
    try:
        if await db_call(request, is_team_event, _store(request), event):
            return RedirectResponse(f"/e/{event}/teams/", status_code=303)  # web/team_live.py
        fragment = (await _fragment(request, event)).html
        info = await db_call(request, _store(request).event, event)
    except BridgedeskError as exc:
        _ = catalog(language(request)).gettext
        return page(
            request,
            "error.html.j2",
            status_of(exc),
            title=_("Live results"),
            message=exc,
            back="/e/",
        )
    _ = catalog(language(request)).gettext
    return page(
        request,
        "live.html.j2",
        title=f"{info.event.name} — {_('Live results')}",
        event=info.event,
        event_id=event,
        fragment=fragment,
    )


@router.get("/{event}/live", response_class=HTMLResponse)
async def live_fragment(request: Request, event: int) -> Response:
    try:
        return (await _fragment(request, event)).response(request)
    except BridgedeskError as exc:
        return refused_fragment(request, "live", exc)


@router.get("/{event}/events")
async def live_events(request: Request, event: int) -> Response:
    """``event: update`` each time the event's results change (server-sent events)."""
    store = _store(request)
    versions = _versions(request.app)
    try:
        await db_call(request, store.event, event)
    except BridgedeskError as exc:
        return Response(str(exc), status_code=404)

    async def stream() -> AsyncIterator[str]:
        started = last_beat = time.monotonic()
        seen = await versions.get(store, event)
        yield f"retry: 2000\nevent: hello\ndata: {'.'.join(map(str, seen))}\n\n"
        while not versions.closing and time.monotonic() - started < STREAM_SECONDS:
            if await request.is_disconnected():
                return
            await versions.wait(event, versions.every)
            now = await versions.get(store, event)
            if now != seen:
                seen = now
                await versions.prepare(store, event)  # the fetches it brings find it kept
                yield f"event: update\ndata: {'.'.join(map(str, now))}\n\n"
            elif time.monotonic() - last_beat > HEARTBEAT_SECONDS:
                last_beat = time.monotonic()
                yield ": still here\n\n"

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


__all__ = [
    "Fragment",
    "SectionBlocks",
    "Versions",
    "fragment_html",
    "listen",
    "live_context",
    "live_results",
    "ranking_body",
    "ranking_document",
    "router",
    "stop",
    "touch",
]
