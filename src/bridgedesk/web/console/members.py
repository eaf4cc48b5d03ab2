"""``/d/members?find=`` (or ``?q=``): the player register while the director types
an entry.

The entry form's "find a player" field asks this through htmx as the director
types (after a short pause); the answer is a list of buttons, one per member
found by the start of the number or part of the name
(:func:`bridgedesk.store.player_lookup.find_players`).  Choosing one (mouse,
or the keyboard: arrow down from the field, Enter) adds the player's name and
member number to the entry's fields (``static/console.js``).  Names are
escaped like every other name on the pages.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgedesk.store.player_lookup import find_players
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.pages import fragment
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")


@router.get("/members", response_class=HTMLResponse)
async def members(request: Request) -> Response:
    session = await need(request, Role.DIRECTOR)
    query = request.query_params
    text = (query.get("find") or query.get("q") or "")[:100]
    found = await db_call(request, find_players, store_of(request), text)
    return fragment(request, "_members.html.j2", session, found=found, asked=text.strip())


__all__ = ["router"]
