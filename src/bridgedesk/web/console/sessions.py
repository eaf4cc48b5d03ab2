"""``/d/events/ID/sessions``: an event of several sessions (and a final) from the console.

The page shows each session's sections with their movements and missing slips,
every pair's seat in each session (the renumbering between sessions the store
keeps, :mod:`bridgedesk.store.competitors`) and the combined ranking with a column
per session (:func:`bridgedesk.services.event_scores.score_event`, what ``bridgedesk
results EVENT`` prints).  A director stores the recommended plan for N sessions
(:func:`bridgedesk.store.session_plans.plan_sessions`, as ``bridgedesk event
movement EVENT --recommend --sessions N``).  Each session and section is then run
from the other pages by choosing it in the navigation (``?session=&section=``).
Once every slip is in, a director makes the final of a qualifying event here
(:func:`bridgedesk.services.finals.final_of_qualifying`, as ``bridgedesk event final``:
the cut overall or per field, withdrawals, the carry-over's maximum).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError, Location, ScoringError
from bridgedesk.i18n import catalog, lazy_gettext
from bridgedesk.results.numbers import fixed
from bridgedesk.results.qualify import CutBy
from bridgedesk.services.event_scores import Shape, event_rules, score_event
from bridgedesk.services.finals import final_of_qualifying
from bridgedesk.store import director
from bridgedesk.store.competitors import seats
from bridgedesk.store.service import Store
from bridgedesk.store.session_plans import plan_sessions
from bridgedesk.store.sessions_repo import final_of
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.pages import SectionPage, read_form
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

__all__ = ["combined_context", "router"]


def _sections(store: Store, place: Place) -> list[dict[str, Any]]:
    out = []
    for number, name in place.sections:
        movement = store.movement(place.event, section=name, session=number)
        out.append(
            {
                "session": number,
                "section": name,
                "movement": movement,
                "entries": len(store.entries(place.event, section=name, session=number)),
                "missing": len(director.missing(store, place.event, name, number))
                if movement is not None
                else 0,
                "planned": director.planned(store, place.event, name, number)
                if movement is not None
                else 0,
            }
        )
    return out


def _seat_table(store: Store, place: Place) -> tuple[list[int], list[dict[str, Any]]]:
    """Every competitor's seat in each session (``A3``; one section: ``3``)."""
    numbers = sorted({n for n, _ in place.info.sections})
    many = max((len(names) for _, names in place.info.sections), default=1) > 1
    rows: dict[str, dict[int, str]] = {}
    for seat in seats(store, place.event):
        shown = f"{seat.section}{seat.number}" if many else str(seat.number)
        rows.setdefault(seat.competitor, {})[seat.session] = shown
    first = {
        f"{name}{n}" if many else str(n): e.names
        for _, name in [s for s in place.sections if s[0] == 1]
        for n, e in store.entries(place.event, section=name, session=1).items()
    }
    table = []
    for competitor, by_session in rows.items():
        table.append(
            {
                "competitor": competitor,
                "names": first.get(by_session.get(1, ""), ""),
                "seats": [by_session.get(n, "") for n in numbers],
            }
        )
    return numbers, table


def combined_context(store: Store, place: Place) -> dict[str, Any]:
    """The combined ranking of an event of several sessions (or a final) for a page
    (``combined`` None when the event is one session or nothing is scored yet)."""
    if event_rules(store, place.event).shape is not Shape.SESSIONS:
        return {"combined": None}
    try:
        found = score_event(store, place.event, with_deals=False)
    except ScoringError:  # no results yet: nothing to rank
        return {"combined": None}
    return {
        "combined": found.scored.combined,
        "fixed": fixed,
        "scored_sessions": [s.session for s in found.scored.sessions],
        "event_missing": found.missing.slips,
        "event_planned": found.missing.planned,
    }


def _gather(store: Store, place: Place, _query: Mapping[str, str]) -> dict[str, Any]:
    numbers, table = _seat_table(store, place)
    return {
        "parts": _sections(store, place),
        "seat_sessions": numbers,
        "seat_rows": table,
        "final": final_of(store, place.event),
        "cut_bys": tuple(c.value for c in CutBy),
        **combined_context(store, place),
    }


def _prefill(_store: Store, place: Place, _query: Mapping[str, str]) -> dict[str, str]:
    return {"sessions": str(len(place.info.sections))}


_page = SectionPage("sessions.html.j2", lazy_gettext("Sessions"), _gather, _prefill)


@router.get("/events/{event}/sessions", response_class=HTMLResponse)
async def sessions_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    return await _page(request, session, place)


def _number(form: Mapping[str, str], name: str, what: str, low: int, high: int) -> int | None:
    text = form.get(name, "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 3 and low <= int(text) <= high):
        raise EntryError(
            "{option} is a whole number {low}-{high}, not {given!r}",
            Location(input=name),
            code="form.out-of-range",
            option=what,
            low=low,
            high=high,
            given=text,
        )
    return int(text)


def _plan(store: Store, place: Place, form: Mapping[str, str]) -> str:
    count = _number(form, "sessions", "--sessions", 1, 12) or len(place.info.sections)
    made = plan_sessions(
        store,
        place.event,
        count,
        sections=_number(form, "sections", "--sections", 1, 26),
        rounds=_number(form, "rounds", "--rounds", 1, 120),
    )
    stored = catalog(place.lang).gettext("{plan}: {n} sessions stored")
    return stored.format(plan=made.plan.row.describe(), n=count)


async def _act(request: Request, event: int, where: str, run: Any) -> Response:
    """A director's action: on refusal the page with the line beside its form; done,
    the sessions page of the event ``run`` names (its id, or this event's with a note)."""
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    try:
        done = await db_call(request, run, store_of(request), place, form)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {where: exc}, form)
    if isinstance(done, int):
        return RedirectResponse(f"/d/events/{done}/sessions", status_code=303)
    return RedirectResponse(place.url(f"/d/events/{event}/sessions", done=done), status_code=303)


@router.post("/events/{event}/sessions/plan")
async def store_plan(request: Request, event: int) -> Response:
    """Store the recommended plan for N sessions (``event movement --recommend --sessions N``)."""
    return await _act(request, event, "plan", _plan)


def _final(store: Store, place: Place, form: Mapping[str, str]) -> int:
    name = form.get("name", "").strip()
    if not name:
        raise EntryError("give the final's name", code="final.needs-name")
    cut = _number(form, "cut", "--cut", 1, 999)
    if cut is None:
        raise EntryError(
            "give --cut: the pairs kept (overall, or in each field)", code="final.needs-cut"
        )
    try:
        by = CutBy(form.get("cut_by", "overall"))
    except ValueError:
        raise EntryError("--cut-by is overall or field", code="final.cut-by") from None
    boards = _number(form, "max_boards", "--max-boards", 0, 99)
    made = final_of_qualifying(
        store,
        place.event,
        name,
        cut,
        by,
        [w.strip() for w in form.get("withdrawn", "").split(",") if w.strip()],
        4 if boards is None else boards or None,
        form.get("date", "").strip() or None,
    )
    return made.id


@router.post("/events/{event}/sessions/final")
async def make_final(request: Request, event: int) -> Response:
    """The final of this qualifying event, as ``bridgedesk event final`` makes it."""
    return await _act(request, event, "final", _final)
