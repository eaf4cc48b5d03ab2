"""``/d/teams/ID/standings`` and ``/d/teams/ID/publish``: a team event's standings,
cross-table and report pages, and its report set.

The standings and the cross-table (004:1754-1760) are the scored event's
(:func:`bridgedesk.services.team_scores.scored`, the same as ``bridgedesk
results EVENT``); the match scorecards (the comparison of 004:1660-1668)
and the other report pages are the report set's own pages
(:mod:`bridgedesk.web.team_reports`).  While room results are missing the
pages say the standings are provisional and list what is missing.  The
report set downloads as a zip; the public live results (``/e/ID/``) show the
same pages to everyone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgedesk.errors import BridgedeskError
from bridgedesk.reports import teams as team_reports
from bridgedesk.results.numbers import fixed, points
from bridgedesk.services import team_scores
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of, zip_download
from bridgedesk.web.console.teams import TeamPage, show
from bridgedesk.web.language import language
from bridgedesk.web.security import status_of
from bridgedesk.web.team_reports import report_page, report_zip
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d/teams")


def standings_context(store: Store, event: int) -> dict[str, Any]:
    """The standings, the cross-table and the pages, or why there are none yet."""
    try:
        scored, snap = team_scores.scored(store, event)
    except BridgedeskError as exc:
        empty: list[Any] = []
        return dict.fromkeys(("standings", "cross", "cross_teams", "pages", "missing"), empty) | {
            "why": exc
        }
    teams = [t.number for t in scored.teams]
    cross = scored.cross
    return {
        "standings": [
            {
                "rank": s.rank,
                "team": s.team,
                "name": s.name,
                "played": s.played,
                "won": s.imps_won,
                "lost": s.imps_lost,
                "points": fixed(s.points),
            }
            for s in scored.standings
        ],
        "cross_teams": teams,
        "cross": [
            {
                "team": t,
                "name": scored.team(t).name,
                "total": fixed(cross.totals[str(t)]),
                "cells": [
                    None if o == t else points(cross.cells.get(str(t), {}).get(str(o)))
                    for o in teams
                ],
            }
            for t in teams
        ],
        "pages": list(team_reports.pages(scored)),
        "missing": list(snap.missing),
        "why": "",
    }


def _standings(store: Store, event: int, _query: Mapping[str, str]) -> dict[str, Any]:
    return standings_context(store, event)


standings_page_of = TeamPage("standings.html.j2", "standings", _standings)
publish_page_of = TeamPage("publish.html.j2", "publish", _standings)
show(router, "/{event}/standings", standings_page_of)
show(router, "/{event}/publish", publish_page_of)


@router.get("/{event}/reports/{name}.html", response_class=HTMLResponse)
async def report(request: Request, event: int, name: str) -> Response:
    """One page of the report set (scorecards, team sheets, rounds ...)."""
    session = await need(request, Role.VIEWER)
    try:
        html = await db_call(
            request, report_page, store_of(request), event, name, language(request)
        )
    except BridgedeskError as exc:
        return await standings_page_of(request, session, event, status_of(exc), {"page": exc})
    return HTMLResponse(html)


@router.get("/{event}/publish/reports.zip")
async def download(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    lang = language(request)
    try:
        data = await db_call(request, report_zip, store_of(request), event, lang)
    except BridgedeskError as exc:
        return await publish_page_of(request, session, event, status_of(exc), {"download": exc})
    return zip_download(data, f"teams{event}-{lang}.zip")


__all__ = ["router", "standings_context"]
