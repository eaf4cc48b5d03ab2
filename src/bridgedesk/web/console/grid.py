"""``/d/events/ID/grid``: every table x round of a section, entered / waiting / late.

A table is at the first round whose boards it has not all entered (the table
terminals' rule, :func:`bridgedesk.store.terminals.current_round`).  A cell is
*entered* when all its boards are in, *waiting* when it is the table's round
and no table is further on, *late* when other tables are already further on,
*later* when the table has not reached it; a round the movement gives the
table no opponents in (the phantom, a sit-out) is *idle*.  A cell with a result
the table has disputed (:mod:`bridgedesk.store.disputes`) is *disputed* until
the director rules on it, whatever else it is (a colour of its own and the word).  The grid reloads
itself every few seconds (htmx polling ``/grid/cells``); a cell opens the
result form for that round and table.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.i18n import catalog
from bridgedesk.store.disputes import open_disputes
from bridgedesk.store.service import Store
from bridgedesk.store.terminals import current_round, round_states
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.pages import console_page, fragment
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.language import language
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

#: Seconds between the grid's reloads.
POLL_SECONDS = 3


@dataclass(frozen=True)
class Cell:
    round: int
    table: int
    state: str
    ns: int = 0
    ew: int = 0
    boards: tuple[int, ...] = ()
    entered: int = 0
    disputed: int = 0


def grid_rows(store: Store, place: Place) -> dict[str, Any]:
    """The section's grid: a row of cells per table, the rounds' controls, counts."""
    movement = store.movement(place.event, section=place.section, session=place.session)
    if movement is None:
        return {"rows": [], "rounds": [], "controls": {}, "counts": {}}
    entries = store.entries(place.event, section=place.section, session=place.session)
    phantoms = {n for n, e in entries.items() if e.phantom}
    numbers = PairNumbers.of(movement)  # the cards' numbers: a Mitchell's EW 1 is 1
    entered: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    for stored in store.results(place.event, section=place.section, session=place.session):
        r = stored.result
        entered[r.table][r.round].add(r.board)
    controls = round_states(store, place.event, place.section, place.session)
    called: dict[tuple[int, int], int] = defaultdict(int)
    for d in open_disputes(store, place.event, place.section, place.session):
        called[(d.round, d.table)] += 1
    at = {
        t: current_round(movement, t, entered[t], controls, phantoms)
        for t in range(1, movement.tables + 1)
    }
    front = max((rnd for rnd, status in at.values() if status != "finished"), default=0)
    rows = []
    counts: dict[str, int] = defaultdict(int)
    for t in range(1, movement.tables + 1):
        cells = []
        for rnd in range(1, movement.rounds + 1):
            a = movement.assignment(rnd, t)
            if a is None or a.ns in phantoms or a.ew in phantoms:
                cells.append(Cell(rnd, t, "idle"))
                continue
            done = entered[t][rnd] & set(a.boards)
            if len(done) == len(a.boards):
                state = "entered"
            elif rnd < front or (rnd < at[t][0] and at[t][1] != "finished"):
                state = "late"
            elif rnd == at[t][0]:
                state = "waiting"
            else:
                state = "later"
            if called[(rnd, t)]:
                state = "disputed"
            counts[state] += 1
            cells.append(
                Cell(rnd, t, state, numbers.number(a.ns), numbers.number(a.ew), a.boards,
                     len(done), called[(rnd, t)])
            )  # fmt: skip
        rows.append((t, cells))
    return {
        "rows": rows,
        "rounds": list(range(1, movement.rounds + 1)),
        "controls": controls,
        "counts": dict(counts),
    }


@router.get("/events/{event}/grid", response_class=HTMLResponse)
async def grid_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    context = await db_call(request, grid_rows, store_of(request), place)
    return console_page(
        request,
        "grid.html.j2",
        session,
        catalog(language(request)).gettext("Live grid"),
        place=place,
        poll=POLL_SECONDS,
        **context,
    )


@router.get("/events/{event}/grid/cells", response_class=HTMLResponse)
async def grid_cells(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    context = await db_call(request, grid_rows, store_of(request), place)
    return fragment(request, "_grid.html.j2", session, place=place, poll=POLL_SECONDS, **context)


__all__ = ["Cell", "grid_rows", "router"]
