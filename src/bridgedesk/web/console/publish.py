"""``/d/events/ID/publish``: the missing slips, then the report set to download.

The report set is the one ``bridgedesk results EVENT --format html`` writes
(:func:`bridgedesk.reports.bundle.write_all`: ranking, recap, travellers,
score cards, hand records, CSV, JSON, PBN and USEBIO), published by
:func:`bridgedesk.services.publishing.publish` as that command does,
zipped for download; the public live results (``/e/ID``) show the same
ranking as it stands.  While slips are missing the set is marked provisional
on this page (004:3838-3846).  The masterpoint awards (JCBL by the stored
event's rating and class, or SBF by the table the director chooses, see
:mod:`.awards`) are shown with their printable certificates, and a director
records them in the ledger
(:mod:`bridgedesk.services.awards`, as ``bridgedesk masterpoints award
--from-event`` then ``record`` do).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgedesk.errors import BridgedeskError, EntryError
from bridgedesk.i18n import LANGS, catalog, lazy_gettext
from bridgedesk.masterpoints.awards import Award
from bridgedesk.services.awards import award_status, awards_of, record
from bridgedesk.services.publishing import Publication, publish_zip
from bridgedesk.store import director
from bridgedesk.store.disputes import event_open_disputes
from bridgedesk.store.service import Store
from bridgedesk.store.users import Role
from bridgedesk.web.console.auth import need, store_of, zip_download
from bridgedesk.web.console.awards import (
    SBF_TABLES,
    Choice,
    certificates,
    choice_of,
    section_awards,
)
from bridgedesk.web.console.pages import SectionPage, read_form
from bridgedesk.web.console.place import Place, place_of
from bridgedesk.web.console.sessions import combined_context
from bridgedesk.web.language import language
from bridgedesk.web.refusals import Shown
from bridgedesk.web.security import status_of
from bridgedesk.web.templating import environment
from bridgedesk.web.threads import db_call

router = APIRouter(prefix="/d")


def _awards(store: Store, place: Place, query: Mapping[str, str]) -> tuple[list[Award], Shown]:
    """The awards of the section as it stands (JCBL, or SBF when chosen), or why
    there are none yet."""
    if not store.results(place.event, section=place.section, session=place.session):
        return [], ""
    try:
        return section_awards(store, place, choice_of(query)), ""
    except BridgedeskError as exc:
        return [], exc


def _choice(query: Mapping[str, str]) -> Choice:
    try:
        return choice_of(query)
    except BridgedeskError:
        return Choice()


def _status(store: Store, place: Place, query: Mapping[str, str]) -> dict[str, Any]:
    awards, why = _awards(store, place, query)
    names = [
        name for number, group in place.info.sections if number == place.session for name in group
    ]
    return {
        "section_names": [] if len(names) < 2 else names,
        "section_missing": {
            n: len(director.missing(store, place.event, n, place.session)) for n in names
        }
        if len(names) > 1
        else {},
        "awards": awards,
        "awards_error": why,
        "choice": _choice(query),
        "sbf_tables": SBF_TABLES,
        "certificate_langs": LANGS,
        "missing": director.missing(store, place.event, place.section, place.session),
        "planned": director.planned(store, place.event, place.section, place.session),
        "entered": len(store.results(place.event, section=place.section, session=place.session)),
        "disputes": event_open_disputes(store, place.event),
        "award_status": award_status(store, place.event),
        **combined_context(store, place),  # several sessions or a final: ranked over them
    }


_page = SectionPage("publish.html.j2", lazy_gettext("Publish"), _status)


@router.get("/events/{event}/publish", response_class=HTMLResponse)
async def publish_page(request: Request, event: int) -> Response:
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    return await _page(request, session, place)


def _record(store: Store, place: Place, form: Mapping[str, str], who: str) -> str:
    reason = form.get("reason", "").strip()
    if not reason:
        raise EntryError(
            "give the reason (it is kept in the ledger's audit log)", code="awards.needs-reason"
        )
    choice = choice_of(form)
    found = awards_of(store, place.event, place.section, options=choice.options())
    made = record(
        store, place.event, found.awards, rules=choice.rules, who=who, reason=reason,
        options=choice.options(), section=place.section, computed_from=found.digest,
        despite_disputes=form.get("despite_disputes") == "on",
    )  # fmt: skip
    done = made.done
    _ = catalog(place.lang).gettext
    if done.audit is None:
        same = _("event {event}: the same {n} awards are stored")
        note = same.format(event=done.event_id, n=done.recorded + done.held)
    else:
        note = _("event {event}: recorded {n} awards").format(event=done.event_id, n=done.recorded)
        if done.held:
            note += _(", {n} held for players not yet members").format(n=done.held)
    return f"{note}; {made.note}" if made.note else note


@router.post("/events/{event}/masterpoints")
async def record_awards(request: Request, event: int) -> Response:
    """Award the section's masterpoints (JCBL, or SBF) and record them in the ledger."""
    form = await read_form(request)
    session = await need(request, Role.DIRECTOR, form)
    place = await place_of(request, event, form)
    try:
        done = await db_call(request, _record, store_of(request), place, form, session.user.name)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"awards": exc}, form)
    chosen = _choice(form).fields()
    target = place.url(f"/d/events/{event}/publish", done=done, **chosen)
    return RedirectResponse(target, status_code=303)


@router.get("/events/{event}/masterpoints/certificates", response_class=HTMLResponse)
async def award_certificates(request: Request, event: int) -> Response:
    """One printable certificate per award (``?in=en|ja|sv``, else the page's language)."""
    session = await need(request, Role.VIEWER)
    place = await place_of(request, event)
    query = dict(request.query_params)
    asked = query.get("in", "")
    lang = asked if asked in LANGS else language(request)
    try:
        choice = choice_of(query)
        context = await db_call(request, certificates, store_of(request), place, choice)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"awards": exc})
    path = f"/d/events/{event}/masterpoints/certificates"
    links = {code: place.url(path, **choice.fields(), **{"in": code}) for code in LANGS}
    template = environment().get_template("console/certificates.html.j2")
    return HTMLResponse(template.render(lang=lang, links=links, **context))


def report_zip(store: Store, place: Place, asked: Publication) -> bytes:
    """The section's whole report set as a zip file (``results --section``)."""
    return publish_zip(store, place.event, replace(asked, session=place.session,
                                                   section=place.section))  # fmt: skip


def sections_zip(store: Store, place: Place, asked: Publication) -> bytes:
    """Every section of the place's session: each one's report set in its own folder
    and ``index.html`` with the ranking across the sections, as one zip file
    (``results --session``)."""
    return publish_zip(store, place.event, replace(asked, session=place.session))


async def _download(
    request: Request, event: int, make: Callable[[Store, Place, Publication], bytes], what: str
) -> Response:
    """A report set to download: published settled (refused while a result is under
    dispute), or by a director ``?despite_disputes=1`` (kept in the audit log)."""
    despite = request.query_params.get("despite_disputes") == "1"
    session = await need(request, Role.DIRECTOR if despite else Role.VIEWER)
    place = await place_of(request, event)
    lang = language(request)
    asked = Publication(lang=lang, settled=True, despite_disputes=despite, who=session.user.name)
    try:
        data = await db_call(request, make, store_of(request), place, asked)
    except BridgedeskError as exc:
        return await _page(request, session, place, status_of(exc), {"download": exc})
    name = f"event{place.event}-{place.session}-{what or place.section}-{lang}.zip"
    return zip_download(data, name)


@router.get("/events/{event}/publish/sections.zip")
async def download_sections(request: Request, event: int) -> Response:
    """Every section's report set and the ranking across sections, in one download."""
    return await _download(request, event, sections_zip, "sections")


def event_zip(store: Store, place: Place, asked: Publication) -> bytes:
    """An event of several sessions (or a final): every session's reports, the combined
    ranking and ``results.json``, as ``bridgedesk results EVENT --format html`` writes."""
    return publish_zip(store, place.event, asked)


@router.get("/events/{event}/publish/event.zip")
async def download_event(request: Request, event: int) -> Response:
    return await _download(request, event, event_zip, "event")


@router.get("/events/{event}/publish/reports.zip")
async def download(request: Request, event: int) -> Response:
    return await _download(request, event, report_zip, "")


__all__ = ["report_zip", "router"]
