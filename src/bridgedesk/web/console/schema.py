"""The OpenAPI schema of the app (``/d/openapi.json``), for the director only.

The schema documents the table terminals' API; served publicly it would also show
anyone on the club's network every route there is, so the app serves none at
``/openapi.json`` and the console hands it to a logged-in director.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need

router = APIRouter(prefix="/d")


@router.get("/openapi.json", include_in_schema=False)
async def openapi(request: Request) -> JSONResponse:
    await need(request, Role.DIRECTOR)
    return JSONResponse(request.app.openapi())


__all__ = ["router"]
