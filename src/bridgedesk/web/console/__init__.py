"""The director's console (``/d/...``): run a session from a browser.

Server-rendered pages (Jinja2, htmx) on the same service functions as the
command line: accounts and roles (:mod:`.auth`, :mod:`.login`), events and
entries (:mod:`.events`), the movement (:mod:`.movement`) and its paper (:mod:`.paper`),
the deals
(:mod:`.deals`), the live grid
(:mod:`.grid`), results, corrections, rulings and rounds (:mod:`.results`),
the report set (:mod:`.publish`), handicap pairs (:mod:`.handicap`); league seasons
(:mod:`.leagues`), simultaneous events (:mod:`.simultaneous`); the app's OpenAPI schema
for the director (:mod:`.schema`).  The app includes :data:`router` and calls
:func:`install` (see ``OPTIONAL_ROUTERS`` of :mod:`bridgedesk.web.app`).
"""

from __future__ import annotations

from fastapi import APIRouter

from bridgedesk.web.console import (
    deals,
    disputes,
    draw,
    events,
    grid,
    handicap,
    individuals,
    leagues,
    login,
    members,
    movement,
    paper,
    publish,
    results,
    schema,
    sessions,
    simultaneous,
    team_play,
    team_publish,
    teams,
)
from bridgedesk.web.console.auth import install

router = APIRouter()
for _module in (
    login, events, members, movement, paper, deals, grid, results, disputes, publish, sessions,
    draw, individuals, schema, handicap,
):  # fmt: skip
    router.include_router(_module.router)
for _module in (teams, team_play, team_publish):  # a team event's pages (/d/teams/ID)
    router.include_router(_module.router)
router.include_router(leagues.router)  # league seasons (/d/leagues)
router.include_router(simultaneous.router)  # simultaneous events (/d/simultaneous)

__all__ = ["install", "router"]
