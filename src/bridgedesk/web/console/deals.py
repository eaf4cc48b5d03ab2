"""``/d/events/ID/deals``: the session's deals: import a PBN or HND file, deal new
boards, download them as PBN (for a dealing machine), print the hand records.

Importing reads the file as ``bridgedesk event deals`` does
(:func:`bridgedesk.formats.dealfile.load`, stored by
:func:`bridgedesk.store.deal_files.attach_deals`); new boards are dealt by
:func:`bridgedesk.deals.generate.generate` (``bridgedesk deals generate``, from
:mod:`secrets`); the hand records print with
:func:`bridgedesk.reports.hand_records.render_html`, with double dummy and par
(:func:`bridgedesk.deals.dd.analyse`) when asked.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.deals.analysis import BoardRecord
from bridgedesk.deals.generate import generate
from bridgedesk.errors import BridgedeskError, EntryError, ForbiddenError
from bridgedesk.events.seating import seats
from bridgedesk.formats import dealfile
from bridgedesk.i18n import catalog, lazy_gettext
from bridgedesk.reports.bundle import records_from_deals
from bridgedesk.reports.hand_records import render_html
from bridgedesk.services import visibility
from bridgedesk.store.deal_files import attach_deals, span
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.pages import SectionPage, as_uploaded, read_form, text_fields, upload_of
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.language import language
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

#: Largest deal file taken from the browser.
MAX_UPLOAD = 2_000_000


def _boards(store: Store, place: Place, _query: Mapping[str, str]) -> dict[str, Any]:
    movement = store.movement(place.event, section=place.section, session=place.session)
    planned = set() if movement is None else {b for _, _, a in seats(movement) for b in a.boards}
    return {"deals": store.deals(place.event), "planned": sorted(planned)}


_page = SectionPage("deals.html.j2", lazy_gettext("Deals"), _boards)


@router.get("/events/{event}/deals", response_class=HTMLResponse)
async def deals_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    return await _page(request, session, place)


def _read_upload(name: str, raw: bytes) -> list[BoardRecord]:
    suffix = "." + dealfile.kind(name)
    with tempfile.TemporaryDirectory(prefix="bridgedesk-") as tmp:
        path = Path(tmp) / f"upload{suffix}"
        path.write_bytes(raw)
        try:
            return dealfile.load(path)
        except BridgedeskError as exc:
            raise as_uploaded(exc, str(path), name) from None


@router.post("/events/{event}/deals")
async def import_deals(request: Request, event: int) -> Response:
    data = await request.form()
    form = text_fields(data)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    try:
        name, raw = await upload_of(data, lazy_gettext("a .pbn or .hnd deal file"), MAX_UPLOAD)
        records = _read_upload(name, raw)
        boards = await db_call(request, attach_deals, store_of(request), place.event, records)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"import": exc})
    done = (
        catalog(place.lang)
        .gettext("{n} deals attached (boards {boards})")
        .format(n=len(boards), boards=span(boards))
    )
    return RedirectResponse(place.url(f"/d/events/{event}/deals", done=done), status_code=303)


def _deal(store: Store, place: Place, form: Mapping[str, str]) -> list[int]:
    text = form.get("boards", "").strip()
    if not (text.isascii() and text.isdigit() and 1 <= len(text) <= 3 and int(text) >= 1):
        raise EntryError(
            "the number of boards is a whole number from 1, not {given!r}",
            code="deals.not-a-count",
            given=text,
        )
    return attach_deals(store, place.event, [BoardRecord(d) for d in generate(int(text), 1)])


@router.post("/events/{event}/deals/generate")
async def generate_deals(request: Request, event: int) -> Response:
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    try:
        boards = await db_call(request, _deal, store_of(request), place, form)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"generate": exc})
    done = (
        catalog(place.lang)
        .gettext("{n} boards dealt (boards {boards})")
        .format(n=len(boards), boards=span(boards))
    )
    return RedirectResponse(place.url(f"/d/events/{event}/deals", done=done), status_code=303)


def _records(store: Store, place: Place) -> list[BoardRecord]:
    deals = store.deals(place.event)
    if not deals:
        raise EntryError(
            "the event has no deals yet: import a file or deal the boards", code="deals.none-yet"
        )
    return records_from_deals(deals, sorted(deals))


@router.get("/events/{event}/deals.pbn")
async def download_pbn(request: Request, event: int) -> Response:
    session = await need(request, Role.DIRECTOR)
    place = await place_of(request, event)
    try:
        records = await db_call(request, _records, store_of(request), place)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"download": exc})
    with tempfile.TemporaryDirectory(prefix="bridgedesk-") as tmp:
        path = Path(tmp) / "deals.pbn"
        dealfile.dump(records, path, event=place.info.event.name, generator="bridgedesk")
        data = path.read_bytes()
    return Response(
        data,
        media_type="application/x-pbn",
        headers={"Content-Disposition": f'attachment; filename="event{place.event}.pbn"'},
    )


@router.get("/events/{event}/deals/hand-records", response_class=HTMLResponse)
async def hand_records(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    try:
        records = await db_call(request, _records, store_of(request), place)
        if session.user.role is Role.VIEWER:  # the hands once the session is over
            shown = await db_call(
                request, visibility.hands_for_viewer, store_of(request), place.event,
                place.section, place.session, [r.deal.board for r in records],
            )  # fmt: skip
            records = [r for r in records if r.deal.board in shown]
            if not records:
                raise ForbiddenError(
                    "the hand records show once every table has played",
                    code="deals.hands-before-play",
                )
        if request.query_params.get("dd"):
            from bridgedesk.deals.dd import analyse

            deals = [r.deal for r in records]
            records = await db_call(request, lambda: analyse(deals, workers=1))
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"download": exc})
    return HTMLResponse(render_html(records, lang=language(request), title=place.info.event.name))


__all__ = ["router"]
