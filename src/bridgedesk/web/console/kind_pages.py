"""A console page that belongs to one kind of event (:mod:`.kinds`): asked of an event
of another kind, it answers with the reason instead (HTTP 422)."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import Response

from bridgedesk.errors import BridgedeskError
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need
from bridgedesk.web.console.pages import SectionPage, error_page
from bridgedesk.web.console.place import place_of

__all__ = ["kind_page"]


async def kind_page(
    request: Request, event: int, kind: str, page: SectionPage, refused: BridgedeskError
) -> Response:
    """``page`` for a viewer when the event is of ``kind``; ``refused`` says why not."""
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    if place.kind != kind:
        return error_page(request, refused, back=place.url(f"/d/events/{event}"))
    return await page(request, session, place)
