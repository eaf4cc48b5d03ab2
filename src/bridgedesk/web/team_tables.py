"""The table terminal of a team event (``/t/team``): the table's match and room, its
room results, and the comparison once both rooms of a board are in.

A team table logs in at ``/t/`` like any table; ``/t/table`` sends a team
event's table here.  The page says which match the table plays in its round
and which room it is (the open room seats the home team NS, the closed room
the away team NS, 004:1631-1633).  The form posts to ``/t/team/results``
with the terminal's CSRF token; the result is checked and stored by the tables' door,
:func:`bridgedesk.services.slips.enter_at_table` (the table's checks, then the
draw's, as ``bridgedesk result team``), a refusal shown beside the form with
nothing stored.  Corrections of a team table's results are made at
the console (``/d/teams/ID/results``), with a reason.
"""

from __future__ import annotations

import secrets
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError
from bridgedesk.events.seating import format_boards
from bridgedesk.i18n import catalog
from bridgedesk.services import slips, team_tables
from bridgedesk.store import terminals as term
from bridgedesk.store.service import Store
from bridgedesk.store.team_events import is_team_event
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of, terminal_of
from bridgedesk.web.table_body import table_slip
from bridgedesk.web.templating import page
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/t/team")

#: The result choices, as the opponents say them.
RESULTS = (*(f"-{n}" for n in range(13, 0, -1)), "=", *(f"+{n}" for n in range(1, 7)))
SEATS = ("N", "E", "S", "W")


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


async def is_team(request: Request, terminal: term.Terminal) -> bool:
    """Whether the terminal's event is a team event, remembered per process by the
    event's id and name (an event's kind never changes)."""
    known: dict[tuple[int, str], bool] | None = getattr(request.app.state, "team_events", None)
    if known is None:
        known = {}
        request.app.state.team_events = known
    key = (terminal.event_id, terminal.event_name)
    if key not in known:
        known[key] = await db_call(request, is_team_event, _store(request), terminal.event_id)
    return known[key]


async def store_team_result(
    request: Request, terminal: term.Terminal, body: Mapping[str, Any], key: str | None = None
) -> dict[str, Any]:
    """A team table's result sent to the table API (``POST /api/table/results``): its
    pairs are the draw's; checked and stored by the tables' door
    (:func:`bridgedesk.services.slips.enter_at_table`) with its ``Idempotency-Key``
    (a retry gets the first answer, never a 409), and answered as a pairs table's
    result is."""
    slip = table_slip(terminal, body, key, pairs=False)
    answer: dict[str, Any] = await db_call(request, slips.enter_at_table, _store(request), slip)
    return answer


def _context(store: Store, terminal: term.Terminal) -> dict[str, Any]:
    found = team_tables.table_match(store, terminal)
    d = found.match
    entries = store.entries(terminal.event_id)
    return {
        "found": found,
        "team_names": {n: e.names for n, e in entries.items()},
        "state": found.state,
        "boards_text": ""
        if d is None
        else format_boards(d.boards).removeprefix("boards ").removeprefix("board "),
        "results": RESULTS,
        "seats": SEATS,
    }


async def _page(
    request: Request,
    terminal: term.Terminal,
    status: int = 200,
    error: Shown = "",
    form: Mapping[str, str] | None = None,
) -> Response:
    lang = language(request)
    context = await db_call(request, _context, _store(request), terminal)
    return page(
        request,
        "team_table.html.j2",
        status,
        title=catalog(lang).gettext("Table terminal"),
        error=error,
        form=defaultdict(str, form or {}),
        done=request.query_params.get("done", ""),
        key=(form or {}).get("key") or secrets.token_urlsafe(16),  # a doubled tap: stored once
        **context,
    )


@router.get("", response_class=HTMLResponse)
async def table_page(request: Request) -> Response:
    store = _store(request)
    try:
        terminal = await db_call(request, terminal_of, request, store)
    except term.NotLoggedInError:
        return RedirectResponse("/t/", status_code=303)
    except BridgedeskError as exc:
        return _refused(request, exc)
    return await _page(request, terminal)


def _refused(request: Request, exc: BridgedeskError) -> HTMLResponse:
    _ = catalog(language(request)).gettext
    return page(request, "error.html.j2", status_of(exc), title=_("Not done"), message=exc,
                back="/t/")  # fmt: skip


@router.post("/results")
async def enter_result(request: Request) -> Response:
    """Store the room's result, or show the form again with the refusal beside it."""
    store = _store(request)
    data = await request.form()
    form = {k: v for k, v in data.items() if isinstance(v, str)}
    try:
        terminal = await db_call(request, terminal_of, request, store, True, form.get("csrf", ""))
    except BridgedeskError as exc:
        return _refused(request, exc)
    body = {
        "round": form.get("round", ""),
        "board": form.get("board", ""),
        "contract": (form.get("contract") or "").strip() or None,
        "declarer": form.get("declarer") or None,
        "result": form.get("result") or None,
        "lead": (form.get("lead") or "").strip().upper() or None,
    }
    try:
        slip = table_slip(terminal, body, form.get("key") or None, pairs=False)
        answer = await db_call(request, slips.enter_at_table, store, slip)
    except BridgedeskError as exc:
        return await _page(request, terminal, status_of(exc), exc, form)
    done = f"result {answer['id']}: board {answer['board']} {answer['result']}"
    from urllib.parse import urlencode

    return RedirectResponse(f"/t/team?{urlencode({'done': done})}", status_code=303)


__all__ = ["is_team", "router", "store_team_result"]
