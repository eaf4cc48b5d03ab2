"""The public live results of a team event (``/e/ID/teams/``): the standings and the
cross-table as they stand, and the report set's pages (match scorecards, team
sheets, rounds ...).

``/e/ID/`` sends a team event here.  The standings are those of the console
(:func:`bridgedesk.web.console.team_publish.standings_context`), marked
provisional while room results are missing; like the pairs' live page, the
content is swapped in again whenever the event's results change (the
``/e/ID/events`` stream of :mod:`bridgedesk.web.live`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgedesk.errors import BridgedeskError
from bridgedesk.i18n import catalog
from bridgedesk.services import visibility
from bridgedesk.store import team_events
from bridgedesk.store.service import Store
from bridgedesk.web.console.team_publish import standings_context
from bridgedesk.web.language import language
from bridgedesk.web.security import status_of
from bridgedesk.web.team_reports import report_page
from bridgedesk.web.templating import page, refused_fragment, render
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/e")


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _fragment(store: Store, event: int, lang: str) -> str:
    team_events.settings(store, event)  # one line for a pairs event
    context = standings_context(store, event)
    return render("_team_live.html.j2", lang, event_id=event, **context)


def _refused(request: Request, exc: BridgedeskError) -> HTMLResponse:
    _ = catalog(language(request)).gettext
    return page(request, "error.html.j2", status_of(exc), title=_("Live results"), message=exc,
                back="/e/")  # fmt: skip


@router.get("/{event}/teams/", response_class=HTMLResponse)
async def team_live(request: Request, event: int) -> Response:
    store = _store(request)
    lang = language(request)
    try:
        info = await db_call(request, store.event, event)
        fragment = await db_call(request, _fragment, store, event, lang)
    except BridgedeskError as exc:
        return _refused(request, exc)
    return page(
        request,
        "team_live.html.j2",
        title=f"{info.event.name} — {catalog(lang).gettext('Live results')}",
        event=info.event,
        event_id=event,
        fragment=fragment,
    )


@router.get("/{event}/teams/live", response_class=HTMLResponse)
async def team_live_fragment(request: Request, event: int) -> Response:
    try:
        html = await db_call(request, _fragment, _store(request), event, language(request))
    except BridgedeskError as exc:
        return refused_fragment(request, "live", exc)
    return HTMLResponse(html)


@router.get("/{event}/teams/{name}.html", response_class=HTMLResponse)
async def team_report(request: Request, event: int, name: str) -> Response:
    try:
        if name != "standings":  # board by board: not while boards are in play (visibility)
            await db_call(request, visibility.team_board_pages, _store(request), event)
        html = await db_call(request, report_page, _store(request), event, name, language(request))
    except BridgedeskError as exc:
        return _refused(request, exc)
    return HTMLResponse(html)


__all__ = ["router"]
