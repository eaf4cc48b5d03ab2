"""``/d/events/ID/publish``: the missing slips, then the report set to download.

The report set is the one ``bridgedesk results EVENT --format html`` writes
(:func:`bridgedesk.reports.bundle.write_all`: ranking, recap, travellers,
score cards, hand records, CSV, JSON, PBN and USEBIO), scored by
:func:`bridgedesk.web.scoring.scored_section` with the director's rulings,
zipped for download; the public live results (``/e/ID``) show the same
ranking as it stands.  While slips are missing the set is marked provisional
on this page (004:3838-3846).
"""

from __future__ import annotations

import io
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from bridgedesk.errors import BridgedeskError
from bridgedesk.reports.bundle import write_all
from bridgedesk.store import director
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of
from bridgedesk.web.console.pages import console_page
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.console.words import words
from bridgedesk.web.labels import language
from bridgedesk.web.scoring import scored_section
from bridgedesk.web.security import status_of
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")


def _status(store: Store, place: Place) -> dict[str, Any]:
    return {
        "missing": director.missing(store, place.event, place.section, place.session),
        "planned": director.planned(store, place.event, place.section, place.session),
        "entered": len(store.results(place.event, section=place.section, session=place.session)),
    }


@router.get("/events/{event}/publish", response_class=HTMLResponse)
async def publish_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    context = await db_call(request, _status, store_of(request), place)
    return console_page(
        request,
        "publish.html.j2",
        session,
        words(language(request))["publish"],
        place=place,
        error="",
        **context,
    )


def report_zip(store: Store, place: Place, lang: str) -> bytes:
    """The section's whole report set as a zip file."""
    scored = scored_section(store, place.event, place.section, place.session)
    buffer = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="bridgedesk-") as tmp:
        written = write_all(scored, Path(tmp), lang=lang)
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in written:
                archive.write(path, path.relative_to(tmp).as_posix())
    return buffer.getvalue()


@router.get("/events/{event}/publish/reports.zip")
async def download(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    lang = language(request)
    try:
        data = await db_call(request, report_zip, store_of(request), place, lang)
    except BridgedeskError as exc:
        context = await db_call(request, _status, store_of(request), place)
        return console_page(
            request,
            "publish.html.j2",
            session,
            words(lang)["publish"],
            status_of(exc),
            place=place,
            error=str(exc),
            **context,
        )
    name = f"event{place.event}-{place.session}-{place.section}-{lang}.zip"
    return Response(
        data,
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


__all__ = ["report_zip", "router"]
