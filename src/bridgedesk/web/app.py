"""The web app: ``create_app(db)`` builds it on a store.

Routers: the JSON API (:mod:`bridgedesk.web.api`), the table terminals' pages
(:mod:`bridgedesk.web.tables`), the public live results
(:mod:`bridgedesk.web.live`), and any optional router found among
``OPTIONAL_ROUTERS`` (a module of this package exposing ``router``, and maybe
``install(app)``; it is left out when the module is not there).  Static files
(htmx, the terminal's script and style) are served under ``/static``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles

from bridgedesk.services.live_updates import (
    DEFAULT_UPDATE_SECONDS,
    UPDATE_ENV,
    update_seconds_of,
)
from bridgedesk.store.service import Store
from bridgedesk.web.bodies import BodyLimit
from bridgedesk.web.live_kept import KeptDoor
from bridgedesk.web.security import LoginLimiter
from bridgedesk.web.writer import ResultWriter

STATIC = Path(__file__).parent / "static"
#: Modules of this package that add pages when they exist (e.g. practice sessions).
OPTIONAL_ROUTERS: tuple[str, ...] = ("bridgedesk.web.practice", "bridgedesk.web.console")


def include_optional_routers(app: FastAPI, names: tuple[str, ...] = OPTIONAL_ROUTERS) -> list[str]:
    """Include each optional module's ``router``; return the modules included."""
    included = []
    for name in names:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise  # the module is there but something it imports is not
            continue
        app.include_router(module.router)
        install = getattr(module, "install", None)
        if install is not None:  # e.g. the console's exception handlers
            install(app)
        included.append(name)
    return included


def create_app(
    db: str | Path | None = None,
    *,
    store: Store | None = None,
    login_limit: int = 10,
    login_window: float = 60.0,
    secure_cookies: bool = False,
    poll_seconds: float = 0.5,
    update_seconds: float = DEFAULT_UPDATE_SECONDS,
) -> FastAPI:
    """The app on ``store`` (or on the store at ``db``, opened and migrated now).

    The live pages (:mod:`bridgedesk.web.live`) ask the store for another process's
    changes every ``poll_seconds``, and tell their viewers of changes at most once every
    ``update_seconds`` per event."""
    from bridgedesk.web import (
        api,
        live,
        simultaneous,
        tables,
        team_live,
        team_tables,
        threads,
        unanswered,
    )

    own = store is None
    the_store = Store.open(db) if store is None else store

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        threads.start(_app)
        await writer.start()
        deaf = live.listen(_app)  # changes heard at once: this process's, other workers'
        try:
            yield
        finally:
            deaf()
            await writer.stop()
            await live.stop(_app)
            if own:
                the_store.close()

    # no public schema: the console serves it to the director (web/console/schema.py)
    app = FastAPI(
        title="bridgedesk", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    app.add_middleware(api.ResultDoor)  # a table's result POST, without the routing
    app.add_middleware(BodyLimit)  # a body too large is refused before it is read
    app.add_middleware(KeptDoor)  # outermost: a kept live fragment answered at once
    unanswered.install(app)  # what a route lets escape: one line, as the rest
    writer = ResultWriter(app, the_store)
    app.state.store = the_store
    app.state.writer = writer
    app.state.login_limiter = LoginLimiter(the_store, limit=login_limit, window=login_window)
    app.state.secure_cookies = secure_cookies
    app.state.poll_seconds = poll_seconds
    app.state.update_seconds = update_seconds
    app.include_router(api.router)
    app.include_router(tables.router)
    app.include_router(live.router)
    app.include_router(team_tables.router)  # a team event's tables and live pages
    app.include_router(team_live.router)
    app.include_router(simultaneous.router)  # a simultaneous event's uploads and pages
    include_optional_routers(app)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def home() -> RedirectResponse:
        return RedirectResponse("/e/", status_code=303)

    return app


__all__ = ["OPTIONAL_ROUTERS", "app_from_environment", "create_app", "include_optional_routers"]


def app_from_environment() -> FastAPI:
    """The app on the store named by ``BRIDGEDESK_DB``, its live pages updated at most
    every ``BRIDGEDESK_UPDATE_SECONDS`` (how ``bridgedesk serve`` starts each uvicorn
    worker)."""
    given = os.environ.get(UPDATE_ENV)
    seconds = DEFAULT_UPDATE_SECONDS if given is None else update_seconds_of(given)
    return create_app(update_seconds=seconds)
