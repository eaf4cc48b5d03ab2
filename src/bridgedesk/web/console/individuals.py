"""``/d/events/ID/players``: an individual event (004:1576-1614) from the console.

Players are entered one each (a member number alone takes the name from the
register: :func:`bridgedesk.store.individuals.add_player`, as ``bridgedesk entry
add EVENT --kind individual --player NAME``); the recommended individual movement
is stored with its reasons (:func:`bridgedesk.store.individual_plans.store_recommended`,
as ``event movement EVENT --recommend``) and shown table by table with the four
players' seats; a slip names the four players at N, S, E and W and is stored only
where the movement seats them (:func:`bridgedesk.services.slips.enter`, as
``result add EVENT --north --south --east --west``); the ranking is each player's,
scored as ``bridgedesk results EVENT`` scores it
(:func:`bridgedesk.services.event_scores.score_section`).  Corrections, rulings, missing
slips and the report set are the results and publish pages'.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events import make_result
from bridgedesk.events.slips import SeatedResult
from bridgedesk.i18n import catalog, lazy_gettext
from bridgedesk.results.numbers import fixed
from bridgedesk.services import slips
from bridgedesk.services.event_scores import score_section
from bridgedesk.store import director, individuals
from bridgedesk.store.individual_plans import store_recommended
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.fields import field_name
from bridgedesk.web.console.kind_pages import kind_page
from bridgedesk.web.console.kinds import INDIVIDUAL
from bridgedesk.web.console.pages import SectionPage, read_form
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

__all__ = ["router"]

SEATS = ("north", "south", "east", "west")


def _gather(store: Store, place: Place, _query: Mapping[str, str]) -> dict[str, Any]:
    plan = individuals.plan(store, place.event, place.section, place.session)
    entries = store.entries(place.event, section=place.section, session=place.session)
    results = store.results(place.event, section=place.section, session=place.session)
    tables = []
    if plan is not None:
        for rnd in range(1, plan.rounds + 1):
            tables.append(
                {
                    "round": rnd,
                    "tables": [(t, plan.table(rnd, t)) for t in range(1, plan.tables + 1)
                               if plan.table(rnd, t) is not None],
                    "out": plan.sitting_out(rnd),
                }
            )  # fmt: skip
    ranking = None
    if plan is not None and results:
        scored = score_section(store, place.event, place.section, place.session)
        ranking = scored.sections[0].ranking
    return {
        "players": sorted(entries.items()),
        "plan": plan,
        "plan_rounds": tables,
        "entered": len(results),
        "missing": director.missing(store, place.event, place.section, place.session)
        if plan is not None
        else [],
        "ranking": ranking,
        "fixed": fixed,
    }


_page = SectionPage("players.html.j2", lazy_gettext("Players"), _gather)


@router.get("/events/{event}/players", response_class=HTMLResponse)
async def players_page(request: Request, event: int) -> Response:
    return await kind_page(
        request, event, INDIVIDUAL, _page,
        EntryError(
            "event {event} is not an individual event (create one with the kind individual)",
            code="event.not-individual", event=event,
        ),
    )  # fmt: skip


def _whole(form: Mapping[str, str], name: str) -> int:
    text = form.get(name, "").strip()
    if not (text.isascii() and text.isdigit() and 1 <= len(text) <= 4 and int(text) >= 1):
        raise EntryError(
            "{field} is a whole number from 1, not {given!r}",
            Location(input=name),
            code="form.not-a-number",
            field=field_name(name),
            given=text,
        )
    return int(text)


def _add(store: Store, place: Place, form: Mapping[str, str], _who: str) -> str:
    number = _whole(form, "number") if form.get("number", "").strip() else None
    entry = individuals.add_player(
        store,
        place.event,
        name=form.get("name", "").strip() or None,
        member=form.get("member", "").strip() or None,
        number=number,
        stationary=bool(form.get("stationary")),
        section=place.section,
        session=place.session,
    )
    return (
        catalog(place.lang)
        .gettext("entered player {n}: {names}")
        .format(n=entry.number, names=entry.names)
    )


def _movement(store: Store, place: Place, _form: Mapping[str, str], _who: str) -> str:
    applied, reasons = store_recommended(store, place.event, place.section, place.session)
    boards = (
        catalog(place.lang)
        .gettext("{movement}, boards 1-{last}")
        .format(movement=applied.plan.name, last=len(applied.plan.boards))
    )
    return "; ".join([boards, *reasons, *applied.notes])


def _result(store: Store, place: Place, form: Mapping[str, str], who: str) -> str:
    rnd, table, board = _whole(form, "round"), _whole(form, "table"), _whole(form, "board")
    n, s, e, w = (_whole(form, seat) for seat in SEATS)
    result = make_result(
        round=rnd, table=table, board=board, ns=n, ew=e,
        contract=form.get("contract", "").strip() or None,
        declarer=form.get("declarer") or None,
        result=form.get("result", "").strip() or None,
        lead=form.get("lead", "").strip() or None,
        adjusted=form.get("adjusted", "").strip() or None,
        section=place.section, session=place.session,
    )  # fmt: skip
    rid = slips.enter(store, place.event, SeatedResult(result, (n, s, e, w)), who=who)
    return (
        catalog(place.lang)
        .gettext("result {id}: round {round} table {table} board {board} {result}")
        .format(id=rid, round=rnd, table=table, board=board, result=result.result_text)
    )


async def _act(request: Request, event: int, role: Role, where: str, run: Any) -> Response:
    form = await read_form(request)
    session: UserSession = await need(request, role, form)
    place = await place_of(request, event, form)
    try:
        done = await db_call(request, run, store_of(request), place, form, session.user.name)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {where: exc}, form)
    return RedirectResponse(place.url(f"/d/events/{event}/players", done=done), status_code=303)


@router.post("/events/{event}/players")
async def add_player(request: Request, event: int) -> Response:
    return await _act(request, event, Role.DIRECTOR, "add", _add)


@router.post("/events/{event}/players/movement")
async def recommended_movement(request: Request, event: int) -> Response:
    return await _act(request, event, Role.DIRECTOR, "movement", _movement)


@router.post("/events/{event}/players/results")
async def enter_result(request: Request, event: int) -> Response:
    return await _act(request, event, Role.SCORER, "result", _result)
