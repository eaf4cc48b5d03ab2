"""``/d/events/ID/results``: enter and correct results, rulings, rounds, missing slips.

Every action calls what the command line calls, so the checks and messages
are the same: a result is a :func:`bridgedesk.events.make_result` slip stored
by :func:`bridgedesk.services.slips.enter` (``bridgedesk result add``); a
correction is :func:`bridgedesk.events.correction.corrected` stored by
:func:`~bridgedesk.services.slips.correct` with its reason (``result correct``;
a director corrects as the director, also after the deadline); undo is
:func:`~bridgedesk.services.slips.undo`; penalties are
:func:`bridgedesk.services.rulings.penalty` (``result penalty``), fouled boards
and boards not played (``result fouled`` / ``not-played``) likewise, and a
cancelled ruling :func:`bridgedesk.store.director.cancel_ruling`; rounds are held, closed and
opened by :func:`bridgedesk.store.terminals.set_round` (``event round``); the missing
slips, the late first, are :func:`bridgedesk.services.missing_slips.missing`; the director's
release of a session's travellers and hands is :func:`bridgedesk.services.visibility.release`
(``result release``).  A scorer enters and corrects; rulings, rounds and releases need a
director.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError, Location
from bridgedesk.events import make_result
from bridgedesk.events.correction import corrected, stored_fields
from bridgedesk.events.pair_numbers import PairNumbers
from bridgedesk.events.rulings import (
    PenaltyUnit,
    ProceduralPenalty,
    fouled_places,
    parse_amount,
    parse_places,
)
from bridgedesk.formats import results_csv
from bridgedesk.i18n import LazyText, catalog, lazy_gettext, lazy_pgettext
from bridgedesk.reading import decode
from bridgedesk.services import missing_slips, rulings, slips, visibility
from bridgedesk.store import director
from bridgedesk.store.disputes import open_disputes
from bridgedesk.store.service import Store
from bridgedesk.store.terminals import CLOSED, HELD, round_states, set_round
from bridgedesk.store.users import Role, UserSession
from bridgedesk.web.console.auth import RoleRefusedError, need, role_name, store_of
from bridgedesk.web.console.fields import field_name
from bridgedesk.web.console.pages import (
    SectionPage,
    console_page,
    read_form,
    refill,
    text_fields,
    upload_of,
)
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.console.release import release_form
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")

SEATS = ("N", "E", "S", "W")
#: Largest results CSV taken from the browser.
MAX_UPLOAD = 5_000_000
ROUND_ACTIONS = {"hold": HELD, "close": CLOSED, "open": None}


def _maybe(form: Mapping[str, str], name: str) -> int | None:
    """A number the form may leave empty."""
    return whole(form, name) if form.get(name, "").strip() else None


def whole(form: Mapping[str, str], name: str) -> int:
    text = form.get(name, "").strip()
    if not (text.isascii() and text.isdigit() and 1 <= len(text) <= 6 and int(text) >= 1):
        raise EntryError(
            "{field} is a whole number from 1, not {given!r}",
            Location(input=name),
            code="form.not-a-number",
            field=field_name(name),
            given=text,
        )
    return int(text)


def _prefill(store: Store, place: Place, query: Mapping[str, str]) -> dict[str, str]:
    """A cell's form: its round, table, pairs and first board not yet entered."""
    form = {k: query[k] for k in ("round", "table", "board", "ns", "ew") if query.get(k)}
    rnd, table = form.get("round", ""), form.get("table", "")
    if not (rnd.isdigit() and table.isdigit() and len(rnd) <= 3 and len(table) <= 3):
        return form
    movement = store.movement(place.event, section=place.section, session=place.session)
    a = None if movement is None else movement.assignment(int(rnd), int(table))
    if a is None:
        return form
    numbers = PairNumbers.of(movement)  # the numbers on the cards (a Mitchell's EW 1)
    form.setdefault("ns", str(numbers.number(a.ns)))
    form.setdefault("ew", str(numbers.number(a.ew)))
    done = {
        s.result.board
        for s in store.results(place.event, section=place.section, session=place.session)
        if s.result.round == int(rnd) and s.result.table == int(table)
    }
    form.setdefault("board", str(next((b for b in a.boards if b not in done), a.boards[0])))
    return form


def _context(store: Store, place: Place, query: Mapping[str, str]) -> dict[str, Any]:
    """The page's lists; ``?only=B`` or a cell's ``?round=R&table=T`` narrow the results."""
    text = query.get("only", "")
    board = int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else None
    rnd, table = query.get("round", ""), query.get("table", "")
    numbers = all(t.isascii() and t.isdigit() and len(t) <= 3 for t in (rnd, table))
    cell = (int(rnd), int(table)) if numbers else None
    results = store.results(place.event, section=place.section, session=place.session)
    movement = store.movement(place.event, section=place.section, session=place.session)
    called = open_disputes(store, place.event, place.section, place.session)
    return {
        "numbers": PairNumbers.of(movement),
        "disputes": called,
        "disputed": {d.result_id: d for d in called},
        "results": [
            r
            for r in results
            if (board is None or r.result.board == board)
            and (cell is None or (r.result.round, r.result.table) == cell)
        ],
        "cell": cell,
        "missing": missing_slips.missing(store, place.event, place.section, place.session),
        "rulings": director.ruling_lines(store, place.event, place.section, place.session),
        "controls": round_states(store, place.event, place.section, place.session),
        "rounds": [] if movement is None else list(range(1, movement.rounds + 1)),
        "board_filter": board,
        "seats": SEATS,
        "units": [u.value for u in PenaltyUnit],
        "released": visibility.released(store, place.event, place.session),
    }


_page = SectionPage(
    "results.html.j2", lazy_pgettext("entered results", "Results"), _context, _prefill
)


@router.get("/events/{event}/results", response_class=HTMLResponse)
async def results_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    return await _page(request, session, place)


async def act(
    request: Request,
    event: int,
    role: Role,
    where: str,
    run: Callable[[Store, Place, Mapping[str, str], UserSession], str],
    back: Callable[[Place, Mapping[str, str], str], str] | None = None,
) -> Response:
    """Do one action; on refusal the results page with its message beside the form."""
    form = await read_form(request)
    session = await need(request, role, form)
    place = await place_of(request, event, form)
    try:
        done = await db_call(request, run, store_of(request), place, form, session)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {where: exc}, form)
    target = (
        back(place, form, done)
        if back is not None
        else place.url(f"/d/events/{event}/results", done=done)
    )
    return RedirectResponse(target, status_code=303)


# -- entering --------------------------------------------------------------------------------


def _enter(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    movement = store.movement(place.event, section=place.section, session=place.session)
    numbers = PairNumbers.of(movement)
    ns, ew = numbers.entered(whole(form, "ns"), whole(form, "ew"))  # as the cards number them
    result = make_result(
        round=whole(form, "round"),
        table=whole(form, "table"),
        board=whole(form, "board"),
        ns=ns,
        ew=ew,
        contract=form.get("contract", "").strip() or None,
        declarer=form.get("declarer") or None,
        result=form.get("result", "").strip() or None,
        lead=form.get("lead", "").strip() or None,
        adjusted=form.get("adjusted", "").strip() or None,
        section=place.section,
        session=place.session,
    )
    rid = slips.enter(
        store, place.event, result, who=session.user.name, override=form.get("override") or None
    )
    return (
        catalog(place.lang)
        .gettext("result {id}: board {board} NS {ns} v EW {ew} {result}")
        .format(
            id=rid,
            board=result.board,
            ns=numbers.number(result.ns),
            ew=numbers.number(result.ew),
            result=result.result_text,
        )
    )


def _next_cell(place: Place, form: Mapping[str, str], done: str) -> str:
    """After a result, the same table and round again (its next board, if any)."""
    return place.url(
        f"/d/events/{place.event}/results",
        round=form.get("round", ""),
        table=form.get("table", ""),
        done=done,
    )


@router.post("/events/{event}/results")
async def enter_result(request: Request, event: int) -> Response:
    return await act(request, event, Role.SCORER, "enter", _enter, _next_cell)


@router.post("/events/{event}/results/import")
async def import_results(request: Request, event: int) -> Response:
    """A results CSV (the columns of ``bridgedesk result import``): all rows or none."""
    data = await request.form()
    form = text_fields(data)
    session = await need(request, Role.SCORER, form)
    place = await place_of(request, event, form)
    try:
        name, raw = await upload_of(data, lazy_gettext("a results CSV file"), MAX_UPLOAD)
        rows = results_csv.loads(decode(raw, name), name)
        store = store_of(request)
        report = await db_call(
            request, lambda: slips.import_slips(store, place.event, rows, who=session.user.name)
        )
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"import": exc})
    done = (
        catalog(place.lang)
        .gettext("imported {added} result(s) from {file}; {skipped} already stored")
        .format(added=report.added, file=name, skipped=report.skipped)
    )
    return RedirectResponse(place.url(f"/d/events/{event}/results", done=done), status_code=303)


# -- correcting ------------------------------------------------------------------------------


def _stored(store: Store, place: Place, result_id: int) -> Any:
    found = [
        r
        for r in store.results(place.event, section=place.section, session=place.session)
        if r.id == result_id
    ]
    if not found:
        raise EntryError(
            "no result {result_id} in section {section}",
            code="result.not-in-section",
            result_id=result_id,
            section=place.section,
        )
    return found[0]


@router.get("/events/{event}/results/{result_id}/correct", response_class=HTMLResponse)
async def correct_page(request: Request, event: int, result_id: int) -> Response:
    session = await need(request, Role.SCORER)
    place = await place_of(request, event)
    try:
        stored = await db_call(request, _stored, store_of(request), place, result_id)
    except BridgedeskError as exc:
        return await _page(request, session, place, 404, {"list": exc})
    return await _correct_form(request, session, place, stored)


async def _correct_form(
    request: Request,
    session: UserSession,
    place: Place,
    stored: Any,
    status: int = 200,
    error: Shown = "",
    form: Mapping[str, str] | None = None,
) -> Response:
    r = stored.result
    _ = catalog(language(request)).gettext
    store = store_of(request)
    called = await db_call(request, open_disputes, store, place.event, place.section, place.session)
    return console_page(
        request,
        "correct.html.j2",
        session,
        _("Correct result #{id}").format(id=stored.id),
        status,
        place=place,
        stored=stored,
        dispute=next((d for d in called if d.result_id == stored.id), None),
        seats=SEATS,
        error=error,
        form=refill(form or stored_fields(r)),  # the stored slip, to change what is wrong
    )


def _correct(
    store: Store, place: Place, result_id: int, form: Mapping[str, str], session: UserSession
) -> str:
    stored = _stored(store, place, result_id)
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError(
            "give the reason for the correction (it is kept in the audit log)",
            code="correction.needs-reason",
        )
    new = corrected(
        stored.result,
        contract=form.get("contract", "").strip() or None,
        declarer=form.get("declarer") or None,
        result=form.get("result", "").strip() or None,
        lead=form.get("lead", "").strip() or None,
        adjusted=form.get("adjusted", "").strip() or None,
    )
    dispute = form.get("dispute", "").strip()
    if dispute:  # the director's ruling on a table's dispute: correct and clear the flag
        if session.user.role is not Role.DIRECTOR:
            raise RoleRefusedError(
                "{who} is a {role}: only the director rules on a disputed result",
                code="role.refused",
                who=session.user.name,
                role=role_name(session.user.role),
            )
        cid = rulings.rule_on_dispute(
            store, place.event, whole(form, "dispute"), who=session.user.name, reason=reason,
            new=new, override=stored.override, result_id=stored.id,
        )  # fmt: skip
        resolved = catalog(place.lang).gettext(
            "correction {id}: result {result} {old} -> {new}; dispute {dispute} resolved"
        )
        return resolved.format(
            id=cid,
            result=stored.id,
            old=stored.result.result_text,
            new=new.result_text,
            dispute=dispute,
        )
    cid = slips.correct(
        store,
        place.event,
        stored.id,
        new,
        who=session.user.name,
        reason=reason,
        director=session.user.role is Role.DIRECTOR,
        override=stored.override,
    )
    return (
        catalog(place.lang)
        .gettext("correction {id}: result {result} {old} -> {new}")
        .format(id=cid, result=stored.id, old=stored.result.result_text, new=new.result_text)
    )


@router.post("/events/{event}/results/{result_id}/correct")
async def correct_result(request: Request, event: int, result_id: int) -> Response:
    form = await read_form(request)
    session = await need(request, Role.SCORER, form)
    place = await place_of(request, event, form)
    store = store_of(request)
    try:
        done = await db_call(request, _correct, store, place, result_id, form, session)
    except BridgedeskError as exc:
        try:
            stored = await db_call(request, _stored, store, place, result_id)
        except BridgedeskError:
            return await _page(request, session, place, 404, {"list": exc})
        return await _correct_form(request, session, place, stored, status_of(exc), exc, form)
    return RedirectResponse(place.url(f"/d/events/{event}/results", done=done), status_code=303)


# -- a board's history and undo -------------------------------------------------------------


@router.get("/events/{event}/history", response_class=HTMLResponse)
async def history_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    text = request.query_params.get("board", "")
    board = int(text) if text.isascii() and text.isdigit() and len(text) <= 4 else 1
    lines = await db_call(
        request,
        lambda: store_of(request).board_history(
            place.event, board, section=place.section, session=place.session
        ),
    )
    _ = catalog(language(request)).gettext
    return console_page(
        request,
        "history.html.j2",
        session,
        _("History of board {board}").format(board=board),
        place=place,
        board=board,
        lines=lines,
        error=request.query_params.get("error", ""),
    )


def _undo(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    correction = whole(form, "correction")
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError(
            "give the reason for the undo (it is kept in the audit log)",
            code="correction.undo-needs-reason",
        )
    cid = slips.undo(
        store,
        place.event,
        correction,
        who=session.user.name,
        reason=reason,
        director=session.user.role is Role.DIRECTOR,
    )
    undid = catalog(place.lang).gettext("correction {id}: undid correction {undone}")
    return undid.format(id=cid, undone=correction)


# -- the director's hand: rounds and penalties ----------------------------------------------


def _round(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    rnd = whole(form, "round")
    action = form.get("action", "")
    if action not in ROUND_ACTIONS:
        raise EntryError(
            "a round is held, closed or opened, not {given!r}",
            code="round.unknown-action",
            given=action,
        )
    state = ROUND_ACTIONS[action]
    set_round(
        store, place.event, rnd, state, session.user.name, section=place.section,
        session=place.session,
    )  # fmt: skip
    _ = catalog(place.lang).gettext
    shown = {"held": _("held"), "closed": _("closed")}.get(state or "", _("open"))
    return _("section {section} round {round}: {state}").format(
        section=place.section, round=rnd, state=shown
    )


def _penalty(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    pair = whole(form, "pair")
    reason = _reason(form, _PENALTY)
    try:
        unit = PenaltyUnit(form.get("unit", ""))
    except ValueError:
        raise EntryError(
            "choose the penalty's unit: boards, mp, percent or imp", code="penalty.unknown-unit"
        ) from None
    penalty = ProceduralPenalty(
        pair,
        parse_amount(form.get("amount", ""), "the amount"),
        unit,
        reason,
        _maybe(form, "board"),
    )
    rid = rulings.penalty(
        store, place.event, penalty, who=session.user.name, section=place.section,
        session=place.session,
    )  # fmt: skip
    return (
        catalog(place.lang)
        .gettext("ruling {id}: penalty on pair {pair}, {penalty} ({reason})")
        .format(id=rid, pair=pair, penalty=penalty.text, reason=reason)
    )


#: What a director's reason is asked for ("give the reason for the {what}").
_PENALTY = lazy_pgettext("the reason for the", "penalty")
_FOULED = lazy_pgettext("the reason for the", "fouled board")
_RULING = lazy_pgettext("the reason for the", "ruling")
_CANCELLATION = lazy_pgettext("the reason for the", "cancellation")


def _reason(form: Mapping[str, str], what: LazyText) -> str:
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError(
            "give the reason for the {what} (it is printed and audited)",
            code="penalty.needs-reason",
            what=what,
        )
    return reason


def _fouled(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    """A fouled board (004:3531-3658): the listed ROUND:TABLE places and/or every table
    playing it from a round on, as ``bridgedesk result fouled`` takes them."""
    board = whole(form, "board")
    reason = _reason(form, _FOULED)
    places = parse_places(p for p in form.get("at", "").replace(";", ",").split(",") if p.strip())
    start = _maybe(form, "from_round")
    if start is not None:
        movement = store.movement(place.event, section=place.section, session=place.session)
        if movement is None:
            raise EntryError(
                "section {section} has no movement yet",
                code="result.no-movement-yet",
                section=place.section,
            )
        places = fouled_places(movement, board, start, places)
    group = form.get("group", "").strip() or "2"
    ids = rulings.fouled(
        store, place.event, board, places, group, reason=reason, who=session.user.name,
        section=place.section, session=place.session,
    )  # fmt: skip
    _ = catalog(place.lang).gettext
    shown = ", ".join(_("round {round} table {table}").format(round=r, table=t) for r, t in places)
    return _("ruling(s) {ids}: board {board} group {group}: {places}").format(
        ids=", ".join(map(str, ids)), board=board, group=group, places=shown
    )


def _not_played(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    rnd, table, board = whole(form, "round"), whole(form, "table"), whole(form, "board")
    rid = rulings.not_played(
        store, place.event, rnd, table, board, reason=_reason(form, _RULING),
        who=session.user.name, section=place.section, session=place.session,
    )  # fmt: skip
    not_played = catalog(place.lang).gettext(
        "ruling {id}: board {board} not played at round {round} table {table}"
    )
    return not_played.format(id=rid, board=board, round=rnd, table=table)


def _cancel(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    ruling = whole(form, "ruling")
    aid = director.cancel_ruling(
        store, place.event, ruling, reason=_reason(form, _CANCELLATION), who=session.user.name
    )
    return (
        catalog(place.lang)
        .gettext("audit {id}: ruling {ruling} cancelled")
        .format(id=aid, ruling=ruling)
    )


def _release(store: Store, place: Place, form: Mapping[str, str], session: UserSession) -> str:
    return release_form(store, place.event, place.session, form, session.user.name, place.lang)


_Action = Callable[[Store, Place, Mapping[str, str], UserSession], str]

#: The actions that answer with the results page: (path, role, form, function).
ACTIONS: tuple[tuple[str, Role, str, _Action], ...] = (
    ("/undo", Role.SCORER, "list", _undo),
    ("/rounds", Role.DIRECTOR, "rounds", _round),
    ("/penalty", Role.DIRECTOR, "penalty", _penalty),
    ("/fouled", Role.DIRECTOR, "fouled", _fouled),
    ("/not-played", Role.DIRECTOR, "not_played", _not_played),
    ("/rulings/cancel", Role.DIRECTOR, "rulings", _cancel),
    ("/release", Role.DIRECTOR, "release", _release),
)


def _endpoint(role: Role, where: str, run: _Action) -> Callable[[Request, int], Any]:
    async def endpoint(request: Request, event: int) -> Response:
        return await act(request, event, role, where, run)

    return endpoint


for _path, _role, _where, _run in ACTIONS:
    router.add_api_route(
        f"/events/{{event}}{_path}", _endpoint(_role, _where, _run), methods=["POST"]
    )


__all__ = ["router"]
