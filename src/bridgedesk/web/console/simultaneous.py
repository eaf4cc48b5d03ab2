"""``/d/simultaneous``: a simultaneous event at the console (docs/simultaneous.md).

The organiser's pages: the events (list, and the form that makes one with its deal
file, ``bridgedesk simultaneous new``), an event's page: its heats (what each
registered and has sent), the form that registers a heat (its token shown once,
``simultaneous heat``), the form that imports a heat's file (bridgedesk's export,
USEBIO or PBN; after the deadline with a reason, ``simultaneous import``), the upload
audit, the national ranking's top, the awards (recorded with one button,
``simultaneous awards --record``) and the report set as a zip (``simultaneous
results --out``).  A club's console sends its own heat from ``/d/events/ID/send``
(``simultaneous upload``).  Every action calls the service the command calls; a
refusal is shown beside its form and nothing is stored.
"""

from __future__ import annotations

import functools
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.formats import dealfile, heat_files
from bridgedesk.i18n import LazyText, catalog, lazy_gettext, lazy_pgettext
from bridgedesk.reading import decode
from bridgedesk.reports.output import Output
from bridgedesk.results.numbers import fixed
from bridgedesk.services import (
    heat_export,
    heat_uploads,
    publishing,
    simultaneous,
    simultaneous_scores,
)
from bridgedesk.store import simultaneous as store
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.console.auth import need, store_of, zip_download
from bridgedesk.web.console.pages import (
    as_uploaded,
    console_page,
    read_form,
    refill,
    text_fields,
    upload_of,
)
from bridgedesk.web.console.place import NoSuchPlaceError, place_of
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

#: Largest deal file or heat file taken from the browser.
MAX_UPLOAD = 8_000_000
#: Rows of the national ranking the event's page shows (the whole is in the report set).
TOP = 30


def _list_page(
    request: Request,
    session: UserSession,
    status: int = 200,
    errors: Mapping[str, Shown] | None = None,
    form: Mapping[str, str] | None = None,
) -> HTMLResponse:
    found = store.simultaneous_events(store_of(request))
    return console_page(
        request, "simultaneous_list.html.j2", session,
        catalog(language(request)).gettext("Simultaneous events"), status, events=found,
        form=refill(form or {"rating": "regional", "masterpoints": "none"}),
        errors=refill(errors or {}),
    )  # fmt: skip


@router.get("/simultaneous", response_class=HTMLResponse)
async def events_page(request: Request) -> Response:
    session = await need(request, Role.VIEWER)
    return await db_call(request, _list_page, request, session)


def _create(store_: Store, form: Mapping[str, str], name: str, raw: bytes) -> int:
    suffix = "." + dealfile.kind(name)
    with tempfile.TemporaryDirectory(prefix="bridgedesk-") as tmp:
        path = Path(tmp) / f"deals{suffix}"
        path.write_bytes(raw)
        asked = simultaneous.NewSimultaneous(
            form.get("name", ""), path, form.get("date") or None, form.get("club", ""),
            form.get("rating") or "regional", form.get("deadline") or None,
            form.get("masterpoints") or "none",
        )  # fmt: skip
        try:
            return simultaneous.create_simultaneous(store_, asked)
        except BridgedeskError as exc:
            raise as_uploaded(exc, str(path), name) from None


@router.post("/simultaneous")
async def create(request: Request) -> Response:
    data = await request.form()
    form = text_fields(data)
    session = await need(request, Role.DIRECTOR, form)
    try:
        name, raw = await upload_of(
            data, lazy_gettext("the deal set (a .pbn or .hnd file)"), MAX_UPLOAD
        )
        eid = await db_call(request, _create, store_of(request), form, name, raw)
    except BridgedeskError as exc:
        return await db_call(
            request, _list_page, request, session, status_of(exc), {"new": exc}, form
        )
    return RedirectResponse(f"/d/simultaneous/{eid}", status_code=303)


# -- one event --------------------------------------------------------------------------


def _gather(store_: Store, event: int, lang: str) -> dict[str, Any]:
    try:
        info = store_.event(event)
        heats = store.heats(store_, event)
    except BridgedeskError as exc:
        raise exc.as_(NoSuchPlaceError) from None
    ranking: list[dict[str, Any]] = []
    why: Shown = ""
    awards: list[dict[str, Any]] = []
    awards_why: Shown = ""
    try:
        field = simultaneous_scores.field_scores(store_, event)
        ranking = [
            {"rank": p.rank, "id": p.id, "heat": p.heat, "names": p.names,
             "percentage": fixed(p.percentage), "heat_rank": p.heat_rank}
            for p in field.pairs[:TOP]
        ]  # fmt: skip
        try:
            found = simultaneous_scores.field_awards(store_, event)
            awards = [
                {"heat": h, "pair": a.competitor, "member": a.member, "place": a.place,
                 "points": str(a.points), "colour": a.colour}
                for h, a in [(None, a) for a in found.overall]
                + [(h, a) for h, got in found.heats for a in got]
            ]  # fmt: skip
        except BridgedeskError as exc:
            awards_why = exc
    except BridgedeskError as exc:
        why = exc
    return {
        "info": info, "heats": heats, "ranking": ranking, "why": why, "awards": awards,
        "awards_why": awards_why, "audit": store.uploads(store_, event)[-20:],
        "rules": store.masterpoints_of(store_, event), "event_id": event,
    }  # fmt: skip


async def _event_page(
    request: Request,
    session: UserSession,
    event: int,
    status: int = 200,
    errors: Mapping[str, Shown] | None = None,
    form: Mapping[str, str] | None = None,
    token: tuple[int, str] | None = None,
) -> HTMLResponse:
    context = await db_call(request, _gather, store_of(request), event, language(request))
    return console_page(
        request, "simultaneous.html.j2", session, context["info"].event.name, status,
        errors=refill(errors or {}), form=refill(form or {}), token=token,
        done=request.query_params.get("done", ""), **context,
    )  # fmt: skip


@router.get("/simultaneous/{event}", response_class=HTMLResponse)
async def event_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    return await _event_page(request, session, event)


def _whole(form: Mapping[str, str], name: str, what: LazyText) -> int | None:
    text = form.get(name, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 4 and int(text) >= 1):
        raise EntryError(
            "{what} is a whole number from {least}, not {text!r}",
            Location(input=name),
            code="form.not-a-whole-number",
            what=what,
            least=1,
            text=text,
        )
    return int(text)


@router.post("/simultaneous/{event}/heat")
async def add_heat(request: Request, event: int) -> Response:
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    try:
        run = functools.partial(
            simultaneous.add_heat, kind=form.get("movement") or None,
            tables=_whole(form, "tables", lazy_pgettext("heat form", "the tables")),
        )  # fmt: skip
        got = await db_call(request, run, store_of(request), event, form.get("club", ""))
    except BridgedeskError as exc:
        return await _event_page(request, session, event, status_of(exc), {"heat": exc}, form)
    return await _event_page(request, session, event, token=got)


@router.post("/simultaneous/{event}/import")
async def import_heat(request: Request, event: int) -> Response:
    data = await request.form()
    form = text_fields(data)
    session = await need(request, Role.DIRECTOR, form)
    try:
        number = _whole(form, "heat", lazy_pgettext("heat form", "the heat"))
        if number is None:
            raise EntryError(
                "say which heat the file is", Location(input="heat"), code="heat.not-named"
            )
        name, raw = await upload_of(
            data, lazy_gettext("the heat's file (JSON, USEBIO or PBN)"), MAX_UPLOAD
        )
        heat = heat_files.loads(decode(raw, name), name)
        run = functools.partial(
            heat_uploads.import_heat, who=session.user.name, reason=form.get("reason", "")
        )
        done = await db_call(request, run, store_of(request), event, number, heat)
    except BridgedeskError as exc:
        return await _event_page(request, session, event, status_of(exc), {"import": exc}, form)
    return RedirectResponse(f"/d/simultaneous/{event}?done={done.outcome}", status_code=303)


@router.post("/simultaneous/{event}/awards")
async def record(request: Request, event: int) -> Response:
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    try:
        run = functools.partial(
            simultaneous_scores.record_field_awards, who=session.user.name,
            reason=form.get("reason") or "simultaneous event awards",
        )  # fmt: skip
        await db_call(request, run, store_of(request), event)
    except BridgedeskError as exc:
        return await _event_page(request, session, event, status_of(exc), {"awards": exc})
    return RedirectResponse(f"/d/simultaneous/{event}?done=recorded", status_code=303)


def _zip(store_: Store, event: int, lang: str) -> bytes:
    return publishing.zipped(
        lambda out: simultaneous_scores.publish_field(store_, event, Output.HTML, lang, out)
    )


@router.get("/simultaneous/{event}/reports.zip")
async def download(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    lang = language(request)
    try:
        data = await db_call(request, _zip, store_of(request), event, lang)
    except BridgedeskError as exc:
        return await _event_page(request, session, event, status_of(exc), {"zip": exc})
    return zip_download(data, f"sim{event}-{lang}.zip")


# -- a club's console: send its heat ------------------------------------------------------


@router.get("/events/{event}/send", response_class=HTMLResponse)
async def send_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    title = catalog(language(request)).gettext("Send the heat to the organiser")
    return console_page(request, "heat_send.html.j2", session, title, place=place,
                        errors=refill({}), form=refill({}), sent=None)  # fmt: skip


@router.post("/events/{event}/send", response_class=HTMLResponse)
async def send(request: Request, event: int) -> Response:
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    title = catalog(language(request)).gettext("Send the heat to the organiser")

    def run(store_: Store) -> heat_export.Sent:
        heat = heat_export.heat_of_event(store_, event)
        return heat_export.send(heat, form.get("url", "").strip(), form.get("token", "").strip())

    try:
        sent = await db_call(request, run, store_of(request))
    except BridgedeskError as exc:
        return console_page(request, "heat_send.html.j2", session, title, status_of(exc),
                            place=place, errors=refill({"send": exc}), form=refill(form),
                            sent=None)  # fmt: skip
    return console_page(request, "heat_send.html.j2", session, title, place=place,
                        errors=refill({}), form=refill(form), sent=sent)  # fmt: skip


__all__ = ["router"]
