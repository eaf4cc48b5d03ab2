"""``/d/events/ID/paper/FORM``: the printable paper of an evening without phones.

The section's guide cards (its own movement, numbered as its pairs know them), pick-up
slips, travelling score sheets and a board-a-match team event's B-a-M report forms,
each an A4 page the browser prints (:mod:`bridgedesk.services.paper`, the same pages
``bridgedesk event forms`` and ``movement cards --event`` write).  In the page's
language, or ``?in=en|ja|sv``.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgedesk.errors import BridgedeskError, MovementError
from bridgedesk.i18n import LANGS
from bridgedesk.reports.movement_cards import render_html, render_individual_html
from bridgedesk.services.paper import FORMS, event_sheet, forms
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.pages import error_page
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.language import language
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

#: What the console prints: the guide cards, then the forms.
PAPER = ("cards", *FORMS)


def paper_page(store: Store, place: Place, form: str, lang: str) -> str:
    """One printable page of the place's section (module doc)."""
    if form == "cards":
        sheet = event_sheet(store, place.event, place.section, place.session)
        if sheet.individual is not None:
            return render_individual_html(sheet.individual, lang)
        assert sheet.movement is not None
        return render_html(sheet.movement, lang)
    if form not in FORMS:
        raise MovementError(
            "the paper forms are {forms}, not {form!r}",
            code="forms.unknown-paper",
            forms=", ".join(PAPER),
            form=form,
        )
    return forms(store, place.event, place.section, place.session, lang, only=form)[form]


@router.get("/events/{event}/paper/{form}", response_class=HTMLResponse)
async def paper(request: Request, event: int, form: str) -> Response:
    await need(request, Role.VIEWER)
    place = await place_of(request, event)
    asked = request.query_params.get("in", "")
    lang = asked if asked in LANGS else language(request)
    try:
        html = await db_call(request, paper_page, store_of(request), place, form, lang)
    except BridgedeskError as exc:
        return error_page(request, exc, back=place.url(f"/d/events/{event}/movement"))
    return HTMLResponse(html)


__all__ = ["PAPER", "paper_page", "router"]
