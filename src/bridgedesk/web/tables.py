"""The table terminal's pages (``/t/...``): log in, enter and confirm, travellers.

Server-rendered, usable without JavaScript: the entry form posts to
``/t/preview``, which shows the contract and the score for the opponents to
accept (:func:`bridgedesk.services.slips.check_at_table`: every check, nothing
stored); accepting posts the result to ``/t/results`` with an idempotency key
made with the preview, so a doubled tap stores it once.  With JavaScript, htmx
swaps the form and its confirmation in place, and ``static/table.js`` keeps an
accepted result in the phone's storage and sends it to the JSON API until the
server has answered (a dropped connection loses nothing; a retry never stores
a second result).  The checks are those of ``bridgedesk result add``.
"""

from __future__ import annotations

import json
import secrets
from collections import defaultdict
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response

from bridgedesk.bridge import Seat
from bridgedesk.bridge.score_table import score_table
from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.events.seating import format_boards
from bridgedesk.i18n import catalog
from bridgedesk.services import slips, visibility
from bridgedesk.store import disputes
from bridgedesk.store import terminals as term
from bridgedesk.store.service import Store
from bridgedesk.web.api import raise_table_dispute, store_result
from bridgedesk.web.bodies import LoginBody, parsed
from bridgedesk.web.individual_seats import individual_view
from bridgedesk.web.language import language
from bridgedesk.web.live import live_results
from bridgedesk.web.security import (
    TOKEN_COOKIE,
    LoginLimiter,
    check_login_csrf,
    client_of,
    login_csrf,
    set_login_csrf,
    set_token_cookie,
    status_of,
    terminal_of,
)
from bridgedesk.web.table_body import table_correction, table_slip
from bridgedesk.web.team_tables import is_team
from bridgedesk.web.templating import page, refused_fragment, render
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/t")
#: The terminal's scripts (``/static``).
STATIC = Path(__file__).parent / "static"

#: The result choices of the entry form, as the opponents say them.
RESULTS = (*(f"-{n}" for n in range(13, 0, -1)), "=", *(f"+{n}" for n in range(1, 7)))


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def _error_page(request: Request, exc: BridgedeskError, back: str = "/t/table") -> HTMLResponse:
    _ = catalog(language(request)).gettext
    return page(
        request, "error.html.j2", status_of(exc), title=_("Not done"), message=exc, back=back
    )


async def _form(request: Request) -> dict[str, str]:
    data = await request.form()
    return {k: v for k, v in data.items() if isinstance(v, str)}


# -- what the phone keeps ------------------------------------------------------------------


@router.get("/scores.json")
def scores() -> JSONResponse:
    """Every contract's score (:func:`bridgedesk.bridge.score_table.score_table`): the
    page shows a slip's score from it, with or without the network."""
    return JSONResponse(score_table(), headers={"Cache-Control": "public, max-age=86400"})


@router.get("/sw.js")
def service_worker() -> FileResponse:
    """The terminal's service worker, served under ``/t/`` so that its scope is the
    terminal's pages (``static/table_sw.js``)."""
    return FileResponse(
        STATIC / "table_sw.js",
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/t/"},
    )


# -- logging in --------------------------------------------------------------------------


@router.get("/", response_class=HTMLResponse)
@router.get("/login", response_class=HTMLResponse)
def login_page(request: Request) -> Response:
    csrf = login_csrf(request)
    values = {k: request.query_params.get(k, "") for k in ("event", "section", "table", "code")}
    _ = catalog(language(request)).gettext
    response = page(
        request,
        "login.html.j2",
        title=_("Table terminal"),
        csrf=csrf,
        form=defaultdict(str, values),
        error="",
    )
    set_login_csrf(response, csrf, request.app.state.secure_cookies)
    return response


@router.post("/login")
async def login(request: Request) -> Response:
    form = await _form(request)
    limiter: LoginLimiter = request.app.state.login_limiter
    client = client_of(request)
    try:
        check_login_csrf(request, form.get("csrf", ""))
        await db_call(request, limiter.check, client)
        given = parsed(LoginBody, {k: form.get(k) for k in ("event", "section", "table", "code")})
        if given.event is None or given.table is None:
            raise EntryError("the event and table are numbers", code="table.login-numbers")
        try:
            token, _ = await db_call(
                request,
                term.login,
                _store(request),
                given.event,
                (given.section or "A").upper(),
                given.table,
                given.code or "",
            )
        except term.NotLoggedInError:
            await db_call(request, limiter.failed, client)
            raise
    except BridgedeskError as exc:
        _ = catalog(language(request)).gettext
        csrf = login_csrf(request)
        response = page(
            request,
            "login.html.j2",
            status_of(exc),
            title=_("Table terminal"),
            csrf=csrf,
            form=defaultdict(str, {**form, "code": ""}),
            error=exc,
        )
        set_login_csrf(response, csrf, request.app.state.secure_cookies)
        return response
    done = RedirectResponse("/t/table", status_code=303)
    set_token_cookie(done, token, request.app.state.secure_cookies)
    return done


@router.post("/logout")
async def logout(request: Request) -> Response:
    form = await _form(request)
    try:
        await db_call(request, terminal_of, request, _store(request), True, form.get("csrf", ""))
    except BridgedeskError as exc:
        return _error_page(request, exc, "/t/")
    response = RedirectResponse("/t/", status_code=303)
    response.delete_cookie(TOKEN_COOKIE, path="/")
    return response


# -- the table's page ----------------------------------------------------------------------


def _numbers(boards: tuple[int, ...]) -> str:
    """``7-8`` or ``1, 5, 9``: the board numbers without the English word."""
    if not boards:
        return ""
    return format_boards(boards).removeprefix("boards ").removeprefix("board ")


def _moved(state: term.TableState) -> dict[str, Any] | None:
    """Where the last round's pairs and boards went, shown until the new round's first entry."""
    if state.previous is None or state.entered or state.status != "playing":
        return None
    before, here, nxt = state.previous
    places = []
    for pair, place in ((here.ns, nxt.ns), (here.ew, nxt.ew)):
        if pair in state.phantoms:
            continue
        places.append(
            {
                "pair": state.numbers.label(pair),
                "table": None if place is None else place.table,
                "direction": "" if place is None else place.direction,
            }
        )
    return {
        "round": before + 1,
        "places": places,
        "boards_to": nxt.boards_to,
        "boards_finished": nxt.boards_finished,
        "boards_text": _numbers(here.boards),
    }


def _disputed(store: Store, terminal: term.Terminal) -> frozenset[int]:
    """The ids of this table's results awaiting the director's ruling."""
    found = disputes.open_disputes(
        store, terminal.event_id, section=terminal.section, session=terminal.session
    )
    return frozenset(d.result_id for d in found if d.table == terminal.table)


def _panel_context(store: Store, terminal: term.Terminal) -> dict[str, Any]:
    state = term.table_state(store, terminal)
    return {
        "state": state,
        "disputed": _disputed(store, terminal),
        "boards_text": _numbers(state.boards),
        "moved": _moved(state),
        "individual": individual_view(store, state),  # the four players (web/individual_seats)
        "played": visibility.table_boards(store, terminal),  # events.visibility
        "form": defaultdict(str),
        "results": RESULTS,
        "error": "",
        "message": "",
        "failed": False,
        "correcting": False,
        "action": "/t/preview",
    }


@router.get("/table", response_class=HTMLResponse)
async def table_page(request: Request) -> Response:
    store = _store(request)
    try:
        terminal = await db_call(request, terminal_of, request, store)
        if await is_team(request, terminal):
            return RedirectResponse("/t/team", status_code=303)  # web/team_tables.py
        context = await db_call(request, _panel_context, store, terminal)
    except term.NotLoggedInError:
        return RedirectResponse("/t/", status_code=303)
    except BridgedeskError as exc:
        return _error_page(request, exc, "/t/")
    _ = catalog(language(request)).gettext
    return page(request, "table.html.j2", title=_("Table terminal"), **context)


@router.get("/table/panel", response_class=HTMLResponse)
async def table_panel(request: Request) -> Response:
    store = _store(request)
    try:
        terminal = await db_call(request, terminal_of, request, store)
        context = await db_call(request, _panel_context, store, terminal)
    except BridgedeskError as exc:
        return refused_fragment(request, "panel", exc)
    return HTMLResponse(render("_panel.html.j2", language(request), **context))


# -- entering a result -----------------------------------------------------------------------


def _body_of(form: Mapping[str, str]) -> dict[str, Any]:
    """The API request body a filled-in entry form stands for."""
    level = form.get("level", "")
    if level == "PASS":
        contract, declarer, result = "PASS", None, None
    else:
        if not level:
            raise EntryError(
                "choose the contract's level (1-7) or passed out", code="result.choose-level"
            )
        if not form.get("strain"):
            raise EntryError(
                "choose the contract's strain (♣ ♦ ♥ ♠ NT)", code="result.choose-strain"
            )
        contract = f"{level}{form['strain']}{form.get('doubled', '')}"
        declarer = form.get("declarer") or None
        result = form.get("result") or None
    if not form.get("board"):
        raise EntryError("choose the board", code="result.choose-board")
    return {
        "round": form.get("round", ""),
        "board": form.get("board", ""),
        "ns": form.get("ns", ""),
        "ew": form.get("ew", ""),
        "contract": contract,
        "declarer": declarer,
        "result": result,
        "lead": (form.get("lead") or "").strip().upper() or None,
    }


def _contract_text(body: Mapping[str, Any], lang: str) -> str:
    if body["contract"] == "PASS":
        return catalog(lang).gettext("Passed out")
    shown = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
    contract = str(body["contract"])
    level, rest = contract[0], contract[1:]
    strain = "NT" if rest.startswith("NT") else rest[:1]
    doubled = rest[len(strain) :]
    lead = f" ({catalog(lang).gettext('Lead')} {body['lead']})" if body.get("lead") else ""
    return f"{level}{shown[strain]}{doubled} {body['declarer']} {body['result']}{lead}"


def _score_text(score: int | None, lang: str) -> str:
    _ = catalog(lang).gettext
    if score is None or score == 0:
        return "0"
    side = _("NS") if score > 0 else _("EW")
    return f"{side} +{abs(score)}"


def _preview(
    store: Store, terminal: term.Terminal, form: Mapping[str, str], lang: str, result_id: int = 0
) -> dict[str, Any]:
    """Check the form as the store will, without storing; the confirmation's context."""
    body = _body_of(form)
    if result_id:
        change = table_correction(terminal, body)
        checked = slips.check_correction_at_table(store, terminal, result_id, change)
    else:
        state = term.table_state(store, terminal)
        body.update(ns=state.ns, ew=state.ew)
        checked = slips.check_at_table(store, table_slip(terminal, body))
    body.update(round=checked.round, board=checked.board, ns=checked.ns, ew=checked.ew)
    if checked.declarer is not None:
        body["declarer"] = Seat(checked.declarer).value
    return {
        "result": checked,
        "body": body,
        "contract_text": _contract_text(body, lang),
        "score_text": _score_text(checked.ns_score, lang),
        "csrf": terminal.csrf,
        "key": secrets.token_urlsafe(16),
        "action": f"/t/correct/{result_id}" if result_id else "/t/results",
        "api_url": f"/api/table/results/{result_id}" if result_id else "/api/table/results",
        "method": "PUT" if result_id else "POST",
        "queue": not result_id,
    }


async def _entry_error(
    request: Request, store: Store, terminal: term.Terminal, form: Mapping[str, str], exc: Exception
) -> Response:
    lang = language(request)
    context = await db_call(request, _panel_context, store, terminal)
    context.update(form=defaultdict(str, form), error=exc)
    status = status_of(exc) if isinstance(exc, BridgedeskError) else 422
    if _htmx(request):
        # htmx swaps only 2xx answers by default: the form comes back with its message
        return HTMLResponse(render("_entry.html.j2", lang, **context))
    _ = catalog(lang).gettext
    return page(request, "table.html.j2", status, title=_("Table terminal"), **context)


async def _confirmation(request: Request, result_id: int = 0) -> Response:
    """The score for the opponents to accept (of a new result, or of a correction)."""
    store = _store(request)
    form = await _form(request)
    try:
        terminal = await db_call(request, terminal_of, request, store, True, form.get("csrf", ""))
    except BridgedeskError as exc:
        return _error_page(request, exc, "/t/")
    lang = language(request)
    try:
        context = await db_call(request, _preview, store, terminal, form, lang, result_id)
    except BridgedeskError as exc:
        if result_id:
            return _error_page(request, exc)
        return await _entry_error(request, store, terminal, form, exc)
    if _htmx(request):
        return HTMLResponse(render("_confirm.html.j2", lang, **context))
    _ = catalog(lang).gettext
    return page(request, "confirm.html.j2", title=_("Table terminal"), terminal=terminal, **context)


@router.post("/preview", response_class=HTMLResponse)
async def preview(request: Request) -> Response:
    return await _confirmation(request)


@router.post("/results")
async def add_result(request: Request) -> Response:
    """The confirmation without JavaScript: store, then back to the table's page."""
    store = _store(request)
    form = await _form(request)
    try:
        terminal = await db_call(request, terminal_of, request, store, True, form.get("csrf", ""))
        body = {
            k: (form.get(k) or None)
            for k in ("round", "board", "ns", "ew", "contract", "declarer", "result", "lead")
        }
        await store_result(request, terminal, body, form.get("key") or None)
    except BridgedeskError as exc:
        return _error_page(request, exc)
    return RedirectResponse("/t/table", status_code=303)


# -- corrections by the table -----------------------------------------------------------------


@router.get("/correct/{result_id}", response_class=HTMLResponse)
async def correct_page(request: Request, result_id: int) -> Response:
    store = _store(request)
    try:
        terminal = await db_call(request, terminal_of, request, store)
        context = await db_call(request, _panel_context, store, terminal)
        stored = await db_call(request, term.stored_result, store, terminal, result_id)
    except BridgedeskError as exc:
        return _error_page(request, exc)
    contract = stored.contract
    form: dict[str, str] = {"round": str(stored.round), "board": str(stored.board)}
    if contract is not None and contract.is_pass:
        form["level"] = "PASS"
    elif contract is not None:
        text = str(contract)
        form["level"], rest = text[0], text[1:]
        form["strain"] = "NT" if rest.startswith("NT") else rest[:1]
        form["doubled"] = rest[len(form["strain"]) :]
        form["declarer"] = "" if stored.declarer is None else Seat(stored.declarer).value
        form["result"] = stored.result_text.split()[-1] if stored.result_text else "="
        form["lead"] = stored.lead or ""
    context.update(
        form=defaultdict(str, form), correcting=True, action=f"/t/correct/{result_id}/preview"
    )
    _ = catalog(language(request)).gettext
    return page(request, "correct.html.j2", title=_("Table terminal"), **context)


@router.post("/correct/{result_id}/preview", response_class=HTMLResponse)
async def correct_preview(request: Request, result_id: int) -> Response:
    return await _confirmation(request, result_id)


@router.post("/correct/{result_id}")
async def correct(request: Request, result_id: int) -> Response:
    store = _store(request)
    form = await _form(request)
    try:
        terminal = await db_call(request, terminal_of, request, store, True, form.get("csrf", ""))
        body = {k: (form.get(k) or None) for k in ("contract", "declarer", "result", "lead")}
        change = table_correction(terminal, body)
        await db_call(request, slips.correct_at_table, store, terminal, result_id, change)
    except BridgedeskError as exc:
        return _error_page(request, exc)
    return RedirectResponse("/t/table", status_code=303)


# -- calling the director ----------------------------------------------------------------------


@router.post("/dispute/{result_id}")
async def dispute(request: Request, result_id: int) -> Response:
    """The table disputes one of its results: it stays entered, flagged, and the
    director's grid shows the cell as disputed until the director rules."""
    store = _store(request)
    form = await _form(request)
    try:
        terminal = await db_call(request, terminal_of, request, store, True, form.get("csrf", ""))
        note = form.get("note", "")
        await db_call(request, raise_table_dispute, store, terminal, result_id, note)
    except BridgedeskError as exc:
        return _error_page(request, exc)
    return RedirectResponse("/t/table", status_code=303)


# -- travellers ------------------------------------------------------------------------------------


@router.get("/traveller/{board}", response_class=HTMLResponse)
async def traveller(request: Request, board: int) -> Response:
    store = _store(request)
    _ = catalog(language(request)).gettext
    try:
        terminal = await db_call(request, terminal_of, request, store)
        kept = await db_call(
            request, visibility.kept_table_traveller, store, live_results(request.app),
            terminal, board,
        )  # fmt: skip
        found = None if kept is None else json.loads(kept)
        own = await db_call(request, _own_result, store, terminal, board)
    except term.NotLoggedInError:
        return RedirectResponse("/t/", status_code=303)
    except BridgedeskError as exc:
        return _error_page(request, exc)
    return page(
        request,
        "traveller.html.j2",
        200 if found is not None else 403,
        title=_("Traveller of board {board}").format(board=board),
        terminal=terminal,
        board=board,
        hidden=found is None,
        traveller=found,
        own=own,
    )


def _own_result(store: Store, terminal: term.Terminal, board: int) -> dict[str, Any] | None:
    """This table's result on ``board`` (any round), with whether it is disputed."""
    for stored in store.results(
        terminal.event_id, section=terminal.section, session=terminal.session
    ):
        if stored.result.board == board and stored.result.table == terminal.table:
            return {"id": stored.id, "disputed": stored.id in _disputed(store, terminal)}
    return None


__all__ = ["RESULTS", "router"]
