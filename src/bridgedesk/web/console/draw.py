"""``/d/events/ID/draw``: Swiss pairs, barometer and Houston pairs from the console.

The page shows every round drawn so far (its boards, each table's NS and EW pairs,
the bye), the standings after each scored round (VPs or points, running total,
rank: :func:`bridgedesk.services.event_scores.standings`, what ``bridgedesk results
EVENT`` prints) and the slips still missing.  A director draws the next round
(:func:`bridgedesk.services.draws.next_pair_round`, as ``bridgedesk event round EVENT
--next --boards N``: refused while a slip of the round before is missing, 004:2594)
and holds, closes or opens a round (the results page's action, ``event round``);
``draw/standings.html`` is the standings page ``results EVENT --format html`` writes.
Results are entered on the results page like any movement's: the draw is the
section's movement.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.events.pair_formats import DEFAULT_BOARDS_PER_ROUND
from bridgedesk.i18n import catalog, lazy_gettext
from bridgedesk.reports.pair_rounds import rounds_html
from bridgedesk.results.numbers import fixed
from bridgedesk.results.pair_rounds import round_boards
from bridgedesk.services.draws import next_pair_round, pair_draws
from bridgedesk.services.event_scores import standings
from bridgedesk.store import event_options
from bridgedesk.store.service import Store
from bridgedesk.store.terminals import round_states
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.kind_pages import kind_page
from bridgedesk.web.console.kinds import ROUNDS
from bridgedesk.web.console.pages import SectionPage, error_page, read_form
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.language import language
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

__all__ = ["router"]


def _gather(store: Store, place: Place, _query: Mapping[str, str]) -> dict[str, Any]:
    opts = event_options.options(store, place.event)
    draws = pair_draws(store, place.event)
    movement = store.movement(place.event, section=place.section, session=place.session)
    names = {n: e.names for n, e in store.entries(place.event).items()}
    drawn = [
        {"draw": d, "boards": round_boards(movement, d.round) if movement else ()}
        for d in reversed(draws)
    ]
    found = standings(store, place.event) if draws else None
    return {
        "options": opts,
        "drawn": drawn,
        "names": names,
        "standings": found,
        "rounds_after": list(reversed(found.rounds)) if found else [],
        "controls": round_states(store, place.event, place.section, place.session),
        "fixed": fixed,
    }


def _prefill(_store: Store, _place: Place, _query: Mapping[str, str]) -> dict[str, str]:
    return {"boards": str(DEFAULT_BOARDS_PER_ROUND)}


_page = SectionPage("pair_rounds.html.j2", lazy_gettext("Draw and standings"), _gather, _prefill)


@router.get("/events/{event}/draw", response_class=HTMLResponse)
async def draw_page(request: Request, event: int) -> Response:
    return await kind_page(
        request, event, ROUNDS, _page,
        EntryError(
            "event {event} is not played round by round (create it with the format "
            "swiss-pairs, barometer or houston)",
            code="event.not-by-round-page", event=event,
        ),
    )  # fmt: skip


def _next(store: Store, place: Place, form: Mapping[str, str]) -> str:
    text = form.get("boards", "").strip() or str(DEFAULT_BOARDS_PER_ROUND)
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise EntryError(
            "the boards a round is a whole number, not {given!r}",
            code="draw.not-a-count",
            given=text,
        )
    drawn = next_pair_round(store, place.event, int(text))
    boards = drawn.boards
    return (
        catalog(place.lang)
        .gettext("round {round} drawn ({basis}): boards {first}-{last}")
        .format(round=drawn.draw.round, basis=drawn.draw.basis, first=boards[0], last=boards[-1])
    )


@router.post("/events/{event}/draw/next")
async def draw_next(request: Request, event: int) -> Response:
    """Draw the next round, as ``bridgedesk event round EVENT --next`` does."""
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    try:
        done = await db_call(request, _next, store_of(request), place, form)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"next": exc}, form)
    return RedirectResponse(place.url(f"/d/events/{event}/draw", done=done), status_code=303)


@router.get("/events/{event}/draw/standings.html", response_class=HTMLResponse)
async def standings_page(request: Request, event: int) -> Response:
    """The standings after each round as ``bridgedesk results EVENT --format html``
    writes them (``index.html``), to print or publish."""
    await need(request, Role.VIEWER)
    place = await place_of(request, event)
    lang = language(request)
    try:
        result = await db_call(request, standings, store_of(request), place.event)
    except BridgedeskError as exc:
        return error_page(request, exc, back=place.url(f"/d/events/{event}/draw"))
    return HTMLResponse(rounds_html(result, lang))
