"""``/d/events/ID/movement``: the recommended movement with its reasons, another
choice, and the cards to print.

The reasons are the JCBL weekly list's rows for the pairs entered
(004:3048-3066, :func:`bridgedesk.movements.recommend.recommend`): tables,
rounds, boards, playing time, relays, stationary pairs; the first row that
bridgedesk builds is the recommendation (:func:`bridgedesk.movements.choose.recommended`),
as ``bridgedesk event movement --recommend`` takes it.  Taking a movement goes
through :func:`bridgedesk.store.section_movement.apply_movement`.  The master
sheet, guide cards and pair slips print from
:func:`bridgedesk.reports.movement_cards.render_html`; the table cards with
their login codes and QR codes from :func:`bridgedesk.reports.table_cards.cards_html`.

Part way through a session the director may switch the arrows in some rounds
(as ``bridgedesk event arrow-switch``,
:func:`bridgedesk.store.section_movement.switch_arrows`, 004:1066-1074) or
play another movement from a round on, keeping the rounds already played
(``event movement ... --from-round R [--pairs N]``: a late pair or A/B
tables, 004:884-898); the store refuses a change that does not fit the
results already in, changing nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.i18n import catalog, lazy_gettext
from bridgedesk.movements.catalogue import KINDS
from bridgedesk.movements.choose import recommended
from bridgedesk.movements.model import Movement
from bridgedesk.movements.recommend import Recommendation, recommend
from bridgedesk.reading import whole_number
from bridgedesk.reports.movement_cards import render_html
from bridgedesk.reports.names import movement_name
from bridgedesk.reports.table_cards import cards_html
from bridgedesk.services.lan import table_base
from bridgedesk.store.section_movement import (
    apply_movement,
    choose_movement,
    playing_pairs,
    switch_arrows,
)
from bridgedesk.store.service import Store
from bridgedesk.store.terminals import table_codes
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.fields import field_name
from bridgedesk.web.console.pages import SectionPage, read_form
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.language import language
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

_CHOICE = ("kind", "tables", "pairs", "rounds", "boards_per_round", "base")


def _query(rec: Recommendation) -> str:
    """The choice of a recommendation row, as a form or the cards link sends it."""
    choice = {"kind": rec.kind, "rounds": rec.rounds, "boards_per_round": rec.boards_per_round}
    return urlencode({**choice, **({"base": rec.base} if rec.base else {})})


def _options(store: Store, place: Place, _asked: Mapping[str, str]) -> dict[str, Any]:
    pairs = playing_pairs(store, place.event, place.section, place.session)
    out: dict[str, Any] = {
        "pairs": pairs,
        "rows": [],
        "best": None,
        "why_not": "",
        "current": store.movement(place.event, section=place.section, session=place.session),
        "kinds": list(KINDS),
    }
    try:
        out["rows"] = [(rec, _query(rec)) for rec in recommend(pairs)]
        out["best"] = recommended(pairs)
    except BridgedeskError as exc:
        out["why_not"] = exc
    return out


_page = SectionPage("movement.html.j2", lazy_gettext("Movement"), _options)


@router.get("/events/{event}/movement", response_class=HTMLResponse)
async def movement_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    return await _page(request, session, place)


def _number(form: Mapping[str, str], name: str) -> int | None:
    text = form.get(name, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 3):
        raise EntryError(
            "{field} is a whole number, not {given!r}",
            Location(input=name),
            code="form.not-a-number",
            field=field_name(name.replace("_", " ")),
            given=text,
        )
    return int(text)


def _chosen(store: Store, place: Place, form: Mapping[str, str]) -> Movement:
    """The movement a form names: by kind (with its numbers), else the recommendation."""
    return choose_movement(
        store,
        place.event,
        kind=form.get("kind") or None,
        tables=_number(form, "tables"),
        pairs=_number(form, "pairs"),
        rounds=_number(form, "rounds"),
        boards_per_round=_number(form, "boards_per_round"),
        base=form.get("base") or None,
        section=place.section,
        session=place.session,
    )


def _take(store: Store, place: Place, form: Mapping[str, str]) -> str:
    m = _chosen(store, place, form)
    start = _number(form, "from_round")
    if start is not None and start < 2:
        raise EntryError(
            "from round is 2 or more (round 1 is a new movement), not {given}",
            code="movement.from-round",
            given=start,
        )
    applied = apply_movement(
        store, place.event, m, section=place.section, session=place.session, from_round=start
    )
    name = movement_name(
        applied.name, m.kind, m.tables, m.round_count, m.boards_per_round, place.lang
    )
    if start is None:
        return name
    return (
        catalog(place.lang)
        .gettext("{movement} (from round {round})")
        .format(movement=name, round=start)
    )


def _numbers(form: Mapping[str, str], name: str, needed: bool) -> list[int] | None:
    """``5,6``: whole numbers separated by commas (None if left empty and not needed)."""
    text = form.get(name, "").strip()
    if not text and not needed:
        return None
    values = [whole_number(w, max_digits=4) for w in text.split(",") if w.strip()]
    if not values or any(v is None for v in values):
        raise EntryError(
            "{field} {given!r}: write numbers separated by commas, e.g. 5,6",
            Location(input=name),
            code="form.not-numbers",
            field=field_name(name.replace("_", " ")),
            given=text,
        )
    return [v for v in values if v is not None]


def _switch(store: Store, place: Place, form: Mapping[str, str]) -> str:
    rounds = _numbers(form, "rounds", True)
    assert rounds is not None
    name, _problems = switch_arrows(
        store, place.event, rounds, _numbers(form, "tables", False),
        section=place.section, session=place.session,
    )  # fmt: skip
    return name


async def _change(
    request: Request,
    event: int,
    run: Callable[[Store, Place, Mapping[str, str]], str],
    where: str,
) -> Response:
    """Change the section's movement; on refusal the page with the message at ``where``."""
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    try:
        name = await db_call(request, run, store_of(request), place, form)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {where: exc}, form)
    return RedirectResponse(place.url(f"/d/events/{event}/movement", done=name), status_code=303)


@router.post("/events/{event}/movement/arrow-switch")
async def arrow_switch(request: Request, event: int) -> Response:
    """Switch the arrows in some rounds (at some tables), as ``event arrow-switch``."""
    return await _change(request, event, _switch, "switch")


@router.post("/events/{event}/movement")
async def take_movement(request: Request, event: int) -> Response:
    return await _change(request, event, _take, "choose")


@router.get("/events/{event}/movement/cards", response_class=HTMLResponse)
async def movement_cards(request: Request, event: int) -> Response:
    """The master sheet, table guide cards and pair slips of a movement (as chosen)."""
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    query = {k: request.query_params.get(k, "") for k in _CHOICE}
    try:
        m = await db_call(request, _chosen, store_of(request), place, query)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"choose": exc}, query)
    return HTMLResponse(render_html(m, language(request)))


@router.get("/events/{event}/tables/cards", response_class=HTMLResponse)
async def table_cards(request: Request, event: int) -> Response:
    """The table cards: each table's login code and the QR code of its login address."""
    session = await need(request, Role.DIRECTOR)
    place = await place_of(request, event)
    try:
        codes = await db_call(
            request,
            lambda: table_codes(
                store_of(request), place.event, session=place.session, section=place.section
            ),
        )
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"choose": exc})
    # the director's browser on this computer (localhost) reaches it; no phone does
    base, warning = table_base(str(request.base_url))
    return HTMLResponse(
        cards_html(place.event, place.info.event.name, codes, base, language(request), warning)
    )


__all__ = ["router"]
