"""``/d/`` and ``/d/events/ID``: the events (list, create, open) and a section's entries.

An event of any kind is made from the fields of ``bridgedesk event new`` by the
function the command calls (:mod:`.event_form`); entries are added, imported from CSV,
edited and withdrawn by the functions ``bridgedesk entry`` calls
(:mod:`bridgedesk.store.entry_players`, :mod:`bridgedesk.store.entries`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.events import Entry, EntryKind
from bridgedesk.events.creation import parse_datetime
from bridgedesk.formats import entries_csv
from bridgedesk.i18n import catalog, lazy_gettext
from bridgedesk.reading import decode
from bridgedesk.store import entries as store_entries
from bridgedesk.store import section_checks, team_events
from bridgedesk.store.entry_players import changed_players, players_of
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.console import event_form
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.kinds import event_kind
from bridgedesk.web.console.pages import (
    SectionPage,
    console_page,
    read_form,
    refill,
    text_fields,
    upload_of,
)
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

#: Largest CSV of entries taken from the browser.
MAX_UPLOAD = 1_000_000


# -- the events -------------------------------------------------------------------------


def _events_page(
    request: Request,
    session: UserSession,
    status: int = 200,
    errors: Mapping[str, Shown] | None = None,
    form: Any = None,
) -> Response:
    store = store_of(request)
    found = store.events()
    return console_page(
        request,
        "events.html.j2",
        session,
        catalog(language(request)).gettext("Events"),
        status,
        events=found,
        event_kinds={info.id: event_kind(store, info.id) for info in found},
        form=refill(form or event_form.DEFAULTS),
        errors=refill(errors or {}),
        **event_form.choices(),
    )


@router.get("/", response_class=HTMLResponse)
async def events_page(request: Request) -> Response:
    session = await need(request, Role.VIEWER)
    return _events_page(request, session)


@router.post("/events")
async def create_event(request: Request) -> Response:
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    try:
        made = await db_call(request, event_form.create, store_of(request), form, session.user.name)
    except BridgedeskError as exc:
        errors = {event_form.shown_at(exc): exc}
        return _events_page(request, session, status_of(exc), errors, form)
    return RedirectResponse(f"/d/events/{made.id}", status_code=303)


# -- one event: its section's entries ------------------------------------------------------


def _overview(store: Store, place: Place, _query: Mapping[str, str]) -> dict[str, Any]:
    entries = store.entries(place.event, section=place.section, session=place.session)
    movement = store.movement(place.event, section=place.section, session=place.session)
    return {
        "entries": sorted(entries.items()),
        "movement": movement,
        "problems": section_checks.problems(store, place.event, place.section, place.session),
    }


_event_page = SectionPage("event.html.j2", None, _overview)


def _is_team(store: Store, event: int) -> bool:
    try:
        return team_events.is_team_event(store, event)
    except BridgedeskError:
        return False  # no such event: place_of says so


@router.get("/events/{event}", response_class=HTMLResponse)
async def event_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    if await db_call(request, _is_team, store_of(request), event):
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/d/teams/{event}{query}", status_code=303)  # console/teams.py
    place = await place_of(request, event)
    return await _event_page(request, session, place)


def _add(store: Store, place: Place, form: Mapping[str, str]) -> int:
    text = form.get("number", "").strip()
    if not (text.isascii() and text.isdigit() and 1 <= len(text) <= 4 and int(text) >= 1):
        raise EntryError(
            "the entry's number is a whole number from 1, not {given!r}",
            code="entry.not-a-number",
            given=text,
        )
    entry = Entry(
        number=int(text),
        players=players_of(store, form.get("names", ""), form.get("members", "")),
        kind=EntryKind.parse(form.get("kind", "pair")),
        team_name=form.get("team") or None,
        stationary=bool(form.get("stationary")),
        late=bool(form.get("late")),
    )
    return store.add_entry(place.event, entry, section=place.section, session=place.session)


async def _entry_action(
    request: Request, event: int, action: str, run: Any, role: Role = Role.DIRECTOR
) -> Response:
    """Do one entry action; on refusal, the event page with the message beside the form."""
    form = await read_form(request)
    session = await need(request, role, form)
    place = await place_of(request, event, form)
    try:
        await db_call(request, run, store_of(request), place, form, session.user.name)
    except BridgedeskError as exc:
        return await _event_page(request, session, place, status_of(exc), {action: exc}, form)
    return RedirectResponse(place.url(f"/d/events/{event}"), status_code=303)


@router.post("/events/{event}/entries")
async def add_entry(request: Request, event: int) -> Response:
    return await _entry_action(
        request, event, "add", lambda store, place, form, _who: _add(store, place, form)
    )


def _withdraw(store: Store, place: Place, form: Mapping[str, str], who: str) -> int:
    return store_entries.withdraw_entry(
        store,
        place.event,
        _number(form),
        who=who,
        reason=_reason(form),
        section=place.section,
        session=place.session,
    )


def _number(form: Mapping[str, str]) -> int:
    text = form.get("number", "")
    if not (text.isascii() and text.isdigit() and len(text) <= 4):
        raise EntryError(
            "the entry's number is a whole number, not {given!r}",
            code="entry.not-a-number",
            given=text,
        )
    return int(text)


def _reason(form: Mapping[str, str]) -> str:
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError("give the reason (it is kept in the audit log)", code="form.needs-reason")
    return reason


@router.post("/events/{event}/entries/withdraw")
async def withdraw_entry(request: Request, event: int) -> Response:
    return await _entry_action(request, event, "withdraw", _withdraw)


def _edit(store: Store, place: Place, form: Mapping[str, str], who: str) -> int:
    players = changed_players(form.get("names"), form.get("members"))
    stationary = {"yes": True, "no": False}.get(form.get("stationary", ""))
    if players is None and stationary is None:
        raise EntryError(
            "nothing to change: give names, member numbers or the stationary seat",
            code="entry.nothing-to-change",
        )
    return store_entries.edit_entry(
        store,
        place.event,
        _number(form),
        who=who,
        reason=_reason(form),
        players=players,
        stationary=stationary,
        section=place.section,
        session=place.session,
    )


def _deadline(store: Store, place: Place, form: Mapping[str, str], _who: str) -> None:
    """Set or clear the correction deadline (003:123-159), as ``event deadline`` does."""
    text = form.get("deadline", "").strip()
    store.set_deadline(place.event, parse_datetime(text) if text else None)


@router.post("/events/{event}/deadline")
async def set_deadline(request: Request, event: int) -> Response:
    return await _entry_action(request, event, "deadline", _deadline)


@router.post("/events/{event}/entries/edit")
async def edit_entry(request: Request, event: int) -> Response:
    return await _entry_action(request, event, "edit", _edit)


@router.post("/events/{event}/entries/import")
async def import_entries(request: Request, event: int) -> Response:
    data = await request.form()
    form = text_fields(data)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    try:
        name, raw = await upload_of(data, lazy_gettext("a CSV file of entries"), MAX_UPLOAD)
        lines = entries_csv.loads(decode(raw, name), name)
        await db_call(
            request,
            lambda: store_entries.import_entries(
                store_of(request),
                place.event,
                lines,
                who=session.user.name,
                kind=EntryKind.parse(form.get("kind", "pair")),
                section=place.section,
                session=place.session,
            ),
        )
    except BridgedeskError as exc:
        return await _event_page(request, session, place, status_of(exc), {"import": exc})
    return RedirectResponse(place.url(f"/d/events/{event}"), status_code=303)


__all__ = ["router"]
