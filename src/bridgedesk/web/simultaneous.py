"""A simultaneous event on the federation's server: the heats' uploads and the public pages.

``POST /api/simultaneous/ID/upload`` takes a heat's results (bridgedesk's heat export,
:mod:`bridgedesk.formats.heat_json`) with ``Authorization: Bearer TOKEN``, the heat's
token: 200 ``{"heat", "outcome": "stored"|"corrected"|"unchanged", "results"}``, 401
for a token that is no heat's, 422 ``{"error": one line}`` for a heat that did not play
the event (its deals or movement) or a file that is not an export, 413 for a body over
:data:`MAX_UPLOAD` bytes.  Any number of server processes may take uploads at once: each
heat's row is locked while its results are replaced
(:func:`bridgedesk.store.simultaneous.store_heat`).

``/s/ID/`` shows the national ranking, ``/s/ID/heat-N.html`` a heat's,
``/s/ID/boards.html`` the frequency tables and ``/s/ID/booklet.html`` the booklet (with
the double-dummy analyses already in the store's cache), to anyone, in the reader's
language: the pages :func:`bridgedesk.services.simultaneous_scores.publish_field`
writes, from the field this process keeps scored until an upload changes it.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.requests import ClientDisconnect

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.formats import heat_json
from bridgedesk.services import heat_uploads, simultaneous_scores
from bridgedesk.store.service import Store
from bridgedesk.web.api import error
from bridgedesk.web.bodies import MAX_HEAT_UPLOAD
from bridgedesk.web.language import language
from bridgedesk.web.security import bearer
from bridgedesk.web.threads import db_call

router = APIRouter()

#: The largest heat upload taken (:class:`bridgedesk.web.bodies.BodyLimit` refuses a
#: larger one before it is read).
MAX_UPLOAD = MAX_HEAT_UPLOAD


def _store(request: Request) -> Store:
    found: Store = request.app.state.store
    return found


@router.post("/api/simultaneous/{event}/upload")
async def upload(request: Request, event: int) -> Response:
    token = bearer(request)
    if token is None:
        return JSONResponse({"error": "send the heat's token: Authorization: Bearer TOKEN"},
                            status_code=401)  # fmt: skip
    try:
        raw = await request.body()
    except ClientDisconnect:
        return JSONResponse({"error": "the upload was cut off: send it again"}, status_code=400)
    if len(raw) > MAX_UPLOAD:
        return JSONResponse(
            {"error": f"the heat is larger than {MAX_UPLOAD // 1_000_000} MB"}, status_code=413
        )
    try:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise EntryError(
                "the upload is not UTF-8 text (bridgedesk's heat export)",
                code="heat.upload-not-utf8",
            ) from None
        heat = heat_json.loads(text, "the upload")
        done = await db_call(request, heat_uploads.receive, _store(request), event, token, heat)
    except BridgedeskError as exc:
        return error(exc, request)
    return JSONResponse({"heat": done.heat, "outcome": done.outcome, "results": done.results})


@router.get("/s/{event}/", response_class=HTMLResponse)
@router.get("/s/{event}/{name}", response_class=HTMLResponse)
async def page(request: Request, event: int, name: str = "index.html") -> Response:
    try:
        html = await db_call(
            request, simultaneous_scores.page, _store(request), event, name, language(request)
        )
    except BridgedeskError as exc:
        return HTMLResponse(str(exc), status_code=404)
    return HTMLResponse(html)


__all__ = ["MAX_UPLOAD", "router"]
