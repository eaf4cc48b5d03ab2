"""The table terminals' JSON API and the public ranking.

``POST /api/table/login`` ``{"event", "section", "table", "code"[, "session"]}``
gives ``{"token"}``; every other ``/api/table`` call sends ``Authorization:
Bearer TOKEN``.  Answers: 201 for a stored result (the same again for a
repeated ``Idempotency-Key``), 401 without a valid token or code, 403 for
what the table may not touch (a closed round, another table's result, a
traveller before the table has played the board), 409 when the board already
has a result for those pairs, 422 ``{"error": "one line"}`` for bad input or
the wrong round, table or board (the message says what was expected), 413 for
a body over 64 KiB (refused before it is read), 429 after too many wrong codes.
Bodies are read by :mod:`bridgedesk.web.bodies` (the bounded JSON reader, the
command line's bounds on every field).  A body is read into its slip here
(:mod:`bridgedesk.web.table_body`); it is checked and stored by the tables' door
of :mod:`bridgedesk.services.slips`, with the checks of ``bridgedesk result add``.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from bridgedesk.errors import BridgedeskError, EntryError, ForbiddenError
from bridgedesk.services import slips, visibility
from bridgedesk.store import disputes
from bridgedesk.store import terminals as term
from bridgedesk.store.service import Store
from bridgedesk.web import live, team_tables
from bridgedesk.web.bodies import DisputeBody, LoginBody, json_object, parsed
from bridgedesk.web.known_terminals import known_terminal, posting_terminal, remember_terminal
from bridgedesk.web.language import language
from bridgedesk.web.refusals import refusal_json
from bridgedesk.web.security import LoginLimiter, client_of, status_of, terminal_of
from bridgedesk.web.table_body import table_correction, table_slip
from bridgedesk.web.threads import db_call
from bridgedesk.web.writer import ResultWriter

router = APIRouter(prefix="/api")


def error(exc: BridgedeskError, request: Request) -> JSONResponse:
    """``{"error", "code", "field", "params"}``: the refusal in the request's language
    (:func:`bridgedesk.web.refusals.refusal_json`)."""
    return JSONResponse(refusal_json(exc, language(request)), status_code=status_of(exc))


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def state_json(state: term.TableState) -> dict[str, Any]:
    t = state.terminal
    nxt = state.next
    return {
        "event": t.event_id,
        "section": t.section,
        "table": t.table,
        "round": state.round,
        "status": state.status,
        "ns": state.ns,
        "ew": state.ew,
        "names": {str(k): v for k, v in state.names.items()},
        "boards": list(state.boards),
        "entered": [
            {
                "id": r.id,
                "board": r.result.board,
                "contract": None if r.result.contract is None else str(r.result.contract),
                "declarer": None if r.result.declarer is None else str(r.result.declarer),
                "result": r.result.result_text,
                "lead": r.result.lead,
                "score_ns": r.result.ns_score,
            }
            for r in state.entered
        ],
        "next": None
        if nxt is None
        else {
            "round": nxt.round,
            "ns": None if nxt.ns is None else vars(nxt.ns),
            "ew": None if nxt.ew is None else vars(nxt.ew),
            "boards": list(nxt.boards),
            "boards_to": nxt.boards_to,
            "boards_finished": nxt.boards_finished,
        },
    }


async def store_result(
    request: Request, terminal: term.Terminal, body: dict[str, Any], key: str | None
) -> dict[str, Any]:
    """Store a table's result through the process's writer (see :mod:`bridgedesk.web.writer`)."""
    if await team_tables.is_team(request, terminal):  # the draw's checks too
        return await team_tables.store_team_result(request, terminal, body, key)
    writer: ResultWriter = request.app.state.writer
    return await writer.submit(table_slip(terminal, body, key))


@router.post("/table/login")
async def login(request: Request) -> JSONResponse:
    limiter: LoginLimiter = request.app.state.login_limiter
    client = client_of(request)
    try:
        await db_call(request, limiter.check, client)
        given = parsed(LoginBody, await json_object(request))
        if given.event is None or given.table is None or given.code is None:
            raise EntryError(
                '"event", "table" and "code" are needed to log in', code="table.login-missing"
            )
        try:
            token, terminal = await db_call(
                request,
                term.login,
                _store(request),
                given.event,
                given.section or "A",
                given.table,
                given.code,
                given.session or 1,
            )
        except term.NotLoggedInError:
            await db_call(request, limiter.failed, client)
            raise
        await remember_terminal(request, token, terminal)
    except BridgedeskError as exc:
        return error(exc, request)
    return JSONResponse({"token": token})


@router.get("/table/state")
async def state(request: Request) -> JSONResponse:
    store = _store(request)
    try:
        terminal = await db_call(request, terminal_of, request, store)
        found = await db_call(request, term.table_state, store, terminal)
    except BridgedeskError as exc:
        return error(exc, request)
    return JSONResponse(state_json(found))


#: Where a table sends a result, within the router, and as the app serves it (with no
#: root path before it): the path :class:`ResultDoor` answers.
_RESULTS = "/table/results"
RESULTS_PATH = router.prefix + _RESULTS


@router.post(_RESULTS)
async def add_result(request: Request) -> JSONResponse:
    """A table's result: 201 ``{"id", "board", "result", "score_ns"}`` (see the module).
    Served by :class:`ResultDoor` ahead of the app's routing; this route answers the
    same for an app without it."""
    store = _store(request)
    try:
        terminal = await posting_terminal(request, store)  # its login checked by the write
        body = await json_object(request)
        key = request.headers.get("idempotency-key")
        answer = await store_result(request, terminal, body, key)
    except BridgedeskError as exc:
        return error(exc, request)
    return JSONResponse(answer, status_code=201)


@router.put("/table/results/{result_id}")
async def correct_result(request: Request, result_id: int) -> JSONResponse:
    store = _store(request)
    try:
        terminal = await db_call(request, terminal_of, request, store, True)
        body = await json_object(request)
        change = table_correction(terminal, body)
        correction = await db_call(
            request, slips.correct_at_table, store, terminal, result_id, change
        )
    except BridgedeskError as exc:
        return error(exc, request)
    return JSONResponse({"id": result_id, "correction": correction})


class ResultDoor:
    """ASGI middleware: a table's ``POST /api/table/results`` is answered here by
    :func:`add_result`, the route's own function, without the app's routing (the
    request matched against every route, the endpoint's dependencies solved, its
    exception wrappers: CPU the event loop spends on every result POST for nothing,
    issue 22).  Any other request goes on to the app.  Installed
    inside :class:`~bridgedesk.web.bodies.BodyLimit`, so the body is bounded as for
    every route, and inside Starlette's error middleware, so a bug is answered 500 and
    logged as a route's would be."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"] == RESULTS_PATH:
            response = await add_result(Request(scope, receive))
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def raise_table_dispute(
    store: Store, terminal: term.Terminal, result_id: int, note: str | None
) -> int:
    """A table calls the director about one of its own results (stays entered, flagged)."""
    return disputes.raise_dispute(
        store, terminal.event_id, result_id, who=terminal.label, note=note or "",
        section_id=terminal.section_id, table=terminal.table,
    )  # fmt: skip


@router.post("/table/results/{result_id}/dispute")
async def dispute_result(request: Request, result_id: int) -> JSONResponse:
    """``{"note": "..."}`` (optional) -> 201 ``{"dispute", "result"}``."""
    store = _store(request)
    try:
        terminal = await db_call(request, terminal_of, request, store, True)
        body = await json_object(request)
        note = parsed(DisputeBody, body).note
        found = await db_call(request, raise_table_dispute, store, terminal, result_id, note)
    except BridgedeskError as exc:
        return error(exc, request)
    return JSONResponse({"dispute": found, "result": result_id}, status_code=201)


@router.get("/table/traveller/{board}")
async def traveller(request: Request, board: int) -> Response:
    store = _store(request)
    try:
        terminal = await known_terminal(request, store)  # its login checked by the read
        found = await db_call(
            request,
            visibility.kept_table_traveller,
            store,
            live.live_results(request.app),
            terminal,
            board,
        )
        if found is None:
            raise ForbiddenError(
                "board {board}'s traveller shows once both pairs now at {table} have played it",
                code="table.traveller-before-play",
                board=board,
                table=terminal.named,
            )
    except BridgedeskError as exc:
        return error(exc, request)
    return Response(found, media_type="application/json")


@router.get("/events/{event_id}/ranking")
async def ranking(
    request: Request, event_id: int, section: str | None = None, session: int | None = None
) -> Response:
    """What ``bridgedesk results EVENT --format json`` prints (``?section=``, ``?session=``
    as its options): a pairs section's ranking and travellers, an event of several
    sessions ranked over them, a round-by-round event's standings, a team event's."""
    try:  # an unknown event is refused by the computation (never kept)
        body = await live.ranking_document(request, event_id, section, session)
    except BridgedeskError as exc:
        return error(exc, request)
    return Response(body, media_type="application/json")


__all__ = ["RESULTS_PATH", "ResultDoor", "error", "router", "state_json", "store_result"]
